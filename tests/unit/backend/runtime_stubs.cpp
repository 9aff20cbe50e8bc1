// Stand-ins for the runtime ABI (ts_runtime.h) so that JIT-compiled kernels
// run inside the unit test without the real runtime: malloc'd outputs, a
// naive gemm, and a parallel_for that runs the body in three uneven chunks
// on the calling thread (exercising the chunk boundaries).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "jit_kernel.h"
#include "ts_runtime.h"

namespace tcc::testing {
std::string g_last_raise;
int g_parallel_calls = 0;
int g_random_calls = 0;
int g_temps_live = 0;
int g_temps_peak = 0;
}  // namespace tcc::testing

namespace {
template <class T>
void NaiveGemm(int32_t ta, int32_t tb, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
               int64_t ldb, T* c, int64_t ldc) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      T s = 0;
      for (int64_t p = 0; p < k; ++p) s += (ta ? a[p * lda + i] : a[i * lda + p]) * (tb ? b[j * ldb + p] : b[p * ldb + j]);
      c[i * ldc + j] = s;
    }
}
}  // namespace

extern "C" {

void ts_rt_alloc(ts_tensor* out, int32_t dtype, int32_t ndim, const int64_t* sizes) {
  static const int bytes[] = {4, 8, 8, 4, 1};
  int64_t n = 1;
  std::memset(out, 0, sizeof *out);
  for (int d = ndim; d-- > 0;) {
    out->sizes[d] = sizes[d];
    out->strides[d] = n;
    n *= sizes[d];
  }
  out->ndim = ndim;
  out->dtype = dtype;
  out->data = std::aligned_alloc(64, static_cast<size_t>((n * bytes[dtype] + 127) / 64 * 64));
  out->handle = out->data;
}

// Window ops (conv, pool, pad) have no stand-in: a kernel calling one here
// records it as a raise (no unit test lowers them; e2e tests run them).
void ts_rt_conv(const ts_tensor*, const ts_tensor*, const ts_tensor*, const ts_tensor*, const int64_t*) {
  tcc::testing::g_last_raise = "ts_rt_conv is not in the unit-test runtime";
}
void ts_rt_pool(int32_t, const ts_tensor*, const ts_tensor*, const int64_t*) {
  tcc::testing::g_last_raise = "ts_rt_pool is not in the unit-test runtime";
}
void ts_rt_pad(int32_t, const ts_tensor*, const ts_tensor*, const int64_t*, int32_t, double) {
  tcc::testing::g_last_raise = "ts_rt_pad is not in the unit-test runtime";
}
void ts_rt_argsort(const ts_tensor*, const ts_tensor*, int32_t, int32_t) {
  tcc::testing::g_last_raise = "ts_rt_argsort is not in the unit-test runtime";
}
int32_t ts_rt_scatter(const ts_tensor*, const ts_tensor*, const ts_tensor*, const ts_tensor*, int32_t, int32_t, int32_t) {
  tcc::testing::g_last_raise = "ts_rt_scatter is not in the unit-test runtime";
  return 0;
}

void ts_rt_raise(const char* message, int32_t line, int32_t col) {
  tcc::testing::g_last_raise = std::string(message) + " at " + std::to_string(line) + ":" + std::to_string(col);
}

void ts_rt_gemm_f32(int32_t ta, int32_t tb, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                    const float* b, int64_t ldb, float* c, int64_t ldc) {
  NaiveGemm(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

void ts_rt_gemm_f64(int32_t ta, int32_t tb, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda,
                    const double* b, int64_t ldb, double* c, int64_t ldc) {
  NaiveGemm(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

void ts_rt_gemm_batched(int32_t f64, int32_t ta, int32_t tb, int64_t m, int64_t n, int64_t k, const void* a, int64_t lda,
                        const void* b, int64_t ldb, void* c, int64_t ldc, int32_t nb, const int64_t* batch) {
  int64_t count = 1;
  for (int32_t d = 0; d < nb; ++d) count *= batch[d];
  for (int64_t i = 0; i < count; ++i) {
    int64_t oa = 0, ob = 0, oc = 0, rem = i;
    for (int32_t d = nb - 1; d >= 0; --d) {
      int64_t x = rem % batch[d];
      rem /= batch[d];
      oa += x * batch[nb + d], ob += x * batch[2 * nb + d], oc += x * batch[3 * nb + d];
    }
    if (f64)
      NaiveGemm(ta, tb, m, n, k, static_cast<const double*>(a) + oa, lda, static_cast<const double*>(b) + ob, ldb,
                static_cast<double*>(c) + oc, ldc);
    else
      NaiveGemm(ta, tb, m, n, k, static_cast<const float*>(a) + oa, lda, static_cast<const float*>(b) + ob, ldb,
                static_cast<float*>(c) + oc, ldc);
  }
}

void* ts_rt_temp_alloc(int64_t bytes, void** handle) {
  void* p = std::aligned_alloc(64, static_cast<size_t>((bytes + 127) / 64 * 64));
  *handle = p;
  tcc::testing::g_temps_peak = std::max(tcc::testing::g_temps_peak, ++tcc::testing::g_temps_live);
  return p;
}

void ts_rt_temp_free(void* handle) {
  if (handle) --tcc::testing::g_temps_live;
  std::free(handle);
}

void ts_rt_random(void* data, int32_t dtype, int64_t n, int32_t normal, double, double) {
  // a recognisable sequence: 0.25, 1.25, ... (rand) or 0.5, 1.5, ... (randn)
  for (int64_t i = 0; i < n; ++i) {
    double v = double(i) + (normal ? 0.5 : 0.25);
    if (dtype == TS_DTYPE_F64) static_cast<double*>(data)[i] = v;
    else static_cast<float*>(data)[i] = float(v);
  }
  ++tcc::testing::g_random_calls;
}

void ts_rt_randint(int64_t* data, int64_t n, int64_t low, int64_t high) {
  // a recognisable sequence: low, low + 1, ... wrapping below high
  for (int64_t i = 0; i < n; ++i) data[i] = low + i % (high - low);
}

void ts_rt_randperm(int64_t* data, int64_t n) {
  for (int64_t i = 0; i < n; ++i) data[i] = n - 1 - i;  // the reversed order
}

void ts_rt_parallel_for(int64_t n, int64_t grain, ts_parallel_body body, void* ctx) {
  (void)grain;
  ++tcc::testing::g_parallel_calls;
  int64_t a = n / 3, b = n / 2;
  body(ctx, 0, a);
  body(ctx, a, b);
  body(ctx, b, n);
}

int ts_rt_main(int, char**, const ts_program*) { return 0; }

}  // extern "C"

