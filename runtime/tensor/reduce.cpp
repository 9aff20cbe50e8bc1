// reduce.cpp: implements reduce() (sum mean max min prod all any argmax
// argmin over dims with keepdim) and max/min_with_indices.
//
// Plan: the reduced dims are moved to the end (ordered by stride), giving M
// outputs of K elements each. When each output's K elements are dense, a
// lane-unrolled row kernel runs per output (parallel over outputs, or over
// chunks of the row for a full reduction). Otherwise elements are folded in
// memory order into an accumulator buffer. Float sums accumulate in double.
#include <algorithm>
#include <memory>
#include <vector>

#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

template <class T> using SumAcc = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;

template <class T> struct SumOp {
  using Acc = SumAcc<T>;
  static Acc init() { return 0; }
  static Acc step(Acc a, T x) {
    if constexpr (std::is_floating_point_v<T>) return a + Acc(x);
    else return Acc(uint64_t(a) + uint64_t(int64_t(x)));
  }
  static Acc comb(Acc a, Acc b) { return step_acc(a, b); }
  static Acc step_acc(Acc a, Acc b) {
    if constexpr (std::is_floating_point_v<T>) return a + b;
    else return Acc(uint64_t(a) + uint64_t(b));
  }
};
template <class T> struct ProdOp {
  using Acc = SumAcc<T>;
  static Acc init() { return 1; }
  static Acc step(Acc a, T x) {
    if constexpr (std::is_floating_point_v<T>) return a * Acc(x);
    else return Acc(uint64_t(a) * uint64_t(int64_t(x)));
  }
  static Acc comb(Acc a, Acc b) {
    if constexpr (std::is_floating_point_v<T>) return a * b;
    else return Acc(uint64_t(a) * uint64_t(b));
  }
};
template <class T> struct MaxOp {
  using Acc = T;
  static Acc init() {
    if constexpr (std::is_floating_point_v<T>) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
  static Acc step(Acc a, T x) { return (x > a || x != x) ? x : a; }  // NaN sticks
  static Acc comb(Acc a, Acc b) { return step(a, b); }
  static Acc plain(Acc a, T x) { return x > a ? x : a; }  // vectorisable; NaN tracked apart
  static constexpr bool kNanLanes = std::is_floating_point_v<T>;
};
template <class T> struct MinOp {
  using Acc = T;
  static Acc init() {
    if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
  static Acc step(Acc a, T x) { return (x < a || x != x) ? x : a; }
  static Acc comb(Acc a, Acc b) { return step(a, b); }
  static Acc plain(Acc a, T x) { return x < a ? x : a; }
  static constexpr bool kNanLanes = std::is_floating_point_v<T>;
};
template <class T> struct AllOp {
  using Acc = bool;
  static Acc init() { return true; }
  static Acc step(Acc a, T x) { return a & (x != T(0)); }
  static Acc comb(Acc a, Acc b) { return a & b; }
};
template <class T> struct AnyOp {
  using Acc = bool;
  static Acc init() { return false; }
  static Acc step(Acc a, T x) { return a | (x != T(0)); }
  static Acc comb(Acc a, Acc b) { return a | b; }
};

template <class Op> constexpr bool nan_lanes() {
  if constexpr (requires { Op::kNanLanes; }) return Op::kNanLanes;
  else return false;
}

template <class Op, class T> [[gnu::always_inline]] inline typename Op::Acc row_dense(const T* x, int64_t n) {
  using Acc = typename Op::Acc;
  constexpr int L = 16;
  if constexpr (nan_lanes<Op>()) {
    // float max/min: plain compare lanes plus a check lane summing v * 0
    // (NaN for NaN or inf); when it trips, rescan exactly with step().
    Acc m[L], chk[L];
    for (int j = 0; j < L; ++j) { m[j] = Op::init(); chk[j] = 0; }
    int64_t i = 0;
    for (; i + L <= n; i += L)
      for (int j = 0; j < L; ++j) {
        T v = x[i + j];
        m[j] = Op::plain(m[j], v);
        chk[j] += v * T(0);
      }
    Acc r = Op::init(), c = 0;
    for (int j = 0; j < L; ++j) { r = Op::plain(r, m[j]); c += chk[j]; }
    if (c != c) {
      r = Op::init();
      for (int64_t k = 0; k < i; ++k) r = Op::step(r, x[k]);
    }
    for (; i < n; ++i) r = Op::step(r, x[i]);
    return r;
  }
  Acc lanes[L];
  for (int j = 0; j < L; ++j) lanes[j] = Op::init();
  int64_t i = 0;
  for (; i + L <= n; i += L)
    for (int j = 0; j < L; ++j) lanes[j] = Op::step(lanes[j], x[i + j]);
  Acc r = Op::init();
  for (int j = 0; j < L; ++j) r = Op::comb(r, lanes[j]);
  for (; i < n; ++i) r = Op::step(r, x[i]);
  return r;
}

struct Plan {
  Tensor p;        // input permuted: kept dims, then reduced dims
  int nkept = 0;
  Dims kept_sizes;
  Dims out_shape;  // with keepdim applied
  int64_t M = 1, K = 1;
  bool dense = false;  // each output's K elements are contiguous
};

Plan make_plan(const Tensor& a, std::span<const int64_t> dims, bool keepdim, const char* name) {
  if (dims.empty() && a.is_contiguous()) {
    // All of a contiguous tensor (`x.sum()`): the permutation below would be
    // the identity and every element one dense row; skip building it.
    Plan pl;
    pl.p = a;
    pl.K = a.numel();
    if (keepdim) pl.out_shape = Dims::filled(a.dim(), 1);
    pl.dense = true;
    return pl;
  }
  bool red[kMaxDims] = {};
  if (dims.empty()) {
    for (int i = 0; i < a.dim(); ++i) red[i] = true;
  } else {
    for (int64_t d0 : dims) {
      int d = int(wrap_dim(d0, a.dim()));
      if (a.dim() == 0) continue;
      if (red[d]) throw TensorError(std::string(name) + ": dimension " + std::to_string(d) + " appears twice");
      red[d] = true;
    }
  }
  Plan pl;
  Dims perm, rdims;
  for (int i = 0; i < a.dim(); ++i) {
    if (red[i]) {
      rdims.push_back(i);
      pl.K *= a.sizes()[i];
      if (keepdim) pl.out_shape.push_back(1);
    } else {
      perm.push_back(i);
      pl.kept_sizes.push_back(a.sizes()[i]);
      pl.M *= a.sizes()[i];
      pl.out_shape.push_back(a.sizes()[i]);
    }
  }
  pl.nkept = perm.size();
  std::stable_sort(rdims.begin(), rdims.end(),
                   [&](int64_t x, int64_t y) { return a.strides()[int(x)] > a.strides()[int(y)]; });
  for (int64_t d : rdims) perm.push_back(d);
  pl.p = permute(a, perm);
  int64_t expect = 1;
  pl.dense = true;
  for (int i = pl.p.dim() - 1; i >= pl.nkept; --i) {
    if (pl.p.sizes()[i] == 1) continue;
    if (pl.p.strides()[i] != expect) { pl.dense = false; break; }
    expect *= pl.p.sizes()[i];
  }
  return pl;
}

// Offset (elements) of output i's first input element.
int64_t row_offset(const Plan& pl, int64_t i) {
  int64_t off = 0;
  for (int d = pl.nkept - 1; d >= 0; --d) {
    off += (i % pl.kept_sizes[d]) * pl.p.strides()[d];
    i /= pl.kept_sizes[d];
  }
  return off;
}

// float32 sums are the interpreter's most common reduction (`x.sum()` at a
// graph break). This one is also built for AVX2, picked at load time where
// the CPU has it: the same 16 double lanes added in the same order (identical
// results), in about a third of the instructions of the baseline SSE2 build.
#if defined(__x86_64__) && defined(__GNUC__)
#define TCC_SUM_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define TCC_SUM_CLONES
#endif
TCC_SUM_CLONES double sum_row_f32(const float* x, int64_t n) {
  return row_dense<SumOp<float>, float>(x, n);
}

template <class Op, class T> typename Op::Acc dense_row(const T* x, int64_t n) {
  if constexpr (std::is_same_v<Op, SumOp<float>>) return sum_row_f32(x, n);
  else return row_dense<Op, T>(x, n);
}

// Folds every output's elements into acc[0..M).
template <class Op, class T> void fold(const Plan& pl, typename Op::Acc* acc) {
  using Acc = typename Op::Acc;
  const T* base = pl.p.data<T>();
  if (pl.dense) {
    if (pl.M == 1 && pl.K >= 4 * kGrainCheap && num_threads() > 1) {
      int nt = num_threads();
      std::unique_ptr<Acc[]> part = std::make_unique<Acc[]>(size_t(nt));
      parallel_for(nt, 1, [&](int64_t b, int64_t e) {
        for (int64_t c = b; c < e; ++c) {
          int64_t lo = pl.K * c / nt, hi = pl.K * (c + 1) / nt;
          part[size_t(c)] = dense_row<Op>(base + lo, hi - lo);
        }
      });
      Acc r = Op::init();
      for (int c = 0; c < nt; ++c) r = Op::comb(r, part[c]);
      acc[0] = r;
      return;
    }
    auto rows = [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) acc[i] = dense_row<Op>(base + row_offset(pl, i), pl.K);
    };
    if (pl.M * pl.K >= kGrainCheap && pl.M > 1)
      parallel_for(pl.M, std::max<int64_t>(1, kGrainCheap / std::max<int64_t>(pl.K, 1)), rows);
    else
      rows(0, pl.M);
    return;
  }
  for (int64_t i = 0; i < pl.M; ++i) acc[i] = Op::init();
  Dims acc_st = Dims::filled(pl.p.dim(), 0);
  int64_t s = int64_t(sizeof(Acc));
  for (int d = pl.nkept - 1; d >= 0; --d) {
    acc_st[d] = s;
    s *= pl.kept_sizes[d];
  }
  std::array<char*, 2> ptr{reinterpret_cast<char*>(acc), reinterpret_cast<char*>(const_cast<T*>(base))};
  std::array<Dims, 2> st{acc_st, byte_strides(pl.p)};
  strided_loop<2>(pl.p.sizes(), ptr, st, INT64_MAX,  // serial: outputs are shared
                  [](std::array<char*, 2> q, std::array<int64_t, 2> ss, int64_t n) {
                    for (int64_t i = 0; i < n; ++i) {
                      Acc* o = reinterpret_cast<Acc*>(q[0] + i * ss[0]);
                      *o = Op::step(*o, *reinterpret_cast<const T*>(q[1] + i * ss[1]));
                    }
                  });
}

template <template <class> class OpT>
Tensor run_fold(const Plan& pl, DType in, DType out_dtype, bool mean = false) {
  Tensor out = Tensor::empty(pl.out_shape, out_dtype);
  dispatch(in, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Op = OpT<T>;
    using Acc = typename Op::Acc;
    Acc small[64];
    std::unique_ptr<Acc[]> heap;
    Acc* acc = small;
    if (pl.M > 64) acc = (heap = std::make_unique<Acc[]>(size_t(pl.M))).get();
    fold<Op, T>(pl, acc);
    dispatch(out_dtype, [&](auto otag) {
      using R = typename decltype(otag)::type;
      R* o = out.data<R>();
      for (int64_t i = 0; i < pl.M; ++i) {
        if (mean) o[i] = cast<R>(double(acc[i]) / double(pl.K));
        else o[i] = cast<R>(acc[i]);
      }
    });
  });
  return out;
}

// argmax/argmin (and values) over the single reduced dim of a plan.
template <bool IsMax>
void arg_scan(const Plan& pl, Tensor* values, Tensor& indices) {
  dispatch(pl.p.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* base = pl.p.data<T>();
    int64_t step = pl.p.dim() > pl.nkept ? pl.p.strides()[pl.p.dim() - 1] : 1;
    int64_t* idx = indices.data<int64_t>();
    T* vals = values ? values->data<T>() : nullptr;
    for (int64_t i = 0; i < pl.M; ++i) {
      const T* x = base + row_offset(pl, i);
      int64_t best = 0;
      T bv = x[0];
      if (!(bv != bv)) {
        for (int64_t k = 1; k < pl.K; ++k) {
          T v = x[k * step];
          if (v != v) { best = k; bv = v; break; }
          if (IsMax ? v > bv : v < bv) { best = k; bv = v; }
        }
      }
      idx[i] = best;
      if (vals) vals[i] = bv;
    }
  });
}

std::pair<Tensor, Tensor> with_indices(const Tensor& a, int64_t dim, bool keepdim, bool is_max,
                                       bool want_values) {
  const char* name = is_max ? "max" : "min";
  int64_t d = wrap_dim(dim, a.dim());
  Plan pl = make_plan(a, std::span<const int64_t>(&d, 1), keepdim, name);
  if (pl.K == 0)
    throw TensorError(std::string(name) + "(): cannot reduce over an empty dimension");
  Tensor idx = Tensor::empty(pl.out_shape, DType::I64);
  Tensor vals = want_values ? Tensor::empty(pl.out_shape, a.dtype()) : Tensor();
  if (is_max) arg_scan<true>(pl, want_values ? &vals : nullptr, idx);
  else arg_scan<false>(pl, want_values ? &vals : nullptr, idx);
  return {vals, idx};
}

}  // namespace

sem::ReduceRule reduce_rule(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum: case ReduceOp::Prod: return sem::ReduceRule::Accumulate;
    case ReduceOp::Mean: return sem::ReduceRule::FloatOnly;
    case ReduceOp::Max: case ReduceOp::Min: return sem::ReduceRule::Keep;
    case ReduceOp::ArgMax: case ReduceOp::ArgMin: return sem::ReduceRule::Index;
    case ReduceOp::All: case ReduceOp::Any: return sem::ReduceRule::Logical;
  }
  return sem::ReduceRule::Keep;
}

Tensor reduce(ReduceOp op, const Tensor& a, std::span<const int64_t> dims, bool keepdim) {
  if (!a.defined()) throw TensorError(std::string(op_name(op)) + ": undefined tensor");
  DType in = a.dtype();
  switch (op) {
    case ReduceOp::ArgMax: case ReduceOp::ArgMin: {
      bool is_max = op == ReduceOp::ArgMax;
      if (dims.size() > 1) throw TensorError(std::string(op_name(op)) + ": expects at most one dim");
      if (dims.empty()) {
        if (a.numel() == 0) throw TensorError(std::string(op_name(op)) + "(): cannot reduce an empty tensor");
        Tensor r = with_indices(reshape(a, Dims{-1}), 0, false, is_max, false).second;
        if (keepdim) return reshape(r, Dims::filled(a.dim(), 1));
        return r;
      }
      return with_indices(a, dims[0], keepdim, is_max, false).second;
    }
    default: break;
  }
  auto out_dt = sem::ReduceDType(reduce_rule(op), in);
  if (!out_dt) throw TensorError(sem::ReduceDTypeError(op_name(op), in));
  DType out = *out_dt;
  Plan pl = make_plan(a, dims, keepdim, op_name(op));
  switch (op) {
    case ReduceOp::Sum: return run_fold<SumOp>(pl, in, out);
    case ReduceOp::Prod: return run_fold<ProdOp>(pl, in, out);
    case ReduceOp::Mean: return run_fold<SumOp>(pl, in, out, true);
    case ReduceOp::Max: case ReduceOp::Min:
      if (pl.K == 0)
        throw TensorError(std::string(op_name(op)) + "(): cannot reduce over an empty dimension");
      return op == ReduceOp::Max ? run_fold<MaxOp>(pl, in, out) : run_fold<MinOp>(pl, in, out);
    case ReduceOp::All: return run_fold<AllOp>(pl, in, out);
    case ReduceOp::Any: return run_fold<AnyOp>(pl, in, out);
    case ReduceOp::ArgMax: case ReduceOp::ArgMin: break;  // above
  }
  throw TensorError("reduce: unknown operation");
}

std::pair<Tensor, Tensor> max_with_indices(const Tensor& a, int64_t dim, bool keepdim) {
  return with_indices(a, dim, keepdim, true, true);
}

std::pair<Tensor, Tensor> min_with_indices(const Tensor& a, int64_t dim, bool keepdim) {
  return with_indices(a, dim, keepdim, false, true);
}

}  // namespace tcc::rt
