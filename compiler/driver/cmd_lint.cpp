// Implements `tcc lint FILE...`: every entry is checked as if it ran under
// error_on_graph_break(True). A break outside an explicit
// error_on_graph_break(False) region, or any compile error, is a failing
// finding; --strict also fails on allowed breaks. Then, in order:
// suppressions in the source (`# tcc: allow[...]`, report/suppressions.h),
// the baseline (--baseline, report/baseline.h), the --max-breaks budget.
// All findings of all files are rendered (text, json, github or sarif)
// before the exit code: 0 clean, 1 findings, 2 usage or configuration
// (a file or the baseline cannot be read), 3 internal error.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>

#include <nlohmann/json.hpp>

#include "base/resources.h"
#include "driver/commands.h"
#include "report/baseline.h"
#include "report/finding.h"
#include "report/render.h"
#include "report/sarif.h"
#include "report/suppressions.h"
#include "trace/analyze.h"

namespace tcc::driver {

namespace {
struct Linted {
  std::string path;
  DiagnosticEngine diags;
  trace::Analysis analysis;
  std::vector<report::Finding> findings;
};

std::string Plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Baseline: --write-baseline records today's failing findings (and then
// uses them, so writing one passes); --baseline reads one and marks the
// findings it lists (stale entries join `extra`). `baseline`: the file used,
// "" for none. False after a usage error (reported).
bool UseBaseline(const LintOptions& opts, std::vector<std::unique_ptr<Linted>>& files,
                 std::vector<report::Finding>& extra, const std::set<std::string>& linted_uris, std::string* baseline) {
  *baseline = opts.baseline;
  if (!opts.write_baseline.empty()) {
    std::vector<report::Finding> now;
    for (auto& l : files) now.insert(now.end(), l->findings.begin(), l->findings.end());
    now.insert(now.end(), extra.begin(), extra.end());
    std::string err;
    int written = 0;
    if (!report::WriteBaseline(opts.write_baseline, now, &written, &err)) {
      std::cerr << "tcc lint: error: " << err << '\n';
      return false;
    }
    std::cerr << "tcc lint: wrote " << Plural(written, "finding", "findings") << " to " << opts.write_baseline
              << '\n';
    *baseline = opts.write_baseline;
  }
  if (!baseline->empty()) {
    std::string err;
    auto entries = report::ReadBaseline(*baseline, &err);
    if (!entries) {
      std::cerr << "tcc lint: error: " << err << " [" << InfoOf(DiagKind::BadBaseline).code << " " << InfoOf(DiagKind::BadBaseline).slug << "]\n";
      return false;
    }
    // One pass over all findings, so an entry matches a finding of any file.
    std::vector<report::Finding> flat;
    for (auto& l : files) flat.insert(flat.end(), l->findings.begin(), l->findings.end());
    flat.insert(flat.end(), extra.begin(), extra.end());
    std::vector<report::Finding> stale = report::ApplyBaseline(flat, *entries, linted_uris, *baseline);
    size_t k = 0;
    for (auto& l : files)
      for (auto& f : l->findings) f = flat[k++];
    for (auto& f : extra) f = flat[k++];
    extra.insert(extra.end(), stale.begin(), stale.end());
  }

  return true;
}

}  // namespace

int RunLint(const CommonOptions& common, const LintOptions& opts) {
  bool color = common.UseColor() && opts.output.empty();
  bool usage_error = false;
  report::PathMapper paths(opts.root);
  report::SuppressionSet sups;
  std::set<std::string> linted_uris;
  std::vector<std::unique_ptr<Linted>> files;
  for (const auto& path : opts.files) {
    auto l = std::make_unique<Linted>();
    l->path = path;
    trace::TraceOptions topts;
    topts.lint = true;
    l->analysis = trace::AnalyzeFile(path, l->diags, topts);
    const trace::Analysis& a = l->analysis;
    if (a.cannot_read || a.syntax_errors) {
      if (opts.format == "text") RenderAllText(l->diags, std::cerr, common.UseColor());
      usage_error |= a.cannot_read;
    }
    l->findings = report::CollectFindings(a, l->diags, path, opts.strict, paths);
    linted_uris.insert(paths.Uri(path));
    if (a.program && !a.syntax_errors) {
      for (const auto& m : a.program->modules) {
        if (!m.module || !m.module->source || InStdlib(m.module->source->path())) continue;
        sups.Scan(*m.module->source, paths);
        linted_uris.insert(paths.Uri(m.module->source->display_name()));
      }
    }
    files.push_back(std::move(l));
  }

  // Suppressions, then the findings about them (with the file they are in).
  for (auto& l : files) sups.Apply(l->findings);
  std::vector<report::Finding> extra = sups.Problems(opts.strict_suppressions);

  std::string baseline;
  if (!UseBaseline(opts, files, extra, linted_uris, &baseline)) return kExitUsage;

  std::vector<report::Finding> all;
  for (auto& l : files) all.insert(all.end(), l->findings.begin(), l->findings.end());
  all.insert(all.end(), extra.begin(), extra.end());

  int failing = 0, failing_breaks = 0, allowed = 0, suppressed = 0, baselined = 0, notes = 0;
  for (const auto& f : all) {
    switch (f.status) {
      case report::Finding::Status::Failing:
        ++failing;
        if (f.is_break && !f.compile_error) ++failing_breaks;
        break;
      case report::Finding::Status::Allowed: ++allowed; break;
      case report::Finding::Status::Suppressed: ++suppressed; break;
      case report::Finding::Status::Baselined: ++baselined; break;
      case report::Finding::Status::Note: ++notes; break;
    }
  }
  // --max-breaks N: up to N failing graph breaks are tolerated (errors never).
  int budget = opts.max_breaks < 0 ? 0 : opts.max_breaks;
  int counted = failing - (failing_breaks <= budget ? failing_breaks : 0);
  bool passed = counted == 0 && !usage_error;

  std::ofstream out_file;
  if (!opts.output.empty()) {
    out_file.open(opts.output);
    if (!out_file) {
      std::cerr << "tcc lint: error: cannot write `" << opts.output << "`\n";
      return kExitUsage;
    }
  }
  std::ostream& out = opts.output.empty() ? std::cout : out_file;

  if (opts.format == "text") {
    for (const auto& f : all) {
      if (f.status == report::Finding::Status::Suppressed || f.status == report::Finding::Status::Baselined) continue;
      if (f.diag) continue;  // syntax errors went to stderr above
      report::RenderFindingText(f, out, color);
      out << '\n';
    }
    out << "tcc lint: " << Plural(static_cast<int>(opts.files.size()), "file", "files") << ", "
        << Plural(failing, "problem", "problems");
    if (allowed) out << ", " << allowed << " allowed graph break" << (allowed == 1 ? "" : "s")
                     << " (error_on_graph_break(False))";
    if (suppressed) out << ", " << suppressed << " suppressed";
    if (baselined) out << ", " << baselined << " in the baseline";
    if (notes) out << ", " << Plural(notes, "stale baseline entry", "stale baseline entries");
    if (opts.max_breaks >= 0)
      out << ", " << failing_breaks << " of at most " << opts.max_breaks << " graph breaks";
    out << (passed ? " - passed\n" : " - failed\n");
    if (opts.statistics) {
      out << '\n';
      report::RenderStatistics(all, out);
    }
  } else if (opts.format == "github") {
    report::RenderGithub(all, out);
    if (opts.statistics) report::RenderStatistics(all, out);
  } else if (opts.format == "json") {
    nlohmann::json jfiles = nlohmann::json::array();
    for (auto& l : files) {
      nlohmann::json fs = nlohmann::json::array();
      for (const auto& f : l->findings) fs.push_back(report::FindingJson(f));
      nlohmann::json jf = {{"file", l->path}, {"findings", fs}};
      if (!l->analysis.cannot_read && !l->analysis.syntax_errors) {
        jf["graph_count"] = l->analysis.result.graph_count();
        jf["graph_break_count"] = l->analysis.result.graph_break_count();
      }
      jfiles.push_back(jf);
    }
    nlohmann::json jextra = nlohmann::json::array();
    for (const auto& f : extra) jextra.push_back(report::FindingJson(f));
    nlohmann::json j = {{"passed", passed},       {"failing", failing},     {"allowed", allowed},
                        {"suppressed", suppressed}, {"baselined", baselined}, {"strict", opts.strict},
                        {"files", jfiles},         {"other_findings", jextra}};
    if (opts.max_breaks >= 0) j["max_breaks"] = opts.max_breaks;
    if (opts.statistics) j["statistics"] = report::StatisticsJson(all);
    out << j.dump(2) << '\n';
  } else {  // sarif
    report::SarifOptions so;
    so.with_baseline = !baseline.empty();
    so.command_line = opts.command_line;
    so.success = !usage_error;
    out << report::ToSarif(all, so).dump(2) << '\n';
    if (opts.statistics) report::RenderStatistics(all, std::cerr);
  }
  if (usage_error) return kExitUsage;
  if (opts.exit_zero) return kExitOk;
  return passed ? kExitOk : kExitProgramError;
}

}  // namespace tcc::driver
