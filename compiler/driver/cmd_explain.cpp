// Implements `tcc explain FILE [--format text|json]`: traces the program and
// reports, per function and specialisation, its graphs and graph breaks with
// reasons, hints and user stacks, then totals.
// Exit codes: 0 the program compiles, 1 it has errors (the report is still
// printed in full), 2 usage (the file cannot be read).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <iostream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "driver/commands.h"
#include "passes/summarize_kernels.h"
#include "driver/explain_html.h"
#include "report/codes.h"
#include "report/costs.h"
#include "report/html.h"
#include "trace/analyze.h"
#include "report/explain.h"

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
// `tcc explain --code TS4003`: the long explanation, from BREAKS.md.
int ExplainCode(const ExplainOptions& opts) {
  const DiagKindInfo* k = report::FindKind(opts.code);
  if (!k) {
    std::cerr << "tcc explain: `" << opts.code << "` is not a diagnostic code, name or kind; codes are listed in "
                 "lang/diagnostics/kinds.def (e.g. TS4003)\n";
    return kExitUsage;
  }
  if (opts.format == "json") {
    auto doc = report::DocFor(k->code);
    std::cout << nlohmann::json{{"code", k->code},
                                {"name", k->name},
                                {"kind", k->slug},
                                {"severity", SeverityName(k->severity)},
                                {"summary", k->summary},
                                {"explanation", doc ? doc->markdown : ""},
                                {"help_uri", report::HelpUri(*k)}}
                     .dump(2)
              << '\n';
    return kExitOk;
  }
  std::cout << report::ExplainCodeText(*k);
  return kExitOk;
}
}  // namespace

int RunExplain(const CommonOptions& common, const ExplainOptions& opts) {
  if (opts.list_builtins) return ListBuiltins(opts);
  if (opts.format == "markdown") {
    std::cerr << "tcc explain: --format markdown is for --list-builtins; a program's report is text, json or html\n";
    return kExitUsage;
  }
  if (!opts.code.empty()) return ExplainCode(opts);
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
  bool want_costs = opts.costs || !opts.profile.empty();
  report::CostReport costs = opts.profile.empty() ? report::EstimateCosts(a.result)
                                                  : report::MeasuredCosts(a.result, opts.profile);
  if (!costs.error.empty()) std::cerr << "tcc explain: warning: " << costs.error << "; showing the static estimate\n";
  if (opts.format == "html") {
    report::HtmlOptions ho;
    ho.kernels = KernelViews(a.result);
    ho.costs = costs;
    std::string path = opts.output.empty() ? std::filesystem::path(opts.file).stem().string() + ".html" : opts.output;
    std::ofstream out(path);
    out << report::RenderHtml(a, opts.file, ho);
    if (!out) {
      std::cerr << "tcc explain: error: cannot write `" << path << "`\n";
      return kExitUsage;
    }
    std::cerr << "tcc explain: wrote " << path << '\n';
  } else {
    // text or json, to standard output or to -o FILE (then without colour)
    std::ostringstream text;
    if (opts.format == "json") {
      nlohmann::json j = report::ExplainJson(a.result, opts.file);
      if (want_costs) j["costs"] = report::CostsJson(costs);
      text << j.dump(2) << '\n';
    } else {
      report::RenderExplainText(a.result, opts.file, text, opts.output.empty() && StdoutColor(common), opts.guards);
      if (want_costs) text << '\n' << report::CostsText(costs);
    }
    if (opts.output.empty()) {
      std::cout << text.str();
    } else {
      std::ofstream out(opts.output);
      out << text.str();
      if (!out) {
        std::cerr << "tcc explain: error: cannot write `" << opts.output << "`\n";
        return kExitProgramError;
      }
    }
  }
  return a.result.ok() ? kExitOk : kExitProgramError;
}

}  // namespace tcc::driver
