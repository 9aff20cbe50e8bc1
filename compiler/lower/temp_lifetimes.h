// temp_lifetimes.h: a kernel's temporaries (ts_rt_temp_alloc buffers of
// materialised values that are not outputs) are given back to the runtime's
// block cache right after the last group that reads them, so a later group
// of the same call reuses the block while it is still in cache, and a
// kernel's peak memory is that of its live values, not of all of them.
#pragma once

#include <utility>
#include <vector>

#include <llvm/IR/Instruction.h>
#include <llvm/IR/Value.h>

#include "lower/emitter.h"

namespace tcc::lower {

// after_group[i]: a placeholder instruction emitted right after group i of
// k.plan (erased here). handles: each temporary's data pointer and the
// alloca holding its ts_rt_temp_alloc handle, in allocation order. A
// temporary that some output's buffer is based on, or that no group reads,
// stays to the kernel's end. A freed handle is set to null, so the end's
// ts_rt_temp_free of it is a no-op.
void FreeTempsAtLastUse(KernelState& k, std::vector<llvm::Instruction*>& after_group,
                        const std::vector<std::pair<llvm::Value*, llvm::Value*>>& handles);

}  // namespace tcc::lower
