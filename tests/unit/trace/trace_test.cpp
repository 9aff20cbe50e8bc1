// Tests the tracer's break policy and counting: fullgraph >
// error_on_graph_break > default, wrappers, dynamic scope, specialisation,
// unrolled loops, site deduplication and nonstrict_trace requirements.
#include <catch2/catch.hpp>

#include "trace_util.h"

using namespace tcc::trace;

namespace {
int Errors(const TraceResult& r) { return r.error_count(); }
const Site* SiteAt(const TraceResult& r, uint32_t line, bool error) {
  for (const auto& b : r.breaks)
    if (b.range.begin.line == line && b.error == error) return &b;
  return nullptr;
}
}  // namespace

TEST_CASE("a graph_break splits one graph into two", "[trace]") {
  auto t = TraceSource(
      "def f(x):\n"
      "    y = x + 1\n"
      "    graph_break()\n"
      "    return y * 2\n"
      "f(randn(3))\n");
  REQUIRE_FALSE(t->diags.has_errors());
  CHECK(t->result.graph_count() == 2);
  CHECK(t->result.graph_break_count() == 1);
  REQUIRE(t->result.breaks.size() == 1);
  CHECK(t->result.breaks[0].brk == BreakKind::GraphBreakCall);
  CHECK(t->result.breaks[0].range.begin.line == 3);
  CHECK(t->result.breaks[0].range.begin.col == 5);
  CHECK_FALSE(t->result.breaks[0].allowed);
}

TEST_CASE("fullgraph turns breaks anywhere below into errors and cannot be undone", "[trace][policy]") {
  auto t = TraceSource(
      "@error_on_graph_break(False)\n"
      "def inner(x):\n"
      "    graph_break()\n"
      "    return x\n"
      "@fullgraph(False)\n"
      "def inner2(x):\n"
      "    with error_on_graph_break(False):\n"
      "        graph_break()\n"
      "    return x\n"
      "@fullgraph\n"
      "def f(x):\n"
      "    return inner2(inner(x))\n"
      "f(randn(3))\n");
  CHECK(Errors(t->result) == 2);
  CHECK(t->result.graph_break_count() == 0);
  REQUIRE(SiteAt(t->result, 3, true));
  CHECK(SiteAt(t->result, 3, true)->under_fullgraph);
  REQUIRE(SiteAt(t->result, 8, true));
}

TEST_CASE("one helper reached under True and under False: error once, fallback once", "[trace][policy]") {
  auto t = TraceSource(
      "def helper(x):\n"
      "    graph_break()\n"
      "    return x + 1\n"
      "@error_on_graph_break(True)\n"
      "def strict(x):\n"
      "    return helper(x)\n"
      "def lenient(x):\n"
      "    with error_on_graph_break(False):\n"
      "        y = helper(x)\n"
      "    return y\n"
      "strict(randn(2))\n"
      "lenient(randn(2))\n");
  CHECK(Errors(t->result) == 1);
  CHECK(t->result.graph_break_count() == 1);
  REQUIRE(SiteAt(t->result, 2, false));
  CHECK(SiteAt(t->result, 2, false)->allowed);
  // the error carries the user stack through the inlined call
  const Site* e = SiteAt(t->result, 2, true);
  REQUIRE(e);
  REQUIRE(e->user_stack.size() == 3);
  CHECK(e->user_stack[0].function == "<module>");
  CHECK(e->user_stack[1].function == "strict");
  CHECK(e->user_stack[1].loc.line == 6);
  CHECK(e->user_stack[2].function == "helper");
}

TEST_CASE("toggling: the innermost error_on_graph_break wins, and is restored after the block", "[trace][policy]") {
  auto t = TraceSource(
      "def f(x):\n"
      "    with error_on_graph_break(True):\n"
      "        with error_on_graph_break(False):\n"
      "            graph_break()\n"
      "        graph_break()\n"
      "    graph_break()\n"
      "    return x\n"
      "f(randn(2))\n");
  CHECK(SiteAt(t->result, 4, false));
  CHECK(SiteAt(t->result, 4, false)->allowed);
  CHECK(SiteAt(t->result, 5, true));
  CHECK(SiteAt(t->result, 6, false));
  CHECK_FALSE(SiteAt(t->result, 6, false)->allowed);
}

TEST_CASE("specialisation per abstract signature, a loop with a break runs in the interpreter, sites count occurrences", "[trace][spec]") {
  auto t = TraceSource(
      "def g(x, n):\n"
      "    for i in range(n):\n"
      "        x = x * 2\n"
      "        graph_break()\n"
      "    return x\n"
      "g(randn(3), 2)\n"
      "g(randn(3), 2)\n"
      "g(randn(4, 4), 2)\n"
      "g(randn(3), 3)\n");
  REQUIRE(t->result.specs.size() == 3);
  CHECK(t->result.specs[0].signature == "(x: float32[3], n: int=2)");
  CHECK(t->result.specs[1].signature == "(x: float32[4, 4], n: int=2)");
  // (a break inside a loop ends the graph, which resumes only after the
  // loop: the loop's x * 2 runs in the interpreter, as under torch.compile)
  CHECK(t->result.graph_count() == 0);
  CHECK(t->result.graph_break_count() == 2 + 2 + 3);
  REQUIRE(t->result.breaks.size() == 1);
  CHECK(t->result.breaks[0].count == 7);
}

TEST_CASE("data-dependent control flow, tensor-to-scalar and masks break with their kind", "[trace][kinds]") {
  auto t = TraceSource(
      "def f(x):\n"
      "    s = x.sum().item()\n"
      "    y = x if x.sum() > 0 else -x\n"
      "    z = y[y > 0]\n"
      "    w = y > 0 and y < 1\n"
      "    n = int(x[0])\n"
      "    return y\n"
      "f(randn(3))\n");
  std::vector<std::pair<uint32_t, BreakKind>> want = {{2, BreakKind::TensorToScalar},
                                                      {3, BreakKind::DataDependentBranch},
                                                      {4, BreakKind::DynamicOutputShape},
                                                      {5, BreakKind::DataDependentBranch},
                                                      {6, BreakKind::TensorToScalar}};
  for (auto [line, kind] : want) {
    const Site* b = SiteAt(t->result, line, false);
    REQUIRE(b);
    CHECK(b->brk == kind);
  }
  // `.item()` points at the method name
  CHECK(SiteAt(t->result, 2, false)->range.begin.col == 17);
}

TEST_CASE("Python values known at compile time do not break", "[trace]") {
  auto t = TraceSource(
      "def f(x, flag, n):\n"
      "    if flag and n > 2:\n"
      "        x = x + 1\n"
      "    while n > 0:\n"
      "        x = x * 2\n"
      "        n = n - 1\n"
      "    if x.shape[0] == 3:\n"
      "        x = x - 1\n"
      "    return x\n"
      "f(randn(3), True, 3)\n");
  CHECK(t->result.graph_break_count() == 0);
  CHECK(t->result.graph_count() == 1);
  REQUIRE(t->result.specs.size() == 1);
  CHECK(t->result.specs[0].graphs[0].op_names.size() == 5);
}

TEST_CASE("nonstrict_trace: breaks inside vanish, ops join the caller's graph, requirements are enforced",
          "[trace][nonstrict]") {
  auto t = TraceSource(
      "class Box:\n"
      "    w: Tensor\n"
      "@nonstrict_trace\n"
      "def ok(x):\n"
      "    graph_break()\n"
      "    print(x)\n"
      "    return x * 2\n"
      "@nonstrict_trace\n"
      "def needs_data(x):\n"
      "    return x.sum().item()\n"
      "@nonstrict_trace\n"
      "def takes_box(b):\n"
      "    return b.w\n"
      "@fullgraph\n"
      "def f(x):\n"
      "    y = ok(x) + 1\n"
      "    needs_data(y)\n"
      "    takes_box(Box(y))\n"
      "    return y\n"
      "f(randn(3))\n");
  CHECK(t->result.graph_count() == 1);
  CHECK(t->result.graph_break_count() == 0);
  REQUIRE(t->result.errors.size() == 2);
  CHECK(t->result.errors[0].code == tcc::DiagKind::NonstrictNeedsData);
  CHECK(t->result.errors[0].range.begin.line == 10);
  CHECK(t->result.errors[1].code == tcc::DiagKind::NonstrictBadInput);
  CHECK(t->result.breaks.empty());
}
