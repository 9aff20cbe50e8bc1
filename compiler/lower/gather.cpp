// Implements the element of an Index op (graph/ops.def): `take` (advanced
// indexing x[i1, ..., ik]) and `gather`. Both load positions from their index
// operands, check them against the indexed dimension (a position out of range
// raises the same IndexError as the interpreter, and loads element 0 instead
// of reading outside the buffer) and then read operand 0 there. Fusion keeps
// every operand of an Index op in a buffer (passes/plan_fusion.cpp), so the
// reads are plain loads.
#include <llvm/IR/MDBuilder.h>

#include "graph/shape.h"
#include "lower/emitter.h"

namespace tcc::lower {

using graph::Node;
using graph::OpKind;
using llvm::Value;

// A position loaded from an index tensor, made an in-range i64 for dimension
// `size`: negative positions wrap when `wrap` (take), and one out of range
// raises at `n.loc`.
Value* Emitter::CheckedPosition(Value* pos, DType pos_type, Value* size, bool wrap, const Node& n,
                                const std::string& what) {
  Value* p = Convert(pos, pos_type, DType::I64);
  if (wrap) p = b_.CreateSelect(b_.CreateICmpSLT(p, I64(0)), b_.CreateAdd(p, size), p);
  Value* bad = b_.CreateOr(b_.CreateICmpSLT(p, I64(0)), b_.CreateICmpSGE(p, size));
  auto* raise = llvm::BasicBlock::Create(k_.c, "badindex", fn_);
  auto* ok = llvm::BasicBlock::Create(k_.c, "indexok", fn_);
  b_.CreateCondBr(bad, raise, ok, llvm::MDBuilder(k_.c).createBranchWeights(1, 1000));
  b_.SetInsertPoint(raise);
  RaiseAt(what, n.loc);
  b_.CreateBr(ok);
  b_.SetInsertPoint(ok);
  return b_.CreateSelect(bad, I64(0), p);
}

Value* Emitter::EvalIndexOp(ValueId v, const Index& idx) {
  const Node& n = k_.g.nodes[v];
  ValueId x = n.inputs[0];
  const graph::Shape& xs = k_.g.TypeOf(x).shape;
  int64_t rank = static_cast<int64_t>(xs.size());
  if (n.op == OpKind::Take) {
    // output = x.shape[:a] + B + x.shape[a+k:]
    int64_t a = n.attrs.axis, k = static_cast<int64_t>(n.inputs.size()) - 1;
    int64_t out_rank = static_cast<int64_t>(n.type.shape.size());
    int64_t nb = out_rank - (rank - k);
    graph::Shape bshape(n.type.shape.begin() + a, n.type.shape.begin() + a + nb);
    Index bidx(idx.begin() + a, idx.begin() + a + nb);
    Index in(idx.begin(), idx.begin() + a);
    for (int64_t j = 0; j < k; ++j) {
      ValueId ij = n.inputs[1 + j];
      Value* pos = Eval(ij, BroadcastIndex(k_.g.TypeOf(ij).shape, bshape, bidx));
      Value* size = DimSize(xs[a + j]);
      in.push_back(CheckedPosition(pos, k_.g.TypeOf(ij).dtype, size, true, n,
                                   "index out of range in advanced indexing of dimension " +
                                       std::to_string(a + j)));
    }
    in.insert(in.end(), idx.begin() + a + nb, idx.end());
    return Eval(x, in);
  }
  if (n.op == OpKind::Gather) {
    int64_t a = n.attrs.axis;
    ValueId ix = n.inputs[1];
    Value* pos = Eval(ix, idx);
    Index in = idx;
    in[a] = CheckedPosition(pos, k_.g.TypeOf(ix).dtype, DimSize(xs[a]), false, n,
                            "index out of range in gather along dimension " + std::to_string(a));
    return Eval(x, in);
  }
  k_.errors.push_back(std::string(graph::OpSpelling(n.op)) + " %" + std::to_string(v) + " is not an index op");
  return llvm::UndefValue::get(ElemType(k_.c, n.type.dtype));
}

}  // namespace tcc::lower
