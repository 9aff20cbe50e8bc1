// Defines the text, GitHub-annotation, JSON and statistics renderings of
// lint findings (`tcc lint --format text|github|json`, `--statistics`).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "report/finding.h"

namespace tcc::report {

// A failing or allowed finding as a compiler diagnostic (breaks with their
// explanation, hint and user stack). Suppressed and baselined ones are not
// shown in text; the summary counts them.
void RenderFindingText(const Finding& f, std::ostream& os, bool color);

// `::error file=F,line=L,endLine=E,col=C,endColumn=EC,title=CODE kind::message`
// per failing finding, `::notice` per allowed one or note. GitHub shows at
// most `cap` annotations of each type (error, notice) per step: past cap-1,
// the cap-th annotation of that type and a plain line below the annotations
// summarise the rest per code. Returns the number of annotations not shown.
int RenderGithub(const std::vector<Finding>& findings, std::ostream& os, int cap = 10);

// {"code","kind","file","uri","line","column","end_line","end_column",
//  "function","message","hint","count","allowed","fails","status",
//  "status_note","source","fingerprint"}
nlohmann::json FindingJson(const Finding& f);

// `--statistics`: one row per code, most frequent first:
//   count  code    kind                failing  allowed  suppressed  baselined
void RenderStatistics(const std::vector<Finding>& findings, std::ostream& os);
nlohmann::json StatisticsJson(const std::vector<Finding>& findings);

}  // namespace tcc::report
