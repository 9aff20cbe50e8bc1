// Defines the program loader: parses a script and every module it imports.
//
// `import m` and `from m import a` (anywhere in a module, also inside
// functions) resolve `m` to `<script folder>/m.ts`, then `<StdlibDir()>/m.ts`;
// a dotted name `a.b` maps to `a/b.ts`. Each module is parsed once; import
// cycles are fine. An unresolvable import reports UnknownModule at the import.
// Returns null only when the main script cannot be read (CannotReadFile);
// otherwise a Program whose modules may be empty-bodied when they have errors
// (check diags.has_errors()).
#pragma once

#include <memory>
#include <string>

#include "ast/program.h"
#include "diagnostics/diagnostics.h"

namespace tcc::parse {

std::unique_ptr<ast::Program> LoadProgram(const std::string& main_path, DiagnosticEngine& diags);

// Same, with an explicit standard library folder (tests).
std::unique_ptr<ast::Program> LoadProgram(const std::string& main_path, const std::string& stdlib_dir,
                                          DiagnosticEngine& diags);

}  // namespace tcc::parse
