// The scatter modes of lang/semantics/scatter_modes.def as data: the mode numbers
// the runtime's kernel takes and the reduce= spellings of each torch
// function, so the tracer and the interpreter accept and reject the same
// strings with the same message.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tcc::sem {

enum class ScatterMode : int32_t {
#define TCC_SCATTER_MODE(Name, scatter, scatter_reduce, index_reduce) Name,
#include "semantics/scatter_modes.def"
};

// The functions that take reduce=: torch.scatter, scatter_reduce, index_reduce.
enum class ScatterFn : uint8_t { Scatter, ScatterReduce, IndexReduce };

struct ScatterModeRow {
  ScatterMode mode;
  std::string_view name;         // the row's Name ("Add"), for graph dumps
  std::string_view spelling[3];  // by ScatterFn
};

inline constexpr ScatterModeRow kScatterModes[] = {
#define TCC_SCATTER_MODE(Name, scatter, scatter_reduce, index_reduce) \
  {ScatterMode::Name, #Name, {scatter, scatter_reduce, index_reduce}},
#include "semantics/scatter_modes.def"
};

// The mode `fn(..., reduce=spelling)` means; nullopt when fn has no such reduce.
inline std::optional<ScatterMode> ScatterModeOf(ScatterFn fn, std::string_view spelling) {
  for (const ScatterModeRow& r : kScatterModes) {
    std::string_view s = r.spelling[static_cast<int>(fn)];
    if (!s.empty() && s == spelling) return r.mode;
  }
  return std::nullopt;
}

inline const ScatterModeRow* FindScatterMode(int64_t mode) {
  for (const ScatterModeRow& r : kScatterModes)
    if (static_cast<int64_t>(r.mode) == mode) return &r;
  return nullptr;
}

// torch's message for a reduce= that fn does not take (torch raises it as a
// RuntimeError; tcc as a ValueError).
inline std::string BadScatterReduce(ScatterFn fn, std::string_view got) {
  std::string names;
  std::string_view last;
  for (const ScatterModeRow& r : kScatterModes) {
    std::string_view s = r.spelling[static_cast<int>(fn)];
    if (s.empty()) continue;
    if (!last.empty()) names += std::string(names.empty() ? "" : ", ") + std::string(last);
    last = s;
  }
  names += " or " + std::string(last);
  switch (fn) {
    case ScatterFn::Scatter:
    case ScatterFn::ScatterReduce: return "reduce argument must be either " + names + ".";
    case ScatterFn::IndexReduce:
      return "index_reduce(): Expected reduce to be one of " + names + " but got " + std::string(got) + ".";
  }
  return {};
}

}  // namespace tcc::sem
