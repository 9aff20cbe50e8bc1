// Implements running one plan segment: evaluate its guards against the
// current frame, gather tensor and scalar inputs by path, call the kernel
// through the C ABI, and bind its outputs (locals, or the function's return
// value). A failed guard only means the statements run eagerly; when no
// segment at a statement runs, DescribeGuardFailure says which guard of the
// first one failed and why (run statistics and the TS3017 warning).
#include <cmath>

#include "interp/interpreter.h"
#include "interp/plan.h"
#include "semantics/dtype.h"
#include "semantics/identity.h"
#include "interp/stats.h"
#include "interp/tensor_value.h"
#include "tensor/abi.h"
#include "tensor/ops.h"

namespace tcc::interp {

namespace {

// The value a path names in frame `f`, or Undef when any step is missing.
Value Walk(const PlanPath& p, Frame& f) {
  Value v;
  if (p.root_local) {
    v = f.slots[p.root_slot];
    if (p.root_cell && v.is(OType::Cell)) v = Value(v.as<CellObj>()->v);
  } else if (p.root_slot >= 0 && static_cast<size_t>(p.root_slot) < f.module->globals.size()) {
    v = f.module->globals[p.root_slot];
  } else {
    return Value();  // a name neither local nor global: the guard fails, the code runs eagerly
  }
  for (const auto& st : p.steps) {
    if (v.is_undef()) return v;
    if (st.is_attr) {
      if (v.is(OType::Instance)) {
        Value* a = v.as<InstanceObj>()->Find(st.sym);
        if (a) { Value tmp = *a; v = std::move(tmp); continue; }
        const Value* c = v.as<InstanceObj>()->cls->Lookup(st.sym);
        if (!c) return Value();
        Value tmp = *c;
        v = std::move(tmp);
      } else {
        return Value();
      }
    } else if (v.is(OType::Dict)) {
      auto* d = v.as<DictObj>();
      int64_t i = d->Find(st.is_key ? MakeStr(st.key) : Value::Int(st.index));
      if (i < 0) return Value();
      Value tmp = d->items[i].second;
      v = std::move(tmp);
    } else if (st.is_key) {
      return Value();
    } else {
      std::vector<Value>* items = v.is(OType::List) ? &v.as<ListObj>()->items
                                  : v.is(OType::Tuple) ? &v.as<TupleObj>()->items : nullptr;
      if (!items) return Value();
      int64_t i = st.index < 0 ? st.index + static_cast<int64_t>(items->size()) : st.index;
      if (i < 0 || i >= static_cast<int64_t>(items->size())) return Value();
      Value tmp = (*items)[i];
      v = std::move(tmp);
    }
  }
  return v;
}

// The value of a path that is a plain local (no cell, no steps: nearly every
// guard and input) by reference, else Walk's value in `tmp`.
inline const Value& Read(const PlanPath& p, Frame& f, Value& tmp) {
  if (p.root_local && !p.root_cell && p.steps.empty()) return f.slots[p.root_slot];
  tmp = Walk(p, f);
  return tmp;
}

bool GuardHolds(const PlanGuard& g, const Value& v, std::vector<int64_t>& syms) {
  switch (g.kind) {
    case PlanGuard::Kind::Tensor: {
      if (!v.is(OType::Tensor)) return false;
      const rt::Tensor& t = TensorOf(v);
      if (t.dtype() != g.dtype || t.dim() != static_cast<int>(g.shape.size())) return false;
      for (size_t d = 0; d < g.shape.size(); ++d) {
        const auto& spec = g.shape[d];
        int64_t size = t.sizes()[static_cast<int>(d)];
        if (spec.max >= 0 && size > spec.max) return false;
        if (spec.sym < 0) {
          if (size != spec.size) return false;
        } else if (syms[spec.sym] < 0) {
          syms[spec.sym] = size;
        } else if (syms[spec.sym] != size) {
          return false;
        }
      }
      return true;
    }
    case PlanGuard::Kind::Int: return v.is_int() && v.as_int() == g.int_value;
    case PlanGuard::Kind::Float:
      return v.is_float() && (v.as_float() == g.float_value || (std::isnan(v.as_float()) && std::isnan(g.float_value)));
    case PlanGuard::Kind::Bool: return v.is_bool() && v.as_bool() == g.bool_value;
    case PlanGuard::Kind::Str: return v.is(OType::Str) && v.as<StrObj>()->s == g.str_value;
    case PlanGuard::Kind::None: return v.is_none();
    case PlanGuard::Kind::DType: return v.is(OType::DType) && static_cast<int64_t>(v.as<DTypeObj>()->dtype) == g.int_value;
    case PlanGuard::Kind::Set: {
      if (!v.is(OType::Set) || v.as<SetObj>()->items().size() != g.set_items.size()) return false;
      for (const Value& x : g.set_items)
        if (!v.as<SetObj>()->Has(x)) return false;
      return true;
    }
    case PlanGuard::Kind::Len:
      if (v.is(OType::Set)) return static_cast<int64_t>(v.as<SetObj>()->items().size()) == g.int_value;
      if (v.is(OType::Dict)) return static_cast<int64_t>(v.as<DictObj>()->items.size()) == g.int_value;
      if (v.is(OType::List)) return static_cast<int64_t>(v.as<ListObj>()->items.size()) == g.int_value;
      return v.is(OType::Tuple) && static_cast<int64_t>(v.as<TupleObj>()->items.size()) == g.int_value;
    case PlanGuard::Kind::Same: return false;  // needs two paths: checked in TryPlan
    case PlanGuard::Kind::Def:
      if (v.is(OType::Function)) return g.func_code && v.as<FunctionObj>()->code == g.func_code;
      return v.is(OType::Class) && g.class_code && v.as<ClassObj>()->code == g.class_code;
    case PlanGuard::Kind::Class:
      return v.is(OType::Instance) && g.class_code && v.as<InstanceObj>()->cls->code == g.class_code;
  }
  return false;
}

// A view of an input, made from the input itself (it shares its storage).
rt::Tensor ApplyViews(rt::Tensor t, const std::vector<PlanValue::ViewStep>& steps) {
  using V = PlanValue::ViewStep;
  for (const auto& st : steps) {
    switch (st.op) {
      case V::kTranspose: t = rt::transpose(t, st.axes.at(0), st.axes.at(1)); break;
      case V::kPermute: t = rt::permute(t, st.axes); break;
      case V::kReshape: t = rt::reshape(t, st.shape); break;
      case V::kSqueeze: t = rt::view(t, st.shape); break;
      case V::kExpand: t = rt::expand(t, st.shape); break;
      case V::kSlice: case V::kSelect: {
        std::vector<rt::IndexItem> items(static_cast<size_t>(st.axis), rt::Slice{});
        if (st.op == V::kSelect) items.push_back(st.ints.at(0));
        else items.push_back(rt::Slice{st.ints.at(0), st.ints.at(1), st.ints.at(2)});
        t = rt::index(t, items);
        break;
      }
    }
  }
  return t;
}

// Values of `path` outputs (lists and objects from before the segment), read
// before any output is bound: binding may replace the slot a path starts at.
void ReadPaths(const PlanValue& pv, Frame& f, std::vector<Value>& out) {
  if (pv.kind == PlanValue::Kind::Path || pv.kind == PlanValue::Kind::Object) out.push_back(Walk(pv.path, f));
  for (const auto& x : pv.items) ReadPaths(x, f, out);
}

Value BuildOutput(const PlanValue& pv, std::vector<Value>& outs, const std::vector<Value>& ins,
                  const std::vector<Value>& paths, size_t& next_path) {
  switch (pv.kind) {
    case PlanValue::Kind::Path: return paths[next_path++];
    case PlanValue::Kind::View: {
      const std::vector<Value>& from = pv.of_output ? outs : ins;
      if (pv.index < 0 || pv.index >= static_cast<int32_t>(from.size())) return Value();
      return Value::Obj(new TensorObj(ApplyViews(TensorOf(from[pv.index]), pv.views)));  // part of the segment: not counted
    }
    case PlanValue::Kind::Object: {
      // An instance made inside the segment: its class, then its attributes,
      // as the tracer saw __init__ leave them.
      const Value& cls = paths[next_path++];
      if (!cls.is(OType::Class)) return Value();
      Ref<InstanceObj> obj(new InstanceObj(Ref<ClassObj>(cls.as<ClassObj>())));
      for (size_t i = 0; i < pv.items.size(); ++i) {
        Value v = BuildOutput(pv.items[i], outs, ins, paths, next_path);
        if (v.is_undef()) return v;
        obj->Set(pv.attrs[i], std::move(v));
      }
      return obj.value();
    }
    case PlanValue::Kind::Dict: {
      Ref<DictObj> d(new DictObj());
      for (size_t i = 0; i < pv.items.size(); ++i) {
        Value v = BuildOutput(pv.items[i], outs, ins, paths, next_path);
        if (v.is_undef()) return v;
        d->Set(pv.keys[i], std::move(v));
      }
      return d.value();
    }
    case PlanValue::Kind::Tensor: return outs[pv.index];
    case PlanValue::Kind::Input:
      return pv.index >= 0 && pv.index < static_cast<int32_t>(ins.size()) ? ins[pv.index] : Value();
    case PlanValue::Kind::Const: return pv.constant;
    case PlanValue::Kind::Set: {
      Ref<SetObj> s(new SetObj());
      for (auto& it : pv.items) {
        Value v = BuildOutput(it, outs, ins, paths, next_path);
        if (v.is_undef()) return v;
        s->Add(v);
      }
      return s.value();
    }
    case PlanValue::Kind::Tuple:
    case PlanValue::Kind::List: {
      std::vector<Value> items;
      for (auto& it : pv.items) items.push_back(BuildOutput(it, outs, ins, paths, next_path));
      if (pv.kind == PlanValue::Kind::List) return MakeList(std::move(items));
      Value t = MakeTuple(std::move(items));
      t.as<TupleObj>()->fields = pv.fields;
      t.as<TupleObj>()->name = pv.tuple_name;
      return t;
    }
  }
  return Value::None();
}

// Scratch of TryPlan, kept across calls so a launch allocates no vectors
// (a graph break between two kernels runs TryPlan once per kernel per
// iteration). TryPlan never re-enters itself (a kernel does not call back
// into the interpreter); Scope clears the values (dropping their
// references) however the launch ends, keeping the capacity.
struct LaunchScratch {
  std::vector<int64_t> syms;
  std::vector<Value> in_vals, paths, outs;
  std::vector<ts_tensor> inputs, outputs;
  std::vector<double> scalars;
  struct Scope {
    LaunchScratch& s;
    ~Scope() {
      s.in_vals.clear();
      s.paths.clear();
      s.outs.clear();
    }
  };
};

LaunchScratch& Scratch() {
  thread_local LaunchScratch s;
  return s;
}

}  // namespace

namespace {
bool AllGuardsHold(const Segment* seg, Frame& f, std::vector<int64_t>& syms) {
  syms.assign(static_cast<size_t>(seg->n_symbols), -1);
  Value tmp;
  for (const auto& g : seg->guards) {
    if (g.kind == PlanGuard::Kind::Same) {
      Value a = Walk(g.path, f), b = Walk(g.same_as, f);
      if (!a.is_obj() || !b.is_obj() || a.obj() != b.obj()) return false;  // the very same tensor, list or object
      continue;
    }
    if (!GuardHolds(g, Read(g.path, f, tmp), syms)) return false;
  }
  return true;
}
}  // namespace

bool Interp::GuardsHold(const Segment* seg, Frame& f) {
  LaunchScratch& sc = Scratch();
  LaunchScratch::Scope clear_at_exit{sc};
  return AllGuardsHold(seg, f, sc.syms);
}

bool Interp::TryPlan(const Segment* seg, Frame& f, int32_t* next, bool* returned, Value* ret, Value* cond) {
  LaunchScratch& sc = Scratch();
  LaunchScratch::Scope clear_at_exit{sc};
  std::vector<int64_t>& syms = sc.syms;
  if (!AllGuardsHold(seg, f, syms)) return false;
  Value tmp;
  std::vector<Value>& in_vals = sc.in_vals;
  std::vector<ts_tensor>& inputs = sc.inputs;
  inputs.clear();
  for (const auto& p : seg->inputs) {
    const Value& v = Read(p, f, tmp);
    if (!v.is(OType::Tensor)) return false;
    inputs.push_back(rt::ToAbi(TensorOf(v)));
    in_vals.push_back(v);  // keeps the storage alive during the call
  }
  std::vector<double>& scalars = sc.scalars;
  scalars.clear();
  for (const auto& p : seg->scalar_inputs) {
    const Value& v = Read(p, f, tmp);
    if (!v.is_number()) return false;
    scalars.push_back(v.to_double());
  }
  std::vector<Value>& paths = sc.paths;  // lists, objects and classes the outputs name by path
  for (const auto& o : seg->outputs)  // a plain tensor, input or constant names no path
    if (o.value.kind == PlanValue::Kind::Path || o.value.kind == PlanValue::Kind::Object || !o.value.items.empty())
      ReadPaths(o.value, f, paths);
  for (const auto& v : paths)
    if (v.is_undef()) return false;  // not the structure the tracer saw: run the statements eagerly
  std::vector<ts_tensor>& outputs = sc.outputs;
  // Only what the kernel must set (ts_rt_alloc fills the rest): clearing
  // whole 152-byte structs on every launch showed in the profile.
  const size_t n_out = static_cast<size_t>(seg->n_tensor_outputs);
  if (outputs.size() < n_out) outputs.resize(n_out);  // only grows: segments differ in their counts
  for (size_t i = 0; i < n_out; ++i) {
    outputs[i].data = nullptr;
    outputs[i].handle = nullptr;
    outputs[i].ndim = 0;
  }
  if (PendingKernelError().raised) PendingKernelError() = KernelError{};
  // A segment without a kernel makes only views of its inputs (kernel "").
  const double started = stats_.KernelClock();
  int32_t rc = !seg->fn ? 0 : seg->fn(inputs.data(), static_cast<int32_t>(inputs.size()), scalars.data(),
                       static_cast<int32_t>(scalars.size()), outputs.data(), static_cast<int32_t>(n_out));
  std::vector<Value>& outs = sc.outs;
  for (size_t i = 0; i < n_out; ++i) {
    ts_tensor& o = outputs[i];
    // Not MakeTensor: kernel results are kernel_ops, not interpreted tensor ops.
    if (o.handle) outs.push_back(Value::Obj(new TensorObj(rt::AdoptAbi(o))));
    else outs.emplace_back();
  }
  stats_.CountKernel(*seg, started);  // a launch that raised ran too
  if (rc != 0) {
    KernelError e = PendingKernelError();
    PendingKernelError() = KernelError{};
    if (e.line > 0) {
      kernel_error_range_.begin = Loc{static_cast<uint32_t>(e.line), static_cast<uint32_t>(std::max(e.col, 1))};
      kernel_error_range_.end = kernel_error_range_.begin;
      f.at = &kernel_error_range_;
    }
    // a position out of range (gather, take, scatter) is the interpreter's IndexError
    // and a negative size (`zeros(n)` of a run-time n < 0) its ShapeError
    bool index = e.raised && e.message.find("index out of range") != std::string::npos;
    bool shape = e.raised && e.message.starts_with("negative dimension");
    ThrowError(index ? DiagKind::RtIndexError : shape ? DiagKind::RtShapeError : DiagKind::RtKernelError,
               e.raised ? e.message : "compiled kernel `" + seg->kernel + "` failed");
  }
  // In-place updates of tensors from outside: into the very tensor (its
  // storage and strides), so every alias and view sees the new values.
  for (const auto& w : seg->writebacks) {
    if (w.output >= static_cast<int32_t>(outs.size()) || !outs[w.output].is(OType::Tensor))
      ThrowError(DiagKind::RtKernelError, "compiled kernel `" + seg->kernel + "` did not produce all its outputs");
    rt::copy_into(TensorOf(in_vals[w.input]), TensorOf(outs[w.output]));
  }
  size_t next_path = 0;
  for (const auto& o : seg->outputs) {
    Value v = o.value.kind == PlanValue::Kind::Tensor ? outs[o.value.index]  // the common case, inline
                                                 : BuildOutput(o.value, outs, in_vals, paths, next_path);
    if (v.is_undef()) ThrowError(DiagKind::RtKernelError, "compiled kernel `" + seg->kernel + "` did not produce all its outputs");
    if (o.is_return) {
      *returned = true;
      *ret = std::move(v);
      continue;
    }
    if (o.is_cond) {
      *cond = std::move(v);
      continue;
    }
    if (o.slot_is_cell) f.slots[o.slot].as<CellObj>()->v = std::move(v);
    else f.slots[o.slot] = std::move(v);
  }
  *next = seg->stmt_end;
  return true;
}

namespace {

std::string ExpectedTensor(const PlanGuard& g, const std::vector<int64_t>& syms) {
  std::string s = std::string(rt::dtype_name(g.dtype)) + "[";
  for (size_t d = 0; d < g.shape.size(); ++d) {
    const auto& spec = g.shape[d];
    s += d ? ", " : "";
    if (spec.sym < 0) s += std::to_string(spec.size);
    else s += "s" + std::to_string(spec.sym) + (syms[spec.sym] >= 0 ? "=" + std::to_string(syms[spec.sym]) : "") +
              (spec.max >= 0 ? "<=" + std::to_string(spec.max) : "");
  }
  return s + "]";
}

std::string Expected(const PlanGuard& g) {
  switch (g.kind) {
    case PlanGuard::Kind::Int: return "int=" + std::to_string(g.int_value);
    case PlanGuard::Kind::Float: return "float=" + FormatFloat(g.float_value);
    case PlanGuard::Kind::Bool: return std::string("bool=") + (g.bool_value ? "True" : "False");
    case PlanGuard::Kind::Str: return "str=" + Repr(MakeStr(g.str_value));
    case PlanGuard::Kind::None: return "None";
    case PlanGuard::Kind::DType: return std::string("torch.") + sem::DTypeName(static_cast<sem::DType>(g.int_value));
    case PlanGuard::Kind::Len:
      return "a list, tuple, dict or set of " + std::to_string(g.int_value) + (g.int_value == 1 ? " item" : " items");
    case PlanGuard::Kind::Tensor: return "a tensor";
    case PlanGuard::Kind::Set: {
      std::string r = "the set {";
      for (size_t i = 0; i < g.set_items.size(); ++i) r += (i ? ", " : "") + Repr(g.set_items[i]);
      return g.set_items.empty() ? "an empty set" : r + "}";
    }
    case PlanGuard::Kind::Same: return "the very object at `" + g.same_as.text + "`";
    case PlanGuard::Kind::Def: return "the definition " + g.str_value;
    case PlanGuard::Kind::Class: return "an instance of " + g.str_value;
  }
  return "?";
}

std::string Saw(const Value& v) {
  if (v.is_undef()) return "nothing (no such name, attribute or item)";
  // Functions and classes by the definition they come from (lang/semantics/identity.h).
  auto def_of = [](const ClassCode* c) {
    return c && c->module ? " " + sem::DefIdentity(c->module->name, c->name, c->def_line) : std::string();
  };
  if (v.is(OType::Function)) {
    const FuncCode* f = v.as<FunctionObj>()->code;
    return DescribeValue(v) + (f && f->module ? " " + sem::DefIdentity(f->module->name, f->name, f->def_line) : "");
  }
  if (v.is(OType::Class)) return DescribeValue(v) + def_of(v.as<ClassObj>()->code);
  if (v.is(OType::Instance)) return DescribeValue(v) + " of" + def_of(v.as<InstanceObj>()->cls->code);
  return DescribeValue(v);
}

}  // namespace

GuardMismatch DescribeGuardFailure(const Segment& seg, Frame& f) {
  std::vector<int64_t> syms(seg.n_symbols, -1);
  for (const auto& g : seg.guards) {
    Value v = Walk(g.path, f);
    if (g.kind == PlanGuard::Kind::Same) {
      Value b = Walk(g.same_as, f);
      if (!v.is_obj() || !b.is_obj() || v.obj() != b.obj()) {  // as TryPlan: the very same object
        const bool objects = v.is_obj() && b.is_obj();
        return {g.path.text, Expected(g), objects ? std::string("a different ") + (v.is(OType::Tensor) ? "tensor" : "object")
                                                  : Saw(v)};
      }
      continue;
    }
    std::vector<int64_t> before = syms;
    if (!GuardHolds(g, v, syms))
      return {g.path.text, g.kind == PlanGuard::Kind::Tensor ? ExpectedTensor(g, before) : Expected(g), Saw(v)};
  }
  for (const auto& p : seg.inputs) {
    Value v = Walk(p, f);
    if (!v.is(OType::Tensor)) return {p.text, "a tensor", Saw(v)};
  }
  for (const auto& p : seg.scalar_inputs) {
    Value v = Walk(p, f);
    if (!v.is_number()) return {p.text, "a number", Saw(v)};
  }
  return {"?", "?", "?"};
}

}  // namespace tcc::interp
