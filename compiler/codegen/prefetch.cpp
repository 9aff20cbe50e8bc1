// Implements PrefetchPass (prefetch.h).
#include "codegen/prefetch.h"

#include <vector>

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

namespace tcc::codegen {

namespace {

// Adds the prefetches to one innermost loop; true when it added any.
bool PrefetchLoop(const llvm::Loop& loop, const llvm::DataLayout& dl) {
  std::vector<llvm::LoadInst*> lines;
  int64_t ops = 0;
  for (llvm::BasicBlock* bb : loop.blocks()) {
    for (llvm::Instruction& inst : *bb) {
      if (auto* ld = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
        if (ld->isSimple() && ld->getType()->isVectorTy() && dl.getTypeStoreSize(ld->getType()) >= 64)
          lines.push_back(ld);
        continue;
      }
      if (inst.getType()->isVectorTy() && !llvm::isa<llvm::PHINode>(inst)) ++ops;
    }
  }
  if (lines.empty() || ops < kMinOpsPerLoad * static_cast<int64_t>(lines.size())) return false;
  for (llvm::LoadInst* ld : lines) {
    llvm::IRBuilder<> b(ld);
    llvm::Value* ahead = b.CreateConstGEP1_64(b.getInt8Ty(), ld->getPointerOperand(), kPrefetchBytes);
    // read (0), high locality (3: into every cache level), data (1)
    b.CreateIntrinsic(llvm::Intrinsic::prefetch, {ahead->getType()}, {ahead, b.getInt32(0), b.getInt32(3), b.getInt32(1)});
  }
  return true;
}

}  // namespace

llvm::PreservedAnalyses PrefetchPass::run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
  const llvm::DataLayout& dl = f.getParent()->getDataLayout();
  auto& li = fam.getResult<llvm::LoopAnalysis>(f);
  bool any = false;
  for (llvm::Loop* loop : li.getLoopsInPreorder())
    if (loop->isInnermost()) any |= PrefetchLoop(*loop, dl);
  if (!any) return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses pa;
  pa.preserveSet<llvm::CFGAnalyses>();
  return pa;
}

}  // namespace tcc::codegen
