// Implements the special methods of user classes in the interpreter: the
// operators (lang/semantics/dunder.h: the method, then the reflected one, then
// the default), truthiness, len(), indexing, `in` and iteration, and the
// descriptors (property, staticmethod, classmethod) attribute access binds.
#include "interp/dunder.h"

#include "interp/code.h"
#include "interp/interpreter.h"
#include "semantics/dunder.h"

namespace tcc::interp {

namespace {

const Value* Dunder(const Value& v, const char* name) {
  if (!v.is(OType::Instance)) return nullptr;
  return v.as<InstanceObj>()->cls->Lookup(Intern(name));
}

// Calls class member `m` (found by Dunder) as a method of `self`.
Value CallMember(const Value& self, const Value& m, const Value* args, int32_t n) {
  Interp* in = CurrentInterp();
  if (m.is(OType::Function)) return in->CallFunction(m.as<FunctionObj>(), &self, args, n, nullptr, nullptr, 0);
  if (m.is(OType::Special)) return in->Call(BindSpecialMember(m, self, false), args, n, nullptr, nullptr, 0);
  if (m.is(OType::Builtin) && m.as<BuiltinObj>()->method) {
    Value bound = Value::Obj(new BoundMethodObj(self, m));
    return in->Call(bound, args, n, nullptr, nullptr, 0);
  }
  return in->Call(m, args, n, nullptr, nullptr, 0);
}

// self.name(arg) when self's class defines `name` and it does not return NotImplemented.
bool TryDunder(const Value& self, const char* name, const Value& arg, Value* out) {
  const Value* m = Dunder(self, name);
  if (!m) return false;
  *out = CallMember(self, *m, &arg, 1);
  return !IsSpecial(*out, SpecialObj::NotImplemented);
}

bool SameClass(const Value& a, const Value& b) {
  return a.is(OType::Instance) && b.is(OType::Instance) && a.as<InstanceObj>()->cls.get() == b.as<InstanceObj>()->cls.get();
}

bool Identical(const Value& a, const Value& b) { return a.is_obj() && b.is_obj() && a.obj() == b.obj(); }

const Value& BuiltinClass(const char* name) {
  const BuiltinTable& t = Builtins();
  return t.values[t.index.at(name)];
}
const Value& StopIterationClass() { return BuiltinClass("StopIteration"); }

// Whether error `e` is caught by `except <name>` (a builtin exception class).
bool IsErrorOf(const TsError& e, const char* name) {
  const ClassObj* cls = BuiltinClass(name).as<ClassObj>();
  if (e.exc.is(OType::Instance)) return e.exc.as<InstanceObj>()->cls->IsSubclassOf(cls);
  return BuiltinClass(PythonExceptionName(e.kind)).as<ClassObj>()->IsSubclassOf(cls);
}
bool IsStopIteration(const TsError& e) { return IsErrorOf(e, "StopIteration"); }

}  // namespace

bool IsSpecial(const Value& v, SpecialObj::Kind k) { return v.is(OType::Special) && v.as<SpecialObj>()->kind == k; }

const Value& NotImplementedValue() {
  static const Value v = Value::Obj(new SpecialObj(SpecialObj::NotImplemented));
  return v;
}

std::string SpecialTypeName(const Value& v) {
  switch (v.as<SpecialObj>()->kind) {
    case SpecialObj::Property: return "property";
    case SpecialObj::StaticMethod: return "staticmethod";
    case SpecialObj::ClassMethod: return "classmethod";
    case SpecialObj::Iterator: return "iterator";
    case SpecialObj::NotImplemented: return "NotImplementedType";
  }
  return "object";
}

std::string SpecialRepr(const Value& v) {
  if (IsSpecial(v, SpecialObj::NotImplemented)) return "NotImplemented";
  return "<" + SpecialTypeName(v) + " object>";
}

// ---------------------------------------------------------------- operators

Value InstanceBinary(ast::BinOp op, const Value& a, const Value& b) {
  const sem::BinaryDunder d = sem::BinaryDunderOf(op);
  Value r;
  if (TryDunder(a, d.op, b, &r)) return r;
  if (!SameClass(a, b) && TryDunder(b, d.reflected, a, &r)) return r;
  TypeErr(std::string("unsupported operand types for `") + ast::BinOpSpelling(op) + "`: `" + TypeName(a) + "` and `" +
              TypeName(b) + "`",
          std::string("define `") + d.op + "` on the left operand's class or `" + d.reflected + "` on the right's");
}

Value InstanceAugmented(ast::BinOp op, const Value& a, const Value& b) {
  Value r;
  if (TryDunder(a, sem::BinaryDunderOf(op).inplace, b, &r)) return r;
  return BinaryOp(op, a, b);
}

Value InstanceUnary(ast::UnaryOp op, const Value& a) {
  const char* name = sem::UnaryDunderOf(op);
  if (const Value* m = name ? Dunder(a, name) : nullptr) return CallMember(a, *m, nullptr, 0);
  TypeErr(std::string("bad operand type for unary `") + ast::UnaryOpSpelling(op) + "`: `" + TypeName(a) + "`",
          std::string("define `") + (name ? name : "") + "` on the class");
}

Value InstanceAbs(const Value& a) {
  if (const Value* m = Dunder(a, "__abs__")) return CallMember(a, *m, nullptr, 0);
  TypeErr("bad operand type for `abs()`: `" + TypeName(a) + "`", "define `__abs__` on the class");
}

Value InstanceCompare(ast::CmpOp op, const Value& a, const Value& b) {
  const sem::CompareDunder d = sem::CompareDunderOf(op);
  Value r;
  if (d.op && TryDunder(a, d.op, b, &r)) return r;
  if (d.op && TryDunder(b, d.reflected, a, &r)) return r;
  switch (op) {
    case ast::CmpOp::Eq: return Value::Bool(Identical(a, b));
    case ast::CmpOp::NotEq:  // object.__ne__ inverts __eq__
      if (TryDunder(a, "__eq__", b, &r) || TryDunder(b, "__eq__", a, &r)) return Value::Bool(!Truthy(r));
      return Value::Bool(!Identical(a, b));
    case ast::CmpOp::Lt: case ast::CmpOp::LtE: case ast::CmpOp::Gt: case ast::CmpOp::GtE:
    case ast::CmpOp::Is: case ast::CmpOp::IsNot: case ast::CmpOp::In: case ast::CmpOp::NotIn:
      break;
  }
  TypeErr(std::string("`") + ast::CmpOpSpelling(op) + "` is not supported between instances of `" + TypeName(a) +
              "` and `" + TypeName(b) + "`",
          d.op ? std::string("define `") + d.op + "` on the class" : std::string());
}

bool InstanceEquals(const Value& a, const Value& b) {
  return Identical(a, b) || Truthy(InstanceCompare(ast::CmpOp::Eq, a, b));
}

bool InstanceTruthy(const Value& v) {
  if (const Value* m = Dunder(v, "__bool__")) {
    Value r = CallMember(v, *m, nullptr, 0);
    if (!r.is_bool()) TypeErr("`__bool__` should return a bool, not `" + TypeName(r) + "`");
    return r.as_bool();
  }
  if (Dunder(v, "__len__")) return InstanceLen(v) != 0;
  return true;
}

int64_t InstanceLen(const Value& v) {
  const Value* m = Dunder(v, "__len__");
  if (!m) TypeErr("object of type `" + TypeName(v) + "` has no len()", "define `__len__` on the class");
  Value r = CallMember(v, *m, nullptr, 0);
  if (!r.is_int() && !r.is_bool()) TypeErr("`__len__` should return an int, not `" + TypeName(r) + "`");
  if (r.to_int() < 0) ValueErr("`__len__` should return a value >= 0");
  return r.to_int();
}

Value InstanceGetItem(const Value& obj, const Value& idx) {
  const Value* m = Dunder(obj, "__getitem__");
  if (!m) TypeErr("`" + TypeName(obj) + "` object is not subscriptable", "define `__getitem__` on the class");
  return CallMember(obj, *m, &idx, 1);
}

void InstanceSetItem(const Value& obj, const Value& idx, const Value& v) {
  const Value* m = Dunder(obj, "__setitem__");
  if (!m) TypeErr("`" + TypeName(obj) + "` object does not support item assignment", "define `__setitem__` on the class");
  Value args[2] = {idx, v};
  CallMember(obj, *m, args, 2);
}

void InstanceDelItem(const Value& obj, const Value& idx) {
  const Value* m = Dunder(obj, "__delitem__");
  if (!m) TypeErr("`" + TypeName(obj) + "` object does not support item deletion", "define `__delitem__` on the class");
  CallMember(obj, *m, &idx, 1);
}

bool InstanceContains(const Value& obj, const Value& item) {
  if (const Value* m = Dunder(obj, "__contains__")) return Truthy(CallMember(obj, *m, &item, 1));
  if (!Dunder(obj, "__iter__") && !Dunder(obj, "__getitem__"))
    TypeErr("argument of type `" + TypeName(obj) + "` is not iterable", "define `__contains__` or `__iter__` on the class");
  return !IterateObject(obj, [&](Value x) { return !ValuesEqual(x, item); });
}

// ---------------------------------------------------------------- iteration

bool IsObjectIterable(const Value& v) { return v.is(OType::Instance) || IsSpecial(v, SpecialObj::Iterator); }

Value GetIterator(const Value& v) {
  if (IsSpecial(v, SpecialObj::Iterator)) return v;
  if (const Value* m = Dunder(v, "__iter__")) {
    Value it = CallMember(v, *m, nullptr, 0);
    if (!IsSpecial(it, SpecialObj::Iterator) && !Dunder(it, "__next__"))
      TypeErr("`__iter__` returned a non-iterator of type `" + TypeName(it) + "`",
              "return `iter(...)` of a sequence, or an object with a `__next__` method (often `self`)");
    return it;
  }
  Ref<SpecialObj> it(new SpecialObj(SpecialObj::Iterator));
  if (v.is(OType::Instance)) {
    // Python's older protocol: seq[0], seq[1], ... until an IndexError.
    if (!Dunder(v, "__getitem__")) TypeErr("`" + TypeName(v) + "` object is not iterable", "define `__iter__` on the class");
    it->seq = v;
    return it.value();
  }
  it->items = Materialize(v);
  return it.value();
}

bool NextItem(const Value& it, Value* out) {
  if (IsSpecial(it, SpecialObj::Iterator) && !it.as<SpecialObj>()->seq.is_undef()) {
    auto* s = it.as<SpecialObj>();
    Interp* in = CurrentInterp();
    const size_t unwound = in->unwound().size();
    try {
      *out = InstanceGetItem(s->seq, Value::Int(static_cast<int64_t>(s->pos)));
      ++s->pos;
      return true;
    } catch (TsError& e) {
      if (!IsErrorOf(e, "IndexError")) throw;
      in->unwound().resize(unwound);
      s->seq = Value();
      s->pos = 0;
      return false;
    }
  }
  if (IsSpecial(it, SpecialObj::Iterator)) {
    auto* s = it.as<SpecialObj>();
    if (s->pos >= s->items.size()) {
      s->items.clear();
      s->pos = 0;
      return false;
    }
    *out = s->items[s->pos++];
    return true;
  }
  const Value* m = Dunder(it, "__next__");
  if (!m) TypeErr("`" + TypeName(it) + "` object is not an iterator", "call `iter(x)` first");
  Interp* in = CurrentInterp();
  const size_t unwound = in->unwound().size();
  try {
    *out = CallMember(it, *m, nullptr, 0);
    return true;
  } catch (TsError& e) {
    if (!IsStopIteration(e)) throw;
    in->unwound().resize(unwound);  // the frames it unwound are no traceback
    return false;
  }
}

[[noreturn]] void ThrowStopIteration() {
  TsError e(DiagKind::RtUncaughtException, "StopIteration");
  e.exc = CurrentInterp()->Call0(StopIterationClass());
  throw e;
}

bool IterateObject(const Value& v, const std::function<bool(Value)>& body) {
  Value it = GetIterator(v);
  Value x;
  while (NextItem(it, &x))
    if (!body(x)) return false;
  return true;
}

std::vector<Value> ObjectItems(const Value& v) {
  std::vector<Value> out;
  IterateObject(v, [&](Value x) { out.push_back(std::move(x)); return true; });
  return out;
}

// ---------------------------------------------------------------- attributes

Value BindSpecialMember(const Value& m, const Value& self, bool on_class) {
  auto* s = m.as<SpecialObj>();
  switch (s->kind) {
    case SpecialObj::Property: return on_class ? m : CurrentInterp()->Call1(s->fn, self);
    case SpecialObj::StaticMethod: return s->fn;
    case SpecialObj::ClassMethod: {
      Value cls = on_class || !self.is(OType::Instance) ? self : self.as<InstanceObj>()->cls.value();
      return Value::Obj(new BoundMethodObj(std::move(cls), s->fn));
    }
    case SpecialObj::Iterator: case SpecialObj::NotImplemented: return m;
  }
  return m;
}

bool SetThroughProperty(const Value& obj, int32_t sym, const Value& v) {
  const ClassObj* cls = obj.as<InstanceObj>()->cls.get();
  if (!cls->properties) return false;
  const Value* m = cls->Lookup(sym);
  if (!m || !IsSpecial(*m, SpecialObj::Property)) return false;
  const Value& setter = m->as<SpecialObj>()->setter;
  if (setter.is_undef())
    ThrowError(DiagKind::RtAttributeError, "cannot set the property `" + SymName(sym) + "` of `" + cls->name + "`: it has no setter",
               "add a setter: `@" + SymName(sym) + ".setter` on a method `def " + SymName(sym) + "(self, value)`");
  Value args[2] = {obj, v};
  CurrentInterp()->Call(setter, args, 2, nullptr, nullptr, 0);
  return true;
}

namespace {
Value PropertySetter(Interp&, Args& a) {
  a.Check(2, {});
  Ref<SpecialObj> p(new SpecialObj(SpecialObj::Property));
  p->fn = a.pos[0].as<SpecialObj>()->fn;
  p->setter = a.Need(1, "fset");
  return p.value();
}
}  // namespace

Value InstanceDict(const Value& obj) {
  Ref<DictObj> d(new DictObj());
  for (const auto& [k, v] : obj.as<InstanceObj>()->attrs) d->Set(MakeStr(SymName(k)), v);
  return d.value();
}

Value SpecialAttribute(const Value& obj, int32_t sym) {
  static const int32_t class_sym = Intern("__class__"), name_sym = Intern("__name__"), setter_sym = Intern("setter");
  if (sym == class_sym && obj.is(OType::Instance)) return obj.as<InstanceObj>()->cls.value();
  static const int32_t dict_sym = Intern("__dict__");
  if (sym == dict_sym && obj.is(OType::Instance)) return InstanceDict(obj);
  if (sym == name_sym) {
    if (obj.is(OType::Class)) return MakeStr(obj.as<ClassObj>()->name);
    if (obj.is(OType::Function)) return MakeStr(obj.as<FunctionObj>()->code->name);
    if (obj.is(OType::Builtin)) return MakeStr(obj.as<BuiltinObj>()->name);
  }
  if (sym == setter_sym && IsSpecial(obj, SpecialObj::Property)) {
    auto* b = new BuiltinObj("setter", PropertySetter);
    Value r = Value::Obj(b);
    b->self = obj;
    return r;
  }
  return Value();
}

namespace {
const ClassObj* g_class_body = nullptr;  // the class whose body is running (one interpreter thread)
}  // namespace

ClassBodyScope::ClassBodyScope(const ClassObj* c) : prev(g_class_body) { g_class_body = c; }
ClassBodyScope::~ClassBodyScope() { g_class_body = prev; }

Value ClassBodyLookup(Interp& in, const XNode* e) {
  if (!g_class_body) return Value();
  const XNode* name = e->k == XK::Attr ? e->kids[0].get() : e;
  if (name->k != XK::Local && name->k != XK::Global && name->k != XK::Cell && name->k != XK::Free) return Value();
  for (const auto& [sym, v] : g_class_body->attrs)
    if (SymName(sym) == name->name) return e->k == XK::Attr ? in.GetAttr(v, e->slot) : v;
  return Value();
}

void NoteClassMembers(ClassObj* cls) {
  if (cls->base) cls->properties |= cls->base->properties;
  for (auto& [sym, v] : cls->attrs) {
    if (!v.is(OType::Special)) continue;
    auto* s = v.as<SpecialObj>();
    if (s->kind == SpecialObj::Property) cls->properties = true;
    for (Value* f : {&s->fn, &s->setter})
      if (f->is(OType::Function)) f->as<FunctionObj>()->owner = Ref<ClassObj>(cls);
  }
}

}  // namespace tcc::interp
