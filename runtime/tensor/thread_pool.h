// thread_pool.h: the runtime's thread pool (also behind ts_rt_parallel_for).
//
// Size: TCC_NUM_THREADS if set (>= 1), else std::thread::hardware_concurrency.
// The calling thread runs a share of the work, so N threads = N-1 workers.
// After a job, workers (and the caller, for the other chunks) wait actively
// for ~100 us, yielding the core to any runnable thread (OpenBLAS's), then
// block on a condition variable: kernels launched back to back skip the
// wake-up of a sleeping thread (tens of us on a VM), and an idle pool or a
// long matmul costs no core (tensor/blas.h likewise keeps OpenBLAS's idle
// threads from spinning for long).
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
