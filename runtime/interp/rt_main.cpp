// Implements ts_rt_main, the entry point of executables tcc builds: it
// deserializes the embedded program, and runs it with the embedded execution
// plan and kernel table.
#include <iostream>

#include "ast/serialize.h"
#include "interp/interp.h"
#include "ts_runtime.h"

extern "C" int ts_rt_main(int argc, char** argv, const ts_program* program) {
  if (!program || !program->ast_blob) {
    std::cerr << "tcc runtime: this executable carries no program\n";
    return 3;
  }
  std::string error;
  auto prog = tcc::ast::DeserializeProgram(program->ast_blob, program->ast_blob_size, &error);
  if (!prog) {
    std::cerr << "tcc runtime: the embedded program is corrupt: " << error << "\n";
    return 3;
  }
  tcc::interp::RunConfig cfg;
  for (int i = 1; i < argc; ++i) cfg.argv.emplace_back(argv[i]);
  if (argc > 0) cfg.program = argv[0];  // `tcc run FILE` passes FILE (cmd_run.cpp)
  if (program->plan_json) cfg.plan_json = program->plan_json;
  cfg.kernels = program->kernels;
  cfg.n_kernels = program->n_kernels;
  return tcc::interp::RunProgram(*prog, cfg);
}
