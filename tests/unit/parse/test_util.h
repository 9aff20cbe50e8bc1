// Helpers shared by the parse unit tests.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "diagnostics/diagnostics.h"

namespace tcc::test {

SourceFilePtr Source(std::string text, std::string path = "test.ts");
// Parses `text`; `diags` receives the diagnostics.
std::unique_ptr<ast::Module> ParseText(const std::string& text, DiagnosticEngine& diags);
// Parses `text` and returns the dump; fails the test on any diagnostic.
std::string DumpOf(const std::string& text);
// The dump of the single expression statement `text` (no module header).
std::string ExprDump(const std::string& text);
// The kind names ("SyntaxError", ...) of the diagnostics for `text`.
std::vector<std::string> DiagNames(const std::string& text);
// Every file ending in `ext` under `dir` (sorted); empty if `dir` is missing.
std::vector<std::string> FilesIn(const std::string& dir, const std::string& ext);
std::string ReadFile(const std::string& path);

}  // namespace tcc::test
