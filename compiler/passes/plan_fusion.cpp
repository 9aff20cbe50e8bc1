// Implements PlanFusion: choose the materialised values, then, per loop nest,
// walk from its root through the non-materialised producers with a
// description of how each index depends on the nest's loop variables (the
// planner of one nest: fusion_planner.h, fusion_walk.cpp, fusion_choices.cpp). A
// reduction reached with an index that depends only on the outer loops is
// hoisted; any other reduction becomes materialised and planning restarts
// (the set only grows, so this terminates).
#include "passes/plan_fusion.h"

#include <algorithm>

#include "graph/shape.h"
#include "passes/fusion_planner.h"
#include "passes/rewrite.h"
#include "passes/strided_view.h"

namespace tcc::passes {

using namespace graph;

const char* GroupKindName(GroupKind k) {
  switch (k) {
    case GroupKind::Elementwise: return "elementwise";
    case GroupKind::Reduction: return "reduction";
    case GroupKind::MatMul: return "matmul";
    case GroupKind::Join: return "join";
    case GroupKind::Copy: return "copy";
    case GroupKind::Random: return "random";
    case GroupKind::Scan: return "scan";
    case GroupKind::Window: return "window";
  }
  return "?";
}

std::vector<std::string> FusedGroup::OpNames(const Graph& g) const {
  std::vector<std::string> out;
  for (ValueId v : nodes) out.push_back(OpSpelling(g.nodes[v].op));
  return out;
}

bool FusionPlan::IsHoisted(ValueId v) const {
  for (const auto& grp : groups)
    if (std::find(grp.hoisted.begin(), grp.hoisted.end(), v) != grp.hoisted.end()) return true;
  return false;
}

bool IsMatrixTranspose(const Graph& g, ValueId v) {
  const Node& n = g.nodes[v];
  int64_t r = static_cast<int64_t>(n.type.shape.size());
  if (r < 2) return false;
  if (n.op == OpKind::Transpose && n.attrs.axes.size() == 2) {
    int64_t a = (n.attrs.axes[0] + r) % r, b = (n.attrs.axes[1] + r) % r;
    return std::min(a, b) == r - 2 && std::max(a, b) == r - 1;
  }
  if (n.op == OpKind::Permute && static_cast<int64_t>(n.attrs.axes.size()) == r) {
    for (int64_t i = 0; i < r - 2; ++i)
      if ((n.attrs.axes[i] + r) % r != i) return false;
    return (n.attrs.axes[r - 2] + r) % r == r - 1 && (n.attrs.axes[r - 1] + r) % r == r - 2;
  }
  return false;
}

bool WritesMatMulInLayout(const Graph& g, ValueId v) {
  const Node& n = g.nodes[v];
  if (n.op != OpKind::Transpose && n.op != OpKind::Permute) return false;
  ValueId m = n.inputs[0];
  const Node& mn = g.nodes[m];
  if (mn.op != OpKind::MatMul || (mn.type.dtype != DType::F32 && mn.type.dtype != DType::F64)) return false;
  if (g.TypeOf(mn.inputs[0]).shape.size() < 2 || g.TypeOf(mn.inputs[1]).shape.size() < 2) return false;
  int64_t r = static_cast<int64_t>(n.type.shape.size());
  if (r < 3) return false;
  std::vector<int64_t> perm(r);  // v's dim j is the matmul's dim perm[j]
  for (int64_t j = 0; j < r; ++j) perm[j] = j;
  if (n.op == OpKind::Transpose) std::swap(perm[(n.attrs.axes[0] + r) % r], perm[(n.attrs.axes[1] + r) % r]);
  else
    for (int64_t j = 0; j < r; ++j) perm[j] = (n.attrs.axes[j] + r) % r;
  if (perm[r - 1] != r - 1) return false;
  if (std::find(g.outputs.begin(), g.outputs.end(), m) != g.outputs.end()) return false;
  int users = 0;
  for (const Node& u : g.nodes)
    for (ValueId in : u.inputs) users += in == m;
  return users == 1;
}

namespace {

// Values that must have a buffer whatever the reductions do.
std::vector<bool> InitialMaterialised(const Graph& g) {
  size_t n = g.nodes.size();
  std::vector<bool> mat(n, false);
  std::vector<int> uses = UseCounts(g);
  for (ValueId o : g.outputs) mat[o] = true;
  std::vector<double> cost(n, 1);
  for (size_t i = 0; i < n; ++i) {
    const Node& node = g.nodes[i];
    OpCategory cat = CategoryOf(node.op);
    if (cat == OpCategory::Contract || cat == OpCategory::Join || cat == OpCategory::Random || cat == OpCategory::Scan)
      mat[i] = true;
    if (cat == OpCategory::Window) {
      mat[i] = true;  // the runtime kernel reads its operands from buffers
      for (ValueId in : node.inputs) mat[in] = true;
    }
    if (cat == OpCategory::Contract) {
      // BLAS reads a view chain (or a transposed matrix) in place: materialise what is under it.
      for (ValueId in : node.inputs) {
        if (auto sv = StaticStridedView(g, in, mat)) {
          mat[sv->base] = true;
          continue;
        }
        ValueId under = IsMatrixTranspose(g, in) ? g.nodes[in].inputs[0] : in;
        mat[under] = mat[under] || g.nodes[under].op != OpKind::Input;
      }
    }
    if (node.op == OpKind::Reshape) {
      auto sv = StaticStridedView(g, static_cast<ValueId>(i), mat, true);
      ValueId under = sv ? sv->base : node.inputs[0];
      if (g.nodes[under].op != OpKind::Input) mat[under] = true;
    }
    if (cat == OpCategory::Index)
      for (ValueId in : node.inputs) mat[in] = mat[in] || g.nodes[in].op != OpKind::Input;
    if (node.op == OpKind::Input) mat[i] = true;
  }
  for (size_t i = 0; i < n; ++i) {
    const Node& node = g.nodes[i];
    double c = 1;
    for (ValueId in : node.inputs) c += mat[in] ? 1 : cost[in];
    cost[i] = c;
    bool elementwise = CategoryOf(node.op) != OpCategory::Input && CategoryOf(node.op) != OpCategory::Constant;
    if (elementwise && uses[i] > 1 && c > 24) mat[i] = true;
  }
  return mat;
}

}  // namespace

FusionPlan PlanFusion(const Graph& g) {
  FusionPlan plan;
  plan.materialised = InitialMaterialised(g);
  for (;;) {
    plan.groups.clear();
    bool stable = true;
    for (size_t i = 0; i < g.nodes.size() && stable; ++i) {
      if (!plan.materialised[i] || g.nodes[i].op == OpKind::Input) continue;
      FusedGroup grp;
      fusion::Planner p(g, plan.materialised);
      stable = p.PlanGroup(static_cast<ValueId>(i), grp);
      if (stable) plan.groups.push_back(std::move(grp));
    }
    // An output that is a graph input still needs a copy into the output buffer.
    if (stable) {
      std::set<ValueId> done;
      for (ValueId o : g.outputs) {
        if (g.nodes[o].op != OpKind::Input || !done.insert(o).second) continue;
        FusedGroup grp;
        fusion::Planner p(g, plan.materialised);
        p.PlanGroup(o, grp);
        plan.groups.push_back(std::move(grp));
      }
      MergeSiblingReductions(g, plan);
      return plan;
    }
  }
}

std::string PrintFusionPlan(const Graph& g, const FusionPlan& plan) {
  std::string s;
  for (size_t i = 0; i < plan.groups.size(); ++i) {
    const FusedGroup& grp = plan.groups[i];
    s += "kernel " + std::to_string(i) + " (" + GroupKindName(grp.kind) + " -> %" + std::to_string(grp.root) + " " +
         TypeString(g.TypeOf(grp.root)) + "):";
    auto names = grp.OpNames(g);
    for (size_t k = 0; k < names.size(); ++k) s += (k ? ", " : " ") + names[k];
    if (!grp.hoisted.empty()) {
      s += " [per row:";
      for (ValueId h : grp.hoisted) s += " %" + std::to_string(h) + " " + OpSpelling(g.nodes[h].op);
      if (grp.row_cached >= 0)
        s += "; kept in the row: %" + std::to_string(grp.row_cached) + " " + OpSpelling(g.nodes[grp.row_cached].op);
      s += "]";
    }
    for (ValueId v : grp.siblings) s += " [also -> %" + std::to_string(v) + " " + TypeString(g.TypeOf(v)) + "]";
    if (grp.in_place_of >= 0)
      s += (WritesMatMulInLayout(g, grp.root) ? " [written by the matmul %" : " [epilogue in place of %") +
           std::to_string(grp.in_place_of) + "]";
    s += "\n";
  }
  return s;
}

}  // namespace tcc::passes
