// Tests subscripts. x = arange(12).reshape(3, 4):
//   [[0,1,2,3],[4,5,6,7],[8,9,10,11]]; values below are read off by hand
//   (and match NumPy's indexing, whose rules torch follows here).
#include "test_util.h"

using namespace tt;

namespace {
Tensor Arange34() { return reshape(arange(Si(12)), Dims{3, 4}); }
using Ix = std::vector<IndexItem>;
const std::optional<int64_t> none;
}  // namespace

TEST_CASE("basic indexing gives views", "[index]") {
  Tensor x = Arange34();
  Tensor r = index(x, Ix{int64_t(1)});
  CHECK(r.shares_storage(x));
  CHECK(vals(r) == std::vector<double>{4, 5, 6, 7});
  CHECK(index(x, Ix{int64_t(-1), int64_t(-1)}).item().to_int() == 11);
  CHECK(vals(index(x, Ix{Slice{}, int64_t(1)})) == std::vector<double>{1, 5, 9});
  CHECK(vals(index(x, Ix{Slice{1, none, none}, Slice{none, none, 2}})) == std::vector<double>{4, 6, 8, 10});
  CHECK(vals(index(x, Ix{int64_t(0), Slice{-3, -1, none}})) == std::vector<double>{1, 2});
  CHECK(index(x, Ix{Slice{5, 10, none}}).numel() == 0);
  CHECK(shape(index(x, Ix{NoneIndex{}, Slice{}, NoneIndex{}})) == std::vector<int64_t>{1, 3, 1, 4});
  CHECK(shape(index(x, Ix{EllipsisIndex{}, int64_t(0)})) == std::vector<int64_t>{3});
  CHECK(vals(index(x, Ix{EllipsisIndex{}, int64_t(0)})) == std::vector<double>{0, 4, 8});
  Tensor y = reshape(arange(Si(24)), Dims{2, 3, 4});
  CHECK(shape(index(y, Ix{int64_t(1), EllipsisIndex{}})) == std::vector<int64_t>{3, 4});
  CHECK(shape(index(y, Ix{EllipsisIndex{}, NoneIndex{}})) == std::vector<int64_t>{2, 3, 4, 1});
}

TEST_CASE("index errors", "[index][error]") {
  Tensor x = Arange34();
  CHECK_TENSOR_ERROR(index(x, Ix{int64_t(3)}), "index 3 is out of range for dimension 0 of size 3");
  CHECK_TENSOR_ERROR(index(x, Ix{int64_t(0), int64_t(-5)}), "index -5 is out of range for dimension 1 of size 4");
  CHECK_TENSOR_ERROR(index(x, Ix{int64_t(0), int64_t(0), int64_t(0)}), "too many indices for tensor of dimension 2");
  CHECK_TENSOR_ERROR(index(x, Ix{EllipsisIndex{}, EllipsisIndex{}}), "single ellipsis");
  CHECK_TENSOR_ERROR(index(x, Ix{Slice{none, none, 0}}), "step must be positive");
  CHECK_TENSOR_ERROR(index(x, Ix{I({0, 5})}), "index 5 is out of range for dimension 0 of size 3");
  CHECK_TENSOR_ERROR(index(x, Ix{B({1, 0})}), "mask shape [2] does not match indexed shape [3]");
  CHECK_TENSOR_ERROR(index(x, Ix{F({0})}), "must be integer or bool");
  CHECK_TENSOR_ERROR(index(Tensor::scalar(Si(1)), Ix{int64_t(0)}), "too many indices");
}

TEST_CASE("index tensors and masks", "[index]") {
  Tensor x = Arange34();
  Tensor rows = index(x, Ix{I({2, 0, -1})});
  CHECK(shape(rows) == std::vector<int64_t>{3, 4});
  CHECK(vals(rows) == std::vector<double>{8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11});
  CHECK(!rows.shares_storage(x));
  CHECK(vals(index(x, Ix{I({0, 2}), I({1, 3})})) == std::vector<double>{1, 11});
  CHECK(vals(index(x, Ix{Slice{}, I({0, 3}, {}, DType::I32)})) == std::vector<double>{0, 3, 4, 7, 8, 11});
  // broadcast index tensors: rows [[0],[2]] x cols [1, 3] -> [[1,3],[9,11]]
  Tensor g = index(x, Ix{I({0, 2}, Dims{2, 1}), I({1, 3})});
  CHECK(shape(g) == std::vector<int64_t>{2, 2});
  CHECK(vals(g) == std::vector<double>{1, 3, 9, 11});
  Tensor mask = binary(BinaryOp::Gt, x, Si(8));
  Tensor m = index(x, Ix{mask});
  CHECK(shape(m) == std::vector<int64_t>{3});
  CHECK(vals(m) == std::vector<double>{9, 10, 11});
  CHECK(vals(index(x, Ix{B({1, 0, 1})})) == std::vector<double>{0, 1, 2, 3, 8, 9, 10, 11});
  CHECK(vals(index(x, Ix{Slice{}, B({0, 1, 0, 1})})) == std::vector<double>{1, 3, 5, 7, 9, 11});
  CHECK(index(x, Ix{binary(BinaryOp::Gt, x, Si(100))}).numel() == 0);
  // non-adjacent advanced indices go to the front: y[[0,1], :, [0,1]] on [2,3,2] -> [2,3]
  Tensor y = reshape(arange(Si(12)), Dims{2, 3, 2});
  Tensor na = index(y, Ix{I({0, 1}), Slice{}, I({0, 1})});
  CHECK(shape(na) == std::vector<int64_t>{2, 3});
  CHECK(vals(na) == std::vector<double>{0, 2, 4, 7, 9, 11});
  // adjacent advanced index after a slice stays in place: y[:, [2, 0]] -> [2,2,2]
  Tensor ad = index(y, Ix{Slice{}, I({2, 0})});
  CHECK(shape(ad) == std::vector<int64_t>{2, 2, 2});
  CHECK(vals(ad) == std::vector<double>{4, 5, 0, 1, 10, 11, 6, 7});
  // a 2-D index tensor on dim 1
  Tensor two = index(x, Ix{Slice{}, I({0, 1, 2, 3}, Dims{2, 2})});
  CHECK(shape(two) == std::vector<int64_t>{3, 2, 2});
  CHECK(vals(nonzero(B({0, 1, 1, 0}, Dims{2, 2}))) == std::vector<double>{0, 1, 1, 0});
}

TEST_CASE("index assignment", "[index][put]") {
  Tensor x = Arange34();
  index_put(x, Ix{int64_t(0)}, Si(-1));
  CHECK(vals(index(x, Ix{int64_t(0)})) == std::vector<double>{-1, -1, -1, -1});
  index_put(x, Ix{Slice{}, int64_t(1)}, I({10, 20, 30}));
  CHECK(vals(index(x, Ix{Slice{}, int64_t(1)})) == std::vector<double>{10, 20, 30});
  Tensor y = Arange34();
  index_put(y, Ix{binary(BinaryOp::Gt, y, Si(8))}, Si(0));
  CHECK(vals(y) == std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0});
  Tensor z = to_dtype(Arange34(), DType::F32);
  index_put(z, Ix{binary(BinaryOp::Lt, z, Si(2))}, F({100, 200}));
  CHECK(vals(index(z, Ix{int64_t(0)})) == std::vector<double>{100, 200, 2, 3});
  Tensor w = Arange34();
  index_put(w, Ix{I({0, 2})}, I({7, 7, 7, 7}));  // broadcast row into rows 0 and 2
  CHECK(vals(w) == std::vector<double>{7, 7, 7, 7, 4, 5, 6, 7, 7, 7, 7, 7});
  Tensor v = Arange34();
  index_put(v, Ix{I({0, 1}), I({3, 0})}, S(2.9));  // cast to int64 truncates
  CHECK(vals(v)[3] == 2);
  CHECK(vals(v)[4] == 2);
  Tensor f = zeros(Dims{3});
  index_put(f, Ix{int64_t(1)}, S(0.5));
  CHECK(vals(f) == std::vector<double>{0, 0.5, 0});
  CHECK_TENSOR_ERROR(index_put(Arange34(), Ix{int64_t(0)}, I({1, 2, 3})), "cannot be assigned");
  CHECK_TENSOR_ERROR(index_put(Arange34(), Ix{B({1, 0, 1})}, I({1, 2, 3})), "cannot be assigned");
  CHECK_TENSOR_ERROR(index_put(Arange34(), Ix{int64_t(7)}, Si(1)), "out of range");
  // assigning a view of itself (overlap) works like a copy
  Tensor o = arange(Si(4));
  index_put(o, Ix{Slice{1, none, none}}, index(o, Ix{Slice{none, 3, none}}));
  CHECK(vals(o) == std::vector<double>{0, 0, 1, 2});
}
