// Implements the Python object model of user classes in the tracer, as the
// interpreter has it (runtime/interp/dunder.cpp): operators call the special
// methods in lang/semantics/dunder.h's order (the method, the reflected one, the
// default), truthiness `__bool__` then `__len__`, len(), indexing, `in`,
// iteration (`__iter__`, then `__next__` until it raises StopIteration), and
// the descriptors property / staticmethod / classmethod. The methods are
// traced like any other call, so an object whose methods are shape-known
// code adds no graph break.
//
// Descriptors are builtin values: "#property" (inner: the getter, items[0]:
// the setter when there is one), "#staticmethod" and "#classmethod" (inner:
// the function); iter() of a sequence is "#iterator" (items, i: the next
// position). NotImplemented is the builtin value of that name.
#include "semantics/dunder.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

namespace {

bool IsNamed(const ValuePtr& v, const char* name) {
  return v && v->kind == VK::Builtin && !v->self_value && v->s == name;
}
bool IsNotImplemented(const ValuePtr& v) { return IsNamed(v, "NotImplemented"); }

bool SameClass(const ValuePtr& a, const ValuePtr& b) {
  return a->kind == VK::Object && b->kind == VK::Object && a->cls == b->cls;
}

// The Python type name of a value, as the interpreter's messages give it.
std::string ClassName(const ValuePtr& v) {
  switch (v->kind) {
    case VK::Object: return v->cls ? v->cls->name : "object";
    case VK::Tensor: return "Tensor";
    case VK::Int: return "int";
    case VK::Float: return "float";
    case VK::Bool: return "bool";
    case VK::Str: return "str";
    case VK::List: return "list";
    case VK::Tuple: return "tuple";
    case VK::Dict: return "dict";
    case VK::Set: return "set";
    case VK::None: return "NoneType";
    case VK::Unknown: case VK::Ellipsis: case VK::Slice: case VK::DType: case VK::Function: case VK::Builtin:
    case VK::BoundMethod: case VK::Class: case VK::Module: case VK::Wrapper: case VK::Marker:
      break;
  }
  return Describe(*v);
}

}  // namespace

ValuePtr Tracer::ClassValueOf(const ValuePtr& obj) {
  auto c = MakeUnknown();
  c->kind = VK::Class;
  c->cls = obj->cls;
  c->module = obj->cls ? obj->cls->module : nullptr;
  return c;
}

ValuePtr Tracer::MemberOf(const ValuePtr& obj, const std::string& name) {
  if (obj->kind != VK::Object || !obj->cls) return nullptr;
  auto it = obj->cls->members.find(name);
  return it == obj->cls->members.end() ? nullptr : it->second;
}

ValuePtr Tracer::CallMember(const ValuePtr& self, const ValuePtr& m, std::vector<ValuePtr> args, Range where) {
  CallArgs a;
  a.pos = std::move(args);
  a.range = where;
  if (m->kind == VK::Function || m->kind == VK::Wrapper) return CallFunction(m, self, a, false);
  if (ValuePtr bound = BindMember(m, self, false, where)) return Call(bound, a);
  return Call(m, a);
}

ValuePtr Tracer::BindMember(const ValuePtr& m, const ValuePtr& self, bool on_class, Range where) {
  if (IsNamed(m, "#property")) {
    if (on_class) return m;
    CallArgs none;
    none.range = where;
    return CallFunction(m->inner, self, none, false);
  }
  if (IsNamed(m, "#staticmethod")) return m->inner;
  if (IsNamed(m, "#classmethod")) {
    auto bm = MakeUnknown();
    bm->kind = VK::BoundMethod;
    bm->self_value = on_class || self->kind != VK::Object ? self : ClassValueOf(self);
    bm->inner = m->inner;
    return bm;
  }
  return nullptr;
}

ValuePtr Tracer::SpecialAttr(const ValuePtr& base, const std::string& attr) {
  if (attr == "__class__" && base->kind == VK::Object) return ClassValueOf(base);
  if (attr == "__name__" && base->kind == VK::Class && base->cls) return MakeStr(base->cls->name);
  return nullptr;
}

ValuePtr Tracer::EvalInClassBody(const Expr& e, const ClassInfo& cls) {
  const auto* a = dyn_cast<AttributeExpr>(&e);
  if (const auto* n = dyn_cast<NameExpr>(a ? a->value.get() : &e)) {
    auto it = cls.members.find(n->name);
    if (it != cls.members.end()) return a ? GetAttr(it->second, a->attr, e.range) : it->second;
  }
  return Eval(e);
}

bool Tracer::StoreObjectAttr(const ValuePtr& obj, const std::string& attr, const ValuePtr& v, Range where) {
  ValuePtr m = MemberOf(obj, attr);
  if (!IsNamed(m, "#property")) {
    NoteAttrWrite(obj, attr);
    obj->SetAttr(attr, v);
    return true;
  }
  if (m->items.empty()) {
    Issue(DiagKind::TraceTypeError, where,
          "cannot set the property `" + attr + "` of `" + obj->cls->name + "`: it has no setter",
          "add a setter: `@" + attr + ".setter` on a method `def " + attr + "(self, value)`");
    return false;
  }
  CallArgs a;
  a.pos = {v};
  a.range = where;
  CallFunction(m->items[0], obj, a, false);
  return true;
}

// ---------------------------------------------------------------- operators

ValuePtr Tracer::TryDunder(const ValuePtr& self, const char* name, const ValuePtr& arg, Range where) {
  ValuePtr m = MemberOf(self, name);
  if (!m) return nullptr;
  ValuePtr r = CallMember(self, m, {arg}, where);
  return IsNotImplemented(r) ? nullptr : r;
}

ValuePtr Tracer::ObjectBinary(BinOp op, const ValuePtr& a, const ValuePtr& b, Range where) {
  const sem::BinaryDunder d = sem::BinaryDunderOf(op);
  if (ValuePtr r = TryDunder(a, d.op, b, where)) return r;
  if (!SameClass(a, b))
    if (ValuePtr r = TryDunder(b, d.reflected, a, where)) return r;
  if (raise_pending || a->kind == VK::Unknown || b->kind == VK::Unknown) return MakeUnknown();
  Issue(DiagKind::TraceTypeError, where,
        std::string("unsupported operand types for `") + BinOpSpelling(op) + "`: `" + ClassName(a) + "` and `" +
            ClassName(b) + "`",
        std::string("define `") + d.op + "` on the left operand's class or `" + d.reflected + "` on the right's");
  return MakeUnknown();
}

ValuePtr Tracer::ObjectAugmented(BinOp op, const ValuePtr& a, const ValuePtr& b, Range where) {
  if (ValuePtr r = TryDunder(a, sem::BinaryDunderOf(op).inplace, b, where)) return r;
  return BinaryOp(op, a, b, where);
}

ValuePtr Tracer::ObjectUnary(UnaryOp op, const ValuePtr& v, Range where) {
  if (op == UnaryOp::Not) {
    ValuePtr t = ObjectTruth(v, where);
    auto known = t ? KnownTruth(*t) : std::optional<bool>(true);
    return known ? MakeBool(!*known) : MakeUnknownOf(VK::Bool);
  }
  const char* name = sem::UnaryDunderOf(op);
  if (ValuePtr m = MemberOf(v, name)) return CallMember(v, m, {}, where);
  Issue(DiagKind::TraceTypeError, where,
        std::string("bad operand type for unary `") + UnaryOpSpelling(op) + "`: `" + ClassName(v) + "`",
        std::string("define `") + name + "` on the class");
  return MakeUnknown();
}

ValuePtr Tracer::ObjectCompare(CmpOp op, const ValuePtr& a, const ValuePtr& b, Range where) {
  // Classes and builtins are compared by identity (`type(x) is C`): a class
  // value made by type() is not the pointer the class statement made.
  bool same_kind = a->kind == b->kind && (a->kind == VK::Class || a->kind == VK::Builtin);
  if (same_kind && (op == CmpOp::Is || op == CmpOp::IsNot || op == CmpOp::Eq || op == CmpOp::NotEq)) {
    bool same = a->kind == VK::Class ? a->cls == b->cls : (a->s == b->s && a->self_value == b->self_value);
    if (a->kind == VK::Builtin && (a->self_value || a->s.starts_with("#")) && a != b) same = false;
    return MakeBool(same == (op == CmpOp::Is || op == CmpOp::Eq));
  }
  if (op == CmpOp::In || op == CmpOp::NotIn) {
    if (b->kind != VK::Object) return nullptr;
    ValuePtr r;
    if (ValuePtr m = MemberOf(b, "__contains__")) {
      r = CallMember(b, m, {a}, where);
    } else {
      // Python: `x in obj` visits obj's items, comparing with ==.
      ValuePtr items = IterableOf(b, where);
      r = CompareOp(CmpOp::In, a, items, where);
    }
    auto t = KnownTruth(*r);
    if (!t) return MakeUnknownOf(VK::Bool);
    return MakeBool(*t == (op == CmpOp::In));
  }
  if (a->kind != VK::Object && b->kind != VK::Object) return nullptr;
  const sem::CompareDunder d = sem::CompareDunderOf(op);
  if (!d.op) return nullptr;  // is / is not: identity
  if (ValuePtr r = TryDunder(a, d.op, b, where)) return r;
  if (ValuePtr r = TryDunder(b, d.reflected, a, where)) return r;
  if (op == CmpOp::NotEq) {  // object.__ne__ inverts __eq__
    ValuePtr r = TryDunder(a, "__eq__", b, where);
    if (!r) r = TryDunder(b, "__eq__", a, where);
    if (r) {
      auto t = KnownTruth(*r);
      return t ? MakeBool(!*t) : MakeUnknownOf(VK::Bool);
    }
  }
  if (op == CmpOp::Eq || op == CmpOp::NotEq) return MakeBool((a == b) == (op == CmpOp::Eq));
  if (raise_pending || a->kind == VK::Unknown || b->kind == VK::Unknown) return MakeUnknownOf(VK::Bool);
  Issue(DiagKind::TraceTypeError, where,
        std::string("`") + CmpOpSpelling(op) + "` is not supported between instances of `" + ClassName(a) + "` and `" +
            ClassName(b) + "`",
        std::string("define `") + d.op + "` on the class");
  return MakeUnknownOf(VK::Bool);
}

ValuePtr Tracer::ObjectTruth(const ValuePtr& v, Range where) {
  if (ValuePtr m = MemberOf(v, "__bool__")) return CallMember(v, m, {}, where);
  if (MemberOf(v, "__len__")) return CompareOp(CmpOp::NotEq, ObjectLen(v, where), MakeInt(0), where);
  return nullptr;
}

ValuePtr Tracer::ObjectLen(const ValuePtr& v, Range where) {
  if (ValuePtr m = MemberOf(v, "__len__")) return CallMember(v, m, {}, where);
  Issue(DiagKind::TraceTypeError, where, "object of type `" + ClassName(v) + "` has no len()",
        "define `__len__` on the class");
  return MakeUnknownOf(VK::Int);
}

ValuePtr Tracer::ObjectGetItem(const ValuePtr& obj, const ValuePtr& idx, Range where) {
  if (ValuePtr m = MemberOf(obj, "__getitem__")) return CallMember(obj, m, {idx}, where);
  Issue(DiagKind::TraceTypeError, where, "`" + ClassName(obj) + "` object is not subscriptable",
        "define `__getitem__` on the class");
  return MakeUnknown();
}

void Tracer::ObjectSetItem(const ValuePtr& obj, const ValuePtr& idx, const ValuePtr& v, Range where) {
  if (ValuePtr m = MemberOf(obj, "__setitem__")) {
    CallMember(obj, m, {idx, v}, where);
    return;
  }
  Issue(DiagKind::TraceTypeError, where, "`" + ClassName(obj) + "` object does not support item assignment",
        "define `__setitem__` on the class");
}

void Tracer::ObjectDelItem(const ValuePtr& obj, const ValuePtr& idx, Range where) {
  if (ValuePtr m = MemberOf(obj, "__delitem__")) {
    CallMember(obj, m, {idx}, where);
    return;
  }
  Issue(DiagKind::TraceTypeError, where, "`" + ClassName(obj) + "` object does not support item deletion",
        "define `__delitem__` on the class");
}

}  // namespace tcc::trace
