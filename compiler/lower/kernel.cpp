// Implements LowerGraph: the kernel function's prologue (input tensors,
// symbolic sizes, scalars), a buffer per materialised value, one nest per
// fusion group in plan order, matmul through the runtime's BLAS entry, and the
// epilogue (duplicate outputs, freeing temporaries, the error status);
// temporaries are freed after their last reader (temp_lifetimes.cpp).
#include "lower/kernel_lowering.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

namespace tcc::lower {

void KernelLowering::Run() {
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
  for (const auto& grp : k_.plan.groups)
    if (grp.in_place_of >= 0) epilogue_of_[grp.in_place_of] = grp.root;
  std::vector<llvm::Instruction*> after_group;
  for (const auto& grp : k_.plan.groups) {
    EmitGroup(grp);
    after_group.push_back(b.CreateCall(llvm::Intrinsic::getDeclaration(&k_.m, llvm::Intrinsic::donothing)));
  }
  FinishOutputs();
  FreeTempsAtLastUse(k_, after_group, temp_handles_);
  for (Value* p : temps_) b.CreateCall(GetLibcFn(k_.m, "free"), {p});
  for (const auto& t : temp_handles_)
    b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_temp_free), {b.CreateLoad(b.getPtrTy(), t.second)});
  b.CreateRet(b.CreateZExt(b.CreateICmpNE(b.CreateLoad(i32, k_.err_flag), b.getInt32(0)), i32));
}

Value* KernelLowering::TensorField(Value* base, Value* index, unsigned field, unsigned sub) {
  auto& b = ke_->b();
  auto* st = TensorStructType(k_.c);
  Value* t = b.CreateInBoundsGEP(st, base, index);
  if (sub == ~0u) return b.CreateStructGEP(st, t, field);
  return b.CreateInBoundsGEP(st, t, {b.getInt32(0), b.getInt32(field), b.getInt32(sub)});
}

void KernelLowering::BindInputs() {
  auto& b = ke_->b();
  Value* inputs = k_.kernel->getArg(0);
  Value* scalars = k_.kernel->getArg(2);
  std::vector<bool> needs_contig(k_.g.nodes.size(), false);
  // A reshape, and a view chain a matmul reads in place, index their base as a contiguous buffer.
  for (size_t v = 0; v < k_.g.nodes.size(); ++v) {
    const Node& n = k_.g.nodes[v];
    auto contig_base = [&](ValueId x, bool of_op) {
      if (auto sv = passes::StaticStridedView(k_.g, x, k_.plan.materialised, of_op)) needs_contig[sv->base] = true;
    };
    if (n.op == OpKind::Reshape) {
      needs_contig[n.inputs[0]] = true;
      contig_base(static_cast<ValueId>(v), true);
    }
    if (n.op == OpKind::MatMul)
      for (ValueId in : n.inputs) contig_base(in, false);
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
  for (const auto& [sym, index] : k_.g.size_scalars) {  // `zeros(n)` of a run-time int n
    if (k_.syms.count(sym)) continue;
    Value* s = b.CreateFPToSI(
        b.CreateLoad(b.getDoubleTy(), b.CreateConstInBoundsGEP1_64(b.getDoubleTy(), scalars, index)), b.getInt64Ty(),
        "s" + std::to_string(sym));
    // A negative size is torch's error, raised before anything is allocated.
    auto* bad = llvm::BasicBlock::Create(k_.c, "negative_size", k_.kernel);
    auto* ok = llvm::BasicBlock::Create(k_.c, "size_ok", k_.kernel);
    b.CreateCondBr(b.CreateICmpSLT(s, b.getInt64(0)), bad, ok);
    b.SetInsertPoint(bad);
    Loc where{};
    for (const Node& n : k_.g.nodes)
      for (const graph::Dim& d : n.type.shape)
        if (d.sym == sym && !where.valid()) where = n.loc;
    ke_->RaiseAt("negative dimension in a shape (a size given by a run-time int)", where);
    b.CreateRet(b.getInt32(1));
    b.SetInsertPoint(ok);
    k_.syms[sym] = s;
  }
  BindDerivedSizes();
  for (auto& [v, buf] : k_.buffers)
    for (size_t d = 0; d < buf.sizes.size(); ++d) buf.sizes[d] = ke_->DimSize(k_.g.TypeOf(v).shape[d]);
  for (auto& [v, buf] : k_.buffers)
    if (needs_contig[v]) buf = EnsureContiguous(buf);
  for (int i = 0; i <= max_scalar; ++i)
    k_.scalars.push_back(b.CreateLoad(b.getDoubleTy(), b.CreateConstInBoundsGEP1_64(b.getDoubleTy(), scalars, i)));
}

// A size, when the inputs (or an earlier derived size) determine it; else null.
Value* KernelLowering::KnownSize(const graph::Dim& d) {
  if (d.is_static()) return ke_->b().getInt64(d.size);
  auto it = k_.syms.find(d.sym);
  return it == k_.syms.end() ? nullptr : it->second;
}

// Symbolic sizes no input binds but the graph determines, computed at kernel
// entry: the length of a slice of a run-time dimension (x[::3] of an s0),
// a cat along run-time dimensions, and the inferred dimension of a
// reshape(-1). Others stay unbound (the graph then runs eagerly).
void KernelLowering::BindDerivedSizes() {
  auto& b = ke_->b();
  for (const Node& n : k_.g.nodes) {
    for (size_t d = 0; d < n.type.shape.size(); ++d) {
      const graph::Dim& dim = n.type.shape[d];
      if (dim.is_static() || k_.syms.count(dim.sym)) continue;
      Value* v = nullptr;
      if (n.op == OpKind::Slice && static_cast<int64_t>(d) == n.attrs.axis && n.attrs.ints.size() == 3) {
        int64_t start = n.attrs.ints[0], stop = n.attrs.ints[1], step = n.attrs.ints[2];
        Value* len = KnownSize(k_.g.TypeOf(n.inputs[0]).shape[d]);
        if (len && start >= 0 && stop >= 0 && step > 0) {
          // count = max(0, ceil((min(stop, len) - min(start, len)) / step))
          Value* s = b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, b.getInt64(start), len);
          Value* e = b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, b.getInt64(stop), len);
          Value* span = b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, b.CreateSub(e, s), b.getInt64(0));
          v = b.CreateSDiv(b.CreateAdd(span, b.getInt64(step - 1)), b.getInt64(step));
        }
      } else if (n.op == OpKind::Cat) {
        int64_t rank = static_cast<int64_t>(n.type.shape.size());
        if ((n.attrs.axis + rank) % rank == static_cast<int64_t>(d)) {
          v = b.getInt64(0);
          for (ValueId in : n.inputs) {
            Value* s = KnownSize(k_.g.TypeOf(in).shape[d]);
            v = s && v ? b.CreateAdd(v, s) : nullptr;
          }
        }
      } else if (n.op == OpKind::Reshape) {
        Value* numel = b.getInt64(1);
        for (const auto& in : k_.g.TypeOf(n.inputs[0]).shape) {
          Value* s = KnownSize(in);
          numel = s && numel ? b.CreateMul(numel, s) : nullptr;
        }
        Value* others = b.getInt64(1);
        for (size_t o = 0; o < n.type.shape.size() && others; ++o) {
          if (o == d) continue;
          Value* s = KnownSize(n.type.shape[o]);
          others = s ? b.CreateMul(others, s) : nullptr;
        }
        if (numel && others)  // others == 0 only for an empty tensor: size 0 then
          v = b.CreateSelect(b.CreateICmpEQ(others, b.getInt64(0)), b.getInt64(0), b.CreateSDiv(numel, others));
      }
      if (v) k_.syms[dim.sym] = v;
    }
  }
}

std::vector<Value*> KernelLowering::ContiguousStrides(const std::vector<Value*>& sizes) {
  auto& b = ke_->b();
  std::vector<Value*> st(sizes.size());
  Value* s = b.getInt64(1);
  for (size_t d = sizes.size(); d-- > 0;) {
    st[d] = s;
    s = b.CreateMul(s, sizes[d]);
  }
  return st;
}

Value* KernelLowering::Numel(const std::vector<Value*>& sizes) {
  Value* n = ke_->b().getInt64(1);
  for (Value* s : sizes) n = ke_->b().CreateMul(n, s);
  return n;
}

// A materialised value's buffer: from the runtime's block cache (ts_rt_temp_alloc),
// freed after the last group that reads it (temp_lifetimes.h) or at the kernel's end.
Value* KernelLowering::AllocTemp(DType t, const std::vector<Value*>& sizes) {
  auto& b = ke_->b();
  Value* bytes = b.CreateMul(Numel(sizes), b.getInt64(graph::DTypeBytes(t)));
  bytes = b.CreateAnd(b.CreateAdd(bytes, b.getInt64(127)), b.getInt64(~int64_t{63}));  // >0, multiple of 64
  Value* handle = ke_->EntryAlloca(b.getPtrTy(), "temp.handle");
  Value* p = b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_temp_alloc), {bytes, handle});
  temp_handles_.emplace_back(p, handle);
  return p;
}

// A contiguous version of `in`: itself when already contiguous, else a copy.
Buffer KernelLowering::EnsureContiguous(const Buffer& in) {
  auto& b = ke_->b();
  Buffer out = in;
  out.strides = ContiguousStrides(in.sizes);
  Value* ok = b.getTrue();
  for (size_t d = 0; d < in.sizes.size(); ++d)
    ok = b.CreateAnd(ok, b.CreateOr(b.CreateICmpEQ(in.sizes[d], b.getInt64(1)), b.CreateICmpEQ(in.strides[d], out.strides[d])));
  out.data = DataOrCopy(ok, in, out.strides, "contig.copy", "contig");
  return out;
}

// in.data where `ok` holds at run time, else a copy of `in` with `strides`
// in a libc block (freed at the kernel's end: temps_).
Value* KernelLowering::DataOrCopy(Value* ok, const Buffer& in, const std::vector<Value*>& strides,
                                  const char* copy_name, const char* merge_name) {
  auto& b = ke_->b();
  llvm::BasicBlock* from = b.GetInsertBlock();
  auto* copy = llvm::BasicBlock::Create(k_.c, copy_name, k_.kernel);
  auto* merge = llvm::BasicBlock::Create(k_.c, merge_name, k_.kernel);
  b.CreateCondBr(ok, merge, copy);
  b.SetInsertPoint(copy);
  Value* tmp = AllocRaw(in.dtype, in.sizes);
  Buffer dst{tmp, in.sizes, strides, in.dtype};
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
  return data;
}

// Allocates the buffer a group writes: an output tensor or a temporary.
Buffer KernelLowering::AllocFor(ValueId v, int output_slot) {
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
  buf.fresh_output = true;
  return buf;
}

int KernelLowering::FirstOutputSlot(ValueId v) {
  for (size_t i = 0; i < k_.g.outputs.size(); ++i)
    if (k_.g.outputs[i] == v) return static_cast<int>(i);
  return -1;
}

void KernelLowering::EmitGroup(const passes::FusedGroup& grp) {
  ValueId root = grp.root;
  const Node& n = k_.g.nodes[root];
  // A GEMM whose epilogue overwrites its result writes straight into the epilogue's buffer.
  auto ep = epilogue_of_.find(root);
  ValueId owner = ep == epilogue_of_.end() ? root : ep->second;
  int slot = FirstOutputSlot(owner);
  auto pre = shared_.find(root);
  Buffer dest = pre != shared_.end() ? pre->second : AllocFor(owner, slot);
  if (owner != root) shared_[owner] = dest;
  if (slot >= 0) out_bufs_[slot] = dest;
  if (passes::WritesMatMulInLayout(k_.g, root)) {  // the matmul already wrote it
    k_.buffers[root] = dest;
    return;
  }
  Buffer result = dest;  // what the group's value is: dest, or the matmul's view of its owner's buffer
  if (owner != root && passes::WritesMatMulInLayout(k_.g, owner)) dest = result = MatMulLayoutView(owner, dest);
  switch (grp.kind) {
    case passes::GroupKind::Elementwise:
    case passes::GroupKind::Copy:
      EmitElementwiseNest(*ke_, n.type.shape, root, dest, nullptr, &grp);
      break;
    case passes::GroupKind::Reduction: {
      std::vector<Buffer> dests{dest};
      for (ValueId sib : grp.siblings) {
        int ss = FirstOutputSlot(sib);
        dests.push_back(AllocFor(sib, ss));
        if (ss >= 0) out_bufs_[ss] = dests.back();
      }
      EmitReductionNest(*ke_, grp, dests);
      for (size_t i = 0; i < grp.siblings.size(); ++i) k_.buffers[grp.siblings[i]] = dests[i + 1];
      break;
    }
    case passes::GroupKind::MatMul: EmitMatMul(root, dest); break;
    case passes::GroupKind::Join: EmitJoin(root, dest); break;
    case passes::GroupKind::Random: EmitRandom(root, dest); break;
    case passes::GroupKind::Scan: EmitScanNest(*ke_, grp, dest); break;  // lower/scan.cpp
    case passes::GroupKind::Window: EmitWindowOp(*ke_, root, dest); break;
  }
  if (n.op != OpKind::Input) k_.buffers[root] = result;
}

// rand/randn/randint/randperm: the runtime fills the (contiguous) buffer
// from the program's generator, as eager code would at this point of the
// program.
// An operand (a 0-d int64 scalar input) is a torch.Generator's id: the
// draw comes from it (`generator=g`), as eager code's would.
void KernelLowering::EmitRandom(ValueId root, const Buffer& dest) {
  const Node& n = k_.g.nodes[root];
  auto& b = ke_->b();
  Value* numel = b.getInt64(1);
  for (Value* s : dest.sizes) numel = b.CreateMul(numel, s);
  Value* prev = nullptr;
  if (!n.inputs.empty()) {
    Value* id = ke_->Eval(n.inputs[0], {});
    if (!id->getType()->isIntegerTy(64)) id = b.CreateFPToSI(id, b.getInt64Ty());
    prev = b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_use_generator), {id});
  }
  if (n.op == OpKind::RandInt) {
    b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_randint),
                 {dest.data, numel, b.getInt64(n.attrs.ints[0]), b.getInt64(n.attrs.ints[1])});
  } else if (n.op == OpKind::RandPerm) {
    b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_randperm), {dest.data, numel});
  } else {
    b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_random),
                 {dest.data, b.getInt32(n.type.dtype == DType::F64 ? 1 : 0), numel,
                  b.getInt32(n.op == OpKind::RandN ? 1 : 0), RandomParam(n, 0, 0.0), RandomParam(n, 1, 1.0)});
  }
  if (prev) b.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_use_generator), {prev});
}

// Rand's {from, to} and RandN's {mean, std} (attrs.fvalues; rand(), randn() leave them empty)
Value* KernelLowering::RandomParam(const Node& n, size_t i, double dflt) {
  double v = i < n.attrs.fvalues.size() ? n.attrs.fvalues[i] : dflt;
  return llvm::ConstantFP::get(ke_->b().getDoubleTy(), v);
}

void KernelLowering::EmitJoin(ValueId root, const Buffer& dest) {
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

// Outputs that repeat a value, or that are graph inputs, get their own copy.
void KernelLowering::FinishOutputs() {
  for (size_t i = 0; i < k_.g.outputs.size(); ++i) {
    if (out_bufs_.count(static_cast<int>(i))) continue;
    ValueId v = k_.g.outputs[i];
    Buffer dest = AllocFor(v, static_cast<int>(i));
    EmitElementwiseNest(*ke_, k_.g.TypeOf(v).shape, v, dest, nullptr, nullptr);
    out_bufs_[static_cast<int>(i)] = dest;
  }
}

std::vector<std::string> LowerGraph(const graph::Graph& g, const passes::FusionPlan& plan, llvm::Module& m,
                                    const std::string& name, const LowerOptions& opts) {
  KernelState k(g, plan, m);
  k.name = name;
  k.fma = opts.fma;
  k.stream_min_bytes = opts.stream_min_bytes;
  KernelLowering(k).Run();
  std::string msg;
  llvm::raw_string_ostream os(msg);
  if (k.errors.empty() && llvm::verifyFunction(*k.kernel, &os)) k.errors.push_back("invalid IR: " + os.str());
  return k.errors;
}

}  // namespace tcc::lower
