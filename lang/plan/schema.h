// The execution plan's spellings (plan/schema.def), for the tracer that
// writes the plan and the runtime that reads it: its keys as constants, and
// the kinds of output values and of guards as enums with their spellings.
#pragma once

#include <cstdint>
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

}  // namespace tcc::plan
