// Tests views as index arithmetic (passes/strided_view.h) and the GEMM views
// and epilogues of the fusion plan (issue 14).
#include <catch2/catch.hpp>

#include "graph_builder.h"
#include "passes/plan_fusion.h"
#include "passes/strided_view.h"

using namespace tcc::graph;
using namespace tcc::passes;
using tcc::testing::GraphBuilder;
using V = std::vector<int64_t>;

TEST_CASE("view strides follow torch's view rule") {
  CHECK(*ViewStrides({4, 6}, {6, 1}, {2, 2, 6}) == V{12, 6, 1});
  CHECK(*ViewStrides({4, 6}, {6, 1}, {24}) == V{1});
  CHECK_FALSE(ViewStrides({4, 6}, {1, 4}, {24}));           // a transpose: merging needs a copy
  CHECK(*ViewStrides({4, 6}, {1, 4}, {2, 2, 6}) == V{2, 1, 4});  // splitting a transposed dim is a view
  CHECK(*ViewStrides({2, 5, 6}, {90, 18, 1}, {2, 5, 2, 3}) == V{90, 18, 3, 1});  // a slice of qkv into heads
  CHECK(*ViewStrides({3, 1, 4}, {4, 99, 1}, {3, 4}) == V{4, 1});   // a unit dim's stride does not matter
}

TEST_CASE("q, k, v slices into heads are read by the matmuls in place, the bias is an in-place epilogue") {
  GraphBuilder b("attn");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({2, 5, 6}));
  auto w = b.Input("w", DType::F32, GraphBuilder::S({6, 18}));
  auto bias = b.Input("b", DType::F32, GraphBuilder::S({18}));
  auto qkv = b.Binary(OpKind::Add, b.MatMul(x, w), bias);
  auto head = [&](int64_t start) {
    auto s = b.View(OpKind::Slice, qkv, GraphBuilder::S({2, 5, 6}), {}, 2, {start, start + 6, 1});
    auto r = b.View(OpKind::Reshape, s, GraphBuilder::S({2, 5, 2, 3}));
    return b.View(OpKind::Transpose, r, GraphBuilder::S({2, 2, 5, 3}), {1, 2});
  };
  auto q = head(0), k = head(6);
  auto kt = b.View(OpKind::Transpose, k, GraphBuilder::S({2, 2, 3, 5}), {-2, -1});
  auto att = b.MatMul(q, kt);
  b.Output(att);
  std::vector<bool> mat(b.g.nodes.size(), false);
  mat[x] = mat[w] = mat[bias] = mat[qkv] = true;
  auto sv = StaticStridedView(b.g, kt, mat);
  REQUIRE(sv);
  CHECK(sv->base == qkv);
  CHECK(sv->offset == 6);
  CHECK(sv->strides == V{90, 3, 1, 18});
  FusionPlan plan = PlanFusion(b.g);
  std::vector<GroupKind> kinds;
  for (auto& grp : plan.groups) kinds.push_back(grp.kind);
  CHECK(kinds == std::vector<GroupKind>{GroupKind::MatMul, GroupKind::Elementwise, GroupKind::MatMul});
  CHECK(plan.groups[1].root == qkv);
  CHECK(plan.groups[1].in_place_of == b.g.nodes[qkv].inputs[0]);
  CHECK(plan.groups[2].reads == std::vector<ValueId>{qkv});
}

TEST_CASE("an epilogue read at another index, or a result read twice, is not in place") {
  GraphBuilder b("sq");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({4, 4}));
  auto m = b.MatMul(x, x);
  auto t = b.View(OpKind::Transpose, m, GraphBuilder::S({4, 4}), {0, 1});
  b.Output(b.Binary(OpKind::Add, m, t));
  FusionPlan plan = PlanFusion(b.g);
  REQUIRE(plan.groups.size() == 2);
  CHECK(plan.groups[1].in_place_of == -1);
}

TEST_CASE("an epilogue is not in place when another nest recomputes a value it reads from the matmul") {
  // pre = b + x @ w feeds the forward relu(pre) and a later pre > 0 (a
  // backward pass): the second nest recomputes pre from the matmul's output,
  // which the first must not have overwritten.
  GraphBuilder b("shared");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({4, 4}));
  auto bias = b.Input("b", DType::F32, GraphBuilder::S({4}));
  auto pre = b.Binary(OpKind::Add, bias, b.MatMul(x, x));
  auto h = b.Unary(OpKind::Relu, pre);
  auto hm = b.MatMul(h, x);
  b.Output(b.Binary(OpKind::Mul, hm, b.Binary(OpKind::Maximum, pre, bias)));
  FusionPlan plan = PlanFusion(b.g);
  bool found = false;
  for (const auto& grp : plan.groups) {
    if (grp.root != h) continue;
    found = true;
    CHECK(grp.in_place_of == -1);
  }
  CHECK(found);
}

TEST_CASE("a batch permute of a matmul result is written by the matmul in that layout") {
  GraphBuilder b("layout");
  auto a = b.Input("a", DType::F32, GraphBuilder::S({2, 3, 4, 5}));
  auto c = b.Input("c", DType::F32, GraphBuilder::S({2, 3, 5, 4}));
  auto m = b.MatMul(a, c);  // [2, 3, 4, 4]
  auto p = b.View(OpKind::Transpose, m, GraphBuilder::S({2, 4, 3, 4}), {1, 2});
  b.Output(b.View(OpKind::Reshape, p, GraphBuilder::S({2, 4, 12})));
  CHECK(WritesMatMulInLayout(b.g, p));
  FusionPlan plan = PlanFusion(b.g);
  REQUIRE(plan.groups.size() == 3);
  CHECK(plan.groups[1].root == p);
  CHECK(plan.groups[1].in_place_of == m);
}
