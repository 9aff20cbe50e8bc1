// Tests the indentation-aware token source: INDENT/DEDENT/NEWLINE placement,
// brackets, blank lines, continuations and indentation errors.
#include <catch2/catch.hpp>

#include "parse/parse.h"
#include "test_util.h"

using tcc::DiagnosticEngine;

namespace {

std::string Tokens(const std::string& text, DiagnosticEngine* out_diags = nullptr) {
  DiagnosticEngine local;
  DiagnosticEngine& diags = out_diags ? *out_diags : local;
  std::string joined;
  for (const std::string& t : tcc::parse::DescribeTokens(tcc::test::Source(text), diags)) {
    if (!joined.empty()) joined += " | ";
    joined += t;
  }
  return joined;
}

}  // namespace

TEST_CASE("simple statements end with one NEWLINE", "[tokens]") {
  CHECK(Tokens("x = 1\n") == "NAME x | '=' | INTEGER 1 | NEWLINE | EOF");
  CHECK(Tokens("x = 1") == "NAME x | '=' | INTEGER 1 | NEWLINE | EOF");
  CHECK(Tokens("") == "EOF");
}

TEST_CASE("blocks get INDENT and DEDENT", "[tokens]") {
  CHECK(Tokens("if a:\n    b\nc\n") ==
        "'if' | NAME a | ':' | NEWLINE | INDENT | NAME b | NEWLINE | DEDENT | NAME c | NEWLINE | EOF");
  // Two levels closed at once, and at end of file.
  CHECK(Tokens("if a:\n  if b:\n    c\nd") ==
        "'if' | NAME a | ':' | NEWLINE | INDENT | 'if' | NAME b | ':' | NEWLINE | INDENT | NAME c | "
        "NEWLINE | DEDENT | DEDENT | NAME d | NEWLINE | EOF");
  CHECK(Tokens("def f():\n    return 1") ==
        "'def' | NAME f | '(' | ')' | ':' | NEWLINE | INDENT | 'return' | INTEGER 1 | NEWLINE | "
        "DEDENT | EOF");
}

TEST_CASE("blank and comment-only lines produce no tokens", "[tokens]") {
  CHECK(Tokens("\n\n# c\n   # indented comment\nx\n\n   \n") == "NAME x | NEWLINE | EOF");
  CHECK(Tokens("if a:\n\n    # c\n    b\n") ==
        "'if' | NAME a | ':' | NEWLINE | INDENT | NAME b | NEWLINE | DEDENT | EOF");
}

TEST_CASE("newlines inside brackets are ignored", "[tokens]") {
  CHECK(Tokens("f(a,\n  b,\n\n# c\n)\n") ==
        "NAME f | '(' | NAME a | ',' | NAME b | ',' | ')' | NEWLINE | EOF");
  CHECK(Tokens("x = [1,\n        2]\ny\n") ==
        "NAME x | '=' | '[' | INTEGER 1 | ',' | INTEGER 2 | ']' | NEWLINE | NAME y | NEWLINE | EOF");
}

TEST_CASE("backslash continues a line", "[tokens]") {
  CHECK(Tokens("x = 1 + \\\n    2\n") == "NAME x | '=' | INTEGER 1 | '+' | INTEGER 2 | NEWLINE | EOF");
}

TEST_CASE("tabs count to the next multiple of 8", "[tokens]") {
  DiagnosticEngine diags;
  CHECK(Tokens("if a:\n\tb\n\tc\n", &diags) ==
        "'if' | NAME a | ':' | NEWLINE | INDENT | NAME b | NEWLINE | NAME c | NEWLINE | DEDENT | EOF");
  CHECK(diags.diagnostics().empty());
}

TEST_CASE("indentation errors", "[tokens]") {
  using tcc::test::DiagNames;
  CHECK(DiagNames("if a:\n    b\n  c\n") == std::vector<std::string>{"BadIndentation"});
  CHECK(DiagNames("if a:\n\tb\n        c\n") == std::vector<std::string>{"MixedTabsSpaces"});
  CHECK(DiagNames("if a:\n \tb\n") == std::vector<std::string>{"MixedTabsSpaces"});
  CHECK(DiagNames("x\n  y\n") == std::vector<std::string>{"BadIndentation"});
  CHECK(DiagNames("f(\n") == std::vector<std::string>{"UnclosedBracket"});
  CHECK(DiagNames("x = 'abc\n") == std::vector<std::string>{"InvalidLiteral"});
}
