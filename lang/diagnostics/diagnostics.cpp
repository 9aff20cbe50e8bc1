// Implements the diagnostics engine and its text and JSON renderings.
#include "diagnostics/diagnostics.h"

#include <algorithm>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

namespace tcc {

namespace {

// kinds.def's Strict column: `Same` keeps the kind's severity.
constexpr std::optional<Severity> kStrictSame = std::nullopt;
constexpr std::optional<Severity> kStrictError = Severity::Error;

const std::vector<DiagKindInfo>& Table() {
  static const std::vector<DiagKindInfo> table = {
#define TCC_DIAG(Name, Code, Sev, Strict, Slug, Summary) \
  {#Name, Code, Severity::Sev, kStrict##Strict.value_or(Severity::Sev), Slug, Summary},
#include "diagnostics/kinds.def"
  };
  return table;
}

using Style = TextStyle;

// Width of a source line prefix up to `col` (1-based), counting tabs as 1 so
// the caret lines up when we echo the line with tabs expanded the same way.
void RenderSnippet(const SourceFile& file, Range range, std::ostream& os, const Style& st) {
  if (!range.begin.valid()) return;
  std::string_view line = file.Line(range.begin.line);
  std::string shown;
  for (char c : line) shown += (c == '\t') ? ' ' : c;
  std::string num = std::to_string(range.begin.line);
  std::string pad(num.size(), ' ');
  os << ' ' << num << " | " << shown << '\n';
  uint32_t col = std::max<uint32_t>(range.begin.col, 1);
  size_t width = 1;
  if (range.end.line == range.begin.line && range.end.col > col) width = range.end.col - col;
  if (col - 1 > shown.size()) col = static_cast<uint32_t>(shown.size()) + 1;
  width = std::min(width, std::max<size_t>(1, shown.size() + 1 - (col - 1)));
  os << ' ' << pad << " | " << std::string(col - 1, ' ') << st.green() << '^'
     << std::string(width - 1, '~') << st.reset() << '\n';
}

void RenderLocation(const SourceFile* file, Loc loc, std::ostream& os) {
  if (!file) return;
  os << file->display_name();
  if (loc.valid()) os << ':' << loc.line << ':' << std::max<uint32_t>(loc.col, 1);
  os << ": ";
}

}  // namespace

const DiagKindInfo& InfoOf(DiagKind kind) { return Table()[static_cast<size_t>(kind)]; }
const std::vector<DiagKindInfo>& AllDiagKinds() { return Table(); }

const char* SeverityName(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

Diagnostic& DiagnosticEngine::Report(DiagKind kind, const SourceFile* file, Range range,
                                     std::string message) {
  diags_.push_back(Diagnostic{kind, InfoOf(kind).severity, std::move(message), file, range, {}, {}});
  return diags_.back();
}

size_t DiagnosticEngine::error_count() const {
  return std::count_if(diags_.begin(), diags_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

void RenderText(const Diagnostic& d, std::ostream& os, bool color) {
  Style st{color};
  os << st.bold();
  RenderLocation(d.file, d.range.begin, os);
  const char* sev_color = d.severity == Severity::Error ? st.red()
                          : d.severity == Severity::Warning ? st.magenta() : st.cyan();
  os << sev_color << SeverityName(d.severity) << ": " << st.reset() << st.bold() << d.message
     << st.reset() << " [" << InfoOf(d.kind).code << " " << InfoOf(d.kind).slug << "]\n";
  if (d.file) RenderSnippet(*d.file, d.range, os, st);
  for (const DiagNote& n : d.notes) {
    os << st.bold();
    RenderLocation(n.file, n.range.begin, os);
    os << st.cyan() << "note: " << st.reset() << n.message << '\n';
    if (n.file) RenderSnippet(*n.file, n.range, os, st);
  }
  if (!d.hint.empty()) os << st.cyan() << "hint: " << st.reset() << d.hint << '\n';
}

void RenderAllText(const DiagnosticEngine& engine, std::ostream& os, bool color) {
  for (const Diagnostic& d : engine.diagnostics()) RenderText(d, os, color);
}

nlohmann::json ToJson(const Diagnostic& d) {
  const DiagKindInfo& info = InfoOf(d.kind);
  nlohmann::json j = {
      {"code", info.code},
      {"kind", info.slug},
      {"name", info.name},
      {"severity", SeverityName(d.severity)},
      {"file", d.file ? d.file->display_name() : ""},
      {"line", d.range.begin.line},
      {"column", d.range.begin.col},
      {"end_line", d.range.end.line},
      {"end_column", d.range.end.col},
      {"message", d.message},
      {"hint", d.hint},
  };
  nlohmann::json notes = nlohmann::json::array();
  for (const DiagNote& n : d.notes) {
    notes.push_back({{"message", n.message},
                     {"file", n.file ? n.file->display_name() : ""},
                     {"line", n.range.begin.line},
                     {"column", n.range.begin.col}});
  }
  j["notes"] = notes;
  return j;
}

nlohmann::json ToJson(const DiagnosticEngine& engine) {
  nlohmann::json arr = nlohmann::json::array();
  for (const Diagnostic& d : engine.diagnostics()) arr.push_back(ToJson(d));
  return nlohmann::json{{"diagnostics", arr}};
}

}  // namespace tcc
