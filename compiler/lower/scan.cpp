// Implements EmitScanNest (nest.h): cumsum and cumprod along attrs.axis. One
// work item per position of the other axes (in parallel for large tensors);
// each walks the axis in order, computing the fused operand inline, and
// stores every partial result. As the runtime (runtime/tensor/scan.cpp) and
// torch's CPU kernel, floats accumulate in double and round each partial to
// the output dtype; integers wrap.
#include "graph/shape.h"
#include "lower/nest.h"

namespace tcc::lower {

using graph::OpKind;
using llvm::Value;

void EmitScanNest(Emitter& ke, const passes::FusedGroup& grp, const Buffer& dest) {
  KernelState& k = ke.k();
  auto& b = ke.b();
  const graph::Node& n = k.g.nodes[grp.root];
  ValueId in = n.inputs[0];
  const graph::Shape& shape = n.type.shape;
  int64_t rank = static_cast<int64_t>(shape.size());
  int64_t ax = rank == 0 ? 0 : n.attrs.axis;
  DType in_t = k.g.TypeOf(in).dtype, out_t = n.type.dtype;
  DType acc_t = (out_t == DType::F32 || out_t == DType::F64) ? DType::F64 : out_t;
  bool sum = n.op == OpKind::CumSum;

  Value* items = b.getInt64(1);
  Value* work = b.getInt64(1);
  for (int64_t d = 0; d < rank; ++d) {
    Value* sz = ke.DimSize(shape[d]);
    work = b.CreateMul(work, sz);
    if (d != ax) items = b.CreateMul(items, sz);
  }

  llvm::Function* fn = NewNestFunction(k);
  Emitter e(k, fn, true);
  auto& nb = e.b();
  llvm::Type* at = ElemType(k.c, acc_t);
  bool fl = acc_t == DType::F64;
  e.Loop(fn->getArg(1), fn->getArg(2), [&](Value* t) {
    std::vector<Value*> outer_sizes;
    for (int64_t d = 0; d < rank; ++d)
      if (d != ax) outer_sizes.push_back(e.DimSize(shape[d]));
    Index outer = e.Unflatten(t, outer_sizes);
    Value* acc = e.EntryAlloca(at, "scan");
    nb.CreateStore(fl ? static_cast<Value*>(llvm::ConstantFP::get(at, sum ? 0.0 : 1.0))
                      : llvm::ConstantInt::get(at, sum ? 0 : 1),
                   acc);
    Value* len = rank == 0 ? nb.getInt64(1) : e.DimSize(shape[ax]);
    e.Loop(nb.getInt64(0), len, [&](Value* j) {
      Index idx = outer;
      if (rank) idx.insert(idx.begin() + ax, j);
      Value* x = e.Convert(e.Convert(e.Eval(in, idx), in_t, out_t), out_t, acc_t);
      Value* a = nb.CreateLoad(at, acc);
      Value* v;
      if (acc_t == DType::Bool) v = sum ? nb.CreateOr(a, x) : nb.CreateAnd(a, x);
      else if (sum) v = fl ? nb.CreateFAdd(a, x) : nb.CreateAdd(a, x);
      else v = fl ? nb.CreateFMul(a, x) : nb.CreateMul(a, x);
      nb.CreateStore(v, acc);
      e.StoreElem(dest, idx, e.Convert(e.Convert(v, acc_t, out_t), out_t, dest.dtype));
    }, "k");
  });
  nb.CreateRetVoid();
  DispatchNest(ke, fn, e, items, work);
}

}  // namespace tcc::lower
