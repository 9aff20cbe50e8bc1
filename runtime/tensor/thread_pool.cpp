// thread_pool.cpp: implements the runtime thread pool (see thread_pool.h)
// and ts_rt_parallel_for. Workers sleep on a condition variable between
// jobs; a job is split into at most num_threads() chunks, chunk 0 running on
// the caller.
#include "tensor/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "ts_runtime.h"

namespace tcc::rt {
namespace {

thread_local bool t_in_parallel = false;

class Pool {
 public:
  Pool() {
    int n = int(std::thread::hardware_concurrency());
    if (const char* env = std::getenv("TCC_NUM_THREADS")) {
      int v = std::atoi(env);
      if (v >= 1) n = v;
    }
    threads_ = std::max(1, std::min(n, 256));
  }
  ~Pool() = delete;  // leaked: never joined during static destruction

  int threads() const { return threads_; }
  void set_threads(int n) {
    std::lock_guard<std::mutex> run(run_mu_);
    threads_ = std::max(1, std::min(n, 256));
  }

  void run(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
    std::unique_lock<std::mutex> run(run_mu_, std::try_to_lock);
    int64_t chunks = std::min<int64_t>(threads_, std::max<int64_t>(1, n / std::max<int64_t>(grain, 1)));
    if (!run.owns_lock() || chunks <= 1 || t_in_parallel) {
      body(0, n);
      return;
    }
    ensure_workers(int(chunks) - 1);
    {
      std::lock_guard<std::mutex> g(mu_);
      body_ = &body;
      n_ = n;
      chunks_ = chunks;
      next_.store(1);
      pending_ = chunks - 1;
      error_ = nullptr;
      ++generation_;
    }
    cv_work_.notify_all();
    t_in_parallel = true;
    try {
      body(0, chunk_end(0));
    } catch (...) {
      std::lock_guard<std::mutex> g(mu_);
      if (!error_) error_ = std::current_exception();
    }
    t_in_parallel = false;
    // The caller also takes chunks no worker has started yet.
    for (;;) {
      int64_t c = next_.fetch_add(1);
      if (c >= chunks_) break;
      run_chunk(c);
    }
    std::unique_lock<std::mutex> g(mu_);
    cv_done_.wait(g, [&] { return pending_ == 0; });
    body_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  int64_t chunk_begin(int64_t c) const { return n_ * c / chunks_; }
  int64_t chunk_end(int64_t c) const { return n_ * (c + 1) / chunks_; }

  void run_chunk(int64_t c) {
    t_in_parallel = true;
    try {
      (*body_)(chunk_begin(c), chunk_end(c));
    } catch (...) {
      std::lock_guard<std::mutex> g(mu_);
      if (!error_) error_ = std::current_exception();
    }
    t_in_parallel = false;
    std::lock_guard<std::mutex> g(mu_);
    if (--pending_ == 0) cv_done_.notify_one();
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
      seen = generation_;  // a job posted before we started is taken by the caller
    }
    for (;;) {
      {
        std::unique_lock<std::mutex> g(mu_);
        cv_work_.wait(g, [&] { return generation_ != seen; });
        seen = generation_;
      }
      for (;;) {
        int64_t c = next_.fetch_add(1);
        if (c >= chunks_) break;
        run_chunk(c);
      }
    }
  }

  int threads_ = 1;
  std::mutex run_mu_;  // one job at a time; other callers run serially
  std::mutex mu_;
  std::condition_variable cv_work_, cv_done_;
  std::vector<std::thread> workers_;
  const std::function<void(int64_t, int64_t)>* body_ = nullptr;
  int64_t n_ = 0;
  int64_t chunks_ = 0;
  std::atomic<int64_t> next_{0};
  int64_t pending_ = 0;
  uint64_t generation_ = 0;
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
