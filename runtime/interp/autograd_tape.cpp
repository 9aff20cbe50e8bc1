// Implements the recording half of eager autograd (autograd.h): grad mode,
// the derivative registry, and the nodes a call of a builtin adds to the tape.
#include <cstring>
#include <unordered_map>

#include "interp/autograd_node.h"
#include "interp/code.h"
#include "interp/interpreter.h"
#include "semantics/builtins.h"

namespace tcc::interp {

namespace {

bool g_tape = false;
bool g_grad = true;

// name symbol -> rule: a function, or None (not differentiable: results never require grad)
std::unordered_map<int32_t, Value>& Rules() {
  static auto* m = new std::unordered_map<int32_t, Value>;  // leaked on purpose: no destruction order
  return *m;
}
// A function written in TensorScript with its own rule (a loss): its code -> rule.
std::unordered_map<const FuncCode*, Value>& CompositeRules() {
  static auto* m = new std::unordered_map<const FuncCode*, Value>;
  return *m;
}
std::unordered_map<std::string, Value>& Hooks() {
  static auto* m = new std::unordered_map<std::string, Value>;
  return *m;
}

// torch's in-place spelling: `mul_`, not `__init__`.
bool InPlaceName(const char* name) {
  size_t n = std::strlen(name);
  return n > 1 && name[n - 1] == '_' && name[n - 2] != '_';
}

// The items of a list or tuple argument (cat's tensors), else null.
const std::vector<Value>* SeqItems(const Value& v) {
  return v.is(OType::List) ? &v.as<ListObj>()->items : v.is(OType::Tuple) ? &v.as<TupleObj>()->items : nullptr;
}

bool AnyGrad(const Value& v) {
  if (v.is(OType::Tensor)) return RequiresGrad(v);
  if (const auto* items = SeqItems(v))
    for (const Value& x : *items) if (x.is(OType::Tensor) && RequiresGrad(x)) return true;
  return false;
}

// Makes `out` the node's result `nr`.
void SetHistory(const Value& out, const std::shared_ptr<GradNode>& n, int32_t nr) {
  GradMeta& m = MetaOf(out);
  m.requires_grad = true;
  m.fn = n;
  m.output_nr = nr;
}

// A new tensor object holding `data` with the history `m` has now (none for a leaf).
Value WithHistoryOf(const rt::Tensor& data, const GradMeta* m) {
  Value s = Value::Obj(new TensorObj(data));
  if (m && m->fn) SetHistory(s, m->fn, m->output_nr);
  return s;
}

// Keeps `out` (a result, plain) and its version in the node.
void AddOut(GradNode& n, const Value& out) {
  n.outs.push_back(Value::Obj(new TensorObj(TensorOf(out))));
  n.out_versions.push_back(rt::version(TensorOf(out)));
}

bool AnyGrad(const Args& a) {
  for (int32_t i = 0; i < a.npos; ++i) if (AnyGrad(a.pos[i])) return true;
  for (int32_t i = 0; i < a.nkw; ++i) if (AnyGrad(a.kwvals[i])) return true;
  return false;
}

// The rule of builtin `name`: found (a function or None), else null. An
// in-place call without a rule of its own (`exp_`) uses its out-of-place one.
const Value* FindRule(const char* name) {
  auto& rules = Rules();
  auto it = rules.find(Intern(name));
  if (it != rules.end()) return &it->second;
  if (InPlaceName(name)) {
    if (const char* target = sem::InPlaceTarget(name)) return FindRule(target);
    std::string base(name, std::strlen(name) - 1);
    it = rules.find(Intern(base));
    if (it != rules.end()) return &it->second;
  }
  return nullptr;
}

// A tensor argument as the node keeps it: a non-leaf with the history it has
// now (a later in-place update gives the tensor a new history, not the saved
// one), other values as they are.
Value SaveArg(const Value& v) {
  if (v.is(OType::Tensor)) {
    const GradMeta* m = FindMeta(v);
    return m && m->fn ? WithHistoryOf(TensorOf(v), m) : v;
  }
  if (const auto* items = SeqItems(v)) {
    std::vector<Value> saved;
    for (const Value& x : *items) saved.push_back(SaveArg(x));
    return v.is(OType::List) ? MakeList(std::move(saved)) : MakeTuple(std::move(saved));
  }
  return v;
}

void AddInput(GradNode& n, const Value& v, int32_t pos, int32_t kw, int32_t item) {
  if (!v.is(OType::Tensor) || !RequiresGrad(v)) return;
  const GradMeta* m = FindMeta(v);
  GradNode::Input in;
  in.pos = pos;
  in.kw = kw;
  in.item = item;
  if (m->fn) { in.fn = m->fn; in.nr = m->output_nr; } else { in.leaf = v; }
  in.shape = TensorOf(v).sizes();
  in.dtype = TensorOf(v).dtype();
  n.inputs.push_back(std::move(in));
}

void AddInputs(GradNode& n, const Value& v, int32_t pos, int32_t kw) {
  if (v.is(OType::Tensor)) { AddInput(n, v, pos, kw, -1); return; }
  if (const auto* items = SeqItems(v)) for (size_t i = 0; i < items->size(); ++i) AddInput(n, (*items)[i], pos, kw, int32_t(i));
}

std::shared_ptr<GradNode> MakeNode(const char* name, const Value& rule, const Args& a) {
  auto n = std::make_shared<GradNode>();
  n->op = name;
  n->rule = rule;
  n->name = rule.is(OType::Function) ? rule.as<FunctionObj>()->code->name : std::string(name) + "Backward";
  for (int32_t i = 0; i < a.npos; ++i) {
    n->pos.push_back(SaveArg(a.pos[i]));
    AddInputs(*n, a.pos[i], i, -1);
  }
  for (int32_t i = 0; i < a.nkw; ++i) {
    n->kwnames.push_back(a.kwnames[i]);
    n->kwvals.push_back(SaveArg(a.kwvals[i]));
    AddInputs(*n, a.kwvals[i], -1, i);
  }
  return n;
}

bool IsArg(const Args& a, const Object* o) {
  for (int32_t i = 0; i < a.npos; ++i) if (a.pos[i].is_obj() && a.pos[i].obj() == o) return true;
  for (int32_t i = 0; i < a.nkw; ++i) if (a.kwvals[i].is_obj() && a.kwvals[i].obj() == o) return true;
  return false;
}

}  // namespace

void SetTapeEnabled(bool on) { g_tape = on; }
bool TapeEnabled() { return g_tape; }
bool GradEnabled() { return g_grad; }
void SetGradEnabled(bool on) { g_grad = on; }
bool Recording() { return g_tape && g_grad; }

bool RequiresGrad(const Value& v) {
  const GradMeta* m = FindMeta(v);
  return m && m->requires_grad;
}

GradMeta& MetaOf(const Value& t) {
  auto& ag = t.as<TensorObj>()->ag;
  if (!ag) ag = std::make_shared<GradMeta>();
  return *ag;
}

const GradMeta* FindMeta(const Value& t) { return t.is(OType::Tensor) ? t.as<TensorObj>()->ag.get() : nullptr; }

const Value& AutogradHook(const char* name) {
  auto it = Hooks().find(name);
  if (it == Hooks().end()) {
    ThrowError(DiagKind::RtImportError, std::string("autograd is not loaded: `") + name + "` is missing",
               "autograd lives in the standard library's torch.autograd (stdlib/torch/autograd.ts)");
  }
  return it->second;
}

namespace {

void RecordWithRule(const char* name, const Value* rule, Args& a, Value& result) {
  if (rule && rule->is_none()) return;  // not differentiable
  std::vector<Value> outs;
  bool multi = false;
  if (result.is(OType::Tensor)) {
    outs.push_back(result);
  } else if (const auto* items = SeqItems(result)) {
    multi = true;
    outs = *items;
  } else {
    return;
  }
  bool any_float = false;
  for (const Value& o : outs) {
    if (!o.is(OType::Tensor)) return;
    if (IsArg(a, o.obj())) return;  // the builtin handed an argument back (`x.float()` of a float)
    any_float = any_float || rt::is_floating(TensorOf(o).dtype());
  }
  if (!any_float) return;
  auto n = MakeNode(name, rule ? *rule : Value(), a);
  n->multi = multi;
  for (size_t k = 0; k < outs.size(); ++k) {
    AddOut(*n, outs[k]);
    if (!rt::is_floating(TensorOf(outs[k]).dtype())) continue;
    SetHistory(outs[k], n, int32_t(k));
    const Value& base = a.pos[0];
    if (a.npos > 0 && base.is(OType::Tensor) && RequiresGrad(base) && TensorOf(outs[k]).shares_storage(TensorOf(base))) {
      GradMeta& m = MetaOf(outs[k]);  // a view of base
      m.view_base = base;
      m.view_op = name;
      if (std::string_view(name) == "__getitem__" && a.npos > 1) m.view_index = a.pos[1];
      const sem::BuiltinInfo* row = BuiltinRowOf(name);
      if (row && row->rule == sem::BuiltinRule::View && TensorOf(outs[k]).numel() == TensorOf(base).numel()) {
        m.view_args = MakeTuple(std::vector<Value>(a.pos + 1, a.pos + a.npos));
        Ref<DictObj> kw(new DictObj());
        for (int32_t i = 0; i < a.nkw; ++i) kw->Set(MakeStr(SymName(a.kwnames[i])), a.kwvals[i]);
        m.view_kwargs = kw.value();
      }
    }
  }
}

}  // namespace

void RecordResult(const char* name, Args& a, Value& result) {
  if (!Recording() || !AnyGrad(a)) return;
  RecordWithRule(name, FindRule(name), a, result);
}

const Value* CompositeRule(const FuncCode* code) {
  if (!Recording() || CompositeRules().empty()) return nullptr;
  auto it = CompositeRules().find(code);
  return it == CompositeRules().end() ? nullptr : &it->second;
}

bool RecordComposite(const Value& rule, Args& a, Value& result) {
  if (!AnyGrad(a)) return false;
  RecordWithRule(a.fname, &rule, a, result);
  return true;
}

bool AnyGradArg(const Args& a) { return AnyGrad(a); }

namespace {

// target's value now, with its history: what a node records in its place.
Value OldValue(const Value& target) {
  return WithHistoryOf(rt::clone(TensorOf(target)), FindMeta(target));
}

// Records `target`'s update by `name`, whose arguments `b` hold its old value first.
void RecordUpdate(const char* name, const Args& b, const Value& target) {
  const Value* rule = FindRule(name);
  if (rule && rule->is_none()) return;
  auto n = MakeNode(name, rule ? *rule : Value(), b);
  AddOut(*n, target);
  SetHistory(target, n, 0);
  MetaOf(target).grad = Value();
}

}  // namespace

InPlaceSnapshot SnapshotForInPlace(const Value& target, const Args& a) {
  InPlaceSnapshot snap;
  if (!target.is(OType::Tensor)) return snap;
  if (TapeEnabled()) rt::bump_version(TensorOf(target));
  if (!Recording() || !AnyGrad(a)) return snap;
  const GradMeta* m = FindMeta(target);
  if (m && m->requires_grad && !m->fn) {
    ThrowError(DiagKind::RtAutogradError, "a leaf Variable that requires grad is being used in an in-place operation.",
               "update parameters under `with torch.no_grad():`, as optimizers do, or work on a copy (`x.clone()`)");
  }
  for (const GradMeta* v = m; v && !v->view_base.is_undef(); v = FindMeta(v->view_base)) {
    const GradMeta* b = FindMeta(v->view_base);
    if (b && b->requires_grad && !b->fn) {
      ThrowError(DiagKind::RtAutogradError,
                 "a view of a leaf Variable that requires grad is being used in an in-place operation.",
                 "update parameters under `with torch.no_grad():`, or work on a copy (`x.clone()`)");
    }
    if (v->view_index.is_undef() && v->view_args.is_undef()) {
      ThrowError(DiagKind::RtAutogradError,
                 "an in-place update of a view (made by `" + v->view_op + "`) of a tensor that requires grad is not "
                 "supported yet",
                 "update the tensor through a subscript (`x[i] += v`), or update a copy (`y = x.clone()`)");
    }
    snap.bases.emplace_back(v->view_base, OldValue(v->view_base));
  }
  snap.old = OldValue(target);
  return snap;
}

void RecordInPlace(const char* name, Args& a, const InPlaceSnapshot& snap) {
  if (snap.old.is_undef()) return;
  Value view = a.pos[0];
  std::vector<Value> pos(a.pos, a.pos + a.npos);
  pos[0] = snap.old;
  RecordUpdate(name, Args{pos.data(), a.npos, a.kwnames, a.kwvals, a.nkw, a.fname}, view);
  // each base the view is a view of: base[index] = view (a subscript), or
  // the whole base is the view's data (a View builtin: `__view_update`)
  for (const auto& [base, old] : snap.bases) {
    const GradMeta* vm = FindMeta(view);
    if (!vm->view_index.is_undef()) {
      Value args[3] = {old, vm->view_index, view};
      RecordUpdate("__setitem__", Args{args, 3, nullptr, nullptr, 0, "__setitem__"}, base);
    } else {
      Value args[5] = {old, view, MakeStr(vm->view_op), vm->view_args, vm->view_kwargs};
      RecordUpdate("__view_update", Args{args, 5, nullptr, nullptr, 0, "__view_update"}, base);
    }
    view = base;
  }
}

Value CallTaped(Interp& in, BuiltinFn fn, Args& a) {
  if (!g_tape) return fn(in, a);
  const bool inplace = InPlaceName(a.fname) && a.npos > 0 && a.pos[0].is(OType::Tensor);
  if (!g_grad || !AnyGrad(a)) {
    if (inplace) rt::bump_version(TensorOf(a.pos[0]));
    return fn(in, a);
  }
  const Value* rule = FindRule(a.fname);
  if (!rule && !BuiltinRowOf(a.fname)) return fn(in, a);  // a helper: the builtins it calls record themselves
  if (inplace) {
    InPlaceSnapshot snap = SnapshotForInPlace(a.pos[0], a);
    Value r;
    {
      GradModeScope off(false);
      r = fn(in, a);
    }
    RecordInPlace(a.fname, a, snap);
    return r;
  }
  Value r;
  {
    GradModeScope off(false);
    r = fn(in, a);
  }
  RecordResult(a.fname, a, r);
  return r;
}

std::string GradSuffix(const Value& t) {
  const GradMeta* m = FindMeta(t);
  if (!m || !m->requires_grad) return "";
  if (m->fn) return "grad_fn=<" + m->fn->name + ">";
  return "requires_grad=True";
}

Value NodeResult(GradNode& n, bool with_history) {
  std::vector<Value> outs;
  for (size_t k = 0; k < n.outs.size(); ++k) {
    Value o = n.outs[k];
    if (with_history && rt::is_floating(TensorOf(o).dtype())) {
      o = Value::Obj(new TensorObj(TensorOf(o)));
      SetHistory(o, n.shared_from_this(), int32_t(k));
    }
    outs.push_back(std::move(o));
  }
  if (!n.multi) return outs[0];
  return MakeTuple(std::move(outs));
}

namespace {

// __derivatives(name=rule, ...): stdlib/torch/_derivatives.ts's table.
Value DerivativesFn(Interp&, Args& a) {
  if (a.npos) TypeErr("`__derivatives()` takes keywords: builtin=rule");
  for (int32_t i = 0; i < a.nkw; ++i) Rules()[a.kwnames[i]] = a.kwvals[i];
  return Value::None();
}

// __autograd_record(name, rule, args, result): records `result` as computed
// from args by a custom operation (torch.autograd.Function) whose
// derivative is rule(grad, result, *args); the node is named `name`.
Value RecordFn(Interp&, Args& a) {
  a.Check(4, {});
  const Value& name = a.Need(0, "name");
  const Value& rule = a.Need(1, "rule");
  const Value& args = a.Need(2, "args");
  Value result = a.Need(3, "result");
  if (!name.is(OType::Str) || !rule.is(OType::Function) || !args.is(OType::Tuple))
    TypeErr("`__autograd_record(name, rule, args, result)`: a str, a function and a tuple");
  if (!Recording()) return result;
  const auto& items = args.as<TupleObj>()->items;
  Args b{items.data(), int32_t(items.size()), nullptr, nullptr, 0, "function"};
  if (!AnyGrad(b)) return result;
  std::vector<Value> outs = result.is(OType::Tuple) ? result.as<TupleObj>()->items : std::vector<Value>{result};
  auto n = MakeNode("function", rule, b);
  n->name = name.as<StrObj>()->s;
  n->op = n->name;
  n->multi = result.is(OType::Tuple);
  for (size_t k = 0; k < outs.size(); ++k) {
    if (!outs[k].is(OType::Tensor)) TypeErr("a custom autograd.Function's forward must return tensors");
    AddOut(*n, outs[k]);
    if (rt::is_floating(TensorOf(outs[k]).dtype())) SetHistory(outs[k], n, int32_t(k));
  }
  return result;
}

// __composite_derivatives(fn, rule, ...): functions written in TensorScript
// whose derivative is a rule of their own (losses: one node, torch's name).
Value CompositeDerivativesFn(Interp&, Args& a) {
  if (a.npos % 2 || a.nkw) TypeErr("`__composite_derivatives()` takes (function, rule) pairs");
  for (int32_t i = 0; i < a.npos; i += 2) {
    if (!a.pos[i].is(OType::Function)) TypeErr("`__composite_derivatives()`: not a function");
    CompositeRules()[a.pos[i].as<FunctionObj>()->code] = a.pos[i + 1];
  }
  return Value::None();
}

Value HooksFn(Interp&, Args& a) {
  if (a.npos) TypeErr("`__autograd_hooks()` takes keywords: name=function");
  for (int32_t i = 0; i < a.nkw; ++i) Hooks()[SymName(a.kwnames[i])] = a.kwvals[i];
  return Value::None();
}

}  // namespace

void RegisterAutogradTable(BuiltinTable& t) {
  t.AddFn("__derivatives", DerivativesFn);
  t.AddFn("__autograd_hooks", HooksFn);
  t.AddFn("__autograd_record", RecordFn);
  t.AddFn("__composite_derivatives", CompositeDerivativesFn);
}

}  // namespace tcc::interp
