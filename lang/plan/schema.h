// The execution plan's spellings (plan/schema.def), for the tracer that
// writes the plan and the runtime that reads it: its keys as constants, and
// the kinds of output values and of guards as enums with their spellings.
#pragma once

#include <cstdint>
#include <limits>
#include <utility>
#include <optional>
#include <string_view>

namespace tcc::plan {

namespace key {
#define TCC_PLAN_KEY(Id, spelling) inline constexpr const char* Id = spelling;
#include "plan/schema.def"
}  // namespace key

enum class ValueKind : uint8_t {
#define TCC_PLAN_VALUE(Id, spelling) Id,
#include "plan/schema.def"
};

enum class GuardKind : uint8_t {
#define TCC_PLAN_GUARD(Id, spelling) Id,
#include "plan/schema.def"
};

constexpr const char* Spelling(ValueKind k) {
  switch (k) {
#define TCC_PLAN_VALUE(Id, spelling) case ValueKind::Id: return spelling;
#include "plan/schema.def"
  }
  return "?";
}

constexpr const char* Spelling(GuardKind k) {
  switch (k) {
#define TCC_PLAN_GUARD(Id, spelling) case GuardKind::Id: return spelling;
#include "plan/schema.def"
  }
  return "?";
}

inline std::optional<ValueKind> ParseValueKind(std::string_view s) {
#define TCC_PLAN_VALUE(Id, spelling) if (s == spelling) return ValueKind::Id;
#include "plan/schema.def"
  return std::nullopt;
}

inline std::optional<GuardKind> ParseGuardKind(std::string_view s) {
#define TCC_PLAN_GUARD(Id, spelling) if (s == spelling) return GuardKind::Id;
#include "plan/schema.def"
  return std::nullopt;
}

// A float JSON cannot hold, as {"float": spelling}: NaN and the infinities.
inline constexpr std::pair<const char*, double> kNonFinite[] = {
    {"nan", std::numeric_limits<double>::quiet_NaN()},
    {"inf", std::numeric_limits<double>::infinity()},
    {"-inf", -std::numeric_limits<double>::infinity()}};
constexpr const char* NonFiniteSpelling(double v) { return v != v ? "nan" : v > 0 ? "inf" : "-inf"; }
constexpr std::optional<double> NonFiniteOf(std::string_view s) {
  for (const auto& [n, v] : kNonFinite)
    if (s == n) return v;
  return std::nullopt;
}

// The targets of a segment's outputs that are no variable: the function's
// return value and the test of the `if` the segment ends at.
inline constexpr const char* kReturnTarget = "<return>";
inline constexpr const char* kCondTarget = "<cond>";

}  // namespace tcc::plan
