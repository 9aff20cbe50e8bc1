// Implements lint baselines (baseline.h).
#include "report/baseline.h"

#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

namespace tcc::report {

namespace {
bool Recordable(const Finding& f) { return f.status == Finding::Status::Failing && !f.compile_error; }
}  // namespace

bool WriteBaseline(const std::string& path, const std::vector<Finding>& findings, int* written, std::string* error) {
  nlohmann::json entries = nlohmann::json::array();
  for (const Finding& f : findings) {
    if (!Recordable(f)) continue;
    entries.push_back({{"uri", f.uri},
                       {"code", InfoOf(f.code).code},
                       {"kind", f.kind},
                       {"function", f.function},
                       {"source", f.source},
                       {"fingerprint", f.fingerprint},
                       {"line", f.range.begin.line}});
  }
  nlohmann::json doc = {{"tool", "tcc"},
                        {"format", "tcc-lint-baseline"},
                        {"version", 1},
                        {"about", "findings `tcc lint --baseline` accepts; entries match by uri and fingerprint "
                                  "(code, function, source), not by line"},
                        {"findings", entries}};
  std::ofstream out(path);
  if (!out) {
    *error = "cannot write `" + path + "`";
    return false;
  }
  out << doc.dump(2) << '\n';
  *written = static_cast<int>(entries.size());
  return static_cast<bool>(out);
}

std::optional<std::vector<BaselineEntry>> ReadBaseline(const std::string& path, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = "cannot read baseline `" + path + "`";
    return std::nullopt;
  }
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || doc.value("format", "") != "tcc-lint-baseline" ||
      !doc.contains("findings") || !doc["findings"].is_array()) {
    *error = "`" + path + "` is not a tcc lint baseline (write one with `tcc lint --write-baseline FILE`)";
    return std::nullopt;
  }
  if (doc.value("version", 0) != 1) {
    *error = "`" + path + "` is a baseline of an unknown version";
    return std::nullopt;
  }
  std::vector<BaselineEntry> out;
  for (const auto& e : doc["findings"]) {
    if (!e.is_object() || !e.contains("uri") || !e.contains("fingerprint") || !e["uri"].is_string() ||
        !e["fingerprint"].is_string()) {
      *error = "`" + path + "`: an entry without `uri` and `fingerprint`";
      return std::nullopt;
    }
    BaselineEntry b;
    b.uri = e["uri"];
    b.fingerprint = e["fingerprint"];
    b.code = e.value("code", "");
    b.kind = e.value("kind", "");
    b.function = e.value("function", "");
    b.source = e.value("source", "");
    b.line = e.value("line", 0u);
    out.push_back(std::move(b));
  }
  return out;
}

std::vector<Finding> ApplyBaseline(std::vector<Finding>& findings, const std::vector<BaselineEntry>& entries,
                                   const std::set<std::string>& linted_uris, const std::string& baseline_path) {
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> pending;
  for (size_t i = 0; i < entries.size(); ++i) pending[{entries[i].uri, entries[i].fingerprint}].push_back(i);
  std::vector<bool> matched(entries.size(), false);
  for (Finding& f : findings) {
    if (!Recordable(f)) continue;
    auto it = pending.find({f.uri, f.fingerprint});
    if (it == pending.end() || it->second.empty()) continue;
    matched[it->second.back()] = true;
    it->second.pop_back();
    f.status = Finding::Status::Baselined;
    f.status_note = baseline_path;
  }
  std::vector<Finding> stale;
  for (size_t i = 0; i < entries.size(); ++i) {
    const BaselineEntry& e = entries[i];
    if (matched[i] || !linted_uris.count(e.uri)) continue;
    Finding f;
    f.code = DiagKind::StaleBaselineEntry;
    f.kind = InfoOf(f.code).slug;
    f.file = e.uri;
    f.uri = e.uri;
    f.range = Range{Loc{e.line ? e.line : 1, 1}, Loc{}};
    f.function = e.function;
    f.message = "baseline entry no longer occurs: " + e.code + " " + e.kind +
                (e.function.empty() ? "" : " in `" + e.function + "`") + ": `" + e.source + "`";
    f.hint = "it was fixed or changed: write the baseline again (`tcc lint --write-baseline " + baseline_path +
             "`) to drop it";
    f.source = e.source;
    f.fingerprint = e.fingerprint;
    f.status = Finding::Status::Note;
    stale.push_back(std::move(f));
  }
  return stale;
}

}  // namespace tcc::report
