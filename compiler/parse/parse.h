// Defines the parse phase's entry point: TensorScript text -> ast::Module.
//
// Parse never throws and never crashes. Every problem (binary input, bad
// indentation, syntax errors, nesting too deep, malformed literals, invalid
// assignment targets) becomes a diagnostic in `diags`; several syntax errors
// are reported per file where recovery allows. When the file has errors the
// returned Module holds the file but an empty body, so later phases must check
// `diags.has_errors()` first. Only compiler/parse sees ANTLR.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "base/source.h"
#include "diagnostics/diagnostics.h"

namespace tcc::parse {

// Limits that keep the parser's and every later phase's recursion bounded.
inline constexpr int kMaxBracketDepth = 200;   // ((((...)))) and friends
inline constexpr int kMaxBlockDepth = 100;     // nested indented blocks
inline constexpr int kMaxOperatorChain = 200;  // `- - - x`, `a ** b ** ...`, nested ternaries

std::unique_ptr<ast::Module> Parse(SourceFilePtr file, DiagnosticEngine& diags);

// The token stream the parser sees, one token a string ("NAME x", "INDENT",
// "NEWLINE", "'('", ...), for tests of the indentation-aware token source.
std::vector<std::string> DescribeTokens(SourceFilePtr file, DiagnosticEngine& diags);

}  // namespace tcc::parse
