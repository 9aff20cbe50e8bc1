// Defines AnalyzeFile: load a script with its imports and trace it. Used by
// `tcc explain`, `tcc lint` and `tcc build`.
#pragma once

#include <memory>
#include <string>

#include "ast/program.h"
#include "diagnostics/diagnostics.h"
#include "trace/trace.h"

namespace tcc::trace {

struct Analysis {
  std::unique_ptr<ast::Program> program;  // null when the file cannot be read
  TraceResult result;
  bool cannot_read = false;               // usage error (exit 2)
  bool syntax_errors = false;             // the program did not parse: result is empty
};

// Parses `path` and its imports, then traces the program unless parsing
// reported errors. All diagnostics go to `diags`.
Analysis AnalyzeFile(const std::string& path, DiagnosticEngine& diags, const TraceOptions& options = {});

}  // namespace tcc::trace
