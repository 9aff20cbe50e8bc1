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
  t.AddFn("pytree", Pytree);
}

}  // namespace tcc::interp
