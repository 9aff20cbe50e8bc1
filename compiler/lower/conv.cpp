// Implements EmitWindowOp: a Window node (conv, max/avg/adaptive pooling,
// pad) of the graph becomes one call of the runtime's kernel (ts_rt_conv,
// ts_rt_pool, ts_rt_pad: im2col + BLAS gemm or Winograd, direct pooling loops), passing
// its operands' buffers as ts_tensor views (a 1-d or unbatched operand seen
// as [N, C, H, W], lang/semantics/window.h) and its parameters as a constant
// int64 array. The fusion plan gives every operand and the result a buffer.
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>

#include "lower/emitter.h"
#include "lower/nest.h"
#include "lower/runtime_decls.h"
#include "semantics/window.h"

namespace tcc::lower {

using graph::Node;
using graph::OpKind;
using llvm::Value;

// A ts_tensor (stack slot) describing `buf`; with `spatial` > 0, unit dims
// are inserted so that it is 4-d (a 1-d op's H, an unbatched operand's N).
Value* AbiTensor(Emitter& e, const Buffer& buf, int spatial, const char* name) {
  auto& b = e.b();
  auto& c = e.k().c;
  llvm::StructType* st = TensorStructType(c);
  Value* t = e.EntryAlloca(st, name);
  std::vector<Value*> sizes, strides;
  size_t r = buf.sizes.size();
  bool batched = spatial == 0 || static_cast<int>(r) == spatial + 2;
  if (spatial > 0 && !batched) sizes.push_back(b.getInt64(1)), strides.push_back(b.getInt64(0));
  for (size_t i = 0; i < r; ++i) {
    if (spatial == 1 && i + 1 == r) sizes.push_back(b.getInt64(1)), strides.push_back(b.getInt64(0));
    sizes.push_back(buf.sizes[i]);
    strides.push_back(buf.strides[i]);
  }
  b.CreateStore(buf.data, b.CreateStructGEP(st, t, kTensorData));
  for (size_t i = 0; i < sizes.size(); ++i) {
    b.CreateStore(sizes[i], b.CreateInBoundsGEP(st, t, {b.getInt32(0), b.getInt32(kTensorSizes), b.getInt32(i)}));
    b.CreateStore(strides[i], b.CreateInBoundsGEP(st, t, {b.getInt32(0), b.getInt32(kTensorStrides), b.getInt32(i)}));
  }
  b.CreateStore(b.getInt32(static_cast<int32_t>(sizes.size())), b.CreateStructGEP(st, t, kTensorNdim));
  b.CreateStore(b.getInt32(static_cast<int32_t>(buf.dtype)), b.CreateStructGEP(st, t, kTensorDtype));
  b.CreateStore(llvm::ConstantPointerNull::get(b.getPtrTy()), b.CreateStructGEP(st, t, kTensorDtype + 1));
  return t;
}

namespace {

// A private constant int64 array (the op's parameters).
Value* ConstInts(Emitter& e, const std::vector<int64_t>& v, const std::string& name) {
  auto& c = e.k().c;
  std::vector<uint64_t> u(v.begin(), v.end());
  if (u.empty()) u.push_back(0);
  auto* init = llvm::ConstantDataArray::get(c, llvm::ArrayRef<uint64_t>(u));
  return new llvm::GlobalVariable(e.k().m, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init, name);
}

}  // namespace

void EmitWindowOp(Emitter& e, ValueId root, const Buffer& dest) {
  KernelState& k = e.k();
  auto& b = e.b();
  const Node& n = k.g.nodes[root];
  auto operand = [&](size_t i) -> const Buffer& { return k.buffers.at(n.inputs[i]); };
  int spatial = static_cast<int>(n.attrs.axis);
  std::string tag = k.name + ".win" + std::to_string(root);
  switch (n.op) {
    case OpKind::Conv: {
      Value* x = AbiTensor(e, operand(0), spatial, "conv.x");
      Value* w = AbiTensor(e, operand(1), spatial, "conv.w");
      Value* bias = n.inputs.size() > 2 ? AbiTensor(e, operand(2), 0, "conv.b")
                                        : llvm::ConstantPointerNull::get(b.getPtrTy());
      Value* y = AbiTensor(e, dest, spatial, "conv.y");
      b.CreateCall(GetRuntimeFn(k.m, RtFn::ts_rt_conv), {x, w, bias, y, ConstInts(e, n.attrs.ints, tag)});
      return;
    }
    case OpKind::MaxPool:
    case OpKind::AvgPool:
    case OpKind::AdaptiveAvgPool: {
      sem::WindowKind kind = n.op == OpKind::MaxPool   ? sem::WindowKind::MaxPool
                             : n.op == OpKind::AvgPool ? sem::WindowKind::AvgPool
                                                       : sem::WindowKind::AdaptiveAvgPool;
      Value* x = AbiTensor(e, operand(0), spatial, "pool.x");
      Value* y = AbiTensor(e, dest, spatial, "pool.y");
      b.CreateCall(GetRuntimeFn(k.m, RtFn::ts_rt_pool),
                   {b.getInt32(static_cast<int32_t>(kind)), x, y, ConstInts(e, n.attrs.ints, tag)});
      return;
    }
    case OpKind::Sort:
    case OpKind::Scatter: EmitSortOp(e, root, dest); return;
    case OpKind::Pad: {
      Value* x = AbiTensor(e, operand(0), 0, "pad.x");
      Value* y = AbiTensor(e, dest, 0, "pad.y");
      b.CreateCall(GetRuntimeFn(k.m, RtFn::ts_rt_pad),
                   {b.getInt32(static_cast<int32_t>(n.attrs.axis)), x, y, ConstInts(e, n.attrs.ints, tag),
                    b.getInt32(static_cast<int32_t>(n.attrs.ints.size())),
                    llvm::ConstantFP::get(b.getDoubleTy(), n.attrs.fvalue)});
      return;
    }
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0
#include "semantics/op_cases.inc"
      break;
  }
  k.errors.push_back(std::string("not a window op: ") + graph::OpSpelling(n.op));
}

}  // namespace tcc::lower
