// Implements the Emitter basics: capturing kernel values into an outlined
// nest's context, loops, element loads/stores and dtype conversions.
#include "lower/emitter.h"

#include "lower/math_approx.h"
#include "lower/runtime_decls.h"

namespace tcc::lower {

using llvm::Value;

llvm::Type* ElemType(llvm::LLVMContext& c, DType t) {
  switch (t) {
    case DType::F32: return llvm::Type::getFloatTy(c);
    case DType::F64: return llvm::Type::getDoubleTy(c);
    case DType::I64: return llvm::Type::getInt64Ty(c);
    case DType::I32: return llvm::Type::getInt32Ty(c);
    case DType::Bool: return llvm::Type::getInt1Ty(c);
  }
  return nullptr;
}

llvm::Type* StoreType(llvm::LLVMContext& c, DType t) {
  return t == DType::Bool ? llvm::Type::getInt8Ty(c) : ElemType(c, t);
}

Emitter::Emitter(KernelState& k, llvm::Function* fn, bool outlined) : k_(k), fn_(fn), outlined_(outlined), b_(k.c) {
  if (outlined_) {
    prologue_ = llvm::BasicBlock::Create(k.c, "prologue", fn);
    auto* start = llvm::BasicBlock::Create(k.c, "start", fn);
    llvm::IRBuilder<>(prologue_).CreateBr(start);
    b_.SetInsertPoint(start);
  }
}

Value* Emitter::Cap(Value* v) {
  if (!outlined_ || llvm::isa<llvm::Constant>(v)) return v;
  auto it = cap_map_.find(v);
  if (it != cap_map_.end()) return it->second;
  llvm::IRBuilder<> pb(prologue_->getTerminator());
  Value* slot = pb.CreateConstInBoundsGEP1_64(pb.getInt64Ty(), fn_->getArg(0), captured_.size());
  Value* loaded = pb.CreateLoad(v->getType(), slot);
  captured_.push_back(v);
  cap_map_[v] = loaded;
  return loaded;
}

Value* Emitter::DimSize(const graph::Dim& d) {
  if (d.is_static()) return I64(d.size);
  auto it = k_.syms.find(d.sym);
  if (it == k_.syms.end()) {
    k_.errors.push_back("symbolic size s" + std::to_string(d.sym) + " is not bound by any input");
    k_.syms[d.sym] = I64(0);
    return I64(0);
  }
  return Cap(it->second);
}

Value* Emitter::EntryAlloca(llvm::Type* t, const char* name) {
  llvm::BasicBlock& entry = fn_->getEntryBlock();
  llvm::IRBuilder<> eb(&entry, entry.getFirstInsertionPt());
  return eb.CreateAlloca(t, nullptr, name);
}

llvm::BranchInst* Emitter::Loop(Value* begin, Value* end, const std::function<void(Value*)>& body, const char* name) {
  llvm::BasicBlock* pre = b_.GetInsertBlock();
  auto* loop = llvm::BasicBlock::Create(k_.c, std::string(name) + ".body", fn_);
  auto* exit = llvm::BasicBlock::Create(k_.c, std::string(name) + ".exit", fn_);
  b_.CreateCondBr(b_.CreateICmpSLT(begin, end), loop, exit);
  b_.SetInsertPoint(loop);
  llvm::PHINode* i = b_.CreatePHI(b_.getInt64Ty(), 2, name);
  i->addIncoming(begin, pre);
  inner_loop_seen_ = false;
  body(i);
  bool innermost = !inner_loop_seen_;
  inner_loop_seen_ = true;  // for the enclosing loop
  Value* next = b_.CreateAdd(i, I64(1), "", true, true);
  i->addIncoming(next, b_.GetInsertBlock());
  llvm::BranchInst* latch = b_.CreateCondBr(b_.CreateICmpSLT(next, end), loop, exit);
  // A short loop of known length keeps the vectoriser's choice: 4 vectors an
  // iteration would leave a row of fewer than 4 x VF elements to the scalar
  // remainder loop.
  auto* b0 = llvm::dyn_cast<llvm::ConstantInt>(begin);
  auto* e0 = llvm::dyn_cast<llvm::ConstantInt>(end);
  bool short_loop = b0 && e0 && e0->getSExtValue() - b0->getSExtValue() < kHeavyMinTrip;
  if (innermost && !short_loop && CallsApproxFrom(loop)) SetLoopHints(latch, {{"llvm.loop.interleave.count", kHeavyInterleave}});
  b_.SetInsertPoint(exit);
  return latch;
}

bool Emitter::CallsApproxFrom(llvm::BasicBlock* first) const {
  // The body's blocks are the ones made since `first` (appended in order).
  for (auto it = first->getIterator(); it != fn_->end(); ++it)
    for (const llvm::Instruction& inst : *it)
      if (const auto* call = llvm::dyn_cast<llvm::CallInst>(&inst))
        if (IsApproxFn(call->getCalledFunction())) return true;
  return false;
}

void SetLoopHints(llvm::BranchInst* latch, std::initializer_list<std::pair<const char*, int>> hints) {
  llvm::LLVMContext& c = latch->getContext();
  std::vector<llvm::Metadata*> ops{nullptr};  // operand 0: the loop's own node
  for (const auto& [name, value] : hints) {
    auto* v = llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(c), value));
    llvm::Metadata* hint[] = {llvm::MDString::get(c, name), v};
    ops.push_back(llvm::MDNode::get(c, hint));
  }
  llvm::MDNode* loop = llvm::MDNode::getDistinct(c, ops);
  loop->replaceOperandWith(0, loop);
  latch->setMetadata(llvm::LLVMContext::MD_loop, loop);
}

void Emitter::LoopNest(const std::vector<Value*>& sizes, const std::function<void(const Index&)>& body) {
  Index idx;
  std::function<void(size_t)> rec = [&](size_t d) {
    if (d == sizes.size()) return body(idx);
    Loop(I64(0), sizes[d], [&](Value* i) {
      idx.push_back(i);
      rec(d + 1);
      idx.pop_back();
    });
  };
  rec(0);
}

Index Emitter::Unflatten(Value* flat, const std::vector<Value*>& sizes) {
  Index idx(sizes.size());
  Value* rest = flat;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (d == 0) {
      idx[d] = rest;
      break;
    }
    idx[d] = b_.CreateURem(rest, sizes[d]);
    rest = b_.CreateUDiv(rest, sizes[d]);
  }
  return idx;
}

static Value* Offset(Emitter& e, const Buffer& kb, const Index& idx) {
  auto& b = e.b();
  Value* off = b.getInt64(0);
  for (size_t d = 0; d < idx.size() && d < kb.strides.size(); ++d) {
    if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(idx[d]); ci && ci->isZero()) continue;
    off = b.CreateAdd(off, b.CreateMul(idx[d], e.Cap(kb.strides[d])));
  }
  return off;
}

Value* Emitter::ElemPtr(const Buffer& kb, const Index& idx) {
  return b_.CreateInBoundsGEP(StoreType(k_.c, kb.dtype), Cap(kb.data), Offset(*this, kb, idx));
}

Value* Emitter::LoadElem(const Buffer& kb, const Index& idx) {
  llvm::Type* st = StoreType(k_.c, kb.dtype);
  Value* p = ElemPtr(kb, idx);
  Value* v = b_.CreateLoad(st, p);
  if (kb.dtype == DType::Bool) v = b_.CreateICmpNE(v, b_.getInt8(0));
  return v;
}

void Emitter::StoreElem(const Buffer& kb, const Index& idx, Value* v) {
  llvm::Type* st = StoreType(k_.c, kb.dtype);
  Value* p = ElemPtr(kb, idx);
  if (kb.dtype == DType::Bool) v = b_.CreateZExt(v, st);
  b_.CreateStore(v, p);
}

Value* Emitter::Convert(Value* v, DType from, DType to) {
  if (from == to) return v;
  llvm::Type* t = ElemType(k_.c, to);
  bool ff = from == DType::F32 || from == DType::F64;
  bool tf = to == DType::F32 || to == DType::F64;
  if (to == DType::Bool) return ff ? b_.CreateFCmpUNE(v, llvm::ConstantFP::get(v->getType(), 0.0))
                                   : b_.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
  if (from == DType::Bool) return tf ? b_.CreateUIToFP(v, t) : b_.CreateZExt(v, t);
  if (ff && tf) return b_.CreateFPCast(v, t);
  if (ff) return b_.CreateFPToSI(v, t);
  if (tf) return b_.CreateSIToFP(v, t);
  return b_.CreateSExtOrTrunc(v, t);
}

void Emitter::RaiseAt(const std::string& msg, Loc loc) {
  Value* flag = Cap(k_.err_flag);
  auto* raise = llvm::BasicBlock::Create(k_.c, "raise", fn_);
  auto* cont = llvm::BasicBlock::Create(k_.c, "raised", fn_);
  // First error wins: only the thread that flips the flag from 0 reports.
  Value* old = b_.CreateAtomicCmpXchg(flag, b_.getInt32(0), b_.getInt32(1), llvm::MaybeAlign(4),
                                      llvm::AtomicOrdering::Monotonic, llvm::AtomicOrdering::Monotonic);
  b_.CreateCondBr(b_.CreateExtractValue(old, 1), raise, cont);
  b_.SetInsertPoint(raise);
  Value* text = b_.CreateGlobalStringPtr(msg, "tcc.msg");
  b_.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_raise), {text, b_.getInt32(loc.line), b_.getInt32(loc.col)});
  b_.CreateBr(cont);
  b_.SetInsertPoint(cont);
}

}  // namespace tcc::lower
