// The plan writer: the execution plan of runtime/README.md that the
// executable's interpreter reads (runtime/interp/plan.cpp), from what the
// tracer found. Its keys and kinds are lang/plan/schema.def's.
#pragma once

#include <nlohmann/json.hpp>

#include "trace/trace.h"

namespace tcc::plan {

// {"version":1,"segments":[...]}; kernel names are Segment::kernel.
nlohmann::json PlanToJson(const trace::TraceResult& result);
// One guard as the plan spells it (lang/plan/schema.def): path, kind, value.
nlohmann::json GuardToJson(const trace::Guard& g);

}  // namespace tcc::plan
