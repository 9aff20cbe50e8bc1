// Implements the outlined loop nests of nest.h.
#include "lower/nest.h"

#include <llvm/IR/Intrinsics.h>

#include "graph/shape.h"
#include "lower/runtime_decls.h"
#include "lower/stream.h"
#include "passes/plan_fusion.h"

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
  // Rows split into chunks, unless a row is one chunk (a static size of at
  // most kChunk): then the loop's bounds are constants (Emitter::Loop reads
  // its trip count off them).
  auto* nchunk_c = llvm::dyn_cast<llvm::ConstantInt>(nchunk);
  const bool split = chunked && !(nchunk_c && nchunk_c->isOne());
  e.Loop(fn->getArg(1), fn->getArg(2), [&](Value* t) {
    Value* nc = e.Cap(nchunk);
    Value* row = split ? nb.CreateUDiv(t, nc) : t;
    Value* chunk = split ? nb.CreateURem(t, nc) : nb.getInt64(0);
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
    Value* lo = split ? nb.CreateMul(chunk, nb.getInt64(kChunk)) : nb.getInt64(0);
    Value* hi = split ? nb.CreateBinaryIntrinsic(llvm::Intrinsic::smin, nb.CreateAdd(lo, nb.getInt64(kChunk)), in_sz)
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

void EmitReductionNest(Emitter& ke, const passes::FusedGroup& grp, const std::vector<Buffer>& dests) {
  KernelState& k = ke.k();
  auto& b = ke.b();
  const graph::Node& n = k.g.nodes[grp.root];
  const Buffer& dest = dests[0];
  ValueId in = n.inputs[0];
  const graph::Shape& ins = k.g.TypeOf(in).shape;
  std::vector<Value*> out_sizes, in_sizes;
  for (const auto& d : n.type.shape) out_sizes.push_back(ke.DimSize(d));
  for (const auto& d : ins) in_sizes.push_back(ke.DimSize(d));
  Value* work = Product(b, in_sizes, 0, in_sizes.size());

  if (!passes::SplitsFullReduction(k.g, grp)) {
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
  // (a sum in double for accuracy); the kernel combines the partials. The
  // group's siblings (full reductions over inputs of the same shape) reduce
  // the same rows in the same loop, each with its own accumulator.
  struct Red {
    const graph::Node* n;
    DType in_t, acc_t, chunk_t;
    llvm::Type *at, *ct;
    bool is_sum, fl;
    Value* partials;
    Value* acc = nullptr;      // in the nest function
    Value* any_nan = nullptr;  // in the nest function
  };
  std::vector<Red> reds;
  for (size_t r = 0; r <= grp.siblings.size(); ++r) {
    const graph::Node& rn = k.g.nodes[r == 0 ? grp.root : grp.siblings[r - 1]];
    Red red{&rn, k.g.TypeOf(rn.inputs[0]).dtype, DType::F64, DType::F64, nullptr, nullptr, false, false, nullptr};
    DType acc_t = rn.op == OpKind::Sum || rn.op == OpKind::Mean ? DType::F64 : red.in_t;
    if (!(acc_t == DType::F32 || acc_t == DType::F64) && rn.op != OpKind::Max && rn.op != OpKind::Min) acc_t = DType::I64;
    if (rn.op == OpKind::Sum && (rn.type.dtype == DType::I64 || rn.type.dtype == DType::I32)) acc_t = DType::I64;
    red.acc_t = acc_t;
    red.at = ElemType(k.c, acc_t);
    red.is_sum = rn.op == OpKind::Sum || rn.op == OpKind::Mean;
    red.chunk_t = red.is_sum && (red.in_t == DType::F32 || red.in_t == DType::F64) ? red.in_t : acc_t;
    red.ct = ElemType(k.c, red.chunk_t);
    red.fl = red.chunk_t == DType::F32 || red.chunk_t == DType::F64;
    red.partials = ke.EntryAlloca(llvm::ArrayType::get(red.at, kMaxSplit), "partials");
    reds.push_back(red);
  }
  Value* n0 = in_sizes[0];
  Value* parts = b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, n0, b.getInt64(kMaxSplit));

  llvm::Function* fn = NewNestFunction(k);
  Emitter e(k, fn, true);
  auto& nb = e.b();
  e.Loop(fn->getArg(1), fn->getArg(2), [&](Value* t) {
    Value* n0c = e.Cap(n0);
    Value* pc = e.Cap(parts);
    Value* lo = nb.CreateUDiv(nb.CreateMul(t, n0c), pc);
    Value* hi = nb.CreateUDiv(nb.CreateMul(nb.CreateAdd(t, nb.getInt64(1)), n0c), pc);
    for (Red& r : reds) {
      r.acc = e.EntryAlloca(r.ct, "pacc");
      const bool max = r.n->op == OpKind::Max;
      Value* init = r.is_sum ? llvm::Constant::getNullValue(r.ct)
                    : r.fl   ? static_cast<Value*>(llvm::ConstantFP::getInfinity(r.ct, max))
                             : llvm::ConstantInt::get(r.ct, max ? llvm::APInt::getSignedMinValue(r.ct->getIntegerBitWidth())
                                                                : llvm::APInt::getSignedMaxValue(r.ct->getIntegerBitWidth()));
      nb.CreateStore(init, r.acc);
      r.any_nan = !r.is_sum && r.fl ? e.NewNanFlag(r.ct) : nullptr;
    }
    std::vector<Value*> rest;
    for (size_t d = 1; d < ins.size(); ++d) rest.push_back(e.DimSize(ins[d]));
    auto each_index = [&](const std::function<void(const Index&)>& body) {  // rows [lo, hi), every element
      e.Loop(lo, hi, [&](Value* i0) {
        e.LoopNest(rest, [&](const Index& tail) {
          Index idx{i0};
          idx.insert(idx.end(), tail.begin(), tail.end());
          body(idx);
        });
      });
    };
    auto input_at = [&](const Red& r, const Index& idx) {
      return e.Convert(e.Eval(r.n->inputs[0], idx), r.in_t, r.chunk_t);
    };
    each_index([&](const Index& idx) {
      for (Red& r : reds) {
        Value* x = input_at(r, idx);
        Value* a = nb.CreateLoad(r.ct, r.acc);
        llvm::IRBuilder<>::FastMathFlagGuard guard(nb);
        llvm::FastMathFlags fmf;
        fmf.setAllowReassoc();
        nb.setFastMathFlags(fmf);
        const bool max = r.n->op == OpKind::Max;
        Value* v;
        if (r.is_sum) v = r.fl ? nb.CreateFAdd(a, x) : nb.CreateAdd(a, x);
        else if (r.fl) v = e.FloatMinMaxStep(max, a, x, r.any_nan);
        else v = nb.CreateBinaryIntrinsic(max ? llvm::Intrinsic::smax : llvm::Intrinsic::smin, a, x);
        nb.CreateStore(v, r.acc);
      }
    });
    for (Red& r : reds) {
      Value* slot = nb.CreateInBoundsGEP(r.at, e.Cap(r.partials), t);
      Value* part = nb.CreateLoad(r.ct, r.acc);
      if (r.any_nan)
        part = e.FloatMinMaxResult(part, r.any_nan, [&](const std::function<void(Value*)>& visit) {
          each_index([&](const Index& idx) { visit(input_at(r, idx)); });
        });
      nb.CreateStore(e.Convert(part, r.chunk_t, r.acc_t), slot);
    }
  });
  nb.CreateRetVoid();
  DispatchNest(ke, fn, e, parts, work);

  // Combine the partials in order (deterministic for a given thread-independent split).
  for (size_t ri = 0; ri < reds.size(); ++ri) {
    const Red& r = reds[ri];
    llvm::Type* at = r.at;
    Value* total = ke.EntryAlloca(at, "total");
    b.CreateStore(b.CreateLoad(at, r.partials), total);
    const bool fl = r.acc_t == DType::F32 || r.acc_t == DType::F64;
    const bool max = r.n->op == OpKind::Max;
    ke.Loop(b.getInt64(1), parts, [&](Value* t) {
      Value* x = b.CreateLoad(at, b.CreateInBoundsGEP(at, r.partials, t));
      Value* a = b.CreateLoad(at, total);
      Value* v;
      if (r.is_sum) v = fl ? b.CreateFAdd(a, x) : b.CreateAdd(a, x);
      else if (fl) v = b.CreateBinaryIntrinsic(max ? llvm::Intrinsic::maximum : llvm::Intrinsic::minimum, a, x);
      else v = b.CreateBinaryIntrinsic(max ? llvm::Intrinsic::smax : llvm::Intrinsic::smin, a, x);
      b.CreateStore(v, total);
    }, "p");
    Value* res = b.CreateLoad(at, total);
    if (r.n->op == OpKind::Mean) res = b.CreateFDiv(res, b.CreateSIToFP(work, at));
    Index zero(r.n->type.shape.size(), b.getInt64(0));
    ke.StoreElem(dests[ri], zero, ke.Convert(res, r.acc_t, dests[ri].dtype));
  }
}

}  // namespace tcc::lower
