// Defines the entry point of the eager interpreter (library tcc_interp).
//
// RunProgram compiles every module of a parsed Program, attaches the
// execution plan when one is given (so planned statement ranges run as
// compiled kernels, see runtime/README.md), and runs the main module. It is
// used by `tcc run --eager` and, through ts_rt_main, by executables tcc
// builds.
//
// Run-time errors print `file:line:col: error: message [Kind]` with the
// source line and a caret, a hint where one helps, and the TensorScript
// traceback; the result is then 1. The interpreter never aborts on bad
// programs or data. With TCC_STATS (or RunConfig::stats_path) set, the run
// statistics are written at exit, also after a run-time error.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "ast/program.h"
#include "ts_runtime.h"

namespace tcc::interp {

struct RunConfig {
  std::vector<std::string> argv;          // what the program's argv() returns
  std::string program;                    // sys.argv[0]: the program's path as the command line gave it
  std::string plan_json;                  // empty: no plan, everything eager
  const ts_kernel_entry* kernels = nullptr;
  int32_t n_kernels = 0;
  std::ostream* out = nullptr;            // program output (default std::cout)
  std::ostream* err = nullptr;            // diagnostics (default std::cerr)
  bool color = false;                     // colour diagnostics
  bool json_diagnostics = false;          // errors as JSON (traceback frames as notes)
  // Run statistics (runtime/README.md "Run statistics"): written at exit to
  // this file ("-": the diagnostics stream). Empty: $TCC_STATS, if set.
  std::string stats_path;
};

// Runs the program; returns the process exit code (0 ok, 1 run-time error,
// 3 internal error).
int RunProgram(const ast::Program& program, const RunConfig& config);

}  // namespace tcc::interp
