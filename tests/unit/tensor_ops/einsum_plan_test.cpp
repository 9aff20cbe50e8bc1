// The einsum planner (lang/semantics/einsum.h): the common model forms become one
// matmul, diagonals and sums where torch reduces, and torch's implicit output.
#include <catch2/catch.hpp>

#include "semantics/einsum.h"

using tcc::sem::EinOpKind;
using tcc::sem::EinsumPlan;
using tcc::sem::PlanEinsum;

namespace {
int Count(const EinsumPlan& p, EinOpKind k) {
  int n = 0;
  for (const auto& op : p.ops) n += op.kind == k;
  return n;
}
}  // namespace

TEST_CASE("batched matmul forms are one matmul") {
  EinsumPlan p = PlanEinsum("bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}});
  REQUIRE(p.error.empty());
  CHECK(p.ops.size() == 1);
  CHECK(p.ops[0].kind == EinOpKind::MatMul);
  CHECK(p.shape == std::vector<int64_t>{2, 3, 5});
  EinsumPlan att = PlanEinsum("bhqd,bhkd->bhqk", {{1, 2, 4, 6}, {1, 2, 3, 6}});
  CHECK(att.error.empty());
  CHECK(Count(att, EinOpKind::MatMul) == 1);
  CHECK(Count(att, EinOpKind::Permute) == 1);  // k^T
  CHECK(Count(att, EinOpKind::Reshape) == 0);
  CHECK(att.shape == std::vector<int64_t>{1, 2, 4, 3});
  EinsumPlan ell = PlanEinsum("...ij,...jk->...ik", {{2, 3, 4}, {2, 4, 5}});
  CHECK(ell.ops.size() == 1);
  CHECK(ell.shape == std::vector<int64_t>{2, 3, 5});
}

TEST_CASE("vector forms are matmuls with unit dims") {
  EinsumPlan mv = PlanEinsum("ij,j->i", {{3, 4}, {4}});
  CHECK(Count(mv, EinOpKind::MatMul) == 1);
  CHECK(mv.shape == std::vector<int64_t>{3});
  EinsumPlan outer = PlanEinsum("i,j->ij", {{4}, {3}});
  CHECK(Count(outer, EinOpKind::MatMul) == 1);
  CHECK(outer.shape == std::vector<int64_t>{4, 3});
  EinsumPlan dot = PlanEinsum("bi,bi->b", {{3, 4}, {3, 4}});
  CHECK(Count(dot, EinOpKind::MatMul) == 1);
  CHECK(dot.shape == std::vector<int64_t>{3});
}

TEST_CASE("repeated labels are diagonals, unused ones are summed") {
  EinsumPlan d = PlanEinsum("ii->i", {{3, 3}});
  CHECK(d.ops.size() == 1);
  CHECK(d.ops[0].kind == EinOpKind::Diagonal);
  EinsumPlan tr = PlanEinsum("ii", {{3, 3}});
  CHECK(Count(tr, EinOpKind::Diagonal) == 1);
  CHECK(Count(tr, EinOpKind::Sum) == 1);
  CHECK(tr.shape.empty());
  EinsumPlan all = PlanEinsum("ij->", {{3, 4}});
  CHECK(all.ops.size() == 1);
  CHECK(all.ops[0].ints == std::vector<int64_t>{0, 1});
}

TEST_CASE("implicit output: labels used once, alphabetical, a permutation") {
  EinsumPlan t = PlanEinsum("ba", {{2, 3}});
  REQUIRE(t.ops.size() == 1);
  CHECK(t.ops[0].kind == EinOpKind::Permute);
  CHECK(t.shape == std::vector<int64_t>{3, 2});
  EinsumPlan mm = PlanEinsum("ij,jk", {{2, 3}, {3, 4}});
  CHECK(mm.ops.size() == 1);
  CHECK(mm.shape == std::vector<int64_t>{2, 4});
  EinsumPlan spaced = PlanEinsum(" b i j , b j k -> b k i ", {{2, 3, 4}, {2, 4, 5}});
  CHECK(spaced.error.empty());
  CHECK(spaced.shape == std::vector<int64_t>{2, 5, 3});
}

TEST_CASE("equations that do not fit the operands are errors") {
  CHECK(!PlanEinsum("ij,jk->ik", {{2, 3}, {4, 5}}).error.empty());
  CHECK(!PlanEinsum("ij->i", {{2, 3, 4}}).error.empty());
  CHECK(!PlanEinsum("ij,jk->ik", {{2, 3}}).error.empty());
  CHECK(!PlanEinsum("ij->ii", {{2, 2}}).error.empty());
  CHECK(!PlanEinsum("ij->k", {{2, 2}}).error.empty());
  CHECK(!PlanEinsum("i1->i", {{2, 2}}).error.empty());
}
