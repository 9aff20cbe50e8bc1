// Implements iteration over user objects in the tracer (`__iter__`, then
// `__next__` until StopIteration; iter() and next()), and the object-model
// builtins of lang/semantics/python_builtins.def: property, staticmethod,
// classmethod, getattr, setattr, hasattr, type (the interpreter's are
// runtime/interp/builtins_object.cpp).
#include "semantics/builtins.h"
#include "trace/builtin_handlers.h"
#include "trace/builtin_table.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

namespace {

bool IsIterator(const ValuePtr& v) { return v && v->kind == VK::Builtin && !v->self_value && v->s == "#iterator"; }

ValuePtr UnknownList() {
  auto l = MakeSeq(VK::List, {});
  l->known = false;
  return l;
}

bool IsStopIteration(const ValuePtr& exc) {
  for (const ClassInfo* c = exc && exc->kind == VK::Object ? exc->cls.get() : nullptr; c;
       c = c->bases.empty() ? nullptr : c->bases[0].get())
    if (c->exception && c->name == "StopIteration") return true;
  return false;
}

// The builtins that take an iterable first (python_builtins.def: the
// signature's first parameter is `iterable`, `*iterables` or `seq`; of
// min(iterable) | min(a, b, ...), the one-argument form): an object argument
// is replaced by its items.
bool ConsumesIterables(const std::string& name, size_t npos) {
  const sem::PyBuiltinInfo* b = sem::FindPyBuiltin(name);
  if (!b) return false;
  const std::string_view sig = b->signature;
  if (!sig.starts_with("(iterable") && !sig.starts_with("(*iterables") && !sig.starts_with("(seq")) return false;
  return sig.find(" | ") == std::string_view::npos || npos == 1;
}

// The builtin class of a traced value's kind, if it has one.
std::optional<sem::PyClass> PyClassOfKind(VK kind) {
  static const std::pair<VK, sem::PyClass> kClassOfKind[] = {
      {VK::Int, sem::PyClass::Int},   {VK::Float, sem::PyClass::Float}, {VK::Bool, sem::PyClass::Bool},
      {VK::Str, sem::PyClass::Str},   {VK::List, sem::PyClass::List},   {VK::Tuple, sem::PyClass::Tuple},
      {VK::Dict, sem::PyClass::Dict}, {VK::Set, sem::PyClass::Set},     {VK::Tensor, sem::PyClass::Tensor}};
  for (const auto& [k, c] : kClassOfKind)
    if (kind == k) return c;
  return std::nullopt;
}

}  // namespace

// One `__next__` call: its value, or null when it raised StopIteration (the
// raise is caught here, as a for-loop catches it). `*unknown`: whether it
// raised is known only at run time.
// copy.copy (deep = false) / copy.deepcopy as the interpreter's CopyValue
// (runtime/interp/builtins_object.cpp): new objects and containers, each
// copied once (memo), tensors cloned, the rest shared; a container whose
// items are known only at run time is copied by the interpreter.
ValuePtr Tracer::CopyValue(const ValuePtr& v, bool deep, std::map<const Value*, ValuePtr>& memo, Range where) {
  if (auto it = memo.find(v.get()); it != memo.end()) return it->second;
  auto item = [&](const ValuePtr& x) { return deep ? CopyValue(x, true, memo, where) : x; };
  switch (v->kind) {
    case VK::Object: {
      auto r = MakeUnknown();
      r->kind = VK::Object;
      r->cls = v->cls;
      r->known = v->known;
      memo[v.get()] = r;
      NoteAttrRead(v, "");
      for (const auto& name : v->attr_order)
        if (auto it = v->attrs.find(name); it != v->attrs.end()) r->SetAttr(name, item(it->second));
      for (const auto& [name, x] : v->attrs)
        if (!r->attrs.count(name)) r->attrs[name] = item(x);  // order unknown: vars() of the copy stays unknown
      return r;
    }
    case VK::List: case VK::Dict: case VK::Set: case VK::Tuple: {
      if (v->kind == VK::Tuple && !deep) return v;
      if (!v->known) {
        if (Traced()) MarkEager("a copy of " + Describe(*v) + ", whose items are known only at run time", where);
        auto r = MakeUnknownOf(v->kind);
        memo[v.get()] = r;
        return r;
      }
      auto r = MakeSeq(v->kind, {});
      r->class_name = v->class_name;
      memo[v.get()] = r;
      r->keys = v->keys;
      for (const auto& x : v->items) r->items.push_back(v->kind == VK::Set ? x : item(x));
      return r;
    }
    case VK::Tensor: {
      CallArgs none;
      none.range = where;
      ValuePtr r = OpsBuiltin("clone", v, none);
      if (!r) r = MakeUnknown();
      r->parameter = v->parameter;
      r->requires_grad = v->requires_grad;
      memo[v.get()] = r;
      return r;
    }
    case VK::Unknown: case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str: case VK::Ellipsis:
    case VK::Slice: case VK::DType: case VK::Function: case VK::Builtin: case VK::BoundMethod: case VK::Class:
    case VK::Module: case VK::Wrapper: case VK::Marker:
      return v;
  }
  return v;
}

// vars(obj) / obj.__dict__: a snapshot dict of its attributes in the order
// they were first set (the interpreter's InstanceObj order); nullptr when the
// tracer does not know that order for all of them.
ValuePtr Tracer::AttributeDict(const ValuePtr& obj) {
  NoteAttrRead(obj, "");
  if (obj->kind != VK::Object || !obj->known || obj->attr_order.size() != obj->attrs.size()) return nullptr;
  ValuePtr d = MakeSeq(VK::Dict, {});
  for (const std::string& name : obj->attr_order) {
    auto it = obj->attrs.find(name);
    if (it == obj->attrs.end()) return nullptr;
    d->keys.push_back(MakeStr(name));
    d->items.push_back(it->second);
  }
  return d;
}

ValuePtr Tracer::NextOf(const ValuePtr& it, Range where, bool* unknown) {
  *unknown = false;
  if (IsIterator(it)) {
    MarkMutation(it, "`next()` of an iterator", where);
    if (!it->known) { *unknown = true; return MakeUnknown(); }
    if (it->i >= static_cast<int64_t>(it->items.size())) return nullptr;
    return it->items[it->i++];
  }
  ValuePtr m = MemberOf(it, "__next__");
  if (!m) {
    if (it->kind != VK::Unknown)
      Issue(DiagKind::TraceTypeError, where, "`" + Describe(*it) + "` is not an iterator", "call `iter(x)` first");
    *unknown = true;
    return MakeUnknown();
  }
  const long uncertain = uncertain_raises;
  ++try_depth;  // a StopIteration leaving `__next__` comes back here (raise_pending)
  ValuePtr r = CallMember(it, m, {}, where);
  --try_depth;
  // A traced caller gets the raise as pending; an eager one (module scope) as
  // an uncertain raise that left the frame with `raising` set.
  ValuePtr exc = raise_pending ? raise_pending : (uncertain_raises > uncertain ? raising : nullptr);
  if (exc && IsStopIteration(exc)) {
    raise_pending = nullptr;
    uncertain_raises = uncertain;
    return nullptr;
  }
  if (exc || uncertain_raises > uncertain) *unknown = true;
  return r;
}

// Python's older iteration protocol, v[0], v[1], ... until an IndexError:
// traced as the indices below `len(v)` (a class with `__getitem__` and no
// `__len__` is iterated by the interpreter).
ValuePtr Tracer::SequenceItems(const ValuePtr& v, Range where) {
  ValuePtr n = MemberOf(v, "__len__") ? ObjectLen(v, where) : nullptr;
  if (!n || n->kind != VK::Int || !n->known || n->i > opts.max_unroll) {
    MarkEager("iterating over `" + v->cls->name + "` by `__getitem__` until an IndexError", where);
    return UnknownList();
  }
  std::vector<ValuePtr> items;
  for (int64_t i = 0; i < n->i; ++i) items.push_back(ObjectGetItem(v, MakeInt(i), where));
  return MakeSeq(VK::List, std::move(items));
}

ValuePtr Tracer::IterableOf(const ValuePtr& v, Range where) {
  ValuePtr it = v;
  if (v->kind == VK::Object) {
    ValuePtr m = MemberOf(v, "__iter__");
    if (!m && MemberOf(v, "__getitem__")) return SequenceItems(v, where);
    if (!m) {
      Issue(DiagKind::TraceTypeError, where, "`" + v->cls->name + "` object is not iterable",
            "define `__iter__` on the class");
      return UnknownList();
    }
    it = CallMember(v, m, {}, where);
    if (it->kind == VK::Unknown || raise_pending) return UnknownList();
    if (!IsIterator(it) && !MemberOf(it, "__next__")) {
      Issue(DiagKind::TraceTypeError, where, "`__iter__` returned a non-iterator (" + Describe(*it) + ")",
            "return `iter(...)` of a sequence, or an object with a `__next__` method (often `self`)");
      return UnknownList();
    }
  } else if (v->kind == VK::Set) {  // its items, in insertion order (lang/semantics/containers.h)
    if (!v->known) return UnknownList();
    return MakeSeq(VK::List, v->items);
  } else if (!IsIterator(v)) {
    return v;
  }
  std::vector<ValuePtr> items;
  for (int n = 0; n <= opts.max_unroll; ++n) {
    bool unknown = false;
    ValuePtr x = NextOf(it, where, &unknown);
    if (unknown) return UnknownList();
    if (!x) return MakeSeq(VK::List, std::move(items));
    items.push_back(x);
  }
  return UnknownList();  // longer than a loop unrolls
}

// isinstance(v, c) as the interpreter decides it (runtime/interp/builtins_core.cpp IsInstanceOf).
ValuePtr Tracer::IsInstance(const ValuePtr& v, const ValuePtr& c) {
  if (v->kind == VK::Unknown) return MakeUnknownOf(VK::Bool);
  if (c->kind == VK::Tuple && c->known) {
    bool unknown = false;
    for (const auto& x : c->items) {
      auto t = KnownTruth(*IsInstance(v, x));
      if (t && *t) return MakeBool(true);
      unknown |= !t;
    }
    return unknown ? MakeUnknownOf(VK::Bool) : MakeBool(false);
  }
  if (c->kind == VK::Class) {
    if (v->kind != VK::Object) return MakeBool(false);
    auto m = ExceptionMatches(v, c);  // the class or a subclass of it
    return m ? MakeBool(*m) : MakeUnknownOf(VK::Bool);
  }
  if (c->kind == VK::Builtin && !c->self_value) {
    if (auto cls = sem::PyClassNamed(c->s)) {
      if (auto value = PyClassOfKind(v->kind)) return MakeBool(sem::PyIsInstance(*value, *cls));
      if (v->kind != VK::Unknown) return MakeBool(false);
    }
  }
  return MakeUnknownOf(VK::Bool);
}

namespace {
// The builtins ObjectBuiltin handles by name (after dict(obj) and the
// builtins that consume iterables): a handler returns null when the call is
// not its case (then the generic path takes it).
struct ObjectHandler {
  const char* names[4];
  ValuePtr (Tracer::*fn)(const std::string&, const ValuePtr&, CallArgs&);
};
const ObjectHandler kObjectHandlers[] = {
    {{"len"}, &Tracer::ObjectLenBuiltin},
    {{"bool"}, &Tracer::ObjectBoolBuiltin},
    {{"abs"}, &Tracer::ObjectAbsBuiltin},
    {{"property", "staticmethod", "classmethod"}, &Tracer::DescriptorBuiltin},
    {{"#property.setter"}, &Tracer::PropertySetterBuiltin},
    {{"__copy_copy"}, &Tracer::CopyBuiltin},
    {{"__copy_deepcopy"}, &Tracer::DeepCopyBuiltin},
    {{"__tensor_methods"}, &Tracer::TensorMethodsBuiltin},
    {{"Tensor"}, &Tracer::TensorClassBuiltin},
    {{"__return_types"}, &Tracer::ReturnTypesBuiltin},
    {{"vars"}, &Tracer::VarsBuiltin},
    {{"iter"}, &Tracer::IterBuiltin},
    {{"next"}, &Tracer::NextBuiltin},
    {{"getattr", "hasattr", "setattr", "delattr"}, &Tracer::AttrBuiltin},
    {{"isinstance"}, &Tracer::IsInstanceBuiltin},
    {{"type"}, &Tracer::TypeBuiltin},
};
}  // namespace

ValuePtr Tracer::ObjectBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args) {
  Range where = args.range;
  if (PyIdOf(name) == sem::PyBuiltinId::py_dict && !self && args.pos.size() == 1 && args.pos[0]->kind == VK::Object) {
    // a mapping (collections' Counter or defaultdict, a user class with keys()):
    // its keys(), then obj[key], as the interpreter's dict() reads it
    const ValuePtr obj = args.pos[0];
    if (ValuePtr keys_m = MemberOf(obj, "keys")) {
      ValuePtr keys = IterableOf(CallMember(obj, keys_m, {}, where), where);
      auto d = MakeSeq(VK::Dict, {});
      if (keys->kind != VK::List && keys->kind != VK::Tuple) keys = UnknownList();
      d->known = keys->known;
      auto set = [&](const ValuePtr& k, const ValuePtr& v) {
        for (size_t i = 0; i < d->keys.size(); ++i) {
          auto eq = KnownEqual(*d->keys[i], *k);
          if (!eq) d->known = false;
          if (eq.value_or(false)) { d->items[i] = v; return; }
        }
        d->keys.push_back(k);
        d->items.push_back(v);
      };
      for (const auto& k : keys->known ? keys->items : std::vector<ValuePtr>{}) set(k, ObjectGetItem(obj, k, where));
      for (const auto& [k, v] : args.kw) set(MakeStr(k), v);
      return d;
    }
  }
  if (ConsumesIterables(name, args.pos.size()) && !self) {
    for (auto& a : args.pos)
      if (a->kind == VK::Object || IsIterator(a) || a->kind == VK::Set) a = IterableOf(a, where);
    return nullptr;  // the builtin itself, on the items
  }
  if (const ObjectHandler* h = FindHandlerRow(kObjectHandlers, name)) return (this->*h->fn)(name, self, args);
  return nullptr;
}

ValuePtr Tracer::ObjectLenBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self || !(args.pos.size() == 1 && args.pos[0]->kind == VK::Object)) return nullptr;
  const Range& where = args.range;
  return ObjectLen(args.pos[0], where);
}

ValuePtr Tracer::ObjectBoolBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self || !(args.pos.size() == 1 && args.pos[0]->kind == VK::Object)) return nullptr;
  const Range& where = args.range;
  ValuePtr t = ObjectTruth(args.pos[0], where);
  auto known = t ? KnownTruth(*t) : std::optional<bool>(true);
  return known ? MakeBool(*known) : MakeUnknownOf(VK::Bool);
}

ValuePtr Tracer::ObjectAbsBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self || !(args.pos.size() == 1 && args.pos[0]->kind == VK::Object)) return nullptr;
  const Range& where = args.range;
  if (ValuePtr m = MemberOf(args.pos[0], "__abs__")) return CallMember(args.pos[0], m, {}, where);
  Issue(DiagKind::TraceTypeError, where, "bad operand type for `abs()`: `" + args.pos[0]->cls->name + "`",
        "define `__abs__` on the class");
  return MakeUnknown();
}

ValuePtr Tracer::DescriptorBuiltin(const std::string& name, const ValuePtr&, CallArgs& args) {
  const Range& where = args.range;
  ValuePtr fn = args.Arg(0, "function");
  if (!fn || args.pos.size() != 1) {
    Issue(DiagKind::TraceArgumentError, where, "`" + name + "()` takes one function");
    return MakeUnknown();
  }
  ValuePtr d = MakeBuiltin("#" + name);
  d->inner = fn;
  return d;
}

// `@x.setter`
ValuePtr Tracer::PropertySetterBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (!self) return nullptr;
  ValuePtr d = MakeBuiltin("#property");
  d->inner = self->inner;
  if (ValuePtr fn = args.Arg(0, "fset")) d->items = {fn};
  return d;
}

// copy.copy / copy.deepcopy
ValuePtr Tracer::CopyBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  return self ? nullptr : CopyArg(args, false);
}
ValuePtr Tracer::DeepCopyBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  return self ? nullptr : CopyArg(args, true);
}
ValuePtr Tracer::CopyArg(CallArgs& args, bool deep) {
  ValuePtr x = args.Arg(0, "x");
  if (!x) return MakeUnknown();
  std::map<const Value*, ValuePtr> memo;
  return CopyValue(x, deep, memo, args.range);
}

// stdlib/torch.ts: x.NAME(...) calls the function with x first
ValuePtr Tracer::TensorMethodsBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self) return nullptr;
  for (const auto& [k, v] : args.kw) script_tensor_methods[k] = v;
  return MakeNone();
}

// torch.Tensor(2, 3), torch.Tensor([1, 2]): stdlib/torch.ts's __new__
ValuePtr Tracer::TensorClassBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self) return nullptr;
  auto it = script_tensor_methods.find("__new__");
  if (it != script_tensor_methods.end()) return Call(it->second, args);
  return nullptr;
}

// torch.return_types.<type>(item, ...)
ValuePtr Tracer::ReturnTypesBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self) return nullptr;
  ValuePtr type = args.Arg(0, "type");
  if (!type || type->kind != VK::Str || !type->known || !args.kw.empty()) return MakeUnknown();
  ValuePtr t = NamedTuple(type->s, {args.pos.begin() + 1, args.pos.end()});
  return t ? t : MakeUnknown();
}

// as `obj.__dict__`
ValuePtr Tracer::VarsBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self) return nullptr;
  ValuePtr obj = args.Arg(0, "object");
  if (ValuePtr d = obj ? AttributeDict(obj) : nullptr) return d;
  if (Traced()) MarkEager("`vars()` of an object whose attributes are known only at run time", args.range);
  return MakeUnknown();
}

ValuePtr Tracer::IterBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self || args.pos.size() != 1) return nullptr;
  const Range& where = args.range;
  const ValuePtr& x = args.pos[0];
  if (x->kind == VK::Object) {
    ValuePtr m = MemberOf(x, "__iter__");
    if (m) return CallMember(x, m, {}, where);
  }
  if (IsIterator(x)) return x;
  ValuePtr it = MakeBuiltin("#iterator");
  if ((x->kind == VK::List || x->kind == VK::Tuple || x->kind == VK::Set) && x->known) it->items = x->items;
  else if (x->kind == VK::Dict && x->known) it->items = x->keys;
  else it->known = false;
  return it;
}

ValuePtr Tracer::NextBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self || args.pos.empty()) return nullptr;
  const Range& where = args.range;
  bool unknown = false;
  ValuePtr x = NextOf(args.pos[0], where, &unknown);
  if (x) return x;
  if (!unknown && args.pos.size() > 1) return args.pos[1];
  // raises StopIteration at run time
  MarkEager("`next()` of an exhausted iterator raises StopIteration", where);
  ++uncertain_raises;
  return MakeUnknown();
}

ValuePtr Tracer::AttrBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args) {
  if (self || args.pos.size() < 2) return nullptr;
  const Range& where = args.range;
  const ValuePtr& obj = args.pos[0];
  const ValuePtr& attr = args.pos[1];
  const auto id = PyIdOf(name);
  using enum sem::PyBuiltinId;
  if (attr->kind != VK::Str || !attr->known) {
    MarkEager("`" + name + "()` of an attribute name known only at run time", where);
    return MakeUnknown();
  }
  if (id == py_delattr) {
    DelAttr(obj, attr->s, where);
    return MakeNone();
  }
  bool has = true;
  if (obj->kind == VK::Object && id != py_setattr) NoteAttrRead(obj, attr->s);
  if (obj->kind == VK::Object)
    has = obj->attrs.count(attr->s) || (obj->cls && obj->cls->members.count(attr->s)) || SpecialAttr(obj, attr->s);
  else if (obj->kind == VK::Class)
    has = obj->cls->members.count(attr->s) || SpecialAttr(obj, attr->s);
  else if (id == py_hasattr && (obj->kind == VK::List || obj->kind == VK::Dict || obj->kind == VK::Set ||
                                 obj->kind == VK::Str || obj->kind == VK::Tuple))
    // their methods are lang/semantics/container_methods.def's rows (a tuple: index and count)
    return MakeBool(obj->kind == VK::Tuple ? sem::FindTupleMethod(attr->s) != nullptr
                    : sem::FindContainerMethod(obj->kind == VK::List ? sem::ContainerType::List
                                               : obj->kind == VK::Dict ? sem::ContainerType::Dict
                                               : obj->kind == VK::Set ? sem::ContainerType::Set
                                                                      : sem::ContainerType::Str,
                                               attr->s) != nullptr);
  else if (id == py_hasattr && (obj->kind == VK::Function || obj->kind == VK::Wrapper ||
                                 obj->kind == VK::BoundMethod) && attr->s.rfind("__", 0) != 0)
    return MakeBool(false);  // functions take no attributes in TensorScript (only dunders are there)
  else if (id != py_getattr)
    return MakeUnknownOf(VK::Bool);  // hasattr/setattr of other values: decided by the interpreter
  if (id == py_hasattr) return MakeBool(has);
  if (id == py_setattr) {
    if (args.pos.size() != 3) return nullptr;
    MarkMutation(obj, "`setattr()` on " + Describe(*obj), where);
    if (obj->kind == VK::Object) StoreObjectAttr(obj, attr->s, args.pos[2], where);
    else obj->cls->members[attr->s] = args.pos[2];
    return MakeNone();
  }
  if (!has && args.pos.size() == 3) return args.pos[2];
  return GetAttr(obj, attr->s, where);
}

ValuePtr Tracer::IsInstanceBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self || args.pos.size() != 2) return nullptr;
  return IsInstance(args.pos[0], args.pos[1]);
}

ValuePtr Tracer::TypeBuiltin(const std::string&, const ValuePtr& self, CallArgs& args) {
  if (self || args.pos.size() != 1) return nullptr;
  const Range& where = args.range;
  const ValuePtr& x = args.pos[0];
  if (auto c = PyClassOfKind(x->kind)) return MakeBuiltin(sem::PyClassName(*c));
  if (x->kind == VK::Object) return ClassValueOf(x);
  if (x->kind == VK::Class) return MakeBuiltin("type");
  MarkEager("`type()` of " + Describe(*x), where);
  return MakeUnknown();
}

}  // namespace tcc::trace
