// gemm_small.cpp: implements gemm_small_f32 (gemm_small.h).
//
// C is computed in register blocks of MR <= 6 rows by NV <= 4 vectors of 16
// floats (6 x 64: 24 accumulators, 4 loads of B's row and 6 broadcasts of A
// per k, 24 FMAs), the block's columns in the outer loop so that B's panel
// (k rows of 256 bytes) stays in L1 while every row block of A passes over
// it. The last vector of a row is masked, so any n works without a scalar
// tail; m's remainder takes a kernel of fewer rows.
#include "tensor/gemm_small.h"

#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TCC_GEMM_SMALL_X86 1
#endif

namespace tcc::rt {

#if TCC_GEMM_SMALL_X86
namespace {

constexpr int kMR = 6, kNV = 4, kNR = 16 * kNV;

template <int MR, int NV>
__attribute__((target("avx512f"))) void Block(int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb,
                                              float* c, int64_t ldc, __mmask16 last) {
  __m512 acc[MR][NV];
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[i][v] = _mm512_setzero_ps();
  for (int64_t p = 0; p < k; ++p) {
    const float* bp = b + p * ldb;
    __m512 bv[NV];
#pragma GCC unroll 4
    for (int v = 0; v < NV - 1; ++v) bv[v] = _mm512_loadu_ps(bp + 16 * v);
    bv[NV - 1] = _mm512_maskz_loadu_ps(last, bp + 16 * (NV - 1));
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
      const __m512 ai = _mm512_set1_ps(a[i * lda + p]);
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[i][v] = _mm512_fmadd_ps(ai, bv[v], acc[i][v]);
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) {
    float* ci = c + i * ldc;
#pragma GCC unroll 4
    for (int v = 0; v < NV - 1; ++v) _mm512_storeu_ps(ci + 16 * v, acc[i][v]);
    _mm512_mask_storeu_ps(ci + 16 * (NV - 1), last, acc[i][NV - 1]);
  }
}

using BlockFn = void (*)(int64_t, const float*, int64_t, const float*, int64_t, float*, int64_t, __mmask16);

template <int MR>
constexpr BlockFn kRow[kNV] = {Block<MR, 1>, Block<MR, 2>, Block<MR, 3>, Block<MR, 4>};
constexpr const BlockFn* kBlocks[kMR] = {kRow<1>, kRow<2>, kRow<3>, kRow<4>, kRow<5>, kRow<6>};

bool Detect() {
  const char* e = std::getenv("TCC_GEMM_SMALL");
  if (e && std::strcmp(e, "0") == 0) return false;
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f");
}

}  // namespace

bool gemm_small_available() {
  static const bool ok = Detect();
  return ok;
}

bool gemm_small_f32(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb,
                    float* c, int64_t ldc) {
  if (!gemm_small_available()) return false;
  // B's rows an even number of cache lines apart (1 KiB for 256 floats) fall
  // in a fraction of L1's sets, and a pass over 64 columns of k rows evicts
  // itself: then each panel is first copied to rows of 64 floats + 16 (an
  // odd number of lines).
  const bool pack = (ldb * int64_t(sizeof(float))) % 128 == 0 && k > 8;
  constexpr int64_t kPackLd = kNR + 16;
  static thread_local std::vector<float> panel;
  if (pack && panel.size() < size_t(k * kPackLd)) panel.resize(size_t(k * kPackLd));
  for (int64_t j0 = 0; j0 < n; j0 += kNR) {
    const int64_t w = n - j0 < kNR ? n - j0 : kNR;
    const int nv = int((w + 15) / 16);
    const __mmask16 last = w % 16 ? __mmask16((1u << (w % 16)) - 1) : __mmask16(0xFFFF);
    const float* bp = b + j0;
    int64_t ld = ldb;
    if (pack) {
      for (int64_t p = 0; p < k; ++p) std::memcpy(panel.data() + p * kPackLd, bp + p * ldb, size_t(w) * sizeof(float));
      bp = panel.data(), ld = kPackLd;
    }
    for (int64_t i0 = 0; i0 < m; i0 += kMR) {
      const int mr = int(m - i0 < kMR ? m - i0 : kMR);
      kBlocks[mr - 1][nv - 1](k, a + i0 * lda, lda, bp, ld, c + i0 * ldc + j0, ldc, last);
    }
  }
  return true;
}

#else

bool gemm_small_available() { return false; }

bool gemm_small_f32(int64_t, int64_t, int64_t, const float*, int64_t, const float*, int64_t, float*, int64_t) {
  return false;
}

#endif

}  // namespace tcc::rt
