// Tests whole programs through RunProgram: scoping and closures, classes,
// decorators and graph-control builtins, modules of the language.
#include <catch2/catch.hpp>

#include "test_util.h"

using tcc::interp::test::RunSource;

TEST_CASE("closures capture variables, not values", "[programs]") {
  auto r = RunSource(
      "def counter():\n"
      "    n = 0\n"
      "    def get():\n"
      "        return n\n"
      "    n = 5\n"
      "    return get\n"
      "def adder(k):\n"
      "    def add(x):\n"
      "        def inner():\n"
      "            return x + k\n"
      "        return inner()\n"
      "    return add\n"
      "print(counter()(), adder(10)(5))\n");
  REQUIRE(r.code == 0);
  CHECK(r.out == "5 15\n");
}

TEST_CASE("default and keyword arguments", "[programs]") {
  auto r = RunSource(
      "def f(a, b=2, c=3):\n"
      "    return a * 100 + b * 10 + c\n"
      "print(f(1), f(1, c=9), f(c=1, b=1, a=1), f(4, 5, 6))\n");
  REQUIRE(r.code == 0);
  CHECK(r.out == "123 129 111 456\n");
}

TEST_CASE("classes: fields, __init__, methods, per-instance override", "[programs]") {
  auto r = RunSource(
      "class P:\n"
      "    x: int\n"
      "    y: int = 7\n"
      "    def total(self):\n"
      "        return self.x + self.y\n"
      "class Q:\n"
      "    def __init__(self, v):\n"
      "        self.v = v\n"
      "    def get(self):\n"
      "        return self.v\n"
      "p = P(1)\n"
      "q = Q(3)\n"
      "g = q.get\n"
      "q.get = error_on_graph_break(False)(q.get)\n"
      "print(p.total(), P(x=2, y=3).total(), q.get(), g(), p)\n");
  REQUIRE(r.code == 0);
  CHECK(r.out == "8 5 3 3 P(x=1, y=7)\n");
}

TEST_CASE("inheritance and super-free method lookup", "[programs]") {
  auto r = RunSource(
      "class A:\n"
      "    def name(self):\n"
      "        return 'A'\n"
      "    def hello(self):\n"
      "        return 'hello ' + self.name()\n"
      "class B(A):\n"
      "    def name(self):\n"
      "        return 'B'\n"
      "print(B().hello(), isinstance(B(), A), isinstance(A(), B))\n");
  REQUIRE(r.code == 0);
  CHECK(r.out == "hello B True False\n");
}

TEST_CASE("graph-control builtins change nothing in eager mode", "[programs]") {
  auto r = RunSource(
      "@fullgraph\n"
      "def a(x):\n"
      "    return x + 1\n"
      "@fullgraph(False)\n"
      "@error_on_graph_break(True)\n"
      "def b(x):\n"
      "    graph_break()\n"
      "    with error_on_graph_break(False):\n"
      "        y = x * 2\n"
      "    return y\n"
      "@nonstrict_trace\n"
      "def c():\n"
      "    return 4\n"
      "@pytree\n"
      "class S:\n"
      "    t: int\n"
      "print(a(1), b(3), c(), nonstrict_trace(c)(), S(2).t)\n");
  REQUIRE(r.code == 0);
  CHECK(r.out == "2 6 4 4 2\n");
}

TEST_CASE("control flow: loops, break, continue, while, unpacking", "[programs]") {
  auto r = RunSource(
      "s = 0\n"
      "for i in range(10):\n"
      "    if i % 2 == 0:\n"
      "        continue\n"
      "    if i > 7:\n"
      "        break\n"
      "    s += i\n"
      "n = 0\n"
      "while n < 5:\n"
      "    n += 2\n"
      "a, (b, c) = 1, [2, 3]\n"
      "d = {'k': 1, 'j': 2}\n"
      "keys = []\n"
      "for k, v in d.items():\n"
      "    keys.append(k + str(v))\n"
      "print(s, n, a + b + c, keys, 3 if s > 10 else 4, 0 or 'x', 1 and 0)\n");
  REQUIRE(r.code == 0);
  CHECK(r.out == "16 6 6 ['k1', 'j2'] 3 x 0\n");
}

TEST_CASE("deep but bounded recursion works", "[programs]") {
  auto r = RunSource(
      "def depth(n):\n"
      "    if n == 0:\n"
      "        return 0\n"
      "    return 1 + depth(n - 1)\n"
      "print(depth(900))\n");
  REQUIRE(r.code == 0);
  CHECK(r.out == "900\n");
}
