// The named tuple types of lang/semantics/return_types.def as data.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <string_view>

namespace tcc::sem {

constexpr size_t kMaxReturnFields = 4;

struct ReturnType {
  std::string_view type;  // torch.return_types.<type>
  std::array<std::string_view, kMaxReturnFields> names;
  size_t count;
  std::span<const std::string_view> fields() const { return {names.data(), count}; }
};

inline constexpr ReturnType kReturnTypes[] = {
#define TCC_RETURN_TYPE(type, ...) \
  {#type, {__VA_ARGS__}, std::initializer_list<std::string_view>{__VA_ARGS__}.size()},
#include "semantics/return_types.def"
};

// The row of torch.return_types.<type>; nullptr when there is none.
inline const ReturnType* FindReturnType(std::string_view type) {
  for (const ReturnType& r : kReturnTypes)
    if (r.type == type) return &r;
  return nullptr;
}

}  // namespace tcc::sem
