// Tests layout ops: which are views (shared storage, writes visible), reshape
// copying only when needed, -1 inference, squeeze/unsqueeze, expand, cat, stack.
#include "test_util.h"

using namespace tt;

namespace {
Tensor A() { return reshape(arange(Si(6)), Dims{2, 3}); }  // [[0,1,2],[3,4,5]]
}

TEST_CASE("transpose, .T and permute are views", "[shape][view]") {
  Tensor a = A();
  Tensor t = transpose(a, 0, 1);
  CHECK(t.shares_storage(a));
  CHECK(shape(t) == std::vector<int64_t>{3, 2});
  CHECK(vals(t) == std::vector<double>{0, 3, 1, 4, 2, 5});
  CHECK(!t.is_contiguous());
  CHECK(vals(t_T(a)) == vals(t));
  Tensor p = permute(reshape(arange(Si(24)), Dims{2, 3, 4}), Dims{2, 0, 1});
  CHECK(shape(p) == std::vector<int64_t>{4, 2, 3});
  CHECK(p.at(1).to_int() == 4);  // p[0,0,1] = x[0,1,0] = 4
  fill(index(t, std::vector<IndexItem>{int64_t(0)}), Si(9));  // writes a[:, 0]
  CHECK(vals(a) == std::vector<double>{9, 1, 2, 9, 4, 5});
  CHECK_TENSOR_ERROR(permute(a, Dims{0, 0}), "repeats");
  CHECK_TENSOR_ERROR(transpose(a, 0, 2), "dimension 2 is out of range");
}

TEST_CASE("reshape and view", "[shape][view]") {
  Tensor a = A();
  Tensor r = reshape(a, Dims{3, -1});
  CHECK(shape(r) == std::vector<int64_t>{3, 2});
  CHECK(r.shares_storage(a));
  CHECK(view(a, Dims{6}).shares_storage(a));
  Tensor t = transpose(a, 0, 1);
  Tensor rc = reshape(t, Dims{6});  // needs a copy
  CHECK(!rc.shares_storage(a));
  CHECK(vals(rc) == std::vector<double>{0, 3, 1, 4, 2, 5});
  CHECK_TENSOR_ERROR(view(t, Dims{6}), "use reshape");
  CHECK(view(t, Dims{3, 1, 2}).shares_storage(a));  // splitting a dim keeps strides
  CHECK_TENSOR_ERROR(reshape(a, Dims{4, 2}), "shape [4, 2] is invalid for input of size 6");
  CHECK_TENSOR_ERROR(reshape(a, Dims{-1, -1}), "only one dimension can be inferred");
  CHECK(reshape(Tensor::scalar(Si(3)), Dims{1}).numel() == 1);
  CHECK(reshape(F({5}), Dims{}).dim() == 0);
  CHECK(shape(flatten(reshape(arange(Si(24)), Dims{2, 3, 4}), 1)) == std::vector<int64_t>{2, 12});
  CHECK(shape(flatten(reshape(arange(Si(24)), Dims{2, 3, 4}))) == std::vector<int64_t>{24});
  CHECK(shape(flatten(Tensor::scalar(Si(3)))) == std::vector<int64_t>{1});
}

TEST_CASE("squeeze, unsqueeze, expand", "[shape][view]") {
  Tensor a = reshape(arange(Si(3)), Dims{1, 3, 1});
  CHECK(shape(squeeze(a)) == std::vector<int64_t>{3});
  CHECK(shape(squeeze(a, 0)) == std::vector<int64_t>{3, 1});
  CHECK(shape(squeeze(a, 1)) == std::vector<int64_t>{1, 3, 1});
  CHECK(shape(unsqueeze(F({1, 2}), 0)) == std::vector<int64_t>{1, 2});
  CHECK(shape(unsqueeze(F({1, 2}), -1)) == std::vector<int64_t>{2, 1});
  CHECK_TENSOR_ERROR(unsqueeze(F({1, 2}), 3), "out of range");
  Tensor e = expand(F({1, 2, 3}, Dims{3, 1}), Dims{-1, 4});
  CHECK(shape(e) == std::vector<int64_t>{3, 4});
  CHECK(e.shares_storage(e));
  CHECK(vals(e) == std::vector<double>{1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3});
  CHECK(shape(expand(F({1, 2}), Dims{2, 2})) == std::vector<int64_t>{2, 2});
  CHECK_TENSOR_ERROR(expand(F({1, 2}), Dims{3}), "must match the expanded size");
  Tensor c = contiguous(e);
  CHECK(c.is_contiguous());
  CHECK(vals(c) == vals(e));
}

TEST_CASE("cat and stack", "[shape]") {
  Tensor a = A();
  Tensor c0 = cat(std::vector<Tensor>{a, a}, 0);
  CHECK(shape(c0) == std::vector<int64_t>{4, 3});
  Tensor c1 = cat(std::vector<Tensor>{a, I({7, 8}, Dims{2, 1})}, 1);
  CHECK(vals(c1) == std::vector<double>{0, 1, 2, 7, 3, 4, 5, 8});
  Tensor cf = cat(std::vector<Tensor>{F({0.5}), I({1})});
  CHECK(cf.dtype() == DType::F32);
  Tensor s = stack(std::vector<Tensor>{F({1, 2}), F({3, 4})}, 1);
  CHECK(shape(s) == std::vector<int64_t>{2, 2});
  CHECK(vals(s) == std::vector<double>{1, 3, 2, 4});
  CHECK_TENSOR_ERROR(cat(std::vector<Tensor>{a, F({1})}), "same number of dimensions");
  CHECK_TENSOR_ERROR(cat(std::vector<Tensor>{a, zeros(Dims{2, 2})}, 0), "must match except in dimension 0");
  CHECK_TENSOR_ERROR(stack(std::vector<Tensor>{F({1}), F({1, 2})}), "equal size, but got [1] at entry 0 and [2] at entry 1");
  CHECK_TENSOR_ERROR(cat(std::vector<Tensor>{}), "non-empty");
}

TEST_CASE("to_dtype and tolist", "[shape]") {
  Tensor f = to_dtype(F({1.7, -1.7, 0}), DType::I64);
  CHECK(vals(f) == std::vector<double>{1, -1, 0});
  CHECK(vals(to_dtype(F({2, 0}), DType::Bool)) == std::vector<double>{1, 0});
  Nested l = tolist(A());
  REQUIRE(l.is_list);
  REQUIRE(l.items.size() == 2);
  CHECK(l.items[1].items[2].scalar.is_int());
  CHECK(l.items[1].items[2].scalar.i == 5);
  Nested s = tolist(Tensor::scalar(S(2.5)));
  CHECK(!s.is_list);
  CHECK(s.scalar.f == 2.5);
  CHECK(tolist(B({1})).items[0].scalar.is_bool());
  CHECK_TENSOR_ERROR(F({1, 2}).item(), "item(): a tensor with 2 elements cannot be converted");
}
