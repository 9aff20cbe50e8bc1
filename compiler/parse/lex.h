// Defines the indentation-aware token source that sits between the generated
// ANTLR lexer and the parser (internal to compiler/parse).
//
// LexFile runs TensorScriptLexer over a file and returns the token list the
// parser reads: NEWLINE only at the end of a logical line (never inside
// brackets, never for blank or comment-only lines), INDENT/DEDENT where the
// indentation changes, a final NEWLINE and DEDENTs before EOF. It reports
// InvalidCharacter, InvalidLiteral (unterminated strings), MixedTabsSpaces,
// BadIndentation, UnclosedBracket and NestingTooDeep. When `fatal` is set the
// token list must not be parsed (the rest of the file is unreadable or too deep
// to parse safely).
#pragma once

#include <memory>
#include <vector>

#include "TensorScriptLexer.h"
#include "antlr4-runtime.h"
#include "base/source.h"
#include "diagnostics/diagnostics.h"

namespace tcc::parse {

// Maps ANTLR's code-point indices to our 1-based line / byte-column Locs.
class Positions {
 public:
  explicit Positions(const std::string& text);
  Loc At(size_t cp_index) const;
  // Where a token starts, and where it ends (exclusive). Synthesized tokens
  // (INDENT, DEDENT, the final NEWLINE, EOF) are empty and sit at the end of
  // the last real token; a NEWLINE ends where it starts (the end of its line).
  Loc Begin(const antlr4::Token* t) const;
  Loc End(const antlr4::Token* t) const;

 private:
  std::vector<size_t> cp_to_byte_;
  std::vector<size_t> line_starts_;
};

struct LexedFile {
  std::unique_ptr<antlr4::ANTLRInputStream> input;
  std::unique_ptr<tsgrammar::TensorScriptLexer> lexer;
  std::vector<std::unique_ptr<antlr4::Token>> tokens;
  std::unique_ptr<Positions> positions;
  bool fatal = false;
};

// Precondition: the file's text is valid UTF-8 without NUL bytes.
LexedFile LexFile(const SourceFile& file, DiagnosticEngine& diags);

// "NAME x", "INDENT", "'('", ... for tests and debugging.
std::string DescribeToken(const antlr4::Token* t);

}  // namespace tcc::parse
