// Implements the graph-control builtins. In eager mode they change nothing
// about results: `graph_break()` does nothing; `fullgraph`,
// `error_on_graph_break(b)` and `nonstrict_trace` return the function they
// decorate or wrap (or an identity decorator / context manager when given a
// flag); `pytree` marks a class and returns it. The static tracer gives them
// their meaning.
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
  const FunctionObj* src = fn.as<FunctionObj>();
  auto* f = new FunctionObj();
  f->code = src->code;
  f->module = src->module;
  f->defaults = src->defaults;
  f->closure = src->closure;
  f->owner = src->owner;
  f->disabled = true;
  return Value::Obj(f);
}

// no_grad(), enable_grad(), inference_mode(mode=True), set_grad_enabled(b):
// an identity decorator and a context manager that changes nothing, as
// TensorScript has no autograd; no_grad(fn) (`@no_grad`) returns fn.
template <bool TakesFlag>
Value GradMode(Interp&, Args& a) {
  a.Check(1, {"mode"});
  const Value& x = a.Get(0, "mode");
  if (!TakesFlag && IsCallable(x)) return x;
  if (TakesFlag && !x.is_bool()) TypeErr("`set_grad_enabled()` takes True or False, not `" + TypeName(x) + "`");
  return IdentityDecorator(a.fname);
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
