// Implements SplitsFullReduction and MergeSiblingReductions (plan_fusion.h):
// full reductions of the same rows share one nest, so a graph that needs
// x.sum() and x.max() (or mean and max of one expression) reads x once.
#include <algorithm>
#include <set>

#include "graph/shape.h"
#include "passes/plan_fusion.h"

namespace tcc::passes {

using graph::Graph;
using graph::OpKind;
using graph::ValueId;

namespace {

const graph::Shape& InShape(const Graph& g, const FusedGroup& grp) {
  return g.TypeOf(g.nodes[grp.root].inputs[0]).shape;
}

void Union(std::vector<ValueId>& into, const std::vector<ValueId>& from) {
  into.insert(into.end(), from.begin(), from.end());
  std::sort(into.begin(), into.end());
  into.erase(std::unique(into.begin(), into.end()), into.end());
}

}  // namespace

bool SplitsFullReduction(const Graph& g, const FusedGroup& grp) {
  if (grp.kind != GroupKind::Reduction || !grp.hoisted.empty()) return false;
  const graph::Node& n = g.nodes[grp.root];
  if (n.op != OpKind::Sum && n.op != OpKind::Max && n.op != OpKind::Min && n.op != OpKind::Mean) return false;
  const graph::Shape& ins = InShape(g, grp);
  auto out_numel = graph::StaticNumel(n.type.shape);
  auto axes = graph::NormalizeAxes(n.attrs.axes, ins.size()).value_or(std::vector<int64_t>{});
  return out_numel && *out_numel == 1 && !ins.empty() && axes.size() == ins.size() &&
         !(ins[0].is_static() && ins[0].size < 4096) && g.TypeOf(n.inputs[0]).dtype != graph::DType::Bool;
}

void MergeSiblingReductions(const Graph& g, FusionPlan& plan) {
  std::vector<FusedGroup>& gs = plan.groups;
  std::set<ValueId> before;  // values computed by the groups before gs[a]
  for (size_t a = 0; a < gs.size(); ++a) {
    if (SplitsFullReduction(g, gs[a])) {
      for (size_t b = a + 1; b < gs.size() && gs[a].siblings.size() < kMaxSiblings;) {
        bool ready = std::all_of(gs[b].reads.begin(), gs[b].reads.end(), [&](ValueId v) {
          return g.nodes[v].op == OpKind::Input || before.count(v);
        });
        if (!ready || !SplitsFullReduction(g, gs[b]) || InShape(g, gs[a]) != InShape(g, gs[b])) {
          ++b;
          continue;
        }
        gs[a].siblings.push_back(gs[b].root);
        Union(gs[a].nodes, gs[b].nodes);
        Union(gs[a].reads, gs[b].reads);
        gs.erase(gs.begin() + static_cast<std::ptrdiff_t>(b));
      }
    }
    before.insert(gs[a].root);
    before.insert(gs[a].siblings.begin(), gs[a].siblings.end());
    if (gs[a].in_place_of >= 0) before.insert(gs[a].in_place_of);
  }
}

}  // namespace tcc::passes
