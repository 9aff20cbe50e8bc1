// Defines the diagnostics engine every phase reports through.
//
// A Diagnostic has a kind from kinds.def, a location, a message (lowercase, no
// trailing period, code in backticks), an optional hint and notes. The engine
// collects them in order; rendering as text (for people) or JSON (for tools)
// is separate from reporting, so a phase never prints directly.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "base/source.h"

namespace tcc {

enum class Severity { Error, Warning, Note };

enum class DiagKind {
#define TCC_DIAG(Name, Code, Sev, Strict, Slug, Summary) Name,
#include "diagnostics/kinds.def"
};

struct DiagKindInfo {
  const char* name;     // "SyntaxError"
  const char* code;     // "TS1001"
  Severity severity;
  Severity strict;      // under @fullgraph, error_on_graph_break(True) and lint
  const char* slug;     // "syntax_error"
  const char* summary;
};
const DiagKindInfo& InfoOf(DiagKind kind);
const std::vector<DiagKindInfo>& AllDiagKinds();

// A secondary message attached to a diagnostic, e.g. one frame of a user stack.
struct DiagNote {
  std::string message;
  const SourceFile* file = nullptr;
  Range range;
};

struct Diagnostic {
  DiagKind kind;
  Severity severity;
  std::string message;
  const SourceFile* file = nullptr;  // null for diagnostics about no file
  Range range;
  std::string hint;
  std::vector<DiagNote> notes;
};

class DiagnosticEngine {
 public:
  // Records a diagnostic and returns it so callers can add a hint or notes.
  Diagnostic& Report(DiagKind kind, const SourceFile* file, Range range, std::string message);
  Diagnostic& Report(DiagKind kind, const SourceFile* file, Loc loc, std::string message) {
    return Report(kind, file, Range{loc, loc}, std::move(message));
  }

  const std::vector<Diagnostic>& diagnostics() const { return diags_; }
  size_t error_count() const;
  bool has_errors() const { return error_count() > 0; }
  void clear() { diags_.clear(); }
  // Drops the diagnostics after the first `n` (a trace that is undone).
  void truncate(size_t n) {
    if (n < diags_.size()) diags_.resize(n);
  }

 private:
  std::vector<Diagnostic> diags_;
};

// Text as compilers print it:
//   file:line:col: error: message [Kind]
//    12 |     graph_break()
//       |     ^~~~~~~~~~~
//   hint: ...
// The terminal colours of text for people: empty strings when colour is off
// (not a TTY, NO_COLOR), so a renderer writes one stream either way.
struct TextStyle {
  bool on;
  const char* bold() const { return on ? "\033[1m" : ""; }
  const char* dim() const { return on ? "\033[2m" : ""; }
  const char* red() const { return on ? "\033[1;31m" : ""; }
  const char* yellow() const { return on ? "\033[1;33m" : ""; }
  const char* magenta() const { return on ? "\033[1;35m" : ""; }
  const char* cyan() const { return on ? "\033[1;36m" : ""; }
  const char* green() const { return on ? "\033[1;32m" : ""; }
  const char* reset() const { return on ? "\033[0m" : ""; }
};

void RenderText(const Diagnostic& d, std::ostream& os, bool color);
void RenderAllText(const DiagnosticEngine& engine, std::ostream& os, bool color);

// {"code","kind","severity","file","line","column","end_line","end_column",
//  "message","hint","notes":[{"message","file","line","column"}]}
nlohmann::json ToJson(const Diagnostic& d);
nlohmann::json ToJson(const DiagnosticEngine& engine);  // {"diagnostics": [...]}

const char* SeverityName(Severity s);

}  // namespace tcc
