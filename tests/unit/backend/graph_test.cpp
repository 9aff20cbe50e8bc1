// Tests the graph IR tooling: op table, shape rules, verifier and printer.
#include <catch2/catch.hpp>

#include "graph/print.h"
#include "graph/shape.h"
#include "graph/verify.h"
#include "graph_builder.h"
#include "semantics/window.h"

using namespace tcc::graph;
using tcc::testing::GraphBuilder;

TEST_CASE("op table spells and categorises every op") {
  CHECK(std::string(OpSpelling(OpKind::Add)) == "add");
  CHECK(CategoryOf(OpKind::Add) == OpCategory::Binary);
  CHECK(CategoryOf(OpKind::Sum) == OpCategory::Reduce);
  CHECK(std::string(OpSpelling(OpKind::Cast)) == "cast");
  CHECK(std::string(DTypeName(DType::I64)) == "int64");
}

TEST_CASE("broadcast of symbolic shapes") {
  auto s = GraphBuilder::S;
  CHECK(BroadcastShapes(s({-1, 1}), s({4})) == s({-1, 4}));
  CHECK(BroadcastShapes(s({-1, 3}), s({-1, 3})) == s({-1, 3}));
  CHECK(!BroadcastShapes(s({-1}), s({-2})));
  CHECK(!BroadcastShapes(s({3}), s({4})));
  CHECK(BroadcastShapes(s({}), s({2, 3})) == s({2, 3}));
  CHECK(ReduceShape(s({4, -1}), {1}, true) == s({4, 1}));
  CHECK(ReduceShape(s({4, -1}), {0, 1}, false) == s({}));
  CHECK(*NormalizeAxes({-1}, 3) == std::vector<int64_t>{2});
  CHECK(!NormalizeAxes({3}, 3));
  CHECK(MatMulShape(s({8, 2, 3}), s({3, 5})) == s({8, 2, 5}));
  CHECK(MatMulShape(s({3}), s({3, 5})) == s({5}));
  CHECK(!MatMulShape(s({2, 3}), s({4, 5})));
  CHECK(PromoteTypes(DType::I64, DType::F32) == DType::F32);
}

TEST_CASE("verifier accepts a well-formed graph and the printer is deterministic") {
  GraphBuilder b("f_g0");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({4, -1}));
  auto c = b.Const(2.0);
  auto m = b.Binary(OpKind::Mul, x, c);
  auto s = b.Reduce(OpKind::Sum, m, {1}, true);
  b.Output(m);
  b.Output(s);
  CHECK(VerifyGraph(b.g).empty());
  std::string text = PrintGraph(b.g);
  CHECK(text ==
        "graph f_g0 {\n"
        "  %0 = input #0 \"x\" : float32[4, s0]\n"
        "  %1 = constant 2 : float32[]\n"
        "  %2 = mul %0, %1 : float32[4, s0]\n"
        "  %3 = sum %2 axes=[1] keepdim : float32[4, 1]\n"
        "  return %2, %3\n"
        "}\n");
  CHECK(PrintGraph(b.g) == text);
}

TEST_CASE("verifier reports each broken invariant") {
  GraphBuilder b("bad");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({4, 3}));
  auto y = b.Input("y", DType::F32, GraphBuilder::S({5}));
  Node add;
  add.op = OpKind::Add;
  add.inputs = {x, y};
  add.type = {DType::F32, GraphBuilder::S({4, 3})};
  b.Add(add);
  Node cmp;
  cmp.op = OpKind::Lt;
  cmp.inputs = {x, x};
  cmp.type = {DType::F32, GraphBuilder::S({4, 3})};
  b.Add(cmp);
  Node fwd;
  fwd.op = OpKind::Neg;
  fwd.inputs = {7};
  fwd.type = {DType::F32, {}};
  b.Add(fwd);
  auto errs = VerifyGraph(b.g);
  REQUIRE(errs.size() == 4);
  CHECK(errs[0].find("do not broadcast") != std::string::npos);
  CHECK(errs[1].find("produces bool") != std::string::npos);
  CHECK(errs[2].find("not defined before") != std::string::npos);
  CHECK(errs[3] == "graph has no outputs");
}

// ---- Window ops (conv, pooling, pad): lang/semantics/window.h's rules through
// WindowOutShape, a symbolic batch dim passing through, and the verifier.
TEST_CASE("window op shapes: conv, pooling and pad, symbolic batch") {
  auto s = GraphBuilder::S;
  Attrs conv;
  tcc::sem::WindowParams p;
  p.sh = p.sw = 2, p.ph0 = p.ph1 = p.pw0 = p.pw1 = 1;
  p.kh = p.kw = 3;
  conv.ints = p.ToInts();
  conv.axis = 2;
  Shape out;
  CHECK(WindowOutShape(OpKind::Conv, conv, {s({-1, 3, 8, 7}), s({4, 3, 3, 3}), s({4})}, &out) == "");
  CHECK(out == s({-1, 4, 4, 4}));
  CHECK(WindowOutShape(OpKind::Conv, conv, {s({3, 8, 7}), s({4, 3, 3, 3})}, &out) == "");  // unbatched
  CHECK(out == s({4, 4, 4}));
  CHECK(WindowOutShape(OpKind::Conv, conv, {s({2, 5, 8, 7}), s({4, 3, 3, 3})}, &out).find("to have 3 channels") !=
        std::string::npos);
  CHECK(WindowOutShape(OpKind::Conv, conv, {s({2, 3, -1, 7}), s({4, 3, 3, 3})}, &out) != "");  // symbolic H
  Attrs pool = conv;
  pool.ints[11] = 1;  // ceil_mode
  CHECK(WindowOutShape(OpKind::MaxPool, pool, {s({-2, 3, 8, 7})}, &out) == "");
  CHECK(out == s({-2, 3, 5, 4}));
  Attrs pad;
  pad.ints = {1, 2, -1, 0};
  pad.axis = 0;  // constant
  CHECK(WindowOutShape(OpKind::Pad, pad, {s({-1, 5, 4})}, &out) == "");
  CHECK(out == s({-1, 4, 7}));
  CHECK(WindowOutShape(OpKind::Pad, pad, {s({2, 5, -1})}, &out) != "");  // a padded dim is symbolic
  pad.axis = 1;  // reflect: pad < size
  pad.ints = {1, 4};
  CHECK(WindowOutShape(OpKind::Pad, pad, {s({2, 1, 4})}, &out).find("Padding size should be less") != std::string::npos);

  GraphBuilder b("window");
  ValueId x = b.Input("x", DType::F32, s({-1, 3, 8, 7}));
  ValueId w = b.Input("w", DType::F32, s({4, 3, 3, 3}));
  Node n;
  n.op = OpKind::Conv;
  n.inputs = {x, w};
  n.attrs = conv;
  n.type = {DType::F32, s({-1, 4, 4, 4})};
  ValueId y = b.g.Add(n);
  b.Output(y);
  CHECK(VerifyGraph(b.g).empty());
  n.type = {DType::F32, s({-1, 4, 4, 5})};
  b.Output(b.g.Add(n));
  CHECK(!VerifyGraph(b.g).empty());
}
