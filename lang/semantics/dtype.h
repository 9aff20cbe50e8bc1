// TensorScript's dtypes and their rules, as torch defines them: names
// (dtypes.def), categories, type promotion including torch's three tiers of
// operands (tensors with dims, 0-d tensors, Python scalars), and the result
// dtypes of true division, float functions and reductions.
//
// Header-only: the runtime kernels, the interpreter, the tracer, constant
// folding and the LLVM lowering all include it, and executables need no
// extra library for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tcc::sem {

enum class DType : uint8_t {
#define TCC_DTYPE(Name, name, bytes, Category) Name,
#include "semantics/dtypes.def"
};

inline constexpr int kNumDTypes = 0
#define TCC_DTYPE(Name, name, bytes, Category) +1
#include "semantics/dtypes.def"
    ;

enum class Category : uint8_t { Bool = 0, Integer = 1, Floating = 2 };  // torch's promotion categories, in order

constexpr const char* DTypeName(DType t) {
  switch (t) {
#define TCC_DTYPE(Name, name, bytes, Category) case DType::Name: return name;
#include "semantics/dtypes.def"
  }
  return "?";
}

constexpr size_t DTypeBytes(DType t) {
  switch (t) {
#define TCC_DTYPE(Name, name, bytes, Category) case DType::Name: return bytes;
#include "semantics/dtypes.def"
  }
  return 1;
}

constexpr Category CategoryOf(DType t) {
  switch (t) {
#define TCC_DTYPE(Name, name, bytes, Cat) case DType::Name: return Category::Cat;
#include "semantics/dtypes.def"
  }
  return Category::Bool;
}

constexpr bool IsFloating(DType t) { return CategoryOf(t) == Category::Floating; }
constexpr bool IsIntegral(DType t) { return CategoryOf(t) == Category::Integer; }  // not bool

// An in-place update (`x += y`, `x.exp_()`) writes its result into x only
// when the result's kind is no wider than x's (bool < integer < floating):
// torch's "result type Float can't be cast to the desired output type Long".
constexpr bool InPlaceFits(DType result, DType into) {
  auto rank = [](DType t) { return IsFloating(t) ? 2 : IsIntegral(t) ? 1 : 0; };
  return rank(result) <= rank(into);
}

// A dtype from its canonical name or a torch alias ("float32", "double",
// "int" = int32): dtype strings, and the cast methods `x.float()`, `x.int()`.
constexpr std::optional<DType> DTypeFromName(std::string_view n) {
#define TCC_DTYPE(Name, name, bytes, Category) if (n == name) return DType::Name;
#include "semantics/dtypes.def"
#define TCC_DTYPE_ALIAS(spelling, Name, how) if (std::string_view(#how) == "Torch" && n == spelling) return DType::Name;
#include "semantics/dtypes.def"
  return std::nullopt;
}

// A Python type used as a dtype, as torch reads it: `dtype=float` is
// float64, `int` int64, `bool` bool.
constexpr std::optional<DType> DTypeOfPyType(std::string_view n) {
#define TCC_DTYPE_ALIAS(spelling, Name, how) if (std::string_view(#how) == "PyType" && n == spelling) return DType::Name;
#include "semantics/dtypes.def"
  return std::nullopt;
}

// torch.promote_types: the higher category wins; within a category the
// wider type.
constexpr DType PromoteTypes(DType a, DType b) {
  Category ca = CategoryOf(a), cb = CategoryOf(b);
  if (ca != cb) return ca > cb ? a : b;
  return DTypeBytes(a) >= DTypeBytes(b) ? a : b;
}

// How an operand takes part in torch's result_type.
enum class Operand : uint8_t {
  Tensor,   // a tensor with at least one dim: decides first
  ZeroDim,  // a 0-d tensor: matters only from a higher category
  Scalar,   // a Python number ("wrapped", weak): likewise, after 0-d tensors
};

// The kind of a Python number.
enum class PyKind : uint8_t { Bool, Int, Float };

// The dtype a Python number stands for: torch's default dtype (float32) for
// a float, int64 for an int.
constexpr DType ScalarDType(PyKind k) {
  return k == PyKind::Float ? DType::F32 : k == PyKind::Int ? DType::I64 : DType::Bool;
}

// torch's result_type over any number of operands (at::native's
// ResultTypeState: three tiers, combined with combine_categories).
class ResultType {
 public:
  constexpr ResultType& Add(DType t, Operand how) {
    int& slot = how == Operand::Tensor ? dim_ : how == Operand::ZeroDim ? zero_ : wrapped_;
    slot = slot < 0 ? int(t) : int(PromoteTypes(DType(slot), t));
    return *this;
  }
  constexpr ResultType& Add(PyKind k) { return Add(ScalarDType(k), Operand::Scalar); }
  constexpr DType Result() const {
    int r = Combine(dim_, Combine(zero_, wrapped_));
    return r < 0 ? DType::F32 : DType(r);
  }

 private:
  // torch's combine_categories(higher, lower)
  static constexpr int Combine(int higher, int lower) {
    if (higher < 0) return lower;
    if (lower < 0) return higher;
    DType h = DType(higher), l = DType(lower);
    if (IsFloating(h)) return higher;
    if (h == DType::Bool || IsFloating(l)) return int(PromoteTypes(h, l));
    return higher;
  }
  int dim_ = -1, zero_ = -1, wrapped_ = -1;
};

// `/` is true division: integer and bool operands give the default float.
constexpr DType TrueDivDType(DType promoted) { return IsFloating(promoted) ? promoted : DType::F32; }
// exp, log, sqrt, sin, ... of an integer or bool tensor compute in float32.
constexpr DType FloatFnDType(DType in) { return IsFloating(in) ? in : DType::F32; }

// The result dtype rule of a reduction.
enum class ReduceRule : uint8_t {
  Accumulate,  // sum, prod: bool and integers accumulate in int64, floats keep their dtype
  FloatOnly,   // mean: floats keep their dtype, anything else is an error (as in torch)
  Keep,        // max, min: the input dtype
  Index,       // argmax, argmin: int64
  Logical,     // all, any: bool
};

// The dtype a reduction gives, or nullopt when torch rejects the input.
constexpr std::optional<DType> ReduceDType(ReduceRule r, DType in) {
  switch (r) {
    case ReduceRule::Accumulate: return IsFloating(in) ? in : DType::I64;
    case ReduceRule::FloatOnly: if (IsFloating(in)) return in; return std::nullopt;
    case ReduceRule::Keep: return in;
    case ReduceRule::Index: return DType::I64;
    case ReduceRule::Logical: return DType::Bool;
  }
  return in;
}

// The error for a reduction torch rejects (ReduceDType gave nullopt).
inline std::string ReduceDTypeError(const std::string& op, DType in) {
  return op + "(): input dtype must be floating point, got " + DTypeName(in);
}

}  // namespace tcc::sem
