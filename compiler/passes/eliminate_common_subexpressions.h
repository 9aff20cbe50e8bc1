// Defines the pass that merges nodes computing the same value: same op, same
// operands, same attributes and same result type (inputs are never merged).
// Leaves the duplicates dead; run EliminateDeadCode after it.
#pragma once

#include "graph/graph.h"

namespace tcc::passes {

bool EliminateCommonSubexpressions(graph::Graph& g);  // true if a use was redirected

}  // namespace tcc::passes
