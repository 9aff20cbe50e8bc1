// Implements the graph rewriting helpers of rewrite.h.
#include "passes/rewrite.h"

namespace tcc::passes {

bool ReplaceAllUses(graph::Graph& g, graph::ValueId from, graph::ValueId to) {
  bool changed = false;
  for (size_t i = static_cast<size_t>(from) + 1; i < g.nodes.size(); ++i)
    for (graph::ValueId& in : g.nodes[i].inputs)
      if (in == from) in = to, changed = true;
  for (graph::ValueId& o : g.outputs)
    if (o == from) o = to, changed = true;
  return changed;
}

std::vector<int> UseCounts(const graph::Graph& g) {
  std::vector<int> uses(g.nodes.size(), 0);
  for (const auto& n : g.nodes)
    for (graph::ValueId in : n.inputs) ++uses[in];
  for (graph::ValueId o : g.outputs) ++uses[o];
  return uses;
}

}  // namespace tcc::passes
