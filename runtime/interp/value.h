// Defines the interpreter's Value: a 16-byte tagged union of the immediate
// kinds (None, bool, int, float) and a pointer to a refcounted heap Object
// (str, list, tuple, dict, set, function, class, instance, tensor, ...).
//
// Copying a Value adjusts the object's refcount; there is no cycle collector
// (reference cycles between instances leak until the process exits, which is
// how a script ends anyway).
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace tcc::interp {

enum class Tag : uint8_t { Undef, None, Bool, Int, Float, Obj };

enum class OType : uint8_t {
  Str, List, Tuple, Dict, Set, Function, Builtin, Class, Instance, BoundMethod,
  Module, Tensor, Slice, Ellipsis, DType, Cell, Native, Range, Super,
  Special,  // property, staticmethod, classmethod, iterator, NotImplemented (dunder.h)
  BigInt    // a Python int beyond int64 (lang/semantics/bigint.h); an int that fits is Value::Int
};

struct Object {
  explicit Object(OType t) : type(t) {}
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object() = default;
  uint32_t rc = 0;
  const OType type;
};

class Value {
 public:
  Value() : tag_(Tag::Undef) { u_.i = 0; }
  static Value None() { Value v; v.tag_ = Tag::None; return v; }
  static Value Bool(bool b) { Value v; v.tag_ = Tag::Bool; v.u_.i = 0; v.u_.b = b; return v; }
  static Value Int(int64_t i) { Value v; v.tag_ = Tag::Int; v.u_.i = i; return v; }
  static Value Float(double f) { Value v; v.tag_ = Tag::Float; v.u_.f = f; return v; }
  // Takes a new reference to `o` (which may have refcount 0, freshly made).
  static Value Obj(Object* o) { Value v; v.tag_ = Tag::Obj; v.u_.o = o; ++o->rc; return v; }

  Value(const Value& o) : tag_(o.tag_), u_(o.u_) { if (tag_ == Tag::Obj) ++u_.o->rc; }
  Value(Value&& o) noexcept : tag_(o.tag_), u_(o.u_) { o.tag_ = Tag::Undef; }
  Value& operator=(const Value& o) {
    if (o.tag_ == Tag::Obj) ++o.u_.o->rc;
    Release();
    tag_ = o.tag_; u_ = o.u_;
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    if (this != &o) { Release(); tag_ = o.tag_; u_ = o.u_; o.tag_ = Tag::Undef; }
    return *this;
  }
  ~Value() { Release(); }

  Tag tag() const { return tag_; }
  bool is_undef() const { return tag_ == Tag::Undef; }
  bool is_none() const { return tag_ == Tag::None; }
  bool is_bool() const { return tag_ == Tag::Bool; }
  bool is_int() const { return tag_ == Tag::Int; }
  bool is_float() const { return tag_ == Tag::Float; }
  bool is_number() const { return tag_ == Tag::Int || tag_ == Tag::Float || tag_ == Tag::Bool; }
  bool is_obj() const { return tag_ == Tag::Obj; }
  bool is(OType t) const { return tag_ == Tag::Obj && u_.o->type == t; }

  bool as_bool() const { return u_.b; }
  int64_t as_int() const { return u_.i; }
  double as_float() const { return u_.f; }
  // Numeric value of a bool/int/float as a double.
  double to_double() const {
    return tag_ == Tag::Float ? u_.f : tag_ == Tag::Int ? static_cast<double>(u_.i) : (u_.b ? 1.0 : 0.0);
  }
  // Integer value of a bool/int.
  int64_t to_int() const { return tag_ == Tag::Int ? u_.i : (u_.b ? 1 : 0); }
  Object* obj() const { return u_.o; }
  template <typename T> T* as() const { return static_cast<T*>(u_.o); }

 private:
  void Release() {
    if (tag_ == Tag::Obj && --u_.o->rc == 0) delete u_.o;
  }
  Tag tag_;
  union U { bool b; int64_t i; double f; Object* o; } u_;
};

// A strong reference to an object of type T (for C++ code holding objects).
template <typename T> class Ref {
 public:
  Ref() = default;
  explicit Ref(T* p) : p_(p) { if (p_) ++p_->rc; }
  Ref(const Ref& o) : p_(o.p_) { if (p_) ++p_->rc; }
  Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  Ref& operator=(Ref o) { std::swap(p_, o.p_); return *this; }
  ~Ref() { if (p_ && --p_->rc == 0) delete p_; }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  Value value() const { return Value::Obj(p_); }

 private:
  T* p_ = nullptr;
};

template <typename T, typename... A> Ref<T> Make(A&&... a) { return Ref<T>(new T(std::forward<A>(a)...)); }

}  // namespace tcc::interp
