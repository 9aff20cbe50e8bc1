// Tests reductions. x = [[1, 5, 3], [4, 2, 6]] (by hand):
//   sum = 21; sum(0) = [5, 7, 9]; sum(1) = [9, 12]; mean(1) = [3, 4]
//   max(1) = [5, 6], argmax(1) = [1, 2]; min(0) = [1, 2, 3], argmin(0) = [0, 1, 0]
//   prod = 720; argmax() = 5 (flat)
#include "test_util.h"

using namespace tt;

namespace {
Tensor X() { return F({1, 5, 3, 4, 2, 6}, Dims{2, 3}); }
std::vector<int64_t> d(std::initializer_list<int64_t> v) { return v; }
}  // namespace

TEST_CASE("full reductions", "[reduce]") {
  CHECK(reduce(ReduceOp::Sum, X()).item().to_double() == 21);
  CHECK(reduce(ReduceOp::Sum, X()).dim() == 0);
  CHECK(reduce(ReduceOp::Mean, X()).item().to_double() == 3.5);
  CHECK(reduce(ReduceOp::Max, X()).item().to_double() == 6);
  CHECK(reduce(ReduceOp::Min, X()).item().to_double() == 1);
  CHECK(reduce(ReduceOp::Prod, X()).item().to_double() == 720);
  CHECK(reduce(ReduceOp::ArgMax, X()).item().to_int() == 5);
  CHECK(reduce(ReduceOp::ArgMin, X()).item().to_int() == 0);
  CHECK(reduce(ReduceOp::ArgMax, X()).dtype() == DType::I64);
  CHECK(reduce(ReduceOp::All, B({1, 1})).item().to_bool());
  CHECK(!reduce(ReduceOp::All, B({1, 0})).item().to_bool());
  CHECK(reduce(ReduceOp::Any, B({0, 1})).item().to_bool());
  CHECK(!reduce(ReduceOp::Any, F({0, 0})).item().to_bool());
  CHECK(reduce(ReduceOp::All, F({})).item().to_bool());
  CHECK(reduce(ReduceOp::Sum, F({})).item().to_double() == 0);
}

TEST_CASE("reductions over dims with keepdim", "[reduce]") {
  auto s0 = d({0}), s1 = d({1}), sm1 = d({-1}), both = d({0, 1});
  CHECK(vals(reduce(ReduceOp::Sum, X(), s0)) == std::vector<double>{5, 7, 9});
  CHECK(vals(reduce(ReduceOp::Sum, X(), s1)) == std::vector<double>{9, 12});
  CHECK(vals(reduce(ReduceOp::Mean, X(), sm1)) == std::vector<double>{3, 4});
  Tensor k = reduce(ReduceOp::Sum, X(), s1, true);
  CHECK(shape(k) == std::vector<int64_t>{2, 1});
  CHECK(vals(reduce(ReduceOp::Max, X(), s1)) == std::vector<double>{5, 6});
  CHECK(vals(reduce(ReduceOp::ArgMax, X(), s1)) == std::vector<double>{1, 2});
  CHECK(vals(reduce(ReduceOp::Min, X(), s0)) == std::vector<double>{1, 2, 3});
  CHECK(vals(reduce(ReduceOp::ArgMin, X(), s0)) == std::vector<double>{0, 1, 0});
  CHECK(shape(reduce(ReduceOp::ArgMin, X(), s0, true)) == std::vector<int64_t>{1, 3});
  CHECK(reduce(ReduceOp::Sum, X(), both).dim() == 0);
  CHECK(shape(reduce(ReduceOp::Sum, X(), both, true)) == std::vector<int64_t>{1, 1});
  CHECK(vals(reduce(ReduceOp::Prod, X(), s0)) == std::vector<double>{4, 10, 18});
  CHECK(vals(reduce(ReduceOp::Any, binary(BinaryOp::Gt, X(), Si(4)), s1)) == std::vector<double>{1, 1});
  CHECK(vals(reduce(ReduceOp::All, binary(BinaryOp::Gt, X(), Si(1)), s0)) == std::vector<double>{0, 1, 1});
  auto [v, i] = max_with_indices(X(), 0);
  CHECK(vals(v) == std::vector<double>{4, 5, 6});
  CHECK(vals(i) == std::vector<double>{1, 0, 1});
  auto [mv, mi] = min_with_indices(X(), 1, true);
  CHECK(shape(mv) == std::vector<int64_t>{2, 1});
  CHECK(vals(mi) == std::vector<double>{0, 1});
}

TEST_CASE("reduction dtypes", "[reduce]") {
  CHECK(reduce(ReduceOp::Sum, I({1, 2}, {}, DType::I32)).dtype() == DType::I64);
  CHECK(reduce(ReduceOp::Sum, B({1, 1, 0})).dtype() == DType::I64);
  CHECK(reduce(ReduceOp::Sum, B({1, 1, 0})).item().to_int() == 2);
  CHECK(reduce(ReduceOp::Sum, F({1}, {}, DType::F64)).dtype() == DType::F64);
  CHECK(reduce(ReduceOp::Max, I({1, 9}, {}, DType::I32)).dtype() == DType::I32);
  CHECK(reduce(ReduceOp::Any, I({0, 3})).dtype() == DType::Bool);
  CHECK_TENSOR_ERROR(reduce(ReduceOp::Mean, I({1, 2})), "mean(): input dtype must be floating point, got int64");
  CHECK_TENSOR_ERROR(reduce(ReduceOp::Max, F({})), "empty");
  CHECK_TENSOR_ERROR(reduce(ReduceOp::ArgMax, F({})), "empty");
  auto bad = d({2});
  CHECK_TENSOR_ERROR(reduce(ReduceOp::Sum, X(), bad), "dimension 2 is out of range for a tensor of 2 dimensions");
  auto twice = d({0, 0});
  CHECK_TENSOR_ERROR(reduce(ReduceOp::Sum, X(), twice), "appears twice");
}

TEST_CASE("NaN propagates through max/min and argmax", "[reduce]") {
  Tensor x = F({1, NAN, 3});
  CHECK(std::isnan(reduce(ReduceOp::Max, x).item().to_double()));
  CHECK(std::isnan(reduce(ReduceOp::Min, x).item().to_double()));
  CHECK(reduce(ReduceOp::ArgMax, x).item().to_int() == 1);
  // long rows take the lane kernel: inf is a value, NaN wins wherever it is
  Tensor y = to_dtype(arange(Si(100)), DType::F32);
  index_put(y, std::vector<IndexItem>{int64_t(50)}, S(INFINITY));
  CHECK(reduce(ReduceOp::Max, y).item().to_double() == INFINITY);
  CHECK(reduce(ReduceOp::Min, y).item().to_double() == 0);
  index_put(y, std::vector<IndexItem>{int64_t(3)}, S(-INFINITY));
  CHECK(reduce(ReduceOp::Min, y).item().to_double() == -INFINITY);
  index_put(y, std::vector<IndexItem>{int64_t(70)}, S(NAN));
  CHECK(std::isnan(reduce(ReduceOp::Max, y).item().to_double()));
  CHECK(std::isnan(reduce(ReduceOp::Min, y).item().to_double()));
  CHECK(reduce(ReduceOp::ArgMax, y).item().to_int() == 70);
  Tensor z = to_dtype(arange(Si(100)), DType::F64);
  index_put(z, std::vector<IndexItem>{int64_t(99)}, S(NAN));  // in the scalar tail
  CHECK(std::isnan(reduce(ReduceOp::Max, z).item().to_double()));
}

TEST_CASE("strided and large reductions", "[reduce][parallel]") {
  Tensor t = transpose(X(), 0, 1);  // [[1,4],[5,2],[3,6]]
  auto s1 = d({1}), s0 = d({0});
  CHECK(vals(reduce(ReduceOp::Sum, t, s1)) == std::vector<double>{5, 7, 9});
  CHECK(vals(reduce(ReduceOp::Max, t, s0)) == std::vector<double>{5, 6});
  CHECK(vals(reduce(ReduceOp::ArgMax, t, s0)) == std::vector<double>{1, 2});
  Tensor step = index(arange(Si(10)), std::vector<IndexItem>{Slice{std::nullopt, std::nullopt, 3}});  // 0 3 6 9
  CHECK(reduce(ReduceOp::Sum, step).item().to_int() == 18);
  const int64_t n = 1 << 21;
  Tensor ones_ = ones(Dims{n});
  CHECK(reduce(ReduceOp::Sum, ones_).item().to_double() == double(n));
  Tensor r = arange(Si(n));
  CHECK(reduce(ReduceOp::Sum, r).item().to_int() == n * (n - 1) / 2);
  CHECK(reduce(ReduceOp::Max, to_dtype(r, DType::F32)).item().to_double() == double(n - 1));
  Tensor m = reshape(to_dtype(r, DType::F64), Dims{2048, 1024});
  Tensor rows = reduce(ReduceOp::Sum, m, s1);
  CHECK(rows.at(2047).to_double() == 1024.0 * 2047 * 1024 + 1024.0 * 1023 / 2);
  Tensor cols = reduce(ReduceOp::Sum, m, s0);
  CHECK(cols.at(0).to_double() == 1024.0 * (2047.0 * 2048 / 2));
}
