// Implements `tcc explain FILE [--format text|json]`: traces the program and
// reports, per function and specialisation, its graphs and graph breaks with
// reasons, hints and user stacks, then totals.
// Exit codes: 0 the program compiles, 1 it has errors (the report is still
// printed in full), 2 usage (the file cannot be read).
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "driver/commands.h"
#include "passes/summarize_kernels.h"
#include "semantics/builtins.h"
#include "trace/analyze.h"
#include "trace/report.h"

namespace tcc::driver {

namespace {
bool StdoutColor(const CommonOptions& common) {
  if (common.color == "always") return true;
  if (common.color == "never") return false;
  return isatty(fileno(stdout)) && getenv("NO_COLOR") == nullptr;
}

// Diagnostics that are not part of the trace report (syntax errors, unknown
// modules) as explain JSON errors.
nlohmann::json OtherErrors(const DiagnosticEngine& diags) {
  nlohmann::json errs = nlohmann::json::array();
  for (const auto& d : diags.diagnostics()) {
    if (d.severity != Severity::Error) continue;
    nlohmann::json j = ToJson(d);
    errs.push_back({{"kind", j["kind"]}, {"code", j["code"]}, {"file", j["file"]}, {"line", j["line"]},
                    {"column", j["column"]}, {"message", j["message"]}});
  }
  return errs;
}
}  // namespace

namespace {
// `tcc explain --list-builtins`: the rows of semantics/builtins.def.
int ListBuiltins(const ExplainOptions& opts) {
  if (opts.format == "json") {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& b : sem::kBuiltins)
      rows.push_back({{"name", b.name}, {"forms", sem::FormName(b.form)}, {"op", b.op}, {"rule", b.rule},
                      {"signature", b.signature}});
    std::cout << rows.dump(2) << '\n';
    return kExitOk;
  }
  std::printf("%-18s %-24s %-10s %-9s %s\n", "name", "forms", "graph op", "rule", "signature");
  for (const auto& b : sem::kBuiltins)
    std::printf("%-18s %-24s %-10s %-9s %s\n", b.name, sem::FormName(b.form),
                std::string_view(b.op) == "None" ? "-" : b.op, b.rule, b.signature);
  return kExitOk;
}
}  // namespace

int RunExplain(const CommonOptions& common, const ExplainOptions& opts) {
  if (opts.list_builtins) return ListBuiltins(opts);
  if (opts.file.empty()) {
    std::cerr << "tcc explain: a .ts file is required (or --list-builtins)\n";
    return kExitUsage;
  }
  DiagnosticEngine diags;
  trace::Analysis a = trace::AnalyzeFile(opts.file, diags);
  if (a.cannot_read) {
    RenderAllText(diags, std::cerr, common.UseColor());
    return kExitUsage;
  }
  if (a.syntax_errors) {
    RenderAllText(diags, std::cerr, common.UseColor());
    if (opts.format == "json") {
      nlohmann::json j = {{"file", opts.file}, {"graph_count", 0}, {"graph_break_count", 0},
                          {"graph_breaks", nlohmann::json::array()}, {"errors", OtherErrors(diags)}};
      std::cout << j.dump(2) << '\n';
    }
    return kExitProgramError;
  }
  // What the backend makes of each graph: its fused loop nests.
  for (auto& sp : a.result.specs) {
    for (auto& g : sp.graphs) {
      try {
        // A region graph lists no outputs (the report counts ops, not values
        // handed back): treat the values no op consumes as its results.
        graph::Graph copy = g.graph;
        if (copy.outputs.empty()) {
          std::vector<bool> used(copy.nodes.size(), false);
          for (const auto& n : copy.nodes)
            for (graph::ValueId in : n.inputs) used[in] = true;
          for (size_t v = 0; v < copy.nodes.size(); ++v)
            if (!used[v] && graph::CategoryOf(copy.nodes[v].op) != graph::OpCategory::Input)
              copy.outputs.push_back(static_cast<graph::ValueId>(v));
        }
        auto kernels = passes::SummarizeKernels(copy);
        g.kernels_text = passes::KernelSummaryText(kernels);
        g.loop_nests = static_cast<int>(kernels.size());
      } catch (const std::exception&) {
        // A graph the backend cannot plan runs eagerly; explain still reports it.
      }
    }
  }
  if (opts.format == "json") {
    std::cout << trace::ExplainJson(a.result, opts.file).dump(2) << '\n';
  } else {
    trace::RenderExplainText(a.result, opts.file, std::cout, StdoutColor(common));
  }
  return a.result.ok() ? kExitOk : kExitProgramError;
}

}  // namespace tcc::driver
