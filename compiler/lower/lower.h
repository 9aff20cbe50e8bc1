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
  // Write-once float outputs of at least this many bytes use non-temporal
  // stores (lower/stream.h); 0: none. codegen::StreamMinBytes gives the
  // target's value (0 where its codegen makes none).
  int64_t stream_min_bytes = 0;
};

std::vector<std::string> LowerGraph(const graph::Graph& g, const passes::FusionPlan& plan, llvm::Module& m,
                                    const std::string& name, const LowerOptions& opts = {});

}  // namespace tcc::lower
