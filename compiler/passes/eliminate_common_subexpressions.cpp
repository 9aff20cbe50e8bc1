// Implements EliminateCommonSubexpressions with a map from a node's full
// description (op, operands, attributes, type) to its first occurrence.
#include "passes/eliminate_common_subexpressions.h"

#include <cstring>
#include <map>
#include <tuple>

#include "passes/rewrite.h"

namespace tcc::passes {

using namespace graph;

namespace {

// A key that is equal exactly when two nodes compute the same value.
// Doubles are compared by bit pattern so that -0.0 and 0.0 (and NaNs) stay apart.
using Key = std::tuple<int, std::vector<ValueId>, std::vector<int64_t>, int64_t, bool, std::vector<int64_t>,
                       std::vector<uint64_t>, int, std::vector<std::pair<int64_t, int32_t>>>;

uint64_t Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

Key KeyOf(const Node& n) {
  std::vector<uint64_t> f{Bits(n.attrs.fvalue)};
  for (double d : n.attrs.fvalues) f.push_back(Bits(d));
  std::vector<std::pair<int64_t, int32_t>> shape;
  for (const Dim& d : n.type.shape) shape.emplace_back(d.size, d.sym);
  return {static_cast<int>(n.op), n.inputs, n.attrs.axes, n.attrs.axis, n.attrs.keepdim, n.attrs.ints, f,
          static_cast<int>(n.type.dtype), shape};
}

}  // namespace

bool EliminateCommonSubexpressions(Graph& g) {
  std::map<Key, ValueId> seen;
  bool changed = false;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& n = g.nodes[i];
    if (n.op == OpKind::Input || n.op == OpKind::ScalarInput || HasSideEffect(n.op)) continue;
    auto [it, inserted] = seen.emplace(KeyOf(n), static_cast<ValueId>(i));
    if (!inserted) changed |= ReplaceAllUses(g, static_cast<ValueId>(i), it->second);
  }
  return changed;
}

}  // namespace tcc::passes
