// Implements StreamStoresPass (stream_stores.h).
#include "codegen/stream_stores.h"

#include <unistd.h>

#include <algorithm>
#include <vector>

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicsX86.h>
#include <llvm/Transforms/Utils/Local.h>

#include "lower/stream.h"

namespace tcc::codegen {

namespace {

// TTI's isLegalNTStore answers for the vectoriser and stops at 32 bytes; the
// x86 backend also lowers an aligned 64-byte one (vmovntps zmm) wherever the
// function's vectors are that wide (AVX-512 with prefer-vector-width=512).
bool LegalNTStore(const llvm::TargetTransformInfo& tti, llvm::Type* t, llvm::Align a, const llvm::DataLayout& dl) {
  if (tti.isLegalNTStore(t, a)) return true;
  const uint64_t bits = 8 * dl.getTypeStoreSize(t).getFixedValue();
  return bits == 512 && a.value() >= 64 &&
         tti.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector).getFixedValue() >= bits;
}

}  // namespace

llvm::PreservedAnalyses StreamStoresPass::run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
  const llvm::DataLayout& dl = f.getParent()->getDataLayout();
  auto& tti = fam.getResult<llvm::TargetIRAnalysis>(f);
  auto& ac = fam.getResult<llvm::AssumptionAnalysis>(f);
  auto& dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
  bool any = false;
  for (llvm::BasicBlock& bb : f) {
    for (llvm::Instruction& inst : bb) {
      auto* st = llvm::dyn_cast<llvm::StoreInst>(&inst);
      if (!st || !st->isSimple() || !lower::IsStreamStore(*st)) continue;
      llvm::Type* t = st->getValueOperand()->getType();
      if (!t->isVectorTy()) continue;  // the vectoriser's remainder: plain stores
      llvm::Align a = std::max(st->getAlign(), llvm::getKnownAlignment(st->getPointerOperand(), dl, st, &ac, &dt));
      if (a.value() < dl.getTypeStoreSize(t) || !LegalNTStore(tti, t, a, dl)) continue;
      st->setAlignment(a);
      llvm::LLVMContext& c = f.getContext();
      st->setMetadata(llvm::LLVMContext::MD_nontemporal,
                      llvm::MDNode::get(c, llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(c), 1))));
      any = true;
    }
  }
  if (!any) return llvm::PreservedAnalyses::all();
  std::vector<llvm::ReturnInst*> rets;
  for (llvm::BasicBlock& bb : f)
    if (auto* r = llvm::dyn_cast<llvm::ReturnInst>(bb.getTerminator())) rets.push_back(r);
  for (llvm::ReturnInst* r : rets) llvm::IRBuilder<>(r).CreateIntrinsic(llvm::Intrinsic::x86_sse_sfence, {}, {});
  llvm::PreservedAnalyses pa;
  pa.preserveSet<llvm::CFGAnalyses>();
  return pa;
}

bool TargetStreamsStores(const llvm::TargetMachine& tm) { return tm.getTargetTriple().isX86(); }

int64_t StreamMinBytes(const llvm::TargetMachine& tm, bool native) {
  if (!TargetStreamsStores(tm)) return 0;
  if (!native) return lower::kStreamBytes;
  long llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (llc <= 0) llc = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return std::max<int64_t>(lower::kStreamBytes, llc > 0 ? int64_t{llc} / 2 : 0);
}

}  // namespace tcc::codegen
