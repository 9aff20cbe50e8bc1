// Defines how ANTLR's syntax errors become tcc diagnostics (internal to
// compiler/parse).
//
// SyntaxErrorStrategy replaces DefaultErrorStrategy's reporting with messages
// written for people ("expected `:` after `if` condition", "expected an
// indented block after the `def` line", "unexpected indentation") and keeps
// ANTLR's recovery, so several errors per file are reported. At most one
// syntax error per line and kMaxSyntaxErrors per file are kept, which drops
// the cascades recovery tends to produce.
#pragma once

#include "antlr4-runtime.h"
#include "base/source.h"
#include "diagnostics/diagnostics.h"
#include "parse/lex.h"

namespace tcc::parse {

inline constexpr int kMaxSyntaxErrors = 20;

// Collects syntax errors for one file.
class SyntaxErrorSink {
 public:
  SyntaxErrorSink(const SourceFile& file, const Positions& pos, DiagnosticEngine& diags)
      : file_(file), pos_(pos), diags_(diags) {}
  void Report(DiagKind kind, const antlr4::Token* at, std::string message, std::string hint = "");
  int count() const { return count_; }
  uint32_t last_line() const { return last_line_; }

 private:
  const SourceFile& file_;
  const Positions& pos_;
  DiagnosticEngine& diags_;
  uint32_t last_line_ = 0;
  int count_ = 0;
};

class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
 public:
  explicit SyntaxErrorStrategy(SyntaxErrorSink& sink) : sink_(sink) {}

 protected:
  void reportNoViableAlternative(antlr4::Parser* p, const antlr4::NoViableAltException& e) override;
  void reportInputMismatch(antlr4::Parser* p, const antlr4::InputMismatchException& e) override;
  void reportFailedPredicate(antlr4::Parser* p, const antlr4::FailedPredicateException& e) override;
  void reportUnwantedToken(antlr4::Parser* p) override;
  void reportMissingToken(antlr4::Parser* p) override;

 private:
  void ReportAt(antlr4::Parser* p, antlr4::ParserRuleContext* ctx, antlr4::Token* tok,
                const antlr4::misc::IntervalSet& expected, bool extra_token);
  bool ReportUnsupported(antlr4::Parser* p, antlr4::Token* tok);
  SyntaxErrorSink& sink_;
  int unexpected_indents_ = 0;  // INDENTs reported (or dropped) as unexpected
};

// Routes any error the strategy does not handle (and lexer errors) to the sink.
class SyntaxErrorListener : public antlr4::BaseErrorListener {
 public:
  explicit SyntaxErrorListener(SyntaxErrorSink& sink) : sink_(sink) {}
  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line,
                   size_t col, const std::string& msg, std::exception_ptr e) override;

 private:
  SyntaxErrorSink& sink_;
};

}  // namespace tcc::parse
