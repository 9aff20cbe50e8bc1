// Implements the graph-control builtins. In eager mode they change nothing
// about results: `graph_break()` does nothing; `fullgraph`,
// `error_on_graph_break(b)` and `nonstrict_trace` return the function they
// decorate or wrap (or an identity decorator / context manager when given a
// flag); `pytree` marks a class and returns it. The static tracer gives them
// their meaning.
#include "interp/autograd.h"
#include "interp/interpreter.h"

namespace tcc::interp {

namespace {

bool IsCallable(const Value& v) {
  return v.is(OType::Function) || v.is(OType::Builtin) || v.is(OType::BoundMethod) || v.is(OType::Class) ||
         v.is(OType::Native);
}

Value GraphBreak(Interp&, Args& a) {
  a.Check(0, {});
  return Value::None();
}

}  // namespace

Value CopyFunction(const Value& fn) {
  const FunctionObj* src = fn.as<FunctionObj>();
  auto* f = new FunctionObj();
  f->code = src->code;
  f->module = src->module;
  f->defaults = src->defaults;
  f->closure = src->closure;
  f->owner = src->owner;
  f->disabled = src->disabled;
  f->grad_mode = src->grad_mode;
  return Value::Obj(f);
}

Value WrapGradMode(const Value& fn, bool mode) {
  if (!fn.is(OType::Function)) TypeErr("a grad-mode decorator takes a function, not `" + TypeName(fn) + "`");
  Value f = CopyFunction(fn);
  f.as<FunctionObj>()->grad_mode = mode ? 1 : 0;
  return f;
}

namespace {

Value IdentityDecorator(const char* name) {
  return Value::Obj(new NativeObj(NativeObj::kIdentityDecorator, name));
}

Value ErrorOnGraphBreak(Interp&, Args& a) {
  a.Check(1, {"error_on_graph_break"});
  const Value& flag = a.Need(0, "error_on_graph_break");
  if (IsCallable(flag)) {
    TypeErr("`error_on_graph_break` needs a flag: write `@error_on_graph_break(True)` or `error_on_graph_break(False)(fn)`");
  }
  if (!flag.is_bool()) TypeErr("`error_on_graph_break()` takes True or False, not `" + TypeName(flag) + "`");
  return IdentityDecorator("error_on_graph_break");
}

Value Fullgraph(Interp&, Args& a) {
  a.Check(1, {"fullgraph"});
  const Value& x = a.Get(0, "fullgraph");
  if (IsCallable(x)) return x;  // @fullgraph
  if (!x.is_undef() && !x.is_bool()) TypeErr("`fullgraph()` takes True or False, not `" + TypeName(x) + "`");
  return IdentityDecorator("fullgraph");
}

Value NonstrictTrace(Interp&, Args& a) {
  a.Check(1, {});
  const Value& fn = a.Need(0, "fn");
  if (!IsCallable(fn)) TypeErr("`nonstrict_trace()` takes a function, not `" + TypeName(fn) + "`");
  return fn;
}

// compiler_disable(fn=None, recursive=True) (torch.compiler.disable): fn
// itself, or an identity decorator; the interpreter runs every function.
Value CompilerDisable(Interp&, Args& a) {
  a.Check(2, {"fn", "recursive"});
  const Value& fn = a.Get(0, "fn");
  if (fn.is_undef() || fn.is_none()) return IdentityDecorator("compiler_disable");
  if (!IsCallable(fn)) TypeErr("`torch.compiler.disable()` takes a function, not `" + TypeName(fn) + "`");
  if (!fn.is(OType::Function)) return fn;
  // A new function, as torch returns a wrapper: `fn` itself stays compiled.
  Value f = CopyFunction(fn);
  f.as<FunctionObj>()->disabled = true;
  return f;
}

// no_grad(), enable_grad(), inference_mode(mode=True), set_grad_enabled(b):
// a context manager (NativeObj::kGradMode) that sets grad mode for its block
// and a decorator; `@no_grad` without parentheses decorates at once.
// set_grad_enabled(b) sets the mode when called, as torch's does.
template <bool TakesFlag>
Value GradMode(Interp&, Args& a) {
  a.Check(1, {"mode"});
  const Value& x = a.Get(0, "mode");
  const std::string_view name = a.fname;
  const bool mode = name == "enable_grad" || (name == "inference_mode" && !x.is_undef() && !x.to_int());
  if (!TakesFlag && IsCallable(x)) return WrapGradMode(x, mode);
  if (TakesFlag && !x.is_bool()) TypeErr("`set_grad_enabled()` takes True or False, not `" + TypeName(x) + "`");
  auto* n = new NativeObj(NativeObj::kGradMode, a.fname);
  n->grad_mode = TakesFlag ? x.as_bool() : mode;
  if (name == "inference_mode" && !x.is_undef() && !x.to_int()) n->grad_mode = GradEnabled();
  if (TakesFlag) {
    n->set_now = true;
    n->prev = GradEnabled();
    SetGradEnabled(x.as_bool());
  }
  return Value::Obj(n);
}

Value Pytree(Interp&, Args& a) {
  a.Check(1, {});
  const Value& cls = a.Need(0, "cls");
  if (!cls.is(OType::Class)) TypeErr("`@pytree` decorates a class, not `" + TypeName(cls) + "`");
  cls.as<ClassObj>()->pytree = true;
  return cls;
}

}  // namespace

void RegisterGraphBuiltins(BuiltinTable& t) {
  t.AddFn("graph_break", GraphBreak);
  t.AddFn("error_on_graph_break", ErrorOnGraphBreak);
  t.AddFn("fullgraph", Fullgraph);
  t.AddFn("nonstrict_trace", NonstrictTrace);
  t.AddFn("compiler_disable", CompilerDisable);
  t.AddFn("pytree", Pytree);
  t.AddFn("no_grad", GradMode<false>);
  t.AddFn("enable_grad", GradMode<false>);
  t.AddFn("inference_mode", GradMode<false>);
  t.AddFn("set_grad_enabled", GradMode<true>);
}

}  // namespace tcc::interp
