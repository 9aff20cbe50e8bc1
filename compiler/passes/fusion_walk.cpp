// fusion_walk.cpp: Planner's walk of one loop nest (fusion_planner.h): which
// producers a nest computes inline, which reductions it hoists, and which
// values must be materialised instead (planning then restarts).
#include <algorithm>

#include "graph/shape.h"
#include "passes/fusion_planner.h"
#include "passes/strided_view.h"

namespace tcc::passes::fusion {

bool Planner::PlanGroup(ValueId r, FusedGroup& out) {
  grp_ = &out;
  seen_.clear();
  hoist_deps_.clear();
  visits_.clear();
  leaf_reads_.clear();
  odd_reads_.clear();
  var_extent_.clear();
  next_var_ = kFirstReductionVar;
  const Node& n = g_.nodes[r];
  out.root = r;
  rank_ = static_cast<int>(n.type.shape.size());
  Deps d;
  for (int i = 0; i < rank_; ++i) d.push_back(VarDep(i));
  switch (CategoryOf(n.op)) {
    case OpCategory::Contract:
      out.kind = GroupKind::MatMul;
      for (ValueId in : n.inputs) {
        // A view chain over a buffer: BLAS reads it in place (offset, leading dimension, batch strides).
        if (auto sv = StaticStridedView(g_, in, mat_)) {
          if (!IsLeaf(sv->base)) return Materialise(sv->base);
          for (ValueId c : ViewChain(g_, in, sv->base)) seen_.insert(c);
          AddRead(sv->base);
          continue;
        }
        bool t = IsMatrixTranspose(g_, in);
        if (t) seen_.insert(in);
        AddRead(t ? g_.nodes[in].inputs[0] : in);
      }
      break;
    case OpCategory::Join:
      out.kind = GroupKind::Join;
      for (ValueId in : n.inputs) {
        Deps din;
        for (size_t i = 0; i < g_.TypeOf(in).shape.size(); ++i) din.push_back(VarDep(static_cast<int>(i)));
        if (!Walk(in, din)) return false;
      }
      break;
    case OpCategory::Reduce:
      out.kind = GroupKind::Reduction;
      root_is_reduction_ = true;
      if (!WalkReduceInput(r, d)) return false;
      break;
    case OpCategory::Random:
      out.kind = GroupKind::Random;  // filled by the runtime's generator, in program order
      break;
    case OpCategory::Scan: {  // the operand is computed inline in the scan's loop (fused)
      out.kind = GroupKind::Scan;
      Deps din;
      for (int i = 0; i < rank_; ++i) din.push_back(VarDep(i));
      if (!Walk(n.inputs[0], din)) return false;
      break;
    }
    case OpCategory::Window:
      out.kind = GroupKind::Window;  // a runtime kernel (conv, pooling, pad) reads its operands' buffers
      for (ValueId in : n.inputs) AddRead(in);
      break;
    case OpCategory::Input:
      out.kind = n.op == OpKind::Input ? GroupKind::Copy : GroupKind::Elementwise;
      if (n.op == OpKind::Input) AddRead(r);
      break;
    case OpCategory::View:
      if (WritesMatMulInLayout(g_, r)) {  // the matmul writes it: no nest
        out.kind = GroupKind::Elementwise;
        out.in_place_of = n.inputs[0];
        AddRead(n.inputs[0]);
        break;
      }
      [[fallthrough]];
    case OpCategory::Index:
    case OpCategory::Constant: case OpCategory::Unary: case OpCategory::Binary: case OpCategory::Ternary:
    case OpCategory::Create: case OpCategory::Cast:
      out.kind = GroupKind::Elementwise;
      root_is_reduction_ = false;
      if (!WalkOperands(r, d)) return false;
      out.row_cached = ChooseRowCache(r);
      out.in_place_of = ChooseInPlace(r);
      break;
  }
  out.nodes.assign(seen_.begin(), seen_.end());
  out.nodes.push_back(r);
  std::sort(out.hoisted.begin(), out.hoisted.end());
  std::sort(out.reads.begin(), out.reads.end());
  return true;
}

void Planner::AddRead(ValueId v, const Deps* d) {
  if (d) leaf_reads_[v].push_back(*d);
  else odd_reads_.insert(v);
  if (std::find(grp_->reads.begin(), grp_->reads.end(), v) == grp_->reads.end()) grp_->reads.push_back(v);
}

bool Planner::IsLeaf(ValueId v) const {
  OpKind op = g_.nodes[v].op;
  return mat_[v] || op == OpKind::Input;
}

bool Planner::Walk(ValueId v, const Deps& d) {
  if (IsLeaf(v)) {
    AddRead(v, &d);
    return true;
  }
  const Node& n = g_.nodes[v];
  if (CategoryOf(n.op) == OpCategory::Reduce) return VisitReduction(v, d);
  // A gather the nest reads at the same place on every iteration (`betas[t]`
  // with t a run-time int, broadcast over x) is computed once, in a nest of
  // its own: inline, its position load and range check would run per element
  // and keep the nest from vectorising (a DDPM step's update ran 8x slower).
  if (CategoryOf(n.op) == OpCategory::Index && rank_ > 0 &&
      std::all_of(n.type.shape.begin(), n.type.shape.end(), [](const Dim& x) { return x.is_static() && x.size == 1; }) &&
      std::all_of(d.begin(), d.end(), [](const DimDep& x) { return x.kind == DimDep::Zero; }))
    return Materialise(v);
  seen_.insert(v);
  visits_[v].push_back(d);
  return WalkOperands(v, d);
}

bool Planner::VisitReduction(ValueId v, const Deps& d) {
  auto it = hoist_deps_.find(v);
  if (it != hoist_deps_.end()) {
    if (it->second == d) return true;
    return Materialise(v);  // reached with two different indices
  }
  uint64_t mask = 0;
  for (const DimDep& x : d) {
    if (x.kind == DimDep::Other) return Materialise(v);
    mask |= x.mask;
  }
  bool only_root_vars = (mask >> kFirstReductionVar) == 0;
  bool inner_free = root_is_reduction_ || rank_ == 0 || !(mask & (uint64_t{1} << (rank_ - 1)));
  if (mask == 0 || !only_root_vars || !inner_free) return Materialise(v);
  hoist_deps_[v] = d;
  seen_.insert(v);
  grp_->hoisted.push_back(v);
  return WalkReduceInput(v, d);
}

bool Planner::WalkReduceInput(ValueId v, const Deps& d) {
  const Node& n = g_.nodes[v];
  ValueId in = n.inputs[0];
  const Shape& s = g_.TypeOf(in).shape;
  auto axes = NormalizeAxes(n.attrs.axes, s.size()).value_or(std::vector<int64_t>{});
  Deps din;
  size_t k = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    bool red = std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) != axes.end();
    if (red) {
      int var = next_var_ < 63 ? next_var_++ : 63;
      var_extent_[var] = s[i];
      din.push_back(VarDep(var));
      if (n.attrs.keepdim) ++k;
    } else {
      din.push_back(k < d.size() ? d[k] : DimDep{});
      ++k;
    }
  }
  return Walk(in, din);
}

bool Planner::WalkOperands(ValueId v, const Deps& d) {
  const Node& n = g_.nodes[v];
  const Shape& out = n.type.shape;
  switch (CategoryOf(n.op)) {
    case OpCategory::Unary:
    case OpCategory::Binary:
    case OpCategory::Ternary:
    case OpCategory::Cast:
      for (ValueId in : n.inputs) {
        const Shape& s = g_.TypeOf(in).shape;
        Deps din;
        size_t off = out.size() - s.size();
        for (size_t i = 0; i < s.size(); ++i)
          din.push_back(s[i].is_static() && s[i].size == 1 ? DimDep{} : d[i + off]);
        if (!Walk(in, din)) return false;
      }
      return true;
    case OpCategory::View: return WalkView(v, d);
    case OpCategory::Index:
      // Lowering loads positions and reads operand 0 there: every operand has a buffer.
      for (ValueId in : n.inputs) {
        if (!IsLeaf(in)) return Materialise(in);
        AddRead(in);
      }
      return true;
    case OpCategory::Input: case OpCategory::Constant: case OpCategory::Reduce: case OpCategory::Contract:
    case OpCategory::Join: case OpCategory::Create: case OpCategory::Random: case OpCategory::Scan: case OpCategory::Window:
      return true;  // constants, creation ops: no operands
  }
  return true;
}

bool Planner::WalkView(ValueId v, const Deps& d) {
  const Node& n = g_.nodes[v];
  ValueId in = n.inputs[0];
  const Shape& s = g_.TypeOf(in).shape;
  int64_t rank = static_cast<int64_t>(s.size());
  Deps din;
  switch (n.op) {
    case OpKind::Transpose: {
      din = d;
      if (rank == 0) break;
      int64_t a = (n.attrs.axes[0] + rank) % rank, b = (n.attrs.axes[1] + rank) % rank;
      std::swap(din[a], din[b]);
      break;
    }
    case OpKind::Permute:
      din.resize(rank);
      for (int64_t i = 0; i < rank; ++i) din[(n.attrs.axes[i] + rank) % rank] = d[i];
      break;
    case OpKind::Expand: {
      size_t off = d.size() - s.size();
      for (size_t i = 0; i < s.size(); ++i)
        din.push_back(s[i].is_static() && s[i].size == 1 ? DimDep{} : d[i + off]);
      break;
    }
    case OpKind::Flip:  // read at n-1-i: not the nest's own index on the flipped dims
      din = d;
      for (int64_t a : n.attrs.axes) din[(a + rank) % rank] = {DimDep::Other, -1, d[(a + rank) % rank].mask};
      break;
    case OpKind::Slice: {
      din = d;
      int64_t ax = (n.attrs.axis + rank) % rank;
      bool plain = n.attrs.ints[0] == 0 && n.attrs.ints[2] == 1;
      if (!plain) din[ax] = {DimDep::Other, -1, d[ax].mask};
      break;
    }
    case OpKind::Select: {
      din = d;
      int64_t ax = (n.attrs.axis + rank) % rank;
      din.insert(din.begin() + ax, DimDep{DimDep::Other, -1, 0});
      break;
    }
    case OpKind::Unsqueeze: {
      din = d;
      int64_t ax = n.attrs.axis < 0 ? n.attrs.axis + rank + 1 : n.attrs.axis;
      din.erase(din.begin() + ax);
      break;
    }
    case OpKind::Squeeze: {
      auto axes = NormalizeAxes(n.attrs.axes, s.size()).value_or(std::vector<int64_t>{});
      size_t k = 0;
      for (int64_t i = 0; i < rank; ++i) {
        bool listed = std::find(axes.begin(), axes.end(), i) != axes.end();
        if (listed && s[i].is_static() && s[i].size == 1) din.push_back(DimDep{});
        else din.push_back(k < d.size() ? d[k++] : DimDep{});
      }
      break;
    }
    case OpKind::Reshape: {
      // A reshape of a view chain torch would not copy: index arithmetic over the chain's base.
      if (auto sv = StaticStridedView(g_, v, mat_, true)) {
        if (!IsLeaf(sv->base)) return Materialise(sv->base);
        AddRead(sv->base);
        return true;
      }
      // Else lowering reads it straight from its operand's contiguous buffer.
      if (!IsLeaf(in)) return Materialise(in);
      AddRead(in);
      return true;
    }
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1  // every op but the views
#include "semantics/op_cases.inc"
      return true;
  }
  return Walk(in, din);
}

bool Planner::Materialise(ValueId v) {
  mat_[v] = true;
  return false;
}

}  // namespace tcc::passes::fusion
