// Implements AnalyzeFile (analyze.h).
#include "trace/analyze.h"

#include "parse/load.h"

namespace tcc::trace {

Analysis AnalyzeFile(const std::string& path, DiagnosticEngine& diags, const TraceOptions& options) {
  Analysis a;
  a.program = parse::LoadProgram(path, diags);
  if (!a.program) {
    a.cannot_read = true;
    return a;
  }
  if (diags.has_errors()) {
    a.syntax_errors = true;
    return a;
  }
  a.result = TraceProgram(*a.program, diags, options);
  return a;
}

}  // namespace tcc::trace
