// Defines the graph verifier: checks the structural and typing invariants of
// graph.h / ops.def that every pass and lowering rely on.
//
// VerifyGraph returns one message per violation ("%4 add: ..."), empty when the
// graph is well formed. It never throws and never crashes on a bad graph.
#pragma once

#include <string>
#include <vector>

#include "graph/graph.h"

namespace tcc::graph {

std::vector<std::string> VerifyGraph(const Graph& g);

}  // namespace tcc::graph
