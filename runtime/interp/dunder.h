// Defines the Python object model of user classes in the interpreter: the
// special methods the operators, len(), indexing, `in`, iteration and
// truthiness call (`__add__` ... in lang/semantics/dunder.h's order), and the
// `property`, `staticmethod` and `classmethod` descriptors, iterators and
// NotImplemented (SpecialObj). The generic operations (ops_scalar.cpp,
// ops_index.cpp, exec_stmt.cpp, call.cpp) hand an instance operand here.
#pragma once

#include <functional>
#include <vector>

#include "ast/ast.h"
#include "interp/objects.h"

namespace tcc::interp {

class Interp;
struct XNode;
struct BuiltinTable;

struct SpecialObj : Object {
  enum Kind : uint8_t { Property, StaticMethod, ClassMethod, Iterator, NotImplemented };
  explicit SpecialObj(Kind k) : Object(OType::Special), kind(k) {}
  Kind kind;
  Value fn;                  // Property: the getter; StaticMethod / ClassMethod: the function
  Value setter;              // Property: the setter (Undef: read-only)
  std::vector<Value> items;  // Iterator: what is left to visit, from `pos`
  size_t pos = 0;
  Value seq;                 // Iterator over an instance with `__getitem__` only: seq[pos] until IndexError
};

bool IsSpecial(const Value& v, SpecialObj::Kind k);
const Value& NotImplementedValue();
std::string SpecialTypeName(const Value& v);
// `obj.__dict__` / `vars(obj)`: a new dict of the instance's attributes in the
// order they were set (a snapshot: writing to it does not set attributes).
Value InstanceDict(const Value& obj);  // "property", "list_iterator", ...
std::string SpecialRepr(const Value& v);

// ---- operators on instances (an operand is an Instance)
Value InstanceBinary(ast::BinOp op, const Value& a, const Value& b);
Value InstanceAugmented(ast::BinOp op, const Value& a, const Value& b);  // `a op= b`, a an instance
Value InstanceUnary(ast::UnaryOp op, const Value& a);                    // -, +, ~
Value InstanceAbs(const Value& a);                                       // abs(a)
Value InstanceCompare(ast::CmpOp op, const Value& a, const Value& b);    // ==, !=, <, <=, >, >=
bool InstanceEquals(const Value& a, const Value& b);                     // truth of `a == b`
bool InstanceTruthy(const Value& v);
int64_t InstanceLen(const Value& v);
Value InstanceGetItem(const Value& obj, const Value& idx);
void InstanceSetItem(const Value& obj, const Value& idx, const Value& v);
void InstanceDelItem(const Value& obj, const Value& idx);
bool InstanceContains(const Value& obj, const Value& item);

// ---- iteration: an instance with `__iter__`, or an iterator
bool IsObjectIterable(const Value& v);
// Calls body(item) for each item until it returns false; false when it stopped early.
bool IterateObject(const Value& v, const std::function<bool(Value)>& body);
std::vector<Value> ObjectItems(const Value& v);
// iter(v): `__iter__`'s result, or an iterator over a sequence's items.
Value GetIterator(const Value& v);
// next(it): false when it is exhausted (its `__next__` raised StopIteration).
bool NextItem(const Value& it, Value* out);
[[noreturn]] void ThrowStopIteration();

// ---- attributes
// Class member `m` read through `self` (an instance, or the class itself
// when `on_class`): a property runs its getter, a classmethod binds the
// class, a staticmethod is its function.
Value BindSpecialMember(const Value& m, const Value& self, bool on_class);
// `obj.sym = v` where obj's class has a property `sym`: runs its setter
// (an AttributeError without one). False: no property of that name.
bool SetThroughProperty(const Value& obj, int32_t sym, const Value& v);
// `__class__` of an instance, `__name__` of a class or function; Undef otherwise.
Value SpecialAttribute(const Value& obj, int32_t sym);
// After a class body ran: methods wrapped in descriptors know their class (super()).
void NoteClassMembers(ClassObj* cls);
// While a class body runs, a name the body defined before (`__rmul__ =
// __mul__`) or an attribute of one (the decorator `@x.setter`) is read from
// the class, as Python's class namespace has it.
struct ClassBodyScope {
  explicit ClassBodyScope(const ClassObj* c);
  ~ClassBodyScope();
  const ClassObj* prev;
};
// That value; Undef when `e` is not one.
Value ClassBodyLookup(Interp& in, const XNode* e);

// property, staticmethod, classmethod, getattr, setattr, hasattr, type,
// iter, next, NotImplemented (builtins_object.cpp).
void RegisterObjectBuiltins(BuiltinTable& t);

}  // namespace tcc::interp
