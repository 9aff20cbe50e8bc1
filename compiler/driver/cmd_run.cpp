// Implements `tcc run [--eager] FILE [args...]`.
//
// --eager: loads the program (script + imports), reports load/syntax
// diagnostics (exit 1), then runs it in the eager interpreter
// (runtime/interp): exit 0, or 1 after a run-time error.
// Without --eager the program is built into a cache folder and run; that
// compiled path belongs to the backend (see the marked spot below).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "driver/commands.h"
#include "interp/interp.h"
#include "parse/load.h"

namespace tcc::driver {

namespace {


int RunEager(const CommonOptions& common, const RunOptions& opts) {
  DiagnosticEngine diags;
  int exit_code = kExitOk;
  std::unique_ptr<ast::Program> program = LoadForCommand(opts.file, common, diags, &exit_code);
  if (!program) return exit_code;
  Render(diags, common);  // warnings
  interp::RunConfig cfg;
  cfg.argv = opts.args;
  cfg.program = opts.file;  // sys.argv[0], as `python FILE` gives it
  cfg.color = common.UseColor();
  cfg.json_diagnostics = common.diagnostic_format == "json";
  return interp::RunProgram(*program, cfg);
}

}  // namespace

int RunRun(const CommonOptions& common, const RunOptions& opts) {
  if (opts.eager) return RunEager(common, opts);
  // ---- compiled path (owned by the backend): build FILE into a cache folder
  // with the same pipeline as `tcc build`, then exec the executable with
  // opts.args (its exit code becomes ours).
  BuildOptions b;
  b.file = opts.file;
  b.opt_level = opts.opt_level;
  b.target_cpu = opts.target_cpu;
  b.quiet = true;
  std::string exe;
  int rc = BuildProgram(common, b, &exe);
  if (rc != kExitOk) return rc;
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(opts.file.c_str()));  // the program's sys.argv[0], as with --eager
  for (const std::string& a : opts.args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::cout.flush();
  execv(exe.c_str(), argv.data());
  std::cerr << "tcc: cannot run `" << exe << "`: " << std::strerror(errno) << "\n";
  return kExitInternal;
}

}  // namespace tcc::driver
