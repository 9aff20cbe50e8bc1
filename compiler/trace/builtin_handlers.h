// The table of the tracer's builtin handlers (builtin_handlers.def): which
// member function handles a spelling, per group.
#pragma once

#include <string>

#include "trace/tracer.h"

namespace tcc::trace {

enum class BuiltinGroup : uint8_t { Python, Creation };

struct TraceBuiltin {
  BuiltinGroup group;
  const char* names[6];
  ValuePtr (Tracer::*fn)(const std::string&, CallArgs&);
};

// The handler of `name` in `group`, or null.
const TraceBuiltin* FindTraceBuiltin(BuiltinGroup group, const std::string& name);

}  // namespace tcc::trace
