// KnownInt: the value of an int (or bool, as 0/1) known at compile time.
// The one definition for the tracer's builtins.
#pragma once

#include <cstdint>
#include <optional>

#include "trace/value.h"

namespace tcc::trace {

inline std::optional<int64_t> KnownInt(const ValuePtr& v) {
  if (v && v->kind == VK::Int && v->known) return v->i;
  if (v && v->kind == VK::Bool && v->known) return v->b ? 1 : 0;
  return std::nullopt;
}

}  // namespace tcc::trace
