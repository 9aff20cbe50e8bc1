// Implements the op table of ops.def and the small Graph helpers of graph.h.
#include "graph/graph.h"

namespace tcc::graph {

namespace {

struct OpInfo {
  const char* spelling;
  OpCategory category;
};

constexpr OpInfo kOps[] = {
#define TCC_OP(Name, spelling, Category) {spelling, OpCategory::Category},
#include "graph/ops.def"
};

}  // namespace

const char* OpSpelling(OpKind op) { return kOps[static_cast<size_t>(op)].spelling; }
OpCategory CategoryOf(OpKind op) { return kOps[static_cast<size_t>(op)].category; }

const char* DTypeName(DType t) {
  switch (t) {
    case DType::F32: return "float32";
    case DType::F64: return "float64";
    case DType::I64: return "int64";
    case DType::I32: return "int32";
    case DType::Bool: return "bool";
  }
  return "?";
}

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
