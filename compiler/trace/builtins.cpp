// Implements Tracer::CallBuiltin, the dispatch of a call to a builtin
// (keywords normalised and checked against the row's signature; a pure call
// with known arguments folded by the interpreter, fold_interp.cpp; then by
// receiver: objects, tensors, sets, lists; then the handlers of
// builtin_handlers.def; then the rows of builtins.def), the Python numeric
// builtins (min, max, abs, sum, any, all, pow) of values known only at run
// time, and list/dict methods.
#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <map>

#include "semantics/pymath.h"
#include "semantics/suggest.h"
#include "trace/builtin_handlers.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

namespace {

const TraceBuiltin kTraceBuiltins[] = {
#define TCC_TRACE_BUILTIN(Group, Handler, ...) {BuiltinGroup::Group, {__VA_ARGS__}, &Tracer::Handler},
#include "trace/builtin_handlers.def"
};

const std::set<std::string>& PythonBuiltins() {
  static const std::set<std::string> s = [] {
    // Internal helpers of the parser's desugarings and the dtype names; the
    // rest is lang/semantics/python_builtins.def. Known, so calls to them run in
    // the interpreter (a graph break), not "undefined".
    std::set<std::string> r = {"#format", "#dict", "#set", "float32", "float64", "int64", "int32"};
    for (const auto& b : sem::kPyBuiltins) r.insert(b.name);
    for (const auto& e : sem::kPyExceptions) r.insert(e.name);  // exception classes (trace_try.cpp)
    for (const auto& m : sem::kPyMath) r.insert(std::string("__math_") + m.name);  // stdlib/math.ts
    r.insert("__copy_copy");  // stdlib/copy.ts (trace_iter.cpp CopyValue)
    r.insert("__torch_load");  // stdlib/torch.ts torch.load (trace/npy_header.cpp TorchLoadValue)
    r.insert("__torch_save");
    for (const char* g : {"__generator_new", "__generator_manual_seed", "__generator_initial_seed"}) r.insert(g);
    r.insert("__copy_deepcopy");
    r.insert("__parameter");     // stdlib/torch/nn.ts nn.Parameter
    r.insert("__sys_argv");      // stdlib/sys.ts sys.argv, sys.stderr
    r.insert("__stderr_write");
    r.insert("__runtime_value");  // stdlib/argparse: a value parsed from sys.argv
    r.insert("__is_parameter");
    r.insert("__return_types");  // stdlib/torch/_composite.ts (trace_iter.cpp)
    r.insert("__tensor_methods");  // stdlib/torch.ts (trace_iter.cpp)
    for (const char* a : {"__derivatives", "__autograd_hooks", "__composite_derivatives", "__autograd_run", "__autograd_record", "__set_grad_enabled",
                          "__is_grad_enabled", "__retain_grad", "__detach_"})
      r.insert(a);  // stdlib/torch/autograd.ts, _derivatives.ts (runtime/interp/autograd.h)
    return r;
  }();
  return s;
}
}  // namespace

const TraceBuiltin* FindTraceBuiltin(BuiltinGroup group, const std::string& name) {
  using Key = std::pair<BuiltinGroup, std::string_view>;
  static const std::map<Key, const TraceBuiltin*> index = [] {
    std::map<Key, const TraceBuiltin*> m;
    for (const TraceBuiltin& b : kTraceBuiltins)
      for (const char* n : b.names)
        if (n) m.emplace(Key{b.group, n}, &b);
    return m;
  }();
  auto it = index.find(Key{group, name});
  return it == index.end() ? nullptr : it->second;
}

const std::set<std::string>& TableFunctions() {
  static const std::set<std::string> s = [] {
    std::set<std::string> r;
    for (const auto& b : sem::kBuiltins)
      if (sem::HasFunctionForm(b.form) && !sem::IsPythonLevel(b.form)) r.insert(b.name);
    for (const auto& a : sem::kBuiltinAliases) {  // lang/semantics/builtin_aliases.def (`absolute`: Python-level `abs`)
      const sem::BuiltinInfo* row = sem::FindBuiltin(a.target);
      if (row && sem::HasFunctionForm(row->form)) r.insert(a.name);
    }
    return r;
  }();
  return s;
}
const std::set<std::string>& TableMethods() {
  static const std::set<std::string> s = [] {
    std::set<std::string> r;
    for (const auto& b : sem::kBuiltins)
      if (sem::HasMethodForm(b.form)) r.insert(b.name);
    for (const auto& a : sem::kBuiltinAliases)
      if (r.count(a.target)) r.insert(a.name);
    for (const auto& m : sem::kInPlaceMethods)  // lang/semantics/inplace_methods.def
      if (r.count(m.target)) r.insert(m.name);
    return r;
  }();
  return s;
}
const std::set<std::string>& PythonBuiltinNames() { return PythonBuiltins(); }

std::optional<graph::OpKind> BuiltinOp(const std::string& name, sem::BuiltinRule rule) {
  const sem::BuiltinInfo* b = sem::FindBuiltin(name);
  if (!b || b->rule != rule) return std::nullopt;
  return b->op;
}

bool Tracer::IsBuiltinName(const std::string& name) const {
  return PythonBuiltins().count(name) || TableFunctions().count(name);
}
bool Tracer::IsTensorMethod(const std::string& name) const { return TableMethods().count(name) > 0; }

std::string Tracer::DidYouMeanName(const std::string& name) const {
  std::vector<std::string> names;
  const Frame& f = *frames.back();
  for (const Env* env = f.locals.get(); env; env = env->parent.get())
    for (const auto& [k, v] : env->vars) names.push_back(k);
  if (f.module)
    for (const auto& [k, v] : f.module->globals->vars) names.push_back(k);
  names.insert(names.end(), PythonBuiltins().begin(), PythonBuiltins().end());
  names.insert(names.end(), TableFunctions().begin(), TableFunctions().end());
  return sem::DidYouMean(name, names);
}

std::string Tracer::DidYouMeanAttr(const ValuePtr& base, const std::string& attr) const {
  std::vector<std::string> names;
  switch (base->kind) {
    case VK::Module:
      for (const auto& [k, v] : base->module->globals->vars) names.push_back(k);
      break;
    case VK::Object:
      for (const auto& [k, v] : base->attrs) names.push_back(k);
      [[fallthrough]];
    case VK::Class:
      if (base->cls)
        for (const auto& [k, v] : base->cls->members) names.push_back(k);
      break;
    case VK::Tensor:
      names.insert(names.end(), TableMethods().begin(), TableMethods().end());
      for (const auto& [k, v] : script_tensor_methods) names.push_back(k);
      for (const auto& b : sem::kBuiltins)  // x.shape, x.T, ...
        if (b.form == sem::BuiltinForm::Attr) names.push_back(b.name);
      break;
    default: break;
  }
  std::sort(names.begin(), names.end());  // of equals, the first as CPython's sorted dir() lists them
  return sem::DidYouMean(attr, names);
}

ValuePtr Tracer::CallBuiltin(const std::string& spelled, const ValuePtr& self, CallArgs& args) {
  // an alias (`clip`, `bmm`) is its target row (lang/semantics/builtin_aliases.def)
  const std::string name(sem::CanonicalBuiltin(spelled));
  const sem::BuiltinInfo* row = sem::FindBuiltin(name);  // the builtins.def row, looked up once
  Range where = args.range;
  if (!args.kw.empty() && sem::TakesFactoryKeywords(name)) {  // `zeros(3, device=d)`: checked and dropped
    for (auto it = args.kw.begin(); it != args.kw.end();) {
      bool factory = false;
      for (const char* k : sem::kFactoryKeywords) factory |= it->first == k;
      if (!factory) { ++it; continue; }
      const ValuePtr& d = it->second;
      if (it->first == "device" && d->kind != VK::None &&
          !(d->kind == VK::Str && d->known && sem::IsCpuDevice(d->s))) {
        Issue(DiagKind::TraceTypeError, where, sem::kDeviceError);
        MarkEager("a `device=` that is not the CPU (an error at run time)", where, true);
        return MakeUnknown();
      }
      it = args.kw.erase(it);
    }
  }
  if (!args.kw.empty() && row)  // `keepdims=`, `axis=`: torch's other spellings
    for (auto& [k, v] : args.kw)
      for (const auto& a : sem::kKeywordAliases)
        if (k == a.spelling) k = a.keyword;
  // `generator=g`: the draws of this call come from g. Compiled, its random
  // ops take g's id (a run-time int) and the kernel draws from g's state in
  // the runtime, as the interpreter does (EmitRandom).
  struct DrawScope {
    Tracer& t;
    ValuePtr saved;
    ~DrawScope() { t.draw_generator = saved; }
  } draw_scope{*this, draw_generator};
  if (!args.kw.empty() && sem::TakesGenerator(name)) {
    for (auto it = args.kw.begin(); it != args.kw.end(); ++it) {
      if (it->first != "generator") continue;
      if (it->second->kind != VK::None && Traced()) {
        ValuePtr id;
        if (it->second->kind == VK::Object)
          if (auto a = it->second->attrs.find("_id"); a != it->second->attrs.end()) id = a->second;  // stdlib/torch.ts
        if (id && id->kind == VK::Int) draw_generator = id;
        else MarkInterpreted(where, "a draw from a torch.Generator (the interpreter keeps its state)");
      }
      args.kw.erase(it);
      break;
    }
  }
  if (row && (!self || self->kind == VK::Tensor)) {  // a call that does not fit its row's signature: the interpreter's TypeError
    std::vector<std::string_view> keywords;
    for (const auto& [k, v] : args.kw) keywords.push_back(k);
    const size_t npos = args.pos.size() + (self ? 1 : 0);
    if (auto error = sem::RowCallError(*row, self != nullptr, spelled, npos, keywords)) {
      Issue(DiagKind::TraceArgumentError, where, *error);
      MarkEager();
      return MakeUnknown();
    }
  }
  const std::optional<sem::BuiltinId> id = row ? std::optional(row->id) : std::nullopt;
  if (id == t_allclose || id == t_equal) {  // a Python bool made from tensor data
    Break(BreakKind::TensorToScalar, where, "`" + name + "` copies tensor data into a Python bool");
    return MakeUnknownOf(VK::Bool);
  }
  if (id == t_where && !self && args.pos.size() == 1 && args.kw.empty()) {  // where(c): nonzero(c, as_tuple=True)
    args.kw.emplace_back("as_tuple", MakeBool(true));
    return CallBuiltin("nonzero", nullptr, args);
  }
  if (ValuePtr r = FoldPureCall(name, self, args)) return r;  // known arguments: the interpreter's value
  if (ValuePtr r = ObjectBuiltin(name, self, args)) return r;  // trace_iter.cpp
  if (ValuePtr r = PythonBuiltin(name, self, args)) return r;  // issue 11 (builtins_python.cpp)
  if (self && self->kind == VK::Tensor) {
    if (const char* target = sem::InPlaceTarget(name)) {  // `x.exp_()`: x.exp() written into x
      ValuePtr r = CallBuiltin(target, self, args);
      return InPlaceUpdate(self, r, where, name, true,
                           std::string("write `y = x.") + target + "(...)` for a new tensor of the promoted type");
    }
    if (ValuePtr r = OpsBuiltin(name, self, args)) return r;  // issue 11 (builtins_ops.cpp)
    return TensorMethod(name, self, args);
  }
  if (self && self->kind == VK::Set) return SetMethod(name, self, args);  // trace_set.cpp
  if (self && (self->kind == VK::List || self->kind == VK::Dict || self->kind == VK::Str || self->kind == VK::Tuple))
    return ListMethod(name, self, args);
  if (const TraceBuiltin* h = FindTraceBuiltin(BuiltinGroup::Python, name)) return (this->*h->fn)(name, args);  // builtin_handlers.def

  if (auto py = PyIdOf(name))
    if (ValuePtr r = PyNumbersBuiltin(*py, args)) return r;

  if (row && sem::HasFunctionForm(row->form)) {
    if (ValuePtr r = IndexShapeBuiltin(name, nullptr, args)) return r;
    if (ValuePtr r = OpsBuiltin(name, nullptr, args)) return r;  // issue 11 (builtins_ops.cpp)
    return Creation(name, args);
  }
  if (sem::DTypeFromName(name)) {  // `float32(x)`
    Issue(DiagKind::TraceTypeError, where, "a dtype is not callable");
    return MakeUnknown();
  }
  if (Traced()) Break(BreakKind::Unsupported, where, "call to the builtin `" + name + "`");
  return MakeUnknown();
}

// min, max, abs, sum, any, all, pow of Python values (null when an argument
// is a tensor: torch's overload, a row of builtins.def).
ValuePtr Tracer::PyNumbersBuiltin(sem::PyBuiltinId id, CallArgs& args) {
  using enum sem::PyBuiltinId;
  if (id != py_min && id != py_max && id != py_abs && id != py_sum && id != py_any && id != py_all && id != py_pow)
    return nullptr;
  Range where = args.range;
  for (const auto& v : args.pos)
    if (v->kind == VK::Tensor) return nullptr;
  std::vector<ValuePtr> vals = args.pos;
  if (vals.size() == 1 && (vals[0]->kind == VK::List || vals[0]->kind == VK::Tuple)) {
    if (!vals[0]->known) return MakeUnknown();
    vals = vals[0]->items;
  }
  bool all_tensors = !vals.empty() && std::all_of(vals.begin(), vals.end(), [](const ValuePtr& x) {
    return x->kind == VK::Tensor;
  });
  if (all_tensors && (id == py_sum || id == py_max || id == py_min)) {
    ValuePtr acc = vals[0];
    for (size_t i = 1; i < vals.size(); ++i)
      acc = EmitBinary(id == py_sum   ? graph::OpKind::Add
                       : id == py_max ? graph::OpKind::Maximum
                                      : graph::OpKind::Minimum,
                       acc, vals[i], where, false);
    return acc;
  }
  bool known = std::all_of(vals.begin(), vals.end(), [](const ValuePtr& x) { return x->is_known_number(); });
  bool is_float = std::any_of(vals.begin(), vals.end(), [](const ValuePtr& x) { return x->kind == VK::Float; });
  if (id == py_any || id == py_all) {
    for (const auto& v : vals) {
      auto t = KnownTruth(*v);
      if (!t) return MakeUnknownOf(VK::Bool);
      if (*t == (id == py_any)) return MakeBool(*t);  // any: the first true; all: the first false
    }
    return MakeBool(id == py_all);
  }
  if (id == py_sum && vals.empty() && args.pos.size() == 1) return MakeInt(0);  // sum([]): the start, 0
  if ((id == py_min || id == py_max) && !known && vals.size() >= 2 &&
      std::all_of(vals.begin(), vals.end(), [&](const ValuePtr& x) {
        return x->kind == vals[0]->kind && (x->kind == VK::Int || x->kind == VK::Float);
      })) {  // one kind, so the result's kind is known: computed by a graph that reads it
    ValuePtr acc = vals[0];
    for (size_t i = 1; i < vals.size(); ++i) acc = RuntimeMinMax(id == py_max, acc, vals[i]);
    return acc;
  }
  // Known numbers were folded by the interpreter (FoldPureCall); here they
  // raise (pow(0, -1)) or leave 64 bits: the value is the interpreter's.
  if (id == py_pow && known) return MakeUnknown();
  return MakeUnknownOf(is_float ? VK::Float : VK::Int);
}

ValuePtr Tracer::ListMethod(const std::string& name, const ValuePtr& l, CallArgs& args) {
  std::string m = name.substr(name.find('.') + 1);
  const sem::ContainerType type = l->kind == VK::Dict ? sem::ContainerType::Dict
                                  : l->kind == VK::Str ? sem::ContainerType::Str
                                                       : sem::ContainerType::List;
  const sem::ContainerMethodInfo* row = sem::FindContainerMethod(type, m);
  using enum sem::ContainerMethodId;
  if (!row || (l->kind == VK::Tuple && !sem::FindTupleMethod(m))) {
    Issue(DiagKind::TraceTypeError, args.range,
          "`" + std::string(l->kind == VK::Tuple ? "tuple" : sem::ContainerTypeName(type)) + "` has no method `" + m + "`");
    MarkEager();
    return MakeUnknown();
  }
  if (l->kind == VK::Str) return StrMethod(row->id, l, args);  // builtins_python.cpp
  const sem::ContainerMethodId id = row->id;
  if (l->kind == VK::Dict) return DictMethod(*row, l, args);
  if (id == List_copy) {
    auto c = MakeSeq(VK::List, l->items);
    c->known = l->known;
    return c;
  }
  if (id == List_index || id == List_count) return MakeUnknownOf(VK::Int);
  MarkMutation(l, "`" + m + "` on " + Describe(*l), args.range);
  if (id == List_append && !args.pos.empty()) { l->items.push_back(args.pos[0]); return MakeNone(); }
  if (id == List_extend && !args.pos.empty()) {
    if (args.pos[0]->kind == VK::List || args.pos[0]->kind == VK::Tuple)
      l->items.insert(l->items.end(), args.pos[0]->items.begin(), args.pos[0]->items.end());
    return MakeNone();
  }
  if (id == List_pop) {
    auto k = args.pos.empty() ? std::optional<int64_t>(-1) : KnownInt(args.pos[0]);
    int64_t n = static_cast<int64_t>(l->items.size());
    int64_t i = k ? (*k < 0 ? *k + n : *k) : -1;
    if (!l->known || i < 0 || i >= n) {
      l->known = false;
      return MakeUnknown();
    }
    ValuePtr v = l->items[i];
    l->items.erase(l->items.begin() + i);
    return v;
  }
  if (id == List_insert && args.pos.size() == 2) {
    if (auto k = KnownInt(args.pos[0])) {
      int64_t i = std::clamp<int64_t>(*k < 0 ? *k + static_cast<int64_t>(l->items.size()) : *k, 0,
                                      static_cast<int64_t>(l->items.size()));
      l->items.insert(l->items.begin() + i, args.pos[1]);
    }
    return MakeNone();
  }
  if (id == List_clear) { l->items.clear(); l->known = true; return MakeNone(); }
  if (id == List_remove && !args.pos.empty() && l->known) {
    for (size_t i = 0; i < l->items.size(); ++i) {
      auto eq = KnownEqual(*l->items[i], *args.pos[0]);
      if (!eq) break;
      if (*eq) {
        l->items.erase(l->items.begin() + static_cast<int64_t>(i));
        return MakeNone();
      }
    }
  }
  if (id == List_reverse) { std::reverse(l->items.begin(), l->items.end()); return MakeNone(); }
  l->known = false;  // a mutation the tracer does not model: the contents are known only at run time
  return MakeUnknown();
}

// A dict method: folded while the dict's keys are known, a mutation recorded.
ValuePtr Tracer::DictMethod(const sem::ContainerMethodInfo& row, const ValuePtr& l, CallArgs& args) {
  using enum sem::ContainerMethodId;
  const sem::ContainerMethodId id = row.id;
  const std::string m = row.name;
  if (id == Dict_keys && l->known) return MakeSeq(VK::List, l->keys);
  if (id == Dict_values && l->known) return MakeSeq(VK::List, l->items);
  if (id == Dict_items && l->known) {
    std::vector<ValuePtr> out;
    for (size_t i = 0; i < l->keys.size(); ++i) out.push_back(MakeSeq(VK::Tuple, {l->keys[i], l->items[i]}));
    return MakeSeq(VK::List, out);
  }
  // The entry for `key`: its index, -1 when the dict has none, nullopt when that is known only at run time.
  auto find = [&](const ValuePtr& k) -> std::optional<int64_t> {
    bool unknown = !l->known;
    for (size_t i = 0; k && i < l->keys.size(); ++i) {
      auto eq = KnownEqual(*l->keys[i], *k);
      if (!eq) unknown = true;
      else if (*eq) return static_cast<int64_t>(i);
    }
    if (unknown || !k) return std::nullopt;
    return -1;
  };
  ValuePtr key = args.pos.empty() ? nullptr : args.pos[0];
  if (id == Dict_get) {
    auto i = find(key);
    if (i && *i >= 0) return l->items[*i];
    if (i) {
      ValuePtr d = args.Arg(1, "default");
      return d ? d : MakeNone();
    }
    return MakeUnknown();
  }
  if (id == Dict_copy) {
    auto d = MakeSeq(VK::Dict, l->items);
    d->keys = l->keys;
    d->known = l->known;
    return d;
  }
  if (row.effect == sem::MethodEffect::Read) return MakeUnknown();
  MarkMutation(l, "`" + m + "` on " + Describe(*l), args.range);
  if (id == Dict_clear) {
    l->keys.clear();
    l->items.clear();
    l->known = true;
    return MakeNone();
  }
  if (id == Dict_setdefault || id == Dict_pop) {
    auto i = find(key);
    if (i && *i >= 0) {
      ValuePtr v = l->items[*i];
      if (id == Dict_pop) {
        l->keys.erase(l->keys.begin() + *i);
        l->items.erase(l->items.begin() + *i);
      }
      return v;
    }
    if (i && id == Dict_setdefault) {
      ValuePtr v = args.pos.size() > 1 ? args.pos[1] : MakeNone();
      l->keys.push_back(key);
      l->items.push_back(v);
      return v;
    }
    if (i && args.pos.size() > 1) return args.pos[1];  // pop(key, default) of a missing key
  }
  if (id == Dict_update && l->known && args.pos.size() <= 1) {
    std::vector<std::pair<ValuePtr, ValuePtr>> pairs;
    bool ok = true;
    if (!args.pos.empty()) {
      const ValuePtr& o = args.pos[0];
      if (o->kind == VK::Dict && o->known) {
        for (size_t i = 0; i < o->keys.size(); ++i) pairs.emplace_back(o->keys[i], o->items[i]);
      } else if ((o->kind == VK::List || o->kind == VK::Tuple) && o->known) {
        for (const auto& kv : o->items) {
          ok = ok && (kv->kind == VK::Tuple || kv->kind == VK::List) && kv->known && kv->items.size() == 2;
          if (ok) pairs.emplace_back(kv->items[0], kv->items[1]);
        }
      } else {
        ok = false;
      }
    }
    for (const auto& [k, v] : args.kw) pairs.emplace_back(MakeStr(k), v);
    for (const auto& [k, v] : pairs) {
      auto i = ok ? find(k) : std::nullopt;
      if (!i) { ok = false; break; }
      if (*i >= 0) l->items[*i] = v;
      else l->keys.push_back(k), l->items.push_back(v);
    }
    if (ok) return MakeNone();
  }
  l->known = false;  // which keys it has is known only at run time
  return MakeUnknown();
}

}  // namespace tcc::trace
