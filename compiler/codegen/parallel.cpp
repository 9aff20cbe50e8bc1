// Implements parallel.h: the split (CloneModule with a predicate per part,
// then a bitcode round trip into the part's own context, the one way LLVM
// moves a module between contexts) and the threads.
#include "codegen/parallel.h"

#include <sched.h>

#include <algorithm>
#include <map>
#include <thread>

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

namespace tcc::codegen {

namespace {

// Copied into every part rather than placed in one: inlining (the math
// approximations are always-inline helpers) and constant folding (error
// messages, tables) must see them wherever they are used.
bool CopiedEverywhere(const llvm::GlobalValue& gv) {
  if (!gv.hasLocalLinkage()) return false;
  if (const auto* f = llvm::dyn_cast<llvm::Function>(&gv)) return f->hasFnAttribute(llvm::Attribute::AlwaysInline);
  if (const auto* v = llvm::dyn_cast<llvm::GlobalVariable>(&gv)) return v->isConstant();
  return false;
}

// A local symbol that another part may reference becomes a hidden global:
// one definition, visible to the other parts' objects and to no one else.
void Externalize(llvm::GlobalValue& gv, unsigned* anon) {
  if (!gv.hasLocalLinkage() || CopiedEverywhere(gv)) return;
  if (!gv.hasName()) gv.setName("tcc.part.anon." + std::to_string((*anon)++));
  gv.setLinkage(llvm::GlobalValue::ExternalLinkage);
  gv.setVisibility(llvm::GlobalValue::HiddenVisibility);
  gv.setDSOLocal(true);
}

// The work LLVM will do on f, in instructions: its own, and those of the
// always-inline helpers (the math approximations) it calls, once inlined.
size_t InstructionCount(const llvm::Function& f, int depth = 0) {
  size_t n = 0;
  for (const llvm::BasicBlock& bb : f) {
    n += bb.size();
    for (const llvm::Instruction& inst : bb) {
      const auto* call = llvm::dyn_cast<llvm::CallInst>(&inst);
      const llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
      if (callee && depth < 4 && !callee->isDeclaration() && callee->hasFnAttribute(llvm::Attribute::AlwaysInline))
        n += InstructionCount(*callee, depth + 1);
    }
  }
  return n;
}

// What compiling f costs, in instructions: innermost loops count three
// times, as the vectoriser makes a vector body, an interleaved copy and a
// remainder of each (measured per function on examples/llama_block.ts: a
// loop nest's instruction costs about twice the kernel's straight-line glue).
size_t CompileCost(llvm::Function& f) {
  llvm::DominatorTree dt(f);
  llvm::LoopInfo li(dt);
  size_t cost = InstructionCount(f);
  for (const llvm::BasicBlock& bb : f) {
    const llvm::Loop* l = li.getLoopFor(&bb);
    if (l && l->isInnermost()) cost += 2 * bb.size();
  }
  return cost;
}

}  // namespace

unsigned DefaultJobs() {
  cpu_set_t set;
  unsigned n = 0;
  if (sched_getaffinity(0, sizeof set, &set) == 0) n = static_cast<unsigned>(CPU_COUNT(&set));
  if (n == 0) n = std::thread::hardware_concurrency();
  return std::clamp(n, 1u, 8u);
}

std::vector<ModulePart> SplitForThreads(llvm::Module& m, unsigned n, const CodegenOptions& opts, std::string* error) {
  std::vector<llvm::Function*> placed;
  for (llvm::Function& f : m)
    if (!f.isDeclaration() && !CopiedEverywhere(f)) placed.push_back(&f);
  n = std::min<unsigned>(n, static_cast<unsigned>(placed.size()));
  if (n < 2) return {};

  unsigned anon = 0;
  for (llvm::Function& f : m) Externalize(f, &anon);
  for (llvm::GlobalVariable& v : m.globals()) Externalize(v, &anon);

  // Largest first into the smallest part (ties: the lower part, so the split is deterministic).
  std::vector<std::pair<size_t, llvm::Function*>> sized;
  for (llvm::Function* f : placed) sized.emplace_back(CompileCost(*f), f);
  std::stable_sort(sized.begin(), sized.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<size_t> load(n, 0);
  std::map<const llvm::GlobalValue*, unsigned> part_of;
  for (const auto& [size, f] : sized) {
    unsigned p = static_cast<unsigned>(std::min_element(load.begin(), load.end()) - load.begin());
    part_of[f] = p;
    load[p] += size;
  }

  std::vector<ModulePart> parts(n);
  for (unsigned i = 0; i < n; ++i) {
    llvm::ValueToValueMapTy vmap;
    std::unique_ptr<llvm::Module> clone = llvm::CloneModule(m, vmap, [&](const llvm::GlobalValue* gv) {
      if (CopiedEverywhere(*gv)) return true;
      auto it = part_of.find(gv);
      return (it == part_of.end() ? 0u : it->second) == i;  // data lives in part 0
    });
    llvm::SmallVector<char, 0> bitcode;
    llvm::raw_svector_ostream os(bitcode);
    llvm::WriteBitcodeToFile(*clone, os);
    clone.reset();
    ModulePart& part = parts[i];
    part.ctx = std::make_unique<llvm::LLVMContext>();
    auto parsed = llvm::parseBitcodeFile(
        llvm::MemoryBufferRef(llvm::StringRef(bitcode.data(), bitcode.size()), m.getModuleIdentifier()), *part.ctx);
    if (!parsed) {
      *error = "cannot split the module: " + llvm::toString(parsed.takeError());
      return {};
    }
    part.module = std::move(*parsed);
    part.tm = CreateTargetMachine(opts, error);
    if (!part.tm) return {};
    part.cost = load[i];
  }
  return parts;
}

void ForEachPart(std::vector<ModulePart>& parts, const std::function<void(ModulePart&)>& fn) {
  std::vector<std::thread> threads;
  for (size_t i = 1; i < parts.size(); ++i) threads.emplace_back([&fn, &parts, i] { fn(parts[i]); });
  if (!parts.empty()) fn(parts[0]);
  for (std::thread& t : threads) t.join();
}

}  // namespace tcc::codegen
