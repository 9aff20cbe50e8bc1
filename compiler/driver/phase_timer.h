// Defines PhaseTimer: the per-phase lines of `tcc build --time-passes`
// ("phase optimize    123.456 ms") and the total; silent when off.
#pragma once

#include <chrono>
#include <cstdio>

namespace tcc::driver {

class PhaseTimer {
  using Clock = std::chrono::steady_clock;

 public:
  explicit PhaseTimer(bool on) : on_(on), start_(Now()), last_(start_) {}
  void Mark(const char* phase) {
    auto now = Now();
    if (on_) std::fprintf(stderr, "phase %-10s %8.3f ms\n", phase, Ms(last_, now));
    last_ = now;
  }
  // A phase measured in pieces (the per-graph passes and lowering); `last_`
  // moves on so the next Mark measures only what follows.
  void Report(const char* phase, double ms) {
    if (on_) std::fprintf(stderr, "phase %-10s %8.3f ms\n", phase, ms);
    last_ = Now();
  }
  static double Since(Clock::time_point a) { return Ms(a, Now()); }
  static Clock::time_point Start() { return Now(); }
  void Total() {
    if (on_) std::fprintf(stderr, "total            %8.3f ms\n", Ms(start_, Now()));
  }

 private:
  static Clock::time_point Now() { return Clock::now(); }
  static double Ms(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  }
  bool on_;
  Clock::time_point start_, last_;
};

}  // namespace tcc::driver
