// Defines kernel deduplication: a kernel whose code would be identical to an
// earlier kernel's is emitted once, and the program's kernel table points both
// names at it (issue 12: a loop unrolled into the same graph a hundred times
// is compiled once).
#pragma once

#include <map>
#include <string>

#include <llvm/IR/Module.h>

#include "graph/graph.h"
#include "passes/plan_fusion.h"

namespace tcc::codegen {

// What the lowering of a kernel depends on, exactly: every node's op, inputs,
// attributes (numbers by their bits) and type, the outputs, the fusion plan,
// and, when the kernel can raise (`with_locations`), every node's source
// location, which its error messages report. Not the kernel's name, the
// input names (LLVM value names only) or anything else the code does not read.
std::string KernelKey(const graph::Graph& g, const passes::FusionPlan& plan, bool with_locations);

// True when the code lowered for kernel `name` (its function and its loop
// nests) can raise a run-time error, that is, calls ts_rt_raise.
bool KernelRaises(llvm::Module& m, const std::string& name);

// Kernels emitted once: when `key` (KernelKey) is that of a kernel seen
// before, erases kernel `name`'s functions and returns that kernel's name;
// else records it and returns `name`. `seen` maps a key to its kernel.
std::string DedupeKernel(llvm::Module& m, const std::string& name, std::string key,
                         std::map<std::string, std::string>& seen);

}  // namespace tcc::codegen
