// Implements LowerGraph: the kernel function's prologue (input tensors,
// symbolic sizes, scalars), a buffer per materialised value, one nest per
// fusion group in plan order, matmul through the runtime's BLAS entry, and the
// epilogue (duplicate outputs, freeing temporaries, the error status).
#include "lower/lower.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "graph/shape.h"
#include "lower/emitter.h"
#include "lower/nest.h"
#include "lower/runtime_decls.h"

namespace tcc::lower {

using graph::Node;
using graph::OpKind;
using llvm::Value;

namespace {

class KernelLowering {
 public:
  KernelLowering(KernelState& k) : k_(k) {}

  void Run() {
    auto& c = k_.c;
    auto* ptr = llvm::PointerType::get(c, 0);
    auto* i32 = llvm::Type::getInt32Ty(c);
    auto* ft = llvm::FunctionType::get(i32, {ptr, i32, ptr, i32, ptr, i32}, false);
    k_.kernel = llvm::Function::Create(ft, llvm::Function::ExternalLinkage, k_.name, k_.m);
    k_.kernel->addFnAttr(llvm::Attribute::NoUnwind);
    llvm::BasicBlock::Create(c, "entry", k_.kernel);
    ke_ = std::make_unique<Emitter>(k_, k_.kernel, false);
    auto& b = ke_->b();
    b.SetInsertPoint(&k_.kernel->getEntryBlock());
    k_.err_flag = b.CreateAlloca(i32, nullptr, "err");
    b.CreateStore(b.getInt32(0), k_.err_flag);
    BindInputs();
    for (const auto& grp : k_.plan.groups) EmitGroup(grp);
    FinishOutputs();
    for (Value* p : temps_) b.CreateCall(GetLibcFn(k_.m, "free"), {p});
    b.CreateRet(b.CreateZExt(b.CreateICmpNE(b.CreateLoad(i32, k_.err_flag), b.getInt32(0)), i32));
  }

 private:
  Value* TensorField(Value* base, Value* index, unsigned field, unsigned sub = ~0u) {
    auto& b = ke_->b();
    auto* st = TensorStructType(k_.c);
    Value* t = b.CreateInBoundsGEP(st, base, index);
    if (sub == ~0u) return b.CreateStructGEP(st, t, field);
    return b.CreateInBoundsGEP(st, t, {b.getInt32(0), b.getInt32(field), b.getInt32(sub)});
  }

  void BindInputs() {
    auto& b = ke_->b();
    Value* inputs = k_.kernel->getArg(0);
    Value* scalars = k_.kernel->getArg(2);
    std::vector<bool> needs_contig(k_.g.nodes.size(), false);
    for (const Node& n : k_.g.nodes) {
      if (n.op == OpKind::Reshape || n.op == OpKind::MatMul)
        for (ValueId in : n.inputs) needs_contig[in] = true;
    }
    int max_scalar = -1;
    for (size_t v = 0; v < k_.g.nodes.size(); ++v) {
      const Node& n = k_.g.nodes[v];
      if (n.op == OpKind::ScalarInput) max_scalar = std::max(max_scalar, n.attrs.index);
      if (n.op != OpKind::Input) continue;
      Value* idx = b.getInt64(n.attrs.index);
      Buffer buf;
      buf.dtype = n.type.dtype;
      buf.data = b.CreateLoad(b.getPtrTy(), TensorField(inputs, idx, kTensorData), n.name + ".data");
      for (size_t d = 0; d < n.type.shape.size(); ++d) {
        const graph::Dim& dim = n.type.shape[d];
        if (!dim.is_static() && !k_.syms.count(dim.sym))
          k_.syms[dim.sym] = b.CreateLoad(b.getInt64Ty(), TensorField(inputs, idx, kTensorSizes, d), "s" + std::to_string(dim.sym));
        buf.sizes.push_back(nullptr);
        bool unit = dim.is_static() && dim.size == 1;
        buf.strides.push_back(unit ? static_cast<Value*>(b.getInt64(0)) : b.CreateLoad(b.getInt64Ty(), TensorField(inputs, idx, kTensorStrides, d)));
      }
      k_.buffers[static_cast<ValueId>(v)] = buf;
    }
    for (auto& [v, buf] : k_.buffers)
      for (size_t d = 0; d < buf.sizes.size(); ++d) buf.sizes[d] = ke_->DimSize(k_.g.TypeOf(v).shape[d]);
    for (auto& [v, buf] : k_.buffers)
      if (needs_contig[v]) buf = EnsureContiguous(buf);
    for (int i = 0; i <= max_scalar; ++i)
      k_.scalars.push_back(b.CreateLoad(b.getDoubleTy(), b.CreateConstInBoundsGEP1_64(b.getDoubleTy(), scalars, i)));
  }

  std::vector<Value*> ContiguousStrides(const std::vector<Value*>& sizes) {
    auto& b = ke_->b();
    std::vector<Value*> st(sizes.size());
    Value* s = b.getInt64(1);
    for (size_t d = sizes.size(); d-- > 0;) {
      st[d] = s;
      s = b.CreateMul(s, sizes[d]);
    }
    return st;
  }

  Value* Numel(const std::vector<Value*>& sizes) {
    Value* n = ke_->b().getInt64(1);
    for (Value* s : sizes) n = ke_->b().CreateMul(n, s);
    return n;
  }

  Value* AllocTemp(DType t, const std::vector<Value*>& sizes) {
    auto& b = ke_->b();
    Value* bytes = b.CreateMul(Numel(sizes), b.getInt64(graph::DTypeBytes(t)));
    bytes = b.CreateAnd(b.CreateAdd(bytes, b.getInt64(127)), b.getInt64(~int64_t{63}));  // >0, multiple of 64
    Value* p = b.CreateCall(GetLibcFn(k_.m, "aligned_alloc"), {b.getInt64(64), bytes});
    temps_.push_back(p);
    return p;
  }

  // A contiguous version of `in`: itself when already contiguous, else a copy.
  Buffer EnsureContiguous(const Buffer& in) {
    auto& b = ke_->b();
    Buffer out = in;
    out.strides = ContiguousStrides(in.sizes);
    Value* ok = b.getTrue();
    for (size_t d = 0; d < in.sizes.size(); ++d)
      ok = b.CreateAnd(ok, b.CreateOr(b.CreateICmpEQ(in.sizes[d], b.getInt64(1)), b.CreateICmpEQ(in.strides[d], out.strides[d])));
    auto* fn = k_.kernel;
    llvm::BasicBlock* from = b.GetInsertBlock();
    auto* copy = llvm::BasicBlock::Create(k_.c, "contig.copy", fn);
    auto* merge = llvm::BasicBlock::Create(k_.c, "contig", fn);
    b.CreateCondBr(ok, merge, copy);
    b.SetInsertPoint(copy);
    auto& bb = b;
    Value* bytes = bb.CreateMul(Numel(in.sizes), bb.getInt64(graph::DTypeBytes(in.dtype)));
    bytes = bb.CreateAnd(bb.CreateAdd(bytes, bb.getInt64(127)), bb.getInt64(~int64_t{63}));
    Value* tmp = bb.CreateCall(GetLibcFn(k_.m, "aligned_alloc"), {bb.getInt64(64), bytes});
    Buffer dst{tmp, in.sizes, out.strides, in.dtype};
    ke_->LoopNest(in.sizes, [&](const Index& idx) { ke_->StoreElem(dst, idx, ke_->LoadElem(in, idx)); });
    llvm::BasicBlock* copy_end = b.GetInsertBlock();
    b.CreateBr(merge);
    b.SetInsertPoint(merge);
    llvm::PHINode* data = b.CreatePHI(b.getPtrTy(), 2);
    data->addIncoming(in.data, from);
    data->addIncoming(tmp, copy_end);
    llvm::PHINode* to_free = b.CreatePHI(b.getPtrTy(), 2);
    to_free->addIncoming(llvm::ConstantPointerNull::get(b.getPtrTy()), from);
    to_free->addIncoming(tmp, copy_end);
    temps_.push_back(to_free);
    out.data = data;
    return out;
  }

  // Allocates the buffer a group writes: an output tensor or a temporary.
  Buffer AllocFor(ValueId v, int output_slot) {
    auto& b = ke_->b();
    const auto& t = k_.g.TypeOf(v);
    Buffer buf;
    buf.dtype = t.dtype;
    for (const auto& d : t.shape) buf.sizes.push_back(ke_->DimSize(d));
    buf.strides = ContiguousStrides(buf.sizes);
    if (output_slot < 0) {
      buf.data = AllocTemp(t.dtype, buf.sizes);
      return buf;
    }
    if (!sizes_arr_) sizes_arr_ = ke_->EntryAlloca(llvm::ArrayType::get(b.getInt64Ty(), 8), "sizes");
    for (size_t d = 0; d < buf.sizes.size(); ++d)
      b.CreateStore(buf.sizes[d], b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), sizes_arr_, d));
    Value* outputs = k_.kernel->getArg(4);
    Value* slot = b.CreateInBoundsGEP(TensorStructType(k_.c), outputs, b.getInt64(output_slot));
    b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_alloc),
                 {slot, b.getInt32(static_cast<int>(t.dtype)), b.getInt32(static_cast<int>(t.shape.size())), sizes_arr_});
    buf.data = b.CreateLoad(b.getPtrTy(), TensorField(outputs, b.getInt64(output_slot), kTensorData));
    return buf;
  }

  int FirstOutputSlot(ValueId v) {
    for (size_t i = 0; i < k_.g.outputs.size(); ++i)
      if (k_.g.outputs[i] == v) return static_cast<int>(i);
    return -1;
  }

  void EmitGroup(const passes::FusedGroup& grp) {
    ValueId root = grp.root;
    const Node& n = k_.g.nodes[root];
    int slot = FirstOutputSlot(root);
    Buffer dest = AllocFor(root, slot);
    if (slot >= 0) out_bufs_[slot] = dest;
    switch (grp.kind) {
      case passes::GroupKind::Elementwise:
      case passes::GroupKind::Copy:
        EmitElementwiseNest(*ke_, n.type.shape, root, dest, nullptr, &grp);
        break;
      case passes::GroupKind::Reduction: EmitReductionNest(*ke_, grp, dest); break;
      case passes::GroupKind::MatMul: EmitMatMul(root, dest); break;
      case passes::GroupKind::Join: EmitJoin(root, dest); break;
    }
    if (n.op != OpKind::Input) k_.buffers[root] = dest;
  }

  void EmitJoin(ValueId root, const Buffer& dest) {
    const Node& n = k_.g.nodes[root];
    int64_t rank = static_cast<int64_t>(n.type.shape.size());
    bool stack = n.op == OpKind::Stack;
    int64_t ax = n.attrs.axis < 0 ? n.attrs.axis + rank : n.attrs.axis;
    Value* offset = ke_->b().getInt64(0);
    for (size_t j = 0; j < n.inputs.size(); ++j) {
      ValueId in = n.inputs[j];
      const auto& s = k_.g.TypeOf(in).shape;
      Value* off = offset;
      DestMap map = [=](Emitter& e, const Index& idx) {
        Index o = idx;
        if (stack) o.insert(o.begin() + ax, e.I64(static_cast<int64_t>(j)));
        else o[ax] = e.b().CreateAdd(o[ax], e.Cap(off));
        return o;
      };
      EmitElementwiseNest(*ke_, s, in, dest, map, nullptr);
      if (!stack) offset = ke_->b().CreateAdd(offset, ke_->DimSize(s[ax]));
    }
  }

  void EmitMatMul(ValueId root, const Buffer& c) {
    auto& b = ke_->b();
    const Node& n = k_.g.nodes[root];
    const auto& A = k_.buffers.at(n.inputs[0]);
    const auto& B = k_.buffers.at(n.inputs[1]);
    const auto& sa = k_.g.TypeOf(n.inputs[0]).shape;
    const auto& sb = k_.g.TypeOf(n.inputs[1]).shape;
    bool va = sa.size() == 1, vb = sb.size() == 1;
    Value* M = va ? b.getInt64(1) : ke_->DimSize(sa[sa.size() - 2]);
    Value* K = ke_->DimSize(sa.back());
    Value* N = vb ? b.getInt64(1) : ke_->DimSize(sb.back());
    size_t out_batch = n.type.shape.size() - (va ? 0 : 1) - (vb ? 0 : 1);
    std::vector<Value*> bsizes;
    for (size_t d = 0; d < out_batch; ++d) bsizes.push_back(ke_->DimSize(n.type.shape[d]));
    // Batch stride (in elements) of each operand dim, 0 where it broadcasts.
    auto batch_offset = [&](const graph::Shape& s, bool vec, Value* mat_elems, const Index& bidx) {
      Value* off = b.getInt64(0);
      if (vec) return off;
      size_t nb = s.size() - 2;
      Value* stride = mat_elems;
      for (size_t d = nb; d-- > 0;) {
        size_t od = d + (out_batch - nb);
        bool bcast = s[d].is_static() && s[d].size == 1;
        if (!bcast) off = b.CreateAdd(off, b.CreateMul(bidx[od], stride));
        stride = b.CreateMul(stride, ke_->DimSize(s[d]));
      }
      return off;
    };
    DType t = n.type.dtype;
    auto body = [&](const Index& bidx) {
      Value* ao = batch_offset(sa, va, b.CreateMul(M, K), bidx);
      Value* bo = batch_offset(sb, vb, b.CreateMul(K, N), bidx);
      Value* co = b.getInt64(0);
      for (size_t d = 0; d < bidx.size(); ++d) co = b.CreateAdd(b.CreateMul(co, bsizes[d]), bidx[d]);
      co = b.CreateMul(co, b.CreateMul(M, N));
      llvm::Type* et = StoreType(k_.c, t);
      Value* pa = b.CreateInBoundsGEP(et, A.data, ao);
      Value* pb = b.CreateInBoundsGEP(et, B.data, bo);
      Value* pc = b.CreateInBoundsGEP(et, c.data, co);
      if (t == DType::F32 || t == DType::F64) {
        b.CreateCall(GetRuntimeFn(k_.m, t == DType::F32 ? RtFn::ts_rt_matmul_f32 : RtFn::ts_rt_matmul_f64),
                     {pa, pb, pc, M, N, K});
        return;
      }
      // integer matmul: plain loops (exact, no BLAS)
      Buffer ba{pa, {M, K}, {K, b.getInt64(1)}, A.dtype}, bbuf{pb, {K, N}, {N, b.getInt64(1)}, B.dtype};
      Buffer bc{pc, {M, N}, {N, b.getInt64(1)}, t};
      Value* acc = ke_->EntryAlloca(ElemType(k_.c, t), "macc");
      ke_->LoopNest({M, N}, [&](const Index& mn) {
        b.CreateStore(llvm::Constant::getNullValue(ElemType(k_.c, t)), acc);
        ke_->Loop(b.getInt64(0), K, [&](Value* kk) {
          Value* x = ke_->Convert(ke_->LoadElem(ba, {mn[0], kk}), A.dtype, t);
          Value* y = ke_->Convert(ke_->LoadElem(bbuf, {kk, mn[1]}), B.dtype, t);
          b.CreateStore(b.CreateAdd(b.CreateLoad(ElemType(k_.c, t), acc), b.CreateMul(x, y)), acc);
        }, "k");
        ke_->StoreElem(bc, mn, b.CreateLoad(ElemType(k_.c, t), acc));
      });
    };
    ke_->LoopNest(bsizes, body);
  }

  // Outputs that repeat a value, or that are graph inputs, get their own copy.
  void FinishOutputs() {
    for (size_t i = 0; i < k_.g.outputs.size(); ++i) {
      if (out_bufs_.count(static_cast<int>(i))) continue;
      ValueId v = k_.g.outputs[i];
      Buffer dest = AllocFor(v, static_cast<int>(i));
      EmitElementwiseNest(*ke_, k_.g.TypeOf(v).shape, v, dest, nullptr, nullptr);
      out_bufs_[static_cast<int>(i)] = dest;
    }
  }

  KernelState& k_;
  std::unique_ptr<Emitter> ke_;
  std::vector<Value*> temps_;
  std::map<int, Buffer> out_bufs_;
  Value* sizes_arr_ = nullptr;
};

}  // namespace

std::vector<std::string> LowerGraph(const graph::Graph& g, const passes::FusionPlan& plan, llvm::Module& m,
                                    const std::string& name) {
  KernelState k(g, plan, m);
  k.name = name;
  KernelLowering(k).Run();
  std::string msg;
  llvm::raw_string_ostream os(msg);
  if (k.errors.empty() && llvm::verifyFunction(*k.kernel, &os)) k.errors.push_back("invalid IR: " + os.str());
  return k.errors;
}

}  // namespace tcc::lower
