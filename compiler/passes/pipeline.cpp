// Implements RunPipeline: a straight-line list of passes with logging.
#include "passes/pipeline.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>

#include "graph/print.h"
#include "passes/eliminate_common_subexpressions.h"
#include "passes/eliminate_dead_code.h"
#include "passes/fold_constants.h"

namespace tcc::passes {

const std::vector<std::string>& PassNames() {
  static const std::vector<std::string> names = {"fold-constants", "cse", "dce", "fuse"};
  return names;
}

namespace {

class PassLogger {
 public:
  PassLogger(const graph::Graph& g, const PipelineOptions& o) : g_(g), o_(o) {}

  bool WantDump(const std::string& pass) const {
    return o_.log && std::any_of(o_.dump_after.begin(), o_.dump_after.end(),
                                 [&](const std::string& p) { return p == "all" || p == pass; });
  }

  void Start() { t0_ = std::chrono::steady_clock::now(); }

  // Call right after a pass; `extra` is printed instead of the graph when given.
  void Done(const std::string& pass, bool changed, const std::string& extra = "") {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0_).count();
    if (o_.pass_ms) (*o_.pass_ms)[pass] += ms;
    if (o_.time_passes && o_.log) {
      char buf[128];
      std::snprintf(buf, sizeof buf, "  pass %-16s %8.3f ms  (%s)\n", pass.c_str(), ms, g_.name.c_str());
      *o_.log << buf;
    }
    if (!WantDump(pass)) return;
    *o_.log << "// ---- after " << pass << " (" << g_.name << ")";
    if (!changed && extra.empty()) {
      *o_.log << " (unchanged)\n";
      return;
    }
    *o_.log << "\n" << (extra.empty() ? graph::PrintGraph(g_) : extra);
  }

 private:
  const graph::Graph& g_;
  const PipelineOptions& o_;
  std::chrono::steady_clock::time_point t0_;
};

}  // namespace

FusionPlan RunPipeline(graph::Graph& g, const PipelineOptions& opts) {
  PassLogger log(g, opts);
  bool changed;

  log.Start();
  changed = FoldConstants(g);
  log.Done("fold-constants", changed);

  log.Start();
  changed = EliminateCommonSubexpressions(g);
  log.Done("cse", changed);

  log.Start();
  changed = EliminateDeadCode(g);
  log.Done("dce", changed);

  log.Start();
  FusionPlan plan = PlanFusion(g);
  log.Done("fuse", true, log.WantDump("fuse") ? PrintFusionPlan(g, plan) : std::string());
  return plan;
}

}  // namespace tcc::passes
