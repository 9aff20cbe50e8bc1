// Implements the text rendering of explain and lint reports.
#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "base/resources.h"
#include "report/explain.h"
#include "trace/value.h"

namespace tcc::report {

using namespace trace;  // the tracer's records, rendered here

namespace {
using Style = TextStyle;

std::string Loc3(const SourceFile* f, Loc l) {
  return (f ? f->display_name() : std::string("?")) + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
}

void RenderStack(const std::vector<StackFrame>& stack, std::ostream& os, const Style& st) {
  if (stack.size() <= 1) return;
  os << "  " << st.bold() << "user stack" << st.reset() << " (most recent call last):\n";
  size_t w = 0;
  for (const auto& f : stack) w = std::max(w, Loc3(f.file, f.loc).size());
  for (const auto& f : stack) {
    std::string where = Loc3(f.file, f.loc);
    os << "    " << where << std::string(w - where.size() + 2, ' ') << "in " << f.function;
    if (f.file && f.loc.valid()) os << st.dim() << "   " << TrimBlanks(f.file->Line(f.loc.line)) << st.reset();
    os << '\n';
  }
}

std::string Plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}
}  // namespace

std::string BreakMessage(const Site& b) {
  if (!b.error) return b.message;
  return b.message + (b.under_fullgraph ? " (graph breaks are errors under `fullgraph`)"
                                       : " (graph breaks are errors under `error_on_graph_break(True)`)");
}

void RenderBreak(const Site& b, std::ostream& os, bool color, bool as_error) {
  Style st{color};
  Diagnostic d{b.code, as_error ? Severity::Error : Severity::Warning, BreakMessage(b), b.file, b.range, {}, {}};
  RenderText(d, os, color);
  os << "  " << st.bold() << "explanation: " << st.reset() << BreakExplanation(*b.brk) << '\n';
  os << "  " << st.cyan() << "hint: " << st.reset() << BreakHint(*b.brk) << '\n';
  if (b.error && b.under_fullgraph)
    os << "  " << st.bold() << "note: " << st.reset()
       << "`fullgraph` guarantees one graph; `error_on_graph_break(False)` and `fullgraph(False)` have no effect under it\n";
  if (b.allowed) os << "  " << st.bold() << "allowed: " << st.reset() << "inside an `error_on_graph_break(False)` region\n";
  if (b.count > 1) os << "  " << st.bold() << "occurrences: " << st.reset() << b.count << " (reached several times)\n";
  RenderStack(b.user_stack, os, st);
}

void RenderIssue(const Site& i, std::ostream& os, bool color) {
  Style st{color};
  Diagnostic d{i.code, i.severity, i.message, i.file, i.range, {}, {}};
  RenderText(d, os, color);
  if (!i.hint.empty()) os << "  " << st.cyan() << "hint: " << st.reset() << i.hint << '\n';
  RenderStack(i.user_stack, os, st);
}

namespace {
// One guard for people: "x: float32[4, s0<=16]", "self.eps == 1e-05".
std::string DescribeGuard(const Guard& g) {
  switch (g.kind) {
    case plan::GuardKind::Tensor: {
      std::string s = g.path + ": " + DTypeSpelling(g.type.dtype) + "[";
      for (size_t i = 0; i < g.type.shape.size(); ++i) {
        const auto& d = g.type.shape[i];
        s += (i ? ", " : "") + (d.is_static() ? std::to_string(d.size) : i < g.shape.size() ? g.shape[i] : "s" + std::to_string(d.sym));
      }
      return s + "]";
    }
    case plan::GuardKind::Same: return g.path + " is " + g.same_as;
    case plan::GuardKind::None: return g.path + " is None";
    case plan::GuardKind::Len: return "len(" + g.path + ") == " + g.value_json;
    case plan::GuardKind::Def: return g.path + " is the definition " + nlohmann::json::parse(g.value_json).get<std::string>();
    case plan::GuardKind::Class:
      return "type(" + g.path + ") is " + nlohmann::json::parse(g.value_json).get<std::string>();
    case plan::GuardKind::Set: return g.path + " == {" + g.value_json.substr(1, g.value_json.size() - 2) + "}";
    case plan::GuardKind::Bool: return g.path + " == " + (g.value_json == "true" ? "True" : "False");
    case plan::GuardKind::Int: case plan::GuardKind::Float: case plan::GuardKind::Str: case plan::GuardKind::DType:
      return g.path + " == " + g.value_json;
  }
  return g.path;
}
}  // namespace

void RenderExplainText(const TraceResult& r, const std::string& file, std::ostream& os, bool color, bool guards) {
  Style st{color};
  os << st.bold() << "tcc explain " << file << st.reset() << "\n";
  const bool autograd = std::any_of(r.breaks.begin(), r.breaks.end(),
                                    [](const trace::Site& b) { return b.brk == trace::BreakKind::Autograd; });
  if (autograd) os << "\nthe program computes gradients: it runs in the interpreter, nothing is compiled\n";
  else if (r.specs.empty()) os << "\nno function is called from module scope: nothing is compiled\n";
  for (size_t si = 0; si < r.specs.size(); ++si) {
    const Specialisation& sp = r.specs[si];
    // A standard-library function that module scope (or a disabled function)
    // calls with nothing to compile and nothing to report (torch.compile(model)).
    if (sp.graphs.empty() && sp.breaks.empty() && sp.interpreted.empty() && sp.loops.empty() && sp.file &&
        InStdlib(sp.file->path()))
      continue;
    os << '\n' << st.bold() << sp.function << sp.signature << st.reset();
    if (!sp.policy.empty()) os << "  [" << sp.policy << "]";
    if (!sp.entered_from.empty())
      os << st.dim() << "   entered at " << Loc3(sp.entered_from[0].file, sp.entered_from[0].loc) << st.reset();
    os << '\n';
    size_t w = 0;
    for (const auto& g : sp.graphs) w = std::max(w, Plural(static_cast<int>(g.op_names.size()), "op", "ops").size());
    for (size_t gi = 0; gi < sp.graphs.size(); ++gi) {
      const auto& g = sp.graphs[gi];
      std::string ops = Plural(static_cast<int>(g.op_names.size()), "op", "ops");
      // op names in order, runs folded ("add x3"), at most 24 entries
      std::ostringstream names;
      size_t shown = 0, k = 0;
      while (k < g.op_names.size() && shown < 24) {
        size_t run = 1;
        while (k + run < g.op_names.size() && g.op_names[k + run] == g.op_names[k]) ++run;
        names << (shown ? ", " : "") << g.op_names[k];
        if (run > 1) names << " x" << run;
        k += run;
        ++shown;
      }
      if (k < g.op_names.size()) names << ", ... (" << g.op_names.size() - k << " more)";
      std::ostringstream lines;
      for (size_t j = 0; j < g.locations.size() && j < 24; ++j) {
        std::string l = g.locations[j];
        if (sp.file && l.rfind(sp.file->display_name() + ":", 0) == 0) l = l.substr(sp.file->display_name().size() + 1);
        lines << (j ? ", " : "") << l;
      }
      if (g.locations.size() > 24) lines << ", ...";
      os << "  " << st.green() << "graph " << gi + 1 << st.reset() << "  " << ops << std::string(w - ops.size(), ' ')
         << "  " << names.str() << st.dim() << "  (lines " << lines.str() << ")" << st.reset();
      if (!g.runs.empty()) os << "  " << st.bold() << g.runs << st.reset();
      os << '\n';
      if (!g.kernels_text.empty())
        os << "  " << std::string(8 + std::to_string(gi + 1).size(), ' ') << st.dim() << "fused into " << g.kernels_text
           << st.reset() << '\n';
    }
    if (sp.graphs.empty())
      os << "  " << st.dim()
         << (sp.interpreted.empty() ? "no tensor operations: no graph"
                                    : "no graph: its tensor operations run in the interpreter (the `interp` lines)")
         << st.reset() << '\n';
    for (size_t k = 0; k < sp.breaks.size(); ++k) {
      const Site& b = r.breaks[sp.breaks[k]];
      int count = sp.break_counts[k];
      os << "  " << (b.error ? st.red() : st.yellow()) << (b.error ? "error" : "break") << st.reset() << "    "
         << Loc3(b.file, b.range.begin) << "  " << BreakSlug(*b.brk) << " [" << InfoOf(b.code).code << "]  "
         << b.message;
      if (b.allowed) os << st.dim() << "  (allowed by error_on_graph_break(False))" << st.reset();
      if (count > 1) os << st.dim() << "  x" << count << st.reset();
      os << '\n';
    }
    for (const auto& n : sp.loops) {
      os << "  " << st.dim() << "loop     " << Loc3(n.file, n.loc) << "  " << n.reason;
      if (n.count > 1) os << "  x" << n.count;
      os << st.reset() << '\n';
    }
    for (const auto& n : sp.interpreted) {
      os << "  " << st.dim() << "interp   " << Loc3(n.file, n.loc) << "  " << n.reason
         << " (runs in the interpreter, not a break)";
      if (n.count > 1) os << "  x" << n.count;
      os << st.reset() << '\n';
    }
    if (guards)
      for (const Guard& g : sp.guards) os << "  " << st.dim() << "guard    " << st.reset() << DescribeGuard(g) << '\n';
    os << "  " << st.dim() << Plural(static_cast<int>(sp.graphs.size()), "graph", "graphs") << ", "
       << Plural(sp.break_occurrences, "graph break", "graph breaks");
    if (sp.error_occurrences) os << ", " << Plural(sp.error_occurrences, "error", "errors");
    os << st.reset() << '\n';
  }
  bool any = false;
  for (const auto& b : r.breaks) {
    if (!any) os << '\n';
    any = true;
    RenderBreak(b, os, color, b.error);
    os << '\n';
  }
  for (const auto& e : r.errors) { os << '\n'; RenderIssue(e, os, color); }
  for (const auto& w2 : r.warnings) { os << '\n'; RenderIssue(w2, os, color); }
  int sites = 0;
  for (const auto& b : r.breaks) sites += b.error ? 0 : 1;
  os << '\n' << st.bold() << "total: " << st.reset() << Plural(r.graph_count(), "graph", "graphs") << ", "
     << Plural(r.graph_break_count(), "graph break", "graph breaks") << " at " << Plural(sites, "site", "sites") << ", "
     << Plural(r.error_count(), "error", "errors");
  if (!r.warnings.empty()) os << ", " << Plural(static_cast<int>(r.warnings.size()), "warning", "warnings");
  os << '\n';
}

std::vector<LintFinding> LintFindings(const TraceResult& r, bool strict) {
  std::vector<LintFinding> out;
  for (const auto& b : r.breaks) out.push_back(LintFinding{&b, nullptr, b.error || !b.allowed || strict});
  for (const auto& e : r.errors) out.push_back(LintFinding{nullptr, &e, true});
  return out;
}

}  // namespace tcc::report
