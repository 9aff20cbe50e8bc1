// conv_view.h: the [N, C, H, W] view of a tensor that the window kernels
// (conv.cpp, pool.cpp) work on, shared by them (not a public header).
#pragma once

#include "tensor/tensor.h"
#include "ts_runtime.h"

namespace tcc::rt {

// `t` (an input or output of a 1-d or 2-d window op, batched or not) as a
// 4-d ts_tensor view: a unit dim is inserted for a 1-d op's H and for an
// unbatched tensor's N. Shares t's data (no handle).
ts_tensor AbiView4(const Tensor& t, int spatial);

// Kernels called through the C ABI cannot throw: a failed allocation of a
// kernel's scratch memory ends the program with a message.
[[noreturn]] void WindowOutOfMemory(const char* op);

}  // namespace tcc::rt
