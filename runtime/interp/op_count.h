// Defines the interpreter's tensor-op counter (run statistics, TCC_STATS):
// one global pointer to the counter of the code running now, bumped at the
// interpreter's choke points for tensor work (see stats.h for what counts).
// The pointer is never null: with statistics off it points at a sink, so a
// count costs one increment through a pointer and no branch.
#pragma once

#include <cstdint>

namespace tcc::interp {

inline uint64_t g_tensor_op_sink = 0;
inline uint64_t* g_tensor_op_counter = &g_tensor_op_sink;

inline void CountTensorOp() { ++*g_tensor_op_counter; }

}  // namespace tcc::interp
