// Implements the text, GitHub, JSON and statistics renderings (render.h).
#include "report/render.h"

#include <algorithm>
#include <map>
#include <ostream>

#include <nlohmann/json.hpp>

#include "report/explain.h"

namespace tcc::report {

namespace {
std::string GithubEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}
std::string GithubProp(const std::string& s) {
  std::string out;
  for (char c : GithubEscape(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

struct Row {
  std::string code, kind;
  int count = 0, failing = 0, allowed = 0, suppressed = 0, baselined = 0;
};

std::vector<Row> Rows(const std::vector<Finding>& findings) {
  std::map<std::string, Row> by_code;
  for (const Finding& f : findings) {
    Row& r = by_code[InfoOf(f.code).code];
    r.code = InfoOf(f.code).code;
    if (r.kind.empty()) r.kind = f.kind;
    ++r.count;
    switch (f.status) {
      case Finding::Status::Failing: ++r.failing; break;
      case Finding::Status::Allowed:
      case Finding::Status::Note: ++r.allowed; break;
      case Finding::Status::Suppressed: ++r.suppressed; break;
      case Finding::Status::Baselined: ++r.baselined; break;
    }
  }
  std::vector<Row> rows;
  for (auto& [code, r] : by_code) rows.push_back(r);
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.count > b.count; });
  return rows;
}
}  // namespace

void RenderFindingText(const Finding& f, std::ostream& os, bool color) {
  auto origin = [&] {
    if (!f.origin.empty())
      os << "  " << TextStyle{color}.bold() << "note: " << TextStyle{color}.reset() << "the construct is in the standard library, at "
         << f.origin << "; it is reported at your call\n";
  };
  if (f.brk) {
    trace::Site at = *f.brk;  // at the user's call when the construct is in the standard library
    at.file = f.src;
    at.range = f.range;
    report::RenderBreak(at, os, color, f.fails());
    origin();
    return;
  }
  if (f.issue) {
    trace::Site at = *f.issue;
    at.file = f.src;
    at.range = f.range;
    report::RenderIssue(at, os, color);
    origin();
    return;
  }
  if (f.diag) {
    RenderText(*f.diag, os, color);
    return;
  }
  Diagnostic d{f.code, f.fails() ? Severity::Error : InfoOf(f.code).severity, f.message, f.src, f.range, f.hint, {}};
  if (f.src) {  // a comment in a file at hand: as a compiler diagnostic, with the line and a caret
    RenderText(d, os, color);
    return;
  }
  // Findings about comments or baselines: location, message, hint (no snippet
  // when the file is not at hand).
  std::string where = f.file;
  if (f.range.begin.valid()) where += ":" + std::to_string(f.range.begin.line) + ":" + std::to_string(f.range.begin.col);
  const TextStyle st{color};
  const char* bold = st.bold();
  const char* reset = st.reset();
  const char* sev = f.fails() ? st.red() : st.cyan();
  os << bold << where << ": " << sev << SeverityName(d.severity) << ": " << reset << bold << f.message << reset << " ["
     << InfoOf(f.code).code << " " << InfoOf(f.code).slug << "]\n";
  if (!f.source.empty() && f.range.begin.valid()) {
    std::string num = std::to_string(f.range.begin.line);
    os << ' ' << num << " | " << std::string(f.range.begin.col > 0 ? f.range.begin.col - 1 : 0, ' ') << f.source << '\n';
  }
  if (!f.hint.empty()) os << (color ? "\033[1;36m" : "") << "hint: " << reset << f.hint << '\n';
}

int RenderGithub(const std::vector<Finding>& findings, std::ostream& os, int cap) {
  std::map<std::string, int> shown;                         // per annotation type
  std::map<std::string, std::map<std::string, int>> hidden; // type -> code -> count
  std::map<std::string, int> hidden_total;
  std::vector<const Finding*> order;
  for (const Finding& f : findings)
    if (f.status == Finding::Status::Failing || f.status == Finding::Status::Allowed ||
        f.status == Finding::Status::Note)
      order.push_back(&f);
  std::map<std::string, int> total;
  for (const Finding* f : order) ++total[f->fails() ? "error" : "notice"];
  for (const Finding* f : order) {
    std::string type = f->fails() ? "error" : "notice";
    std::string code = InfoOf(f->code).code;
    // Keep the last slot of a type for the summary when it will overflow.
    int room = total[type] > cap ? cap - 1 : cap;
    if (shown[type] >= room) {
      ++hidden[type][code];
      ++hidden_total[type];
      continue;
    }
    ++shown[type];
    os << "::" << type << " file=" << GithubProp(f->file);
    if (f->range.begin.valid()) {
      os << ",line=" << f->range.begin.line;
      if (f->range.end.valid() && f->range.end.line > f->range.begin.line) os << ",endLine=" << f->range.end.line;
      os << ",col=" << f->range.begin.col;
    }
    os << ",title=" << GithubProp(code + " " + f->kind) << "::" << GithubEscape(f->message) << '\n';
  }
  int not_shown = 0;
  for (auto& [type, codes] : hidden) {
    std::string list;
    for (auto& [code, n] : codes) list += (list.empty() ? "" : ", ") + code + " x" + std::to_string(n);
    int n = hidden_total[type];
    not_shown += n;
    std::string what = type == "error" ? (n == 1 ? "error" : "errors") : (n == 1 ? "notice" : "notices");
    os << "::" << type << " title=tcc lint::" << n << " more " << what << " not shown as annotations (GitHub shows "
       << cap << " per step): " << list << "; run `tcc lint` for the full list\n";
  }
  for (auto& [type, codes] : hidden) {
    os << "tcc lint: " << hidden_total[type] << " more " << type << " annotations not shown:";
    for (auto& [code, n] : codes) os << ' ' << code << " x" << n;
    os << '\n';
  }
  return not_shown;
}

nlohmann::json FindingJson(const Finding& f) {
  return {{"code", InfoOf(f.code).code},
          {"kind", f.kind},
          {"file", f.file},
          {"uri", f.uri},
          {"line", f.range.begin.line},
          {"column", f.range.begin.col},
          {"origin", f.origin},
          {"end_line", f.range.end.line},
          {"end_column", f.range.end.col},
          {"function", f.function},
          {"message", f.message},
          {"hint", f.hint},
          {"count", f.count},
          {"allowed", f.status == Finding::Status::Allowed},
          {"fails", f.fails()},
          {"status", StatusName(f.status)},
          {"status_note", f.status_note},
          {"source", f.source},
          {"fingerprint", f.fingerprint}};
}

void RenderStatistics(const std::vector<Finding>& findings, std::ostream& os) {
  std::vector<Row> rows = Rows(findings);
  size_t kw = 4;
  for (const Row& r : rows) kw = std::max(kw, r.kind.size());
  auto num = [](int n, size_t w) {
    std::string s = std::to_string(n);
    return std::string(w > s.size() ? w - s.size() : 0, ' ') + s;
  };
  os << "count  code    " << "kind" << std::string(kw - 4, ' ') << "  failing  allowed  suppressed  baselined\n";
  for (const Row& r : rows)
    os << num(r.count, 5) << "  " << r.code << "  " << r.kind << std::string(kw - r.kind.size(), ' ') << "  "
       << num(r.failing, 7) << "  " << num(r.allowed, 7) << "  " << num(r.suppressed, 10) << "  "
       << num(r.baselined, 9) << '\n';
  if (rows.empty()) os << "    0  (no findings)\n";
}

nlohmann::json StatisticsJson(const std::vector<Finding>& findings) {
  nlohmann::json a = nlohmann::json::array();
  for (const Row& r : Rows(findings))
    a.push_back({{"code", r.code}, {"kind", r.kind}, {"count", r.count}, {"failing", r.failing},
                 {"allowed", r.allowed}, {"suppressed", r.suppressed}, {"baselined", r.baselined}});
  return a;
}

}  // namespace tcc::report
