// blas.h: the runtime's one door to BLAS (float32/float64 gemm).
//
// OpenBLAS is loaded with dlopen at the first matmul, not linked, so that
//   - a program that never multiplies matrices never loads it (start-up);
//   - its thread count follows the runtime's (TCC_NUM_THREADS), and its idle
//     threads stop spinning soon after a call (OPENBLAS_THREAD_TIMEOUT):
//     OpenBLAS's default lets them busy-wait for ~0.1 s after start-up and
//     after every call, stealing the cores our own kernels then need.
//     Both are set only where the user has not set them already.
//   - a binary copied to a machine without OpenBLAS still runs: matmul then
//     uses a built-in blocked kernel (correct, several times slower) and
//     says so once on stderr.
#pragma once

#include <cstdint>
#include <string>

namespace tcc::rt {

// C[m, n] = op(A) @ op(B), all row-major (float32 on AVX-512 CPUs: tcc's
// own kernel, gemm_avx512.h, else BLAS); op(X) = X or X^T (trans_x), lda/ldb/ldc
// the row strides of A, B, C as stored. m, n, k >= 0 (k == 0 gives zeros).
void gemm_f32(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
              const float* b, int64_t ldb, float* c, int64_t ldc);
void gemm_f64(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda,
              const double* b, int64_t ldb, double* c, int64_t ldc);

// A batch of gemms (ts_rt_gemm_batched in ts_runtime.h): sizes[nb] and the
// element strides of A, B and C per batch dim (0: broadcast). Runs the
// products in parallel across the batch, each single-threaded, when the batch
// splits evenly across the threads; else one after the other.
template <class T>
void gemm_batched(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
                  int64_t ldb, T* c, int64_t ldc, int nb, const int64_t* sizes, const int64_t* a_strides,
                  const int64_t* b_strides, const int64_t* c_strides);

// While alive, gemm runs single-threaded in the calling thread (OpenBLAS's
// thread count is process-wide, 0.3.21 has no per-call count): for callers
// that run several products at once on the pool's threads, each on its own
// core. Create it outside parallel regions; it restores the count it found.
class SerialBlasScope {
 public:
  SerialBlasScope();
  ~SerialBlasScope();
  SerialBlasScope(const SerialBlasScope&) = delete;
  SerialBlasScope& operator=(const SerialBlasScope&) = delete;

 private:
  int saved_ = 1;
};

// Which implementation gemm uses ("OpenBLAS (libopenblas.so.0)" or "built-in");
// loads BLAS if it has not been loaded yet.
std::string blas_name();

// For tests: use the built-in kernel from now on (on), or BLAS again (off).
void blas_force_builtin(bool on = true);

}  // namespace tcc::rt
