// Tests tensor/blas.h: OpenBLAS is found and loaded on first use, with its
// thread settings taken from the runtime; the built-in fallback kernel agrees
// with it on every transpose combination, odd sizes, row strides wider than
// the row (lda > k), k = 0, and float64. tcc's own AVX-512 float32 kernel
// (tensor/gemm_avx512.h, which gemm_f32 takes first on such CPUs) agrees with
// the reference on every register-block shape, transpose, k past a packed
// panel and thread count.
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tensor/blas.h"
#include "tensor/gemm_avx512.h"
#include "tensor/thread_pool.h"
#include "test_util.h"

using namespace tcc::rt;

namespace {

// Reference: plain triple loop in double.
template <class T>
std::vector<double> Ref(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const std::vector<T>& a, int64_t lda,
                        const std::vector<T>& b, int64_t ldb) {
  std::vector<double> c(static_cast<size_t>(m * n), 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double s = 0;
      for (int64_t p = 0; p < k; ++p)
        s += double(ta ? a[p * lda + i] : a[i * lda + p]) * double(tb ? b[j * ldb + p] : b[p * ldb + j]);
      c[static_cast<size_t>(i * n + j)] = s;
    }
  return c;
}

template <class T>
void CheckAll(bool builtin) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto [m, n, k] : {std::tuple<int64_t, int64_t, int64_t>{1, 1, 1}, {3, 5, 7}, {17, 33, 65}, {64, 3, 200},
                         {2, 600, 300}}) {
    for (int tr = 0; tr < 4; ++tr) {
      bool ta = tr & 1, tb = tr & 2;
      int64_t lda = (ta ? m : k) + 3, ldb = (tb ? k : n) + 1, ldc = n + 2;  // padded rows
      std::vector<T> a(static_cast<size_t>((ta ? k : m) * lda)), b(static_cast<size_t>((tb ? n : k) * ldb));
      for (auto& x : a) x = T(u(rng));
      for (auto& x : b) x = T(u(rng));
      std::vector<T> c(static_cast<size_t>(m * ldc), T(7));
      if constexpr (std::is_same_v<T, float>) gemm_f32(ta, tb, m, n, k, a.data(), lda, b.data(), ldb, c.data(), ldc);
      else gemm_f64(ta, tb, m, n, k, a.data(), lda, b.data(), ldb, c.data(), ldc);
      auto want = Ref(ta, tb, m, n, k, a, lda, b, ldb);
      double tol = std::is_same_v<T, float> ? 1e-4 * double(k) : 1e-12 * double(k);
      int bad = 0;
      for (int64_t i = 0; i < m; ++i) {
        for (int64_t j = 0; j < n; ++j)
          bad += std::abs(double(c[static_cast<size_t>(i * ldc + j)]) - want[static_cast<size_t>(i * n + j)]) > tol;
        for (int64_t j = n; j < ldc && i + 1 < m; ++j) bad += c[static_cast<size_t>(i * ldc + j)] != T(7);  // padding untouched
      }
      INFO((builtin ? "built-in" : "BLAS") << " m=" << m << " n=" << n << " k=" << k << " ta=" << ta << " tb=" << tb);
      CHECK(bad == 0);
    }
  }
  // k = 0: zeros
  std::vector<T> c(6, T(3));
  if constexpr (std::is_same_v<T, float>) gemm_f32(false, false, 2, 3, 0, nullptr, 1, nullptr, 3, c.data(), 3);
  else gemm_f64(false, false, 2, 3, 0, nullptr, 1, nullptr, 3, c.data(), 3);
  CHECK(c == std::vector<T>(6, T(0)));
}

}  // namespace

TEST_CASE("BLAS is OpenBLAS, loaded on first use with the runtime's thread count", "[blas]") {
  std::string name = blas_name();
  INFO(name);
  CHECK(name.find("openblas") != std::string::npos);
  const char* threads = std::getenv("OPENBLAS_NUM_THREADS");
  REQUIRE(threads != nullptr);
  CHECK(std::getenv("OPENBLAS_THREAD_TIMEOUT") != nullptr);
  const bool avx512 = gemm_avx512_available();
  set_gemm_avx512(false);  // float32 through OpenBLAS too
  CheckAll<float>(false);
  set_gemm_avx512(avx512);
  CheckAll<double>(false);
}

TEST_CASE("tcc's AVX-512 gemm agrees with the reference on every block shape and layout", "[blas]") {
  if (!gemm_avx512_available()) {
    std::vector<float> c(1, 5.0f);
    CHECK_FALSE(gemm_avx512_f32(false, false, 1, 1, 1, c.data(), 1, c.data(), 1, c.data(), 1));
    CHECK(c[0] == 5.0f);  // untouched: gemm_f32 then uses BLAS
    WARN("no AVX-512F on this CPU (or TCC_GEMM_AVX512=0): only the fallback contract is checked");
    return;
  }
  CheckAll<float>(false);  // through gemm_f32
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  const int saved = num_threads();
  // m: every row-block remainder (1-6 rows, several blocks, several items);
  // n: every vector count and mask (1-4 vectors, several panels); k: 0, one
  // packed panel and three (kKc = 384).
  for (int threads : {1, 2, 3})
    for (int64_t m : {1, 5, 7, 13, 64, 100})
      for (int64_t n : {1, 15, 17, 48, 64, 65, 130})
        for (int64_t k : {0, 9, 100, 800})
          for (int tr = 0; tr < 12; ++tr) {
            // B's rows: near (read in place unless transposed), a multiple of
            // 128 bytes apart or more than a page apart (packed)
            const int rows_b = tr / 4;
            if (threads != 2 && (k == 800 || m == 1 || rows_b > 0)) continue;  // keep the test short
            set_num_threads(threads);
            const bool ta = tr & 1, tb = tr & 2;
            const int64_t nb = tb ? k : n;
            const int64_t ldb = rows_b == 0 ? nb + 3 : rows_b == 1 ? (nb + 31) / 32 * 32 + 32 : nb + 1100;
            const int64_t lda = (ta ? m : k) + 2, ldc = n + 5;
            std::vector<float> a(static_cast<size_t>(std::max<int64_t>(ta ? k : m, 1) * lda)),
                b(static_cast<size_t>(std::max<int64_t>(tb ? n : k, 1) * ldb));
            for (auto& x : a) x = float(u(rng));
            for (auto& x : b) x = float(u(rng));
            std::vector<float> c(static_cast<size_t>(m * ldc), 7.0f);
            REQUIRE(gemm_avx512_f32(ta, tb, m, n, k, a.data(), lda, b.data(), ldb, c.data(), ldc));
            auto want = Ref(ta, tb, m, n, k, a, lda, b, ldb);
            int bad = 0;
            for (int64_t i = 0; i < m; ++i) {
              for (int64_t j = 0; j < n; ++j)
                bad += std::abs(double(c[static_cast<size_t>(i * ldc + j)]) - want[static_cast<size_t>(i * n + j)]) >
                       2e-6 * double(k + 1);
              for (int64_t j = n; j < ldc; ++j) bad += c[static_cast<size_t>(i * ldc + j)] != 7.0f;  // padding untouched
            }
            INFO("threads=" << threads << " m=" << m << " n=" << n << " k=" << k << " ta=" << ta << " tb=" << tb
                            << " ldb=" << ldb);
            CHECK(bad == 0);
          }
  set_num_threads(saved);
}

TEST_CASE("the built-in gemm agrees with the reference", "[blas]") {
  blas_force_builtin();
  CHECK(blas_name() == "built-in");
  CheckAll<float>(true);
  CheckAll<double>(true);
  blas_force_builtin(false);  // the later tests (one process when run without ctest) get BLAS back
  CHECK(blas_name() != "built-in");
}

