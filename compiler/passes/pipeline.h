// Defines the graph pass pipeline: the one place that says which passes run
// and in which order (pipeline.cpp is a straight list of them).
//
//   fold-constants -> cse -> dce -> fuse
//
// `dump_after` names passes (or "all") whose result is printed to `log`, with
// "(unchanged)" when the pass did nothing; `time_passes` prints each pass's time.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "passes/plan_fusion.h"

namespace tcc::passes {

struct PipelineOptions {
  std::vector<std::string> dump_after;  // pass names or "all"
  bool time_passes = false;
  std::ostream* log = nullptr;          // where dumps and timings go (required if either is on)
  // When set, each pass adds its time (ms) here, by pass name (tcc build --time-passes).
  std::map<std::string, double>* pass_ms = nullptr;
};

// The names accepted by --dump-after, in pipeline order.
const std::vector<std::string>& PassNames();

// Rewrites g in place and returns its fusion plan.
FusionPlan RunPipeline(graph::Graph& g, const PipelineOptions& opts);

}  // namespace tcc::passes
