// Tests lowering end to end on hand-built graphs: each kernel is compiled
// with the real pipeline and LLVM, JIT-run, and checked against values
// computed here in double precision.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <random>

#include "graph_builder.h"
#include "jit_kernel.h"

using namespace tcc::graph;
using tcc::testing::GraphBuilder;
using tcc::testing::HostTensor;
using tcc::testing::JitKernel;

namespace {

std::vector<double> Random(size_t n, double lo, double hi, unsigned seed = 1) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<double> v(n);
  for (auto& x : v) x = static_cast<float>(d(rng));
  return v;
}

void CheckClose(const std::vector<double>& got, const std::vector<double>& want, double rtol, double atol = 1e-6) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i);
    CHECK(std::fabs(got[i] - want[i]) <= atol + rtol * std::fabs(want[i]));
  }
}

}  // namespace

TEST_CASE("lower: the elementwise chain of the benchmark") {
  for (int opt : {0, 2}) {
    GraphBuilder b("chain");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
    auto a = b.Scalar("a");
    auto bb = b.Scalar("b");
    auto r = b.Unary(OpKind::Relu, b.Binary(OpKind::Add, b.Binary(OpKind::Mul, x, a, DType::F32), bb, DType::F32));
    auto y = b.Binary(OpKind::Sub, b.Binary(OpKind::Mul, r, b.Unary(OpKind::Sigmoid, x)),
                      b.Binary(OpKind::Div, b.Unary(OpKind::Tanh, x), b.Const(2.0)));
    b.Output(y);
    JitKernel k(b.g, opt);
    auto in = HostTensor::Make(DType::F32, {70001}, Random(70001, -8, 8));
    REQUIRE(k.Call({in.t}, {1.5, -0.25}) == 0);
    std::vector<double> want;
    for (double v : in.values) {
      double rr = std::max(0.0, v * 1.5 - 0.25);
      want.push_back(rr / (1 + std::exp(-v)) - std::tanh(v) / 2);
    }
    CheckClose(k.Output(0), want, 2e-6, 2e-6);
    // its loop calls transcendentals: the lowering asks for 4 vectors an
    // iteration (the metadata the vectoriser reads, still there unoptimised)
    if (opt == 0) CHECK(k.ir.find("!{!\"llvm.loop.interleave.count\", i32 4}") != std::string::npos);
    // vectorised at the host's width (16 lanes with AVX-512, 8 with AVX2, 4 with SSE)
    if (opt == 2)
      CHECK((k.ir.find("<16 x float>") != std::string::npos || k.ir.find("<8 x float>") != std::string::npos ||
             k.ir.find("<4 x float>") != std::string::npos));
  }
}

TEST_CASE("lower: only loops that call a transcendental are interleaved") {
  // cheap bodies keep the vectoriser's own choice; in a nest, only the
  // innermost loop is marked
  GraphBuilder b("cheap");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({-1, 1000}));
  b.Output(b.Binary(OpKind::Add, b.Binary(OpKind::Mul, x, b.Const(3.0)), b.Const(1.0)));
  JitKernel cheap(b.g, 0);
  CHECK(cheap.ir.find("llvm.loop.interleave.count") == std::string::npos);
  GraphBuilder h("heavy");
  auto y = h.Input("y", DType::F32, GraphBuilder::S({-1, 1000}));
  h.Output(h.Binary(OpKind::Add, h.Unary(OpKind::Exp, y), h.Const(1.0)));
  JitKernel heavy(h.g, 0);
  const std::string marked = "!{!\"llvm.loop.interleave.count\", i32 4}";
  size_t at = heavy.ir.find(marked);
  REQUIRE(at != std::string::npos);
  size_t loops_marked = 0;  // the row loop and the work-item loop carry no loop metadata
  for (size_t p = heavy.ir.find("!llvm.loop !"); p != std::string::npos; p = heavy.ir.find("!llvm.loop !", p + 1))
    ++loops_marked;
  CHECK(loops_marked == 1);
  // rows known to be short keep the vectoriser's choice (4 x 8 lanes would
  // leave a row of 24 to the scalar remainder)
  GraphBuilder sh("short");
  auto z = sh.Input("z", DType::F32, GraphBuilder::S({-1, 24}));
  sh.Output(sh.Unary(OpKind::Exp, z));
  JitKernel short_rows(sh.g, 0);
  CHECK(short_rows.ir.find("llvm.loop.interleave.count") == std::string::npos);
  // odd sizes (the vectoriser's remainder) stay exact
  for (int64_t rows : {1, 3, 37}) {
    JitKernel k(h.g, 2);
    auto in = HostTensor::Make(DType::F32, {rows, 1000}, Random(static_cast<size_t>(rows * 1000), -5, 5));
    REQUIRE(k.Call({in.t}) == 0);
    std::vector<double> want;
    for (double v : in.values) want.push_back(std::exp(v) + 1.0);
    CheckClose(k.Output(0), want, 1e-6, 1e-6);
  }
}

TEST_CASE("lower: row softmax is one nest and matches") {
  GraphBuilder b("softmax");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({37, -1}));
  auto m = b.Reduce(OpKind::Max, x, {-1}, true);
  auto e = b.Unary(OpKind::Exp, b.Binary(OpKind::Sub, x, m));
  auto s = b.Reduce(OpKind::Sum, e, {-1}, true);
  b.Output(b.Binary(OpKind::Div, e, s));
  JitKernel k(b.g);
  auto in = HostTensor::Make(DType::F32, {37, 129}, Random(37 * 129, -20, 20));
  REQUIRE(k.Call({in.t}) == 0);
  std::vector<double> want;
  for (int r = 0; r < 37; ++r) {
    double mx = -INFINITY, sum = 0;
    for (int c = 0; c < 129; ++c) mx = std::max(mx, in.values[r * 129 + c]);
    for (int c = 0; c < 129; ++c) sum += std::exp(in.values[r * 129 + c] - mx);
    for (int c = 0; c < 129; ++c) want.push_back(std::exp(in.values[r * 129 + c] - mx) / sum);
  }
  CheckClose(k.Output(0), want, 1e-5, 1e-7);
  CHECK(k.OutputSizes(0) == std::vector<int64_t>{37, 129});
}

TEST_CASE("lower: layer_norm over rows with weight and bias") {
  GraphBuilder b("ln");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({16, 64}));
  auto w = b.Input("w", DType::F32, GraphBuilder::S({64}));
  auto bias = b.Input("b", DType::F32, GraphBuilder::S({64}));
  auto mean = b.Reduce(OpKind::Mean, x, {-1}, true);
  auto xc = b.Binary(OpKind::Sub, x, mean);
  auto var = b.Reduce(OpKind::Mean, b.Binary(OpKind::Mul, xc, xc), {-1}, true);
  auto inv = b.Unary(OpKind::Rsqrt, b.Binary(OpKind::Add, var, b.Const(1e-5)));
  b.Output(b.Binary(OpKind::Add, b.Binary(OpKind::Mul, b.Binary(OpKind::Mul, xc, inv), w), bias));
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::F32, {16, 64}, Random(16 * 64, -3, 3, 2));
  auto W = HostTensor::Make(DType::F32, {64}, Random(64, 0.5, 1.5, 3));
  auto B = HostTensor::Make(DType::F32, {64}, Random(64, -1, 1, 4));
  REQUIRE(k.Call({X.t, W.t, B.t}) == 0);
  std::vector<double> want;
  for (int r = 0; r < 16; ++r) {
    double mu = 0, v = 0;
    for (int c = 0; c < 64; ++c) mu += X.values[r * 64 + c] / 64;
    for (int c = 0; c < 64; ++c) v += (X.values[r * 64 + c] - mu) * (X.values[r * 64 + c] - mu) / 64;
    for (int c = 0; c < 64; ++c) want.push_back((X.values[r * 64 + c] - mu) / std::sqrt(v + 1e-5) * W.values[c] + B.values[c]);
  }
  CheckClose(k.Output(0), want, 1e-5, 1e-5);
}

TEST_CASE("lower: full sum and max split across work items") {
  GraphBuilder b("reduce");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
  b.Output(b.Reduce(OpKind::Sum, x, {}, false));
  b.Output(b.Reduce(OpKind::Max, x, {}, false));
  b.Output(b.Reduce(OpKind::ArgMax, x, {0}, false));
  JitKernel k(b.g);
  auto in = HostTensor::Make(DType::F32, {200003}, Random(200003, 0, 1, 5));
  tcc::testing::g_parallel_calls = 0;
  REQUIRE(k.Call({in.t}) == 0);
  CHECK(tcc::testing::g_parallel_calls >= 1);  // sum and max: one split nest (siblings)
  double sum = std::accumulate(in.values.begin(), in.values.end(), 0.0);
  auto mx = std::max_element(in.values.begin(), in.values.end());
  CHECK(k.Output(0)[0] == Approx(sum).epsilon(1e-6));
  CHECK(k.Output(1)[0] == *mx);
  CHECK(k.Output(2)[0] == static_cast<double>(mx - in.values.begin()));
  CHECK(k.OutputSizes(0).empty());
}

TEST_CASE("lower: full reductions of one input share one nest (siblings)") {
  // sum, max, min and mean of x, the sum of x * y and an int64 sum: one nest
  // reads x and y once; (x + s).sum() needs s first and gets its own nest.
  GraphBuilder b("siblings");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
  auto y = b.Input("y", DType::F32, GraphBuilder::S({-1}));
  auto s = b.Reduce(OpKind::Sum, x, {}, false);
  b.Output(s);
  b.Output(b.Reduce(OpKind::Max, x, {}, false));
  b.Output(b.Reduce(OpKind::Min, x, {}, false));
  b.Output(b.Reduce(OpKind::Mean, x, {}, false));
  b.Output(b.Reduce(OpKind::Sum, b.Binary(OpKind::Mul, x, y), {}, false));
  b.Output(b.Reduce(OpKind::Sum, b.Binary(OpKind::Add, x, s), {}, false));
  JitKernel k(b.g);
  size_t nests = 0;
  for (size_t at = k.ir.find("define internal void @kernel.nest"); at != std::string::npos;
       at = k.ir.find("define internal void @kernel.nest", at + 1))
    ++nests;
  CHECK(nests == 2);
  const int64_t n = 100003;
  for (bool nan : {false, true}) {
    auto xs = Random(n, -2, 2, 11);
    if (nan) xs[77777] = NAN;
    auto X = HostTensor::Make(DType::F32, {n}, xs);
    auto Y = HostTensor::Make(DType::F32, {n}, Random(n, -1, 1, 12));
    REQUIRE(k.Call({X.t, Y.t}) == 0);
    double sum = 0, mx = -INFINITY, mn = INFINITY, dot = 0;
    for (int64_t i = 0; i < n; ++i) {
      sum += X.values[i];
      mx = std::max(mx, X.values[i]);
      mn = std::min(mn, X.values[i]);
      dot += static_cast<double>(static_cast<float>(X.values[i] * Y.values[i]));
    }
    if (nan) {
      for (size_t o = 0; o < 6; ++o) CHECK(std::isnan(k.Output(o)[0]));
      continue;
    }
    double shifted = 0;
    for (int64_t i = 0; i < n; ++i) shifted += static_cast<float>(X.values[i] + static_cast<float>(k.Output(0)[0]));
    CHECK(k.Output(0)[0] == Approx(sum).margin(1e-2));
    CHECK(k.Output(1)[0] == mx);
    CHECK(k.Output(2)[0] == mn);
    CHECK(k.Output(3)[0] == Approx(sum / n).margin(1e-7));
    CHECK(k.Output(4)[0] == Approx(dot).margin(1e-2));
    CHECK(k.Output(5)[0] == Approx(shifted).epsilon(1e-5));
  }
}

TEST_CASE("lower: MLP with matmul, broadcast bias and relu") {
  GraphBuilder b("mlp");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({5, 7}));
  auto w1 = b.Input("w1", DType::F32, GraphBuilder::S({7, 9}));
  auto b1 = b.Input("b1", DType::F32, GraphBuilder::S({9}));
  auto w2 = b.Input("w2", DType::F32, GraphBuilder::S({9, 3}));
  auto h = b.Unary(OpKind::Relu, b.Binary(OpKind::Add, b.MatMul(x, w1), b1));
  b.Output(b.MatMul(h, w2));
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::F32, {5, 7}, Random(35, -1, 1, 6));
  auto W1 = HostTensor::Make(DType::F32, {7, 9}, Random(63, -1, 1, 7));
  auto B1 = HostTensor::Make(DType::F32, {9}, Random(9, -1, 1, 8));
  auto W2 = HostTensor::Make(DType::F32, {9, 3}, Random(27, -1, 1, 9));
  REQUIRE(k.Call({X.t, W1.t, B1.t, W2.t}) == 0);
  std::vector<double> want;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0;
      for (int p = 0; p < 9; ++p) {
        double hv = B1.values[p];
        for (int q = 0; q < 7; ++q) hv += X.values[i * 7 + q] * W1.values[q * 9 + p];
        s += std::max(0.0, hv) * W2.values[p * 3 + j];
      }
      want.push_back(s);
    }
  CheckClose(k.Output(0), want, 1e-5, 1e-5);
}

TEST_CASE("lower: strided (transposed) inputs, views and reshape") {
  GraphBuilder b("views");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({3, 4}));
  auto t = b.View(OpKind::Transpose, x, GraphBuilder::S({4, 3}), {0, 1});
  auto sl = b.View(OpKind::Slice, t, GraphBuilder::S({2, 3}), {}, 0, {1, 4, 2});   // rows 1, 3
  auto sel = b.View(OpKind::Select, x, GraphBuilder::S({4}), {}, 0, {-1});          // last row
  auto rs = b.View(OpKind::Reshape, x, GraphBuilder::S({2, 6}));
  b.Output(sl);
  b.Output(sel);
  b.Output(rs);
  JitKernel k(b.g);
  // x is the transpose of a contiguous [4, 3] buffer: strides {1, 3}
  auto base = HostTensor::Make(DType::F32, {4, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  ts_tensor xt = base.t;
  xt.sizes[0] = 3, xt.sizes[1] = 4, xt.strides[0] = 1, xt.strides[1] = 3;
  // x = [[0,3,6,9],[1,4,7,10],[2,5,8,11]]
  REQUIRE(k.Call({xt}) == 0);
  CHECK(k.Output(0) == std::vector<double>{3, 4, 5, 9, 10, 11});
  CHECK(k.Output(1) == std::vector<double>{2, 5, 8, 11});
  CHECK(k.Output(2) == std::vector<double>{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11});
  CHECK(k.OutputSizes(2) == std::vector<int64_t>{2, 6});
}

TEST_CASE("lower: cat and stack") {
  GraphBuilder b("join");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({2, 2}));
  auto y = b.Input("y", DType::F32, GraphBuilder::S({2, 1}));
  b.Output(b.Join(OpKind::Cat, {x, b.Unary(OpKind::Neg, y)}, 1, GraphBuilder::S({2, 3})));
  b.Output(b.Join(OpKind::Stack, {x, x}, 0, GraphBuilder::S({2, 2, 2})));
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::F32, {2, 2}, {1, 2, 3, 4});
  auto Y = HostTensor::Make(DType::F32, {2, 1}, {5, 6});
  REQUIRE(k.Call({X.t, Y.t}) == 0);
  CHECK(k.Output(0) == std::vector<double>{1, 2, -5, 3, 4, -6});
  CHECK(k.Output(1) == std::vector<double>{1, 2, 3, 4, 1, 2, 3, 4});
}

TEST_CASE("lower: integer floor division and modulo follow Python, division by zero raises") {
  GraphBuilder b("ints");
  auto x = b.Input("x", DType::I64, GraphBuilder::S({4}));
  auto y = b.Input("y", DType::I64, GraphBuilder::S({4}));
  b.Output(b.Binary(OpKind::FloorDiv, x, y));
  b.Output(b.Binary(OpKind::Mod, x, y));
  b.Output(b.Binary(OpKind::Lt, x, y));
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::I64, {4}, {7, -7, 7, -7});
  auto Y = HostTensor::Make(DType::I64, {4}, {2, 2, -2, -2});
  REQUIRE(k.Call({X.t, Y.t}) == 0);
  CHECK(k.Output(0) == std::vector<double>{3, -4, -4, 3});
  CHECK(k.Output(1) == std::vector<double>{1, 1, -1, -1});
  CHECK(k.Output(2) == std::vector<double>{0, 1, 0, 1});
  auto Z = HostTensor::Make(DType::I64, {4}, {1, 0, 1, 1});
  tcc::testing::g_last_raise.clear();
  CHECK(k.Call({X.t, Z.t}) != 0);
  CHECK(tcc::testing::g_last_raise.find("integer division by zero") == 0);
}

TEST_CASE("lower: dtype promotion, where, clamp, comparisons and creation ops") {
  GraphBuilder b("mixed");
  auto x = b.Input("x", DType::I64, GraphBuilder::S({-1}));
  auto f = b.Binary(OpKind::Mul, x, b.Const(0.5), DType::F32);   // int * float -> float32
  auto c = b.Binary(OpKind::Gt, f, b.Const(1.0));
  Node where;
  where.op = OpKind::Where;
  where.inputs = {c, f, b.Const(-1.0)};
  where.type = {DType::F32, GraphBuilder::S({-1})};
  auto w = b.Add(where);
  Node clamp;
  clamp.op = OpKind::Clamp;
  clamp.inputs = {f, b.Const(0.5), b.Const(1.5)};
  clamp.type = {DType::F32, GraphBuilder::S({-1})};
  auto cl = b.Add(clamp);
  Node ar;
  ar.op = OpKind::Arange;
  ar.attrs.fvalues = {1, 2};
  ar.type = {DType::F32, GraphBuilder::S({-1})};
  auto a = b.Add(ar);
  b.Output(w);
  b.Output(cl);
  b.Output(b.Binary(OpKind::Add, a, f));
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::I64, {4}, {0, 1, 3, 5});
  REQUIRE(k.Call({X.t}) == 0);
  CHECK(k.Output(0) == std::vector<double>{-1, -1, 1.5, 2.5});
  CHECK(k.Output(1) == std::vector<double>{0.5, 0.5, 1.5, 1.5});
  CHECK(k.Output(2) == std::vector<double>{1, 3.5, 6.5, 9.5});
}

TEST_CASE("lower: a column reduction feeds an elementwise nest through a buffer") {
  GraphBuilder b("cols");
  auto x = b.Input("x", DType::F64, GraphBuilder::S({3, 2}));
  auto cs = b.Reduce(OpKind::Sum, x, {0}, true);
  b.Output(b.Binary(OpKind::Div, x, cs));
  b.Output(x);  // an input returned as is is copied
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::F64, {3, 2}, {1, 2, 3, 4, 4, 4});
  REQUIRE(k.Call({X.t}) == 0);
  CheckClose(k.Output(0), {0.125, 0.2, 0.375, 0.4, 0.5, 0.4}, 1e-15);
  CHECK(k.Output(1) == X.values);
}

TEST_CASE("lower: matmul reads transposed and strided operands in place, batched and integer") {
  GraphBuilder b("mmT");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({3, 4}));
  auto w = b.Input("w", DType::F32, GraphBuilder::S({5, 4}));
  auto wt = b.View(OpKind::Transpose, w, GraphBuilder::S({4, 5}), {0, 1});
  b.Output(b.MatMul(x, wt));                                   // x @ w.T, no copy of w
  auto bx = b.Input("bx", DType::F64, GraphBuilder::S({2, 3, 4}));
  auto bw = b.Input("bw", DType::F64, GraphBuilder::S({2, 4, 2}));
  b.Output(b.MatMul(bx, bw));
  auto ia = b.Input("ia", DType::I64, GraphBuilder::S({2, 3}));
  auto ib = b.Input("ib", DType::I64, GraphBuilder::S({3}));
  b.Output(b.MatMul(ia, ib));
  JitKernel k(b.g);
  CHECK(k.ir.find("ts_rt_gemm_f32") != std::string::npos);
  auto X = HostTensor::Make(DType::F32, {3, 4}, Random(12, -1, 1, 11));
  auto W = HostTensor::Make(DType::F32, {5, 4}, Random(20, -1, 1, 12));
  auto BX = HostTensor::Make(DType::F64, {2, 3, 4}, Random(24, -1, 1, 13));
  // bw given as a non-contiguous view: every other column of a [2, 4, 4] buffer
  auto BWbase = HostTensor::Make(DType::F64, {2, 4, 4}, Random(32, -1, 1, 14));
  ts_tensor bw_view = BWbase.t;
  bw_view.sizes[2] = 2;
  bw_view.strides[2] = 2;
  auto IA = HostTensor::Make(DType::I64, {2, 3}, {1, 2, 3, 4, 5, 6});
  auto IB = HostTensor::Make(DType::I64, {3}, {1, 0, -1});
  REQUIRE(k.Call({X.t, W.t, BX.t, bw_view, IA.t, IB.t}) == 0);
  std::vector<double> want;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) {
      double s = 0;
      for (int p = 0; p < 4; ++p) s += X.values[i * 4 + p] * W.values[j * 4 + p];
      want.push_back(s);
    }
  CheckClose(k.Output(0), want, 1e-5, 1e-6);
  std::vector<double> want2;
  for (int bi = 0; bi < 2; ++bi)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j) {
        double s = 0;
        for (int p = 0; p < 4; ++p) s += BX.values[bi * 12 + i * 4 + p] * BWbase.values[bi * 16 + p * 4 + j * 2];
        want2.push_back(s);
      }
  CheckClose(k.Output(1), want2, 1e-12, 1e-12);
  CHECK(k.Output(2) == std::vector<double>{-2, -2});
}

TEST_CASE("lower: edge cases: repeated outputs, 0-d values, empty tensors, middle-axis reductions") {
  GraphBuilder b("edges");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({2, 3, 4}));
  auto e = b.Input("e", DType::F32, GraphBuilder::S({0, 4}));
  auto s = b.Input("s", DType::F32, GraphBuilder::S({}));
  auto mid = b.Reduce(OpKind::Sum, x, {1}, false);               // [2, 4]
  auto am = b.Reduce(OpKind::ArgMax, x, {}, false);              // over everything
  auto sq = b.Binary(OpKind::Mul, s, s);                         // 0-d
  auto em = b.Binary(OpKind::Add, e, b.Const(1.0));              // [0, 4]
  auto es = b.Reduce(OpKind::Sum, e, {0}, false);                // [4] of zeros
  auto rs = b.View(OpKind::Reshape, b.Unary(OpKind::Neg, x), GraphBuilder::S({4, 6}));
  auto ex = b.View(OpKind::Expand, b.View(OpKind::Unsqueeze, s, GraphBuilder::S({1}), {}, 0), GraphBuilder::S({3}));
  b.Output(mid);
  b.Output(mid);  // the same value twice: two separate tensors
  b.Output(am);
  b.Output(sq);
  b.Output(em);
  b.Output(es);
  b.Output(rs);
  b.Output(ex);
  JitKernel k(b.g);
  std::vector<double> xv(24);
  for (int i = 0; i < 24; ++i) xv[i] = (i * 7) % 11 - 5;
  auto X = HostTensor::Make(DType::F32, {2, 3, 4}, xv);
  auto E = HostTensor::Make(DType::F32, {0, 4}, {});
  auto S = HostTensor::Make(DType::F32, {}, {3});
  REQUIRE(k.Call({X.t, E.t, S.t}) == 0);
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (int l = 0; l < 4; ++l) want.push_back(xv[i * 12 + l] + xv[i * 12 + 4 + l] + xv[i * 12 + 8 + l]);
  CHECK(k.Output(0) == want);
  CHECK(k.Output(1) == want);
  CHECK(k.Output(2)[0] == static_cast<double>(std::max_element(xv.begin(), xv.end()) - xv.begin()));
  CHECK(k.Output(3) == std::vector<double>{9});
  CHECK(k.OutputSizes(3).empty());
  CHECK(k.Output(4).empty());
  CHECK(k.OutputSizes(4) == std::vector<int64_t>{0, 4});
  CHECK(k.Output(5) == std::vector<double>{0, 0, 0, 0});
  std::vector<double> neg;
  for (double v : xv) neg.push_back(-v);
  CHECK(k.Output(6) == neg);
  CHECK(k.Output(7) == std::vector<double>{3, 3, 3});
}

TEST_CASE("lower: cat along a symbolic axis") {
  GraphBuilder b("symcat");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({-1, 2}));
  auto y = b.Input("y", DType::F32, GraphBuilder::S({3, 2}));
  auto all = b.Input("all", DType::F32, GraphBuilder::S({-2, 2}));  // binds the output size s1
  auto c = b.Join(OpKind::Cat, {x, y}, 0, GraphBuilder::S({-2, 2}));
  b.Output(b.Binary(OpKind::Add, c, all));
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::F32, {1, 2}, {1, 2});
  auto Y = HostTensor::Make(DType::F32, {3, 2}, {3, 4, 5, 6, 7, 8});
  auto A = HostTensor::Make(DType::F32, {4, 2}, {0, 0, 0, 0, 0, 0, 100, 100});
  REQUIRE(k.Call({X.t, Y.t, A.t}) == 0);
  CHECK(k.Output(0) == std::vector<double>{1, 2, 3, 4, 5, 6, 107, 108});
}

TEST_CASE("lower: random draws call the runtime generator once each, in program order") {
  GraphBuilder b("noise");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({3}));
  Node r;
  r.op = OpKind::Rand;
  r.type = {DType::F32, GraphBuilder::S({3})};
  auto u = b.Add(r);
  r.op = OpKind::RandN;
  r.type = {DType::F64, GraphBuilder::S({2, 3})};
  auto z = b.Add(r);
  b.Output(b.Binary(OpKind::Add, x, u));
  b.Output(z);
  JitKernel k(b.g);
  auto in = HostTensor::Make(DType::F32, {3}, {10, 20, 30});
  int before = tcc::testing::g_random_calls;
  REQUIRE(k.Call({in.t}) == 0);
  CHECK(tcc::testing::g_random_calls == before + 2);
  CHECK(k.Output(0) == std::vector<double>{10.25, 21.25, 32.25});      // rand stub: i + 0.25
  CHECK(k.Output(1) == std::vector<double>{0.5, 1.5, 2.5, 3.5, 4.5, 5.5});  // randn stub: i + 0.5, float64
  CHECK(k.ir.find("ts_rt_random") != std::string::npos);
}

TEST_CASE("lower: float max/min reductions propagate NaN and order infinities (issue 14's vmaxps form)") {
  // Whole-tensor reductions (the split nest: 64 partials over both cores) and
  // row reductions (one output element per row), on 70,000 elements.
  const int64_t n = 70000;
  for (OpKind op : {OpKind::Max, OpKind::Min}) {
    bool is_max = op == OpKind::Max;
    for (int64_t nan_at : {int64_t{-1}, int64_t{0}, int64_t{12345}, n - 1}) {
      INFO((is_max ? "max" : "min") << ", NaN at " << nan_at);
      GraphBuilder b("minmax");
      auto x = b.Input("x", DType::F32, GraphBuilder::S({n}));
      b.Output(b.Reduce(op, x, {0}, false));
      auto rows = b.View(OpKind::Reshape, x, GraphBuilder::S({700, 100}));
      b.Output(b.Reduce(op, rows, {1}, false));
      JitKernel k(b.g, 2);
      std::vector<double> v = Random(static_cast<size_t>(n), -3, 3);
      v[7] = is_max ? INFINITY : -INFINITY;   // the answer when there is no NaN
      v[8] = is_max ? -INFINITY : INFINITY;
      if (nan_at >= 0) v[static_cast<size_t>(nan_at)] = NAN;
      auto in = HostTensor::Make(DType::F32, {n}, v);
      REQUIRE(k.Call({in.t}) == 0);
      double whole = k.Output(0)[0];
      if (nan_at >= 0) CHECK(std::isnan(whole));
      else CHECK(whole == (is_max ? INFINITY : -INFINITY));
      auto per_row = k.Output(1);
      REQUIRE(per_row.size() == 700);
      for (size_t r = 0; r < 700; ++r) {
        double want = is_max ? -INFINITY : INFINITY;
        bool nan = false;
        for (size_t c = 0; c < 100; ++c) {
          double e = static_cast<float>(v[r * 100 + c]);
          nan |= std::isnan(e);
          want = is_max ? std::max(want, e) : std::min(want, e);
        }
        if (nan) CHECK(std::isnan(per_row[r]));
        else CHECK(per_row[r] == want);
      }
    }
  }
}
