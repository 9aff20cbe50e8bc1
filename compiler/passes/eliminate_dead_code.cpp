// Implements EliminateDeadCode: mark from the outputs backwards, then compact.
// Inputs and side-effecting ops (random draws advance the generator even when
// unused, as in eager code) always stay.
#include "passes/eliminate_dead_code.h"

namespace tcc::passes {

using namespace graph;

bool EliminateDeadCode(Graph& g) {
  size_t n = g.nodes.size();
  std::vector<bool> live(n, false);
  for (ValueId o : g.outputs) live[o] = true;
  for (size_t i = n; i-- > 0;) {
    const Node& node = g.nodes[i];
    if (node.op == OpKind::Input || node.op == OpKind::ScalarInput || HasSideEffect(node.op)) live[i] = true;
    if (!live[i]) continue;
    for (ValueId in : node.inputs) live[in] = true;
  }
  std::vector<ValueId> remap(n, -1);
  std::vector<Node> kept;
  for (size_t i = 0; i < n; ++i) {
    if (!live[i]) continue;
    remap[i] = static_cast<ValueId>(kept.size());
    Node node = std::move(g.nodes[i]);
    for (ValueId& in : node.inputs) in = remap[in];
    kept.push_back(std::move(node));
  }
  bool changed = kept.size() != n;
  g.nodes = std::move(kept);
  for (ValueId& o : g.outputs) o = remap[o];
  return changed;
}

}  // namespace tcc::passes
