// Implements autograd's tensor attributes (`requires_grad`, `grad`,
// `grad_fn`, `is_leaf`, `data`) and the builtins stdlib/torch/autograd.ts is
// written with (grad mode, retain_grad).
#include "interp/autograd_node.h"
#include "interp/interpreter.h"

namespace tcc::interp {

void RegisterAutogradTable(BuiltinTable& t);
void RegisterAutogradEngine(BuiltinTable& t);

namespace {

struct Syms {
  int32_t requires_grad = Intern("requires_grad"), grad = Intern("grad"), grad_fn = Intern("grad_fn"),
          is_leaf = Intern("is_leaf"), data = Intern("data"), retains_grad = Intern("retains_grad");
};
const Syms& S() {
  static const Syms s;
  return s;
}

// A tensor sharing t's data, without its history (`t.data`, `t.detach()`).
Value Detached(const Value& t) { return Value::Obj(new TensorObj(TensorOf(t))); }

}  // namespace

bool AutogradAttr(Interp& in, const Value& t, int32_t sym, Value* out) {
  const Syms& s = S();
  const GradMeta* m = FindMeta(t);
  if (sym == s.requires_grad) { *out = Value::Bool(m && m->requires_grad); return true; }
  if (sym == s.grad) { *out = m && !m->grad.is_undef() ? m->grad : Value::None(); return true; }
  if (sym == s.is_leaf) { *out = Value::Bool(!m || !m->fn); return true; }
  if (sym == s.retains_grad) { *out = Value::Bool(m && m->retains_grad); return true; }
  if (sym == s.data) { *out = Detached(t); return true; }
  if (sym == s.grad_fn) {
    if (!m || !m->fn) { *out = Value::None(); return true; }
    Value name = MakeStr(m->fn->name);
    *out = in.Call(AutogradHook("grad_fn"), &name, 1, nullptr, nullptr, 0);
    return true;
  }
  return false;
}

bool SetAutogradAttr(const Value& t, int32_t sym, const Value& v) {
  const Syms& s = S();
  if (sym == s.requires_grad) {
    if (!v.is_bool()) TypeErr("`requires_grad` takes True or False, not `" + TypeName(v) + "`");
    const GradMeta* m = FindMeta(t);
    if (m && m->fn) {
      ThrowError(DiagKind::RtAutogradError, "you can only change requires_grad flags of leaf variables.",
                 "use `t.detach()` for a tensor without this history");
    }
    if (v.as_bool() && !rt::is_floating(TensorOf(t).dtype())) {
      ThrowError(DiagKind::RtAutogradError, "only Tensors of floating point dtype can require gradients");
    }
    if (v.as_bool() || m) MetaOf(t).requires_grad = v.as_bool();
    return true;
  }
  if (sym == s.grad) {
    if (!v.is_none() && !v.is(OType::Tensor)) TypeErr("assigned grad expected to be a Tensor or None but got `" + TypeName(v) + "`");
    if (v.is(OType::Tensor) && !(TensorOf(v).sizes() == TensorOf(t).sizes()))
      ThrowError(DiagKind::RtAutogradError, "assigned grad has data of a different size");
    MetaOf(t).grad = v;
    return true;
  }
  if (sym == s.data) {
    if (!v.is(OType::Tensor)) TypeErr("`data` takes a tensor, not `" + TypeName(v) + "`");
    t.as<TensorObj>()->t = TensorOf(v);
    return true;
  }
  return false;
}

namespace {

// __set_grad_enabled(mode): sets grad mode, returns the one before.
Value SetGradEnabledFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& v = a.Need(0, "mode");
  if (!v.is_bool()) TypeErr("grad mode is True or False, not `" + TypeName(v) + "`");
  bool prev = GradEnabled();
  SetGradEnabled(v.as_bool());
  return Value::Bool(prev);
}

Value IsGradEnabledFn(Interp&, Args& a) {
  a.Check(0, {});
  return Value::Bool(GradEnabled());
}

// t.retain_grad(): a non-leaf keeps its gradient in .grad.
Value RetainGradFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& t = a.Need(0, "self");
  if (!t.is(OType::Tensor)) TypeErr("`retain_grad()` is a tensor method");
  if (!RequiresGrad(t)) {
    ThrowError(DiagKind::RtAutogradError, "can't retain_grad on Tensor that has requires_grad=False");
  }
  GradMeta& m = MetaOf(t);
  if (m.fn && !m.retains_grad) m.fn->retained.emplace_back(m.output_nr, t.as<TensorObj>()->ag);
  m.retains_grad = true;
  return Value::None();
}

// t.detach_(): drops t's history in place.
Value DetachInPlaceFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& t = a.Need(0, "input");
  if (GradMeta* m = t.as<TensorObj>()->ag.get()) {
    m->fn.reset();
    m->requires_grad = false;
  }
  return t;
}

}  // namespace

void RegisterAutogradBuiltins(BuiltinTable& t) {
  RegisterAutogradTable(t);
  RegisterAutogradEngine(t);
  t.AddFn("__set_grad_enabled", SetGradEnabledFn);
  t.AddFn("__is_grad_enabled", IsGradEnabledFn);
  t.AddFn("__retain_grad", RetainGradFn);
  t.AddFn("__detach_", DetachInPlaceFn);
}

}  // namespace tcc::interp
