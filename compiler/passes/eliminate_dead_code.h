// Defines the pass that removes nodes whose values reach no graph output and
// renumbers the rest densely (ValueIds stay in topological order).
// Input nodes are kept even when unused: their indices are the kernel ABI.
// Can run anywhere; the pipeline runs it after the passes that leave dead nodes.
#pragma once

#include "graph/graph.h"

namespace tcc::passes {

bool EliminateDeadCode(graph::Graph& g);  // true if a node was removed

}  // namespace tcc::passes
