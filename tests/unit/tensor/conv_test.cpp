// Tests the window kernels (runtime/tensor/conv.cpp, pool.cpp) against
// direct reference loops in double: conv1d/conv2d over strides, asymmetric
// padding, dilation, groups, bias, 1x1 (the no-im2col path), unbatched and
// non-contiguous (transposed) inputs and weights, float64; max/avg/adaptive
// pooling with padding, dilation, ceil_mode and count_include_pad (and NaN);
// constant/reflect/replicate padding; and the argument errors. The kernel's
// paths (Winograd for 3x3 stride 1, tiled im2col + GEMM) with 1-3 threads.
#include <cmath>
#include <random>

#include "tensor/thread_pool.h"
#include "test_util.h"

using namespace tt;
using tcc::sem::PadMode;
using tcc::sem::WindowKind;
using tcc::sem::WindowParams;

namespace {

Tensor Rand(Dims shape, uint32_t seed, DType dt = DType::F32) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<double> v(size_t(dims_numel(shape)));
  for (double& x : v) x = u(rng);
  return F(v, shape, dt);
}

// y[n, o, oh, ow] = b[o] + sum x[n, g*Cg + c, oh*sh - ph0 + i*dh, ow*sw - pw0 + j*dw] * w[o, c, i, j]
std::vector<double> RefConv(const Tensor& x, const Tensor& w, const Tensor* b, const WindowParams& p, int64_t OH,
                            int64_t OW) {
  int64_t N = x.sizes()[0], C = x.sizes()[1], H = x.sizes()[2], W = x.sizes()[3];
  int64_t O = w.sizes()[0], Cg = w.sizes()[1], KH = w.sizes()[2], KW = w.sizes()[3], Og = O / p.groups;
  (void)C;
  Tensor xc = contiguous(x), wc = contiguous(w);
  auto xv = vals(xc), wv = vals(wc);
  std::vector<double> out;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          double s = b ? b->at(o).to_double() : 0.0;
          int64_t g = o / Og;
          for (int64_t c = 0; c < Cg; ++c)
            for (int64_t i = 0; i < KH; ++i)
              for (int64_t j = 0; j < KW; ++j) {
                int64_t ih = oh * p.sh - p.ph0 + i * p.dh, iw = ow * p.sw - p.pw0 + j * p.dw;
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                s += xv[size_t(((n * x.sizes()[1] + g * Cg + c) * H + ih) * W + iw)] *
                     wv[size_t(((o * Cg + c) * KH + i) * KW + j)];
              }
          out.push_back(s);
        }
  return out;
}

WindowParams Conv2(int64_t sh, int64_t sw, int64_t ph0, int64_t ph1, int64_t pw0, int64_t pw1, int64_t dh, int64_t dw,
                   int64_t groups) {
  WindowParams p;
  p.sh = sh, p.sw = sw, p.ph0 = ph0, p.ph1 = ph1, p.pw0 = pw0, p.pw1 = pw1, p.dh = dh, p.dw = dw, p.groups = groups;
  return p;
}

}  // namespace

TEST_CASE("conv2d matches the direct loop over strides, padding, dilation, groups and bias") {
  struct Case {
    Dims x, w;
    WindowParams p;
    bool bias;
  };
  std::vector<Case> cases = {
      {{2, 3, 7, 6}, {4, 3, 3, 3}, Conv2(1, 1, 0, 0, 0, 0, 1, 1, 1), false},
      {{2, 3, 7, 6}, {4, 3, 3, 3}, Conv2(2, 1, 1, 1, 2, 2, 1, 1, 1), true},
      {{1, 4, 9, 8}, {6, 2, 3, 2}, Conv2(1, 2, 0, 1, 1, 0, 2, 1, 2), true},   // asymmetric pads, groups 2
      {{3, 6, 5, 5}, {6, 1, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 6), true},   // depthwise
      {{2, 8, 4, 5}, {16, 8, 1, 1}, Conv2(1, 1, 0, 0, 0, 0, 1, 1, 1), true},  // 1x1: the input is the matrix
      {{2, 8, 4, 5}, {4, 4, 1, 1}, Conv2(1, 1, 0, 0, 0, 0, 1, 1, 2), false},  // 1x1 grouped
      {{1, 2, 5, 5}, {3, 2, 1, 1}, Conv2(2, 2, 0, 0, 0, 0, 1, 1, 1), false},  // 1x1 strided: im2col
      {{1, 3, 33, 40}, {8, 3, 5, 5}, Conv2(2, 2, 2, 2, 2, 2, 1, 1, 1), true},
      // im2col rows of stride 2 (the vectorised copy) with a width dilation
      // and asymmetric pads, and of stride 3 (the general strided copy)
      {{2, 3, 11, 13}, {4, 3, 3, 3}, Conv2(2, 2, 1, 0, 1, 2, 1, 2, 1), true},
      {{1, 2, 10, 17}, {3, 2, 2, 4}, Conv2(3, 3, 0, 2, 3, 1, 1, 1, 1), false},
  };
  uint32_t seed = 1;
  for (const Case& c : cases) {
    for (DType dt : {DType::F32, DType::F64}) {
      INFO("x " << dims_str(c.x) << " w " << dims_str(c.w) << " " << dtype_name(dt));
      Tensor x = Rand(c.x, seed++, dt), w = Rand(c.w, seed++, dt), b = Rand({c.w[0]}, seed++, dt);
      Tensor y = conv(2, x, w, c.bias ? &b : nullptr, c.p);
      int64_t OH = tcc::sem::ConvOutSize(c.x[2], c.w[2], c.p.sh, c.p.ph0, c.p.ph1, c.p.dh);
      int64_t OW = tcc::sem::ConvOutSize(c.x[3], c.w[3], c.p.sw, c.p.pw0, c.p.pw1, c.p.dw);
      CHECK(shape(y) == std::vector<int64_t>{c.x[0], c.w[0], OH, OW});
      CHECK(y.dtype() == dt);
      check_close(y, RefConv(x, w, c.bias ? &b : nullptr, c.p, OH, OW), dt == DType::F32 ? 1e-4 : 1e-10);
    }
  }
}

TEST_CASE("conv reads strided inputs and weights, unbatched inputs and 1-d convolutions") {
  Tensor xt = Rand({2, 3, 6, 7}, 11);
  Tensor x = transpose(xt, 2, 3);  // [2, 3, 7, 6], not contiguous
  Tensor wt = Rand({4, 3, 3, 3}, 12);
  Tensor w = transpose(wt, 2, 3);
  Tensor b = Rand({4}, 13);
  WindowParams p = Conv2(1, 2, 1, 1, 0, 0, 1, 1, 1);
  Tensor y = conv(2, x, w, &b, p);
  check_close(y, RefConv(x, w, &b, p, 7, 2), 1e-4);
  // unbatched [C, H, W]: the batched result without its batch dim
  Tensor x0 = index(x, std::vector<IndexItem>{int64_t(0)});
  Tensor y0 = conv(2, x0, w, &b, p);
  CHECK(shape(y0) == std::vector<int64_t>{4, 7, 2});
  check_close(y0, vals(index(y, std::vector<IndexItem>{int64_t(0)})), 1e-5);
  // conv1d is conv2d with H = 1
  Tensor x1 = Rand({2, 3, 11}, 14), w1 = Rand({5, 3, 4}, 15);
  WindowParams p1 = Conv2(1, 2, 0, 0, 1, 2, 1, 2, 1);
  Tensor y1 = conv(1, x1, w1, nullptr, p1);
  CHECK(shape(y1) == std::vector<int64_t>{2, 5, 4});  // (11 + 1 + 2 - 2 * 3 - 1) / 2 + 1
  check_close(y1, RefConv(unsqueeze(x1, 2), unsqueeze(w1, 2), nullptr, p1, 1, 4), 1e-4);
  Tensor y1u = conv(1, index(x1, std::vector<IndexItem>{int64_t(1)}), w1, nullptr, p1);
  check_close(y1u, vals(index(y1, std::vector<IndexItem>{int64_t(1)})), 1e-5);
}

// The kernel's paths: Winograd F(2x2, 3x3) (float32 3x3 stride 1, >= 8
// channels per group, >= 32 tiles: odd output sizes, a single output row,
// tiles of a block crossing tile rows, blocks per image, groups, padding,
// strided input; too few tiles or too many channels: im2col), im2col + GEMM over
// several column tiles per image (stride, dilation, float64), each with one
// thread and with several (the items split across the pool or not).
TEST_CASE("conv paths (Winograd, tiled im2col + GEMM) match the reference for any thread count") {
  struct Case {
    Dims x, w;
    WindowParams p;
    bool bias, transposed;  // transposed: x is a [N, C, W, H] tensor's H/W transpose (not contiguous)
    DType dt;
  };
  std::vector<Case> cases = {
      {{1, 8, 13, 11}, {8, 8, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F32},
      {{3, 16, 16, 14}, {8, 16, 3, 3}, Conv2(1, 1, 0, 0, 0, 0, 1, 1, 1), false, false, DType::F32},
      {{2, 16, 13, 11}, {16, 8, 3, 3}, Conv2(1, 1, 0, 2, 1, 0, 1, 1, 2), true, false, DType::F32},
      {{3, 8, 11, 12}, {12, 8, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, true, DType::F32},
      {{2, 8, 7, 7}, {8, 8, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F32},  // 16 tiles: im2col
      {{1, 512, 9, 9}, {512, 512, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), false, false, DType::F32},  // im2col
      {{2, 64, 30, 30}, {64, 64, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F32},
      {{2, 64, 30, 30}, {64, 64, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F64},
      {{1, 3, 70, 70}, {8, 3, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F32},
      {{3, 4, 40, 41}, {8, 4, 3, 3}, Conv2(2, 2, 1, 2, 2, 1, 2, 2, 1), true, true, DType::F32},
      {{1, 16, 33, 35}, {16, 16, 3, 3}, Conv2(2, 1, 1, 1, 1, 1, 1, 1, 1), false, false, DType::F64},
      {{1, 8, 3, 3}, {8, 8, 3, 3}, Conv2(1, 1, 0, 0, 0, 0, 1, 1, 1), true, false, DType::F32},   // 1x1 output
      {{2, 8, 1, 5}, {9, 8, 3, 3}, Conv2(1, 1, 1, 1, 0, 0, 1, 1, 1), true, false, DType::F32},   // 1x3 output
      {{1, 8, 1, 129}, {9, 8, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F32},  // Winograd, 1 row
      // Winograd with several blocks of tiles per image (blocks rounded to 16
      // tiles, a shorter last one) and 20 outputs (row blocks of 6 and 2)
      {{1, 64, 64, 61}, {20, 64, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F32},
      // small images batched into one GEMM (ConvImagesPerItem): 7x7 outputs
      // of 11 images in items of 6 and 5, float64 (no Winograd); stride 2;
      // dilation with asymmetric pads; a 1x1 conv (planes copied) in 2 groups
      // over items of 7 and 6 images; a transposed (non-dense) input
      {{11, 6, 7, 7}, {10, 6, 3, 3}, Conv2(1, 1, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F64},
      {{9, 8, 14, 13}, {12, 8, 3, 3}, Conv2(2, 2, 1, 1, 1, 1, 1, 1, 1), true, false, DType::F32},
      {{4, 4, 9, 9}, {6, 4, 3, 3}, Conv2(1, 1, 2, 1, 0, 2, 2, 2, 1), false, false, DType::F64},
      {{13, 8, 5, 5}, {12, 4, 1, 1}, Conv2(1, 1, 0, 0, 0, 0, 1, 1, 2), true, false, DType::F32},
      {{6, 8, 5, 6}, {7, 8, 3, 3}, Conv2(1, 2, 1, 1, 1, 1, 1, 1, 1), true, true, DType::F32},
  };
  const int saved = num_threads();
  uint32_t seed = 100;
  for (const Case& c : cases) {
    Dims xs = c.x;
    if (c.transposed) std::swap(xs[2], xs[3]);
    Tensor x = Rand(xs, seed++, c.dt), w = Rand(c.w, seed++, c.dt), b = Rand({c.w[0]}, seed++, c.dt);
    if (c.transposed) x = transpose(x, 2, 3);
    int64_t OH = tcc::sem::ConvOutSize(c.x[2], c.w[2], c.p.sh, c.p.ph0, c.p.ph1, c.p.dh);
    int64_t OW = tcc::sem::ConvOutSize(c.x[3], c.w[3], c.p.sw, c.p.pw0, c.p.pw1, c.p.dw);
    std::vector<double> want = RefConv(x, w, c.bias ? &b : nullptr, c.p, OH, OW);
    double scale = 0;
    for (double v : want) scale = std::max(scale, std::abs(v));
    for (int threads : {1, 2, 3}) {
      INFO("x " << dims_str(c.x) << " w " << dims_str(c.w) << " " << dtype_name(c.dt) << ", " << threads << " threads");
      set_num_threads(threads);
      Tensor y = conv(2, x, w, c.bias ? &b : nullptr, c.p);
      REQUIRE(shape(y) == std::vector<int64_t>{c.x[0], c.w[0], OH, OW});
      std::vector<double> got = vals(y);
      double err = 0;
      for (size_t i = 0; i < got.size(); ++i) err = std::max(err, std::abs(got[i] - want[i]));
      // float32: within 1e-6 of the largest output (Winograd's transforms
      // only add, subtract and halve: no worse than im2col + sgemm)
      CHECK(err <= (c.dt == DType::F32 ? 1e-6 : 1e-13) * scale);
    }
  }
  set_num_threads(saved);
}

TEST_CASE("conv argument errors have torch's messages") {
  Tensor x = Rand({1, 4, 5, 5}, 1), w = Rand({8, 3, 3, 3}, 2);
  WindowParams p;
  CHECK_THROWS_WITH(conv(2, x, w, nullptr, p), Catch::Contains("expected input[1, 4, 5, 5] to have 3 channels, but got 4"));
  CHECK_THROWS_WITH(conv(2, Rand({5, 5}, 3), w, nullptr, p),
                    Catch::Contains("Expected 3D (unbatched) or 4D (batched) input to conv2d"));
  Tensor b = Rand({7}, 4);
  CHECK_THROWS_WITH(conv(2, Rand({1, 3, 5, 5}, 3), w, &b, p), Catch::Contains("expected bias to be 1-dimensional with 8"));
  CHECK_THROWS_WITH(conv(2, Rand({1, 3, 2, 5}, 3), w, nullptr, p), Catch::Contains("Kernel size can't be greater"));
  CHECK_THROWS_WITH(conv(2, I({1, 2, 3, 4}, {1, 1, 2, 2}), I({1}, {1, 1, 1, 1}), nullptr, p),
                    Catch::Contains("only float32 and float64"));
}

TEST_CASE("max and avg pooling: padding, dilation, ceil_mode, count_include_pad, NaN") {
  Tensor x = Rand({2, 3, 7, 6}, 21);
  auto xv = vals(x);
  for (int kind = 0; kind < 2; ++kind) {
    for (int ceil = 0; ceil < 2; ++ceil) {
      for (int cip = 0; cip < 2; ++cip) {
        WindowParams p;
        p.kh = 3, p.kw = 2, p.sh = 2, p.sw = 2, p.ph0 = p.ph1 = 1, p.pw0 = p.pw1 = 1;
        p.dh = kind == 0 ? 2 : 1, p.ceil_mode = ceil, p.count_include_pad = cip;
        WindowKind k = kind == 0 ? WindowKind::MaxPool : WindowKind::AvgPool;
        Tensor y = pool(k, 2, x, p);
        int64_t OH = tcc::sem::PoolOutSize(7, 3, 2, 1, p.dh, ceil), OW = tcc::sem::PoolOutSize(6, 2, 2, 1, 1, ceil);
        INFO("kind " << kind << " ceil " << ceil << " cip " << cip);
        REQUIRE(shape(y) == std::vector<int64_t>{2, 3, OH, OW});
        std::vector<double> want;
        for (int64_t pl = 0; pl < 6; ++pl)
          for (int64_t oh = 0; oh < OH; ++oh)
            for (int64_t ow = 0; ow < OW; ++ow) {
              double m = -INFINITY, s = 0;
              int64_t cnt = 0, padded = 0;
              for (int64_t i = 0; i < 3; ++i)
                for (int64_t j = 0; j < 2; ++j) {
                  int64_t ih = oh * 2 - 1 + i * p.dh, iw = ow * 2 - 1 + j;
                  if (ih < 7 + 1 && iw < 6 + 1) ++padded;  // inside the padded input
                  if (ih < 0 || ih >= 7 || iw < 0 || iw >= 6) continue;
                  double v = xv[size_t((pl * 7 + ih) * 6 + iw)];
                  m = std::max(m, v), s += v, ++cnt;
                }
              want.push_back(kind == 0 ? m : s / double(cip ? padded : cnt));
            }
        check_close(y, want, 1e-5);
      }
    }
  }
  Tensor n = F({1, NAN, 3, 4}, {1, 1, 2, 2});
  WindowParams p;
  p.kh = p.kw = p.sh = p.sw = 2;
  CHECK(std::isnan(vals(pool(WindowKind::MaxPool, 2, n, p))[0]));
  p.ph0 = p.ph1 = 2;
  CHECK_THROWS_WITH(pool(WindowKind::MaxPool, 2, n, p), Catch::Contains("pad should be at most half of kernel size"));
}

// Max pooling runs an output row at a time over stride phases of each input
// row (pool.cpp MaxPoolPlane): every stride and dilation pairing, padding,
// ceil_mode, a transposed input, and NaNs (one anywhere in a window wins,
// also when larger values follow it in the window).
TEST_CASE("max pooling matches the direct loop over strides, dilations, padding, ceil_mode, NaN") {
  struct Case {
    int64_t kh, kw, sh, sw, ph, pw, dh, dw, ceil;
  };
  std::vector<Case> cases = {{3, 3, 2, 2, 1, 1, 1, 1, 0}, {3, 3, 2, 2, 1, 1, 1, 1, 1}, {2, 3, 1, 3, 0, 1, 1, 2, 0},
                             {3, 2, 3, 2, 1, 1, 2, 3, 1}, {1, 4, 1, 1, 0, 2, 1, 1, 0}, {2, 2, 2, 2, 0, 0, 1, 1, 1}};
  for (bool transposed : {false, true}) {
    Tensor x = Rand({2, 3, 11, 13}, 41);
    if (transposed) x = transpose(Rand({2, 3, 13, 11}, 41), 2, 3);
    Tensor xc = contiguous(x);
    float* d = static_cast<float*>(xc.data_ptr());
    d[5] = NAN, d[11 * 13 + 40] = NAN, d[5 * 11 * 13 + 100] = NAN;  // before larger values in their windows
    if (transposed) x = transpose(contiguous(transpose(xc, 2, 3)), 2, 3);
    else x = xc;
    auto xv = vals(xc);
    for (const Case& c : cases) {
      WindowParams p;
      p.kh = c.kh, p.kw = c.kw, p.sh = c.sh, p.sw = c.sw, p.ph0 = p.ph1 = c.ph, p.pw0 = p.pw1 = c.pw;
      p.dh = c.dh, p.dw = c.dw, p.ceil_mode = c.ceil;
      int64_t OH = tcc::sem::PoolOutSize(11, c.kh, c.sh, c.ph, c.dh, c.ceil != 0);
      int64_t OW = tcc::sem::PoolOutSize(13, c.kw, c.sw, c.pw, c.dw, c.ceil != 0);
      INFO("k " << c.kh << "x" << c.kw << " s " << c.sh << "," << c.sw << " d " << c.dh << "," << c.dw << " ceil "
                << c.ceil << (transposed ? " transposed" : ""));
      std::vector<double> want;
      for (int64_t pl = 0; pl < 6; ++pl)
        for (int64_t oh = 0; oh < OH; ++oh)
          for (int64_t ow = 0; ow < OW; ++ow) {
            double m = -INFINITY;
            for (int64_t i = 0; i < c.kh; ++i)
              for (int64_t j = 0; j < c.kw; ++j) {
                int64_t ih = oh * c.sh - c.ph + i * c.dh, iw = ow * c.sw - c.pw + j * c.dw;
                if (ih < 0 || ih >= 11 || iw < 0 || iw >= 13) continue;
                double v = xv[size_t((pl * 11 + ih) * 13 + iw)];
                if (std::isnan(v) || std::isnan(m)) m = NAN;
                else m = std::max(m, v);
              }
            want.push_back(m);
          }
      Tensor y = pool(WindowKind::MaxPool, 2, x, p);
      REQUIRE(shape(y) == std::vector<int64_t>{2, 3, OH, OW});
      std::vector<double> got = vals(y);
      for (size_t i = 0; i < got.size(); ++i) {
        INFO("element " << i);
        if (std::isnan(want[i])) CHECK(std::isnan(got[i]));
        else CHECK(got[i] == want[i]);
      }
    }
  }
}

TEST_CASE("adaptive average pooling covers floor(i*in/out) up to ceil((i+1)*in/out)") {
  Tensor x = Rand({1, 2, 7, 5}, 31);
  auto xv = vals(x);
  WindowParams p;
  p.kh = 3, p.kw = 2;
  Tensor y = pool(WindowKind::AdaptiveAvgPool, 2, x, p);
  REQUIRE(shape(y) == std::vector<int64_t>{1, 2, 3, 2});
  std::vector<double> want;
  for (int64_t c = 0; c < 2; ++c)
    for (int64_t oh = 0; oh < 3; ++oh)
      for (int64_t ow = 0; ow < 2; ++ow) {
        int64_t h0 = oh * 7 / 3, h1 = ((oh + 1) * 7 + 2) / 3, w0 = ow * 5 / 2, w1 = ((ow + 1) * 5 + 1) / 2;
        double s = 0;
        for (int64_t i = h0; i < h1; ++i)
          for (int64_t j = w0; j < w1; ++j) s += xv[size_t((c * 7 + i) * 5 + j)];
        want.push_back(s / double((h1 - h0) * (w1 - w0)));
      }
  check_close(y, want, 1e-5);
}

TEST_CASE("pad: constant (with cropping), reflect, replicate, any dtype") {
  Tensor x = F({1, 2, 3, 4, 5, 6}, {2, 3});
  std::vector<int64_t> p1 = {1, 2};
  check_close(pad(x, p1, PadMode::Constant, -1), {-1, 1, 2, 3, -1, -1, -1, 4, 5, 6, -1, -1});
  std::vector<int64_t> crop = {-1, 0, 1, -1};
  check_close(pad(x, crop, PadMode::Constant, 0), {0, 0, 2, 3});
  std::vector<int64_t> r = {2, 1};
  check_close(pad(x, r, PadMode::Reflect, 0), {3, 2, 1, 2, 3, 2, 6, 5, 4, 5, 6, 5});
  check_close(pad(x, r, PadMode::Replicate, 0), {1, 1, 1, 2, 3, 3, 4, 4, 4, 5, 6, 6});
  Tensor t = transpose(x, 0, 1);  // [3, 2] strided
  std::vector<int64_t> p2 = {0, 1, 1, 0};
  check_close(pad(t, p2, PadMode::Constant, 9), {9, 9, 9, 1, 4, 9, 2, 5, 9, 3, 6, 9});
  Tensor i = I({1, 2, 3}, {1, 3});
  Tensor pi = pad(i, p1, PadMode::Constant, 7);
  CHECK(pi.dtype() == DType::I64);
  CHECK(vals(pi) == std::vector<double>{7, 1, 2, 3, 7, 7});
  std::vector<int64_t> big = {3, 0};
  CHECK_THROWS_WITH(pad(x, big, PadMode::Reflect, 0), Catch::Contains("Padding size should be less than"));
  std::vector<int64_t> odd = {1};
  CHECK_THROWS_WITH(pad(x, odd, PadMode::Constant, 0), Catch::Contains("divisible by 2"));
}
