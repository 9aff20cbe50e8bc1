// Defines how a loop nest is outlined into `void nest(ctx, begin, end)` and
// dispatched from the kernel, directly for small work or through
// ts_rt_parallel_for for large work.
#pragma once

#include <functional>

#include "lower/emitter.h"

namespace tcc::lower {

// Maps an index of the computed value to the destination buffer's index
// (identity for plain groups; shifted or extended for cat/stack operands).
using DestMap = std::function<Index(Emitter& e, const Index& idx)>;

// Emits the nest computing `value` over `shape` into `dest` (a kernel-level
// buffer) and calls it from the kernel at `ke`'s insertion point.
void EmitElementwiseNest(Emitter& ke, const graph::Shape& shape, ValueId value, const Buffer& dest,
                         const DestMap& map, const passes::FusedGroup* grp);

// Emits the nest of a reduction group: one output element per work item, or,
// for a reduction of everything to one element, a split over the first axis
// with partial results combined by the kernel.
// A Window node (conv, pooling, pad) as a call of its runtime kernel (conv.cpp).
void EmitWindowOp(Emitter& ke, ValueId root, const Buffer& dest);
// sort / scatter as calls of ts_rt_argsort / ts_rt_scatter (sort.cpp).
void EmitSortOp(Emitter& ke, ValueId root, const Buffer& dest);
// A ts_tensor stack slot describing `buf` (conv.cpp); spatial > 0 pads it to 4-d.
llvm::Value* AbiTensor(Emitter& e, const Buffer& buf, int spatial, const char* name);

// dests: the root's buffer, then each sibling's (passes::FusedGroup::siblings).
void EmitReductionNest(Emitter& ke, const passes::FusedGroup& grp, const std::vector<Buffer>& dests);

// Emits the nest of a scan group (cumsum/cumprod, lower/scan.cpp): one work
// item per position of the non-scanned axes, a sequential loop along the axis.
void EmitScanNest(Emitter& ke, const passes::FusedGroup& grp, const Buffer& dest);

// Creates an outlined nest function and returns it with its emitter.
llvm::Function* NewNestFunction(KernelState& k);

// Stores the nest's captured values into a context and calls it over [0, items),
// in parallel when `work` (elements touched) is large.
void DispatchNest(Emitter& ke, llvm::Function* nest, const Emitter& ne, llvm::Value* items, llvm::Value* work);

}  // namespace tcc::lower
