// Tests run-time errors: kind, message, location (line:col, caret) and the
// traceback, and that the exit code is 1.
#include <catch2/catch.hpp>

#include "test_util.h"

using tcc::interp::test::RunSource;

namespace {
void ExpectError(const std::string& src, const std::string& head) {
  auto r = RunSource(src);
  INFO(r.err);
  CHECK(r.code == 1);
  CHECK(r.err.rfind(head, 0) == 0);
}
}  // namespace

TEST_CASE("errors name the problem and the place", "[errors]") {
  ExpectError("x = 1\nprint(y)\n", "test.ts:2:7: error: name `y` is not defined [TS3002 name_error]");
  ExpectError("print(3 // 0)\n", "test.ts:1:7: error: integer division by zero [TS3006 zero_division]");
  ExpectError("def f(a):\n    return a\nf(1, 2)\n",
              "test.ts:3:1: error: `f()` takes 1 positional argument but 2 were given [TS3007 argument_error]");
  ExpectError("def f(a):\n    return a\nf()\n", "test.ts:3:1: error: `f()` missing required argument `a` [TS3007 argument_error]");
  ExpectError("def f(a):\n    return a\nf(b=1)\n",
              "test.ts:3:1: error: `f()` got an unexpected keyword argument `b` [TS3007 argument_error]");
  ExpectError("x = [1]\nx[3]\n", "test.ts:2:1: error: list index 3 is out of range for length 1 [TS3004 index_error]");
  ExpectError("x = 3\nx()\n", "test.ts:2:1: error: a value of type `int` is not callable [TS3014 not_callable]");
  ExpectError("class A:\n    pass\nA().z\n", "test.ts:3:1: error: `A` object has no attribute `z` [TS3003 attribute_error]");
  ExpectError("assert 1 == 2, 'bad'\n", "test.ts:1:1: error: assertion failed: bad [TS3013 assertion_error]");
  ExpectError("d = {}\nd['k']\n", "test.ts:2:1: error: key 'k' is not in the dict [TS3005 key_error]");
  ExpectError("def f():\n    y = x\n    x = 1\nf()\n",
              "test.ts:2:9: error: local variable `x` is used before it is assigned [TS3002 name_error]");
  ExpectError("print('a' + 1)\n", "test.ts:1:7: error: cannot add `str` and `int` [TS3001 type_error]");
}

TEST_CASE("tensor errors carry the operation's location", "[errors]") {
  ExpectError("a = ones(3)\nb = ones(4)\nc = a + b\n",
              "test.ts:3:5: error: shapes [3] and [4] cannot be broadcast [TS3008 shape_error]");
  ExpectError("x = ones(2, 3)\ny = x[5]\n", "test.ts:2:5: error: index 5 is out of range for dimension 0 of size 2 [TS3004 index_error]");
  ExpectError("x = load('/nonexistent/x.npy')\n", "test.ts:1:5: error: load: cannot open");
  ExpectError("x = arange(3) // 0\n", "test.ts:1:5: error: integer division by zero [TS3006 zero_division]");
}

TEST_CASE("the traceback lists TensorScript frames, innermost first", "[errors]") {
  auto r = RunSource("def inner(x):\n    return x @ x\ndef outer(x):\n    return inner(x)\nouter(ones(2, 3))\n");
  REQUIRE(r.code == 1);
  CHECK(r.err.find("test.ts:2:12: error: matmul") == 0);
  CHECK(r.err.find("  at inner (test.ts:2:12)\n  at outer (test.ts:4:12)\n  at <module> (test.ts:5:1)\n") !=
        std::string::npos);
}

TEST_CASE("runaway recursion is an error, not a crash", "[errors]") {
  auto r = RunSource("def f(n):\n    return f(n + 1)\nf(0)\n");
  REQUIRE(r.code == 1);
  CHECK(r.err.find("maximum recursion depth exceeded") != std::string::npos);
  CHECK(r.err.find("more frames") != std::string::npos);
}

TEST_CASE("output printed before an error is kept", "[errors]") {
  auto r = RunSource("print('before')\nprint(1 / 0)\n");
  CHECK(r.code == 1);
  CHECK(r.out == "before\n");
}
