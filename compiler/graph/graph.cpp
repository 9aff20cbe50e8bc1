// Implements the op table of ops.def and the small Graph helpers of graph.h.
#include "graph/graph.h"

namespace tcc::graph {

namespace {

struct OpInfo {
  const char* spelling;
  OpCategory category;
  int cost;
  DTypeRule dtype;
};

constexpr OpInfo kOps[] = {
#define TCC_OP(Name, spelling, Category, Cost, DType) {spelling, OpCategory::Category, Cost, DTypeRule::DType},
#include "graph/ops.def"
};

}  // namespace

const char* OpSpelling(OpKind op) { return kOps[static_cast<size_t>(op)].spelling; }
OpCategory CategoryOf(OpKind op) { return kOps[static_cast<size_t>(op)].category; }
DTypeRule DTypeRuleOf(OpKind op) { return kOps[static_cast<size_t>(op)].dtype; }
int ElementCostOf(OpKind op) { return kOps[static_cast<size_t>(op)].cost; }

std::optional<DType> UnaryResultDType(OpKind op, DType in) {
  auto reduce = [in](sem::ReduceRule r) { return sem::ReduceDType(r, in); };
  switch (DTypeRuleOf(op)) {
    case DTypeRule::Same: return in;
    case DTypeRule::FloatFn: return sem::FloatFnDType(in);
    case DTypeRule::Compare: return DType::Bool;
    case DTypeRule::Accumulate: return reduce(sem::ReduceRule::Accumulate);
    case DTypeRule::FloatOnly: return reduce(sem::ReduceRule::FloatOnly);
    case DTypeRule::Keep: return reduce(sem::ReduceRule::Keep);
    case DTypeRule::Index: return reduce(sem::ReduceRule::Index);
    case DTypeRule::Logical: return reduce(sem::ReduceRule::Logical);
    case DTypeRule::Given: case DTypeRule::Promote: case DTypeRule::TrueDiv: return std::nullopt;
  }
  return std::nullopt;
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
