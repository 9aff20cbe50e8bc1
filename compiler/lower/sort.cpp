// Implements EmitSortOp: the graph ops `sort` (int64 positions in order along
// an axis; topk keeps the first k) and `scatter` become one call of the
// runtime kernel the interpreter runs too (runtime/tensor/sort.cpp:
// ts_rt_argsort, ts_rt_scatter), on their operands' buffers. A scatter
// position out of range raises the interpreter's IndexError at the op.
#include "lower/emitter.h"
#include "lower/nest.h"
#include "lower/runtime_decls.h"

namespace tcc::lower {

using graph::Node;
using graph::OpKind;
using llvm::Value;

void EmitSortOp(Emitter& e, ValueId root, const Buffer& dest) {
  KernelState& k = e.k();
  auto& b = e.b();
  const Node& n = k.g.nodes[root];
  auto operand = [&](size_t i) -> const Buffer& { return k.buffers.at(n.inputs[i]); };
  if (n.op == OpKind::Sort) {
    Value* x = AbiTensor(e, operand(0), 0, "sort.x");
    Value* y = AbiTensor(e, dest, 0, "sort.y");
    b.CreateCall(GetRuntimeFn(k.m, RtFn::ts_rt_argsort),
                 {x, y, b.getInt32(static_cast<int32_t>(n.attrs.axis)),
                  b.getInt32(!n.attrs.ints.empty() && n.attrs.ints[0] ? 1 : 0)});
    return;
  }
  if (n.op == OpKind::Scatter) {
    Value* x = AbiTensor(e, operand(0), 0, "scatter.x");
    Value* ix = AbiTensor(e, operand(1), 0, "scatter.index");
    Value* src = AbiTensor(e, operand(2), 0, "scatter.src");
    Value* y = AbiTensor(e, dest, 0, "scatter.y");
    Value* rc = b.CreateCall(GetRuntimeFn(k.m, RtFn::ts_rt_scatter),
                             {x, ix, src, y, b.getInt32(static_cast<int32_t>(n.attrs.axis)),
                              b.getInt32(n.attrs.ints.empty() ? 0 : static_cast<int32_t>(n.attrs.ints[0])),
                              b.getInt32(n.attrs.ints.size() < 2 ? 1 : static_cast<int32_t>(n.attrs.ints[1]))});
    auto* fn = b.GetInsertBlock()->getParent();
    auto* bad = llvm::BasicBlock::Create(k.c, "scatter.bad", fn);
    auto* ok = llvm::BasicBlock::Create(k.c, "scatter.ok", fn);
    b.CreateCondBr(b.CreateICmpNE(rc, b.getInt32(0)), bad, ok);
    b.SetInsertPoint(bad);
    e.RaiseAt("scatter: index out of range for dimension " + std::to_string(n.attrs.axis), n.loc);
    b.CreateBr(ok);
    b.SetInsertPoint(ok);
    return;
  }
  k.errors.push_back(std::string("not a sort op: ") + graph::OpSpelling(n.op));
}

}  // namespace tcc::lower
