// Defines lint baselines, for adopting `tcc lint` on an existing code base
// (detekt's baseline.xml, basedpyright's --writebaseline):
//
//   tcc lint --write-baseline tcc-baseline.json src/*.ts   # record today's findings
//   tcc lint --baseline tcc-baseline.json src/*.ts         # fail only on new ones
//
// The file (JSON, stable) lists each failing finding by repository-relative
// `uri`, `code`, `kind`, `function`, normalised `source` of the construct and
// its `fingerprint` (finding.h); `line` is informational. Entries match by uri
// and fingerprint, as a multiset, so moving code does not change the result.
// Compile errors are never recorded: they fail the build, not only lint.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "report/finding.h"

namespace tcc::report {

struct BaselineEntry {
  std::string uri, code, kind, function, source, fingerprint;
  uint32_t line = 0;
};

// Writes the failing findings (not compile errors); false with *error set
// when the file cannot be written. *written: the number of entries.
bool WriteBaseline(const std::string& path, const std::vector<Finding>& findings, int* written, std::string* error);

// Reads a baseline; nullopt with *error set when it is missing or malformed.
std::optional<std::vector<BaselineEntry>> ReadBaseline(const std::string& path, std::string* error);

// Marks failing findings recorded in `entries` Baselined and returns, as
// TS7004 notes, the entries of the files in `linted_uris` that matched none.
std::vector<Finding> ApplyBaseline(std::vector<Finding>& findings, const std::vector<BaselineEntry>& entries,
                                   const std::set<std::string>& linted_uris, const std::string& baseline_path);

}  // namespace tcc::report
