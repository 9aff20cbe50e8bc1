// Defines the SARIF 2.1.0 rendering of lint findings (`tcc lint --format
// sarif`), as GitHub code scanning reads it: one run whose tool.driver lists
// one rule per diagnostics kind of kinds.def (id = the stable code), and one
// result per finding with its location, user stack (relatedLocations and a
// codeFlow), line-independent partialFingerprints, in-source suppressions
// and, with a baseline, baselineState.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "report/finding.h"

namespace tcc::report {

struct SarifOptions {
  bool with_baseline = false;           // set baselineState on every result
  std::vector<std::string> command_line;  // the invocation, for runs[].invocations
  bool success = true;                  // invocation.executionSuccessful
};

nlohmann::json ToSarif(const std::vector<Finding>& findings, const SarifOptions& opts);

// The SARIF level of a finding: failing -> error; allowed -> note;
// suppressed / baselined -> the kind's default level.
const char* SarifLevel(const Finding& f);

}  // namespace tcc::report
