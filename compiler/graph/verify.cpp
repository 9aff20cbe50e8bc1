// Implements VerifyGraph: operand counts and order, input numbering, and the
// shape/dtype rule of each op category (see ops.def).
#include "graph/verify.h"

#include <set>

#include "graph/shape.h"

namespace tcc::graph {

namespace {

class Verifier {
 public:
  explicit Verifier(const Graph& g) : g_(g) {}

  std::vector<std::string> Run() {
    std::set<int32_t> tensor_idx, scalar_idx;
    for (size_t i = 0; i < g_.nodes.size(); ++i) {
      id_ = static_cast<ValueId>(i);
      const Node& n = g_.nodes[i];
      bool operands_ok = true;
      for (ValueId in : n.inputs) {
        if (in < 0 || in >= id_) {
          Error("operand %" + std::to_string(in) + " is not defined before its use");
          operands_ok = false;
        }
      }
      if (n.type.shape.size() > 8) Error("rank " + std::to_string(n.type.shape.size()) + " exceeds 8");
      for (const Dim& d : n.type.shape)
        if (d.is_static() && d.size < 0) Error("negative dimension");
      if (!operands_ok) continue;
      if (n.op == OpKind::Input && !tensor_idx.insert(n.attrs.index).second)
        Error("tensor input index " + std::to_string(n.attrs.index) + " is used twice");
      if (n.op == OpKind::ScalarInput && !scalar_idx.insert(n.attrs.index).second)
        Error("scalar input index " + std::to_string(n.attrs.index) + " is used twice");
      CheckNode(n);
    }
    CheckDense(tensor_idx, "tensor");
    CheckDense(scalar_idx, "scalar");
    if (g_.outputs.empty()) errors_.push_back("graph has no outputs");
    for (ValueId o : g_.outputs)
      if (o < 0 || o >= static_cast<ValueId>(g_.nodes.size()))
        errors_.push_back("output %" + std::to_string(o) + " does not exist");
    return std::move(errors_);
  }

 private:
  void Error(const std::string& msg) {
    errors_.push_back("%" + std::to_string(id_) + " " + OpSpelling(g_.nodes[id_].op) + ": " + msg);
  }

  void CheckDense(const std::set<int32_t>& idx, const char* what) {
    int32_t expect = 0;
    for (int32_t i : idx) {
      if (i != expect) {
        errors_.push_back(std::string(what) + " input indices are not 0..n-1 (missing " + std::to_string(expect) + ")");
        return;
      }
      ++expect;
    }
  }

  bool Arity(const Node& n, size_t want) {
    if (n.inputs.size() == want) return true;
    Error("expects " + std::to_string(want) + " operands, has " + std::to_string(n.inputs.size()));
    return false;
  }

  const TensorType& T(ValueId v) { return g_.TypeOf(v); }

  void ExpectShape(const Shape& want, const Node& n) {
    if (!(want == n.type.shape))
      Error("result shape " + ShapeString(n.type.shape) + " should be " + ShapeString(want));
  }

  void CheckElementwise(const Node& n) {
    Shape s = T(n.inputs[0]).shape;
    for (size_t i = 1; i < n.inputs.size(); ++i) {
      auto b = BroadcastShapes(s, T(n.inputs[i]).shape);
      if (!b) {
        Error("operand shapes " + ShapeString(s) + " and " + ShapeString(T(n.inputs[i]).shape) + " do not broadcast");
        return;
      }
      s = *b;
    }
    ExpectShape(s, n);
    bool is_cmp = DTypeRuleOf(n.op) == DTypeRule::Compare || n.op == OpKind::Not;
    if (is_cmp && n.type.dtype != DType::Bool) Error("a comparison produces bool");
    if (n.op == OpKind::Where && T(n.inputs[0]).dtype != DType::Bool) Error("condition must be bool");
  }

  // take: operand 0 indexed on dims axis.. by the others, which broadcast;
  // gather: index of operand 0's rank, output of its shape.
  void CheckIndex(const Node& n) {
    if (n.inputs.size() < 2) return Error("needs a tensor and an index");
    const Shape& in = T(n.inputs[0]).shape;
    if (n.type.dtype != T(n.inputs[0]).dtype) return Error("keeps the dtype of operand 0");
    for (size_t i = 1; i < n.inputs.size(); ++i)
      if (T(n.inputs[i]).dtype != DType::I64 && T(n.inputs[i]).dtype != DType::I32) return Error("indices are integers");
    int64_t rank = static_cast<int64_t>(in.size()), ax = n.attrs.axis;
    if (n.op == OpKind::Gather) {
      if (n.inputs.size() != 2 || ax < 0 || ax >= std::max<int64_t>(rank, 1)) return Error("axis out of range");
      if (T(n.inputs[1]).shape.size() != in.size()) return Error("index and input ranks differ");
      return ExpectShape(T(n.inputs[1]).shape, n);
    }
    int64_t k = static_cast<int64_t>(n.inputs.size()) - 1;
    if (ax < 0 || ax + k > rank) return Error("indexed dims out of range");
    Shape b;
    for (size_t i = 1; i < n.inputs.size(); ++i) {
      auto s = BroadcastShapes(b, T(n.inputs[i]).shape);
      if (!s) return Error("index shapes do not broadcast");
      b = *s;
    }
    Shape want(in.begin(), in.begin() + ax);
    want.insert(want.end(), b.begin(), b.end());
    want.insert(want.end(), in.begin() + ax + k, in.end());
    ExpectShape(want, n);
  }

  void CheckView(const Node& n) {
    const Shape& in = T(n.inputs[0]).shape;
    const Shape& out = n.type.shape;
    if (n.type.dtype != T(n.inputs[0]).dtype) Error("a view keeps the dtype");
    int64_t rank = static_cast<int64_t>(in.size());
    switch (n.op) {
      case OpKind::Flip:
        for (int64_t a : n.attrs.axes)
          if (a < -std::max<int64_t>(rank, 1) || a >= std::max<int64_t>(rank, 1)) return Error("axis out of range");
        return ExpectShape(in, n);
      case OpKind::Transpose:
      case OpKind::Permute: {
        std::vector<int64_t> perm;
        if (n.op == OpKind::Transpose) {
          if (n.attrs.axes.size() != 2) return Error("needs two axes");
          for (int64_t i = 0; i < rank; ++i) perm.push_back(i);
          int64_t a = n.attrs.axes[0] < 0 ? n.attrs.axes[0] + rank : n.attrs.axes[0];
          int64_t b = n.attrs.axes[1] < 0 ? n.attrs.axes[1] + rank : n.attrs.axes[1];
          if (rank == 0 && (a == 0 || a == -1)) return ExpectShape(in, n);
          if (a < 0 || a >= rank || b < 0 || b >= rank) return Error("axis out of range");
          std::swap(perm[a], perm[b]);
        } else {
          perm = n.attrs.axes;
          if (static_cast<int64_t>(perm.size()) != rank) return Error("permutation has the wrong length");
          std::set<int64_t> seen;
          for (int64_t& p : perm) {
            if (p < 0) p += rank;
            if (p < 0 || p >= rank || !seen.insert(p).second) return Error("not a permutation");
          }
        }
        Shape want;
        for (int64_t p : perm) want.push_back(in[p]);
        return ExpectShape(want, n);
      }
      case OpKind::Reshape: {
        auto a = StaticNumel(in), b = StaticNumel(out);
        if (a && b && *a != *b) Error("reshape changes the element count from " + std::to_string(*a) + " to " + std::to_string(*b));
        return;
      }
      case OpKind::Expand: {
        if (out.size() < in.size()) return Error("expand cannot drop dimensions");
        auto b = BroadcastShapes(in, out);
        if (!b || !(*b == out)) Error("cannot expand " + ShapeString(in) + " to " + ShapeString(out));
        return;
      }
      case OpKind::Slice:
      case OpKind::Select: {
        int64_t ax = n.attrs.axis < 0 ? n.attrs.axis + rank : n.attrs.axis;
        if (ax < 0 || ax >= rank) return Error("axis out of range");
        if (n.op == OpKind::Slice) {
          if (n.attrs.ints.size() != 3 || n.attrs.ints[2] <= 0) return Error("needs {start, stop, step>0}");
          if (out.size() != in.size()) return Error("a slice keeps the rank");
        } else {
          if (n.attrs.ints.size() != 1) return Error("needs {index}");
          Shape want = in;
          want.erase(want.begin() + ax);
          ExpectShape(want, n);
        }
        return;
      }
      case OpKind::Unsqueeze: {
        int64_t ax = n.attrs.axis < 0 ? n.attrs.axis + rank + 1 : n.attrs.axis;
        if (ax < 0 || ax > rank) return Error("axis out of range");
        Shape want = in;
        want.insert(want.begin() + ax, Dim::Static(1));
        return ExpectShape(want, n);
      }
      case OpKind::Squeeze: {
        Shape want;
        auto axes = NormalizeAxes(n.attrs.axes, in.size());
        if (!axes) return Error("axis out of range");
        for (int64_t i = 0; i < rank; ++i) {
          bool listed = false;
          for (int64_t a : *axes) listed |= a == i;
          if (listed && in[i].is_static() && in[i].size == 1) continue;
          want.push_back(in[i]);
        }
        return ExpectShape(want, n);
      }
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1  // every op but the views
#include "semantics/op_cases.inc"
        return;
    }
  }

  // ops.def's DType column (comparisons: CheckElementwise).
  void CheckDType(const Node& n) {
    if (n.inputs.empty() || DTypeRuleOf(n.op) == DTypeRule::Compare) return;
    DType in = T(n.inputs[0]).dtype;
    if (DTypeRuleOf(n.op) == DTypeRule::TrueDiv) {
      if (!IsFloat(n.type.dtype)) Error("true division gives a float");
      return;
    }
    auto want = UnaryResultDType(n.op, in);
    bool checked = DTypeRuleOf(n.op) != DTypeRule::Given && DTypeRuleOf(n.op) != DTypeRule::Promote;
    if (checked && !want) return Error(std::string("does not take ") + DTypeName(in) + " operands");
    if (want && *want != n.type.dtype)
      Error(std::string("gives ") + DTypeName(*want) + " for " + DTypeName(in) + ", not " + DTypeName(n.type.dtype));
  }

  void CheckNode(const Node& n) {
    CheckDType(n);
    switch (CategoryOf(n.op)) {
      case OpCategory::Index: return CheckIndex(n);
      case OpCategory::Random:
        if (n.inputs.size() > 1) Error("takes no operands, or a generator's id");
        if (n.inputs.size() == 1 && !g_.TypeOf(n.inputs[0]).shape.empty()) Error("a generator's id is a 0-d number");
        if (n.op == OpKind::RandInt || n.op == OpKind::RandPerm) {
          if (n.type.dtype != DType::I64) Error("randint and randperm are int64");
          if (n.op == OpKind::RandInt && (n.attrs.ints.size() != 2 || n.attrs.ints[0] >= n.attrs.ints[1]))
            Error("randint needs low < high");
          if (n.op == OpKind::RandPerm && n.type.shape.size() != 1) Error("randperm is 1-d");
          return;
        }
        if (n.type.dtype != DType::F32 && n.type.dtype != DType::F64) Error("random numbers are float32 or float64");
        return;
      case OpCategory::Input:
      case OpCategory::Constant:
      case OpCategory::Create:
        if (!n.inputs.empty()) Error("takes no operands");
        if (n.op == OpKind::ScalarInput && !n.type.shape.empty()) Error("a scalar input is 0-d");
        if (n.op == OpKind::Constant && !n.attrs.fvalues.empty()) {
          auto numel = StaticNumel(n.type.shape);
          if (!numel || *numel != static_cast<int64_t>(n.attrs.fvalues.size()))
            Error("literal data does not match its static shape");
        }
        if (n.op == OpKind::Eye && n.type.shape.size() != 2) Error("eye is 2-d");
        if ((n.op == OpKind::Arange || n.op == OpKind::Linspace) && n.type.shape.size() != 1) Error("is 1-d");
        return;
      case OpCategory::Unary:
        if (Arity(n, 1)) CheckElementwise(n);
        return;
      case OpCategory::Binary:
        if (Arity(n, 2)) CheckElementwise(n);
        return;
      case OpCategory::Ternary:
        if (Arity(n, 3)) CheckElementwise(n);
        return;
      case OpCategory::Cast:
        if (Arity(n, 1)) ExpectShape(T(n.inputs[0]).shape, n);
        return;
      case OpCategory::Reduce: {
        if (!Arity(n, 1)) return;
        const Shape& in = T(n.inputs[0]).shape;
        auto axes = NormalizeAxes(n.attrs.axes, in.size());
        if (!axes) return Error("axis out of range");
        ExpectShape(ReduceShape(in, *axes, n.attrs.keepdim), n);
        bool index = DTypeRuleOf(n.op) == DTypeRule::Index;
        if (index && n.attrs.axes.size() > 1) Error("argmax/argmin reduce one axis or all");
        return;
      }
      case OpCategory::Contract: {
        if (!Arity(n, 2)) return;
        auto s = MatMulShape(T(n.inputs[0]).shape, T(n.inputs[1]).shape);
        if (!s) return Error("shapes " + ShapeString(T(n.inputs[0]).shape) + " and " + ShapeString(T(n.inputs[1]).shape) + " cannot be multiplied");
        return ExpectShape(*s, n);
      }
      case OpCategory::View:
        if (Arity(n, 1)) CheckView(n);
        return;
      case OpCategory::Scan: {
        if (!Arity(n, 1)) return;
        int64_t r = static_cast<int64_t>(T(n.inputs[0]).shape.size());
        if (n.attrs.axis < 0 || n.attrs.axis >= std::max<int64_t>(r, 1)) return Error("axis out of range");
        return ExpectShape(T(n.inputs[0]).shape, n);
      }
      case OpCategory::Window: {
        std::vector<Shape> in;
        for (ValueId v : n.inputs) in.push_back(T(v).shape);
        Shape want;
        std::string err = WindowOutShape(n.op, n.attrs, in, &want);
        if (!err.empty()) return Error(err);
        if (n.op == OpKind::Sort) {
          if (n.type.dtype != DType::I64) return Error("sort gives int64 positions");
          return ExpectShape(want, n);
        }
        if (n.op == OpKind::Scatter) {
          if (T(n.inputs[1]).dtype != DType::I64) return Error("the scatter index must be int64");
          if (T(n.inputs[0]).dtype != n.type.dtype || T(n.inputs[2]).dtype != n.type.dtype)
            return Error("scatter input, source and result differ in dtype");
          if (T(n.inputs[1]).shape.size() != std::max<size_t>(T(n.inputs[0]).shape.size(), 1) && !T(n.inputs[0]).shape.empty())
            return Error("the scatter index and input differ in rank");
          return ExpectShape(want, n);
        }
        for (ValueId v : n.inputs)
          if (T(v).dtype != n.type.dtype) return Error("operands and result differ in dtype");
        if (n.op != OpKind::Pad && !IsFloat(n.type.dtype)) return Error("conv and pooling take float32 or float64");
        return ExpectShape(want, n);
      }
      case OpCategory::Join: {
        if (n.inputs.empty()) return Error("needs at least one operand");
        const Shape& first = T(n.inputs[0]).shape;
        for (ValueId in : n.inputs)
          if (T(in).shape.size() != first.size()) return Error("operands differ in rank");
        return;
      }
    }
  }

  const Graph& g_;
  ValueId id_ = 0;
  std::vector<std::string> errors_;
};

}  // namespace

std::vector<std::string> VerifyGraph(const Graph& g) { return Verifier(g).Run(); }

}  // namespace tcc::graph
