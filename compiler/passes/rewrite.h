// Defines small helpers the passes share to rewrite a graph in place.
#pragma once

#include "graph/graph.h"

namespace tcc::passes {

// Makes every use of `from` (node operands after it, graph outputs) use `to`.
// Returns true if anything changed. `to` must be defined before every use.
bool ReplaceAllUses(graph::Graph& g, graph::ValueId from, graph::ValueId to);

// The number of uses of each value (operands plus graph outputs).
std::vector<int> UseCounts(const graph::Graph& g);

}  // namespace tcc::passes
