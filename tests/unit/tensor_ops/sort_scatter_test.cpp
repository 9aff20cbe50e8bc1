// The runtime's sort / topk / scatter kernels (runtime/tensor/sort.cpp), as
// the interpreter calls them and as compiled kernels do (the C ABI entries).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "tensor/abi.h"
#include "tensor/ops.h"

using namespace tcc::rt;

namespace {
Tensor F(std::vector<float> v, Dims shape) {
  Tensor t = Tensor::empty(shape, DType::F32);
  std::copy(v.begin(), v.end(), t.data<float>());
  return t;
}
Tensor I(std::vector<int64_t> v, Dims shape) {
  Tensor t = Tensor::empty(shape, DType::I64);
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}
std::vector<int64_t> Ints(const Tensor& t) {
  Tensor c = contiguous(t);
  return std::vector<int64_t>(c.data<int64_t>(), c.data<int64_t>() + c.numel());
}
std::vector<float> Floats(const Tensor& t) {
  Tensor c = contiguous(t);
  return std::vector<float>(c.data<float>(), c.data<float>() + c.numel());
}
}  // namespace

TEST_CASE("sort is stable, NaN sorts as the largest value") {
  float nan = std::nanf("");
  Tensor x = F({3, 1, 2, 1, 3, nan, 0, 1}, Dims{8});
  CHECK(Ints(argsort(x, 0, false)) == std::vector<int64_t>{6, 1, 3, 7, 2, 0, 4, 5});
  CHECK(Ints(argsort(x, -1, true)) == std::vector<int64_t>{5, 0, 4, 2, 1, 3, 7, 6});
  auto [v, i] = sort(x, 0, false);
  CHECK(std::isnan(Floats(v)[7]));
  CHECK(Floats(v)[0] == 0.0f);
}

TEST_CASE("sort along a non-last dim of a strided view, and topk keeps the first k of the stable order") {
  Tensor m = F({3, 1, 2, 0, 0, 5, 4, 1, 2}, Dims{3, 3});
  Tensor t = transpose(m, 0, 1);  // strided
  CHECK(Ints(argsort(t, 1, false)) == std::vector<int64_t>{1, 0, 2, 1, 0, 2, 0, 2, 1});
  CHECK(Ints(argsort(m, 0, true)) == std::vector<int64_t>{2, 0, 1, 0, 2, 0, 1, 1, 2});
  Tensor k = argsort(m, 1, true, 2);
  CHECK(k.sizes() == Dims{3, 2});
  CHECK(Ints(k) == std::vector<int64_t>{0, 2, 2, 0, 0, 2});
  CHECK_THROWS_AS(argsort(m, 1, true, 4), TensorError);
}

TEST_CASE("the C ABI argsort writes the positions into a given buffer") {
  Tensor x = F({0.5f, -1, 7, 2}, Dims{4});
  Tensor out = Tensor::empty(Dims{2}, DType::I64);
  ts_tensor xa = ToAbi(x), oa = ToAbi(out);
  ts_rt_argsort(&xa, &oa, 0, 1);
  CHECK(Ints(out) == std::vector<int64_t>{2, 3});
}

TEST_CASE("scatter writes, adds and multiplies, duplicates accumulate for add") {
  Tensor z = F({0, 1, 2, 3, 4, 5, 6, 7}, Dims{2, 4});
  Tensor idx = I({3, 0, 1, 1, 0, 2, 2, 3}, Dims{2, 4});
  Tensor src = F({10, 20, 30, 40, 50, 60, 70, 80}, Dims{2, 4});
  CHECK(Floats(scatter(z, 1, idx, src, tcc::sem::ScatterMode::Assign)) == std::vector<float>{20, 40, 2, 10, 50, 5, 70, 80});
  CHECK(Floats(scatter(z, 1, idx, src, tcc::sem::ScatterMode::Add)) == std::vector<float>{20, 71, 2, 13, 54, 5, 136, 87});
  CHECK(Floats(scatter(z, 1, idx, Scalar::from_float(2.0), tcc::sem::ScatterMode::Multiply)) == std::vector<float>{0, 4, 2, 6, 8, 5, 24, 14});
  Tensor bins = I({0, 1, 1, 4, 1, 0}, Dims{6});
  Tensor vals = F({1, 2, 3, 4, 5, 6}, Dims{6});
  CHECK(Floats(scatter(zeros(Dims{5}, DType::F32), 0, bins, vals, tcc::sem::ScatterMode::Add)) == std::vector<float>{7, 10, 0, 0, 4});
}

TEST_CASE("scatter_reduce's modes with and without self, as torch 1.13 computes them") {
  // x.scatter_reduce(0, idx, src, reduce, include_self) for x = [10, -10, 0, 7]
  Tensor x = F({10, -10, 0, 7}, Dims{4});
  Tensor idx = I({0, 1, 0, 1, 2, 1}, Dims{6});
  Tensor src = F({1, 2, 3, 4, 5, -6}, Dims{6});
  using M = tcc::sem::ScatterMode;
  CHECK(Floats(scatter(x, 0, idx, src, M::Add, false)) == std::vector<float>{4, 0, 5, 7});
  CHECK(Floats(scatter(x, 0, idx, src, M::Multiply, false)) == std::vector<float>{3, -48, 5, 7});
  CHECK(Floats(scatter(x, 0, idx, src, M::Mean)) == std::vector<float>{14.0f / 3, -2.5f, 2.5f, 7});
  CHECK(Floats(scatter(x, 0, idx, src, M::Mean, false)) == std::vector<float>{2, 0, 5, 7});
  CHECK(Floats(scatter(x, 0, idx, src, M::Max)) == std::vector<float>{10, 4, 5, 7});
  CHECK(Floats(scatter(x, 0, idx, src, M::Max, false)) == std::vector<float>{3, 4, 5, 7});
  CHECK(Floats(scatter(x, 0, idx, src, M::Min)) == std::vector<float>{1, -10, 0, 7});
  CHECK(Floats(scatter(x, 0, idx, src, M::Min, false)) == std::vector<float>{1, -6, 5, 7});
  // a NaN wins max and min, on either side
  Tensor nan_src = F({1, 2, 3, 4, 5, std::nanf("")}, Dims{6});
  CHECK(std::isnan(Floats(scatter(x, 0, idx, nan_src, M::Max))[1]));
  CHECK(std::isnan(Floats(scatter(F({std::nanf(""), 0, 0, 0}, Dims{4}), 0, idx, src, M::Min))[0]));
  // integer means round down: (-10 + 2 + 4 - 7) / 4 = -2.75 -> -3, (2 + 4 - 7) / 3 -> -1
  Tensor xi = to_dtype(x, DType::I64), si = to_dtype(F({1, 2, 3, 4, 5, -7}, Dims{6}), DType::I64);
  CHECK(Ints(scatter(xi, 0, idx, si, M::Mean)) == std::vector<int64_t>{4, -3, 2, 7});
  CHECK(Ints(scatter(xi, 0, idx, si, M::Mean, false)) == std::vector<int64_t>{2, -1, 5, 7});
}

TEST_CASE("scatter rejects out-of-range positions (the interpreter's IndexError, the kernel's status)") {
  Tensor z = F({0, 1, 2, 3}, Dims{4});
  Tensor bad = I({4}, Dims{1});
  CHECK_THROWS_WITH(scatter(z, 0, bad, Scalar::from_float(1.0), tcc::sem::ScatterMode::Assign),
                    "scatter: index 4 is out of range for dimension 0 with size 4");
  Tensor y = Tensor::empty(Dims{4}, DType::F32), src = F({9}, Dims{1});
  ts_tensor za = ToAbi(z), ia = ToAbi(bad), sa = ToAbi(src), ya = ToAbi(y);
  CHECK(ts_rt_scatter(&za, &ia, &sa, &ya, 0, 0, 1) != 0);
  Tensor ok = I({-0, 2}, Dims{2});
  Tensor src2 = F({9, 8}, Dims{2});
  ts_tensor oa = ToAbi(ok), s2 = ToAbi(src2);
  CHECK(ts_rt_scatter(&za, &oa, &s2, &ya, 0, 0, 1) == 0);
  CHECK(Floats(y) == std::vector<float>{9, 1, 8, 3});
}
