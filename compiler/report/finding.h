// Defines a lint finding, the one model every `tcc lint` output format
// (text, json, github, sarif) and the suppression and baseline passes read.
//
// CollectFindings turns the trace of one file into findings: every graph
// break site and every compile error, with its repository-relative path, the
// normalised source of the construct and a fingerprint that does not depend
// on line numbers (code + function + normalised source + ordinal among equal
// keys in the file), so baselines and SARIF alerts survive unrelated edits.
#pragma once

#include <string>
#include <vector>

#include "diagnostics/diagnostics.h"
#include "trace/analyze.h"

namespace tcc::report {

// One frame of a user stack, outermost first.
struct Frame {
  std::string function;
  std::string file;   // display name
  std::string uri;    // repository-relative
  Loc loc;
};

struct Finding {
  enum class Status {
    Failing,     // fails lint
    Allowed,     // an accepted break inside error_on_graph_break(False) (fails under --strict)
    Suppressed,  // matched a `# tcc: allow[...]` comment
    Baselined,   // recorded in the --baseline file
    Note,        // information that never fails (a stale baseline entry)
  };
  DiagKind code;
  std::string kind;             // slug: break kind or diagnostics kind
  bool is_break = false;        // a graph break site (TS4xxx)
  bool compile_error = false;   // fails `tcc build` too; never suppressed or baselined
  std::string file;             // display name (as given on the command line)
  std::string uri;              // repository-relative path ('/'-separated)
  Range range;
  std::string function;         // function containing the construct ("<module>" at module scope)
  std::string message;
  std::string hint;
  std::string explanation;      // break kinds: why the tracer cannot keep it in a graph
  std::vector<Frame> stack;     // user stack (breaks and traced issues)
  // Where the construct is when it is in the standard library: the finding
  // is placed at the innermost call in the user's files ("nn.ts:14:5 in `nn.linear`").
  std::string origin;
  int count = 1;
  Status status = Status::Failing;
  std::string status_note;      // suppression reason / baseline file
  std::string source;           // normalised source of the construct's lines (comments dropped)
  std::string fingerprint;      // 16 hex digits
  bool under_fullgraph = false;
  // What it was made from, for the text rendering (non-owning; valid while
  // the trace::Analysis and DiagnosticEngine it came from live). All null for
  // findings about suppressions and baselines.
  const trace::Site* brk = nullptr;
  const trace::Site* issue = nullptr;
  const Diagnostic* diag = nullptr;
  const SourceFile* src = nullptr;  // the file, for the source snippet (findings about comments)

  bool fails() const { return status == Status::Failing; }
};

const char* StatusName(Finding::Status s);  // failing | allowed | suppressed | baselined | note

// Maps display paths to repository-relative URIs: relative to `root` when the
// file is inside it, else the absolute path as a file:// URI.
class PathMapper {
 public:
  // root empty: the nearest ancestor of the current directory holding `.git`,
  // or the current directory when there is none.
  explicit PathMapper(const std::string& root = "");
  std::string Uri(const std::string& path) const;
  const std::string& root() const { return root_; }

 private:
  std::string root_;  // absolute, normalised, no trailing '/'
};

// The findings of one analysed file (breaks, then compile errors, then the
// errors of a program that did not parse), in source order per file.
// `strict`: allowed breaks fail too.
std::vector<Finding> CollectFindings(const trace::Analysis& a, const DiagnosticEngine& diags,
                                     const std::string& path, bool strict, const PathMapper& paths);

// Sets `fingerprint` of every finding from uri-independent parts: hash of
// code, function, source and the ordinal of that key among the findings of
// the same uri (in order). Call once all findings of a file are known.
void AssignFingerprints(std::vector<Finding>& findings);

// The construct's text with runs of whitespace collapsed to one space.
std::string NormalisedSource(const SourceFile& file, Range range);
// The whole lines of the construct, without comments, whitespace collapsed:
// `n = x.sum().item()` for a break on `item()`, so that two constructs alike
// on different statements differ, and a suppression comment changes nothing.
std::string NormalisedLines(const SourceFile& file, Range range);

// 64-bit FNV-1a as 16 lowercase hex digits.
std::string HashHex(const std::string& s);

}  // namespace tcc::report
