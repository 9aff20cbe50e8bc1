// Defines the renderings of a TraceResult for `tcc explain` and `tcc lint`:
// a human report (aligned, coloured only when asked), JSON for tools, and
// GitHub annotations.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "trace/trace.h"

namespace tcc::report {

using trace::Site;
using trace::TraceResult;

// One site (a break, an error or a warning) as explain's JSON has it.
nlohmann::json SiteJson(const Site& site);
// `tcc explain --format json`: graph_count, graph_break_count, functions,
// graph_breaks, errors, warnings.
nlohmann::json ExplainJson(const TraceResult& r, const std::string& file);

// `tcc explain`: per specialisation its graphs and breaks (with `guards`,
// also what its compiled code checks when called), then every break and
// error as a diagnostic with explanation, hint and user stack, then totals.
void RenderExplainText(const TraceResult& r, const std::string& file, std::ostream& os, bool color,
                       bool guards = false);

// One break as torch.compile-quality text: location, message, source and
// caret, explanation, hint, user stack.
void RenderBreak(const Site& b, std::ostream& os, bool color, bool as_error);
void RenderIssue(const Site& i, std::ostream& os, bool color);

// A lint finding: a break that fails lint, or an error.
struct LintFinding {
  const Site* brk = nullptr;   // or
  const Site* issue = nullptr;
  bool fails = true;                // false: allowed break shown as a note
};
std::vector<LintFinding> LintFindings(const TraceResult& r, bool strict);

// Messages for error break sites ("... under fullgraph").
std::string BreakMessage(const Site& b);

}  // namespace tcc::report
