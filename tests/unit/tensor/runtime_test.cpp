// Tests the thread pool (coverage, exceptions, nesting), storage refcounts
// and the C ABI bridge (ToAbi/FromAbi/AdoptAbi, ts_rt_alloc, ts_rt_matmul,
// ts_rt_parallel_for).
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "tensor/abi.h"
#include "tensor/thread_pool.h"
#include "test_util.h"

using namespace tt;

TEST_CASE("parallel_for covers the range once", "[threads]") {
  const int64_t n = 1000003;
  std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
  parallel_for(n, 1000, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) hits[size_t(i)].fetch_add(1);
  });
  bool once = true;
  for (auto& h : hits) once = once && h.load() == 1;
  CHECK(once);
  CHECK(num_threads() >= 1);
}

TEST_CASE("parallel_for rethrows and allows nesting", "[threads]") {
  int saved = num_threads();
  set_num_threads(2);
  CHECK_THROWS_WITH(parallel_for(100000, 10, [](int64_t b, int64_t) {
                      if (b > 0) throw TensorError("boom");
                    }),
                    "boom");
  std::atomic<int64_t> total{0};
  parallel_for(4, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      parallel_for(1000, 10, [&](int64_t x, int64_t y) { total += y - x; });
  });
  CHECK(total.load() == 4000);
  set_num_threads(1);
  Tensor s = reduce(ReduceOp::Sum, ones(Dims{1 << 20}));
  CHECK(s.item().to_double() == double(1 << 20));
  set_num_threads(saved);
}

TEST_CASE("parallel_for back to back and after idle waits", "[threads]") {
  // Workers wait actively for a while after a job, then sleep: jobs posted
  // at once, and after pauses longer than the active wait, all run fully.
  int saved = num_threads();
  for (int threads : {2, 4}) {
    set_num_threads(threads);
    bool all = true;
    for (int job = 0; job < 3000; ++job) {
      std::atomic<int64_t> total{0};
      int64_t n = 64 + job % 7;
      parallel_for(n, 1, [&](int64_t b, int64_t e) { total += e - b; });
      all = all && total.load() == n;
      if (job % 500 == 499) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    CHECK(all);
  }
  set_num_threads(saved);
}

TEST_CASE("parallel_for: a late worker never runs a chunk of the next job", "[threads]") {
  // More threads than cores, so that workers are preempted between claiming
  // a chunk and running it, and chunk counts that change from job to job: a
  // worker that claimed from the previous job's counter once ran an index
  // of the next job twice (and its pending count went below zero: the
  // caller waited forever).
  int saved = num_threads();
  for (int threads : {3, 8}) {
    set_num_threads(threads);
    bool all = true;
    std::vector<std::atomic<int>> hits(16);
    for (int job = 0; job < 20000 && all; ++job) {
      const int64_t n = 1 + job % 11;
      for (int64_t i = 0; i < n; ++i) hits[size_t(i)].store(0);
      parallel_for(n, 1, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) hits[size_t(i)].fetch_add(1);
      });
      for (int64_t i = 0; i < n; ++i) all = all && hits[size_t(i)].load() == 1;
    }
    CHECK(all);
  }
  set_num_threads(saved);
}

TEST_CASE("ts_rt_parallel_for", "[threads][abi]") {
  std::atomic<int64_t> sum{0};
  ts_rt_parallel_for(
      100000, 100,
      [](void* ctx, int64_t b, int64_t e) {
        auto* s = static_cast<std::atomic<int64_t>*>(ctx);
        int64_t local = 0;
        for (int64_t i = b; i < e; ++i) local += i;
        *s += local;
      },
      &sum);
  CHECK(sum.load() == int64_t(100000) * 99999 / 2);
}

TEST_CASE("storage is shared and released", "[storage]") {
  Tensor a = zeros(Dims{4});
  CHECK(a.storage()->refcount() == 1);
  {
    Tensor v = index(a, std::vector<IndexItem>{Slice{1, 3, std::nullopt}});
    CHECK(a.storage()->refcount() == 2);
  }
  CHECK(a.storage()->refcount() == 1);
  CHECK(reinterpret_cast<uintptr_t>(a.data_ptr()) % 64 == 0);
  Tensor big = Tensor::empty(Dims{1 << 20}, DType::F32);  // huge-page sized block
  CHECK(reinterpret_cast<uintptr_t>(big.data_ptr()) % 64 == 0);
}

TEST_CASE("ABI bridge", "[abi]") {
  Tensor a = reshape(arange(Si(6), std::nullopt), Dims{2, 3});
  ts_tensor x = ToAbi(a);
  CHECK(x.ndim == 2);
  CHECK(x.sizes[1] == 3);
  CHECK(x.strides[0] == 3);
  CHECK(x.dtype == TS_DTYPE_I64);
  Tensor b = FromAbi(x);
  CHECK(b.shares_storage(a));
  CHECK(a.storage()->refcount() == 2);
  ts_tensor out;
  int64_t sizes[2] = {2, 2};
  ts_rt_alloc(&out, TS_DTYPE_F32, 2, sizes);
  REQUIRE(out.data != nullptr);
  CHECK(reinterpret_cast<uintptr_t>(out.data) % 64 == 0);
  float a4[4] = {1, 2, 3, 4}, b4[4] = {5, 6, 7, 8};
  ts_rt_gemm_f32(0, 0, 2, 2, 2, a4, 2, b4, 2, static_cast<float*>(out.data), 2);
  Tensor o = AdoptAbi(out);
  CHECK(out.handle == nullptr);
  CHECK(o.storage()->refcount() == 1);
  CHECK(vals(o) == std::vector<double>{19, 22, 43, 50});
  double d4[4] = {1, 0, 0, 1}, e4[4] = {5, 6, 7, 8}, r4[4];
  ts_rt_gemm_f64(0, 1, 2, 2, 2, d4, 2, e4, 2, r4, 2);  // I @ E^T
  CHECK(r4[1] == 7);
  CHECK(r4[3] == 8);
  // foreign memory (no handle) is copied
  float foreign[3] = {1, 2, 3};
  ts_tensor f{};
  f.data = foreign;
  f.ndim = 1;
  f.sizes[0] = 3;
  f.strides[0] = 1;
  f.dtype = TS_DTYPE_F32;
  Tensor ft = FromAbi(f);
  foreign[0] = 9;
  CHECK(vals(ft) == std::vector<double>{1, 2, 3});
  ts_tensor bad;
  int64_t neg[1] = {-1};
  ts_rt_alloc(&bad, TS_DTYPE_F32, 1, neg);
  CHECK(bad.data == nullptr);
}

TEST_CASE("ts_rt_gemm_batched: broadcast batch strides, C strides, parallel across the batch") {
  int saved = num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    // A [2, 3] batch of 2x3 matrices (A broadcast over the second batch dim), B one 3x2 per batch
    // index (broadcast over the first), C written transposed in its batch dims ([3, 2] layout).
    std::vector<float> a(2 * 6), b(3 * 6), c(2 * 3 * 4, -1);
    for (size_t i = 0; i < a.size(); ++i) a[i] = float(i % 7) - 3;
    for (size_t i = 0; i < b.size(); ++i) b[i] = float(i % 5) * 0.5f;
    int64_t batch[8] = {2, 3, /*A*/ 6, 0, /*B*/ 0, 6, /*C*/ 4, 8};
    ts_rt_gemm_batched(0, 0, 0, 2, 2, 3, a.data(), 3, b.data(), 2, c.data(), 2, 2, batch);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        for (int r = 0; r < 2; ++r)
          for (int col = 0; col < 2; ++col) {
            float want = 0;
            for (int p = 0; p < 3; ++p) want += a[i * 6 + r * 3 + p] * b[j * 6 + p * 2 + col];
            CHECK(c[i * 4 + j * 8 + r * 2 + col] == want);
          }
  }
  set_num_threads(saved);
}
