// Defines the fusion pass: partitions a graph into fused loop nests
// ("kernels" in `tcc explain`). Must run last, after folding, CSE and DCE.
//
// A value is *materialised* (gets a buffer) when it is a graph output, a
// matmul or a matmul operand (or the base under an operand that is a view
// chain, passes/strided_view.h), a cat/stack, a random draw,
// a window op (conv, pooling, pad) or its operand, the operand of a reshape, a value
// with several uses whose recomputation is expensive, or a reduction that
// cannot be fused into its consumers. Every other node is computed inside the
// loop nest of each materialised value that needs it, so elementwise chains,
// broadcasts and views never touch memory.
//
// A reduction fuses into a consumer's loop nest ("hoisted") when its value
// depends only on the nest's outer loops (e.g. softmax's row max and row sum,
// layer_norm's mean and variance over the last axis): the nest computes it once
// per row, before its innermost loop, and keeps it in a register.
//
// When an expensive value feeds both a row's hoisted reduction and the nest's
// own elementwise work (softmax's exp(x - max), read by the row sum and by the
// division), the nest keeps it in the output row ("row-cached"): the first
// reduction pass over the row stores it there and every later pass loads it,
// so it is computed once per element instead of once per pass.
//
// Full reductions (sum, max, min, mean to one element) over inputs of the same
// shape share one nest ("siblings", passes/fusion_siblings.cpp): `x.sum()` and
// `x.max()` read x once, each with its own accumulator and output.
#pragma once

#include <string>
#include <vector>

#include "graph/graph.h"

namespace tcc::passes {

enum class GroupKind { Elementwise, Reduction, MatMul, Join, Copy, Random, Scan, Window };
const char* GroupKindName(GroupKind k);

struct FusedGroup {
  GroupKind kind = GroupKind::Elementwise;
  graph::ValueId root = -1;            // the materialised value this loop nest writes
  std::vector<graph::ValueId> nodes;   // every node computed in it (topological, root last; with siblings, by id)
  std::vector<graph::ValueId> hoisted; // reductions computed once per row (topological)
  std::vector<graph::ValueId> reads;   // buffers it reads: inputs and other groups' roots
  graph::ValueId row_cached = -1;      // kept in the root's output row (see above), or -1
  // An epilogue: the matmul (or convolution, pooling, pad) result this
  // elementwise nest overwrites with its root (same shape and dtype, read
  // only here and only at the nest's own index), so bias, activation and
  // residual run in one pass over the GEMM's (the window kernel's) output
  // buffer, which is then the root's: the producer writes straight into the
  // root's buffer, a graph output included; or -1.
  graph::ValueId in_place_of = -1;
  // A full reduction's nest also computes these full reductions over inputs
  // of the same shape, in the same loop, each into its own buffer (their
  // nodes are in `nodes`, their reads in `reads`). Empty for other kinds.
  std::vector<graph::ValueId> siblings;

  std::vector<std::string> OpNames(const graph::Graph& g) const;  // spelling of each node
};

struct FusionPlan {
  std::vector<FusedGroup> groups;      // in execution order
  std::vector<bool> materialised;      // per value: has its own buffer (inputs and roots)
  bool IsHoisted(graph::ValueId v) const;  // a reduction fused into some nest
};

FusionPlan PlanFusion(const graph::Graph& g);

// True when grp is a full reduction (sum, max, min or mean of a non-bool
// tensor to one element, nothing hoisted, at least 4096 rows on axis 0 when
// static) whose nest splits axis 0 into chunks reduced in parallel and then
// combined (lower/nest.cpp); only such groups take siblings.
bool SplitsFullReduction(const graph::Graph& g, const FusedGroup& grp);

// Moves each later full reduction that SplitsFullReduction, over an input of
// the same shape, and reading only graph inputs and earlier groups' values,
// into the first such group as a sibling (at most kMaxSiblings per group).
constexpr size_t kMaxSiblings = 7;
void MergeSiblingReductions(const graph::Graph& g, FusionPlan& plan);

// True when v swaps the last two dimensions (transpose/permute): a matmul
// reads such an operand in place (BLAS transpose flag), without a copy.
bool IsMatrixTranspose(const graph::Graph& g, graph::ValueId v);

// True when v is a transpose/permute of a float matmul result that nothing
// else reads and that keeps the last dimension last (attention's
// `(att @ v).transpose(1, 2)`): the matmul then writes its result straight
// in v's layout (C's leading dimension and batch strides), and v's group
// (in_place_of = the matmul) has no loop nest of its own.
bool WritesMatMulInLayout(const graph::Graph& g, graph::ValueId v);

// "kernel 0 (elementwise -> %5 float32[4096, 1024]): max, sub, exp, sum, div [row: %2 max, %4 sum]"
std::string PrintFusionPlan(const graph::Graph& g, const FusionPlan& plan);

}  // namespace tcc::passes
