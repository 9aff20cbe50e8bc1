// Implements the outlined loop nests of nest.h.
#include "lower/nest.h"

#include <llvm/IR/Intrinsics.h>

#include "graph/shape.h"
#include "lower/runtime_decls.h"
#include "lower/stream.h"

namespace tcc::lower {

using graph::OpKind;
using llvm::Value;

namespace {

constexpr int64_t kChunk = 16384;         // elements of the innermost loop per work item
constexpr int64_t kParallelWork = 32768;  // below this many elements a nest runs serially
constexpr int64_t kMaxSplit = 64;         // partial results of a split reduction

Value* Product(llvm::IRBuilder<>& b, const std::vector<Value*>& v, size_t begin, size_t end) {
  Value* p = b.getInt64(1);
  for (size_t i = begin; i < end; ++i) p = b.CreateMul(p, v[i]);
  return p;
}

}  // namespace

llvm::Function* NewNestFunction(KernelState& k) {
  auto* ptr = llvm::PointerType::get(k.c, 0);
  auto* i64 = llvm::Type::getInt64Ty(k.c);
  auto* ft = llvm::FunctionType::get(llvm::Type::getVoidTy(k.c), {ptr, i64, i64}, false);
  int n = k.nests++;  // counted, not searched for: the module holds every kernel's functions
  auto* fn = llvm::Function::Create(ft, llvm::Function::InternalLinkage, k.name + ".nest" + std::to_string(n), k.m);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  fn->addParamAttr(0, llvm::Attribute::NoAlias);
  return fn;
}

void DispatchNest(Emitter& ke, llvm::Function* nest, const Emitter& ne, Value* items, Value* work) {
  auto& b = ke.b();
  const auto& caps = ne.captured();
  Value* ctx = ke.EntryAlloca(llvm::ArrayType::get(b.getInt64Ty(), std::max<size_t>(caps.size(), 1)), "ctx");
  for (size_t i = 0; i < caps.size(); ++i)
    b.CreateStore(caps[i], b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), ctx, i));
  KernelState& k = ke.k();
  auto* fn = ke.b().GetInsertBlock()->getParent();
  auto* serial = llvm::BasicBlock::Create(k.c, "serial", fn);
  auto* parallel = llvm::BasicBlock::Create(k.c, "parallel", fn);
  auto* done = llvm::BasicBlock::Create(k.c, "dispatched", fn);
  b.CreateCondBr(b.CreateOr(b.CreateICmpSLT(work, b.getInt64(kParallelWork)), b.CreateICmpSLT(items, b.getInt64(2))),
                 serial, parallel);
  b.SetInsertPoint(serial);
  b.CreateCall(nest, {ctx, b.getInt64(0), items});
  b.CreateBr(done);
  b.SetInsertPoint(parallel);
  // grain: enough items that one task touches at least kParallelWork/4 elements
  Value* per_item = b.CreateSDiv(work, items);
  per_item = b.CreateSelect(b.CreateICmpSLT(per_item, b.getInt64(1)), b.getInt64(1), per_item);
  Value* grain = b.CreateSDiv(b.getInt64(kParallelWork / 4), per_item);
  grain = b.CreateSelect(b.CreateICmpSLT(grain, b.getInt64(1)), b.getInt64(1), grain);
  b.CreateCall(GetRuntimeFn(k.m, RtFn::ts_rt_parallel_for), {items, grain, nest, ctx});
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

void EmitElementwiseNest(Emitter& ke, const graph::Shape& shape, ValueId value, const Buffer& dest,
                         const DestMap& map, const passes::FusedGroup* grp) {
  KernelState& k = ke.k();
  auto& b = ke.b();
  size_t r = shape.size();
  std::vector<Value*> sizes;
  for (const auto& d : shape) sizes.push_back(ke.DimSize(d));
  Value* rows = r ? Product(b, sizes, 0, r - 1) : b.getInt64(1);
  Value* inner = r ? sizes[r - 1] : b.getInt64(1);
  bool chunked = !grp || grp->hoisted.empty();
  Value* nchunk = chunked ? b.CreateSDiv(b.CreateAdd(inner, b.getInt64(kChunk - 1)), b.getInt64(kChunk)) : b.getInt64(1);
  nchunk = b.CreateSelect(b.CreateICmpSLT(nchunk, b.getInt64(1)), b.getInt64(1), nchunk);
  Value* items = b.CreateMul(rows, nchunk);
  Value* work = b.CreateMul(rows, inner);

  llvm::Function* fn = NewNestFunction(k);
  Emitter e(k, fn, true);
  auto& nb = e.b();
  DType vt = k.g.TypeOf(value).dtype;
  bool stream = !map && StreamsDest(k, shape, dest, grp);  // lower/stream.h
  e.Loop(fn->getArg(1), fn->getArg(2), [&](Value* t) {
    Value* nc = e.Cap(nchunk);
    Value* row = chunked ? nb.CreateUDiv(t, nc) : t;
    Value* chunk = chunked ? nb.CreateURem(t, nc) : nb.getInt64(0);
    std::vector<Value*> outer_sizes;
    for (size_t d = 0; d + 1 < r; ++d) outer_sizes.push_back(e.DimSize(shape[d]));
    Index outer = e.Unflatten(row, outer_sizes);
    if (grp && !grp->hoisted.empty()) {
      Index first = outer;
      first.push_back(nb.getInt64(0));
      if (!map && grp->row_cached >= 0) e.SetRowCache(grp->row_cached, dest);
      e.ComputeHoisted(*grp, first);
    }
    Value* in_sz = e.Cap(inner);
    Value* lo = chunked ? nb.CreateMul(chunk, nb.getInt64(kChunk)) : nb.getInt64(0);
    Value* hi = chunked ? nb.CreateBinaryIntrinsic(llvm::Intrinsic::smin, nb.CreateAdd(lo, nb.getInt64(kChunk)), in_sz)
                        : in_sz;
    auto elem = [&](Value* i) {
      Index idx = outer;
      if (r) idx.push_back(i);
      return e.Convert(e.Eval(value, idx), vt, dest.dtype);
    };
    if (stream) {
      EmitStreamedRow(e, dest, outer, lo, hi, elem);
    } else {
      e.Loop(lo, hi, [&](Value* i) {
        Index idx = outer;
        if (r) idx.push_back(i);
        e.StoreElem(dest, map ? map(e, idx) : idx, elem(i));
      }, "j");
    }
  });
  nb.CreateRetVoid();
  DispatchNest(ke, fn, e, items, work);
}

void EmitReductionNest(Emitter& ke, const passes::FusedGroup& grp, const Buffer& dest) {
  KernelState& k = ke.k();
  auto& b = ke.b();
  const graph::Node& n = k.g.nodes[grp.root];
  ValueId in = n.inputs[0];
  const graph::Shape& ins = k.g.TypeOf(in).shape;
  std::vector<Value*> out_sizes, in_sizes;
  for (const auto& d : n.type.shape) out_sizes.push_back(ke.DimSize(d));
  for (const auto& d : ins) in_sizes.push_back(ke.DimSize(d));
  Value* work = Product(b, in_sizes, 0, in_sizes.size());
  auto out_numel = graph::StaticNumel(n.type.shape);
  auto axes = graph::NormalizeAxes(n.attrs.axes, ins.size()).value_or(std::vector<int64_t>{});
  bool splittable = out_numel && *out_numel == 1 && !ins.empty() && axes.size() == ins.size() &&
                    (n.op == OpKind::Sum || n.op == OpKind::Max || n.op == OpKind::Min || n.op == OpKind::Mean) &&
                    grp.hoisted.empty() && !(ins[0].is_static() && ins[0].size < 4096) &&
                    k.g.TypeOf(in).dtype != DType::Bool;

  if (!splittable) {
    Value* items = Product(b, out_sizes, 0, out_sizes.size());
    llvm::Function* fn = NewNestFunction(k);
    Emitter e(k, fn, true);
    e.Loop(fn->getArg(1), fn->getArg(2), [&](Value* t) {
      std::vector<Value*> osz;
      for (const auto& d : n.type.shape) osz.push_back(e.DimSize(d));
      Index idx = e.Unflatten(t, osz);
      e.ComputeHoisted(grp, idx);
      e.StoreElem(dest, idx, e.Convert(e.EmitReduction(grp.root, idx), n.type.dtype, dest.dtype));
    });
    e.b().CreateRetVoid();
    DispatchNest(ke, fn, e, items, work);
    return;
  }

  // Split: item t reduces rows [t*n0/T, (t+1)*n0/T) of axis 0 into partial[t]
  // (a sum in double for accuracy); the kernel combines the partials.
  DType acc_t = n.op == OpKind::Sum || n.op == OpKind::Mean ? DType::F64 : k.g.TypeOf(in).dtype;
  if (!(acc_t == DType::F32 || acc_t == DType::F64) && n.op != OpKind::Max && n.op != OpKind::Min) acc_t = DType::I64;
  if (n.op == OpKind::Sum && (n.type.dtype == DType::I64 || n.type.dtype == DType::I32)) acc_t = DType::I64;
  llvm::Type* at = ElemType(k.c, acc_t);
  Value* partials = ke.EntryAlloca(llvm::ArrayType::get(at, kMaxSplit), "partials");
  Value* n0 = in_sizes[0];
  Value* parts = b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, n0, b.getInt64(kMaxSplit));

  // A sub-reduction node over the rows of one chunk: same op over all axes.
  llvm::Function* fn = NewNestFunction(k);
  Emitter e(k, fn, true);
  auto& nb = e.b();
  e.Loop(fn->getArg(1), fn->getArg(2), [&](Value* t) {
    Value* n0c = e.Cap(n0);
    Value* pc = e.Cap(parts);
    Value* lo = nb.CreateUDiv(nb.CreateMul(t, n0c), pc);
    Value* hi = nb.CreateUDiv(nb.CreateMul(nb.CreateAdd(t, nb.getInt64(1)), n0c), pc);
    DType in_t = k.g.TypeOf(in).dtype;
    DType chunk_t = (n.op == OpKind::Sum || n.op == OpKind::Mean) && (in_t == DType::F32 || in_t == DType::F64) ? in_t : acc_t;
    llvm::Type* ct = ElemType(k.c, chunk_t);
    Value* acc = e.EntryAlloca(ct, "pacc");
    bool is_sum = n.op == OpKind::Sum || n.op == OpKind::Mean;
    bool fl = chunk_t == DType::F32 || chunk_t == DType::F64;
    Value* init = is_sum ? llvm::Constant::getNullValue(ct)
                  : fl   ? static_cast<Value*>(llvm::ConstantFP::getInfinity(ct, n.op == OpKind::Max))
                         : llvm::ConstantInt::get(ct, n.op == OpKind::Max ? llvm::APInt::getSignedMinValue(ct->getIntegerBitWidth())
                                                                         : llvm::APInt::getSignedMaxValue(ct->getIntegerBitWidth()));
    nb.CreateStore(init, acc);
    Value* any_nan = !is_sum && fl ? e.NewNanFlag(ct) : nullptr;
    std::vector<Value*> rest;
    for (size_t d = 1; d < ins.size(); ++d) rest.push_back(e.DimSize(ins[d]));
    e.Loop(lo, hi, [&](Value* i0) {
      e.LoopNest(rest, [&](const Index& tail) {
        Index idx{i0};
        idx.insert(idx.end(), tail.begin(), tail.end());
        Value* x = e.Convert(e.Eval(in, idx), in_t, chunk_t);
        Value* a = nb.CreateLoad(ct, acc);
        llvm::IRBuilder<>::FastMathFlagGuard guard(nb);
        llvm::FastMathFlags fmf;
        fmf.setAllowReassoc();
        nb.setFastMathFlags(fmf);
        Value* v;
        if (is_sum) v = fl ? nb.CreateFAdd(a, x) : nb.CreateAdd(a, x);
        else if (fl) v = e.FloatMinMaxStep(n.op == OpKind::Max, a, x, any_nan);
        else v = nb.CreateBinaryIntrinsic(n.op == OpKind::Max ? llvm::Intrinsic::smax : llvm::Intrinsic::smin, a, x);
        nb.CreateStore(v, acc);
      });
    });
    Value* slot = nb.CreateInBoundsGEP(at, e.Cap(partials), t);
    Value* part = nb.CreateLoad(ct, acc);
    if (any_nan) part = e.FloatMinMaxResult(part, any_nan);
    nb.CreateStore(e.Convert(part, chunk_t, acc_t), slot);
  });
  nb.CreateRetVoid();
  DispatchNest(ke, fn, e, parts, work);

  // Combine the partials in order (deterministic for a given thread-independent split).
  Value* total = ke.EntryAlloca(at, "total");
  b.CreateStore(b.CreateLoad(at, partials), total);
  ke.Loop(b.getInt64(1), parts, [&](Value* t) {
    Value* x = b.CreateLoad(at, b.CreateInBoundsGEP(at, partials, t));
    Value* a = b.CreateLoad(at, total);
    bool fl = acc_t == DType::F32 || acc_t == DType::F64;
    Value* v;
    if (n.op == OpKind::Sum || n.op == OpKind::Mean) v = fl ? b.CreateFAdd(a, x) : b.CreateAdd(a, x);
    else if (fl) v = b.CreateBinaryIntrinsic(n.op == OpKind::Max ? llvm::Intrinsic::maximum : llvm::Intrinsic::minimum, a, x);
    else v = b.CreateBinaryIntrinsic(n.op == OpKind::Max ? llvm::Intrinsic::smax : llvm::Intrinsic::smin, a, x);
    b.CreateStore(v, total);
  }, "p");
  Value* res = b.CreateLoad(at, total);
  if (n.op == OpKind::Mean) res = b.CreateFDiv(res, b.CreateSIToFP(work, at));
  Index zero(n.type.shape.size(), b.getInt64(0));
  ke.StoreElem(dest, zero, ke.Convert(res, acc_t, dest.dtype));
}

}  // namespace tcc::lower
