// Checks codegen::PrefetchPass (codegen/prefetch.h): a compute-heavy
// elementwise loop over whole-line vectors prefetches its input ahead, a
// streaming sum does not, and the prefetches change no result.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include <llvm/MC/MCSubtargetInfo.h>

#include "codegen/codegen.h"
#include "graph_builder.h"
#include "jit_kernel.h"

using namespace tcc::graph;
using tcc::testing::GraphBuilder;
using tcc::testing::HostTensor;
using tcc::testing::JitKernel;

namespace {

bool HasPrefetch(const JitKernel& k) { return k.ir.find("@llvm.prefetch") != std::string::npos; }

// Whether this machine's kernels use 512-bit vectors (whole-line loads).
bool WideVectors() {
  tcc::codegen::CodegenOptions co;
  std::string err;
  auto tm = tcc::codegen::CreateTargetMachine(co, &err);
  return tm && tm->getMCSubtargetInfo()->checkFeatures("+avx512f");
}

}  // namespace

TEST_CASE("prefetch: a compute-heavy loop prefetches, a sum does not") {
  const int64_t n = 100003;
  std::vector<double> xs(n);
  for (int64_t i = 0; i < n; ++i) xs[i] = static_cast<float>(std::sin(i * 0.37) * 4);
  auto in = HostTensor::Make(DType::F32, {n}, xs);
  {
    // the benchmark's chain: relu(x * 1.5 + 0.5) * sigmoid(x) - tanh(x) / 2
    GraphBuilder b("chain");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
    auto r = b.Unary(OpKind::Relu, b.Binary(OpKind::Add, b.Binary(OpKind::Mul, x, b.Const(1.5)), b.Const(0.5)));
    auto y = b.Binary(OpKind::Sub, b.Binary(OpKind::Mul, r, b.Unary(OpKind::Sigmoid, x)),
                      b.Binary(OpKind::Div, b.Unary(OpKind::Tanh, x), b.Const(2.0)));
    b.Output(y);
    JitKernel k(b.g);
    CHECK(HasPrefetch(k) == WideVectors());
    REQUIRE(k.Call({in.t}) == 0);
    auto got = k.Output(0);
    double worst = 0;
    for (int64_t i = 0; i < n; ++i) {
      double v = xs[i];
      double want = std::max(0.0, v * 1.5 + 0.5) / (1 + std::exp(-v)) - std::tanh(v) / 2;
      worst = std::max(worst, std::fabs(got[i] - want));
    }
    CHECK(worst < 1e-5);
  }
  {
    GraphBuilder b("sum");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
    b.Output(b.Reduce(OpKind::Sum, x, {}, false));
    JitKernel k(b.g);
    CHECK(!HasPrefetch(k));
    REQUIRE(k.Call({in.t}) == 0);
    double sum = 0;
    for (double v : xs) sum += v;
    CHECK(k.Output(0)[0] == Approx(sum).margin(1e-2));
  }
}
