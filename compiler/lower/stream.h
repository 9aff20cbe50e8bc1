// Defines streaming (non-temporal) stores of large nest outputs (issue 14).
//
// A nest that writes a large graph output once, and never reads it back,
// needs no copy of the output in the cache: a normal store first reads the
// line it writes (write-allocate), a third of softmax's memory traffic.
// The lowering cannot write `!nontemporal` itself: LLVM's loop vectoriser
// refuses to widen a non-temporal store it cannot prove aligned to the vector
// size, and a row's alignment is a run-time fact. So the lowering
//  - peels each row's first elements up to a 64-byte boundary (a pointer the
//    IR knows aligned: llvm.ptrmask), so the vectoriser's wide stores of the
//    rest are aligned by construction, and
//  - marks those stores with an alias scope of the "tcc.stream" domain (no
//    access lists it in !noalias, so it changes no alias result), metadata
//    that the vectoriser carries to the wide stores it makes.
// codegen/stream_stores.h then turns each marked vector store that the
// target can store non-temporally at its alignment into a `!nontemporal`
// store, and fences the function's returns (sfence), x86 only.
#pragma once

#include <cstdint>
#include <functional>

#include <llvm/IR/Instructions.h>

#include "lower/emitter.h"

namespace tcc::lower {

// The least output size that streams: the threshold where the machine's
// last-level cache is not known (bench/RESULTS.md, "Streaming stores", measured
// with a 32 MiB L3); codegen::StreamMinBytes raises it on a larger cache.
constexpr int64_t kStreamBytes = int64_t{4} << 20;
// Whether the nest writing `dest` (over `shape`, at its own index) streams its
// stores: a float/double graph output of at least k.stream_min_bytes, allocated
// contiguous for this group (Buffer::fresh_output), not updated in place, read
// by no other node of the kernel, and keeping no row cache in it.
bool StreamsDest(const KernelState& k, const graph::Shape& shape, const Buffer& dest, const passes::FusedGroup* grp);

// Stores value(i) into dest[outer..., i] for i in [lo, hi): elements up to
// the first 64-byte boundary in a scalar loop, the rest through an aligned
// base pointer with marked stores (MarkStreamStore).
void EmitStreamedRow(Emitter& e, const Buffer& dest, const Index& outer, llvm::Value* lo, llvm::Value* hi,
                     const std::function<llvm::Value*(llvm::Value* i)>& value);

// The marker codegen reads: store `st` may become non-temporal.
void MarkStreamStore(llvm::StoreInst* st);
bool IsStreamStore(const llvm::StoreInst& st);

}  // namespace tcc::lower
