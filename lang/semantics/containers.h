// The container methods (lang/semantics/container_methods.def) as data, and the
// rules of set algebra both modes follow: the interpreter on its objects, the
// tracer on values known at compile time. Sets keep their items in insertion
// order (Python's order is the hash table's, which nothing may rely on; a
// program that needs an order sorts), and each rule below says which order a
// result has, so compiled and eager runs iterate a set the same way.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace tcc::sem {

enum class ContainerType : uint8_t { List, Dict, Set, Str };
enum class MethodEffect : uint8_t { Read, Mutate };

// Each row's identity: its type and spelling (ContainerMethodId::List_append).
enum class ContainerMethodId : uint8_t {
#define TCC_CONTAINER_METHOD(Type, spelling, Effect, signature, note) Type##_##spelling,
#include "semantics/container_methods.def"
};

struct ContainerMethodInfo {
  ContainerType type;
  const char* name;
  MethodEffect effect;
  const char* signature;
  const char* note;
  ContainerMethodId id;
};

inline constexpr ContainerMethodInfo kContainerMethods[] = {
#define TCC_CONTAINER_METHOD(Type, spelling, Effect, signature, note) \
  {ContainerType::Type, #spelling, MethodEffect::Effect, signature, note, ContainerMethodId::Type##_##spelling},
#include "semantics/container_methods.def"
};

inline const char* ContainerTypeName(ContainerType t) {
  switch (t) {
    case ContainerType::List: return "list";
    case ContainerType::Dict: return "dict";
    case ContainerType::Set: return "set";
    case ContainerType::Str: return "str";
  }
  return "?";
}

inline const ContainerMethodInfo* FindContainerMethod(ContainerType t, std::string_view name) {
  for (const auto& m : kContainerMethods)
    if (m.type == t && name == m.name) return &m;
  return nullptr;
}

// A tuple's methods: the list's index and count.
inline const ContainerMethodInfo* FindTupleMethod(std::string_view name) {
  const ContainerMethodInfo* m = FindContainerMethod(ContainerType::List, name);
  return m && (m->id == ContainerMethodId::List_index || m->id == ContainerMethodId::List_count) ? m : nullptr;
}

// Whether any container type has a method `name` that changes its receiver.
inline bool IsMutatingContainerMethod(std::string_view name) {
  for (const auto& m : kContainerMethods)
    if (m.effect == MethodEffect::Mutate && name == m.name) return true;
  return false;
}

// The binary set operations: operators and the methods of the same meaning.
enum class SetOp : uint8_t { Union, Intersection, Difference, SymmetricDifference };

// The set operation of a set method (`s.union(t)`, `s.update(t)`: `|`), if any.
constexpr std::optional<SetOp> SetOpOfMethod(ContainerMethodId m) {
  using enum ContainerMethodId;
  switch (m) {
    case Set_union: case Set_update: return SetOp::Union;
    case Set_intersection: case Set_intersection_update: return SetOp::Intersection;
    case Set_difference: case Set_difference_update: return SetOp::Difference;
    case Set_symmetric_difference: case Set_symmetric_difference_update: return SetOp::SymmetricDifference;
    default: return std::nullopt;
  }
}

// The set operation of the AST's binary operator (ast::BinOp, a template
// parameter so that this library needs no AST): `|`, `&`, `-`, `^`.
template <class BinOp>
constexpr std::optional<SetOp> SetOpOf(BinOp op) {
  switch (op) {
    case BinOp::BitOr: return SetOp::Union;
    case BinOp::BitAnd: return SetOp::Intersection;
    case BinOp::Sub: return SetOp::Difference;
    case BinOp::BitXor: return SetOp::SymmetricDifference;
    case BinOp::Add: case BinOp::Mul: case BinOp::Div: case BinOp::FloorDiv: case BinOp::Mod: case BinOp::Pow:
    case BinOp::MatMul: case BinOp::LShift: case BinOp::RShift:
      return std::nullopt;
  }
  return std::nullopt;
}

// Which items `a OP b` holds, in order: a's items first (those the rule
// keeps, in a's order), then b's (union: those not in a; symmetric
// difference: those not in a). `in_a(x)` / `in_b(x)` say whether x is an
// item of a / b, or nullopt when that is not known (the tracer, for values
// known only at run time): then the result is not known either.
template <class T, class InA, class InB>
std::optional<std::vector<T>> CombineSets(SetOp op, const std::vector<T>& a, const std::vector<T>& b, InA in_a,
                                          InB in_b) {
  std::vector<T> out;
  for (const T& x : a) {
    std::optional<bool> in = op == SetOp::Union ? std::optional<bool>(false) : in_b(x);
    if (!in) return std::nullopt;
    bool keep = false;
    switch (op) {
      case SetOp::Union: keep = true; break;
      case SetOp::Intersection: keep = *in; break;
      case SetOp::Difference: case SetOp::SymmetricDifference: keep = !*in; break;
    }
    if (keep) out.push_back(x);
  }
  if (op == SetOp::Union || op == SetOp::SymmetricDifference) {
    for (const T& x : b) {
      std::optional<bool> in = in_a(x);
      if (!in) return std::nullopt;
      if (!*in) out.push_back(x);
    }
  }
  return out;
}

// Whether every item of `a` is in the other set (`a <= b`, a.issubset(b)).
template <class T, class InB>
std::optional<bool> AllIn(const std::vector<T>& a, InB in_b) {
  bool all = true;
  for (const T& x : a) {
    std::optional<bool> in = in_b(x);
    if (!in) return std::nullopt;
    all = all && *in;
  }
  return all;
}

}  // namespace tcc::sem
