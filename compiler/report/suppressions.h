// Defines in-source suppressions, in the style of ruff's `noqa` and
// clang-tidy's NOLINT:
//
//   x = t.item()   # tcc: allow[tensor_to_scalar] read once per epoch
//   # tcc: allow[side_effect_io, TS4003] progress output   (covers the next code line)
//   # tcc: allow-begin[side_effect_io] debugging block
//   ...                                                  (every line up to allow-end)
//   # tcc: allow-end
//
// A selector is a break or diagnostics kind (`side_effect_io`), a code
// (`TS4002`) or a kind name (`SideEffectIO`). A suppression matches a finding
// whose construct, or a call on its user stack, is on a covered line; compile
// errors (fullgraph, error_on_graph_break(True), TS5xxx errors) are never
// suppressed. A selector that matches nothing is an `unused_suppression`
// finding (TS7001); a malformed comment is `invalid_suppression` (TS7002);
// with --strict-suppressions one without a reason is TS7003.
#pragma once

#include <string>
#include <vector>

#include "base/source.h"
#include "report/finding.h"

namespace tcc::report {

struct Suppression {
  const SourceFile* src = nullptr;
  std::string file, uri;
  Range comment;                    // the `# tcc: ...` comment
  uint32_t first = 0, last = 0;     // covered lines
  bool block = false;
  std::vector<std::string> selectors;
  std::vector<bool> used;           // per selector
  std::string reason;
};

class SuppressionSet {
 public:
  // Reads the `# tcc:` comments of `file` (once per uri; later calls with the
  // same file are ignored). Malformed comments become findings.
  void Scan(const SourceFile& file, const PathMapper& paths);
  // Marks matching findings Suppressed (with the reason as status_note).
  void Apply(std::vector<Finding>& findings);
  // The findings about the suppressions themselves: malformed, unused and,
  // when `require_reason`, without a reason. Call after every Apply.
  std::vector<Finding> Problems(bool require_reason) const;
  const std::vector<Suppression>& suppressions() const { return sups_; }

 private:
  std::vector<Suppression> sups_;
  std::vector<Finding> malformed_;
  std::vector<std::string> scanned_;
};

// The comments of a file: (line, column of '#', text after '#'), skipping
// '#' inside string literals (single, double and triple quoted).
struct Comment {
  uint32_t line = 0, col = 0;
  bool alone = false;   // nothing but whitespace before it on its line
  std::string text;
};
std::vector<Comment> Comments(const SourceFile& file);

}  // namespace tcc::report
