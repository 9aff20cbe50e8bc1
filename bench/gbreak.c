/* The graph-break loop of bench/kernels.ts (gb_step) written by hand in C,
 * the limit for tcc's graph / break / graph: per iteration x = tanh(x * 0.9 +
 * w) over 1024 floats with the sum taken in the same pass, then x +- 0.01 by
 * the sum's sign. Built with -O3 -march=native -ffast-math (vectorised tanhf
 * from libmvec). Prints microseconds per iteration, best of 5 runs of N. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
  const long n = argc > 1 ? atol(argv[1]) : 200000;
  static float x[1024], w[1024];
  double best = 1e30;
  for (int r = 0; r < 5; ++r) {
    for (int i = 0; i < 1024; ++i) x[i] = sinf(i * 0.37f), w[i] = cosf(i * 0.11f) * 0.1f;
    double t0 = now();
    for (long it = 0; it < n; ++it) {
      float s = 0;
      for (int i = 0; i < 1024; ++i) {
        float v = tanhf(x[i] * 0.9f + w[i]);
        x[i] = v;
        s += v;
      }
      const float d = s > 0 ? -0.01f : 0.01f;
      for (int i = 0; i < 1024; ++i) x[i] += d;
    }
    double t = now() - t0;
    if (t < best) best = t;
  }
  float s = 0;
  for (int i = 0; i < 1024; ++i) s += x[i];
  printf("%.3f\n", best / n * 1e6);
  return s == s ? 0 : 1;
}
