// Defines what each graph break costs (`tcc explain --profile stats.json`,
// the HTML report). With the run statistics of a real run (TCC_STATS: per
// entry `seconds`, `kernel_seconds`, `interpreted_seconds` and `sites`, the
// statements of the entry that ran in the interpreter with their time) the
// breaks are ranked by the measured interpreter time of the statement holding
// them (or holding the call that reaches them) and its share of the run.
// Without a profile, by a static estimate, labelled as one: occurrences x
// (one extra kernel launch + the tensor bytes the graph before the break
// hands out).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "trace/trace.h"

namespace tcc::report {

struct BreakCost {
  int site = -1;                 // index into TraceResult::breaks
  std::string where;             // "file:line:col"
  std::string code, kind, function;
  int occurrences = 0;           // traced occurrences (Site::count)
  // measured
  double seconds = 0;            // interpreter time of the statements holding it
  double share = 0;              // seconds / run time
  long hits = 0;                 // times those statements ran
  long interpreted_ops = 0;      // tensor ops the interpreter ran in them
  // estimated
  long est_bytes = -1;           // bytes handed out of the graph before it (-1: unknown, symbolic sizes)
  double est_score = 0;          // occurrences x (1 + est_bytes / 1 MiB)
};

struct CostReport {
  bool measured = false;         // from a profile; else a static estimate
  std::string profile;           // the stats file
  std::string error;             // why the profile could not be used (then: the estimate)
  double run_seconds = 0, kernel_seconds = 0, interpreted_seconds = 0, module_seconds = 0;
  std::vector<BreakCost> breaks; // most costly first
  // measured: the statements of entries that ran in the interpreter
  struct SiteTime {
    std::string file;            // as the statistics name it
    uint32_t line = 0, end_line = 0;
    double seconds = 0;
  };
  std::vector<SiteTime> sites;
};

// What each line's interpreted work costs, for shading the HTML report as
// Cython's `-a` does: with a profile, the measured seconds of the statements
// that ran in the interpreter; without, the static estimate of each break
// (est_score) and 1 per occurrence of an interpreted statement, at its line
// and at the user's calls reaching it. `files` are the display names to key by.
struct LineCosts {
  bool measured = false;
  std::map<std::string, std::map<uint32_t, double>> by_file;  // display name -> line -> cost
  double max = 0;
};
LineCosts CostsByLine(const trace::TraceResult& r, const CostReport& c, const std::vector<std::string>& files);

CostReport EstimateCosts(const trace::TraceResult& r);
CostReport MeasuredCosts(const trace::TraceResult& r, const std::string& stats_path);

std::string CostsText(const CostReport& c);
nlohmann::json CostsJson(const CostReport& c);

}  // namespace tcc::report
