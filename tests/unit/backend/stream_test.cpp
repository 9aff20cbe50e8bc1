// Checks streaming stores (lower/stream.h, codegen/stream_stores.h): a large
// float output written once gets vector `!nontemporal` stores and an sfence
// in the nest that writes it, and stays correct at odd sizes (the peeled
// row head); a small output, one another nest reads back, or one that holds
// a row cache (softmax) gets plain stores, and so do short rows that do not
// fill whole cache lines.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

#include "codegen/codegen.h"
#include "codegen/stream_stores.h"
#include "graph_builder.h"
#include "lower/stream.h"
#include "jit_kernel.h"

using namespace tcc::graph;
using tcc::testing::GraphBuilder;
using tcc::testing::HostTensor;
using tcc::testing::JitKernel;

namespace {

// The threshold these tests lower with: the one for a machine whose cache is
// not known (this machine's, codegen::StreamMinBytes, may be far larger).
constexpr int64_t kMin = tcc::lower::kStreamBytes;

// The text of the optimised nest function `kernel.nest<i>`.
std::string Nest(const JitKernel& k, int i) {
  std::string head = "define internal void @kernel.nest" + std::to_string(i) + "(";
  size_t begin = k.ir.find(head);
  if (begin == std::string::npos) return "";
  size_t end = k.ir.find("\ndefine", begin + 1);
  return k.ir.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

bool Streams(const std::string& fn) {
  return fn.find("!nontemporal") != std::string::npos && fn.find("x86.sse.sfence") != std::string::npos &&
         fn.find("x float>") != std::string::npos;
}

std::vector<double> Wave(int64_t n, double f) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(std::sin(i * f) * 3);
  return v;
}

}  // namespace

TEST_CASE("stream: a large elementwise output streams, odd rows stay exact") {
  // 1031 x 1029 floats (4.05 MiB): rows start at every 4-byte offset, so the
  // peel before the first 64-byte boundary takes 0..15 elements.
  const int64_t R = 1031, C = 1029;
  GraphBuilder b("ew");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({R, C}));
  b.Output(b.Binary(OpKind::Add, b.Binary(OpKind::Mul, x, b.Const(2.0)), b.Const(1.0)));
  JitKernel k(b.g, 2, "", kMin);
  CHECK(Streams(Nest(k, 0)));
  auto in = HostTensor::Make(DType::F32, {R, C}, Wave(R * C, 0.37));
  REQUIRE(k.Call({in.t}) == 0);
  auto got = k.Output(0);
  REQUIRE(got.size() == static_cast<size_t>(R * C));
  int64_t bad = 0;
  for (int64_t i = 0; i < R * C; ++i) bad += got[i] != static_cast<float>(in.values[i] * 2 + 1);
  CHECK(bad == 0);
}

TEST_CASE("stream: a large layer_norm streams, a softmax (row cache) does not") {
  const int64_t R = 1031, C = 1029;
  auto in = HostTensor::Make(DType::F32, {R, C}, Wave(R * C, 0.37));
  {
    GraphBuilder b("ln");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({R, C}));
    auto mean = b.Reduce(OpKind::Mean, x, {-1}, true);
    auto xc = b.Binary(OpKind::Sub, x, mean);
    auto var = b.Reduce(OpKind::Mean, b.Binary(OpKind::Mul, xc, xc), {-1}, true);
    b.Output(b.Binary(OpKind::Mul, xc, b.Unary(OpKind::Rsqrt, b.Binary(OpKind::Add, var, b.Const(1e-5)))));
    JitKernel k(b.g, 2, "", kMin);
    CHECK(Streams(Nest(k, 0)));
    REQUIRE(k.Call({in.t}) == 0);
    auto got = k.Output(0);
    double worst = 0;
    for (int64_t r = 0; r < R; ++r) {
      double mu = 0, v = 0;
      for (int64_t c = 0; c < C; ++c) mu += in.values[r * C + c] / C;
      for (int64_t c = 0; c < C; ++c) v += (in.values[r * C + c] - mu) * (in.values[r * C + c] - mu) / C;
      for (int64_t c = 0; c < C; ++c)
        worst = std::max(worst, std::fabs(got[r * C + c] - (in.values[r * C + c] - mu) / std::sqrt(v + 1e-5)));
    }
    CHECK(worst < 1e-4);
  }
  GraphBuilder b("softmax");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({R, C}));
  auto m = b.Reduce(OpKind::Max, x, {-1}, true);
  auto e = b.Unary(OpKind::Exp, b.Binary(OpKind::Sub, x, m));
  auto s = b.Reduce(OpKind::Sum, e, {-1}, true);
  b.Output(b.Binary(OpKind::Div, e, s));
  JitKernel k(b.g, 2, "", kMin);
  CHECK(k.ir.find("!nontemporal") == std::string::npos);
}

TEST_CASE("stream: short rows stream only when they fill whole cache lines") {
  // [8, 64, 56, 56] (a ResNet conv's relu): 224-byte rows would share a line
  // between a row's plain tail and the next row's streamed head
  for (int64_t w : {56, 64}) {
    GraphBuilder b("relu");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({8, 64, 56, w}));
    b.Output(b.Unary(OpKind::Relu, x));
    JitKernel k(b.g, 2, "", kMin);
    INFO("rows of " << w << " floats");
    CHECK(Streams(Nest(k, 0)) == (w == 64));
  }
}

TEST_CASE("stream: small outputs and outputs read back keep plain stores") {
  SECTION("small") {
    GraphBuilder b("small");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({64, 1024}));
    b.Output(b.Binary(OpKind::Mul, x, b.Const(2.0)));
    JitKernel k(b.g, 2, "", kMin);
    std::string nest = Nest(k, 0);
    REQUIRE(!nest.empty());
    CHECK(nest.find("!nontemporal") == std::string::npos);
    CHECK(nest.find("sfence") == std::string::npos);
  }
  SECTION("read by a later nest of the kernel") {
    GraphBuilder b("reread");
    auto x = b.Input("x", DType::F32, GraphBuilder::S({1024, 1024}));
    auto y = b.Unary(OpKind::Exp, x);
    b.Output(y);
    b.Output(b.Reduce(OpKind::Sum, y, {-1}, false));
    JitKernel k(b.g, 2, "", kMin);
    CHECK(k.ir.find("!nontemporal") == std::string::npos);
  }
  SECTION("integer") {
    GraphBuilder b("int");
    auto x = b.Input("x", DType::I32, GraphBuilder::S({2048, 1024}));
    b.Output(b.Binary(OpKind::Add, x, x));
    JitKernel k(b.g, 2, "", kMin);
    CHECK(k.ir.find("!nontemporal") == std::string::npos);
  }
}

TEST_CASE("stream: the threshold follows the last-level cache of the machine built for") {
  tcc::codegen::CodegenOptions co;
  std::string err;
  auto tm = tcc::codegen::CreateTargetMachine(co, &err);
  REQUIRE(tm);
  CHECK(tcc::codegen::StreamMinBytes(*tm, false) == kMin);
  const int64_t native = tcc::codegen::StreamMinBytes(*tm, true);
  CHECK(native >= kMin);
  CHECK(native == std::max(kMin, tcc::codegen::LastLevelCacheBytes() / 2));
  // the cache one core shares: sysfs's highest level, where sysconf may give
  // the whole package's (AMD EPYC: 256 MiB of L3, 32 MiB per core complex)
  std::ifstream l3("/sys/devices/system/cpu/cpu0/cache/index3/size");
  std::string size;
  if (l3 >> size && size.back() == 'K') CHECK(tcc::codegen::LastLevelCacheBytes() == std::stoll(size) * 1024);
  // an output under the threshold keeps plain stores, one at it streams
  GraphBuilder b("ew");
  auto x = b.Input("x", DType::F32, GraphBuilder::S({1024, 1024}));  // 4 MiB
  b.Output(b.Binary(OpKind::Mul, x, b.Const(3.0)));
  CHECK(!Streams(Nest(JitKernel(b.g, 2, "", (int64_t{4} << 20) + 4), 0)));
  CHECK(Streams(Nest(JitKernel(b.g, 2, "", int64_t{4} << 20), 0)));
}
