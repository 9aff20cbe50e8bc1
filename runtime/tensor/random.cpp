// random.cpp: implements manual_seed, rand, randn and their *_like forms on
// one global std::mt19937, reproducing torch's CPU generator streams (see ops.h).
#include <memory>
#include <mutex>
#include <random>
#include <vector>

#include "tensor/internal.h"
#include "ts_runtime.h"

namespace tcc::rt {
using namespace detail;

namespace {

// torch's CPUGeneratorImpl: mt19937 plus the cached second Box-Muller value
// of normal_distribution<double>; manual_seed resets both.
struct Generator {
  std::mutex mu;
  std::mt19937 mt{0};
  bool has_next_normal = false;
  double next_normal = 0;

  uint64_t random64() {
    uint64_t hi = mt(), lo = mt();
    return (hi << 32) | lo;
  }
  // uniform_real_distribution<float>(0,1): low 24 bits of one draw.
  float uniform_f() { return float(double(mt() & 0xFFFFFFu) * (1.0 / 16777216.0)); }
  // uniform_real_distribution<double>(0,1): low 53 bits of a 64-bit draw.
  double uniform_d() { return double(random64() & ((uint64_t(1) << 53) - 1)) * (1.0 / 9007199254740992.0); }
  template <class T> T uniform() {
    if constexpr (std::is_same_v<T, float>) return uniform_f();
    else return uniform_d();
  }
  // normal_distribution<double>(0, 1) as torch computes it.
  double normal_d() {
    if (has_next_normal) {
      has_next_normal = false;
      return next_normal;
    }
    double u1 = uniform_d(), u2 = uniform_d();
    double r = std::sqrt(-2.0 * std::log(1.0 - u2));
    double theta = 2.0 * kPi * u1;
    has_next_normal = true;
    next_normal = r * std::sin(theta);
    return r * std::cos(theta);
  }
  static constexpr double kPi = 3.14159265358979323846;
};

// Generator 0 is the default one (manual_seed's); torch.Generator() objects
// are the others. A draw uses the calling thread's current generator
// (GeneratorScope), the default unless a `generator=` argument chose one.
struct Registry {
  std::mutex mu;
  std::vector<std::unique_ptr<Generator>> gens;
  std::vector<uint64_t> seeds;
};
Registry& registry() {
  static Registry* r = [] {
    auto* x = new Registry;
    x->gens.push_back(std::make_unique<Generator>());
    x->seeds.push_back(0);
    return x;
  }();
  return *r;
}
thread_local int64_t t_current = 0;

Generator& gen_at(int64_t id) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  if (id < 0 || id >= static_cast<int64_t>(r.gens.size())) throw TensorError("no such generator");
  return *r.gens[static_cast<size_t>(id)];
}
Generator& gen() { return t_current == 0 ? *registry().gens[0] : gen_at(t_current); }

void check_float(const char* what, DType dt) {
  if (!is_floating(dt))
    throw TensorError(std::string(what) + ": only float32 and float64 are supported, got " + dtype_name(dt));
}

// torch's normal_fill_16: Box-Muller on 16 uniforms, in the tensor's type.
template <class T> void normal_fill_16(T* d, T mean, T std) {
  for (int j = 0; j < 8; ++j) {
    const T u1 = T(1) - d[j];
    const T u2 = d[j + 8];
    const T radius = std::sqrt(T(-2) * std::log(u1));
    const T theta = T(2.0f * Generator::kPi * double(u2));
    d[j] = radius * std::cos(theta) * std + mean;
    d[j + 8] = radius * std::sin(theta) * std + mean;
  }
}

}  // namespace

void manual_seed(uint64_t seed) { generator_manual_seed(0, seed); }

// torch's CPUGeneratorImpl seeds a new generator with default_rng_seed_val.
int64_t generator_new() {
  constexpr uint64_t kDefaultSeed = 67280421310721ull;
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.gens.push_back(std::make_unique<Generator>());
  r.gens.back()->mt.seed(std::mt19937::result_type(kDefaultSeed & 0xFFFFFFFFu));
  r.seeds.push_back(kDefaultSeed);
  return static_cast<int64_t>(r.gens.size()) - 1;
}

void generator_manual_seed(int64_t id, uint64_t seed) {
  Generator& g = gen_at(id);
  {
    std::lock_guard<std::mutex> lock(g.mu);
    g.mt.seed(std::mt19937::result_type(seed & 0xFFFFFFFFu));
    g.has_next_normal = false;
  }
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.seeds[static_cast<size_t>(id)] = seed;
}

uint64_t generator_initial_seed(int64_t id) {
  gen_at(id);  // checks it exists
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.seeds[static_cast<size_t>(id)];
}

GeneratorScope::GeneratorScope(int64_t id) : saved_(t_current) {
  gen_at(id);
  t_current = id;
}
GeneratorScope::~GeneratorScope() { t_current = saved_; }

// torch's uniform_real_distribution: x * (to - from) + from in the tensor's
// type, with from and to cast to it first.
void fill_uniform(void* data, DType dtype, int64_t n, double from, double to) {
  Generator& g = gen();
  std::lock_guard<std::mutex> lock(g.mu);
  auto fill = [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(data);
    const T lo = T(from), span = T(to) - T(from);
    for (int64_t i = 0; i < n; ++i) p[i] = g.uniform<T>() * span + lo;
  };
  if (dtype == DType::F32) fill(Tag<float>{});
  else fill(Tag<double>{});
}

// torch's normal_kernel: fewer than 16 values draw normal_distribution<double>
// (mean + std * z in double, then cast); 16 or more fill uniforms and
// transform them 16 at a time in the tensor's type.
void fill_normal(void* data, DType dtype, int64_t n, double mean, double std) {
  Generator& g = gen();
  std::lock_guard<std::mutex> lock(g.mu);
  auto fill = [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(data);
    if (n < 16) {
      for (int64_t i = 0; i < n; ++i) p[i] = T(g.normal_d() * std + mean);
      return;
    }
    for (int64_t i = 0; i < n; ++i) p[i] = g.uniform<T>();
    for (int64_t i = 0; i + 16 <= n; i += 16) normal_fill_16(p + i, T(mean), T(std));
    if (n % 16 != 0) {  // torch recomputes the last 16 values
      T* d = p + n - 16;
      for (int j = 0; j < 16; ++j) d[j] = g.uniform<T>();
      normal_fill_16(d, T(mean), T(std));
    }
  };
  if (dtype == DType::F32) fill(Tag<float>{});
  else fill(Tag<double>{});
}

void fill_rand(void* data, DType dtype, int64_t n) { fill_uniform(data, dtype, n, 0.0, 1.0); }
void fill_randn(void* data, DType dtype, int64_t n) { fill_normal(data, dtype, n, 0.0, 1.0); }

Tensor rand(const Dims& sizes, DType dtype) {
  check_float("rand", dtype);
  Tensor t = Tensor::empty(sizes, dtype);
  fill_rand(t.data<char>(), dtype, t.numel());
  return t;
}

Tensor randn(const Dims& sizes, DType dtype) {
  check_float("randn", dtype);
  Tensor t = Tensor::empty(sizes, dtype);
  fill_randn(t.data<char>(), dtype, t.numel());
  return t;
}

// torch's random_from_to: (32-bit draw % range) + low, a 64-bit draw when
// the range needs it.
void fill_randint(int64_t* data, int64_t n, int64_t low, int64_t high) {
  if (high <= low) throw TensorError("random_ expects 'from' to be less than 'to', but got from=" + std::to_string(low) +
                                     " >= to=" + std::to_string(high));
  Generator& g = gen();
  std::lock_guard<std::mutex> lock(g.mu);
  const uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = range >= (uint64_t(1) << 32) ? g.random64() : uint64_t(g.mt());
    data[i] = static_cast<int64_t>(r % range + static_cast<uint64_t>(low));
  }
}

// torch's randperm_cpu: Fisher-Yates from 0..n-1, swapping i with i + (draw % (n - i)).
void fill_randperm(int64_t* data, int64_t n) {
  Generator& g = gen();
  std::lock_guard<std::mutex> lock(g.mu);
  for (int64_t i = 0; i < n; ++i) data[i] = i;
  for (int64_t i = 0; i + 1 < n; ++i) {
    int64_t z = static_cast<int64_t>(uint64_t(g.mt()) % uint64_t(n - i));
    std::swap(data[i], data[z + i]);
  }
}

Tensor randint(int64_t low, int64_t high, const Dims& sizes) {
  Tensor t = Tensor::empty(sizes, DType::I64);
  fill_randint(t.data<int64_t>(), t.numel(), low, high);
  return t;
}

Tensor randperm(int64_t n) {
  if (n < 0) throw TensorError("randperm: n must be non-negative, got " + std::to_string(n));
  Tensor t = Tensor::empty(Dims{n}, DType::I64);
  fill_randperm(t.data<int64_t>(), n);
  return t;
}

Tensor rand_like(const Tensor& t, std::optional<DType> dtype) { return rand(t.sizes(), dtype ? *dtype : t.dtype()); }
Tensor randn_like(const Tensor& t, std::optional<DType> dtype) { return randn(t.sizes(), dtype ? *dtype : t.dtype()); }

}  // namespace tcc::rt

extern "C" void ts_rt_randint(int64_t* data, int64_t n, int64_t low, int64_t high) {
  tcc::rt::fill_randint(data, n, low, high);
}
extern "C" void ts_rt_randperm(int64_t* data, int64_t n) { tcc::rt::fill_randperm(data, n); }

extern "C" int64_t ts_rt_use_generator(int64_t id) {
  int64_t prev = tcc::rt::t_current;
  if (id != 0) tcc::rt::gen_at(id);  // checks it exists
  tcc::rt::t_current = id;
  return prev;
}

extern "C" void ts_rt_random(void* data, int32_t dtype, int64_t n, int32_t normal, double a, double b) {
  tcc::rt::DType dt = dtype == TS_DTYPE_F64 ? tcc::rt::DType::F64 : tcc::rt::DType::F32;
  if (normal) tcc::rt::fill_normal(data, dt, n, a, b);
  else tcc::rt::fill_uniform(data, dt, n, a, b);
}
