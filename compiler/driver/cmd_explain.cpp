// Implements `tcc explain FILE [--format text|json]`: traces the program and
// reports, per function and specialisation, its graphs and graph breaks with
// reasons, hints and user stacks, then totals.
// Exit codes: 0 the program compiles, 1 it has errors (the report is still
// printed in full), 2 usage (the file cannot be read).
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "driver/commands.h"
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

int RunExplain(const CommonOptions& common, const ExplainOptions& opts) {
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
  if (opts.format == "json") {
    std::cout << trace::ExplainJson(a.result, opts.file).dump(2) << '\n';
  } else {
    trace::RenderExplainText(a.result, opts.file, std::cout, StdoutColor(common));
  }
  return a.result.ok() ? kExitOk : kExitProgramError;
}

}  // namespace tcc::driver
