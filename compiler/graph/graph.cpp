// Implements the small Graph helpers of graph.h.
#include "graph/graph.h"

namespace tcc::graph {

int Graph::NumTensorInputs() const {
  int n = 0;
  for (const Node& node : nodes) n += node.op == OpKind::Input;
  return n;
}

int Graph::NumScalarInputs() const {
  int n = 0;
  for (const Node& node : nodes) n += node.op == OpKind::ScalarInput;
  return n;
}

}  // namespace tcc::graph
