// Tests execution-plan segment formation: statement ranges, inputs named by
// access paths, guards, outputs, and how breaks in callees split segments.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "plan_writer/plan_json.h"
#include "trace_util.h"

using namespace tcc::trace;

namespace {
const Segment* Find(const TraceResult& r, const std::string& fn, int begin) {
  for (const auto& s : r.segments)
    if (s.function == fn && s.stmt_begin == begin) return &s;
  return nullptr;
}
}  // namespace

TEST_CASE("a break-free function is one segment returning its value", "[segments]") {
  auto t = TraceSource(
      "def f(x, w):\n"
      "    h = x @ w\n"
      "    return relu(h) + 1\n"
      "f(randn(2, 3), randn(3, 4))\n");
  REQUIRE(t->result.segments.size() == 1);
  const Segment& s = t->result.segments[0];
  CHECK(s.function == "f");
  CHECK(s.def_line == 1);
  CHECK(s.stmt_begin == 0);
  CHECK(s.stmt_end == 2);
  CHECK(s.inputs == std::vector<std::string>{"x", "w"});
  REQUIRE(s.outputs.size() == 1);
  CHECK(s.outputs[0].target == "<return>");
  CHECK(s.outputs[0].value.kind == OutValue::Kind::Tensor);
  REQUIRE(s.guards.size() == 2);
  CHECK(s.guards[0].path == "w");
  CHECK(s.guards[0].shape == std::vector<std::string>{"3", "4"});
  // graph: input x, input w, matmul, relu, constant, add
  REQUIRE(s.graph.nodes.size() == 6);
  CHECK(s.graph.nodes[0].op == tcc::graph::OpKind::Input);
  CHECK(s.graph.nodes[0].name == "x");
  CHECK(s.graph.outputs.size() == 1);
  CHECK(s.graph.name == s.kernel);
}

TEST_CASE("a break closes the segment before the breaking statement and opens one after", "[segments]") {
  auto t = TraceSource(
      "def f(x):\n"
      "    y = x * 2\n"
      "    z = y + 1\n"
      "    print(z)\n"
      "    return z - y\n"
      "f(randn(3))\n");
  // two kernel segments and, for the `print` the interpreter runs, an interpret one
  REQUIRE(t->result.segments.size() == 3);
  const Segment* p = Find(t->result, "f", 2);
  REQUIRE(p);
  CHECK(p->interpret);
  CHECK(p->stmt_end == 3);
  const Segment* a = Find(t->result, "f", 0);
  const Segment* b = Find(t->result, "f", 3);
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->stmt_end == 2);
  // both y and z are read later, so both are outputs
  REQUIRE(a->outputs.size() == 2);
  CHECK(a->outputs[0].target == "y");
  CHECK(a->outputs[1].target == "z");
  CHECK(b->stmt_end == 4);
  CHECK(b->inputs == std::vector<std::string>{"z", "y"});
}

TEST_CASE("a break inside a callee makes the calling statement eager and keeps the callee's segments",
          "[segments]") {
  auto t = TraceSource(
      "def inner(x):\n"
      "    a = x + 1\n"
      "    graph_break()\n"
      "    return a * 2\n"
      "def outer(x):\n"
      "    y = x - 1\n"
      "    z = inner(y)\n"
      "    return z * 3\n"
      "outer(randn(3))\n");
  CHECK(Find(t->result, "outer", 0));
  CHECK(Find(t->result, "outer", 0)->stmt_end == 1);
  CHECK(Find(t->result, "outer", 2));
  CHECK(Find(t->result, "inner", 0));
  CHECK(Find(t->result, "inner", 2));
  // the calling statement runs in the interpreter: an interpret segment, no kernel
  REQUIRE(Find(t->result, "outer", 1));
  CHECK(Find(t->result, "outer", 1)->interpret);
  CHECK(Find(t->result, "outer", 1)->kernel.empty());
}

TEST_CASE("a statement the interpreter runs is guarded by what it reads, as the state before it", "[segments]") {
  // In the second specialisation `self.w = ...` runs in the interpreter: its
  // interpret segment must hold for that call (self.flag True, as before the
  // statement), so the call is no guard failure of the first one's kernel.
  auto t = TraceSource(
      "class M:\n"
      "    def __init__(self):\n"
      "        self.flag = False\n"
      "        self.w = ones(3)\n"
      "def f(m, x):\n"
      "    if m.flag:\n"
      "        m.w = m.w * 2\n"
      "    return x * m.w\n"
      "m = M()\n"
      "f(m, randn(3))\n"
      "m.flag = True\n"
      "f(m, randn(3))\n");
  int kernels = 0, interprets = 0;
  for (const auto& s : t->result.segments) {
    if (s.function != "f" || s.stmt_begin != 0) continue;
    if (!s.interpret) {
      ++kernels;
      continue;
    }
    ++interprets;
    bool flag_true = false;
    for (const auto& g : s.guards) flag_true |= g.path == "m.flag" && g.value_json == "true";
    CHECK(flag_true);
  }
  CHECK(kernels == 1);
  CHECK(interprets == 1);
}

TEST_CASE("a break-free callee is inlined into the caller's segment", "[segments]") {
  auto t = TraceSource(
      "class M:\n"
      "    w: Tensor\n"
      "    def forward(self, x):\n"
      "        return x @ self.w\n"
      "def f(x):\n"
      "    return m.forward(x).sum()\n"
      "m = M(randn(3, 3))\n"
      "f(randn(2, 3))\n");
  REQUIRE(t->result.segments.size() == 1);
  const Segment& s = t->result.segments[0];
  CHECK(s.function == "f");
  CHECK(s.inputs == std::vector<std::string>{"x", "m.w"});
}

TEST_CASE("Python values the segment assumed become guards", "[segments]") {
  auto t = TraceSource(
      "def f(x, n, scale):\n"
      "    for i in range(n):\n"
      "        x = x * scale\n"
      "    return x\n"
      "f(randn(3), 2, 0.5)\n");
  REQUIRE(t->result.segments.size() == 1);
  nlohmann::json plan = tcc::plan::PlanToJson(t->result);
  auto guards = plan["segments"][0]["guards"];
  bool n = false, scale = false;
  for (const auto& g : guards) {
    if (g["path"] == "n") n = g["kind"] == "int" && g["value"] == 2;
    if (g["path"] == "scale") scale = g["kind"] == "float" && g["value"] == 0.5;
  }
  CHECK(n);
  CHECK(scale);
  CHECK(plan["version"] == 1);
}

TEST_CASE("attribute stores and unknown branches run eagerly without a break", "[segments]") {
  auto t = TraceSource(
      "class S:\n"
      "    t: Tensor\n"
      "def f(s, x):\n"
      "    y = x + 1\n"
      "    s.t = y\n"
      "    return y * 2\n"
      "f(S(randn(2)), randn(2))\n");
  CHECK(t->result.graph_break_count() == 0);
  CHECK(Find(t->result, "f", 0));
  CHECK(Find(t->result, "f", 0)->stmt_end == 1);
  CHECK(Find(t->result, "f", 2));
}

TEST_CASE("run-time numbers become scalar inputs, tensors in lists are named by index paths", "[segments]") {
  auto t = TraceSource(
      "def f(x, params, s):\n"
      "    return x * s + params[1]\n"
      "s = ones(1).sum().item()\n"
      "f(ones(3), [zeros(3), ones(3)], s)\n");
  REQUIRE(t->result.segments.size() == 1);
  const Segment& seg = t->result.segments[0];
  CHECK(seg.inputs == std::vector<std::string>{"x", "params[1]"});
  CHECK(seg.scalar_inputs == std::vector<std::string>{"s"});
  bool has_scalar = false;
  for (const auto& n : seg.graph.nodes) has_scalar |= n.op == tcc::graph::OpKind::ScalarInput && n.name == "s";
  CHECK(has_scalar);
}

TEST_CASE("a value only module scope knows is a guard, a symbolic size guards as a symbol", "[segments]") {
  auto t = TraceSource(
      "SCALE = 3\n"
      "def f(x):\n"
      "    return x * SCALE\n"
      "n = ones(2).sum().item()\n"
      "f(zeros(int(n), 4))\n");
  REQUIRE(t->result.segments.size() == 1);
  const Segment& seg = t->result.segments[0];
  bool scale = false, sym = false;
  for (const auto& g : seg.guards) {
    if (g.path == "SCALE") scale = g.kind == tcc::plan::GuardKind::Int && g.value_json == "3";
    if (g.path == "x") sym = g.shape.size() == 2 && g.shape[0][0] == 's' && g.shape[1] == "4";
  }
  CHECK(scale);
  CHECK(sym);
}

TEST_CASE("statements binding values the plan cannot describe run eagerly only when read later", "[segments]") {
  auto t = TraceSource(
      "class L:\n"
      "    w: Tensor\n"
      "def f(x, layers):\n"
      "    for layer in layers:\n"
      "        x = x @ layer.w\n"
      "    return x\n"
      "f(ones(2, 2), [L(ones(2, 2)), L(ones(2, 2))])\n");
  // `layer` (an object) is bound by the loop but never read after it.
  REQUIRE(t->result.segments.size() == 1);
  CHECK(t->result.segments[0].stmt_begin == 0);
  CHECK(t->result.segments[0].stmt_end == 2);
  CHECK(t->result.segments[0].inputs == std::vector<std::string>{"x", "layers[0].w", "layers[1].w"});
}
