// Implements PlanFusion: choose the materialised values, then, per loop nest,
// walk from its root through the non-materialised producers with a
// description of how each index depends on the nest's loop variables. A
// reduction reached with an index that depends only on the outer loops is
// hoisted; any other reduction becomes materialised and planning restarts
// (the set only grows, so this terminates).
#include "passes/plan_fusion.h"

#include <algorithm>
#include <map>
#include <set>

#include "graph/shape.h"
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

namespace {

constexpr int kFirstReductionVar = 16;  // loop variables of fused reductions start here

// How one index of a value depends on the nest's loop variables.
struct DimDep {
  enum Kind { Zero, Var, Other } kind = Zero;
  int var = -1;        // for Var
  uint64_t mask = 0;   // every variable it depends on
  friend bool operator==(const DimDep&, const DimDep&) = default;
};
using Deps = std::vector<DimDep>;

DimDep VarDep(int v) { return {DimDep::Var, v, uint64_t{1} << v}; }

}  // namespace

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

class Planner {
 public:
  Planner(const Graph& g, std::vector<bool>& mat) : g_(g), mat_(mat) {}

  // Plans the nest of root `r`; returns false if it materialised something new.
  bool PlanGroup(ValueId r, FusedGroup& out) {
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

 private:
  // d: the index the nest reads v at (null: read some other way, e.g. a reshape's base).
  void AddRead(ValueId v, const Deps* d = nullptr) {
    if (d) leaf_reads_[v].push_back(*d);
    else odd_reads_.insert(v);
    if (std::find(grp_->reads.begin(), grp_->reads.end(), v) == grp_->reads.end()) grp_->reads.push_back(v);
  }

  bool IsLeaf(ValueId v) const {
    OpKind op = g_.nodes[v].op;
    return mat_[v] || op == OpKind::Input;
  }

  // Visits value v needed at index description d. False: planning must restart.
  bool Walk(ValueId v, const Deps& d) {
    if (IsLeaf(v)) {
      AddRead(v, &d);
      return true;
    }
    const Node& n = g_.nodes[v];
    if (CategoryOf(n.op) == OpCategory::Reduce) return VisitReduction(v, d);
    seen_.insert(v);
    visits_[v].push_back(d);
    return WalkOperands(v, d);
  }

  bool VisitReduction(ValueId v, const Deps& d) {
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

  // Walks the input of reduction v whose output index is described by d.
  bool WalkReduceInput(ValueId v, const Deps& d) {
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

  bool WalkOperands(ValueId v, const Deps& d) {
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

  bool WalkView(ValueId v, const Deps& d) {
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
      case OpKind::Input: case OpKind::ScalarInput: case OpKind::Constant: case OpKind::Neg: case OpKind::Abs:
      case OpKind::Exp: case OpKind::Log: case OpKind::Sqrt: case OpKind::Rsqrt: case OpKind::Sin: case OpKind::Cos:
      case OpKind::Tanh: case OpKind::Sigmoid: case OpKind::Relu: case OpKind::Gelu: case OpKind::Not:
      case OpKind::BitNot: case OpKind::Add: case OpKind::Sub: case OpKind::Mul: case OpKind::Div:
      case OpKind::FloorDiv: case OpKind::Mod: case OpKind::Pow: case OpKind::Maximum: case OpKind::Minimum:
      case OpKind::Eq: case OpKind::Ne: case OpKind::Lt: case OpKind::Le: case OpKind::Gt: case OpKind::Ge:
      case OpKind::And: case OpKind::Or: case OpKind::Xor: case OpKind::Where: case OpKind::Clamp: case OpKind::Sum:
      case OpKind::Mean: case OpKind::Max: case OpKind::Min: case OpKind::Prod: case OpKind::ArgMax:
      case OpKind::ArgMin: case OpKind::All: case OpKind::Any: case OpKind::MatMul: case OpKind::Cat:
      case OpKind::Stack: case OpKind::Full: case OpKind::Arange: case OpKind::Linspace: case OpKind::Eye:
      case OpKind::Erf: case OpKind::Log1p: case OpKind::Expm1: case OpKind::Log2: case OpKind::Exp2: case OpKind::Tan: case OpKind::Asin: case OpKind::Acos: case OpKind::Atan: case OpKind::Sinh: case OpKind::Cosh:  // issue 11
      case OpKind::Reciprocal: case OpKind::Floor: case OpKind::Ceil: case OpKind::Trunc: case OpKind::Round: case OpKind::Sign: case OpKind::NanToNum: case OpKind::IsNan: case OpKind::IsInf: case OpKind::Atan2: case OpKind::Lerp:
    case OpKind::CumSum: case OpKind::CumProd:  // issue 11
      case OpKind::Cast: case OpKind::Rand: case OpKind::RandN:
    case OpKind::Conv: case OpKind::MaxPool: case OpKind::AvgPool: case OpKind::AdaptiveAvgPool: case OpKind::Pad:
    case OpKind::Sort: case OpKind::Scatter:
    case OpKind::Take: case OpKind::Gather: return true;
    }
    return Walk(in, din);
  }

  bool Materialise(ValueId v) {
    mat_[v] = true;
    return false;
  }

  // The value the nest of elementwise root r keeps in its output row, or -1:
  // the value of the root's shape and dtype whose caching saves the most
  // work (its cost times its reads after the first) among those the nest reads
  // both at its own index (the epilogue) and, over a whole row, inside a
  // hoisted reduction (index: the outer loops, then a reduction variable),
  // and at no other index.
  ValueId ChooseRowCache(ValueId r) {
    const Node& root = g_.nodes[r];
    if (grp_->hoisted.empty() || rank_ == 0) return -1;
    ValueId best = -1;
    double best_cost = kRowCacheMinCost - 1;
    for (const auto& [v, ds] : visits_) {
      const Node& n = g_.nodes[v];
      if (n.type.shape != root.type.shape || n.type.dtype != root.type.dtype) continue;
      bool own = false, row = false, other = false;
      for (const Deps& d : ds) {
        bool outer_same = true;
        for (int i = 0; i + 1 < rank_; ++i) {
          bool unit = n.type.shape[i].is_static() && n.type.shape[i].size == 1;  // read at index 0
          outer_same = outer_same && (d[i] == VarDep(i) || (unit && d[i].kind == DimDep::Zero));
        }
        const DimDep& last = d[rank_ - 1];
        if (outer_same && last == VarDep(rank_ - 1)) own = true;
        else if (outer_same && last.kind == DimDep::Var && last.var >= kFirstReductionVar && last.var < 63 &&
                 var_extent_[last.var] == n.type.shape[rank_ - 1])
          row = true;  // the reduction's loop covers the whole row (not a slice of it)
        else other = true;
      }
      if (!own || !row || other) continue;
      // Work saved: every read after the first becomes a load.
      double c = ElementCost(v) * static_cast<double>(ds.size() - 1);
      if (c > best_cost) best = v, best_cost = c;
    }
    return best;
  }

  // The matmul result elementwise root r can overwrite in place (see
  // FusedGroup::in_place_of), or -1: same type as r, not a graph output, every
  // node that uses it computed in this nest, every read at the nest's own index.
  ValueId ChooseInPlace(ValueId r) const {
    if (!grp_->hoisted.empty() || grp_->row_cached >= 0) return -1;
    const TensorType& rt = g_.nodes[r].type;
    for (ValueId m : grp_->reads) {
      const Node& mn = g_.nodes[m];
      if (mn.op != OpKind::MatMul || mn.type.shape != rt.shape || mn.type.dtype != rt.dtype) continue;
      if (odd_reads_.count(m) || std::find(g_.outputs.begin(), g_.outputs.end(), m) != g_.outputs.end()) continue;
      auto reads = leaf_reads_.find(m);
      bool ok = reads != leaf_reads_.end();
      for (const Deps& d : ok ? reads->second : std::vector<Deps>{})
        for (int i = 0; i < rank_ && ok; ++i) ok = static_cast<int>(d.size()) == rank_ && d[i] == VarDep(i);
      for (size_t u = 0; u < g_.nodes.size() && ok; ++u) {
        const auto& ins = g_.nodes[u].inputs;
        if (std::find(ins.begin(), ins.end(), m) != ins.end())
          ok = static_cast<ValueId>(u) == r || seen_.count(static_cast<ValueId>(u));
      }
      if (ok) return m;
    }
    return -1;
  }

  // Rough cost of computing one element of v inside the nest (a polynomial
  // transcendental counts as many simple operations; buffers and hoisted
  // reductions are loads or registers).
  double ElementCost(ValueId v) const {
    const Node& n = g_.nodes[v];
    if (IsLeaf(v) || CategoryOf(n.op) == OpCategory::Reduce) return 0;
    double c = ElementCostOf(n.op);  // ops.def's Cost column
    for (ValueId in : n.inputs) c += ElementCost(in);
    return c;
  }

  static constexpr double kRowCacheMinCost = 8;  // below this, recomputing beats a store and a load

  const Graph& g_;
  std::vector<bool>& mat_;
  FusedGroup* grp_ = nullptr;
  std::set<ValueId> seen_;
  std::map<ValueId, Deps> hoist_deps_;
  std::map<ValueId, std::vector<Deps>> visits_;  // every index each computed value is needed at
  std::map<ValueId, std::vector<Deps>> leaf_reads_;  // every index each buffer is read at
  std::set<ValueId> odd_reads_;                      // buffers read other than through an index
  std::map<int, Dim> var_extent_;                // reduction loop variable -> its trip count
  int rank_ = 0;
  bool root_is_reduction_ = false;
  int next_var_ = kFirstReductionVar;
};

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
      Planner p(g, plan.materialised);
      stable = p.PlanGroup(static_cast<ValueId>(i), grp);
      if (stable) plan.groups.push_back(std::move(grp));
    }
    // An output that is a graph input still needs a copy into the output buffer.
    if (stable) {
      std::set<ValueId> done;
      for (ValueId o : g.outputs) {
        if (g.nodes[o].op != OpKind::Input || !done.insert(o).second) continue;
        FusedGroup grp;
        Planner p(g, plan.materialised);
        p.PlanGroup(o, grp);
        plan.groups.push_back(std::move(grp));
      }
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
    if (grp.in_place_of >= 0)
      s += (WritesMatMulInLayout(g, grp.root) ? " [written by the matmul %" : " [epilogue in place of %") +
           std::to_string(grp.in_place_of) + "]";
    s += "\n";
  }
  return s;
}

}  // namespace tcc::passes
