// The op table of ops.def as types and lookups, shared by the compiler
// (graph::OpKind is sem::OpKind) and the runtime (whose UnaryOp, BinaryOp
// and ReduceOp enums are generated from the same rows).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "semantics/dtype.h"

namespace tcc::sem {

enum class OpKind : uint16_t {
#define TCC_OP(Name, spelling, Category, Cost, DType) Name,
#include "semantics/ops.def"
};

enum class OpCategory : uint8_t {
  Input, Constant, Unary, Binary, Ternary, Reduce, Contract, View, Join, Create, Cast,
  Random,  // draws from the program's generator: never merged, never dropped, kept in program order
  Scan,    // cumulative along one axis (issue 11): its own loop nest
  Index,   // reads operand 0 at positions loaded from index tensors (take, gather)
  Window,  // conv / pooling / padding: a runtime kernel (lang/semantics/window.h)
};

// The result dtype rules of ops.def's DType column.
enum class DTypeRule : uint8_t {
  Given, Same, FloatFn, Promote, TrueDiv, Compare, Accumulate, FloatOnly, Keep, Index, Logical,
};

struct OpRow {
  const char* spelling;
  OpCategory category;
  int cost;
  DTypeRule dtype;
};

inline constexpr OpRow kOpRows[] = {
#define TCC_OP(Name, spelling, Category, Cost, DType) {spelling, OpCategory::Category, Cost, DTypeRule::DType},
#include "semantics/ops.def"
};
inline constexpr size_t kNumOps = sizeof(kOpRows) / sizeof(kOpRows[0]);

constexpr const char* OpSpelling(OpKind op) { return kOpRows[static_cast<size_t>(op)].spelling; }
constexpr OpCategory CategoryOf(OpKind op) { return kOpRows[static_cast<size_t>(op)].category; }
constexpr DTypeRule DTypeRuleOf(OpKind op) { return kOpRows[static_cast<size_t>(op)].dtype; }
constexpr int ElementCostOf(OpKind op) { return kOpRows[static_cast<size_t>(op)].cost; }
// The op a spelling names (`--emit graph`'s and the plan's), if any.
constexpr std::optional<OpKind> OpKindOfSpelling(std::string_view s) {
  for (size_t i = 0; i < kNumOps; ++i)
    if (s == kOpRows[i].spelling) return static_cast<OpKind>(i);
  return std::nullopt;
}

// The dtype of an op's result from its operand's dtype, for the rules that
// need only that (Same, FloatFn, Compare and the reductions); nullopt for
// the others and when the op rejects the dtype (mean of an int tensor).
constexpr std::optional<DType> UnaryResultDType(OpKind op, DType in) {
  switch (DTypeRuleOf(op)) {
    case DTypeRule::Same: return in;
    case DTypeRule::FloatFn: return FloatFnDType(in);
    case DTypeRule::Compare: return DType::Bool;
    case DTypeRule::Accumulate: return ReduceDType(ReduceRule::Accumulate, in);
    case DTypeRule::FloatOnly: return ReduceDType(ReduceRule::FloatOnly, in);
    case DTypeRule::Keep: return ReduceDType(ReduceRule::Keep, in);
    case DTypeRule::Index: return ReduceDType(ReduceRule::Index, in);
    case DTypeRule::Logical: return ReduceDType(ReduceRule::Logical, in);
    case DTypeRule::Given: case DTypeRule::Promote: case DTypeRule::TrueDiv: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace tcc::sem
