// fusion_choices.cpp: Planner's choices for a planned elementwise nest
// (fusion_planner.h): the value kept in the output row (row cache) and the
// matmul result the nest may overwrite in place.
#include <algorithm>

#include "passes/fusion_planner.h"

namespace tcc::passes::fusion {

ValueId Planner::ChooseRowCache(ValueId r) {
  const Node& root = g_.nodes[r];
  if (grp_->hoisted.empty() || rank_ == 0) return -1;
  ValueId best = -1;
  double best_cost = kRowCacheMinCost - 1;
  for (const auto& [v, ds] : visits_) {
    const Node& n = g_.nodes[v];
    if (n.type.shape != root.type.shape || n.type.dtype != root.type.dtype) continue;
    bool own = false, row = false, other = false;
    for (const Deps& d : ds) {
      bool outer_same = true;
      for (int i = 0; i + 1 < rank_; ++i) {
        bool unit = n.type.shape[i].is_static() && n.type.shape[i].size == 1;  // read at index 0
        outer_same = outer_same && (d[i] == VarDep(i) || (unit && d[i].kind == DimDep::Zero));
      }
      const DimDep& last = d[rank_ - 1];
      if (outer_same && last == VarDep(rank_ - 1)) own = true;
      else if (outer_same && last.kind == DimDep::Var && last.var >= kFirstReductionVar && last.var < 63 &&
               var_extent_[last.var] == n.type.shape[rank_ - 1])
        row = true;  // the reduction's loop covers the whole row (not a slice of it)
      else other = true;
    }
    if (!own || !row || other) continue;
    // Work saved: every read after the first becomes a load.
    double c = ElementCost(v) * static_cast<double>(ds.size() - 1);
    if (c > best_cost) best = v, best_cost = c;
  }
  return best;
}

// Ops whose group writes every element of a fresh contiguous buffer and
// reads none of it (a GEMM, a runtime window kernel): an elementwise nest
// can take that buffer over as its own output (ChooseInPlace).
bool WritesWholeBuffer(OpKind op) {
  return op == OpKind::MatMul || op == OpKind::Conv || op == OpKind::MaxPool || op == OpKind::AvgPool ||
         op == OpKind::AdaptiveAvgPool || op == OpKind::Pad;
}

ValueId Planner::ChooseInPlace(ValueId r) const {
  if (!grp_->hoisted.empty() || grp_->row_cached >= 0) return -1;
  const TensorType& rt = g_.nodes[r].type;
  for (ValueId m : grp_->reads) {
    const Node& mn = g_.nodes[m];
    if (!WritesWholeBuffer(mn.op) || mn.type.shape != rt.shape || mn.type.dtype != rt.dtype) continue;
    if (odd_reads_.count(m) || std::find(g_.outputs.begin(), g_.outputs.end(), m) != g_.outputs.end()) continue;
    auto reads = leaf_reads_.find(m);
    bool ok = reads != leaf_reads_.end();
    // every read at the nest's own index (a dim of size 1 is read at index 0:
    // a batch of one)
    auto own_index = [&](const Deps& d, int i) {
      return d[i] == VarDep(i) || (d[i].kind == DimDep::Zero && static_cast<size_t>(i) < rt.shape.size() &&
                                   rt.shape[i] == Dim::Static(1));
    };
    for (const Deps& d : ok ? reads->second : std::vector<Deps>{})
      for (int i = 0; i < rank_ && ok; ++i) ok = static_cast<int>(d.size()) == rank_ && own_index(d, i);
    // Only this nest may read m, and only through values it alone needs: a
    // value between m and the root that another nest also reads (`pre = b +
    // x @ w` feeding both `relu(pre) * mask` here and `pre > 0` later) is
    // computed there again from m, which this nest has overwritten by then.
    std::vector<ValueId> frontier = {m};
    std::set<ValueId> after_m;
    while (!frontier.empty() && ok) {
      ValueId v = frontier.back();
      frontier.pop_back();
      for (size_t u = 0; u < g_.nodes.size() && ok; ++u) {
        const auto& ins = g_.nodes[u].inputs;
        if (std::find(ins.begin(), ins.end(), v) == ins.end()) continue;
        ValueId uid = static_cast<ValueId>(u);
        ok = uid == r || seen_.count(uid);
        if (ok && uid != r && after_m.insert(uid).second) frontier.push_back(uid);
      }
    }
    if (ok) return m;
  }
  return -1;
}

double Planner::ElementCost(ValueId v) const {
  const Node& n = g_.nodes[v];
  if (IsLeaf(v) || CategoryOf(n.op) == OpCategory::Reduce) return 0;
  double c = ElementCostOf(n.op);  // ops.def's Cost column
  for (ValueId in : n.inputs) c += ElementCost(in);
  return c;
}

}  // namespace tcc::passes::fusion
