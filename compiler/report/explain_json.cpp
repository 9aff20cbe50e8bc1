// Implements the JSON rendering of explain reports.
#include <nlohmann/json.hpp>

#include "report/explain.h"
#include "plan_writer/plan_json.h"

namespace tcc::report {

using namespace trace;  // the tracer's records, rendered here

namespace {
nlohmann::json StackJson(const std::vector<StackFrame>& stack) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& f : stack)
    a.push_back({{"function", f.function},
                 {"file", f.file ? f.file->display_name() : ""},
                 {"line", f.loc.line},
                 {"column", f.loc.col}});
  return a;
}

nlohmann::json IssueJson(const TraceIssue& i) {
  const DiagKindInfo& info = InfoOf(i.code);
  return {{"kind", info.slug},
          {"code", info.code},
          {"name", info.name},
          {"file", i.file ? i.file->display_name() : ""},
          {"line", i.range.begin.line},
          {"column", i.range.begin.col},
          {"function", i.function},
          {"message", i.message},
          {"hint", i.hint},
          {"user_stack", StackJson(i.user_stack)},
          {"count", i.count}};
}
}  // namespace

nlohmann::json ExplainJson(const TraceResult& r, const std::string& file) {
  nlohmann::json breaks = nlohmann::json::array(), errors = nlohmann::json::array(),
                 warnings = nlohmann::json::array(), functions = nlohmann::json::array();
  for (const auto& b : r.breaks) {
    const DiagKindInfo& info = InfoOf(b.code);
    nlohmann::json j = {{"kind", BreakSlug(b.kind)},
                        {"code", info.code},
                        {"name", info.name},
                        {"file", b.file ? b.file->display_name() : ""},
                        {"line", b.range.begin.line},
                        {"column", b.range.begin.col},
                        {"end_line", b.range.end.line},
                        {"end_column", b.range.end.col},
                        {"function", b.function},
                        {"reason", b.reason},
                        {"explanation", BreakExplanation(b.kind)},
                        {"hint", BreakHint(b.kind)},
                        {"user_stack", StackJson(b.user_stack)},
                        {"count", b.count},
                        {"allowed", b.allowed}};
    if (b.error) {
      j["message"] = BreakMessage(b);
      j["fullgraph"] = b.under_fullgraph;
      errors.push_back(j);
    } else {
      breaks.push_back(j);
    }
  }
  for (const auto& e : r.errors) errors.push_back(IssueJson(e));
  for (const auto& w : r.warnings) warnings.push_back(IssueJson(w));
  for (const auto& sp : r.specs) {
    nlohmann::json graphs = nlohmann::json::array();
    for (const auto& g : sp.graphs) {
      graphs.push_back({{"name", g.name},
                        {"op_count", g.op_names.size()},
                        {"ops", g.op_names},
                        {"lines", g.lines},
                        {"locations", g.locations}});
      if (!g.runs.empty()) graphs.back()["runs"] = g.runs;
      if (g.loop_nests >= 0) {
        graphs.back()["loop_nests"] = g.loop_nests;
        graphs.back()["kernels"] = g.kernels_text;
      }
    }
    nlohmann::json sb = nlohmann::json::array();
    for (size_t k = 0; k < sp.breaks.size(); ++k) {
      const auto& b = r.breaks[sp.breaks[k]];
      sb.push_back({{"kind", BreakSlug(b.kind)}, {"line", b.range.begin.line}, {"column", b.range.begin.col},
                    {"error", b.error}, {"allowed", b.allowed}, {"count", sp.break_counts[k]}});
    }
    nlohmann::json interp = nlohmann::json::array();
    for (const auto& n : sp.interpreted) {
      nlohmann::json at = nlohmann::json::array();
      for (const auto& [f, line] : n.at) at.push_back({{"file", f->display_name()}, {"line", line}});
      interp.push_back({{"file", n.file ? n.file->display_name() : ""}, {"line", n.loc.line}, {"column", n.loc.col},
                        {"reason", n.reason}, {"count", n.count}, {"at", at}});
    }
    nlohmann::json guards = nlohmann::json::array();
    for (const Guard& g : sp.guards) guards.push_back(plan::GuardToJson(g));
    nlohmann::json loops = nlohmann::json::array();
    for (const auto& n : sp.loops)
      loops.push_back({{"file", n.file ? n.file->display_name() : ""}, {"line", n.loc.line}, {"column", n.loc.col},
                       {"reason", n.reason}, {"count", n.count}});
    functions.push_back({{"function", sp.function},
                         {"module", sp.module},
                         {"signature", sp.signature},
                         {"policy", sp.policy},
                         {"file", sp.file ? sp.file->display_name() : ""},
                         {"line", sp.def_loc.line},
                         {"entered_from", StackJson(sp.entered_from)},
                         {"graph_count", sp.graphs.size()},
                         {"graph_break_count", sp.break_occurrences},
                         {"error_count", sp.error_occurrences},
                         {"graphs", graphs},
                         {"breaks", sb},
                         {"interpreted", interp},
                         {"loops", loops},
                         {"guards", guards}});
  }
  // The segments `tcc build` compiles into kernels (one with no graph outputs
  // computes nothing: its statements are left to the interpreter).
  int kernel_count = 0, segment_count = 0;
  for (const auto& s : r.segments) kernel_count += s.graph.outputs.empty() ? 0 : 1;
  for (const auto& s : r.segments) segment_count += s.interpret ? 0 : 1;
  return {{"file", file},
          {"graph_count", r.graph_count()},
          {"graph_break_count", r.graph_break_count()},
          {"graph_break_sites", breaks.size()},
          {"error_count", r.error_count()},
          {"functions", functions},
          {"graph_breaks", breaks},
          {"errors", errors},
          {"warnings", warnings},
          {"segment_count", segment_count},
          {"kernel_count", kernel_count}};
}

}  // namespace tcc::report
