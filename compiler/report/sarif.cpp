// Implements the SARIF 2.1.0 rendering (sarif.h).
#include "report/sarif.h"

#include <nlohmann/json.hpp>

#include "report/codes.h"

namespace tcc::report {

namespace {
using json = nlohmann::json;

const char* LevelOf(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "warning";
}

json Region(Range r) {
  uint32_t line = r.begin.line ? r.begin.line : 1;
  uint32_t col = r.begin.col ? r.begin.col : 1;
  json j = {{"startLine", line}, {"startColumn", col}};
  if (r.end.valid() && (r.end.line > line || (r.end.line == line && r.end.col > col))) {
    j["endLine"] = r.end.line;
    j["endColumn"] = r.end.col;
  } else {
    j["endLine"] = line;
    j["endColumn"] = col + 1;
  }
  return j;
}

json Physical(const std::string& uri, Range r) {
  json art = {{"uri", uri}};
  if (uri.rfind("file://", 0) != 0) art["uriBaseId"] = "%SRCROOT%";
  return {{"artifactLocation", art}, {"region", Region(r)}};
}

json Rule(const DiagKindInfo& k) {
  std::optional<CodeDoc> doc = DocFor(k.code);
  std::string help_text = k.summary;
  std::string help_md = std::string("**") + k.code + " " + k.slug + "**: " + k.summary;
  if (doc) {
    help_text = std::string(k.summary) + "\n\n" + doc->markdown;
    help_md += "\n\n" + doc->markdown;
  }
  std::string full = k.summary;
  if (doc) {  // the first paragraph of the long explanation
    std::string first = doc->markdown.substr(0, doc->markdown.find("\n\n"));
    for (char& c : first) if (c == '\n') c = ' ';
    if (first.rfind("**Cause.** ", 0) == 0) first = first.substr(11);
    full = first;
  }
  return {{"id", k.code},
          {"name", k.name},
          {"shortDescription", {{"text", k.summary}}},
          {"fullDescription", {{"text", full}}},
          {"help", {{"text", help_text}, {"markdown", help_md}}},
          {"helpUri", HelpUri(k)},
          {"defaultConfiguration", {{"level", LevelOf(k.severity)}}},
          {"properties", {{"tags", json::array({k.slug})}}}};
}

json Result(const Finding& f, const SarifOptions& opts, const char* baseline_state) {
  const DiagKindInfo& k = InfoOf(f.code);
  std::string text = f.message;
  if (!f.hint.empty()) text += "\nhint: " + f.hint;
  json r = {{"ruleId", k.code},
            {"ruleIndex", static_cast<int>(f.code)},
            {"level", SarifLevel(f)},
            {"message", {{"text", text}}},
            {"locations", json::array({{{"physicalLocation", Physical(f.uri, f.range)}}})},
            {"partialFingerprints", {{"tccFinding/v1", f.fingerprint}}},
            {"properties",
             {{"kind", f.kind}, {"function", f.function}, {"status", StatusName(f.status)}, {"count", f.count}}}};
  if (!f.stack.empty() && f.stack.size() > 1) {
    json related = json::array(), flow = json::array();
    for (size_t i = 0; i < f.stack.size(); ++i) {
      const Frame& fr = f.stack[i];
      if (!fr.loc.valid() || fr.uri.empty()) continue;
      bool last = i + 1 == f.stack.size();
      std::string msg = last ? "the construct, in `" + fr.function + "`" : "call in `" + fr.function + "`";
      Range rr{fr.loc, Loc{}};
      related.push_back({{"id", static_cast<int>(i) + 1},
                         {"physicalLocation", Physical(fr.uri, rr)},
                         {"message", {{"text", msg}}}});
      flow.push_back({{"location", {{"physicalLocation", Physical(fr.uri, rr)}, {"message", {{"text", msg}}}}},
                      {"nestingLevel", static_cast<int>(i)}});
    }
    if (!related.empty()) {
      r["relatedLocations"] = related;
      r["codeFlows"] = json::array(
          {{{"message", {{"text", "user stack (outermost call first)"}}},
            {"threadFlows", json::array({{{"locations", flow}}})}}});
    }
  }
  if (f.status == Finding::Status::Suppressed) {
    json s = {{"kind", "inSource"}, {"status", "accepted"}};
    if (!f.status_note.empty()) s["justification"] = f.status_note;
    r["suppressions"] = json::array({s});
  } else if (f.status == Finding::Status::Allowed) {
    r["suppressions"] = json::array(
        {{{"kind", "inSource"}, {"status", "accepted"}, {"justification", "inside error_on_graph_break(False)"}}});
  }
  if (opts.with_baseline) r["baselineState"] = baseline_state;
  return r;
}
}  // namespace

const char* SarifLevel(const Finding& f) {
  switch (f.status) {
    case Finding::Status::Failing: return "error";
    case Finding::Status::Allowed:
    case Finding::Status::Note: return "note";
    case Finding::Status::Suppressed:
    case Finding::Status::Baselined: return LevelOf(InfoOf(f.code).severity);
  }
  return "error";
}

json ToSarif(const std::vector<Finding>& findings, const SarifOptions& opts) {
  json rules = json::array();
  for (const auto& k : AllDiagKinds()) rules.push_back(Rule(k));
  json results = json::array();
  for (const auto& f : findings)
    results.push_back(Result(f, opts, f.status == Finding::Status::Baselined ? "unchanged" : "new"));
  json invocation = {{"executionSuccessful", opts.success}};
  if (!opts.command_line.empty()) {
    std::string cl;
    for (const auto& a : opts.command_line) cl += (cl.empty() ? "" : " ") + a;
    invocation["commandLine"] = cl;
    invocation["arguments"] = opts.command_line;
  }
  json driver = {{"name", "tcc"},
                 {"fullName", std::string("tcc lint ") + ToolVersion()},
                 {"version", ToolVersion()},
                 {"semanticVersion", ToolVersion()},
                 {"informationUri", ToolUri()},
                 {"rules", rules}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", json::array({{{"tool", {{"driver", driver}}},
                                 {"invocations", json::array({invocation})},
                                 {"columnKind", "unicodeCodePoints"},
                                 {"results", results}}})}};
}

}  // namespace tcc::report
