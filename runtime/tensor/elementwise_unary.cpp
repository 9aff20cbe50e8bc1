// elementwise_unary.cpp: implements unary() for every Unary row of ops.def
// (each op's element is lang/semantics/unary.h's), where() and clamp().
#include "tensor/fast_math.h"
#include "semantics/elementwise.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

template <class T, class R, class F>
void run(const Tensor& out, const Tensor& a, int64_t grain, F f) {
  std::array<char*, 2> base{static_cast<char*>(out.data_ptr()), static_cast<char*>(a.data_ptr())};
  std::array<Dims, 2> st{byte_strides(out), byte_strides(a)};
  strided_loop<2>(out.sizes(), base, st, grain,
                  [&f](std::array<char*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                    R* o = reinterpret_cast<R*>(p[0]);
                    const T* x = reinterpret_cast<const T*>(p[1]);
                    if (s[0] == sizeof(R) && s[1] == sizeof(T)) {
                      for (int64_t i = 0; i < n; ++i) o[i] = f(x[i]);
                    } else {
                      for (int64_t i = 0; i < n; ++i)
                        *reinterpret_cast<R*>(p[0] + i * s[0]) = f(*reinterpret_cast<const T*>(p[1] + i * s[1]));
                    }
                  });
}

// One element of op in T: the scalar meaning (lang/semantics/unary.h), or a
// faster float32 form with the compiled kernels' accuracy (fast_math.h).
template <sem::OpKind op, class T>
auto Element(T x, const sem::UnaryParams& p) {
  if constexpr (std::is_same_v<T, float> && op == sem::OpKind::Exp) return exp_f32(x);
  // copysign: tanh(-0.0) is -0.0 (the approximation gives +0.0); lowering does the same
  else if constexpr (std::is_same_v<T, float> && op == sem::OpKind::Tanh) return std::copysign(tanh_f32(x), x);
  else if constexpr (std::is_same_v<T, float> && op == sem::OpKind::Sigmoid) return sigmoid_f32(x);
  else return sem::Unary<op>::Apply(x, p);
}

template <sem::OpKind op, class T>
void RunUnary(const Tensor& out, const Tensor& a, const sem::UnaryParams& p) {
  using R = decltype(Element<op, T>(T{}, p));
  const int64_t grain = sem::ElementCostOf(op) >= 16 ? kGrainHeavy : kGrainCheap;
  run<T, R>(out, a, grain, [&p](T x) { return Element<op, T>(x, p); });
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& a0, const sem::UnaryParams& p) {
  if (!a0.defined()) throw TensorError(std::string(op_name(op)) + ": undefined tensor");
  const sem::OpKind kind = op_kind(op);
  if (std::string e = sem::UnaryDTypeError(kind, a0.dtype()); !e.empty()) throw TensorError(e);
  // FloatFn ops compute integers in float32
  const Tensor a = sem::DTypeRuleOf(kind) == sem::DTypeRule::FloatFn && !is_floating(a0.dtype())
                       ? to_dtype(a0, DType::F32) : a0;
  Tensor out = Tensor::empty(a.sizes(), *sem::UnaryResultDType(kind, a.dtype()));
  dispatch(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    switch (op) {
#define TCC_PICKED(Name) case UnaryOp::Name: RunUnary<sem::OpKind::Name, T>(out, a, p); break;
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_UNARY)(Name)
#include "semantics/ops.def"
#undef TCC_PICKED
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
