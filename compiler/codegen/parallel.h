// Defines parallel code generation: a module of kernels split into parts of
// about equal size, each in its own LLVMContext with its own TargetMachine, so
// that the LLVM pipeline and the code emitter run on every core at once
// (issue 12: compile time). The parts are ordinary objects the linker joins.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include "codegen/codegen.h"

namespace tcc::codegen {

// One part of a split module, owned by one thread at a time.
struct ModulePart {
  std::unique_ptr<llvm::LLVMContext> ctx;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::TargetMachine> tm;
  size_t cost = 0;  // estimated compile cost of its functions, in instructions (parallel.cpp)
  std::string object;       // EmitCode's output
  double optimize_ms = 0, codegen_ms = 0;  // measured by the caller (--time-passes)
  std::string error;
};

// Splits `m` (prepared and verified; it is changed: local symbols shared by
// parts become hidden globals) into at most `n` parts. Functions are placed
// costliest first (instructions, and loops, which the vectoriser multiplies)
// into the cheapest part; always-inline
// helpers and local constants are copied into every part that uses them, so
// inlining and constant folding see them as before. Returns no parts when
// splitting cannot help (n < 2, or fewer than two functions with code), and
// the caller compiles `m` whole.
std::vector<ModulePart> SplitForThreads(llvm::Module& m, unsigned n, const CodegenOptions& opts, std::string* error);

// Runs fn on every part, each on a thread of its own; returns when all are done.
void ForEachPart(std::vector<ModulePart>& parts, const std::function<void(ModulePart&)>& fn);

// The number of parts `tcc build` uses by default: the cores this process may run on.
unsigned DefaultJobs();

}  // namespace tcc::codegen
