// blas.cpp: loads OpenBLAS at the first gemm (see blas.h for why) and falls
// back to a built-in cache-blocked kernel when it is missing.
#include "tensor/blas.h"

#include <dlfcn.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#include "tensor/gemm_avx512.h"
#include "tensor/thread_pool.h"

namespace tcc::rt {

namespace {

// CBLAS enums (cblas.h): RowMajor 101, NoTrans 111, Trans 112.
constexpr int kRowMajor = 101, kNoTrans = 111, kTrans = 112;
using SgemmFn = void (*)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*,
                         int);
using DgemmFn = void (*)(int, int, int, int, int, int, double, const double*, int, const double*, int, double,
                         double*, int);

struct Blas {
  SgemmFn sgemm = nullptr;
  DgemmFn dgemm = nullptr;
  void (*set_threads)(int) = nullptr;  // openblas_set_num_threads, when the library has it
  int (*get_threads)() = nullptr;
  std::string name = "built-in";
};

bool g_force_builtin = false;

Blas Load() {
  Blas b;
  const char* choice = std::getenv("TCC_BLAS");
  if (choice && std::strcmp(choice, "builtin") == 0) return b;
  // OpenBLAS reads these when it is loaded; the user's own settings win.
  setenv("OPENBLAS_NUM_THREADS", std::to_string(num_threads()).c_str(), 0);
  setenv("OPENBLAS_THREAD_TIMEOUT", "20", 0);  // idle threads spin ~2^20 cycles (~0.3 ms), then sleep
  for (const char* lib : {"libopenblas.so.0", "libopenblas.so", "libblas.so.3"}) {
    void* h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) continue;
    auto s = reinterpret_cast<SgemmFn>(dlsym(h, "cblas_sgemm"));
    auto d = reinterpret_cast<DgemmFn>(dlsym(h, "cblas_dgemm"));
    if (!s || !d) {
      dlclose(h);
      continue;
    }
    b.sgemm = s;
    b.dgemm = d;
    b.set_threads = reinterpret_cast<void (*)(int)>(dlsym(h, "openblas_set_num_threads"));
    b.get_threads = reinterpret_cast<int (*)()>(dlsym(h, "openblas_get_num_threads"));
    if (!b.set_threads || !b.get_threads) b.set_threads = nullptr, b.get_threads = nullptr;
    b.name = lib;
    if (auto config = reinterpret_cast<const char* (*)()>(dlsym(h, "openblas_get_config")))
      b.name = std::string(config()) + " (" + lib + ")";
    return b;  // the handle stays open for the life of the process
  }
  std::fprintf(stderr,
               "tcc: warning: OpenBLAS (libopenblas.so.0) not found; matrix multiplication uses a slower built-in "
               "kernel (install libopenblas0)\n");
  return b;
}

const Blas& Get() {
  static const Blas b = Load();  // thread-safe, once
  return b;
}

// The built-in kernel: C rows split across the thread pool; per row block,
// k and n are tiled so that a tile of B stays in cache while the rows of A
// stream past it. B^T is packed first so the inner loop is contiguous.
template <class T>
void BuiltinGemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb,
                 T* c, int64_t ldc) {
  std::vector<T> packed;
  if (tb) {
    packed.resize(static_cast<size_t>(k * n));
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < n; ++j) packed[static_cast<size_t>(p * n + j)] = b[j * ldb + p];
    b = packed.data();
    ldb = n;
  }
  constexpr int64_t kTileK = 128, kTileN = 512;
  int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, n * k));  // >= 32K multiply-adds a chunk
  parallel_for(m, grain, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) std::fill(c + i * ldc, c + i * ldc + n, T(0));
    for (int64_t j0 = 0; j0 < n; j0 += kTileN) {
      int64_t j1 = std::min(n, j0 + kTileN);
      for (int64_t p0 = 0; p0 < k; p0 += kTileK) {
        int64_t p1 = std::min(k, p0 + kTileK);
        for (int64_t i = lo; i < hi; ++i) {
          T* ci = c + i * ldc;
          for (int64_t p = p0; p < p1; ++p) {
            T av = ta ? a[p * lda + i] : a[i * lda + p];
            const T* bp = b + p * ldb;
            for (int64_t j = j0; j < j1; ++j) ci[j] += av * bp[j];
          }
        }
      }
    }
  });
}

bool FitsInt(int64_t v) { return v <= INT_MAX; }

template <class T, class Fn>
void Gemm(Fn fn, bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb,
          T* c, int64_t ldc) {
  if (m <= 0 || n <= 0) return;
  if (k <= 0) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, T(0));
    return;
  }
  bool fits = FitsInt(m) && FitsInt(n) && FitsInt(k) && FitsInt(lda) && FitsInt(ldb) && FitsInt(ldc);
  if (fn && fits) {  // fn is null when forced to the built-in kernel
    fn(kRowMajor, ta ? kTrans : kNoTrans, tb ? kTrans : kNoTrans, int(m), int(n), int(k), T(1), a,
       int(std::max<int64_t>(lda, 1)), b, int(std::max<int64_t>(ldb, 1)), T(0), c, int(std::max<int64_t>(ldc, 1)));
    return;
  }
  BuiltinGemm(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

}  // namespace

void gemm_f32(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
              int64_t ldb, float* c, int64_t ldc) {
  if (!g_force_builtin && gemm_avx512_f32(ta, tb, m, n, k, a, lda, b, ldb, c, ldc)) return;
  Gemm(g_force_builtin ? nullptr : Get().sgemm, ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

void gemm_f64(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda, const double* b,
              int64_t ldb, double* c, int64_t ldc) {
  Gemm(g_force_builtin ? nullptr : Get().dgemm, ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

template <class T>
void gemm_batched(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb,
                  T* c, int64_t ldc, int nb, const int64_t* sizes, const int64_t* sa, const int64_t* sb,
                  const int64_t* sc) {
  int64_t count = 1;
  for (int d = 0; d < nb; ++d) count *= sizes[d];
  auto one = [&](int64_t i) {
    int64_t oa = 0, ob = 0, oc = 0, rem = i;
    for (int d = nb - 1; d >= 0; --d) {
      int64_t x = rem % sizes[d];
      rem /= sizes[d];
      oa += x * sa[d], ob += x * sb[d], oc += x * sc[d];
    }
    if constexpr (std::is_same_v<T, float>) gemm_f32(ta, tb, m, n, k, a + oa, lda, b + ob, ldb, c + oc, ldc);
    else gemm_f64(ta, tb, m, n, k, a + oa, lda, b + ob, ldb, c + oc, ldc);
  };
  int threads = num_threads();
  bool split = count >= threads && threads > 1 && (count % threads == 0 || count >= 4 * threads);
  if (!split || m <= 0 || n <= 0) {
    for (int64_t i = 0; i < count; ++i) one(i);
    return;
  }
  // One single-threaded product per thread: BLAS's own threading is then off
  // (a product per head is too small to split well across cores).
  SerialBlasScope serial;
  parallel_for(count, 1, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) one(i);
  });
}

SerialBlasScope::SerialBlasScope() {
  if (g_force_builtin) return;  // the built-in kernel's parallel_for runs serially inside a pool body
  const Blas& lib = Get();
  if (!lib.set_threads) return;
  saved_ = lib.get_threads();
  if (saved_ != 1) lib.set_threads(1);
}

SerialBlasScope::~SerialBlasScope() {
  if (saved_ != 1) Get().set_threads(saved_);
}

template void gemm_batched<float>(bool, bool, int64_t, int64_t, int64_t, const float*, int64_t, const float*, int64_t,
                                  float*, int64_t, int, const int64_t*, const int64_t*, const int64_t*, const int64_t*);
template void gemm_batched<double>(bool, bool, int64_t, int64_t, int64_t, const double*, int64_t, const double*,
                                   int64_t, double*, int64_t, int, const int64_t*, const int64_t*, const int64_t*,
                                   const int64_t*);

std::string blas_name() { return g_force_builtin ? "built-in" : Get().name; }

void blas_force_builtin(bool on) { g_force_builtin = on; }

}  // namespace tcc::rt
