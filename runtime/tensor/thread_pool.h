// thread_pool.h: the runtime's thread pool (also behind ts_rt_parallel_for).
//
// Size: TCC_NUM_THREADS if set (>= 1), else std::thread::hardware_concurrency.
// The calling thread runs a share of the work, so N threads = N-1 workers.
// Idle workers block on a condition variable (they never spin), so the pool
// does not steal cores from OpenBLAS's threads while a matmul runs (and
// tensor/blas.h keeps OpenBLAS's idle threads from spinning for long).
// Nested parallel_for calls (from inside a body) run serially.
#pragma once

#include <cstdint>
#include <functional>

namespace tcc::rt {

// Number of threads work is split across (>= 1).
int num_threads();
// Overrides the thread count (tests/benchmarks); n >= 1.
void set_num_threads(int n);

// Calls body(begin, end) over disjoint chunks covering [0, n). Runs serially
// when n <= grain or there is one thread. Blocks until all chunks are done.
// An exception thrown by a chunk is rethrown here (the first one).
void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body);

}  // namespace tcc::rt
