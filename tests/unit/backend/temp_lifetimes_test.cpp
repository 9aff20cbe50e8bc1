// Tests that a kernel gives each temporary back right after its last reader
// (lower/temp_lifetimes.h): a chain of matmuls keeps two temporaries live,
// not all of them, and results are unchanged, also when a temporary is read
// again much later or an output is a view of one.
#include <catch2/catch.hpp>

#include <cmath>

#include "graph_builder.h"
#include "jit_kernel.h"

using namespace tcc::graph;
using tcc::testing::GraphBuilder;
using tcc::testing::HostTensor;
using tcc::testing::JitKernel;

namespace {

std::vector<double> Ramp(size_t n, double scale) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(scale * double((i * 7) % 11) - 0.3);
  return v;
}

// C = A @ B for n x n row-major matrices.
std::vector<double> Mm(const std::vector<double>& a, const std::vector<double>& b, int n) {
  std::vector<double> c(size_t(n) * n, 0.0);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j) c[size_t(i) * n + j] += a[size_t(i) * n + k] * b[size_t(k) * n + j];
  return c;
}

void CheckClose(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i);
    CHECK(std::fabs(got[i] - want[i]) <= 1e-4 + 1e-4 * std::fabs(want[i]));
  }
}

}  // namespace

TEST_CASE("lower: temporaries are freed after their last reader") {
  const int n = 8;
  GraphBuilder b("chain4");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({n, n}));
  auto m1 = b.MatMul(x, x);
  auto m2 = b.MatMul(m1, x);
  auto m3 = b.MatMul(m2, x);
  b.Output(b.MatMul(m3, x));
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::F32, {n, n}, Ramp(n * n, 0.1));
  tcc::testing::g_temps_live = tcc::testing::g_temps_peak = 0;
  REQUIRE(k.Call({X.t}) == 0);
  CHECK(tcc::testing::g_temps_live == 0);
  CHECK(tcc::testing::g_temps_peak == 2);  // m1..m3 are temporaries; at most two are live at once
  auto want = Mm(Mm(Mm(Mm(X.values, X.values, n), X.values, n), X.values, n), X.values, n);
  CheckClose(k.Output(0), want);
}

TEST_CASE("lower: a temporary read again later, and one an output views, live long enough") {
  const int n = 8;
  GraphBuilder b("reuse");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({n, n}));
  auto m1 = b.MatMul(x, x);
  auto m2 = b.MatMul(m1, x);
  auto m3 = b.MatMul(m2, x);
  b.Output(b.MatMul(m3, m1));  // m1 read by the first and the last matmul
  b.Output(b.View(OpKind::Transpose, m2, GraphBuilder::S({n, n}), {0, 1}));  // an output over m2's buffer
  JitKernel k(b.g);
  auto X = HostTensor::Make(DType::F32, {n, n}, Ramp(n * n, 0.07));
  tcc::testing::g_temps_live = tcc::testing::g_temps_peak = 0;
  REQUIRE(k.Call({X.t}) == 0);
  CHECK(tcc::testing::g_temps_live == 0);
  auto M1 = Mm(X.values, X.values, n);
  auto M2 = Mm(M1, X.values, n);
  CheckClose(k.Output(0), Mm(Mm(M2, X.values, n), M1, n));
  std::vector<double> m2t(size_t(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) m2t[size_t(i) * n + j] = M2[size_t(j) * n + i];
  CheckClose(k.Output(1), m2t);
}
