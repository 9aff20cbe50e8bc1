// Defines the lowering of one graph to LLVM IR.
//
// LowerGraph adds to `m` a function `name` with the ts_kernel_fn signature of
// ts_runtime.h: inputs are the graph's Input nodes in attrs.index order,
// scalars its ScalarInput nodes, outputs are allocated with ts_rt_alloc in the
// order of g.outputs. Each group of the fusion plan becomes one loop nest,
// outlined into a `name.nestK(ctx, begin, end)` function that the kernel calls
// directly for small sizes or through ts_rt_parallel_for for large ones.
// Symbolic dimensions are read from the input tensors at run time.
//
// Returns the problems found (an op the backend cannot lower, a symbolic
// size no input binds); on errors the module may hold a partial function.
#pragma once

#include <string>
#include <vector>

#include <llvm/IR/Module.h>

#include "graph/graph.h"
#include "passes/plan_fusion.h"

namespace tcc::lower {

struct LowerOptions {
  // Use fused multiply-add in the exp/log/tanh/sigmoid polynomials (explicit
  // llvm.fma, so every -O level rounds the same; only for targets with FMA:
  // codegen::TargetHasFma). Results differ from a non-FMA build in the last bit.
  bool fma = false;
  // Let large write-once float outputs use non-temporal stores (lower/stream.h):
  // only for targets whose codegen makes them (codegen::TargetStreamsStores).
  bool stream_stores = false;
};

std::vector<std::string> LowerGraph(const graph::Graph& g, const passes::FusionPlan& plan, llvm::Module& m,
                                    const std::string& name, const LowerOptions& opts = {});

}  // namespace tcc::lower
