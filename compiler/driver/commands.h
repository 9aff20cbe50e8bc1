// Declares the `tcc` subcommands. main.cpp parses the command line (CLI11)
// into these option structs; each command lives in its own cmd_*.cpp.
//
// Every command returns the process exit code:
//   0 ok, 1 errors in the program (or lint findings), 2 usage errors,
//   3 internal error (reported by main with a request to file a report).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ast/program.h"
#include "diagnostics/diagnostics.h"

namespace tcc::driver {

enum ExitCode { kExitOk = 0, kExitProgramError = 1, kExitUsage = 2, kExitInternal = 3 };

struct CommonOptions {
  std::string color = "auto";               // auto | always | never
  std::string diagnostic_format = "text";   // text | json
  bool UseColor() const;                    // resolves "auto" against isatty(stderr)
};

struct ParseOptions {
  std::string file;
  bool dump_ast = false;
};

struct RunOptions {
  std::string file;
  bool eager = false;
  std::vector<std::string> args;            // passed to the program as argv()
  int opt_level = 2;
  std::string target_cpu;
};

struct ExplainOptions {
  std::string file;
  std::string format = "text";              // text | json | html
  std::string output;                       // -o FILE: write the report there (html: default <stem>.html)
  std::string code;                         // --code TSnnnn: print its long explanation instead
  std::string profile;                      // --profile stats.json: rank breaks by measured cost
  bool costs = false;                       // --costs: rank breaks by a static estimate
  bool list_builtins = false;               // print the builtin tables instead (text, json or markdown)
  bool guards = false;                      // --guards: list what each specialisation's compiled code checks
};

// `tcc explain --list-builtins`: the builtin tables (list_builtins.cpp).
int ListBuiltins(const ExplainOptions& opts);

struct LintOptions {
  std::vector<std::string> files;
  bool strict = false;
  std::string format = "text";              // text | json | github | sarif
  std::string output;                       // -o FILE: write the report there instead of stdout
  std::string root;                         // repository root for relative paths (default: nearest .git)
  std::string baseline;                     // --baseline FILE: fail only on findings not in it
  std::string write_baseline;               // --write-baseline FILE: record today's findings
  bool strict_suppressions = false;         // a suppression needs a reason
  bool statistics = false;                  // counts per code
  bool exit_zero = false;                   // exit 0 even with findings
  int max_breaks = -1;                      // graph breaks tolerated before failing (-1: none)
  std::vector<std::string> command_line;    // for SARIF invocations[].commandLine
};

struct BuildOptions {
  std::string file;
  std::string output;                       // default: the file's stem
  std::string emit;                         // "" (executable) | graph | llvm | asm | obj
  int opt_level = 2;                        // -O0 .. -O3
  std::string target_cpu;                   // default: the build machine's; "generic"
  std::vector<std::string> dump_after;      // pass names or "all"
  bool time_passes = false;
  bool loop_unroll = false;                 // --unroll: run LLVM's loop unroller (builds ~2x slower)
  int jobs = 0;                             // -j: threads for LLVM (0: one per core)
  bool dedupe = true;                       // identical kernels emitted once (--no-dedupe: each its own)
  bool remarks = false;                     // print LLVM vectoriser remarks
  bool quiet = false;                       // no summary line (used by `tcc run`)
};

int RunParse(const CommonOptions& common, const ParseOptions& opts);
int RunRun(const CommonOptions& common, const RunOptions& opts);
int RunExplain(const CommonOptions& common, const ExplainOptions& opts);
int RunLint(const CommonOptions& common, const LintOptions& opts);
int RunBuild(const CommonOptions& common, const BuildOptions& opts);

// "" when --target-cpu names a CPU LLVM knows, else the usage error
// (codegen::CheckTargetCpu; here so main.cpp includes no LLVM header).
std::string CheckTargetCpu(const std::string& cpu);

// The build pipeline behind `tcc build` (cmd_build.cpp). With `cached_exe`
// non-null, builds into the cache folder ($XDG_CACHE_HOME/tcc or
// ~/.cache/tcc) under a key hashing the program, the flags and this tcc,
// skipping the build when that executable exists, and returns its path.
int BuildProgram(const CommonOptions& common, const BuildOptions& opts, std::string* cached_exe);

// Prints the collected diagnostics to stderr as --diagnostic-format asks.
void Render(const DiagnosticEngine& diags, const CommonOptions& common);

// Loads FILE and the modules it imports for a command. On failure renders the
// diagnostics, sets *exit_code (2: the file is missing or a directory; 1: syntax
// or import errors) and returns null. Warnings stay in `diags`.
std::unique_ptr<ast::Program> LoadForCommand(const std::string& file, const CommonOptions& common,
                                             DiagnosticEngine& diags, int* exit_code);

// Prints "tcc: <what> is not available yet in this version" and returns 2.
int NotAvailable(const std::string& what);

}  // namespace tcc::driver
