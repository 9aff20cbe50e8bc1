// conv_winograd.cpp: implements ConvWinograd (conv_winograd.h), F(2x2, 3x3).
//
// The output of one (batch item, group) is cut into 2x2 tiles, each reading
// a 4x4 input patch d (rows 2*ty - ph0 + 0..3, columns 2*tx - pw0 + 0..3, 0
// outside the input). With the weight transform U = G g G^T (4x4 per output
// and input channel, once per call) and the input transform V = B^T d B,
// a tile's output is A^T M A with M[xi] = sum_c U[xi][o][c] * V[xi][c], for
// each of the 16 positions xi of the 4x4: per block of tiles, 16 GEMMs
// [Og, Cg] x [Cg, tiles]. A work item is (group, block of tiles), the
// blocks cut from the group's tiles of the whole batch (a block may span
// images), sized so that its V and M stay in L2 (conv_view.h splits them).
//
// F(4x4, 3x3) (36 GEMMs per block of 4x4 tiles, 4x fewer multiplies than
// direct) measured ~14% less CPU per call on the bench's conv2d, but is ~15x
// less accurate (~6e-6 of the largest output for 64 channels) and fails the
// e2e tests' tolerance against PyTorch (rtol 1e-5, atol 1e-6): not used.
#include "tensor/conv_winograd.h"

#include <cstring>
#include <vector>

#include "tensor/blas.h"
#include "tensor/thread_pool.h"

namespace tcc::rt {

namespace {

// V and M of a block together take about this many bytes, about a core's L2
// (measured CPU per call on the bench's conv2d: 17.7, 17.1, 16.1, 15.4, 18.2
// ms for 0.25, 0.5, 1, 2, 4 MiB).
constexpr int64_t kBlockBytes = int64_t(2) << 20;
constexpr int64_t kMinBlock = 16;  // tiles

// The transforms' rows never overlap (distinct scratch rows, V and M rows):
// lets the vectoriser skip the run-time overlap tests it gives up on.
#if defined(__clang__)
#define TCC_NO_OVERLAP _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define TCC_NO_OVERLAP _Pragma("GCC ivdep")
#else
#define TCC_NO_OVERLAP
#endif

// U[xi][c] = (G g G^T)[xi] (xi = 4 * row + column of the 4x4) for one
// output channel's [Cg, 3, 3] weight w_o, in double, with
// G = [[1, 0, 0], [1/2, 1/2, 1/2], [1/2, -1/2, 1/2], [0, 0, 1]]: position
// xi's row of Cg floats starts at u + xi * xs. The 3x3s are first laid out
// as 9 rows of Cg (k), so that the transform is a vector loop over c (one
// 3x3 at a time, scalar double, was a fifth of a 256-channel conv's time).
TCC_WINDOW_CLONES void TransformWeightRow(const float* w_o, int64_t Cg, float* u, int64_t xs, double* k) {
  for (int64_t c = 0; c < Cg; ++c)
    for (int i = 0; i < 9; ++i) k[i * Cg + c] = w_o[c * 9 + i];
  TCC_NO_OVERLAP
  for (int64_t c = 0; c < Cg; ++c) {
    double m[4][3];  // G g: row r, column j
    for (int j = 0; j < 3; ++j) {
      const double a0 = k[j * Cg + c], a1 = k[(3 + j) * Cg + c], a2 = k[(6 + j) * Cg + c];
      m[0][j] = a0, m[1][j] = 0.5 * (a0 + a1 + a2), m[2][j] = 0.5 * (a0 - a1 + a2), m[3][j] = a2;
    }
    for (int r = 0; r < 4; ++r) {  // (G g) G^T
      const double b0 = m[r][0], b1 = m[r][1], b2 = m[r][2];
      u[(4 * r + 0) * xs + c] = float(b0);
      u[(4 * r + 1) * xs + c] = float(0.5 * (b0 + b1 + b2));
      u[(4 * r + 2) * xs + c] = float(0.5 * (b0 - b1 + b2));
      u[(4 * r + 3) * xs + c] = float(b2);
    }
  }
}

// U[g][xi][o][c] for every output channel into u (16 * O * Cg floats).
void TransformWeight(const float* w, const ConvDims& d, float* u) {
  parallel_for(d.O, std::max<int64_t>(1, 4096 / d.Cg), [&](int64_t lo, int64_t hi) {
    static thread_local std::vector<double> k;
    if (k.size() < size_t(9 * d.Cg)) k.resize(size_t(9 * d.Cg));
    for (int64_t o = lo; o < hi; ++o) {
      const int64_t g = o / d.Og, og = o % d.Og;
      TransformWeightRow(w + o * d.Cg * 9, d.Cg, u + (g * 16 * d.Og + og) * d.Cg, d.Og * d.Cg, k.data());
    }
  });
}

// A block's tiles [t0, t1) count over the whole batch (tile t is tile t % NT
// of batch item t / NT, row-major over TH x TW): a block may span images, so
// that small images (7x7 tiles) still make GEMMs of whole 64-column panels.
// A row of tiles never spans two images (NT is a multiple of TW).
struct Block {
  int64_t g, t0, t1;     // group, tiles [t0, t1) of the batch
  int64_t ld;            // the row stride of V and M (OddLines(per + kLanes - 1), per: the longest block)
  int64_t vs, ms;        // V's and M's stride between positions xi (OddLines(Cg * ld), OddLines(Og * ld))
};

// V's and M's rows (one per channel, a block's tiles long) and their 16
// planes (one per position xi) are padded to an odd number of 64-byte lines
// (OddLines, conv_view.h). Planes a multiple of 4 KiB apart put the input
// transform's 16 output streams in one set (its time grew by half).
constexpr int64_t kLanes = 16;  // floats in a 64-byte vector
int64_t RoundLanes(int64_t n) { return (n + kLanes - 1) / kLanes * kLanes; }

// Per-thread scratch rows of the transforms: `count` rows of `span` floats.
float* ScratchRows(int64_t count, int64_t span) {
  static thread_local std::vector<float> rows;
  return AlignedScratch(rows, size_t(count * span));
}

// V[xi][c][t - t0] = (B^T d B)[xi] for the block's tiles, B^T = [[1, 0, -1, 0],
// [0, 1, 1, 0], [0, -1, 1, 0], [0, 1, 0, -1]]. Per tile row and channel, the
// four input rows (zero-padded) are split into even and odd columns and
// combined down the columns (B^T), then across (B), a row of tiles at a time.
TCC_WINDOW_CLONES void TransformInput(const View4& x, const ConvDims& d, const sem::WindowParams& p,
                                        const Block& b, int64_t TW, float* v) {
  // Every loop over a row of tiles runs whole vectors of kLanes (no scalar
  // remainder: a row of 28 tiles was 16 in a vector and 12 one by one), so
  // the scratch rows have room for the lanes past the row, whose values are
  // never used, and V's rows for a last row of tiles that ends past the
  // block (ConvWinograd's ld >= tiles + kLanes - 1).
  const int64_t span = RoundLanes(TW) + kLanes, line_span = 2 * span;
  float* buf = ScratchRows(8, line_span);  // rows 0-3: the input rows; 4-7: B^T of them, even then odd columns
  const int64_t xs = b.vs;                 // V's stride between positions xi
  // The block's input rows of one channel: a few KiB, and a new stream for
  // the hardware prefetcher at every channel. Loading them on demand stalled
  // on L3 latency (half of this function's time, Zen 5): the next channel's
  // rows are prefetched while this one is transformed.
  const int64_t NT = (d.OH + 1) / 2 * TW;  // tiles per image
  const int64_t row_bytes = int64_t(sizeof(float)) * ((d.W - 1) * x.s[3] + 1);
  auto plane_of = [&](int64_t n, int64_t c) {
    return x.data + sizeof(float) * (n * x.s[0] + (b.g * d.Cg + c) * x.s[1]);
  };
  auto prefetch_channel = [&](int64_t c) {
    for (int64_t n = b.t0 / NT; n <= (b.t1 - 1) / NT; ++n) {  // the block's rows of each image it spans
      const int64_t lo = std::max(b.t0, n * NT) - n * NT, hi = std::min(b.t1, (n + 1) * NT) - n * NT;
      const int64_t ih_lo = std::max<int64_t>(0, 2 * (lo / TW) - p.ph0);
      const int64_t ih_hi = std::min<int64_t>(d.H, 2 * ((hi - 1) / TW) - p.ph0 + 4);
      for (int64_t ih = ih_lo; ih < ih_hi; ++ih) {
        const char* line = plane_of(n, c) + sizeof(float) * ih * x.s[2];
        for (int64_t off = 0; off < row_bytes + 63; off += 64) __builtin_prefetch(line + std::min(off, row_bytes - 1));
      }
    }
  };
  prefetch_channel(0);
  for (int64_t c = 0; c < d.Cg; ++c) {
    if (c + 1 < d.Cg) prefetch_channel(c + 1);
    for (int64_t t = b.t0; t < b.t1;) {
      const int64_t n = t / NT, local = t % NT;
      const int64_t ty = local / TW, tx0 = local % TW, nt = std::min(TW, tx0 + (b.t1 - t)) - tx0;
      const char* plane = plane_of(n, c);
      const int64_t iw0 = 2 * tx0 - p.pw0, len = 2 * nt + 2;  // input columns [iw0, iw0 + len)
      for (int r = 0; r < 4; ++r) {
        float* row = buf + r * line_span;
        int64_t ih = 2 * ty - p.ph0 + r;
        if (ih < 0 || ih >= d.H) {
          for (int64_t j = 0; j < len; ++j) row[j] = 0.0f;
          continue;
        }
        const char* line = plane + sizeof(float) * ih * x.s[2];
        int64_t a = std::clamp<int64_t>(-iw0, 0, len), e = std::clamp<int64_t>(d.W - iw0, a, len);
        for (int64_t j = 0; j < a; ++j) row[j] = 0.0f;
        if (x.s[3] == 1) {
          std::memcpy(row + a, reinterpret_cast<const float*>(line) + iw0 + a, sizeof(float) * size_t(e - a));
        } else {
          for (int64_t j = a; j < e; ++j) row[j] = *reinterpret_cast<const float*>(line + sizeof(float) * (iw0 + j) * x.s[3]);
        }
        for (int64_t j = e; j < len; ++j) row[j] = 0.0f;
      }
      const float *r0 = buf, *r1 = r0 + line_span, *r2 = r1 + line_span, *r3 = r2 + line_span;
      float* k = buf + 4 * line_span;  // k[q] even columns at k + 2*q*span, odd at k + (2*q + 1)*span
      const int64_t nv = RoundLanes(nt);  // tiles computed: nt and the lanes past them
      for (int64_t j0 = 0; j0 < nv + kLanes; j0 += kLanes) {
        TCC_NO_OVERLAP
        for (int64_t j = j0; j < j0 + kLanes; ++j) {
          int64_t e = 2 * j, o = e + 1;
          k[0 * span + j] = r0[e] - r2[e], k[1 * span + j] = r0[o] - r2[o];
          k[2 * span + j] = r1[e] + r2[e], k[3 * span + j] = r1[o] + r2[o];
          k[4 * span + j] = r2[e] - r1[e], k[5 * span + j] = r2[o] - r1[o];
          k[6 * span + j] = r1[e] - r3[e], k[7 * span + j] = r1[o] - r3[o];
        }
      }
      float* vt = v + c * b.ld + (t - b.t0);
      for (int q = 0; q < 4; ++q) {
        const float* ev = k + (2 * q) * span;  // columns 2i of row q of B^T d
        const float* od = ev + span;           // columns 2i + 1
        float *v0 = vt + (4 * q) * xs, *v1 = v0 + xs, *v2 = v1 + xs, *v3 = v2 + xs;
        for (int64_t i0 = 0; i0 < nv; i0 += kLanes) {
          TCC_NO_OVERLAP
          for (int64_t i = i0; i < i0 + kLanes; ++i) {
            v0[i] = ev[i] - ev[i + 1];
            v1[i] = od[i] + ev[i + 1];
            v2[i] = ev[i + 1] - od[i];
            v3[i] = od[i] - od[i + 1];
          }
        }
      }
      t += nt;
    }
  }
}

// y[n, g*Og + o] tiles from M[xi][o][t - t0]: A^T M A, A^T = [[1, 1, 1, 0],
// [0, 1, -1, -1]], plus the bias, a row of tiles at a time (computed into
// scratch rows, then interleaved into the output); a tile's part outside the
// output is dropped.
TCC_WINDOW_CLONES void TransformOutput(const float* m, const ConvDims& d, const Block& b, int64_t TW,
                                         const float* bias, int64_t bs, float* y) {
  const int64_t xs = b.ms;
  const int64_t ow = RoundLanes(TW);
  float* out = ScratchRows(4, ow);  // the row of tiles' y00, y01, y10, y11 (whole vectors, as TransformInput's)
  const int64_t NT = (d.OH + 1) / 2 * TW;  // tiles per image
  for (int64_t o = 0; o < d.Og; ++o) {
    const float bv = bias ? bias[(b.g * d.Og + o) * bs] : 0.0f;
    for (int64_t t = b.t0; t < b.t1;) {
      const int64_t n = t / NT, local = t % NT;
      const int64_t ty = local / TW, tx0 = local % TW, nt = std::min(TW, tx0 + (b.t1 - t)) - tx0;
      float* plane = y + (n * d.O + b.g * d.Og + o) * d.P;
      const float* mt = m + o * b.ld + (t - b.t0);
      for (int64_t i0 = 0; i0 < nt; i0 += kLanes) {
        TCC_NO_OVERLAP
        for (int64_t i = i0; i < i0 + kLanes; ++i) {
          float s0[4], s1[4];
          for (int l = 0; l < 4; ++l) {
            float a0 = mt[(0 + l) * xs + i], a1 = mt[(4 + l) * xs + i], a2 = mt[(8 + l) * xs + i],
                  a3 = mt[(12 + l) * xs + i];
            s0[l] = a0 + a1 + a2;
            s1[l] = a1 - a2 - a3;
          }
          out[i] = s0[0] + s0[1] + s0[2] + bv;
          out[ow + i] = s0[1] - s0[2] - s0[3] + bv;
          out[2 * ow + i] = s1[0] + s1[1] + s1[2] + bv;
          out[3 * ow + i] = s1[1] - s1[2] - s1[3] + bv;
        }
      }
      const int64_t full = std::clamp<int64_t>(d.OW / 2 - tx0, 0, nt);  // tiles inside the output's width
      for (int a = 0; a < 2 && 2 * ty + a < d.OH; ++a) {
        float* yr = plane + (2 * ty + a) * d.OW + 2 * tx0;
        const float *e0 = out + 2 * a * ow, *e1 = e0 + ow;
        TCC_NO_OVERLAP
        for (int64_t i = 0; i < full; ++i) yr[2 * i] = e0[i], yr[2 * i + 1] = e1[i];
        if (full < nt) yr[2 * full] = e0[full];  // the last column of an odd width
      }
      t += nt;
    }
  }
}

}  // namespace

bool WinogradApplies(const ConvDims& d, const sem::WindowParams& p) {
  // Measured against im2col + GEMM (CPU per call, N = 8, C = O, 3x3 pad 1):
  // C = 64-256 with 12x12 to 56x56 images: 0.6-0.9x; C = 512 (one position's
  // U is 1 MiB: streamed from L3 for every block of <= 32 tiles): 1.1-1.8x;
  // C = 512 at 7x7 (16 tiles): 1.8x.
  constexpr int64_t kMaxUBytes = int64_t(256) << 10, kMinTiles = 32;
  const int64_t tiles = ((d.OH + 1) / 2) * ((d.OW + 1) / 2);
  return d.KH == 3 && d.KW == 3 && p.sh == 1 && p.sw == 1 && p.dh == 1 && p.dw == 1 && d.Cg >= 8 && d.Og >= 8 &&
         d.Og * d.Cg * int64_t(sizeof(float)) <= kMaxUBytes && tiles >= kMinTiles;
}

void ConvWinograd(const View4& x, const float* w, const float* bias, int64_t bs, float* y, const ConvDims& d,
                  const sem::WindowParams& p) {
  const int64_t TH = (d.OH + 1) / 2, TW = (d.OW + 1) / 2, NT = TH * TW;
  // U, in a buffer kept per calling thread between calls (no page faults or
  // zero-filling of megabytes at every call); the pool's threads read it
  // through uw (in their bodies, `u` would name their own thread's buffer)
  static thread_local std::vector<float> u;
  if (u.size() < size_t(16 * d.O * d.Cg)) u.resize(size_t(16 * d.O * d.Cg));
  TransformWeight(w, d, u.data());
  const float* uw = u.data();
  const int64_t fit = std::max(kMinBlock, kBlockBytes / int64_t(16 * sizeof(float) * (d.Cg + d.Og)));
  // A group's N * NT tiles in blocks of `per` (whole vectors of 16 tiles
  // where there are several blocks), across images: 7x7 tiles per image made
  // GEMMs of 49 columns, their last vector 1/16 used.
  const int64_t total = d.N * NT;
  const int64_t split = ConvTilesPerImage(d.G, total, fit, kMinBlock, num_threads());
  const int64_t per = split == 1 ? total : std::min(total, ((total + split - 1) / split + 15) / 16 * 16);
  const int64_t blocks = (total + per - 1) / per;
  const int64_t ld = OddLines<float>(per + kLanes - 1), vs = OddLines<float>(d.Cg * ld), ms = OddLines<float>(d.Og * ld);
  RunConvItems(d.G * blocks, [&](int64_t lo, int64_t hi) {
    // V and M of a block, kept per thread between calls (at most ~kBlockBytes)
    static thread_local std::vector<float> vm;
    float* const vbuf = AlignedScratch(vm, size_t(16 * (vs + ms)));
    for (int64_t it = lo; it < hi; ++it) {
      Block b{it / blocks, it % blocks * per, 0, ld, vs, ms};
      b.t1 = std::min(total, b.t0 + per);
      if (b.t0 >= b.t1) continue;
      const int64_t T = b.t1 - b.t0;
      float* v = vbuf;
      float* m = v + 16 * vs;
      TransformInput(x, d, p, b, TW, v);
      for (int64_t xi = 0; xi < 16; ++xi) {
        const float* ux = uw + (b.g * 16 + xi) * d.Og * d.Cg;
        const float* vx = v + xi * vs;
        float* mx = m + xi * ms;
        gemm_f32(false, false, d.Og, T, d.Cg, ux, d.Cg, vx, ld, mx, ld);
      }
      TransformOutput(m, d, b, TW, bias, bs, y);
    }
  });
}

}  // namespace tcc::rt
