// abi.h: bridges Tensor and the C ABI struct ts_tensor (ts_runtime.h).
//
// Ownership of ts_tensor::handle (an opaque Storage*):
//   - ToAbi(t) returns a *borrowed* view: handle = t's Storage, no reference
//     taken; it is valid only while `t` (or another Tensor on the same
//     storage) is alive. Use it to pass inputs to a compiled kernel.
//   - ts_rt_alloc(out, ...) (called by kernels for outputs) stores a handle
//     that *owns* one reference. The caller of the kernel must take it over
//     with AdoptAbi(out) exactly once (or release it with ReleaseAbi).
//   - FromAbi(x) makes a Tensor that takes a *new* reference on x.handle
//     (x stays as it was: borrowed stays borrowed, owned stays owned).
// Only tensors with ndim <= TS_MAX_DIMS cross the boundary.
#pragma once

#include "tensor.h"
#include "ts_runtime.h"

namespace tcc::rt {

ts_tensor ToAbi(const Tensor& t);
Tensor FromAbi(const ts_tensor& x);
// Takes over the reference that ts_rt_alloc gave `x`; x.handle is set to null.
Tensor AdoptAbi(ts_tensor& x);
// Drops the owned reference of an output the caller will not use.
void ReleaseAbi(ts_tensor& x);

}  // namespace tcc::rt
