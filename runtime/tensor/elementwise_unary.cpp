// elementwise_unary.cpp: implements unary() (neg abs exp log sqrt rsqrt sin
// cos tanh sigmoid relu gelu ~), where() and clamp().
#include "tensor/fast_math.h"
#include "semantics/elementwise.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

const char* op_name(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "neg";
    case UnaryOp::Abs: return "abs";
    case UnaryOp::Exp: return "exp";
    case UnaryOp::Log: return "log";
    case UnaryOp::Sqrt: return "sqrt";
    case UnaryOp::Rsqrt: return "rsqrt";
    case UnaryOp::Sin: return "sin";
    case UnaryOp::Cos: return "cos";
    case UnaryOp::Tanh: return "tanh";
    case UnaryOp::Sigmoid: return "sigmoid";
    case UnaryOp::Relu: return "relu";
    case UnaryOp::Gelu: return "gelu";
    case UnaryOp::Invert: return "bitwise_not";
    case UnaryOp::Erf: return "erf";
    case UnaryOp::Log1p: return "log1p";
    case UnaryOp::Expm1: return "expm1";
    case UnaryOp::Log2: return "log2";
    case UnaryOp::Exp2: return "exp2";
    case UnaryOp::Tan: return "tan";
    case UnaryOp::Asin: return "asin";
    case UnaryOp::Acos: return "acos";
    case UnaryOp::Atan: return "atan";
    case UnaryOp::Sinh: return "sinh";
    case UnaryOp::Cosh: return "cosh";
    case UnaryOp::Reciprocal: return "reciprocal";
    case UnaryOp::Floor: return "floor";
    case UnaryOp::Ceil: return "ceil";
    case UnaryOp::Trunc: return "trunc";
    case UnaryOp::Round: return "round";
    case UnaryOp::Sign: return "sign";
  }
  return "?";
}

namespace {

template <class T, class F>
void run(const Tensor& out, const Tensor& a, int64_t grain, F f) {
  std::array<char*, 2> base{static_cast<char*>(out.data_ptr()), static_cast<char*>(a.data_ptr())};
  std::array<Dims, 2> st{byte_strides(out), byte_strides(a)};
  strided_loop<2>(out.sizes(), base, st, grain,
                  [&f](std::array<char*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                    T* o = reinterpret_cast<T*>(p[0]);
                    const T* x = reinterpret_cast<const T*>(p[1]);
                    if (s[0] == sizeof(T) && s[1] == sizeof(T)) {
                      for (int64_t i = 0; i < n; ++i) o[i] = f(x[i]);
                    } else {
                      for (int64_t i = 0; i < n; ++i)
                        *reinterpret_cast<T*>(p[0] + i * s[0]) =
                            f(*reinterpret_cast<const T*>(p[1] + i * s[1]));
                    }
                  });
}

bool keeps_dtype(UnaryOp op) {  // rounding and sign: integers unchanged
  return op == UnaryOp::Floor || op == UnaryOp::Ceil || op == UnaryOp::Trunc || op == UnaryOp::Round ||
         op == UnaryOp::Sign;
}

bool is_float_fn(UnaryOp op) {
  return op != UnaryOp::Neg && op != UnaryOp::Abs && op != UnaryOp::Relu && op != UnaryOp::Invert && !keeps_dtype(op);
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& a0) {
  if (!a0.defined()) throw TensorError(std::string(op_name(op)) + ": undefined tensor");
  Tensor a = a0;
  if (is_float_fn(op) && !is_floating(a.dtype())) a = to_dtype(a, DType::F32);
  if (op == UnaryOp::Neg && a.dtype() == DType::Bool)
    throw TensorError("negation (-) of a bool tensor is not supported; use ~ instead");
  if (keeps_dtype(op) && op != UnaryOp::Sign && a.dtype() == DType::Bool)
    throw TensorError(std::string(op_name(op)) + ": not implemented for bool tensors");
  if (op == UnaryOp::Invert && is_floating(a.dtype()))
    throw TensorError(std::string("~ is only supported for bool and integer tensors, got ") +
                      dtype_name(a.dtype()));
  Tensor out = Tensor::empty(a.sizes(), a.dtype());
  dispatch(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const int64_t g = kGrainCheap, gh = kGrainHeavy;
    if constexpr (std::is_floating_point_v<T>) {
      switch (op) {
        case UnaryOp::Neg: run<T>(out, a, g, [](T x) { return -x; }); break;
        case UnaryOp::Abs: run<T>(out, a, g, [](T x) { return std::fabs(x); }); break;
        case UnaryOp::Exp:
          if constexpr (std::is_same_v<T, float>) run<T>(out, a, g, [](T x) { return exp_f32(x); });
          else run<T>(out, a, gh, [](T x) { return std::exp(x); });
          break;
        case UnaryOp::Log: run<T>(out, a, gh, [](T x) { return std::log(x); }); break;
        case UnaryOp::Sqrt: run<T>(out, a, g, [](T x) { return std::sqrt(x); }); break;
        case UnaryOp::Rsqrt: run<T>(out, a, g, [](T x) { return T(1) / std::sqrt(x); }); break;
        case UnaryOp::Sin: run<T>(out, a, gh, [](T x) { return std::sin(x); }); break;
        case UnaryOp::Cos: run<T>(out, a, gh, [](T x) { return std::cos(x); }); break;
        case UnaryOp::Tanh:
          // copysign: tanh(-0.0) is -0.0 (the approximation gives +0.0); lowering does the same
          if constexpr (std::is_same_v<T, float>) run<T>(out, a, g, [](T x) { return std::copysign(tanh_f32(x), x); });
          else run<T>(out, a, gh, [](T x) { return std::tanh(x); });
          break;
        case UnaryOp::Sigmoid:
          if constexpr (std::is_same_v<T, float>) run<T>(out, a, g, [](T x) { return sigmoid_f32(x); });
          else run<T>(out, a, gh, [](T x) { return T(1) / (T(1) + std::exp(-x)); });
          break;
        case UnaryOp::Relu: run<T>(out, a, g, [](T x) { return sem::Relu(x); }); break;
        case UnaryOp::Gelu:
          run<T>(out, a, gh, [](T x) { return T(0.5) * x * (T(1) + std::erf(x * T(0.70710678118654752440))); });
          break;
        case UnaryOp::Invert: break;  // rejected above
        // issue 11: libm in T, the rounding and sign of lang/semantics/elementwise.h
        case UnaryOp::Erf: run<T>(out, a, gh, [](T x) { return std::erf(x); }); break;
        case UnaryOp::Log1p: run<T>(out, a, gh, [](T x) { return std::log1p(x); }); break;
        case UnaryOp::Expm1: run<T>(out, a, gh, [](T x) { return std::expm1(x); }); break;
        case UnaryOp::Log2: run<T>(out, a, gh, [](T x) { return std::log2(x); }); break;
        case UnaryOp::Exp2: run<T>(out, a, gh, [](T x) { return std::exp2(x); }); break;
        case UnaryOp::Tan: run<T>(out, a, gh, [](T x) { return std::tan(x); }); break;
        case UnaryOp::Asin: run<T>(out, a, gh, [](T x) { return std::asin(x); }); break;
        case UnaryOp::Acos: run<T>(out, a, gh, [](T x) { return std::acos(x); }); break;
        case UnaryOp::Atan: run<T>(out, a, gh, [](T x) { return std::atan(x); }); break;
        case UnaryOp::Sinh: run<T>(out, a, gh, [](T x) { return std::sinh(x); }); break;
        case UnaryOp::Cosh: run<T>(out, a, gh, [](T x) { return std::cosh(x); }); break;
        case UnaryOp::Reciprocal: run<T>(out, a, g, [](T x) { return T(1) / x; }); break;
        case UnaryOp::Floor: run<T>(out, a, g, [](T x) { return std::floor(x); }); break;
        case UnaryOp::Ceil: run<T>(out, a, g, [](T x) { return std::ceil(x); }); break;
        case UnaryOp::Trunc: run<T>(out, a, g, [](T x) { return std::trunc(x); }); break;
        case UnaryOp::Round: run<T>(out, a, g, [](T x) { return sem::Round(x); }); break;
        case UnaryOp::Sign: run<T>(out, a, g, [](T x) { return sem::Sign(x); }); break;
      }
    } else if constexpr (std::is_same_v<T, bool>) {
      switch (op) {
        case UnaryOp::Invert: run<T>(out, a, g, [](T x) { return !x; }); break;
        default: run<T>(out, a, g, [](T x) { return x; }); break;  // abs, relu: identity
      }
    } else {
      using U = std::make_unsigned_t<T>;
      switch (op) {
        case UnaryOp::Neg: run<T>(out, a, g, [](T x) { return T(U(0) - U(x)); }); break;
        case UnaryOp::Abs: run<T>(out, a, g, [](T x) { return x < 0 ? T(U(0) - U(x)) : x; }); break;
        case UnaryOp::Relu: run<T>(out, a, g, [](T x) { return sem::Relu(x); }); break;
        case UnaryOp::Invert: run<T>(out, a, g, [](T x) { return T(~x); }); break;
        case UnaryOp::Sign: run<T>(out, a, g, [](T x) { return sem::Sign(x); }); break;
        default: run<T>(out, a, g, [](T x) { return x; }); break;  // rounding: unchanged (float functions converted above)
      }
    }
  });
  return out;
}

namespace {

Tensor as_tensor(const TensorOrScalar& v, DType dt) {
  if (auto* t = std::get_if<Tensor>(&v)) return to_dtype(*t, dt);
  return Tensor::scalar(std::get<Scalar>(v), dt);
}

}  // namespace

Tensor where(const Tensor& cond0, const TensorOrScalar& a, const TensorOrScalar& b) {
  PromoteState ps;
  for (auto* v : {&a, &b}) {
    if (auto* t = std::get_if<Tensor>(v)) ps.add(*t);
    else ps.add(std::get<Scalar>(*v));
  }
  DType rt = ps.result();
  Tensor cond = to_dtype(cond0, DType::Bool);
  Tensor ta = as_tensor(a, rt), tb = as_tensor(b, rt);
  Dims shape = broadcast_shapes(cond.sizes(), broadcast_shapes(ta.sizes(), tb.sizes()));
  Tensor out = Tensor::empty(shape, rt);
  dispatch(rt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::array<char*, 4> base{static_cast<char*>(out.data_ptr()), static_cast<char*>(cond.data_ptr()),
                              static_cast<char*>(ta.data_ptr()), static_cast<char*>(tb.data_ptr())};
    std::array<Dims, 4> st{byte_strides(out), broadcast_byte_strides(cond, shape),
                           broadcast_byte_strides(ta, shape), broadcast_byte_strides(tb, shape)};
    strided_loop<4>(shape, base, st, kGrainCheap,
                    [](std::array<char*, 4> p, std::array<int64_t, 4> s, int64_t n) {
                      for (int64_t i = 0; i < n; ++i)
                        *reinterpret_cast<T*>(p[0] + i * s[0]) =
                            *reinterpret_cast<const bool*>(p[1] + i * s[1])
                                ? *reinterpret_cast<const T*>(p[2] + i * s[2])
                                : *reinterpret_cast<const T*>(p[3] + i * s[3]);
                    });
  });
  return out;
}

Tensor clamp(const Tensor& x, const std::optional<TensorOrScalar>& lo,
             const std::optional<TensorOrScalar>& hi) {
  if (!lo && !hi) throw TensorError("clamp: at least one of min and max must be given");
  Tensor r = x;
  auto apply = [&](BinaryOp op, const TensorOrScalar& v) {
    if (auto* t = std::get_if<Tensor>(&v)) r = binary(op, r, *t);
    else r = binary(op, r, std::get<Scalar>(v));
  };
  if (lo) apply(BinaryOp::Maximum, *lo);
  if (hi) apply(BinaryOp::Minimum, *hi);
  if (r.shares_storage(x)) r = clone(r);
  return r;
}

}  // namespace tcc::rt
