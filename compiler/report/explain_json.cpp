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

}  // namespace

// One site as explain's JSON spells it: a break with its kind's slug,
// explanation and hint, its end and whether it is allowed (and, an error,
// the message it fails with); an error or warning with its own hint.
nlohmann::json SiteJson(const Site& site) {
  const DiagKindInfo& info = InfoOf(site.code);
  const char* file = site.file ? site.file->display_name().c_str() : "";
  if (!site.brk)
    return {{"kind", info.slug},         {"code", info.code},         {"name", info.name},
            {"file", file},              {"line", site.range.begin.line}, {"column", site.range.begin.col},
            {"function", site.function}, {"message", site.message},   {"hint", site.hint},
            {"user_stack", StackJson(site.user_stack)}, {"count", site.count}};
  nlohmann::json j = {{"kind", BreakSlug(*site.brk)},
                      {"code", info.code},
                      {"name", info.name},
                      {"file", file},
                      {"line", site.range.begin.line},
                      {"column", site.range.begin.col},
                      {"end_line", site.range.end.line},
                      {"end_column", site.range.end.col},
                      {"function", site.function},
                      {"reason", site.message},
                      {"explanation", BreakExplanation(*site.brk)},
                      {"hint", BreakHint(*site.brk)},
                      {"user_stack", StackJson(site.user_stack)},
                      {"count", site.count},
                      {"allowed", site.allowed}};
  if (site.error) {
    j["message"] = BreakMessage(site);
    j["fullgraph"] = site.under_fullgraph;
  }
  return j;
}

nlohmann::json ExplainJson(const TraceResult& r, const std::string& file) {
  nlohmann::json breaks = nlohmann::json::array(), errors = nlohmann::json::array(),
                 warnings = nlohmann::json::array(), functions = nlohmann::json::array();
  for (const auto& b : r.breaks) (b.error ? errors : breaks).push_back(SiteJson(b));
  for (const auto& e : r.errors) errors.push_back(SiteJson(e));
  for (const auto& w : r.warnings) warnings.push_back(SiteJson(w));
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
      sb.push_back({{"kind", BreakSlug(*b.brk)}, {"line", b.range.begin.line}, {"column", b.range.begin.col},
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
