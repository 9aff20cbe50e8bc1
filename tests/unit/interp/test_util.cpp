// Implements the interpreter test helpers.
#include "test_util.h"

#include <sstream>

#include "parse/parse.h"

namespace tcc::interp::test {

RunResult RunSource(const std::string& source, const std::string& plan_json, const ts_kernel_entry* kernels,
                    int32_t n_kernels, const std::string& stats_path) {
  RunResult r;
  DiagnosticEngine diags;
  auto file = std::make_shared<const SourceFile>("test.ts", source);
  auto module = parse::Parse(file, diags);
  if (diags.has_errors() || !module) {
    std::ostringstream es;
    RenderAllText(diags, es, false);
    r.code = -1;
    r.err = es.str();
    return r;
  }
  ast::Program program;
  program.modules.push_back({"main", std::move(module)});
  std::ostringstream out, err;
  RunConfig cfg;
  cfg.out = &out;
  cfg.err = &err;
  cfg.plan_json = plan_json;
  cfg.kernels = kernels;
  cfg.n_kernels = n_kernels;
  cfg.stats_path = stats_path;
  r.code = RunProgram(program, cfg);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace tcc::interp::test
