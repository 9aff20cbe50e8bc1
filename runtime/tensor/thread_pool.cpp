// thread_pool.cpp: implements the runtime thread pool (see thread_pool.h)
// and ts_rt_parallel_for. A job is split into at most num_threads() chunks,
// chunk 0 running on the caller. Between jobs a worker first waits actively
// for a short while (kSpin; pause, then sched_yield so a runnable thread on
// its core, e.g. OpenBLAS's, goes first), then sleeps on a condition
// variable; the caller waits for the other chunks the same way. Kernels are
// launched back to back (a graph's nests, a loop of calls), and waking a
// sleeping thread costs tens of microseconds on a VM (the idle vCPU must be
// woken by the hypervisor), which is most of a 2 ms memory-bound kernel's
// lead.
#include "tensor/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include <sched.h>

#include "ts_runtime.h"

namespace tcc::rt {
namespace {

thread_local bool t_in_parallel = false;

// How long a thread waits actively before it sleeps: about OpenBLAS's idle
// spin (OPENBLAS_THREAD_TIMEOUT in blas.cpp), short enough that a pool left
// idle costs nothing measurable.
constexpr auto kSpin = std::chrono::microseconds(100);

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// Polls ready() for up to kSpin; true as soon as it holds.
template <class F>
bool spin_until(F ready) {
  for (int i = 0; i < 64; ++i) {
    if (ready()) return true;
    cpu_relax();
  }
  auto deadline = std::chrono::steady_clock::now() + kSpin;
  for (;;) {
    for (int i = 0; i < 16; ++i) {
      if (ready()) return true;
      cpu_relax();
    }
    if (std::chrono::steady_clock::now() > deadline) return ready();
    sched_yield();
  }
}

// chunks per job <= threads: a chunk count and index fit claim_'s 16 bits
constexpr int kMaxThreads = 256;
static_assert(kMaxThreads < (1 << 16));

class Pool {
 public:
  Pool() {
    int n = int(std::thread::hardware_concurrency());
    if (const char* env = std::getenv("TCC_NUM_THREADS")) {
      int v = std::atoi(env);
      if (v >= 1) n = v;
    }
    threads_ = std::max(1, std::min(n, kMaxThreads));
  }
  ~Pool() = delete;  // leaked: never joined during static destruction

  int threads() const { return threads_; }
  void set_threads(int n) {
    std::lock_guard<std::mutex> run(run_mu_);
    threads_ = std::max(1, std::min(n, kMaxThreads));
  }

  void run(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
    std::unique_lock<std::mutex> run(run_mu_, std::try_to_lock);
    int64_t chunks = std::min<int64_t>(threads_, std::max<int64_t>(1, n / std::max<int64_t>(grain, 1)));
    if (!run.owns_lock() || chunks <= 1 || t_in_parallel) {
      body(0, n);
      return;
    }
    ensure_workers(int(chunks) - 1);
    bool wake = false;
    uint32_t job = 0;
    {
      std::lock_guard<std::mutex> g(mu_);
      body_ = &body;
      n_ = n;
      chunks_.store(chunks);
      pending_.store(chunks - 1);
      error_ = nullptr;
      job = uint32_t(generation_.load() + 1);
      claim_.store(uint64_t(job) << 32 | uint64_t(chunks) << 16 | 1);  // chunk 0 is the caller's
      generation_.fetch_add(1);
      wake = sleepers_ > 0;
    }
    if (wake) cv_work_.notify_all();
    t_in_parallel = true;
    try {
      body(0, chunk_end(0));
    } catch (...) {
      std::lock_guard<std::mutex> g(mu_);
      if (!error_) error_ = std::current_exception();
    }
    t_in_parallel = false;
    take_chunks(job);  // the caller also takes chunks no worker has started yet
    if (!spin_until([&] { return pending_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock<std::mutex> g(mu_);
      cv_done_.wait(g, [&] { return pending_.load() == 0; });
    }
    std::lock_guard<std::mutex> g(mu_);
    body_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  int64_t chunk_begin(int64_t c) const { return n_ * c / chunks_.load(std::memory_order_relaxed); }
  int64_t chunk_end(int64_t c) const { return n_ * (c + 1) / chunks_.load(std::memory_order_relaxed); }

  // Runs chunks of job `job` while it has unclaimed ones. claim_ holds the
  // job's number, its chunk count and the next unclaimed chunk in one word,
  // and a chunk is claimed only while that word still names this job: a
  // worker that read the job late (preempted after it was posted, or after
  // it ended and the next one was being posted) finds another job's number
  // and claims nothing. (With a plain counter and the count beside it, such
  // a worker could claim from the next job's counter, or test the previous
  // job's counter against the next job's count: one index ran twice, the
  // pending count went below zero and the caller waited forever, or a chunk
  // ran a finished job's body.) A claimed chunk's body_, n_ and chunks_ are
  // its job's: they were written before claim_ was, and the job cannot end
  // before the chunk has run.
  void take_chunks(uint32_t job) {
    uint64_t v = claim_.load(std::memory_order_acquire);
    for (;;) {
      const uint64_t next = v & 0xFFFF, count = v >> 16 & 0xFFFF;
      if (uint32_t(v >> 32) != job || next >= count) return;
      if (claim_.compare_exchange_weak(v, v + 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
        run_chunk(int64_t(next));
        v = claim_.load(std::memory_order_acquire);
      }
    }
  }

  void run_chunk(int64_t c) {
    t_in_parallel = true;
    try {
      (*body_)(chunk_begin(c), chunk_end(c));
    } catch (...) {
      std::lock_guard<std::mutex> g(mu_);
      if (!error_) error_ = std::current_exception();
    }
    t_in_parallel = false;
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> g(mu_);  // the caller may be between its check and its wait
      cv_done_.notify_one();
    }
  }

  void ensure_workers(int want) {
    while (int(workers_.size()) < want) {
      workers_.emplace_back([this] { worker_loop(); });
      workers_.back().detach();
      workers_.shrink_to_fit();
    }
  }

  void worker_loop() {
    uint64_t seen = 0;
    {
      std::lock_guard<std::mutex> g(mu_);
      seen = generation_.load();  // a job posted before we started is taken by the caller
    }
    for (;;) {
      if (!spin_until([&] { return generation_.load(std::memory_order_acquire) != seen; })) {
        std::unique_lock<std::mutex> g(mu_);
        ++sleepers_;
        cv_work_.wait(g, [&] { return generation_.load() != seen; });
        --sleepers_;
      }
      seen = generation_.load(std::memory_order_acquire);
      take_chunks(uint32_t(seen));
    }
  }

  int threads_ = 1;
  std::mutex run_mu_;  // one job at a time; other callers run serially
  std::mutex mu_;
  std::condition_variable cv_work_, cv_done_;
  std::vector<std::thread> workers_;
  const std::function<void(int64_t, int64_t)>* body_ = nullptr;
  int64_t n_ = 0;
  std::atomic<int64_t> chunks_{0};
  std::atomic<uint64_t> claim_{0};  // job number << 32 | chunk count << 16 | next unclaimed chunk
  std::atomic<int64_t> pending_{0};
  std::atomic<uint64_t> generation_{0};
  int sleepers_ = 0;  // workers blocked on cv_work_ (guarded by mu_)
  std::exception_ptr error_;
};

Pool& pool() {
  static Pool* p = new Pool;
  return *p;
}

}  // namespace

int num_threads() { return pool().threads(); }
void set_num_threads(int n) { pool().set_threads(n); }

void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= 0) return;
  if (n <= grain || pool().threads() <= 1) {
    body(0, n);
    return;
  }
  pool().run(n, grain, body);
}

}  // namespace tcc::rt

extern "C" void ts_rt_parallel_for(int64_t n, int64_t grain, ts_parallel_body body, void* ctx) {
  tcc::rt::parallel_for(n, grain < 1 ? 1 : grain,
                        [&](int64_t b, int64_t e) { body(ctx, b, e); });
}
