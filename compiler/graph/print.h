// Defines the deterministic textual form of a graph (`tcc build --emit graph`,
// `--dump-after`). The same graph always prints the same text:
//
//   graph fn_g0 {
//     %0 = input #0 "x" : float32[256, s0]
//     %1 = constant 2 : float32[]
//     %2 = mul %0, %1 : float32[256, s0]
//     %3 = sum %2 axes=[1] keepdim : float32[256, 1]
//     return %2, %3
//   }
#pragma once

#include <string>

#include "graph/graph.h"

namespace tcc::graph {

std::string PrintGraph(const Graph& g);
std::string PrintNode(const Graph& g, ValueId id);  // one line without indentation
std::string FormatNumber(double v);                 // shortest round-trip form: 1, 0.5, 1e-05, inf

}  // namespace tcc::graph
