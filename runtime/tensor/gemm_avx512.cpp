// gemm_avx512.cpp: implements gemm_avx512_f32 (gemm_avx512.h).
//
// C is cut into work items of (rows, a panel of 64 columns); the pool runs
// the items, rows-major so that a thread's rows of A stay in L2 while it
// walks its panels. Per item and per block of kKc of k: B's panel is packed
// to kKc contiguous rows of 64 floats (any layout of B, transposed or not;
// unless B's rows can be read in place), then every register block of
// MR <= 6 rows by NV <= 4 vectors of 16 floats
// (6 x 64: 24 accumulators; per k: 4 loads of the panel's row, 6 broadcasts
// of A read in place, 24 FMAs) runs over the block's k and stores (or, after
// the first block of k, adds) its C once. The last vector of a row is
// masked, so any n works without a scalar tail; m's remainder takes a
// kernel of fewer rows.
#include "tensor/gemm_avx512.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "tensor/scratch.h"
#include "tensor/thread_pool.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TCC_GEMM_AVX512 1
#endif

namespace tcc::rt {

namespace {

std::atomic<int> g_enabled{-1};  // -1: not decided (TCC_GEMM_AVX512 and the CPU decide), 0 off, 1 on

bool CpuHasAvx512() {
#if TCC_GEMM_AVX512
  static const bool yes = [] {
    __builtin_cpu_init();
    return bool(__builtin_cpu_supports("avx512f"));
  }();
  return yes;
#else
  return false;
#endif
}

}  // namespace

bool gemm_avx512_available() {
  int e = g_enabled.load(std::memory_order_relaxed);
  if (e < 0) {
    const char* env = std::getenv("TCC_GEMM_AVX512");
    e = CpuHasAvx512() && !(env && std::strcmp(env, "0") == 0);
    g_enabled.store(e, std::memory_order_relaxed);
  }
  return e == 1;
}

void set_gemm_avx512(bool on) { g_enabled.store(on && CpuHasAvx512(), std::memory_order_relaxed); }

#if TCC_GEMM_AVX512
namespace {

constexpr int kMR = 6, kNV = 4, kNR = 16 * kNV;
constexpr int64_t kKc = 384;  // k per packed panel: 96 KiB, read once per 6 rows from L2

// C[MR rows, 16 * NV columns] (=, or += when add) A[MR, k] @ B[k, 16 * NV];
// A(i, p) at a[i * ars + p * acs]; B's rows ldb apart; the last vector of a
// row masked by `last`.
template <int MR, int NV>
__attribute__((target("avx512f"))) void Block(int64_t k, const float* a, int64_t ars, int64_t acs, const float* b,
                                              int64_t ldb, float* c, int64_t ldc, __mmask16 last, bool add) {
  // (GCC keeps the arrays in registers only when these loops unroll early)
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
    const float* ap = a + p * acs;
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
      const __m512 ai = _mm512_set1_ps(ap[i * ars]);
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[i][v] = _mm512_fmadd_ps(ai, bv[v], acc[i][v]);
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) {
    float* ci = c + i * ldc;
#pragma GCC unroll 4
    for (int v = 0; v < NV - 1; ++v)
      _mm512_storeu_ps(ci + 16 * v, add ? _mm512_add_ps(acc[i][v], _mm512_loadu_ps(ci + 16 * v)) : acc[i][v]);
    float* cl = ci + 16 * (NV - 1);
    _mm512_mask_storeu_ps(cl, last, add ? _mm512_add_ps(acc[i][NV - 1], _mm512_maskz_loadu_ps(last, cl)) : acc[i][NV - 1]);
  }
}

using BlockFn = void (*)(int64_t, const float*, int64_t, int64_t, const float*, int64_t, float*, int64_t, __mmask16,
                         bool);

template <int MR>
constexpr BlockFn kRow[kNV] = {Block<MR, 1>, Block<MR, 2>, Block<MR, 3>, Block<MR, 4>};
constexpr const BlockFn* kBlocks[kMR] = {kRow<1>, kRow<2>, kRow<3>, kRow<4>, kRow<5>, kRow<6>};

// dst[r * ldd + c] = src[c * lds + r] for r, c < 16: a 16 x 16 transpose in
// registers (4 rounds of shuffles, 64 instructions for 256 floats). GCC 12's
// headers build these shuffles on _mm512_undefined_ps and then warn about it.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
__attribute__((target("avx512f"))) void Transpose16(const float* src, int64_t lds, float* dst, int64_t ldd) {
  __m512 r[16], t[16];
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) r[i] = _mm512_loadu_ps(src + i * lds);
#pragma GCC unroll 8
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
  }
#pragma GCC unroll 4
  for (int i = 0; i < 16; i += 4) {
    r[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
    r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
    r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
#pragma GCC unroll 2
  for (int i = 0; i < 16; i += 8) {
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) {
      t[i + j] = _mm512_shuffle_f32x4(r[i + j], r[i + j + 4], 0x88);
      t[i + j + 4] = _mm512_shuffle_f32x4(r[i + j], r[i + j + 4], 0xDD);
    }
  }
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) {
    r[j] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0x88);
    r[j + 8] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0xDD);
  }
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) _mm512_storeu_ps(dst + i * ldd, r[i]);
}
#pragma GCC diagnostic pop

// panel[p][j] = op(B)(p0 + p, j0 + j) for p < kc, j < w (rows of kNR floats).
void PackPanel(bool tb, const float* b, int64_t ldb, int64_t p0, int64_t kc, int64_t j0, int64_t w, float* panel) {
  if (!tb) {
    for (int64_t p = 0; p < kc; ++p) std::memcpy(panel + p * kNR, b + (p0 + p) * ldb + j0, size_t(w) * sizeof(float));
    return;
  }
  // op(B) = B^T: column j of the panel is row j0 + j of B, contiguous. By
  // 16 rows of the panel at a time (4 KiB, in L1 while all w columns fill
  // them): column by column over all kc rows, every store missed L1 (the
  // GPT block spent a fifth of its time here).
  for (int64_t q = 0; q < kc; q += 16) {
    const int64_t h = std::min<int64_t>(16, kc - q);
    int64_t j = 0;
    if (h == 16)
      for (; j + 16 <= w; j += 16) Transpose16(b + (j0 + j) * ldb + p0 + q, ldb, panel + q * kNR + j, kNR);
    for (; j < w; ++j) {
      const float* src = b + (j0 + j) * ldb + p0 + q;
      float* dst = panel + q * kNR + j;
      for (int64_t p = 0; p < h; ++p) dst[p * kNR] = src[p];
    }
  }
}

}  // namespace

bool gemm_avx512_f32(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
                     int64_t ldb, float* c, int64_t ldc) {
  if (!gemm_avx512_available()) return false;
  if (m <= 0 || n <= 0) return true;
  if (k <= 0) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
    return true;
  }
  const int64_t ars = ta ? 1 : lda, acs = ta ? lda : 1;
  const int64_t panels = (n + kNR - 1) / kNR;
  // Rows per item: all of them where the panels alone give the pool enough
  // items (4 per thread), else fewer (a multiple of 6, at least 48: each item
  // packs its own panel, a 1/(2 * rows) share of its work).
  const int64_t threads = num_threads();
  const int64_t split = panels >= 4 * threads ? 1 : (4 * threads + panels - 1) / panels;
  const int64_t rows = std::max<int64_t>(48, ((m + split - 1) / split + kMR - 1) / kMR * kMR);
  const int64_t chunks = (m + rows - 1) / rows, items = panels * chunks;
  // under ~1 MFLOP the pool's hand-off costs more than a second core gains
  const int64_t grain = double(m) * double(n) * double(k) < 5e5 ? items : 1;
  // B read in place, unpacked, where its rows are near and not an even
  // number of cache lines apart (the Winograd convolution lays its V out so:
  // 832 bytes for 208 tiles); rows 1 KiB apart would fall in a quarter of
  // L1's sets, and rows pages apart would cost a TLB entry each.
  const bool in_place = !tb && (ldb * int64_t(sizeof(float))) % 128 != 0 && ldb * int64_t(sizeof(float)) <= 4096;
  parallel_for(items, grain, [&](int64_t lo, int64_t hi) {
    static thread_local std::vector<float> kept;
    float* const panel = AlignedScratch(kept, size_t(kKc * kNR));  // (each row's 4 loads within lines)
    for (int64_t it = lo; it < hi; ++it) {
      const int64_t r0 = it / panels * rows, r1 = std::min(m, r0 + rows), j0 = it % panels * kNR;
      const int64_t w = std::min<int64_t>(kNR, n - j0);
      const int nv = int((w + 15) / 16);
      const __mmask16 last = w % 16 ? __mmask16((1u << (w % 16)) - 1) : __mmask16(0xFFFF);
      for (int64_t p0 = 0; p0 < k; p0 += kKc) {
        const int64_t kc = std::min(kKc, k - p0);
        const float* bp = b + p0 * ldb + j0;
        int64_t bld = ldb;
        if (!in_place) {
          PackPanel(tb, b, ldb, p0, kc, j0, w, panel);
          bp = panel, bld = kNR;
        }
        for (int64_t i0 = r0; i0 < r1; i0 += kMR) {
          const int mr = int(std::min<int64_t>(kMR, r1 - i0));
          kBlocks[mr - 1][nv - 1](kc, a + i0 * ars + p0 * acs, ars, acs, bp, bld, c + i0 * ldc + j0, ldc, last, p0 > 0);
        }
      }
    }
  });
  return true;
}

#else

bool gemm_avx512_f32(bool, bool, int64_t, int64_t, int64_t, const float*, int64_t, const float*, int64_t, float*,
                     int64_t) {
  return false;
}

#endif

}  // namespace tcc::rt
