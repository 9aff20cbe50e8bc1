// Implements KernelLowering's matmul: each operand as the strided view it
// denotes, read by BLAS directly when its matrix strides allow (NoTrans /
// Trans with a leading dimension) else copied contiguous; a float matmul
// with batch dims is one ts_rt_gemm_batched call; a permuted result is
// written in its consumer's layout (MatMulLayoutView).
#include "lower/kernel_lowering.h"

namespace tcc::lower {

// The matmul result under permute p, as a strided view of p's contiguous buffer.
Buffer KernelLowering::MatMulLayoutView(ValueId p, const Buffer& pbuf) {
  const Node& n = k_.g.nodes[p];
  int64_t r = static_cast<int64_t>(n.type.shape.size());
  std::vector<int64_t> perm(r);  // p's dim j is the matmul's dim perm[j]
  for (int64_t j = 0; j < r; ++j) perm[j] = j;
  if (n.op == OpKind::Transpose) std::swap(perm[(n.attrs.axes[0] + r) % r], perm[(n.attrs.axes[1] + r) % r]);
  else
    for (int64_t j = 0; j < r; ++j) perm[j] = (n.attrs.axes[j] + r) % r;
  Buffer v = pbuf;
  v.fresh_output = false;  // a strided view
  for (int64_t j = 0; j < r; ++j) {
    v.sizes[perm[j]] = pbuf.sizes[j];
    v.strides[perm[j]] = pbuf.strides[j];
  }
  return v;
}

// The strided view a matmul operand denotes (a buffer, or a transpose of one).
Buffer KernelLowering::OperandView(ValueId v) {
  if (auto sv = passes::StaticStridedView(k_.g, v, k_.plan.materialised)) return ke_->StridedBuffer(*sv);
  if (passes::IsMatrixTranspose(k_.g, v)) {
    Buffer b = k_.buffers.at(k_.g.nodes[v].inputs[0]);
    size_t r = b.sizes.size();
    std::swap(b.sizes[r - 1], b.sizes[r - 2]);
    std::swap(b.strides[r - 1], b.strides[r - 2]);
    return b;
  }
  return k_.buffers.at(v);
}

KernelLowering::BlasOperand KernelLowering::PrepareOperand(const Buffer& view, bool vec_lhs, bool vec_rhs) {
  auto& b = ke_->b();
  size_t r = view.sizes.size();
  Value *rows, *cols, *rs, *cs;
  if (vec_lhs) rows = b.getInt64(1), cols = view.sizes[0], rs = b.getInt64(0), cs = view.strides[0];
  else if (vec_rhs) rows = view.sizes[0], cols = b.getInt64(1), rs = view.strides[0], cs = b.getInt64(0);
  else rows = view.sizes[r - 2], cols = view.sizes[r - 1], rs = view.strides[r - 2], cs = view.strides[r - 1];
  auto one = b.getInt64(1);
  auto max1 = [&](Value* x) { return b.CreateSelect(b.CreateICmpSLT(x, one), one, x); };
  Value* row1 = b.CreateICmpSLE(rows, one);
  Value* col1 = b.CreateICmpSLE(cols, one);
  Value* ok_n = b.CreateAnd(b.CreateOr(b.CreateICmpEQ(cs, one), col1), b.CreateOr(b.CreateICmpSGE(rs, max1(cols)), row1));
  Value* ok_t = b.CreateAnd(b.CreateOr(b.CreateICmpEQ(rs, one), row1), b.CreateOr(b.CreateICmpSGE(cs, max1(rows)), col1));
  Value* ld_n = b.CreateSelect(row1, max1(cols), rs);
  Value* ld_t = b.CreateSelect(col1, max1(rows), cs);
  Value* direct = b.CreateOr(ok_n, ok_t);
  Value* need_copy = b.CreateNot(direct);
  // copy path: a contiguous version of the whole operand
  std::vector<Value*> cstrides = ContiguousStrides(view.sizes);
  Value* data = DataOrCopy(direct, view, cstrides, "mm.copy", "mm.operand");
  BlasOperand op;
  op.data = data;
  op.trans = b.CreateSelect(b.CreateAnd(ok_t, b.CreateNot(ok_n)), b.getInt32(112), b.getInt32(111));
  op.ld = b.CreateSelect(need_copy, max1(cols), b.CreateSelect(ok_n, ld_n, ld_t));
  size_t nb = (vec_lhs || vec_rhs) ? 0 : r - 2;
  for (size_t d = 0; d < nb; ++d) op.batch_strides.push_back(b.CreateSelect(need_copy, cstrides[d], view.strides[d]));
  return op;
}

Value* KernelLowering::AllocRaw(DType t, const std::vector<Value*>& sizes) {
  auto& b = ke_->b();
  Value* bytes = b.CreateMul(Numel(sizes), b.getInt64(graph::DTypeBytes(t)));
  bytes = b.CreateAnd(b.CreateAdd(bytes, b.getInt64(127)), b.getInt64(~int64_t{63}));
  return b.CreateCall(GetLibcFn(k_.m, "aligned_alloc"), {b.getInt64(64), bytes});
}

void KernelLowering::EmitMatMul(ValueId root, const Buffer& c) {
  auto& b = ke_->b();
  const Node& n = k_.g.nodes[root];
  Buffer A = OperandView(n.inputs[0]);
  Buffer B = OperandView(n.inputs[1]);
  const auto& sa = k_.g.TypeOf(n.inputs[0]).shape;
  const auto& sb = k_.g.TypeOf(n.inputs[1]).shape;
  bool va = sa.size() == 1, vb = sb.size() == 1;
  Value* M = va ? b.getInt64(1) : A.sizes[A.sizes.size() - 2];
  Value* K = A.sizes.back();
  Value* N = vb ? b.getInt64(1) : B.sizes.back();
  size_t out_batch = n.type.shape.size() - (va ? 0 : 1) - (vb ? 0 : 1);
  std::vector<Value*> bsizes;
  for (size_t d = 0; d < out_batch; ++d) bsizes.push_back(ke_->DimSize(n.type.shape[d]));
  DType t = n.type.dtype;
  bool fl = t == DType::F32 || t == DType::F64;
  BlasOperand pa = PrepareOperand(A, va, false), pb = PrepareOperand(B, false, vb);
  auto batch_offset = [&](const graph::Shape& s, const BlasOperand& op, const Index& bidx) {
    Value* off = b.getInt64(0);
    size_t nb = op.batch_strides.size();
    for (size_t d = 0; d < nb; ++d) {
      bool bcast = s[d].is_static() && s[d].size == 1;
      if (!bcast) off = b.CreateAdd(off, b.CreateMul(bidx[d + (out_batch - nb)], op.batch_strides[d]));
    }
    return off;
  };
  Value* mn = b.CreateMul(M, N);
  llvm::Type* et = StoreType(k_.c, t);
  // C's row stride and batch strides: c's own (a matmul written in a permuted layout), else contiguous.
  bool c_strided = !va && !vb;
  Value* ldc = c_strided ? c.strides[c.strides.size() - 2] : N;
  ldc = b.CreateSelect(b.CreateICmpSLT(ldc, b.getInt64(1)), b.getInt64(1), ldc);
  std::vector<Value*> cbs(out_batch);
  Value* inner = mn;
  for (size_t d = out_batch; d-- > 0;) {
    cbs[d] = c_strided ? c.strides[d] : inner;
    inner = b.CreateMul(inner, bsizes[d]);
  }
  auto body = [&](const Index& bidx) {
    Value* co = b.getInt64(0);
    for (size_t d = 0; d < bidx.size(); ++d) co = b.CreateAdd(co, b.CreateMul(bidx[d], cbs[d]));
    Value* ap = b.CreateInBoundsGEP(et, pa.data, batch_offset(sa, pa, bidx));
    Value* bp = b.CreateInBoundsGEP(et, pb.data, batch_offset(sb, pb, bidx));
    Value* cp = b.CreateInBoundsGEP(et, c.data, co);
    if (fl) {
      // trans: CBLAS's 111 (no) / 112 (yes) -> 0 / 1
      Value* ta = b.CreateSub(pa.trans, b.getInt32(111));
      Value* tb = b.CreateSub(pb.trans, b.getInt32(111));
      b.CreateCall(GetRuntimeFn(k_.m, t == DType::F32 ? RtFn::ts_rt_gemm_f32 : RtFn::ts_rt_gemm_f64),
                   {ta, tb, M, N, K, ap, pa.ld, bp, pb.ld, cp, ldc});
      return;
    }
    // integer matmul: plain loops (exact, no BLAS); operands read through their views
    auto at = [&](const BlasOperand& op, Value* base, Value* i, Value* j) {
      // element (i, j) of a matrix read as NoTrans (i*ld + j) or Trans (j*ld + i)
      Value* nt = b.CreateICmpEQ(op.trans, b.getInt32(111));
      Value* off = b.CreateSelect(nt, b.CreateAdd(b.CreateMul(i, op.ld), j), b.CreateAdd(b.CreateMul(j, op.ld), i));
      Value* v = b.CreateLoad(et, b.CreateInBoundsGEP(et, base, off));
      return t == DType::Bool ? b.CreateICmpNE(v, b.getInt8(0)) : v;
    };
    llvm::Type* it = ElemType(k_.c, t);
    Value* acc = ke_->EntryAlloca(it, "macc");
    Buffer bc{cp, {M, N}, {ldc, b.getInt64(1)}, t};
    ke_->LoopNest({M, N}, [&](const Index& ij) {
      b.CreateStore(llvm::Constant::getNullValue(it), acc);
      ke_->Loop(b.getInt64(0), K, [&](Value* kk) {
        Value* x = at(pa, ap, ij[0], kk);
        Value* y = at(pb, bp, kk, ij[1]);
        Value* prod = t == DType::Bool ? b.CreateAnd(x, y) : b.CreateMul(x, y);
        Value* cur = b.CreateLoad(it, acc);
        b.CreateStore(t == DType::Bool ? b.CreateOr(cur, prod) : b.CreateAdd(cur, prod), acc);
      }, "k");
      ke_->StoreElem(bc, ij, b.CreateLoad(it, acc));
    });
  };
  // K == 0: the product is all zeros (BLAS would leave C unset); C's buffer is
  // contiguous then (a matmul written in a permuted layout fills all of it).
  // Otherwise BLAS writes every element: no memset pass.
  auto* zero = llvm::BasicBlock::Create(k_.c, "mm.zero", k_.kernel);
  auto* run = llvm::BasicBlock::Create(k_.c, "mm.run", k_.kernel);
  auto* done = llvm::BasicBlock::Create(k_.c, "mm.done", k_.kernel);
  Value* empty = b.CreateOr(b.CreateICmpEQ(M, b.getInt64(0)), b.CreateICmpEQ(N, b.getInt64(0)));
  auto* nonempty = llvm::BasicBlock::Create(k_.c, "mm.nonempty", k_.kernel);
  b.CreateCondBr(empty, done, nonempty);
  b.SetInsertPoint(nonempty);
  b.CreateCondBr(b.CreateICmpEQ(K, b.getInt64(0)), zero, run);
  b.SetInsertPoint(zero);
  b.CreateMemSet(c.data, b.getInt8(0), b.CreateMul(b.CreateMul(Numel(bsizes), mn), b.getInt64(graph::DTypeBytes(t))),
                 llvm::MaybeAlign(1));
  b.CreateBr(done);
  b.SetInsertPoint(run);
  if (fl && out_batch > 0) EmitBatchedGemm(t, M, N, K, pa, pb, sa, sb, bsizes, cbs, ldc, c);
  else ke_->LoopNest(bsizes, body);
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

// A float matmul with batch dims: one ts_rt_gemm_batched call (the runtime
// spreads the batch over the threads) with each operand's batch strides
// (0 where it broadcasts) and C's (contiguous, or a permuted layout).
void KernelLowering::EmitBatchedGemm(DType t, Value* M, Value* N, Value* K, const BlasOperand& pa, const BlasOperand& pb,
                     const graph::Shape& sa, const graph::Shape& sb, const std::vector<Value*>& bsizes,
                     const std::vector<Value*>& c_strides, Value* ldc, const Buffer& c) {
  auto& b = ke_->b();
  size_t nb = bsizes.size();
  Value* arr = ke_->EntryAlloca(llvm::ArrayType::get(b.getInt64Ty(), 4 * nb), "mm.batch");
  auto put = [&](size_t i, Value* v) { b.CreateStore(v, b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), arr, i)); };
  auto operand = [&](const graph::Shape& s, const BlasOperand& op, size_t base) {
    size_t n_op = op.batch_strides.size();
    for (size_t d = 0; d < nb; ++d) {
      Value* st = b.getInt64(0);
      if (d >= nb - n_op) {
        size_t od = d - (nb - n_op);
        if (!(s[od].is_static() && s[od].size == 1)) st = op.batch_strides[od];
      }
      put(base + d, st);
    }
  };
  for (size_t d = 0; d < nb; ++d) put(d, bsizes[d]);
  operand(sa, pa, nb);
  operand(sb, pb, 2 * nb);
  for (size_t d = 0; d < nb; ++d) put(3 * nb + d, c_strides[d]);
  b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_gemm_batched),
               {b.getInt32(t == DType::F64 ? 1 : 0), b.CreateSub(pa.trans, b.getInt32(111)),
                b.CreateSub(pb.trans, b.getInt32(111)), M, N, K, pa.data, pa.ld, pb.data, pb.ld, c.data, ldc,
                b.getInt32(static_cast<int>(nb)), arr});
}

}  // namespace tcc::lower
