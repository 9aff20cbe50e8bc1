// Checks the lowered (JIT-compiled) elementwise code against the semantics
// library (lang/semantics/elementwise.h), which the runtime kernels and constant
// folding use: every pair of edge values (negative operands, zero divisors,
// int64 extremes, -0.0, inf, nan), bit for bit, at -O0 and -O2.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>

#include "graph_builder.h"
#include "jit_kernel.h"
#include "semantics/elementwise.h"
#include "semantics/linspace.h"
#include "semantics/unary.h"
#include "lower/emitter.h"

using namespace tcc::graph;
using tcc::testing::GraphBuilder;
using tcc::testing::HostTensor;
using tcc::testing::JitKernel;

namespace {

template <class T> constexpr DType DTypeOf() {
  if constexpr (std::is_same_v<T, float>) return DType::F32;
  else if constexpr (std::is_same_v<T, double>) return DType::F64;
  else if constexpr (std::is_same_v<T, int64_t>) return DType::I64;
  else return DType::I32;
}

template <class T> std::vector<T> Edges() {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_floating_point_v<T>)
    return {T(0), -T(0), T(1), T(-1), T(0.1), T(-0.1), T(2.5), T(-2.5), T(7), T(-7), T(3), T(1e-30),
            L::max(), L::lowest(), L::denorm_min(), L::infinity(), -L::infinity(), L::quiet_NaN()};
  else
    return {T(0), T(1), T(-1), T(2), T(-2), T(3), T(7), T(-7), T(31), T(63), T(64), L::min(), L::max(), T(L::min() + 1)};
}

template <class T> bool Same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
  } else {
    return a == b;
  }
}

// Runs `op` over all pairs (x, y) of the edge values with keep(x, y), JIT
// compiled, and compares with want(x, y).
template <class T, class Keep, class Want>
void CheckOp(OpKind op, Keep keep, Want want) {
  std::vector<T> xs, ys;
  for (T x : Edges<T>())
    for (T y : Edges<T>())
      if (keep(x, y)) { xs.push_back(x); ys.push_back(y); }
  int64_t n = static_cast<int64_t>(xs.size());
  for (int opt : {0, 2}) {
    INFO(OpSpelling(op) << " " << DTypeName(DTypeOf<T>()) << " at -O" << opt);
    GraphBuilder b("sem");
    auto x = b.Input("x", DTypeOf<T>(), GraphBuilder::S({-1}));
    auto y = b.Input("y", DTypeOf<T>(), GraphBuilder::S({-1}));
    b.Output(b.Binary(op, x, y, DTypeOf<T>()));
    JitKernel k(b.g, opt);
    auto hx = HostTensor::Make(DTypeOf<T>(), {n}, {});
    auto hy = HostTensor::Make(DTypeOf<T>(), {n}, {});
    std::memcpy(hx.storage.data(), xs.data(), xs.size() * sizeof(T));
    std::memcpy(hy.storage.data(), ys.data(), ys.size() * sizeof(T));
    REQUIRE(k.Call({hx.t, hy.t}) == 0);
    const T* got = static_cast<const T*>(k.OutputTensor(0).data);
    for (int64_t i = 0; i < n; ++i) {
      INFO(+xs[i] << " " << OpSpelling(op) << " " << +ys[i] << ": got " << +got[i] << ", want " << +want(xs[i], ys[i]));
      CHECK(Same(got[i], want(xs[i], ys[i])));
    }
  }
}

template <class T> void CheckAll() {
  auto all = [](T, T) { return true; };
  auto nonzero = [](T, T y) { return std::is_floating_point_v<T> || y != 0; };
  CheckOp<T>(OpKind::Add, all, [](T a, T b) { return tcc::sem::WrapAdd(a, b); });
  CheckOp<T>(OpKind::Sub, all, [](T a, T b) { return tcc::sem::WrapSub(a, b); });
  CheckOp<T>(OpKind::Mul, all, [](T a, T b) { return tcc::sem::WrapMul(a, b); });
  CheckOp<T>(OpKind::FloorDiv, nonzero, [](T a, T b) { return tcc::sem::FloorDiv(a, b); });
  CheckOp<T>(OpKind::Mod, nonzero, [](T a, T b) { return tcc::sem::Remainder(a, b); });
  CheckOp<T>(OpKind::Maximum, all, [](T a, T b) { return tcc::sem::Maximum(a, b); });
  CheckOp<T>(OpKind::Minimum, all, [](T a, T b) { return tcc::sem::Minimum(a, b); });
  if constexpr (std::is_floating_point_v<T>) {
    CheckOp<T>(OpKind::Pow, all, [](T a, T b) { return tcc::sem::Pow(a, b); });
  } else {
    CheckOp<T>(OpKind::Pow, all, [](T a, T b) { return tcc::sem::Pow(a, b); });  // negative: torch's powi
  }
}

// An integer kernel that must raise: returns the stub's message.
template <class T> std::string RaiseOf(OpKind op, T x, T y) {
  GraphBuilder b("raise");
  auto a = b.Input("x", DTypeOf<T>(), GraphBuilder::S({1}));
  auto c = b.Input("y", DTypeOf<T>(), GraphBuilder::S({1}));
  b.Output(b.Binary(op, a, c, DTypeOf<T>()));
  JitKernel k(b.g);
  auto hx = HostTensor::Make(DTypeOf<T>(), {1}, {double(x)});
  auto hy = HostTensor::Make(DTypeOf<T>(), {1}, {double(y)});
  tcc::testing::g_last_raise.clear();
  k.Call({hx.t, hy.t});
  return tcc::testing::g_last_raise;
}

}  // namespace

TEST_CASE("semantics: lowered float32 arithmetic matches the library") { CheckAll<float>(); }
TEST_CASE("semantics: lowered float64 arithmetic matches the library") { CheckAll<double>(); }
TEST_CASE("semantics: lowered int64 arithmetic matches the library") { CheckAll<int64_t>(); }
TEST_CASE("semantics: lowered int32 arithmetic matches the library") { CheckAll<int32_t>(); }

TEST_CASE("semantics: the library's edge values are torch's") {
  using tcc::sem::FloorDiv;
  using tcc::sem::Remainder;
  CHECK(FloorDiv(1.0, 0.1) == 9.0);  // torch.tensor([1.0, 2.0]) // 0.1 is [9., 19.]
  CHECK(FloorDiv(2.0, 0.1) == 19.0);
  CHECK(FloorDiv(1.0f, 0.1f) == 9.0f);
  CHECK(FloorDiv(-5.0, double(INFINITY)) == -1.0);
  CHECK(std::isinf(FloorDiv(1.0, 0.0)));
  CHECK(std::isnan(FloorDiv(0.0, 0.0)));
  CHECK(std::signbit(Remainder(-0.0, 3.0)));  // torch: -0.0 % 3.0 is -0.0
  CHECK(Remainder(-5.0, double(INFINITY)) == INFINITY);
  CHECK(Remainder(-7.0, 2.0) == 1.0);
  CHECK(FloorDiv<int64_t>(-7, 2) == -4);
  CHECK(Remainder<int64_t>(7, -2) == -1);
  CHECK(FloorDiv(INT64_MIN, int64_t(-1)) == INT64_MIN);  // wraps (torch 1.13 crashes)
  CHECK(Remainder(INT64_MIN, int64_t(-1)) == 0);
  CHECK(tcc::sem::Pow<int64_t>(3, 40) == int64_t(12157665459056928801ull));  // wraps, exactly
  CHECK(std::isnan(tcc::sem::Maximum(double(NAN), 1.0)));
  CHECK(std::signbit(tcc::sem::Maximum(-0.0, 0.0)));  // a tie gives the first operand, as torch
  CHECK(tcc::sem::Pow<int64_t>(-1, -3) == -1);
  CHECK(tcc::sem::Pow<int64_t>(2, -1) == 0);
}

TEST_CASE("semantics: lowered integer errors raise instead of trapping") {
  CHECK(RaiseOf<int64_t>(OpKind::FloorDiv, 5, 0).starts_with("integer division by zero"));
  CHECK(RaiseOf<int64_t>(OpKind::Mod, 5, 0).starts_with("integer division by zero"));
  CHECK(RaiseOf<int32_t>(OpKind::FloorDiv, 5, 0).starts_with("integer division by zero"));
  CHECK(RaiseOf<int64_t>(OpKind::Pow, 2, -1).empty());  // a tensor exponent: powi, no error
}

// ---- issue 11: the unary ops with a meaning in the library (rounding, sign,
// nan_to_num) and lerp, bit for bit on the edge values, at -O0 and -O2.
namespace {

template <class T, class Want>
void CheckUnary(OpKind op, const Attrs& attrs, Want want) {
  std::vector<T> xs = Edges<T>();
  int64_t n = static_cast<int64_t>(xs.size());
  for (int opt : {0, 2}) {
    INFO(OpSpelling(op) << " " << DTypeName(DTypeOf<T>()) << " at -O" << opt);
    GraphBuilder b("sem1");
    auto x = b.Input("x", DTypeOf<T>(), GraphBuilder::S({-1}));
    Node nd;
    nd.op = op;
    nd.inputs = {x};
    nd.attrs = attrs;
    nd.type = b.g.TypeOf(x);
    b.Output(b.Add(nd));
    JitKernel k(b.g, opt);
    auto hx = HostTensor::Make(DTypeOf<T>(), {n}, {});
    std::memcpy(hx.storage.data(), xs.data(), xs.size() * sizeof(T));
    REQUIRE(k.Call({hx.t}) == 0);
    const T* got = static_cast<const T*>(k.OutputTensor(0).data);
    for (int64_t i = 0; i < n; ++i) {
      INFO(OpSpelling(op) << "(" << +xs[i] << "): got " << +got[i] << ", want " << +want(xs[i]));
      CHECK(Same(got[i], want(xs[i])));
    }
  }
}

template <class T> void CheckUnaryAll() {
  Attrs none;
  CheckUnary<T>(OpKind::Sign, none, [](T x) { return tcc::sem::Sign(x); });
  CheckUnary<T>(OpKind::Round, none, [](T x) { return tcc::sem::Round(x); });
  if constexpr (std::is_floating_point_v<T>) {
    for (int64_t d : {2, -1}) {
      Attrs a;
      a.ints = {d};
      CheckUnary<T>(OpKind::Round, a, [d](T x) { return tcc::sem::Round(x, d); });
    }
    Attrs a;
    a.fvalues = {1.5, 100.0, -7.0};
    CheckUnary<T>(OpKind::NanToNum, a, [](T x) { return tcc::sem::NanToNum(x, T(1.5), T(100.0), T(-7.0)); });
    CheckUnary<T>(OpKind::Floor, none, [](T x) { return std::floor(x); });
    CheckUnary<T>(OpKind::Ceil, none, [](T x) { return std::ceil(x); });
    CheckUnary<T>(OpKind::Trunc, none, [](T x) { return std::trunc(x); });
  }
}

template <class T> void CheckLerp() {
  std::vector<T> as, bs, ws;
  const T weights[] = {T(0), T(0.25), T(0.5), T(0.75), T(1), T(-0.5), T(2)};
  for (T a : Edges<T>())
    for (T c : Edges<T>())
      for (T w : weights) { as.push_back(a); bs.push_back(c); ws.push_back(w); }
  int64_t n = static_cast<int64_t>(as.size());
  for (int opt : {0, 2}) {
    GraphBuilder b("lerp");
    auto x = b.Input("x", DTypeOf<T>(), GraphBuilder::S({-1}));
    auto y = b.Input("y", DTypeOf<T>(), GraphBuilder::S({-1}));
    auto w = b.Input("w", DTypeOf<T>(), GraphBuilder::S({-1}));
    Node nd;
    nd.op = OpKind::Lerp;
    nd.inputs = {x, y, w};
    nd.type = b.g.TypeOf(x);
    b.Output(b.Add(nd));
    JitKernel k(b.g, opt);
    auto hx = HostTensor::Make(DTypeOf<T>(), {n}, {}), hy = HostTensor::Make(DTypeOf<T>(), {n}, {}),
         hw = HostTensor::Make(DTypeOf<T>(), {n}, {});
    std::memcpy(hx.storage.data(), as.data(), as.size() * sizeof(T));
    std::memcpy(hy.storage.data(), bs.data(), bs.size() * sizeof(T));
    std::memcpy(hw.storage.data(), ws.data(), ws.size() * sizeof(T));
    REQUIRE(k.Call({hx.t, hy.t, hw.t}) == 0);
    const T* got = static_cast<const T*>(k.OutputTensor(0).data);
    for (int64_t i = 0; i < n; ++i) {
      T want = tcc::sem::Lerp(as[i], bs[i], ws[i]);
      INFO("lerp(" << as[i] << ", " << bs[i] << ", " << ws[i] << ") at -O" << opt << ": got " << got[i] << ", want " << want);
      CHECK(Same(got[i], want));
    }
  }
}

}  // namespace

TEST_CASE("semantics (issue 11): lowered rounding, sign, nan_to_num, lerp match the library") {
  CheckUnaryAll<float>();
  CheckUnaryAll<double>();
  CheckUnaryAll<int64_t>();
  CheckUnaryAll<int32_t>();
  CheckLerp<float>();
  CheckLerp<double>();
}

// A Unary op with no inline form in the lowering runs the library's meaning
// through the runtime (ts_rt_unary_*): bit for bit unary.h's, on every dtype
// the op computes in (FloatFn ops: floats).
TEST_CASE("semantics: lowered Unary ops without an inline form are the library's") {
  int checked = 0;
  for (size_t i = 0; i < tcc::sem::kNumOps; ++i) {
    auto op = static_cast<OpKind>(i);
    if (CategoryOf(op) != OpCategory::Unary || tcc::lower::HasInlineUnary(op)) continue;
    Attrs none;
    auto check = [&]<class T>(T) { CheckUnary<T>(op, none, [op](T x) { return tcc::sem::ApplyUnary(op, x); }); };
    check(float{});
    check(double{});
    if (DTypeRuleOf(op) == DTypeRule::Same) {
      check(int64_t{});
      check(int32_t{});
    }
    ++checked;
  }
  CHECK(checked >= 1);  // asinh, acosh, atanh, erfc (session 21) have none
}

TEST_CASE("semantics (issue 11): the library's edge values are torch's") {
  using tcc::sem::Round;
  CHECK(Round(2.5) == 2.0);  // half to even
  CHECK(Round(-0.5) == 0.0);
  CHECK(std::signbit(Round(-0.5)));
  CHECK(Round(0.125f, 2) == 0.12f);  // torch.round(tensor(0.125), decimals=2)
  CHECK(Round(1234.5678, -2) == 1200.0);
  CHECK(tcc::sem::Sign(-0.0) == 0.0);
  CHECK(!std::signbit(tcc::sem::Sign(-0.0)));  // torch.sign(-0.0) is 0.
  CHECK(tcc::sem::Sign(double(NAN)) == 0.0);
  CHECK(tcc::sem::Lerp(1.0, 3.0, 0.25) == 1.5);
  CHECK(tcc::sem::Lerp(2.0, 5.0, 0.75) == 4.25);
}

namespace {

template <class T> void CheckLinspace(double start, double end, int64_t steps) {
  GraphBuilder b("linspace");
  Node n;
  n.op = OpKind::Linspace;
  n.attrs.fvalues = {start, end};
  n.type = {DTypeOf<T>(), GraphBuilder::S({steps})};
  b.Output(b.Add(n));
  JitKernel k(b.g);
  REQUIRE(k.Call({}) == 0);
  std::vector<double> got = k.Output(0);
  REQUIRE(got.size() == size_t(steps));
  for (int64_t i = 0; i < steps; ++i) {
    INFO("linspace(" << start << ", " << end << ", " << steps << ")[" << i << "]");
    CHECK(Same(T(got[size_t(i)]), tcc::sem::LinspaceAt<T>(start, end, steps, i)));
  }
}

}  // namespace

TEST_CASE("semantics: lowered linspace matches the library (torch's bits)") {
  for (int64_t steps : {1, 2, 7, 16, 17, 33, 100, 1000}) {
    CheckLinspace<float>(1e-4, 0.02, steps);
    CheckLinspace<float>(2.5, -7.25, steps);
    CheckLinspace<double>(-3.0, 5.5, steps);
    CheckLinspace<int64_t>(-3.0, 50.5, steps);
    CheckLinspace<int32_t>(-3.7, 50.5, steps);
  }
}
