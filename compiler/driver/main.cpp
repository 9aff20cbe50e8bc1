// The `tcc` command line: parses arguments with CLI11 and dispatches to the
// subcommands in cmd_*.cpp. Exceptions that escape a command are internal
// errors (exit 3) and ask the user for a report.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "driver/commands.h"
#include "semantics/suggest.h"

#ifndef TCC_VERSION
#define TCC_VERSION "0.0.0"
#endif

namespace {

using namespace tcc::driver;

void AddCommon(CLI::App* cmd, CommonOptions& c) {
  cmd->add_option("--color", c.color, "colour diagnostics: auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_option("--diagnostic-format", c.diagnostic_format, "diagnostics as text or json")
      ->check(CLI::IsMember({"text", "json"}));
}

void AddCodegen(CLI::App* cmd, int& opt, std::string& cpu) {
  cmd->add_option("-O,--opt-level", opt, "optimisation level 0-3 (default 2)")->check(CLI::Range(0, 3));
  cmd->add_option("--target-cpu", cpu, "CPU to generate code for (default: this machine; `generic` for portable)")
      ->check(CLI::Validator([](std::string& s) { return CheckTargetCpu(s); }, ""));
}

// `tcc run [OPTIONS] FILE ARGS...`: everything after the program's path is
// the program's own (`tcc run train.ts --lr 0.1`), as with `python prog.py
// --lr 0.1`. Returns how many of argv's words CLI11 parses; the rest go to
// `program_args`. Which of `run`'s options take a value is asked of `run`.
int SplitProgramArgs(const CLI::App& run, int argc, char** argv, std::vector<std::string>& program_args) {
  if (argc < 3 || std::string(argv[1]) != "run") return argc;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") return argc;  // CLI11 hands what follows to `args`
    if (a.size() > 1 && a[0] == '-') {
      const CLI::Option* o = run.get_option_no_throw(a);  // `--opt=v` and `-O2` are one word: no match
      if (o && o->get_items_expected_min() > 0) ++i;     // its value is the next word
      continue;
    }
    program_args.assign(argv + i + 1, argv + argc);
    return i + 1;
  }
  return argc;
}

// A misspelt subcommand or option, with the closest real one (CPython's
// "did you mean" rule, lang/semantics/suggest.h); "" when every word is known.
// Only words CLI11 will parse are checked (not a program's own arguments).
std::string UnknownWord(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return "";
  std::vector<std::string> commands;
  const CLI::App* cmd = nullptr;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(sub->get_name());
    if (sub->get_name() == argv[1]) cmd = sub;
  }
  if (!cmd) return "unknown command `" + std::string(argv[1]) + "`" + tcc::sem::DidYouMean(argv[1], commands);
  std::vector<std::string> options;
  for (const CLI::Option* o : cmd->get_options())
    for (const std::string& n : o->get_lnames()) options.push_back("--" + n);
  for (int i = 2; i < argc; ++i) {
    std::string w = argv[i];
    if (w == "--") break;
    if (w.rfind("--", 0) != 0) continue;
    std::string name = w.substr(0, w.find('='));
    if (std::find(options.begin(), options.end(), name) == options.end())
      return "unknown option `" + name + "` for `tcc " + cmd->get_name() + "`" + tcc::sem::DidYouMean(name, options);
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tcc: the TensorScript ahead-of-time compiler", "tcc"};  // "Usage: tcc", not argv[0]
  app.set_version_flag("--version", std::string("tcc ") + TCC_VERSION);
  app.require_subcommand(1);

  CommonOptions common;
  ParseOptions parse_opts;
  RunOptions run_opts;
  ExplainOptions explain_opts;
  LintOptions lint_opts;
  BuildOptions build_opts;

  auto* parse = app.add_subcommand("parse", "parse a file and report syntax errors");
  parse->add_option("file", parse_opts.file, "the .ts file")->required();
  parse->add_flag("--dump-ast", parse_opts.dump_ast, "print the AST");
  AddCommon(parse, common);

  auto* run = app.add_subcommand("run", "build a program into a cache folder and run it");
  run->add_option("file", run_opts.file, "the .ts file")->required();
  run->add_flag("--eager", run_opts.eager, "run in the eager interpreter without compiling");
  run->add_option("args", run_opts.args, "arguments for the program's argv(): every word after FILE, options too");
  run->prefix_command(false);
  run->footer("TCC_STATS=FILE (or - for stderr) writes the run statistics as JSON at exit, compiled or --eager\n"
              "(docs/cli.md, \"Run statistics\"); executables built with `tcc build` read it too.");
  AddCodegen(run, run_opts.opt_level, run_opts.target_cpu);
  AddCommon(run, common);

  auto* explain = app.add_subcommand("explain", "list every graph and graph break, with reasons and hints");
  explain->add_option("file", explain_opts.file, "the .ts file");
  explain->add_flag("--list-builtins", explain_opts.list_builtins, "print the builtin tables (tensor, Python, dtypes, nn) and exit; --format text, json or markdown");
  explain->add_option("--format", explain_opts.format,
                      "text, json or html (one self-contained page); markdown with --list-builtins")
      ->check(CLI::IsMember({"text", "json", "html", "markdown"}));
  explain->add_option("-o,--output", explain_opts.output, "write the report to FILE (html: default <stem>.html; text and json: standard output)");
  explain->add_option("--code", explain_opts.code, "print the long explanation of a code (TS4003) or kind and exit");
  explain->add_option("--profile", explain_opts.profile,
                      "run statistics (TCC_STATS=FILE) of a run: rank the breaks by measured cost");
  explain->add_flag("--guards", explain_opts.guards,
                    "list each specialisation's guards: what its compiled code assumes and checks when called "
                    "(--format json always has them)");
  explain->add_flag("--costs", explain_opts.costs,
                    "rank the breaks by a static cost estimate (occurrences, tensor bytes handed out)");
  AddCommon(explain, common);

  auto* lint = app.add_subcommand("lint", "fail on graph breaks (CI mode); reports all of them");
  lint->add_option("files", lint_opts.files, "the .ts files")->required();
  lint->add_flag("--strict", lint_opts.strict, "also fail on breaks allowed by error_on_graph_break(False)");
  lint->add_option("--format", lint_opts.format, "text, json, github or sarif (SARIF 2.1.0)")
      ->check(CLI::IsMember({"text", "json", "github", "sarif"}));
  lint->add_option("-o,--output", lint_opts.output, "write the report to FILE instead of standard output");
  lint->add_option("--root", lint_opts.root,
                   "repository root that paths in sarif, json and baselines are relative to (default: the nearest "
                   "folder holding .git above the current one)");
  lint->add_option("--baseline", lint_opts.baseline, "fail only on findings not recorded in FILE");
  lint->add_option("--write-baseline", lint_opts.write_baseline, "record today's failing findings in FILE");
  lint->add_flag("--strict-suppressions", lint_opts.strict_suppressions,
                 "a `# tcc: allow[...]` suppression must give a reason");
  lint->add_flag("--statistics", lint_opts.statistics, "print the number of findings per code");
  lint->add_flag("--exit-zero", lint_opts.exit_zero, "exit 0 even when there are findings (2 and 3 still apply)");
  lint->add_option("--max-breaks", lint_opts.max_breaks, "tolerate up to N failing graph breaks (errors still fail)")
      ->check(CLI::NonNegativeNumber);
  lint->footer("Exit codes: 0 clean, 1 findings, 2 usage or configuration error, 3 internal error.\n"
               "Suppress a finding in the source with `# tcc: allow[KIND] reason` (docs/cli.md, \"tcc lint in CI\").");
  AddCommon(lint, common);

  auto* build = app.add_subcommand("build", "compile a program into a native executable");
  build->add_option("file", build_opts.file, "the .ts file")->required();
  build->add_option("-o,--output", build_opts.output, "output path (default: the file's stem)");
  build->add_option("--emit", build_opts.emit,
                    "stop early and print: graph, llvm, kernels (the kernels' optimised LLVM IR alone), asm or obj")
      ->check(CLI::IsMember({"graph", "llvm", "kernels", "asm", "obj"}));
  build->add_option("--dump-after", build_opts.dump_after, "print the graph after PASS (or `all`)");
  build->add_flag("--time-passes", build_opts.time_passes, "report the time each phase and pass took");
  build->add_flag("--unroll", build_opts.loop_unroll,
                  "also run LLVM's loop unroller (off by default: it doubles the build time, and the kernels were "
                  "as fast without it in bench/run.sh)");
  build->add_option("-j,--jobs", build_opts.jobs, "threads that optimise and emit code (default: one per core)")
      ->check(CLI::PositiveNumber);
  build->add_flag_callback("--no-unroll", [&build_opts] { build_opts.loop_unroll = false; }, "do not (the default)");
  build->add_flag_callback("--no-dedupe", [&build_opts] { build_opts.dedupe = false; },
                           "emit every kernel even when its code is identical to another's");
  build->add_flag("--remarks", build_opts.remarks, "print LLVM vectoriser remarks");
  AddCodegen(build, build_opts.opt_level, build_opts.target_cpu);
  AddCommon(build, common);

  lint_opts.command_line.assign(argv, argv + argc);
  if (!lint_opts.command_line.empty()) lint_opts.command_line[0] = "tcc";
  std::vector<std::string> program_args;
  int parsed_argc = SplitProgramArgs(*run, argc, argv, program_args);
  if (std::string unknown = UnknownWord(app, parsed_argc, argv); !unknown.empty()) {
    std::cerr << "tcc: error: " << unknown << "\nRun with --help for more information.\n";
    return kExitUsage;
  }
  try {
    app.parse(parsed_argc, argv);
    run_opts.args.insert(run_opts.args.end(), program_args.begin(), program_args.end());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }

  try {
    if (*parse) return RunParse(common, parse_opts);
    if (*run) return RunRun(common, run_opts);
    if (*explain) return RunExplain(common, explain_opts);
    if (*lint) return RunLint(common, lint_opts);
    if (*build) return RunBuild(common, build_opts);
  } catch (const std::exception& e) {
    std::cerr << "tcc: internal error: " << e.what()
              << "\nThis is a bug in tcc; please report it with the input that caused it.\n";
    return kExitInternal;
  }
  return kExitUsage;
}
