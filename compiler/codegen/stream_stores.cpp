// Implements StreamStoresPass (stream_stores.h).
#include "codegen/stream_stores.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
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

// The last-level cache that CPU 0 sits under, as the kernel's sysfs
// describes it (the highest level of cpu0/cache/index*, in bytes), else
// glibc's sysconf. sysfs first: on AMD EPYC, sysconf(_SC_LEVEL3_CACHE_SIZE)
// reported 256 MiB (the whole package's L3) where a core shares 32 MiB (its
// CCX's), which kept every output of less than 128 MiB from streaming.
int64_t LastLevelCacheBytes() {
  int best_level = 0;
  int64_t best = 0;
  for (int i = 0; i < 8; ++i) {
    std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    std::ifstream level_f(dir + "level"), type_f(dir + "type"), size_f(dir + "size");
    int level = 0;
    std::string type, size;
    if (!(level_f >> level) || !(type_f >> type) || !(size_f >> size) || type == "Instruction") continue;
    char* end = nullptr;
    long long n = std::strtoll(size.c_str(), &end, 10);
    int64_t scale = *end == 'K' ? 1024 : *end == 'M' ? 1024 * 1024 : *end == 'G' ? 1024LL * 1024 * 1024 : 1;
    if (n > 0 && level > best_level) best_level = level, best = n * scale;
  }
  if (best > 0) return best;
  long llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (llc <= 0) llc = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return llc > 0 ? int64_t{llc} : 0;
}

int64_t StreamMinBytes(const llvm::TargetMachine& tm, bool native) {
  if (!TargetStreamsStores(tm)) return 0;
  if (!native) return lower::kStreamBytes;
  static const int64_t llc = LastLevelCacheBytes();
  return std::max<int64_t>(lower::kStreamBytes, llc / 2);
}

}  // namespace tcc::codegen
