// Tests elementwise ops. Expected numbers computed with NumPy 1.24 offline:
//   floor_divide([-7,7,-7,7],[2,-2,-2,2]) = [-4,-4,3,3]
//   remainder   ([-7,7,-7,7],[2,-2,-2,2]) = [1,-1,-1,1]
//   floor_divide(f32[-7.5,7.5,-0.5], [2,-2,2]) = [-4,-4,-1]; remainder = [0.5,-0.5,1.5]
//   x = [-1,0,0.5,2]: gelu(erf) = [-0.15865525,0,0.34573123,1.95449974]
//                     sigmoid = [0.2689414,0.5,0.62245935,0.880797]
//                     tanh = [-0.7615942,0,0.4621172,0.9640276]
#include "test_util.h"

using namespace tt;

TEST_CASE("arithmetic on floats and ints", "[elementwise]") {
  Tensor a = F({1, 2, 3}), b = F({4, 5, 6});
  CHECK(vals(binary(BinaryOp::Add, a, b)) == std::vector<double>{5, 7, 9});
  CHECK(vals(binary(BinaryOp::Sub, a, b)) == std::vector<double>{-3, -3, -3});
  CHECK(vals(binary(BinaryOp::Mul, a, b)) == std::vector<double>{4, 10, 18});
  check_close(binary(BinaryOp::Div, a, b), {0.25, 0.4, 0.5});
  CHECK(vals(binary(BinaryOp::Pow, a, Si(2))) == std::vector<double>{1, 4, 9});
  CHECK(vals(binary(BinaryOp::Pow, Si(2), I({0, 3, 10}))) == std::vector<double>{1, 8, 1024});
  CHECK(binary(BinaryOp::Pow, I({2}), S(0.5)).dtype() == DType::F32);
  check_close(binary(BinaryOp::Pow, I({4}), S(0.5)), {2});
  CHECK(vals(binary(BinaryOp::Sub, Si(10), I({1, 2}))) == std::vector<double>{9, 8});
  CHECK(vals(binary(BinaryOp::Maximum, F({1, 5}), F({3, 2}))) == std::vector<double>{3, 5});
  CHECK(vals(binary(BinaryOp::Minimum, I({1, 5}), I({3, 2}))) == std::vector<double>{1, 2});
  auto mx = vals(binary(BinaryOp::Maximum, F({NAN, 1}), F({1, NAN})));
  CHECK((std::isnan(mx[0]) && std::isnan(mx[1])));
}

TEST_CASE("floor division and remainder follow Python signs", "[elementwise]") {
  Tensor a = I({-7, 7, -7, 7}), b = I({2, -2, -2, 2});
  CHECK(vals(binary(BinaryOp::FloorDiv, a, b)) == std::vector<double>{-4, -4, 3, 3});
  CHECK(vals(binary(BinaryOp::Mod, a, b)) == std::vector<double>{1, -1, -1, 1});
  Tensor fa = F({-7.5, 7.5, -0.5}), fb = F({2, -2, 2});
  CHECK(vals(binary(BinaryOp::FloorDiv, fa, fb)) == std::vector<double>{-4, -4, -1});
  CHECK(vals(binary(BinaryOp::Mod, fa, fb)) == std::vector<double>{0.5, -0.5, 1.5});
  CHECK(vals(binary(BinaryOp::Mod, I({5, -5}), Si(3))) == std::vector<double>{2, 1});
  CHECK(binary(BinaryOp::FloorDiv, I({5}), Si(2)).dtype() == DType::I64);
  CHECK(vals(binary(BinaryOp::FloorDiv, F({1, -1}), S(0.0)))[0] == INFINITY);
}

TEST_CASE("integer division by zero and negative powers throw", "[elementwise][error]") {
  CHECK_TENSOR_ERROR(binary(BinaryOp::FloorDiv, I({1, 2}), I({1, 0})), "integer division by zero");
  CHECK_TENSOR_ERROR(binary(BinaryOp::Mod, I({1}), Si(0)), "integer division by zero");
  CHECK_TENSOR_ERROR(binary(BinaryOp::Pow, I({2}), Si(-1)), "negative integer powers");
  // true division by zero is fine: inf
  CHECK(vals(binary(BinaryOp::Div, I({1}), Si(0)))[0] == INFINITY);
}

TEST_CASE("unary functions", "[elementwise]") {
  Tensor x = F({-1, 0, 0.5, 2});
  check_close(unary(UnaryOp::Gelu, x), {-0.15865525, 0, 0.34573123, 1.95449974});
  check_close(unary(UnaryOp::Sigmoid, x), {0.2689414, 0.5, 0.62245935, 0.880797});
  check_close(unary(UnaryOp::Tanh, x), {-0.7615942, 0, 0.4621172, 0.9640276});
  CHECK(vals(unary(UnaryOp::Relu, x)) == std::vector<double>{0, 0, 0.5, 2});
  CHECK(vals(unary(UnaryOp::Neg, x)) == std::vector<double>{1, 0, -0.5, -2});
  CHECK(vals(unary(UnaryOp::Abs, x)) == std::vector<double>{1, 0, 0.5, 2});
  check_close(unary(UnaryOp::Exp, F({0, 1})), {1, 2.718281828});
  check_close(unary(UnaryOp::Log, F({1, 2.718281828})), {0, 1});
  check_close(unary(UnaryOp::Sqrt, F({4, 9})), {2, 3});
  check_close(unary(UnaryOp::Rsqrt, F({4, 16})), {0.5, 0.25});
  check_close(unary(UnaryOp::Sin, F({0, 1.5707963})), {0, 1});
  check_close(unary(UnaryOp::Cos, F({0, 3.14159265})), {1, -1});
  Tensor ie = unary(UnaryOp::Exp, I({0}));
  CHECK(ie.dtype() == DType::F32);
  CHECK(unary(UnaryOp::Neg, I({3})).dtype() == DType::I64);
  CHECK(vals(unary(UnaryOp::Abs, I({-3, 3}, {}, DType::I32))) == std::vector<double>{3, 3});
  CHECK(vals(unary(UnaryOp::Relu, I({-3, 3}))) == std::vector<double>{0, 3});
  CHECK(std::isnan(vals(unary(UnaryOp::Log, F({-1})))[0]));
  CHECK(unary(UnaryOp::Sqrt, F({1}, {}, DType::F64)).dtype() == DType::F64);
}

TEST_CASE("bitwise and logical ops", "[elementwise]") {
  CHECK(vals(unary(UnaryOp::BitNot, B({1, 0}))) == std::vector<double>{0, 1});
  CHECK(vals(unary(UnaryOp::BitNot, I({0, 5}))) == std::vector<double>{-1, -6});
  CHECK(vals(binary(BinaryOp::And, B({1, 1, 0}), B({1, 0, 0}))) == std::vector<double>{1, 0, 0});
  CHECK(vals(binary(BinaryOp::Or, B({1, 1, 0}), B({1, 0, 0}))) == std::vector<double>{1, 1, 0});
  CHECK(vals(binary(BinaryOp::Xor, B({1, 1, 0}), B({1, 0, 0}))) == std::vector<double>{0, 1, 0});
  CHECK(vals(binary(BinaryOp::And, I({12}), Si(10))) == std::vector<double>{8});
  CHECK(vals(binary(BinaryOp::Or, I({12}), Si(10))) == std::vector<double>{14});
  CHECK_TENSOR_ERROR(unary(UnaryOp::BitNot, F({1})), "only supported for bool and integer");
  CHECK_TENSOR_ERROR(binary(BinaryOp::And, F({1}), F({1})), "bitwise_and: only bool and integer");
  CHECK_TENSOR_ERROR(unary(UnaryOp::Neg, B({1})), "bool");
  CHECK_TENSOR_ERROR(binary(BinaryOp::Sub, B({1}), B({1})), "subtraction of two bool tensors");
}

TEST_CASE("comparisons", "[elementwise]") {
  Tensor a = F({1, 2, 3});
  CHECK(vals(binary(BinaryOp::Eq, a, Si(2))) == std::vector<double>{0, 1, 0});
  CHECK(vals(binary(BinaryOp::Ne, a, Si(2))) == std::vector<double>{1, 0, 1});
  CHECK(vals(binary(BinaryOp::Le, a, S(2.0))) == std::vector<double>{1, 1, 0});
  CHECK(vals(binary(BinaryOp::Gt, a, I({0, 2, 4}))) == std::vector<double>{1, 0, 0});
  CHECK(vals(binary(BinaryOp::Ge, I({1, 2, 3}), S(1.5))) == std::vector<double>{0, 1, 1});
  CHECK(binary(BinaryOp::Eq, a, a).dtype() == DType::Bool);
}

TEST_CASE("where and clamp", "[elementwise]") {
  Tensor c = B({1, 0, 1});
  Tensor w = where(c, F({1, 2, 3}), Scalar::from_float(0.0));
  CHECK(w.dtype() == DType::F32);
  CHECK(vals(w) == std::vector<double>{1, 0, 3});
  Tensor wi = where(c, I({1, 2, 3}), Si(-1));
  CHECK(wi.dtype() == DType::I64);
  CHECK(vals(wi) == std::vector<double>{1, -1, 3});
  CHECK(where(c, I({1, 2, 3}), S(0.5)).dtype() == DType::F32);
  Tensor wb = where(B({1, 0}, Dims{2, 1}), F({1, 2}), F({10, 20}));  // broadcast to [2, 2]
  CHECK(vals(wb) == std::vector<double>{1, 2, 10, 20});
  Tensor x = F({-2, 0.5, 3});
  CHECK(vals(clamp(x, TensorOrScalar(S(0.0)), TensorOrScalar(S(1.0)))) == std::vector<double>{0, 0.5, 1});
  CHECK(vals(clamp(x, std::nullopt, TensorOrScalar(S(0.0)))) == std::vector<double>{-2, 0, 0});
  CHECK(vals(clamp(I({-5, 5}), TensorOrScalar(Si(0)), std::nullopt)) == std::vector<double>{0, 5});
  CHECK(clamp(I({-5, 5}), TensorOrScalar(S(0.5)), std::nullopt).dtype() == DType::F32);
  CHECK_TENSOR_ERROR(clamp(x, std::nullopt, std::nullopt), "at least one");
}

TEST_CASE("in-place ops write through views", "[elementwise][inplace]") {
  Tensor x = F({1, 2, 3, 4}, Dims{2, 2});
  Tensor row = index(x, std::vector<IndexItem>{int64_t(1)});
  binary_inplace(BinaryOp::Add, row, S(10.0));
  CHECK(vals(x) == std::vector<double>{1, 2, 13, 14});
  binary_inplace(BinaryOp::Mul, x, F({2, 3}));
  CHECK(vals(x) == std::vector<double>{2, 6, 26, 42});
  Tensor i = I({1, 2});
  CHECK_TENSOR_ERROR(binary_inplace(BinaryOp::Add, i, S(0.5)),
                     "result type float32 can't be cast to the desired output type int64");
  CHECK_TENSOR_ERROR(binary_inplace(BinaryOp::Add, F({1, 2}), F({1, 2}, Dims{2, 1})),
                     "doesn't match the broadcast shape");
  Tensor i32 = I({1, 2}, {}, DType::I32);
  binary_inplace(BinaryOp::Add, i32, I({5, 5}));
  CHECK(i32.dtype() == DType::I32);
  CHECK(vals(i32) == std::vector<double>{6, 7});
  Tensor self = F({1, 2});
  binary_inplace(BinaryOp::Add, self, self);
  CHECK(vals(self) == std::vector<double>{2, 4});
}

TEST_CASE("non-contiguous and large operands", "[elementwise][parallel]") {
  Tensor x = reshape(arange(Si(12)), Dims{3, 4});
  Tensor t = transpose(x, 0, 1);  // [4, 3], strided
  Tensor y = binary(BinaryOp::Add, t, Si(100));
  CHECK(shape(y) == std::vector<int64_t>{4, 3});
  CHECK(vals(y) == std::vector<double>{100, 104, 108, 101, 105, 109, 102, 106, 110, 103, 107, 111});
  const int64_t n = 1 << 20;  // crosses the parallel threshold
  Tensor big = arange(Si(n));
  Tensor sq = binary(BinaryOp::Mul, big, big);
  auto v = vals(sq);
  bool ok = true;
  for (int64_t i = 0; i < n; i += 997) ok = ok && v[size_t(i)] == double(i) * double(i);
  CHECK(ok);
  Tensor fb = to_dtype(big, DType::F32);
  Tensor e = unary(UnaryOp::Exp, binary(BinaryOp::Mul, fb, S(-1e-6)));
  check_close(index(e, std::vector<IndexItem>{Slice{n - 1, std::nullopt, std::nullopt}}),
              {std::exp(-1e-6 * double(n - 1))}, 1e-5);
  // broadcast a strided column against a large row block
  Tensor m = binary(BinaryOp::Add, reshape(fb, Dims{1024, 1024}), F({1}, Dims{1, 1}));
  CHECK(m.at(1024 * 1024 - 1).to_double() == double(n));
}

TEST_CASE("integer overflow wraps instead of trapping", "[elementwise]") {
  Tensor big = I({INT64_MAX});
  CHECK(vals(binary(BinaryOp::Add, big, Si(1)))[0] == double(INT64_MIN));
  CHECK(to_dtype(F({NAN, 1e30}), DType::I64).at(0).i == INT64_MIN);
}

TEST_CASE("vectorised float32 exp/tanh/sigmoid match libm", "[elementwise][accuracy]") {
  // float32 exp/tanh/sigmoid use the polynomial kernels of fast_math.h; the
  // stated bounds are 4e-7 relative (exp) and 3e-7 absolute (tanh, sigmoid).
  const int64_t n = 200001;
  Tensor x = linspace(-87.0, 88.0, n);
  Tensor e = unary(UnaryOp::Exp, x);
  Tensor s = linspace(-20.0, 20.0, n);
  Tensor th = unary(UnaryOp::Tanh, s), sg = unary(UnaryOp::Sigmoid, s);
  double worst_exp = 0, worst_tanh = 0, worst_sig = 0;
  for (int64_t i = 0; i < n; ++i) {
    double xv = x.at(i).f, ref = std::exp(double(float(xv)));
    worst_exp = std::max(worst_exp, std::fabs(e.at(i).f - ref) / ref);
    double sv = s.at(i).f;
    worst_tanh = std::max(worst_tanh, std::fabs(th.at(i).f - std::tanh(sv)));
    worst_sig = std::max(worst_sig, std::fabs(sg.at(i).f - 1.0 / (1.0 + std::exp(-sv))));
  }
  CHECK(worst_exp < 4e-7);
  CHECK(worst_tanh < 3e-7);
  CHECK(worst_sig < 3e-7);
  auto special = vals(unary(UnaryOp::Exp, F({NAN, INFINITY, -INFINITY, 100, -200, 0})));
  CHECK(std::isnan(special[0]));
  CHECK(special[1] == INFINITY);
  CHECK(special[2] == 0);
  CHECK(special[3] == INFINITY);
  CHECK(special[4] == 0);
  CHECK(special[5] == 1);
  auto t = vals(unary(UnaryOp::Tanh, F({NAN, INFINITY, -INFINITY, 1e-6f})));
  CHECK(std::isnan(t[0]));
  CHECK(t[1] == 1);
  CHECK(t[2] == -1);
  CHECK(t[3] == Approx(1e-6).epsilon(1e-6));
  // denormal range of exp keeps its value
  CHECK(vals(unary(UnaryOp::Exp, F({-100})))[0] == Approx(std::exp(-100.0)).epsilon(0.05));
}

// ---- issue 11 (values from torch 1.13)
TEST_CASE("rounding, sign, nan_to_num, isnan/isinf, lerp, atan2", "[elementwise]") {
  CHECK(vals(unary(UnaryOp::Round, F({0.5, 1.5, 2.5, -0.5}))) == std::vector<double>{0, 2, 2, -0});
  CHECK(vals(round_decimals(F({2.5, 1234.5678, 0.125}), 2))[2] == static_cast<float>(0.12));
  CHECK(vals(round_decimals(F({1234.5678}), -2)) == std::vector<double>{1200});
  CHECK_THROWS(round_decimals(I({1}), 1));
  CHECK(unary(UnaryOp::Floor, I({-3, 2})).dtype() == DType::I64);
  CHECK_THROWS(unary(UnaryOp::Floor, B({1})));
  CHECK(vals(unary(UnaryOp::Sign, F({-0.0, NAN, 2, -3}))) == std::vector<double>{0, 0, 1, -1});
  CHECK(unary(UnaryOp::Sign, B({1, 0})).dtype() == DType::Bool);
  CHECK(unary(UnaryOp::Reciprocal, I({2})).dtype() == DType::F32);
  auto n = vals(nan_to_num(F({NAN, INFINITY, -INFINITY, 1}), 0.0, std::nullopt, -2.0));
  CHECK(n == std::vector<double>{0, std::numeric_limits<float>::max(), -2, 1});
  CHECK(vals(is_nan(F({NAN, 1}))) == std::vector<double>{1, 0});
  CHECK(vals(is_inf(F({-INFINITY, 1}))) == std::vector<double>{1, 0});
  CHECK(is_nan(I({1})).dtype() == DType::Bool);
  check_close(lerp(F({1, 2}), F({3, 5}), F({0.25, 0.75})), {1.5, 4.25});
  check_close(lerp(F({1, 2}), F({3, 5}), S(0.5)), {2, 3.5});
  CHECK_THROWS(lerp(F({1}), I({1}), S(0.5)));
  check_close(binary(BinaryOp::Atan2, F({1, -1}), F({1, 1})), {0.78539816, -0.78539816});
  CHECK(binary(BinaryOp::Atan2, I({1}), I({1})).dtype() == DType::F32);
}

TEST_CASE("cumsum and cumprod", "[scan]") {
  Tensor x = F({1, 2, 3, 4, 5, 6}, {2, 3});
  CHECK(vals(scan(ScanOp::CumSum, x, 1)) == std::vector<double>{1, 3, 6, 4, 9, 15});
  CHECK(vals(scan(ScanOp::CumSum, x, 0)) == std::vector<double>{1, 2, 3, 5, 7, 9});
  CHECK(vals(scan(ScanOp::CumProd, x, -1)) == std::vector<double>{1, 2, 6, 4, 20, 120});
  CHECK(scan(ScanOp::CumSum, B({1, 1, 0}), 0).dtype() == DType::I64);
  CHECK(vals(scan(ScanOp::CumSum, B({1, 1, 0}), 0)) == std::vector<double>{1, 2, 2});
  CHECK(scan(ScanOp::CumSum, I({1, 2}), 0, DType::F64).dtype() == DType::F64);
  CHECK_THROWS(scan(ScanOp::CumSum, x, 2));
  CHECK(shape(scan(ScanOp::CumSum, F({}, {0}), 0)) == std::vector<int64_t>{0});
}
