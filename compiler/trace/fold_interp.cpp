// Folds a call of a pure Python-level builtin whose arguments the tracer
// knows (`len("ab")`, `min(3, k)`, `"a,b".split(",")`, `round(2.675, 2)`)
// by running the interpreter's own implementation of it
// (runtime/interp), as torch.compile runs real Python for constants: the
// Python semantics of these builtins are written once, there. Which calls
// qualify is the tables' business: python_builtins.def rows whose Effect is
// Pure, container_methods.def rows that Read, and the `math` functions
// (pymath.def). A call whose arguments or result are not plain Python data
// (numbers, strs, None, lists and tuples of them), or that raises, is left to
// the tracer's own handlers, which report what raises where.
#include <optional>
#include <sstream>

#include "interp/interpreter.h"
#include "interp/objects.h"
#include "semantics/builtins.h"
#include "semantics/containers.h"
#include "semantics/pymath.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {

// Plain data: numbers, strs, None, tuples of them, and (as an argument
// itself) a list of them. A list inside a container is not converted: the
// interpreter's result could hold it, and a copy of a mutable list would not
// see later changes to the original.
std::optional<interp::Value> ToInterp(const ValuePtr& v, bool outer = true) {
  if (!v || !v->known) return std::nullopt;
  switch (v->kind) {
    case VK::None: return interp::Value::None();
    case VK::Bool: return interp::Value::Bool(v->b);
    case VK::Int: return interp::Value::Int(v->i);
    case VK::Float: return interp::Value::Float(v->f);
    case VK::Str: return interp::MakeStr(v->s);
    case VK::List: case VK::Tuple: {
      if ((!outer && v->kind == VK::List) || IsSize(*v) || !v->keys.empty())
        return std::nullopt;  // torch.Size and named tuples keep their class
      std::vector<interp::Value> items;
      for (const ValuePtr& x : v->items) {
        auto i = ToInterp(x, false);
        if (!i) return std::nullopt;
        items.push_back(*i);
      }
      return v->kind == VK::List ? interp::MakeList(std::move(items)) : interp::MakeTuple(std::move(items));
    }
    default: return std::nullopt;
  }
}

// The result as a traced value: an argument handed back (max of two lists)
// is that argument itself, so identity is kept; a new list or tuple holds
// plain data or tuples of it (enumerate, zip).
ValuePtr FromInterp(const interp::Value& v, const std::vector<std::pair<interp::Value, ValuePtr>>& given,
                    int depth = 0) {
  if (v.is_none()) return MakeNone();
  if (v.is_bool()) return MakeBool(v.as_bool());
  if (v.is_int()) return MakeInt(v.as_int());
  if (v.is_float()) return MakeFloat(v.as_float());
  if (v.is(interp::OType::Str)) return MakeStr(v.as<interp::StrObj>()->s);
  for (const auto& [in, traced] : given)
    if (in.is_obj() && v.is_obj() && in.obj() == v.obj()) return traced;
  const bool list = v.is(interp::OType::List);
  if (depth > 1 || (list && depth > 0) ||
      (!list && !(v.is(interp::OType::Tuple) && v.as<interp::TupleObj>()->fields.empty())))
    return nullptr;
  const auto& items = list ? v.as<interp::ListObj>()->items : v.as<interp::TupleObj>()->items;
  std::vector<ValuePtr> out;
  for (const interp::Value& x : items) {
    ValuePtr t = FromInterp(x, {}, depth + 1);
    if (!t) return nullptr;
    out.push_back(t);
  }
  return MakeSeq(list ? VK::List : VK::Tuple, out);
}

std::optional<sem::ContainerType> ContainerOf(VK kind) {
  switch (kind) {
    case VK::List: case VK::Tuple: return sem::ContainerType::List;  // a tuple's methods are the list's that read
    case VK::Str: return sem::ContainerType::Str;                    // (a dict is not plain data: ToInterp)
    default: return std::nullopt;
  }
}

// The interpreter's implementation of a call the tables say is pure, or null.
interp::BuiltinFn PureImplementation(const std::string& name, const ValuePtr& self) {
  if (self) {
    auto type = ContainerOf(self->kind);
    const sem::ContainerMethodInfo* row = type ? sem::FindContainerMethod(*type, name) : nullptr;
    if (!row || row->effect != sem::MethodEffect::Read || (self->kind == VK::Tuple && !sem::FindTupleMethod(name)))
      return nullptr;
    return interp::ContainerMethodImpl(*type, name);
  }
  const sem::PyBuiltinInfo* row = sem::FindPyBuiltin(name);
  const bool math = name.starts_with("__math_") && sem::FindPyMath(std::string_view(name).substr(7));
  if (!math && (!row || row->effect != sem::PyEffect::Pure)) return nullptr;
  const interp::BuiltinTable& table = interp::Builtins();
  auto it = table.index.find(name);
  if (it == table.index.end()) return nullptr;
  const interp::Value& fn = table.values[it->second];
  return fn.is(interp::OType::Builtin) ? fn.as<interp::BuiltinObj>()->fn : nullptr;
}

}  // namespace

ValuePtr Tracer::FoldPureCall(const std::string& spelled, const ValuePtr& self, CallArgs& args) {
  if (self && self->kind == VK::Set) return nullptr;  // sets: trace_set.cpp keeps their order rules
  const std::string name = self ? spelled.substr(spelled.find('.') + 1) : spelled;  // "str.split": split
  interp::BuiltinFn fn = PureImplementation(name, self);
  if (!fn) return nullptr;
  std::vector<interp::Value> pos;
  std::vector<std::pair<interp::Value, ValuePtr>> given;  // each converted argument and what it was
  auto convert = [&](const ValuePtr& x) -> std::optional<interp::Value> {
    auto v = ToInterp(x);
    if (v) given.emplace_back(*v, x);
    return v;
  };
  if (self) {
    auto s = convert(self);
    if (!s) return nullptr;
    pos.push_back(*s);
  }
  for (const ValuePtr& a : args.pos) {
    auto v = convert(a);
    if (!v) return nullptr;
    pos.push_back(*v);
  }
  std::vector<int32_t> kwnames;
  std::vector<interp::Value> kwvals;
  for (const auto& [k, a] : args.kw) {
    auto v = convert(a);
    if (!v) return nullptr;
    kwnames.push_back(interp::Intern(k));
    kwvals.push_back(*v);
  }
  if (!folding_interp) {
    folding_output = std::make_shared<std::ostringstream>();
    folding_interp = std::make_shared<interp::Interp>(*folding_output, std::vector<std::string>{});
  }
  interp::Args a{pos.data(), static_cast<int32_t>(pos.size()), kwnames.data(), kwvals.data(),
                 static_cast<int32_t>(kwnames.size()), name.c_str()};
  try {
    return FromInterp(fn(*folding_interp, a), given);
  } catch (...) {  // it raises: the tracer's handler says where and why
    return nullptr;
  }
}

}  // namespace tcc::trace
