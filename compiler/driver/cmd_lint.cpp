// Implements `tcc lint FILE... [--strict] [--format text|json|github]`: every
// entry is checked as if it ran under error_on_graph_break(True). A break
// outside an explicit error_on_graph_break(False) region, or any compile
// error, fails; --strict also fails on allowed breaks. All findings of all
// files are listed before the exit code: 0 clean, 1 findings, 2 usage.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "driver/commands.h"
#include "trace/analyze.h"
#include "trace/report.h"

namespace tcc::driver {

namespace {
std::string GithubEscape(std::string s) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}
std::string GithubProp(std::string s) {
  std::string out;
  for (char c : GithubEscape(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}
}  // namespace

int RunLint(const CommonOptions& common, const LintOptions& opts) {
  bool color = common.UseColor();
  bool usage_error = false;
  int failing = 0, allowed = 0;
  nlohmann::json files = nlohmann::json::array();
  for (const auto& path : opts.files) {
    DiagnosticEngine diags;
    trace::TraceOptions topts;
    topts.lint = true;
    trace::Analysis a = trace::AnalyzeFile(path, diags, topts);
    nlohmann::json findings = nlohmann::json::array();
    if (a.cannot_read || a.syntax_errors) {
      if (opts.format == "text") RenderAllText(diags, std::cerr, color);
      for (const auto& d : diags.diagnostics()) {
        if (d.severity != Severity::Error) continue;
        ++failing;
        nlohmann::json j = ToJson(d);
        findings.push_back({{"file", j["file"]}, {"line", j["line"]}, {"column", j["column"]}, {"kind", j["kind"]},
                            {"code", j["code"]}, {"message", j["message"]}, {"fails", true}});
        if (opts.format == "github")
          std::cout << "::error file=" << GithubProp(j["file"]) << ",line=" << j["line"] << ",col=" << j["column"]
                    << ",title=" << GithubProp(std::string(j["code"]) + " " + std::string(j["kind"])) << "::"
                    << GithubEscape(j["message"]) << '\n';
      }
      usage_error |= a.cannot_read;
      files.push_back({{"file", path}, {"findings", findings}});
      continue;
    }
    for (const auto& f : trace::LintFindings(a.result, opts.strict)) {
      const SourceFile* file = f.brk ? f.brk->file : f.issue->file;
      Range range = f.brk ? f.brk->range : f.issue->range;
      std::string kind = f.brk ? trace::BreakSlug(f.brk->kind) : InfoOf(f.issue->code).slug;
      std::string code = InfoOf(f.brk ? f.brk->code : f.issue->code).code;
      std::string msg = f.brk ? trace::BreakMessage(*f.brk) : f.issue->message;
      if (f.brk && !f.brk->error && !f.brk->allowed)
        msg += " (lint treats every entry as under `error_on_graph_break(True)`)";
      if (f.fails) ++failing;
      else ++allowed;
      findings.push_back({{"file", file ? file->display_name() : path}, {"line", range.begin.line},
                          {"column", range.begin.col}, {"kind", kind}, {"code", code}, {"message", msg},
                          {"allowed", f.brk && f.brk->allowed}, {"fails", f.fails},
                          {"count", f.brk ? f.brk->count : f.issue->count}});
      if (opts.format == "text") {
        if (f.brk) trace::RenderBreak(*f.brk, std::cout, color, f.fails);
        else trace::RenderIssue(*f.issue, std::cout, color);
        std::cout << '\n';
      } else if (opts.format == "github") {
        std::cout << (f.fails ? "::error" : "::notice") << " file=" << GithubProp(file ? file->display_name() : path)
                  << ",line=" << range.begin.line << ",col=" << range.begin.col
                  << ",title=" << GithubProp(code + " " + kind) << "::" << GithubEscape(msg) << '\n';
      }
    }
    files.push_back({{"file", path}, {"graph_count", a.result.graph_count()},
                     {"graph_break_count", a.result.graph_break_count()}, {"findings", findings}});
  }
  if (opts.format == "json") {
    std::cout << nlohmann::json{{"passed", failing == 0 && !usage_error}, {"failing", failing}, {"allowed", allowed},
                                {"strict", opts.strict}, {"files", files}}
                     .dump(2)
              << '\n';
  } else if (opts.format == "text") {
    std::cout << "tcc lint: " << opts.files.size() << (opts.files.size() == 1 ? " file, " : " files, ") << failing
              << (failing == 1 ? " problem" : " problems");
    if (allowed) std::cout << ", " << allowed << " allowed graph break" << (allowed == 1 ? "" : "s")
                           << " (error_on_graph_break(False))";
    std::cout << (failing == 0 && !usage_error ? " - passed\n" : " - failed\n");
  }
  if (usage_error) return kExitUsage;
  return failing == 0 ? kExitOk : kExitProgramError;
}

}  // namespace tcc::driver
