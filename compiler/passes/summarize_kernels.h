// Defines the description of a graph's fused loop nests for `tcc explain`:
// it runs the pass pipeline on a copy of the graph (so it shows exactly the
// kernels `tcc build` generates) and describes each nest in plain data.
#pragma once

#include <string>
#include <vector>

#include "graph/graph.h"

namespace tcc::passes {

struct KernelSummary {
  std::string kind;                   // elementwise | reduction | matmul | join | copy
  std::vector<std::string> ops;       // op spellings in the nest, e.g. {"max", "sub", "exp", "sum", "div"}
  std::vector<std::string> per_row;   // reductions fused per row, e.g. {"max", "sum"}
  std::string row_cached;             // op kept in the output row (FusedGroup::row_cached), e.g. "exp"
  std::string output;                 // type of the value it writes, e.g. "float32[4096, 1024]"
  std::string in_place_over;          // an epilogue over this op's output (FusedGroup::in_place_of), e.g. "matmul"; else empty
};

// One entry per loop nest, in execution order. A permute the matmul writes in
// its own layout (WritesMatMulInLayout) has no nest: its op joins the matmul's.
std::vector<KernelSummary> SummarizeKernels(const graph::Graph& g);

// "3 loop nests: [matmul] matmul; [elementwise] add, relu;
//  [elementwise] max, sub, exp, sum, div (per row: max, sum; exp kept in the row)"
// (an epilogue: "[elementwise] add, relu (in place over the matmul)", or
// "... (in place over the conv)")
std::string KernelSummaryText(const std::vector<KernelSummary>& kernels);

}  // namespace tcc::passes
