// Tests operator precedence and associativity against Python's rules by
// comparing the tree of an expression with the tree of its fully
// parenthesized form (parentheses do not create nodes; ranges differ, so the
// comparison strips positions).
#include <regex>

#include <catch2/catch.hpp>

#include "test_util.h"

namespace {

std::string Shape(const std::string& expr) {
  return std::regex_replace(tcc::test::ExprDump(expr), std::regex(" @[0-9]+:[0-9]+"), "");
}

}  // namespace

TEST_CASE("binary operator precedence follows Python", "[precedence]") {
  CHECK(Shape("a + b * c") == Shape("a + (b * c)"));
  CHECK(Shape("a * b + c") == Shape("(a * b) + c"));
  CHECK(Shape("a - b - c") == Shape("(a - b) - c"));
  CHECK(Shape("a / b / c") == Shape("(a / b) / c"));
  CHECK(Shape("a @ b + c") == Shape("(a @ b) + c"));
  CHECK(Shape("a + b @ c") == Shape("a + (b @ c)"));
  CHECK(Shape("a @ b * c") == Shape("(a @ b) * c"));
  CHECK(Shape("a @ b @ c") == Shape("(a @ b) @ c"));
  CHECK(Shape("a << b + c") == Shape("a << (b + c)"));
  CHECK(Shape("a & b << c") == Shape("a & (b << c)"));
  CHECK(Shape("a ^ b & c") == Shape("a ^ (b & c)"));
  CHECK(Shape("a | b ^ c") == Shape("a | (b ^ c)"));
  CHECK(Shape("a % b // c") == Shape("(a % b) // c"));
}

TEST_CASE("power is right-associative and binds tighter than unary minus on its left", "[precedence]") {
  CHECK(Shape("a ** b ** c") == Shape("a ** (b ** c)"));
  CHECK(Shape("-a ** b") == Shape("-(a ** b)"));
  CHECK(Shape("a ** -b") == Shape("a ** (-b)"));
  CHECK(Shape("-a * b") == Shape("(-a) * b"));
  CHECK(Shape("2 * x ** 2") == Shape("2 * (x ** 2)"));
  CHECK(Shape("a.b ** c[0]") == Shape("(a.b) ** (c[0])"));
  CHECK(Shape("- - a") == Shape("-(-a)"));
}

TEST_CASE("comparisons chain and sit between arithmetic and not", "[precedence]") {
  CHECK(Shape("a < b + c") == Shape("a < (b + c)"));
  CHECK(Shape("not a == b") == Shape("not (a == b)"));
  auto chain = Shape("a < b <= c");
  CHECK(chain.find("CompareExpr < <=") != std::string::npos);
  CHECK(Shape("a is not b").find("CompareExpr is not") != std::string::npos);
  CHECK(Shape("a not in b").find("CompareExpr not in") != std::string::npos);
  CHECK(Shape("a in b | c") == Shape("a in (b | c)"));
}

TEST_CASE("boolean operators and the ternary", "[precedence]") {
  CHECK(Shape("a or b and c") == Shape("a or (b and c)"));
  CHECK(Shape("not a and b") == Shape("(not a) and b"));
  CHECK(Shape("a and b and c").find("BoolOpExpr and\n  values:\n    NameExpr a\n    NameExpr b\n    NameExpr c") !=
        std::string::npos);
  CHECK(Shape("x if c else y if d else z") == Shape("x if c else (y if d else z)"));
  CHECK(Shape("a or b if c else d") == Shape("(a or b) if c else d"));
}

TEST_CASE("trailers bind tightest", "[precedence]") {
  CHECK(Shape("-f(x)[0].y") == Shape("-(((f(x))[0]).y)"));
  CHECK(Shape("a + b.c(d)") == Shape("a + (b.c(d))"));
}
