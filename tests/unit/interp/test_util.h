// Helpers for interpreter tests: run TensorScript source text and capture
// its output, errors and exit code.
#pragma once

#include <string>

#include "interp/interp.h"

namespace tcc::interp::test {

struct RunResult {
  int code = 0;
  std::string out;
  std::string err;
};

// Parses `source` as the main module "test.ts" and runs it. `plan_json` and
// the kernel table, when given, are passed to RunProgram; so is
// `stats_path` (run statistics, RunConfig::stats_path).
RunResult RunSource(const std::string& source, const std::string& plan_json = "",
                    const ts_kernel_entry* kernels = nullptr, int32_t n_kernels = 0,
                    const std::string& stats_path = "");

}  // namespace tcc::interp::test
