// gemm_small.h: C = A @ B for the small, cache-resident float32 products
// that the Winograd convolution runs by the thousand (16 per block of tiles,
// [Og, Cg] x [Cg, tiles], Og and Cg 8-256, a block ~2 MiB with its output).
//
// Why not BLAS: at these sizes OpenBLAS spends a tenth of the call packing
// its operands, and the OpenBLAS that Debian ships runs its Haswell (AVX2)
// kernel on AVX-512 machines whose kernel it does not know, half of what
// their FMA units do. The kernel here reads A and B in place (B's rows are
// contiguous), keeps a 6 x 64 block of C in 24 zmm registers over the whole
// k loop, and stores C once. Where the CPU has no AVX-512 (checked once, at
// run time) it returns false and the caller uses gemm_f32.
//
// Results: each C[i][j] is the sum over k in order, one FMA a term, so a
// product is exactly reproducible; it may differ from BLAS's order of
// summation in the last bits, as BLAS's kernels differ among themselves.
#pragma once

#include <cstdint>

namespace tcc::rt {

// C[m, n] = A[m, k] @ B[k, n], all row-major with row strides lda, ldb, ldc
// (C overwritten). Returns false (and does nothing) where the CPU lacks
// AVX-512F: the caller falls back to gemm_f32.
bool gemm_small_f32(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb,
                    float* c, int64_t ldc);

// Whether gemm_small_f32 runs on this CPU (AVX-512F, and TCC_GEMM_SMALL is
// not 0: a switch for measuring against BLAS).
bool gemm_small_available();

}  // namespace tcc::rt
