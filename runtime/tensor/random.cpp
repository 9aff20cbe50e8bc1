// random.cpp: implements manual_seed, rand, randn and their *_like forms on
// one global std::mt19937 (see ops.h for the exact transforms).
#include <mutex>
#include <random>

#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

struct Generator {
  std::mutex mu;
  std::mt19937 mt{0};
};

Generator& gen() {
  static Generator* g = new Generator;
  return *g;
}

// torch's uniform float: the low 24 bits of one 32-bit draw, times 2^-24.
inline double uniform24(std::mt19937& mt) { return double(mt() & 0xFFFFFFu) * (1.0 / 16777216.0); }

void check_float(const char* what, DType dt) {
  if (!is_floating(dt))
    throw TensorError(std::string(what) + ": only float32 and float64 are supported, got " + dtype_name(dt));
}

}  // namespace

void manual_seed(uint64_t seed) {
  std::lock_guard<std::mutex> g(gen().mu);
  gen().mt.seed(std::mt19937::result_type(seed & 0xFFFFFFFFu));
}

Tensor rand(const Dims& sizes, DType dtype) {
  check_float("rand", dtype);
  Tensor t = Tensor::empty(sizes, dtype);
  int64_t n = t.numel();
  std::lock_guard<std::mutex> g(gen().mu);
  auto& mt = gen().mt;
  dispatch(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    for (int64_t i = 0; i < n; ++i) p[i] = cast<T>(uniform24(mt));
  });
  return t;
}

Tensor randn(const Dims& sizes, DType dtype) {
  check_float("randn", dtype);
  Tensor t = Tensor::empty(sizes, dtype);
  int64_t n = t.numel();
  std::lock_guard<std::mutex> g(gen().mu);
  auto& mt = gen().mt;
  constexpr double two_pi = 6.283185307179586476925286766559;
  dispatch(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    for (int64_t i = 0; i < n; i += 2) {
      double u1 = uniform24(mt), u2 = uniform24(mt);
      double r = std::sqrt(-2.0 * std::log(1.0 - u1));
      p[i] = cast<T>(r * std::cos(two_pi * u2));
      if (i + 1 < n) p[i + 1] = cast<T>(r * std::sin(two_pi * u2));
    }
  });
  return t;
}

Tensor rand_like(const Tensor& t, std::optional<DType> dtype) { return rand(t.sizes(), dtype ? *dtype : t.dtype()); }
Tensor randn_like(const Tensor& t, std::optional<DType> dtype) { return randn(t.sizes(), dtype ? *dtype : t.dtype()); }

}  // namespace tcc::rt
