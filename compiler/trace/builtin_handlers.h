// The table of the tracer's builtin handlers (builtin_handlers.def): which
// member function handles a spelling, per group.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "trace/tracer.h"

namespace tcc::trace {

enum class BuiltinGroup : uint8_t { Python, Creation };

struct TraceBuiltin {
  BuiltinGroup group;
  const char* names[6];
  ValuePtr (Tracer::*fn)(const std::string&, CallArgs&);
};

// The row of a handler table (rows with `names`: this file's, and the local
// tables of trace_shape_ops.cpp, trace_iter.cpp, builtins_ops.cpp) that lists
// `name`, or null.
template <class Row, size_t N>
const Row* FindHandlerRow(const Row (&rows)[N], std::string_view name) {
  for (const Row& r : rows)
    for (const char* n : r.names)
      if (n && name == n) return &r;
  return nullptr;
}

// The handler of `name` in `group`, or null.
const TraceBuiltin* FindTraceBuiltin(BuiltinGroup group, const std::string& name);

}  // namespace tcc::trace
