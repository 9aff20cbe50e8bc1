// Tests the abstract shape and dtype rules (compiler/trace/shape_rules.h).
#include <catch2/catch.hpp>

#include "trace/shape_rules.h"

using namespace tcc::trace;
using tcc::graph::Dim;
using tcc::graph::DType;

namespace {
Shape S(std::initializer_list<int64_t> dims) {
  Shape s;
  for (int64_t d : dims) s.push_back(Dim::Static(d));
  return s;
}
template <typename T>
const T& Ok(const RuleResult<T>& r) {
  if (auto* e = std::get_if<std::string>(&r)) FAIL("unexpected error: " << *e);
  return std::get<T>(r);
}
template <typename T>
std::string Err(const RuleResult<T>& r) {
  REQUIRE(std::holds_alternative<std::string>(r));
  return std::get<std::string>(r);
}
}  // namespace

TEST_CASE("broadcasting of static shapes follows NumPy", "[shape]") {
  SymTable syms;
  CHECK(Ok(Broadcast(syms, S({4, 3}), S({3}))) == S({4, 3}));
  CHECK(Ok(Broadcast(syms, S({4, 1}), S({1, 5}))) == S({4, 5}));
  CHECK(Ok(Broadcast(syms, S({}), S({2, 2}))) == S({2, 2}));
  CHECK(Ok(Broadcast(syms, S({2, 1, 3}), S({4, 1}))) == S({2, 4, 3}));
  CHECK(Err(Broadcast(syms, S({4, 3}), S({4}))).find("cannot be broadcast") != std::string::npos);
}

TEST_CASE("broadcasting a symbolic dim unifies it", "[shape]") {
  SymTable syms;
  Dim s0 = syms.Fresh(), s1 = syms.Fresh();
  CHECK(Ok(Broadcast(syms, Shape{s0, Dim::Static(3)}, S({1, 3}))) == Shape{s0, Dim::Static(3)});
  // s0 against a static 5: assumed equal (guarded), and resolved from now on.
  CHECK(Ok(Broadcast(syms, Shape{s0}, S({5}))) == S({5}));
  CHECK(syms.Resolve(s0) == Dim::Static(5));
  // two symbols become one
  Dim s2 = syms.Fresh();
  Ok(Broadcast(syms, Shape{s1}, Shape{s2}));
  CHECK(syms.KnownEqual(s1, s2));
  CHECK_FALSE(syms.Unify(Dim::Static(2), Dim::Static(3)));
}

TEST_CASE("matmul shapes", "[shape]") {
  SymTable syms;
  CHECK(Ok(MatMul(syms, S({2, 3}), S({3, 4}))) == S({2, 4}));
  CHECK(Ok(MatMul(syms, S({3}), S({3}))) == S({}));
  CHECK(Ok(MatMul(syms, S({3}), S({3, 4}))) == S({4}));
  CHECK(Ok(MatMul(syms, S({2, 3}), S({3}))) == S({2}));
  CHECK(Ok(MatMul(syms, S({5, 2, 3}), S({3, 4}))) == S({5, 2, 4}));
  CHECK(Ok(MatMul(syms, S({5, 1, 2, 3}), S({6, 3, 4}))) == S({5, 6, 2, 4}));
  CHECK(Err(MatMul(syms, S({2, 3}), S({4, 5}))).find("inner dimensions 3 and 4") != std::string::npos);
  Dim k = syms.Fresh();
  CHECK(Ok(MatMul(syms, Shape{Dim::Static(2), k}, S({7, 4}))) == S({2, 4}));
  CHECK(syms.Resolve(k) == Dim::Static(7));
}

TEST_CASE("reductions: dims, negative dims, keepdim", "[shape]") {
  auto dims = Ok(NormalizeDims({-1}, 3));
  CHECK(dims == std::vector<int64_t>{2});
  CHECK(Reduce(S({2, 3, 4}), dims, false) == S({2, 3}));
  CHECK(Reduce(S({2, 3, 4}), dims, true) == S({2, 3, 1}));
  CHECK(Reduce(S({2, 3, 4}), Ok(NormalizeDims({}, 3)), false) == S({}));
  CHECK(Reduce(S({2, 3, 4}), Ok(NormalizeDims({0, -1}, 3)), true) == S({1, 3, 1}));
  CHECK(Err(NormalizeDims({3}, 3)).find("out of range") != std::string::npos);
}

TEST_CASE("dtype promotion", "[dtype]") {
  CHECK(Promote(DType::I64, DType::F32) == DType::F32);
  CHECK(Promote(DType::Bool, DType::I32) == DType::I32);
  CHECK(Promote(DType::F32, DType::F64) == DType::F64);
  // with 0-d tensors and Python numbers: tests/unit/semantics/dtype_test.cpp
}

TEST_CASE("views: reshape, transpose, permute, flatten, squeeze, unsqueeze, expand", "[shape]") {
  SymTable syms;
  CHECK(Ok(Reshape(syms, S({2, 6}), S({3, 1}), {false, true})) == S({3, 4}));
  CHECK(Ok(Reshape(syms, S({2, 6}), S({12}), {false})) == S({12}));
  CHECK(Err(Reshape(syms, S({2, 6}), S({5}), {false})).find("12 elements") != std::string::npos);
  Dim n = syms.Fresh();
  // [n, 4] -> [-1, 2]: the inferred dim is symbolic; [n, 4] -> [n, 2, 2] keeps n
  CHECK(Ok(Reshape(syms, Shape{n, Dim::Static(4)}, Shape{n, Dim::Static(2), Dim::Static(2)}, {false, false, false}))
            .front() == n);
  CHECK(Ok(Reshape(syms, Shape{n, Dim::Static(4)}, Shape{Dim::Static(4), Dim::Static(1)}, {false, true}))[1] == n);
  CHECK(Ok(Transpose(S({2, 3, 4}), 0, -1)) == S({4, 3, 2}));
  CHECK(Ok(Permute(S({2, 3, 4}), {1, 2, 0})) == S({3, 4, 2}));
  CHECK(Err(Permute(S({2, 3, 4}), {0, 0, 1})).find("repeats") != std::string::npos);
  CHECK(Ok(Flatten(syms, S({2, 3, 4}), 1, -1)) == S({2, 12}));
  std::vector<int64_t> removed;
  CHECK(Ok(Squeeze(syms, S({1, 3, 1}), std::nullopt, &removed)) == S({3}));
  CHECK(removed == std::vector<int64_t>{0, 2});
  CHECK(Ok(Unsqueeze(S({3}), -1)) == S({3, 1}));
  CHECK(Ok(Unsqueeze(S({3}), 0)) == S({1, 3}));
  CHECK(Ok(Expand(syms, S({3, 1}), S({2, 3, 4}), {false, false, false})) == S({2, 3, 4}));
  CHECK(Ok(Expand(syms, S({3, 1}), S({1, 5}), {true, false})) == S({3, 5}));
  CHECK(Err(Expand(syms, S({3, 2}), S({3, 4}), {false, false})).find("cannot expand") != std::string::npos);
}

TEST_CASE("joins and indexing", "[shape]") {
  SymTable syms;
  int64_t axis = -1;
  CHECK(Ok(Cat(syms, {S({2, 3}), S({4, 3})}, 0, &axis)) == S({6, 3}));
  CHECK(axis == 0);
  CHECK(Err(Cat(syms, {S({2, 3}), S({4, 2})}, 0, &axis)).find("differ in dimension 1") != std::string::npos);
  CHECK(Ok(Stack(syms, {S({2, 3}), S({2, 3})}, -1, &axis)) == S({2, 3, 2}));
  CHECK(axis == 2);
  std::vector<int64_t> norm;
  CHECK(Ok(SliceDim(syms, S({10, 4}), 0, 2, -1, 3, &norm)) == S({3, 4}));
  CHECK(norm == std::vector<int64_t>{2, 9, 3});
  CHECK(Ok(SliceDim(syms, S({10}), 0, -3, std::nullopt, 1, &norm)) == S({3}));
  int64_t idx = 0;
  CHECK(Ok(SelectDim(S({5, 4}), 1, -1, &idx)) == S({5}));
  CHECK(idx == 3);
  CHECK(Err(SelectDim(S({5, 4}), 0, 5, &idx)).find("out of range") != std::string::npos);
}
