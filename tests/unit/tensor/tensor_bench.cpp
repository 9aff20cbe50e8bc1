// tensor_bench: measures per-op overhead on small tensors and throughput on
// large ones (not a test; `ninja tensor_bench && ./tensor_bench`).
#include <time.h>

#include <chrono>
#include <cstdio>
#include <functional>

#include "tensor/ops.h"
#include "tensor/thread_pool.h"

using namespace tcc::rt;
using Clock = std::chrono::steady_clock;

// Wall time per call; small ops use this thread's CPU time instead, so a
// busy machine does not inflate them.
static bool g_cpu_time = false;
static double now_ns() {
  if (g_cpu_time) {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
  }
  return std::chrono::duration<double, std::nano>(Clock::now().time_since_epoch()).count();
}
static double time_ns(int iters, const std::function<void()>& f) {
  for (int i = 0; i < iters / 10 + 1; ++i) f();
  double t0 = now_ns();
  for (int i = 0; i < iters; ++i) f();
  return (now_ns() - t0) / iters;
}

int main() {
  std::printf("threads: %d\n", num_threads());
  g_cpu_time = true;
  Tensor a = rand(Dims{4}), b = rand(Dims{4});
  Tensor m = rand(Dims{4, 4});
  std::printf("small add [4]+[4]        %7.0f ns\n", time_ns(200000, [&] { Tensor c = binary(BinaryOp::Add, a, b); }));
  std::printf("small mul [4]*2.0        %7.0f ns\n", time_ns(200000, [&] { Tensor c = binary(BinaryOp::Mul, a, Scalar::from_float(2.0)); }));
  std::printf("small exp [4]            %7.0f ns\n", time_ns(200000, [&] { Tensor c = unary(UnaryOp::Exp, a); }));
  std::printf("small sum [4]            %7.0f ns\n", time_ns(200000, [&] { Tensor c = reduce(ReduceOp::Sum, a); }));
  std::printf("small sum(dim=1) [4,4]   %7.0f ns\n", time_ns(200000, [&] { int64_t d = 1; Tensor c = reduce(ReduceOp::Sum, m, std::span<const int64_t>(&d, 1)); }));
  std::printf("small matmul [4,4]@[4,4] %7.0f ns\n", time_ns(100000, [&] { Tensor c = matmul(m, m); }));
  std::printf("small x[1] (view)        %7.0f ns\n", time_ns(200000, [&] { Tensor c = index(m, std::vector<IndexItem>{int64_t(1)}); }));
  std::printf("small item               %7.0f ns\n", time_ns(200000, [&] { volatile double v = a.at(0).to_double(); (void)v; }));
  std::printf("small transpose          %7.0f ns\n", time_ns(200000, [&] { Tensor c = transpose(m, 0, 1); }));

  // With one thread, large ops are timed in CPU time as well (robust on a
  // loaded machine); with more threads wall time is the only fair measure.
  g_cpu_time = num_threads() == 1;
  std::printf("large ops timed by %s\n", g_cpu_time ? "thread CPU time" : "wall time");
  const int64_t n = int64_t(1) << 24;
  Tensor x = rand(Dims{n}), y = rand(Dims{n});
  double bytes = double(n) * 4;
  for (int r = 0; r < 2; ++r) {
    double t_add = time_ns(10, [&] { Tensor c = binary(BinaryOp::Add, x, y); });
    double t_exp = time_ns(5, [&] { Tensor c = unary(UnaryOp::Exp, x); });
    double t_sum = time_ns(10, [&] { Tensor c = reduce(ReduceOp::Sum, x); });
    double t_max = time_ns(10, [&] { Tensor c = reduce(ReduceOp::Max, x); });
    std::printf("2^24 add  %7.2f ms  %5.1f GB/s\n", t_add / 1e6, 3 * bytes / t_add);
    std::printf("2^24 exp  %7.2f ms  %5.1f GB/s\n", t_exp / 1e6, 2 * bytes / t_exp);
    std::printf("2^24 sum  %7.2f ms  %5.1f GB/s\n", t_sum / 1e6, bytes / t_sum);
    std::printf("2^24 max  %7.2f ms  %5.1f GB/s\n", t_max / 1e6, bytes / t_max);
  }
  Tensor w1 = rand(Dims{1024, 4096}), xin = rand(Dims{256, 1024});
  std::printf("matmul [256,1024]@[1024,4096] %7.2f ms\n", time_ns(5, [&] { Tensor c = matmul(xin, w1); }) / 1e6);
  return 0;
}
