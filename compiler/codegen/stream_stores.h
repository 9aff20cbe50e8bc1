// Defines the late IR pass that makes the lowering's streamed stores
// non-temporal (lower/stream.h), and whether a target gets it.
#pragma once

#include <llvm/IR/PassManager.h>
#include <llvm/Target/TargetMachine.h>

namespace tcc::codegen {

// Runs after the vectoriser (PassBuilder's OptimizerLast point): each vector
// store marked by lower::MarkStreamStore that the target can store
// non-temporally at its alignment (TTI::isLegalNTStore; the alignment the IR
// proves, e.g. from the lowering's ptrmask) gets `!nontemporal`; scalar
// stores and unaligned ones stay plain. Non-temporal stores are weakly
// ordered, so a function that has one executes `sfence` before each return:
// a nest chunk's results are visible to every thread once it returns to the
// thread pool.
struct StreamStoresPass : llvm::PassInfoMixin<StreamStoresPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam);
};

// x86 targets: the ones whose fence StreamStoresPass knows (sfence).
bool TargetStreamsStores(const llvm::TargetMachine& tm);

// lower::LowerOptions::stream_min_bytes for `tm`: 0 where it does not stream.
// Built for this machine (`native`: target_cpu "" or "native"), half its
// last-level cache, and at least lower::kStreamBytes: a buffer that fits the
// cache twice over is still there at its next use (a loop's next call, the
// next nest), and a streamed store would send it to DRAM; measured on a
// 480 MiB L3, streaming the benchmark's 64 MiB chain output made it 1.5x
// slower, while on a 32 MiB L3 streaming 16 MiB outputs won (bench/RESULTS.md).
// Built for another CPU, lower::kStreamBytes.
int64_t StreamMinBytes(const llvm::TargetMachine& tm, bool native);
// The last-level cache one core shares, in bytes (sysfs's cpu0 cache
// levels, else sysconf; 0 when neither tells).
int64_t LastLevelCacheBytes();

}  // namespace tcc::codegen
