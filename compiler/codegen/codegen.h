// Defines code generation for the host: the TargetMachine (--target-cpu),
// the LLVM optimisation pipeline (-O0..-O3, new pass manager, vectoriser
// remarks on request) and object/assembly emission.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

namespace tcc::codegen {

struct CodegenOptions {
  int opt_level = 2;             // 0..3
  std::string target_cpu;        // "" = this machine; "generic" = portable x86-64
  bool loop_unroll = false;      // -O2: also run LLVM's loop unroller (-O3 always does)
  bool remarks = false;          // print loop-vectorize remarks to `remarks_out`
  std::ostream* remarks_out = nullptr;
};

// Whether `target_cpu` (CodegenOptions::target_cpu) means this machine.
inline bool IsNativeCpu(const std::string& target_cpu) { return target_cpu.empty() || target_cpu == "native"; }

// Creates the TargetMachine for the host triple; nullptr and *error on failure.
std::unique_ptr<llvm::TargetMachine> CreateTargetMachine(const CodegenOptions& opts, std::string* error);

// "" when --target-cpu `cpu` names a CPU of this target ("", native and
// generic included); else the error, with a "did you mean" and the known CPUs.
std::string CheckTargetCpu(const std::string& cpu);

// True when the target has fused multiply-add (lower::LowerOptions::fma).
bool TargetHasFma(const llvm::TargetMachine& tm);

// Sets the module's triple and data layout, and each function's target-cpu/features.
void PrepareModule(llvm::Module& m, llvm::TargetMachine& tm);

// Runs the optimisation pipeline for opts.opt_level.
void OptimizeModule(llvm::Module& m, llvm::TargetMachine& tm, const CodegenOptions& opts);

// Emits an object file (or assembly text) into *out. False and *error on failure.
bool EmitCode(llvm::Module& m, llvm::TargetMachine& tm, bool assembly, std::string* out, std::string* error);

}  // namespace tcc::codegen
