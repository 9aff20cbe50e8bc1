// Implements the object-model builtins (rows of lang/semantics/python_builtins.def):
// property, staticmethod, classmethod, getattr, setattr, hasattr, type, iter,
// next and the NotImplemented constant; and `__copy_copy` / `__copy_deepcopy`
// (stdlib/copy.ts: copy.copy and copy.deepcopy).
#include <unordered_map>

#include "interp/autograd.h"
#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/return_types.h"

namespace tcc::interp {

namespace {

bool IsCallableValue(const Value& v) {
  return v.is(OType::Function) || v.is(OType::Builtin) || v.is(OType::BoundMethod) || v.is(OType::Class) ||
         v.is(OType::Native) || v.is(OType::Instance);
}

Value Wrap(Args& a, SpecialObj::Kind kind) {
  a.Check(1, {});
  const Value& fn = a.Need(0, "function");
  if (!IsCallableValue(fn)) TypeErr(std::string("`") + a.fname + "()` needs a function, not `" + TypeName(fn) + "`");
  Ref<SpecialObj> s(new SpecialObj(kind));
  s->fn = fn;
  return s.value();
}
Value PropertyFn(Interp&, Args& a) { return Wrap(a, SpecialObj::Property); }
Value StaticMethodFn(Interp&, Args& a) { return Wrap(a, SpecialObj::StaticMethod); }
Value ClassMethodFn(Interp&, Args& a) { return Wrap(a, SpecialObj::ClassMethod); }

int32_t NameArg(const Args& a) {
  const Value& n = a.Need(1, "name");
  if (!n.is(OType::Str)) TypeErr(std::string("`") + a.fname + "()` attribute name must be a str, not `" + TypeName(n) + "`");
  return Intern(n.as<StrObj>()->s);
}

// GetAttr of obj.sym; false (and no error) when it raises AttributeError.
bool TryGetAttr(Interp& in, const Value& obj, int32_t sym, Value* out) {
  const size_t unwound = in.unwound().size();
  try {
    *out = in.GetAttr(obj, sym);
    return true;
  } catch (TsError& e) {
    if (e.kind != DiagKind::RtAttributeError) throw;
    in.unwound().resize(unwound);
    return false;
  }
}

Value GetAttrFn(Interp& in, Args& a) {
  a.Check(3, {});
  const Value& obj = a.Need(0, "object");
  int32_t sym = NameArg(a);
  if (a.npos < 3) return in.GetAttr(obj, sym);
  Value r;
  return TryGetAttr(in, obj, sym, &r) ? r : a.pos[2];
}

Value HasAttrFn(Interp& in, Args& a) {
  a.Check(2, {});
  const Value& obj = a.Need(0, "object");
  Value r;
  return Value::Bool(TryGetAttr(in, obj, NameArg(a), &r));
}

Value SetAttrFn(Interp& in, Args& a) {
  a.Check(3, {});
  in.SetAttr(a.Need(0, "object"), NameArg(a), a.Need(2, "value"));
  return Value::None();
}

Value DelAttrFn(Interp&, Args& a) {
  a.Check(2, {});
  DelAttr(a.Need(0, "object"), NameArg(a));
  return Value::None();
}

// nn.Parameter(t, requires_grad=True) (stdlib/torch/nn.ts): marks the tensor
// t itself as a module parameter, a leaf that requires grad, and returns it;
// __is_parameter(v) reads the mark.
Value ParameterFn(Interp&, Args& a) {
  a.Check(2, {"requires_grad"});
  const Value& t = a.Need(0, "data");
  if (!t.is(OType::Tensor)) TypeErr("`nn.Parameter()` takes a tensor, not `" + TypeName(t) + "`");
  const Value& rg = a.Get(1, "requires_grad");
  t.as<TensorObj>()->parameter = true;
  if (rg.is_undef() || rg.to_int()) {
    if (rt::is_floating(TensorOf(t).dtype())) MetaOf(t).requires_grad = true;
  }
  return t;
}

Value IsParameterFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& v = a.Need(0, "value");
  return Value::Bool(v.is(OType::Tensor) && v.as<TensorObj>()->parameter);
}

// type(x): the class of an instance; for builtin values the builtin that
// makes them (`int`, `str`, `list`, `Tensor`, ...); `type` for a class.
Value TypeFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Need(0, "object");
  if (x.is(OType::Instance)) return x.as<InstanceObj>()->cls.value();
  const BuiltinTable& t = Builtins();
  const std::string name = x.is(OType::Class) ? "type" : TypeName(x);
  auto it = t.index.find(name);
  if (it == t.index.end())
    TypeErr("`type()` of a `" + name + "` value is not supported in TensorScript",
            "compare with `isinstance(x, C)`, or use `type()` on instances of classes");
  return t.values[it->second];
}

Value IterFn(Interp&, Args& a) {
  a.Check(1, {});
  return GetIterator(a.Need(0, "object"));
}

Value NextFn(Interp&, Args& a) {
  a.Check(2, {});
  Value r;
  if (NextItem(a.Need(0, "iterator"), &r)) return r;
  if (a.npos == 2) return a.pos[1];
  ThrowStopIteration();
}

Value VarsFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& o = a.Need(0, "object");
  if (!o.is(OType::Instance)) TypeErr("`vars()` argument must be an object of a user class, not `" + TypeName(o) + "`");
  return InstanceDict(o);
}

// copy.copy (deep = false) and copy.deepcopy, as Python's: instances of user
// classes and containers are new objects (deep: of copies of what they hold,
// each object copied once, so shared references stay shared), tensors are
// clones (torch's Tensor.__deepcopy__), everything else is itself.
Value CopyValue(const Value& v, bool deep, std::unordered_map<const Object*, Value>& memo) {
  if (!v.is_obj()) return v;
  if (auto it = memo.find(v.obj()); it != memo.end()) return it->second;
  auto item = [&](const Value& x) { return deep ? CopyValue(x, true, memo) : x; };
  switch (v.obj()->type) {
    case OType::Instance: {
      auto* src = v.as<InstanceObj>();
      Ref<InstanceObj> r(new InstanceObj(src->cls));
      memo[v.obj()] = r.value();
      for (const auto& [k, x] : src->attrs) r->attrs.emplace_back(k, item(x));
      return r.value();
    }
    case OType::List: {
      Ref<ListObj> r(new ListObj());
      memo[v.obj()] = r.value();
      for (const auto& x : v.as<ListObj>()->items) r->items.push_back(item(x));
      return r.value();
    }
    case OType::Dict: {
      Ref<DictObj> r(new DictObj());
      memo[v.obj()] = r.value();
      for (const auto& [k, x] : v.as<DictObj>()->items) r->items.emplace_back(k, item(x));
      return r.value();
    }
    case OType::Set: {
      Ref<SetObj> r(new SetObj());
      memo[v.obj()] = r.value();
      for (const auto& x : v.as<SetObj>()->items()) r->Add(x);
      return r.value();
    }
    case OType::Tuple: {
      if (!deep) return v;
      auto* src = v.as<TupleObj>();
      Ref<TupleObj> r(new TupleObj());
      r->fields = src->fields;
      r->name = src->name;
      for (const auto& x : src->items) r->items.push_back(CopyValue(x, true, memo));
      memo[v.obj()] = r.value();
      return r.value();
    }
    case OType::Tensor: {
      Value r = MakeTensor(rt::clone(TensorOf(v)));
      r.as<TensorObj>()->parameter = v.as<TensorObj>()->parameter;  // a copied model keeps its parameters
      if (RequiresGrad(v)) MetaOf(r).requires_grad = true;         // as leaves that require grad
      memo[v.obj()] = r;
      return r;
    }
    case OType::Str: case OType::Function: case OType::Builtin: case OType::Class: case OType::BoundMethod:
    case OType::Module: case OType::Slice: case OType::Ellipsis: case OType::DType: case OType::Cell:
    case OType::Native: case OType::Range: case OType::Super: case OType::Special: case OType::BigInt:
      return v;  // immutable, or shared by copies as in Python
  }
  return v;
}

template <bool kDeep> Value CopyFn(Interp&, Args& a) {
  a.Check(1, {});
  std::unordered_map<const Object*, Value> memo;
  return CopyValue(a.Need(0, "x"), kDeep, memo);
}

// __return_types(type, item, ...): torch.return_types.<type>, the named
// tuple `torch.aminmax(x)` returns (stdlib/torch: median, aminmax, slogdet).
Value ReturnTypesFn(Interp&, Args& a) {
  a.Check(int32_t(sem::kMaxReturnFields) + 1, {});
  const Value& type = a.Need(0, "type");
  if (!type.is(OType::Str)) TypeErr("`__return_types()` needs a type name");
  std::vector<Value> items;
  for (int32_t i = 1; i < a.npos; ++i) items.push_back(a.Need(i, "item"));
  return MakeNamedTuple(type.as<StrObj>()->s, std::move(items));
}

}  // namespace

Value MakeNamedTuple(std::string_view type, std::vector<Value> items) {
  const sem::ReturnType* row = sem::FindReturnType(type);
  if (!row) TypeErr("no type `torch.return_types." + std::string(type) + "` (lang/semantics/return_types.def)");
  if (row->count != items.size())
    TypeErr("`torch.return_types." + std::string(type) + "` has " + std::to_string(row->count) + " fields, not " +
            std::to_string(items.size()));
  Value t = MakeTuple(std::move(items));
  for (std::string_view f : row->fields()) t.as<TupleObj>()->fields.push_back(Intern(f));
  t.as<TupleObj>()->name = std::string(type);
  return t;
}

Value TensorMethodsFn(Interp&, Args& a);  // tensor_methods.cpp

void RegisterObjectBuiltins(BuiltinTable& t) {
  t.AddFn("__return_types", ReturnTypesFn);
  t.AddFn("__tensor_methods", TensorMethodsFn);
  t.AddFn("__copy_copy", CopyFn<false>);
  t.AddFn("__copy_deepcopy", CopyFn<true>);
  t.AddFn("__parameter", ParameterFn);
  t.AddFn("__is_parameter", IsParameterFn);
  t.AddFn("property", PropertyFn);
  t.AddFn("staticmethod", StaticMethodFn);
  t.AddFn("classmethod", ClassMethodFn);
  t.AddFn("getattr", GetAttrFn);
  t.AddFn("setattr", SetAttrFn);
  t.AddFn("delattr", DelAttrFn);
  t.AddFn("hasattr", HasAttrFn);
  t.AddFn("type", TypeFn);
  t.AddFn("iter", IterFn);
  t.AddFn("next", NextFn);
  t.AddFn("vars", VarsFn);
  t.Add("NotImplemented", NotImplementedValue());
}

}  // namespace tcc::interp
