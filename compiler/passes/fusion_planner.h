// fusion_planner.h: internal to PlanFusion (plan_fusion.cpp): the planner
// of one loop nest, which walks from the nest's root through the
// non-materialised producers with a description of how each index depends on
// the nest's loop variables (DimDep).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "graph/graph.h"
#include "passes/plan_fusion.h"

namespace tcc::passes::fusion {

using namespace graph;

constexpr int kFirstReductionVar = 16;  // loop variables of fused reductions start here

// How one index of a value depends on the nest's loop variables.
struct DimDep {
  enum Kind { Zero, Var, Other } kind = Zero;
  int var = -1;        // for Var
  uint64_t mask = 0;   // every variable it depends on
  friend bool operator==(const DimDep&, const DimDep&) = default;
};
using Deps = std::vector<DimDep>;

inline DimDep VarDep(int v) { return {DimDep::Var, v, uint64_t{1} << v}; }

// Plans one loop nest at a time for PlanFusion (plan_fusion.cpp): the walk
// through a nest's producers is in fusion_walk.cpp, the choices of a row
// cache and an in-place output in fusion_choices.cpp.
class Planner {
 public:
  Planner(const Graph& g, std::vector<bool>& mat) : g_(g), mat_(mat) {}

  // Plans the nest of root `r`; returns false if it materialised something new.
  bool PlanGroup(ValueId r, FusedGroup& out);

 private:
  // d: the index the nest reads v at (null: read some other way, e.g. a reshape's base).
  void AddRead(ValueId v, const Deps* d = nullptr);
  bool IsLeaf(ValueId v) const;

  // Visits value v needed at index description d. False: planning must restart.
  bool Walk(ValueId v, const Deps& d);
  bool VisitReduction(ValueId v, const Deps& d);

  // Walks the input of reduction v whose output index is described by d.
  bool WalkReduceInput(ValueId v, const Deps& d);
  bool WalkOperands(ValueId v, const Deps& d);
  bool WalkView(ValueId v, const Deps& d);
  bool Materialise(ValueId v);

  // The value the nest of elementwise root r keeps in its output row, or -1:
  // the value of the root's shape and dtype whose caching saves the most
  // work (its cost times its reads after the first) among those the nest reads
  // both at its own index (the epilogue) and, over a whole row, inside a
  // hoisted reduction (index: the outer loops, then a reduction variable),
  // and at no other index.
  ValueId ChooseRowCache(ValueId r);

  // The matmul, convolution, pooling or pad result elementwise root r can
  // overwrite in place (see FusedGroup::in_place_of), or -1: same type as r,
  // not a graph output, every node that uses it computed in this nest, every
  // read at the nest's own index.
  ValueId ChooseInPlace(ValueId r) const;

  // Rough cost of computing one element of v inside the nest (a polynomial
  // transcendental counts as many simple operations; buffers and hoisted
  // reductions are loads or registers).
  double ElementCost(ValueId v) const;
  static constexpr double kRowCacheMinCost = 8;  // below this, recomputing beats a store and a load

  const Graph& g_;
  std::vector<bool>& mat_;
  FusedGroup* grp_ = nullptr;
  std::set<ValueId> seen_;
  std::map<ValueId, Deps> hoist_deps_;
  std::map<ValueId, std::vector<Deps>> visits_;  // every index each computed value is needed at
  std::map<ValueId, std::vector<Deps>> leaf_reads_;  // every index each buffer is read at
  std::set<ValueId> odd_reads_;                      // buffers read other than through an index
  std::map<int, Dim> var_extent_;                // reduction loop variable -> its trip count
  int rank_ = 0;
  bool root_is_reduction_ = false;
  int next_var_ = kFirstReductionVar;
};

}  // namespace tcc::passes::fusion
