// gemm_avx512.h: float32 C = op(A) @ op(B) with AVX-512, for CPUs that have
// it; gemm_f32 (blas.h) calls it first and uses BLAS where it returns false.
//
// Why not BLAS everywhere: the OpenBLAS that Debian 12 ships (0.3.21) runs
// its Haswell (AVX2) kernel on AVX-512 machines whose core it does not know
// (AMD Zen 4/5; OPENBLAS_CORETYPE forces the same), half of what their FMA
// units do, and at the Winograd convolution's small products ([64, 64] x
// [64, 208], by the thousand) it spends a tenth of each call packing.
// Measured on a Zen 5 VM: the bench's MLP and GPT block, GEMM-bound, and
// conv2d (README and bench/RESULTS.md give the numbers).
//
// Results: each C[i][j] is the sum over k in order (blocks of kKc in order,
// one FMA a term within a block), whatever the thread count, so a product
// is reproducible from run to run; it may differ from BLAS's summation order
// in the last bits, as BLAS's kernels differ among themselves.
#pragma once

#include <cstdint>

namespace tcc::rt {

// C[m, n] = op(A) @ op(B), all row-major, op(X) = X or X^T (trans_x),
// lda/ldb/ldc the row strides as stored; C overwritten (k == 0: zeros).
// Splits across the thread pool (serially inside a pool body). Returns false
// and does nothing where AVX-512 is not in use (gemm_avx512_available).
bool gemm_avx512_f32(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                     const float* b, int64_t ldb, float* c, int64_t ldc);

// Whether gemm_avx512_f32 runs: the CPU has AVX-512F (checked once) and
// TCC_GEMM_AVX512 is not 0 (a switch for measuring against BLAS), unless a
// test said otherwise (set_gemm_avx512).
bool gemm_avx512_available();

// For tests: turn the kernel off (false: gemm_f32 goes to BLAS) or back on
// (true: on where the CPU has AVX-512F).
void set_gemm_avx512(bool on);

}  // namespace tcc::rt
