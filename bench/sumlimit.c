/* The sum row's machine limit: a hand-written sum of the same 2^24 float32
 * (64 MiB) that bench/kernels.ts sums, OpenMP threads (static split, as
 * PyTorch's and tcc's), written with GCC vector types (-O3 -march=native)
 * as four vector accumulators per thread, the buffer on transparent huge
 * pages as tcc's large buffers are. Prints the mean ms per call of 400 calls after 5 untimed
 * ones (the statistic bench/run.sh reports for PyTorch), then the best. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

typedef float v16 __attribute__((vector_size(64)));

int main(void) {
  const long n = 1L << 24;
  const int calls = 400;
  float* x = aligned_alloc(1 << 21, n * sizeof(float));
  madvise(x, n * sizeof(float), MADV_HUGEPAGE);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) x[i] = (float)(i % 7) * 0.25f;
  double total = 0, best = 1e30, check = 0;
  for (int r = -5; r < calls; ++r) {
    double t0 = omp_get_wtime();
    double s = 0;
#pragma omp parallel reduction(+ : s)
    {
      /* four independent 16-float accumulators (GCC vector types: AVX-512
         registers here), so the adds are not one dependent chain (one
         accumulator is latency-bound at about half this speed) */
      v16 a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};
#pragma omp for schedule(static)
      for (long i = 0; i < n; i += 64) {
        const v16* p = (const v16*)(x + i);
        a0 += p[0], a1 += p[1], a2 += p[2], a3 += p[3];
      }
      v16 acc = (a0 + a1) + (a2 + a3);
      for (int j = 0; j < 16; ++j) s += acc[j];
    }
    double t = omp_get_wtime() - t0;
    check += s;
    if (r < 0) continue;
    total += t;
    if (t < best) best = t;
  }
  printf("%.3f %.3f\n", total / calls * 1e3, best * 1e3);
  return check > 0 ? 0 : 1;
}
