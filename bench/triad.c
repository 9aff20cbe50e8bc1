/* STREAM-style triad a[i] = b[i] + s * c[i] on float32 arrays of 2^25
 * elements (128 MiB each), OpenMP threads, best of 10. Prints GB/s counting
 * 12 bytes per element (STREAM's convention: two reads, one write). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 1L << 25;
  float *a = aligned_alloc(64, n * 4), *b = aligned_alloc(64, n * 4), *c = aligned_alloc(64, n * 4);
#pragma omp parallel for
  for (long i = 0; i < n; ++i) a[i] = 0, b[i] = 1, c[i] = 2;
  double best = 1e30;
  for (int r = 0; r < 10; ++r) {
    double t0 = omp_get_wtime();
#pragma omp parallel for
    for (long i = 0; i < n; ++i) a[i] = b[i] + 3.0f * c[i];
    double t = omp_get_wtime() - t0;
    if (t < best) best = t;
  }
  printf("%.2f\n", 12.0 * n / best / 1e9);
  return a[n / 2] == 7.0f ? 0 : 1;
}
