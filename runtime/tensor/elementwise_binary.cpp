// elementwise_binary.cpp: implements binary() (+ - * / // % ** maximum
// minimum, comparisons, & | ^) over tensors and weak scalars with torch's
// promotion and broadcasting, and binary_inplace().
#include <atomic>

#include "semantics/elementwise.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

enum Flag : int { kNone = 0, kDivZero = 1, kNegPow = 2 };

// One element of each op: lang/semantics/elementwise.h (shared with the LLVM
// lowering); the kernels add the error flags torch raises.
using sem::WrapAdd;
using sem::WrapMul;
using sem::WrapSub;

template <class T> inline T floordiv(T a, T b, std::atomic<int>* flag) {
  if constexpr (!std::is_floating_point_v<T>)
    if (b == 0) { flag->store(kDivZero, std::memory_order_relaxed); return 0; }
  return sem::FloorDiv(a, b);
}

template <class T> inline T remainder(T a, T b, std::atomic<int>* flag) {
  if constexpr (!std::is_floating_point_v<T>)
    if (b == 0) { flag->store(kDivZero, std::memory_order_relaxed); return 0; }
  return sem::Remainder(a, b);
}

template <class T> inline T power(T a, T b) { return sem::Pow(a, b); }

// Runs out = f(a, b) with the contiguous / scalar fast paths.
template <class T, class R, class F>
void run(const Tensor& out, char* pa, const Dims& sa, char* pb, const Dims& sb, int64_t grain, F f) {
  if (out.numel() == 1) {  // one element (`x.sum() > 0`): no loop set-up; every operand's first element
    *reinterpret_cast<R*>(out.data_ptr()) = f(*reinterpret_cast<const T*>(pa), *reinterpret_cast<const T*>(pb));
    return;
  }
  std::array<char*, 3> base{static_cast<char*>(out.data_ptr()), pa, pb};
  std::array<Dims, 3> st{byte_strides(out), sa, sb};
  strided_loop<3>(out.sizes(), base, st, grain,
                  [&f](std::array<char*, 3> p, std::array<int64_t, 3> s, int64_t n) {
                    R* o = reinterpret_cast<R*>(p[0]);
                    const T* a = reinterpret_cast<const T*>(p[1]);
                    const T* b = reinterpret_cast<const T*>(p[2]);
                    if (s[0] == sizeof(R) && s[1] == sizeof(T) && s[2] == sizeof(T)) {
                      for (int64_t i = 0; i < n; ++i) o[i] = f(a[i], b[i]);
                    } else if (s[0] == sizeof(R) && s[1] == sizeof(T) && s[2] == 0) {
                      const T bv = *b;
                      for (int64_t i = 0; i < n; ++i) o[i] = f(a[i], bv);
                    } else if (s[0] == sizeof(R) && s[1] == 0 && s[2] == sizeof(T)) {
                      const T av = *a;
                      for (int64_t i = 0; i < n; ++i) o[i] = f(av, b[i]);
                    } else {
                      for (int64_t i = 0; i < n; ++i)
                        *reinterpret_cast<R*>(p[0] + i * s[0]) =
                            f(*reinterpret_cast<const T*>(p[1] + i * s[1]),
                              *reinterpret_cast<const T*>(p[2] + i * s[2]));
                    }
                  });
}

bool is_comparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt || op == BinaryOp::Le ||
         op == BinaryOp::Gt || op == BinaryOp::Ge;
}

// Compute dtype of op given the promoted dtype (throws for unsupported combos).
DType compute_type(BinaryOp op, DType ct) {
  switch (op) {
    case BinaryOp::Div:
    case BinaryOp::Atan2:
      return (sem::TrueDivDType(ct));
    case BinaryOp::And: case BinaryOp::Or: case BinaryOp::Xor:
      if (is_floating(ct))
        throw TensorError(std::string(op_name(op)) + ": only bool and integer tensors are supported, got " +
                          dtype_name(ct));
      return ct;
    case BinaryOp::Sub:
      if (ct == DType::Bool)
        throw TensorError("subtraction of two bool tensors is not supported; use ^ instead");
      return ct;
    case BinaryOp::FloorDiv: case BinaryOp::Mod: case BinaryOp::Pow:
      if (ct == DType::Bool)
        throw TensorError(std::string(op_name(op)) + ": not supported for bool tensors");
      return ct;
    default:
      return ct;
  }
}

struct Operand {
  const Tensor* t = nullptr;  // or a scalar
  Scalar s;
  Tensor conv;                // t converted to the compute dtype, if needed
};

Tensor binary_impl(BinaryOp op, Operand& a, Operand& b, const Tensor* out_opt) {
  PromoteState ps;
  if (a.t) ps.add(*a.t); else ps.add(a.s);
  if (b.t) ps.add(*b.t); else ps.add(b.s);
  DType ct = compute_type(op, ps.result());
  DType rt = is_comparison(op) ? DType::Bool : ct;
  Dims shape = a.t && b.t ? broadcast_shapes(a.t->sizes(), b.t->sizes())
                          : (a.t ? a.t->sizes() : b.t->sizes());
  Tensor out = out_opt ? *out_opt : Tensor::empty(shape, rt);
  for (Operand* o : {&a, &b})
    if (o->t) o->conv = o->t->dtype() == ct ? *o->t : to_dtype(*o->t, ct);

  std::atomic<int> flag{kNone};
  std::atomic<int>* fl = &flag;
  dispatch(ct, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T sa{}, sb{};
    char* pa;
    char* pb;
    Dims za = Dims::filled(shape.size(), 0), zb = za;
    if (a.t) { pa = static_cast<char*>(a.conv.data_ptr()); za = broadcast_byte_strides(a.conv, shape); }
    else { sa = scalar_as<T>(a.s); pa = reinterpret_cast<char*>(&sa); }
    if (b.t) { pb = static_cast<char*>(b.conv.data_ptr()); zb = broadcast_byte_strides(b.conv, shape); }
    else { sb = scalar_as<T>(b.s); pb = reinterpret_cast<char*>(&sb); }
    const int64_t g = kGrainCheap, gh = kGrainHeavy;
    switch (op) {
      case BinaryOp::Add: run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return WrapAdd(x, y); }); break;
      case BinaryOp::Sub: run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return WrapSub(x, y); }); break;
      case BinaryOp::Mul: run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return WrapMul(x, y); }); break;
      case BinaryOp::Div:
        if constexpr (std::is_floating_point_v<T>)
          run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return x / y; });
        break;
      case BinaryOp::FloorDiv:
        if constexpr (!std::is_same_v<T, bool>)
          run<T, T>(out, pa, za, pb, zb, gh, [fl](T x, T y) { return floordiv(x, y, fl); });
        break;
      case BinaryOp::Mod:
        if constexpr (!std::is_same_v<T, bool>)
          run<T, T>(out, pa, za, pb, zb, gh, [fl](T x, T y) { return remainder(x, y, fl); });
        break;
      case BinaryOp::Pow:
        if constexpr (!std::is_same_v<T, bool>) {
          // a Python int exponent may not be negative (torch); a tensor one gives powi
          if constexpr (!std::is_floating_point_v<T>)
            if (!b.t && sb < 0) { flag.store(kNegPow); break; }
          if (!b.t) run<T, T>(out, pa, za, pb, zb, gh, [](T x, T y) { return sem::PowScalar(x, y); });
          else run<T, T>(out, pa, za, pb, zb, gh, [](T x, T y) { return power(x, y); });
        }
        break;
      case BinaryOp::Maximum: run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return sem::Maximum(x, y); }); break;
      case BinaryOp::Minimum: run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return sem::Minimum(x, y); }); break;
      case BinaryOp::Eq: run<T, bool>(out, pa, za, pb, zb, g, [](T x, T y) { return x == y; }); break;
      case BinaryOp::Ne: run<T, bool>(out, pa, za, pb, zb, g, [](T x, T y) { return x != y; }); break;
      case BinaryOp::Lt: run<T, bool>(out, pa, za, pb, zb, g, [](T x, T y) { return x < y; }); break;
      case BinaryOp::Le: run<T, bool>(out, pa, za, pb, zb, g, [](T x, T y) { return x <= y; }); break;
      case BinaryOp::Gt: run<T, bool>(out, pa, za, pb, zb, g, [](T x, T y) { return x > y; }); break;
      case BinaryOp::Ge: run<T, bool>(out, pa, za, pb, zb, g, [](T x, T y) { return x >= y; }); break;
      case BinaryOp::And:
        if constexpr (!std::is_floating_point_v<T>)
          run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return T(x & y); });
        break;
      case BinaryOp::Or:
        if constexpr (!std::is_floating_point_v<T>)
          run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return T(x | y); });
        break;
      case BinaryOp::Xor:
        if constexpr (!std::is_floating_point_v<T>)
          run<T, T>(out, pa, za, pb, zb, g, [](T x, T y) { return T(x ^ y); });
        break;
      case BinaryOp::Atan2:  // computed in double, rounded once (as the compiled kernels)
        if constexpr (std::is_floating_point_v<T>)
          run<T, T>(out, pa, za, pb, zb, gh, [](T x, T y) { return T(std::atan2(double(x), double(y))); });
        break;
    }
  });
  if (flag.load() == kDivZero) throw TensorError("integer division by zero");
  if (flag.load() == kNegPow) throw TensorError("integers to negative integer powers are not allowed");
  return out;
}

bool category_fits(DType from, DType to) { return sem::InPlaceFits(from, to); }

void inplace_impl(BinaryOp op, const Tensor& a, Operand& b) {
  DType rt = b.t ? result_type(a, *b.t) : result_type(a, b.s);
  rt = is_comparison(op) ? DType::Bool : compute_type(op, rt);
  if (!category_fits(rt, a.dtype()))
    throw TensorError(std::string("result type ") + dtype_name(rt) +
                      " can't be cast to the desired output type " + dtype_name(a.dtype()));
  if (b.t) {
    Dims shape = broadcast_shapes(a.sizes(), b.t->sizes());
    if (!(shape == a.sizes()))
      throw TensorError("output with shape " + dims_str(a.sizes()) +
                        " doesn't match the broadcast shape " + dims_str(shape));
  }
  Operand oa;
  oa.t = &a;
  bool direct = rt == a.dtype() && (!b.t || !b.t->shares_storage(a) ||
                                    (b.t->sizes() == a.sizes() && b.t->strides() == a.strides() &&
                                     b.t->offset() == a.offset()));
  if (direct) {
    binary_impl(op, oa, b, &a);
  } else {
    Tensor r = binary_impl(op, oa, b, nullptr);
    copy_into(a, r);
  }
}

}  // namespace

Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b) {
  Operand oa, ob;
  oa.t = &a;
  ob.t = &b;
  return binary_impl(op, oa, ob, nullptr);
}

Tensor binary(BinaryOp op, const Tensor& a, Scalar b) {
  Operand oa, ob;
  oa.t = &a;
  ob.s = b;
  return binary_impl(op, oa, ob, nullptr);
}

Tensor binary(BinaryOp op, Scalar a, const Tensor& b) {
  Operand oa, ob;
  oa.s = a;
  ob.t = &b;
  return binary_impl(op, oa, ob, nullptr);
}

void binary_inplace(BinaryOp op, const Tensor& a, const Tensor& b) {
  Operand ob;
  ob.t = &b;
  inplace_impl(op, a, ob);
}

void binary_inplace(BinaryOp op, const Tensor& a, Scalar b) {
  Operand ob;
  ob.s = b;
  inplace_impl(op, a, ob);
}

}  // namespace tcc::rt
