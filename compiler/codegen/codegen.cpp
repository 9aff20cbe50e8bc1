// Implements codegen.h with LLVM 19: host target selection, the default
// per-module pipelines of the new pass manager, and the legacy code emitter.
#include "codegen/codegen.h"

#include <mutex>
#include <ostream>
#include <vector>

#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Host.h>

#include "codegen/prefetch.h"
#include "semantics/suggest.h"
#include "codegen/stream_stores.h"

namespace tcc::codegen {

namespace {

void InitTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

// Prints loop-vectorize remarks ("remark: kernel.nest0: vectorized loop ...").
class RemarkHandler : public llvm::DiagnosticHandler {
 public:
  explicit RemarkHandler(std::ostream* out) : out_(out) {}
  // LLVM asks with an empty pass name whether any remark is wanted at all.
  static bool Wanted(llvm::StringRef pass) { return pass.empty() || pass == "loop-vectorize"; }
  bool isAnalysisRemarkEnabled(llvm::StringRef pass) const override { return Wanted(pass); }
  bool isMissedOptRemarkEnabled(llvm::StringRef pass) const override { return Wanted(pass); }
  bool isPassedOptRemarkEnabled(llvm::StringRef pass) const override { return Wanted(pass); }
  bool isAnyRemarkEnabled() const override { return true; }
  bool handleDiagnostics(const llvm::DiagnosticInfo& di) override {
    auto* r = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationBase>(&di);
    if (!r || !out_) return false;
    if (r->getPassName() != "loop-vectorize") return true;
    const char* kind = r->getKind() == llvm::DK_OptimizationRemark ? "vectorized" : "missed";
    *out_ << "remark: " << r->getFunction().getName().str() << ": " << kind << ": " << r->getMsg() << "\n";
    return true;
  }

 private:
  std::ostream* out_;
};

}  // namespace

std::unique_ptr<llvm::TargetMachine> CreateTargetMachine(const CodegenOptions& opts, std::string* error) {
  InitTargets();
  std::string triple = llvm::sys::getDefaultTargetTriple();
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, *error);
  if (!target) return nullptr;
  std::string cpu = opts.target_cpu;
  std::string features;
  if (IsNativeCpu(cpu)) {
    cpu = llvm::sys::getHostCPUName().str();
    for (auto& f : llvm::sys::getHostCPUFeatures()) features += (f.second ? "+" : "-") + f.first().str() + ",";
    if (!features.empty()) features.pop_back();
  } else if (cpu == "generic") {
    cpu = "x86-64";
  }
  llvm::TargetOptions to;
  auto level = opts.opt_level == 0   ? llvm::CodeGenOptLevel::None
               : opts.opt_level == 1 ? llvm::CodeGenOptLevel::Less
               : opts.opt_level == 3 ? llvm::CodeGenOptLevel::Aggressive
                                     : llvm::CodeGenOptLevel::Default;
  std::unique_ptr<llvm::TargetMachine> tm(
      target->createTargetMachine(triple, cpu, features, to, llvm::Reloc::PIC_, std::nullopt, level));
  if (!tm) *error = "cannot create a target machine for " + triple + " cpu " + cpu;
  return tm;
}

std::string CheckTargetCpu(const std::string& cpu) {
  if (IsNativeCpu(cpu) || cpu == "generic") return "";
  InitTargets();
  std::string triple = llvm::sys::getDefaultTargetTriple(), error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) return error;
  std::unique_ptr<llvm::MCSubtargetInfo> sti(target->createMCSubtargetInfo(triple, "", ""));
  if (!sti || sti->isCPUStringValid(cpu)) return "";
  std::vector<std::string> known;
  for (const auto& kv : sti->getAllProcessorDescriptions()) known.push_back(kv.Key);
  std::string list;
  for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
  return "unknown target CPU `" + cpu + "`" + sem::DidYouMean(cpu, known) + " (native, generic, " + list + ")";
}

bool TargetHasFma(const llvm::TargetMachine& tm) {
  const llvm::MCSubtargetInfo* sti = tm.getMCSubtargetInfo();
  return sti && sti->checkFeatures("+fma");
}

void PrepareModule(llvm::Module& m, llvm::TargetMachine& tm) {
  m.setTargetTriple(tm.getTargetTriple().str());
  m.setDataLayout(tm.createDataLayout());
  m.setPICLevel(llvm::PICLevel::BigPIC);
  m.setPIELevel(llvm::PIELevel::Large);
  const llvm::MCSubtargetInfo* sti = tm.getMCSubtargetInfo();
  const bool avx512 = sti && sti->checkFeatures("+avx512f");
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    f.addFnAttr("target-cpu", tm.getTargetCPU());
    if (!tm.getTargetFeatureString().empty()) f.addFnAttr("target-features", tm.getTargetFeatureString());
    // LLVM's x86 tuning prefers 256-bit vectors even where AVX-512 exists (a
    // guard against the frequency drop of older Xeons). The kernels here are
    // long, hot, vector-only loops, faster or as fast at full width (bench
    // kernels on a Sapphire Rapids VM: softmax 1.27 -> 1.02 ms, layer_norm
    // 0.74 -> 0.68 ms, the graph-break loop 1.2 -> 1.0 us; chain, sum, max
    // within noise), so ask for 512.
    if (avx512) f.addFnAttr("prefer-vector-width", "512");
  }
}

void OptimizeModule(llvm::Module& m, llvm::TargetMachine& tm, const CodegenOptions& opts) {
  llvm::LLVMContext& ctx = m.getContext();
  if (opts.remarks) ctx.setDiagnosticHandler(std::make_unique<RemarkHandler>(opts.remarks_out));
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions pto;
  pto.LoopVectorization = opts.opt_level >= 2;
  pto.SLPVectorization = opts.opt_level >= 2;
  // The loop unroller is half of -O2's time on tensor kernels, and the
  // vectoriser's interleaving already gives their loops the parallelism it
  // would add (bench/RESULTS.md, "Compile time"): -O2 runs it on request.
  pto.LoopUnrolling = opts.opt_level >= 3 || (opts.opt_level == 2 && opts.loop_unroll);
  llvm::PassBuilder pb(&tm, pto);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  // After the vectoriser: compute-heavy loops prefetch their input ahead.
  pb.registerOptimizerLastEPCallback([](llvm::ModulePassManager& mpm, llvm::OptimizationLevel) {
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(PrefetchPass()));
  });
  // After the vectoriser: the lowering's marked stores become non-temporal.
  if (TargetStreamsStores(tm))
    pb.registerOptimizerLastEPCallback([](llvm::ModulePassManager& mpm, llvm::OptimizationLevel) {
      mpm.addPass(llvm::createModuleToFunctionPassAdaptor(StreamStoresPass()));
    });
  llvm::ModulePassManager mpm;
  switch (opts.opt_level) {
    case 0: mpm = pb.buildO0DefaultPipeline(llvm::OptimizationLevel::O0); break;
    case 1: mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O1); break;
    case 3: mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3); break;
    default: mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2); break;
  }
  mpm.run(m, mam);
  if (opts.remarks) ctx.setDiagnosticHandler(std::make_unique<llvm::DiagnosticHandler>());
}

bool EmitCode(llvm::Module& m, llvm::TargetMachine& tm, bool assembly, std::string* out, std::string* error) {
  llvm::SmallVector<char, 0> buf;
  llvm::raw_svector_ostream os(buf);
  llvm::legacy::PassManager pm;
  auto type = assembly ? llvm::CodeGenFileType::AssemblyFile : llvm::CodeGenFileType::ObjectFile;
  if (tm.addPassesToEmitFile(pm, os, nullptr, type)) {
    *error = "the target cannot emit this file type";
    return false;
  }
  pm.run(m);
  out->assign(buf.begin(), buf.end());
  return true;
}

}  // namespace tcc::codegen
