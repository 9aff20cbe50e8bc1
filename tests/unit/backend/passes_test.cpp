// Tests the graph passes and the fusion plan on graphs built by hand.
#include <catch2/catch.hpp>

#include <sstream>

#include "graph/print.h"
#include "graph/verify.h"
#include "graph_builder.h"
#include "passes/eliminate_common_subexpressions.h"
#include "passes/eliminate_dead_code.h"
#include "passes/fold_constants.h"
#include "passes/pipeline.h"
#include "passes/plan_fusion.h"
#include "passes/summarize_kernels.h"

using namespace tcc::graph;
using namespace tcc::passes;
using tcc::testing::GraphBuilder;

TEST_CASE("constant folding evaluates scalar chains and drops identities") {
  GraphBuilder b("g");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({3}));
  auto two = b.Const(2.0);
  auto three = b.Const(3.0);
  auto six = b.Binary(OpKind::Mul, two, three);  // folds to 6
  auto one = b.Const(1.0);
  auto xm = b.Binary(OpKind::Mul, x, one);       // identity
  auto y = b.Binary(OpKind::Add, xm, six);
  b.Output(y);
  CHECK(FoldConstants(b.g));
  CHECK(b.g.nodes[six].op == OpKind::Constant);
  CHECK(b.g.nodes[six].attrs.fvalue == 6.0);
  CHECK(b.g.nodes[y].inputs[0] == x);
  CHECK(EliminateDeadCode(b.g));
  CHECK(VerifyGraph(b.g).empty());
  CHECK(b.g.nodes.size() == 3);  // x, 6, add
  CHECK_FALSE(FoldConstants(b.g));
}

TEST_CASE("integer division by zero is not folded") {
  GraphBuilder b("g");
  auto a = b.Const(1.0, DType::I64);
  auto z = b.Const(0.0, DType::I64);
  auto d = b.Binary(OpKind::FloorDiv, a, z);
  b.Output(d);
  CHECK_FALSE(FoldConstants(b.g));
}

TEST_CASE("CSE merges identical nodes, DCE removes the copies, inputs stay") {
  GraphBuilder b("g");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({3}));
  auto unused = b.Input("u", DType::F32, GraphBuilder::S({3}));
  auto e1 = b.Unary(OpKind::Exp, x);
  auto e2 = b.Unary(OpKind::Exp, x);
  auto s = b.Binary(OpKind::Add, e1, e2);
  b.Output(s);
  CHECK(EliminateCommonSubexpressions(b.g));
  CHECK(b.g.nodes[s].inputs == std::vector<ValueId>{e1, e1});
  CHECK(EliminateDeadCode(b.g));
  CHECK(b.g.nodes.size() == 4);
  CHECK(b.g.nodes[unused].op == OpKind::Input);
  CHECK(VerifyGraph(b.g).empty());
}

TEST_CASE("an elementwise chain is one loop nest") {
  GraphBuilder b("chain");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
  auto a = b.Binary(OpKind::Mul, x, b.Const(3.0));
  auto r = b.Unary(OpKind::Relu, b.Binary(OpKind::Add, a, b.Const(1.0)));
  auto s = b.Unary(OpKind::Sigmoid, x);
  auto t = b.Binary(OpKind::Div, b.Unary(OpKind::Tanh, x), b.Const(2.0));
  auto out = b.Binary(OpKind::Sub, b.Binary(OpKind::Mul, r, s), t);
  b.Output(out);
  FusionPlan plan = PlanFusion(b.g);
  REQUIRE(plan.groups.size() == 1);
  CHECK(plan.groups[0].kind == GroupKind::Elementwise);
  CHECK(plan.groups[0].root == out);
  CHECK(plan.groups[0].reads == std::vector<ValueId>{x});
  CHECK(plan.groups[0].nodes.size() == 11);  // 3 constants + 8 ops
}

TEST_CASE("softmax over rows is one loop nest with two row reductions") {
  GraphBuilder b("softmax");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({4096, 1024}));
  auto m = b.Reduce(OpKind::Max, x, {-1}, true);
  auto e = b.Unary(OpKind::Exp, b.Binary(OpKind::Sub, x, m));
  auto s = b.Reduce(OpKind::Sum, e, {-1}, true);
  auto y = b.Binary(OpKind::Div, e, s);
  b.Output(y);
  FusionPlan plan = PlanFusion(b.g);
  REQUIRE(plan.groups.size() == 1);
  CHECK(plan.groups[0].hoisted == std::vector<ValueId>{m, s});
  CHECK(plan.groups[0].OpNames(b.g) == std::vector<std::string>{"max", "sub", "exp", "sum", "div"});
  CHECK(plan.groups[0].row_cached == e);  // exp computed once: stored by the sum pass, loaded by the division
  CHECK(PrintFusionPlan(b.g, plan) ==
        "kernel 0 (elementwise -> %5 float32[4096, 1024]): max, sub, exp, sum, div "
        "[per row: %1 max %4 sum; kept in the row: %3 exp]\n");
}

TEST_CASE("the row cache takes only an expensive value of the output's shape and dtype") {
  SECTION("cheap: layer_norm's x - mean is recomputed") {
    GraphBuilder b("ln");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({64, 32}));
    auto c = b.Binary(OpKind::Sub, x, b.Reduce(OpKind::Mean, x, {-1}, true));
    auto var = b.Reduce(OpKind::Mean, b.Binary(OpKind::Mul, c, c), {-1}, true);
    b.Output(b.Binary(OpKind::Mul, c, b.Unary(OpKind::Rsqrt, var)));
    FusionPlan plan = PlanFusion(b.g);
    REQUIRE(plan.groups.size() == 1);
    CHECK(plan.groups[0].row_cached == -1);
  }
  SECTION("other dtype: the output is float64, the exp float32") {
    GraphBuilder b("sm64");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({64, 32}));
    auto e = b.Unary(OpKind::Exp, x);
    auto s = b.Reduce(OpKind::Sum, e, {-1}, true);
    b.Output(b.Binary(OpKind::Div, e, s, DType::F64));
    FusionPlan plan = PlanFusion(b.g);
    REQUIRE(plan.groups.size() == 1);
    CHECK(plan.groups[0].row_cached == -1);
  }
  SECTION("the reduction covers only a slice of the row") {
    GraphBuilder b("part");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({64, 32}));
    auto e = b.Unary(OpKind::Exp, x);
    auto half = b.View(OpKind::Slice, e, GraphBuilder::S({64, 16}), {}, 1, {0, 16, 1});
    auto s = b.Reduce(OpKind::Sum, half, {-1}, true);
    b.Output(b.Binary(OpKind::Div, e, s));
    FusionPlan plan = PlanFusion(b.g);
    REQUIRE(plan.groups.size() == 1);
    CHECK(plan.groups[0].hoisted.size() == 1);
    CHECK(plan.groups[0].row_cached == -1);
  }
  SECTION("read transposed by the epilogue") {
    GraphBuilder b("tr");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({32, 32}));
    auto e = b.Unary(OpKind::Exp, x);
    auto s = b.Reduce(OpKind::Sum, e, {-1}, true);
    auto et = b.View(OpKind::Transpose, e, GraphBuilder::S({32, 32}), {0, 1});
    b.Output(b.Binary(OpKind::Add, b.Binary(OpKind::Div, e, s), et));
    FusionPlan plan = PlanFusion(b.g);
    for (const auto& grp : plan.groups) CHECK(grp.row_cached == -1);
  }
}

TEST_CASE("a full reduction used elementwise is materialised on its own") {
  GraphBuilder b("center");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
  auto mean = b.Reduce(OpKind::Mean, x, {}, false);
  auto y = b.Binary(OpKind::Sub, x, mean);
  b.Output(y);
  FusionPlan plan = PlanFusion(b.g);
  REQUIRE(plan.groups.size() == 2);
  CHECK(plan.groups[0].kind == GroupKind::Reduction);
  CHECK(plan.groups[0].root == mean);
  CHECK(plan.groups[1].reads == std::vector<ValueId>{x, mean});
}

TEST_CASE("column reductions are not hoisted into a row-major nest") {
  GraphBuilder b("cols");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({8, 16}));
  auto cs = b.Reduce(OpKind::Sum, x, {0}, true);  // [1, 16]: depends on the inner loop
  auto y = b.Binary(OpKind::Div, x, cs);
  b.Output(y);
  FusionPlan plan = PlanFusion(b.g);
  REQUIRE(plan.groups.size() == 2);
  CHECK(plan.materialised[cs]);
}

TEST_CASE("matmul operands and results are materialised, the bias epilogue fuses") {
  GraphBuilder b("mlp");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({256, 1024}));
  auto w1 = b.Input("w1", DType::F32, GraphBuilder::S({1024, 4096}));
  auto b1 = b.Input("b1", DType::F32, GraphBuilder::S({4096}));
  auto w2 = b.Input("w2", DType::F32, GraphBuilder::S({4096, 1024}));
  auto b2 = b.Input("b2", DType::F32, GraphBuilder::S({1024}));
  auto h = b.Unary(OpKind::Relu, b.Binary(OpKind::Add, b.MatMul(x, w1), b1));
  auto y = b.Binary(OpKind::Add, b.MatMul(h, w2), b2);
  b.Output(y);
  FusionPlan plan = PlanFusion(b.g);
  std::vector<GroupKind> kinds;
  for (auto& grp : plan.groups) kinds.push_back(grp.kind);
  CHECK(kinds == std::vector<GroupKind>{GroupKind::MatMul, GroupKind::Elementwise, GroupKind::MatMul,
                                        GroupKind::Elementwise});
}

TEST_CASE("pipeline dumps after a pass and says when it changed nothing") {
  GraphBuilder b("p");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({3}));
  b.Output(b.Unary(OpKind::Neg, x));
  std::ostringstream log;
  PipelineOptions o;
  o.dump_after = {"cse", "fuse"};
  o.log = &log;
  RunPipeline(b.g, o);
  CHECK(log.str().find("// ---- after cse (p) (unchanged)") != std::string::npos);
  CHECK(log.str().find("kernel 0 (elementwise -> %1 float32[3]): neg") != std::string::npos);
  o.dump_after.clear();
  o.time_passes = true;
  std::ostringstream times;
  o.log = &times;
  RunPipeline(b.g, o);
  CHECK(times.str().find("pass fold-constants") != std::string::npos);
}

TEST_CASE("kernel summaries for tcc explain") {
  GraphBuilder b("softmax");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({8, 16}));
  auto w = b.Input("w", DType::F32, GraphBuilder::S({16, 16}));
  auto h = b.MatMul(x, w);
  auto m = b.Reduce(OpKind::Max, h, {-1}, true);
  auto e = b.Unary(OpKind::Exp, b.Binary(OpKind::Sub, h, m));
  b.Output(b.Binary(OpKind::Div, e, b.Reduce(OpKind::Sum, e, {-1}, true)));
  auto ks = SummarizeKernels(b.g);
  REQUIRE(ks.size() == 2);
  CHECK(ks[0].kind == "matmul");
  CHECK(ks[1].per_row == std::vector<std::string>{"max", "sum"});
  CHECK(ks[1].row_cached == "exp");
  CHECK(KernelSummaryText(ks) ==
        "2 loop nests: [matmul] matmul; [elementwise] max, sub, exp, sum, div (per row: max, sum; exp kept in the row)");
  CHECK(b.g.nodes.size() == 8);  // the caller's graph is untouched
}

TEST_CASE("random draws are never merged, dropped or fused, each is its own nest in order") {
  GraphBuilder b("noise");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({4}));
  Node r;
  r.op = OpKind::RandN;
  r.type = {DType::F32, GraphBuilder::S({4})};
  auto n1 = b.Add(r);
  auto unused = b.Add(r);  // same description: CSE must keep it apart; DCE must keep it
  auto n2 = b.Add(r);
  b.Output(b.Binary(OpKind::Add, x, b.Binary(OpKind::Sub, n1, n2)));
  FusionPlan plan = RunPipeline(b.g, PipelineOptions{});
  CHECK(b.g.nodes.size() == 6);
  std::vector<ValueId> randoms;
  for (const auto& grp : plan.groups)
    if (grp.kind == GroupKind::Random) randoms.push_back(grp.root);
  CHECK(randoms == std::vector<ValueId>{n1, unused, n2});
  CHECK(plan.groups.back().kind == GroupKind::Elementwise);
  CHECK(plan.groups.back().reads == std::vector<ValueId>{x, n1, n2});
}
