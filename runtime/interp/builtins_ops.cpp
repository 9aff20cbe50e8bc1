// Implements issue 11's tensor builtins in the interpreter: more elementwise
// functions, round/nan_to_num/lerp/atan2, amax/amin, the composite
// reductions of lang/semantics/composite.h (var, std, logsumexp, norm,
// count_nonzero, softmax, log_softmax) run on the runtime's kernels, the
// scans (cumsum, cumprod), the in-place methods (add_, ..., copy_) and the
// new_* constructors and type_as. Rows of lang/semantics/builtins.def; the
// tracer's side is compiler/trace/builtins_ops.cpp.
#include <cmath>
#include <limits>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/composite.h"

namespace tcc::interp {

namespace {


double NumArg(const Value& v, const char* what) {
  if (v.is_float()) return v.as_float();
  if (v.is_int()) return static_cast<double>(v.as_int());
  if (v.is_bool()) return Truthy(v) ? 1.0 : 0.0;
  if (v.is(OType::Tensor) && TensorOf(v).numel() == 1) {
    rt::Scalar s = TensorOf(v).item();
    return s.kind == rt::Scalar::Kind::Float ? s.f : s.kind == rt::Scalar::Kind::Int ? double(s.i) : double(s.b);
  }
  TypeErr(std::string(what) + " must be a number, not `" + TypeName(v) + "`");
}

// dim: absent/None (all), an int, or a list/tuple of ints.
sem::Dims DimList(const Value& v) {
  sem::Dims d;
  if (v.is_undef() || v.is_none()) return d;
  if (v.is(OType::List) || v.is(OType::Tuple)) {
    for (const Value& x : Materialize(v)) d.push_back(IntArg(x, "dim"));
    return d;
  }
  d.push_back(IntArg(v, "dim"));
  return d;
}

bool Flag(const Value& v, bool dflt) { return v.is_undef() || v.is_none() ? dflt : Truthy(v); }

std::optional<rt::DType> OptDType(const Value& v) {
  if (v.is_undef() || v.is_none()) return std::nullopt;
  return DTypeArg(v, "`dtype`");
}

// ---- lang/semantics/composite.h on the runtime's kernels (each result is a tensor op, as compiled)
struct RtBackend {
  using T = Value;
  static rt::BinaryOp Bin(sem::CompOp op) {
    switch (op) {
      case sem::CompOp::Add: return rt::BinaryOp::Add;
      case sem::CompOp::Sub: return rt::BinaryOp::Sub;
      case sem::CompOp::Mul: return rt::BinaryOp::Mul;
      case sem::CompOp::Div: return rt::BinaryOp::Div;
      case sem::CompOp::Pow: return rt::BinaryOp::Pow;
      case sem::CompOp::Ne: return rt::BinaryOp::Ne;
      case sem::CompOp::Sum: case sem::CompOp::Mean: case sem::CompOp::Max: case sem::CompOp::Min:
      case sem::CompOp::Exp: case sem::CompOp::Log: case sem::CompOp::Sqrt: case sem::CompOp::Abs:
      case sem::CompOp::IsInf: break;  // not binary
    }
    TypeErr("internal: not a binary op");
  }
  Value Reduce(sem::CompOp op, const Value& x, const sem::Dims& dims, bool keepdim) {
    rt::ReduceOp r = op == sem::CompOp::Sum ? rt::ReduceOp::Sum : op == sem::CompOp::Mean ? rt::ReduceOp::Mean
                     : op == sem::CompOp::Max ? rt::ReduceOp::Max : rt::ReduceOp::Min;
    return MakeTensor(rt::reduce(r, TensorOf(x), dims, keepdim));
  }
  Value Binary(sem::CompOp op, const Value& a, const Value& b) {
    rt::BinaryOp o = Bin(op);
    if (a.is(OType::Tensor) && b.is(OType::Tensor)) return MakeTensor(rt::binary(o, TensorOf(a), TensorOf(b)));
    if (a.is(OType::Tensor)) return MakeTensor(rt::binary(o, TensorOf(a), ToScalar(b, "operand")));
    return MakeTensor(rt::binary(o, ToScalar(a, "operand"), TensorOf(b)));
  }
  Value Unary(sem::CompOp op, const Value& x) {
    const rt::Tensor& t = TensorOf(x);
    switch (op) {
      case sem::CompOp::Exp: return MakeTensor(rt::unary(rt::UnaryOp::Exp, t));
      case sem::CompOp::Log: return MakeTensor(rt::unary(rt::UnaryOp::Log, t));
      case sem::CompOp::Sqrt: return MakeTensor(rt::unary(rt::UnaryOp::Sqrt, t));
      case sem::CompOp::Abs: return MakeTensor(rt::unary(rt::UnaryOp::Abs, t));
      case sem::CompOp::IsInf: return MakeTensor(rt::is_inf(t));
      case sem::CompOp::Sum: case sem::CompOp::Mean: case sem::CompOp::Max: case sem::CompOp::Min:
      case sem::CompOp::Add: case sem::CompOp::Sub: case sem::CompOp::Mul: case sem::CompOp::Div:
      case sem::CompOp::Pow: case sem::CompOp::Ne: break;  // not unary
    }
    TypeErr("internal: not a unary op");
  }
  Value Where(const Value& c, const Value& a, const Value& b) {
    auto ts = [](const Value& v) -> rt::TensorOrScalar {
      if (v.is(OType::Tensor)) return TensorOf(v);
      return ToScalar(v, "operand");
    };
    return MakeTensor(rt::where(TensorOf(c), ts(a), ts(b)));
  }
  Value Number(double v) { return Value::Float(v); }
  Value Cast(const Value& x, sem::DType t) {
    rt::DType d = t;
    if (TensorOf(x).dtype() == d) return x;
    return MakeTensor(rt::to_dtype(TensorOf(x), d));
  }
  sem::DType DTypeOf(const Value& x) { return (TensorOf(x).dtype()); }
  std::optional<double> ReducedCount(const Value& x, const sem::Dims& dims) {
    const rt::Tensor& t = TensorOf(x);
    if (dims.empty()) return static_cast<double>(t.numel());
    double n = 1;
    int64_t r = t.dim();
    for (int64_t d : dims) {
      int64_t k = d < 0 ? d + r : d;
      if (k < 0 || k >= std::max<int64_t>(r, 1))
        ThrowError(DiagKind::RtIndexError, "dimension " + std::to_string(d) + " is out of range");
      n *= r == 0 ? 1 : static_cast<double>(t.sizes()[k]);
    }
    return n;
  }
  Value Error(const std::string& msg) { TypeErr(msg); }
};

double Correction(Args& a, int pos_unbiased) {
  const Value& c = a.Get(-1, "correction");
  if (!c.is_undef() && !c.is_none()) return NumArg(c, "correction");
  return Flag(a.Get(pos_unbiased, "unbiased"), true) ? 1.0 : 0.0;
}

// var(x, dim=None, unbiased=True, keepdim=False, *, correction=None); var(x, unbiased) as torch
template <bool IsStd>
Value VarStd(Interp&, Args& a) {
  a.Check(4, {"input", "dim", "unbiased", "keepdim", "correction"});
  Value x = a.Need(0, "input");
  InputTensor(a);
  const Value& d = a.Get(1, "dim");
  RtBackend b;
  if (d.is_bool()) {  // var(x, False): the unbiased flag
    double c = Truthy(d) ? 1.0 : 0.0;
    return IsStd ? sem::Std(b, x, {}, c, false) : sem::Var(b, x, {}, c, false);
  }
  double c = Correction(a, 2);
  bool keep = Flag(a.Get(3, "keepdim"), false);
  return IsStd ? sem::Std(b, x, DimList(d), c, keep) : sem::Var(b, x, DimList(d), c, keep);
}

Value LogSumExpFn(Interp&, Args& a) {
  a.Check(3, {"input", "dim", "keepdim"});
  InputTensor(a);
  RtBackend b;
  return sem::LogSumExp(b, a.Need(0, "input"), DimList(a.Need(1, "dim")), Flag(a.Get(2, "keepdim"), false));
}

double NormP(const Value& p) {
  if (p.is_undef() || p.is_none()) return 2.0;
  if (p.is(OType::Str)) {
    const std::string& s = p.as<StrObj>()->s;
    if (s == "fro") return 2.0;
    ValueErr("norm: p='" + s + "' is not supported; use a number (2, 1, inf, ...) or 'fro'");
  }
  return NumArg(p, "p");
}

Value NormFn(Interp&, Args& a) {
  a.Check(4, {"input", "p", "dim", "keepdim"});
  InputTensor(a);
  RtBackend b;
  return sem::Norm(b, a.Need(0, "input"), NormP(a.Get(1, "p")), DimList(a.Get(2, "dim")),
                   Flag(a.Get(3, "keepdim"), false));
}

Value CountNonzeroFn(Interp&, Args& a) {
  a.Check(2, {"input", "dim"});
  InputTensor(a);
  RtBackend b;
  return sem::CountNonzero(b, a.Need(0, "input"), DimList(a.Get(1, "dim")));
}

template <bool Log>
Value SoftmaxMethod(Interp&, Args& a) {
  a.Check(3, {"dim", "dtype"});
  InputTensor(a);
  RtBackend b;
  std::optional<sem::DType> dt;
  if (auto d = OptDType(a.Get(2, "dtype"))) dt = *d;
  return sem::Softmax(b, a.pos[0], IntArg(a.Need(1, "dim"), "dim"), dt, Log);
}

// ---- elementwise
Value Square(Interp&, Args& a) {
  a.Check(1, {"input"});
  return MakeTensor(rt::binary(rt::BinaryOp::Pow, ToTensor(a.Need(0, "input"), "the input"), rt::Scalar::from_int(2)));
}
Value RoundMethod(Interp&, Args& a) {
  a.Check(2, {"decimals"});
  const Value& d = a.Get(1, "decimals");
  return MakeTensor(rt::round_decimals(InputTensor(a), d.is_undef() ? 0 : IntArg(d, "decimals")));
}
Value NanToNumFn(Interp&, Args& a) {
  a.Check(4, {"input", "nan", "posinf", "neginf"});
  auto opt = [&](int i, const char* n) -> std::optional<double> {
    const Value& v = a.Get(i, n);
    if (v.is_undef() || v.is_none()) return std::nullopt;
    return NumArg(v, n);
  };
  return MakeTensor(rt::nan_to_num(InputTensor(a), opt(1, "nan").value_or(0.0), opt(2, "posinf"), opt(3, "neginf")));
}
Value Atan2Fn(Interp&, Args& a) {
  a.Check(2, {"input", "other"});
  return MakeTensor(rt::binary(rt::BinaryOp::Atan2, ToTensor(a.Need(0, "input"), "the input"),
                               ToTensor(a.Need(1, "other"), "other")));
}
Value LerpFn(Interp&, Args& a) {
  a.Check(3, {"input", "end", "weight"});
  const Value& w = a.Need(2, "weight");
  rt::TensorOrScalar wv = w.is(OType::Tensor) ? rt::TensorOrScalar(TensorOf(w)) : rt::TensorOrScalar(ToScalar(w, "weight"));
  return MakeTensor(rt::lerp(InputTensor(a), ToTensor(a.Need(1, "end"), "end"), wv));
}

template <rt::ReduceOp Op>
Value AReduce(Interp&, Args& a) {
  a.Check(3, {"input", "dim", "keepdim"});
  return MakeTensor(rt::reduce(Op, InputTensor(a), DimList(a.Get(1, "dim")), Flag(a.Get(2, "keepdim"), false)));
}

template <rt::ScanOp Op>
Value ScanFn(Interp&, Args& a) {
  a.Check(2, {"input", "dim", "dtype"});
  return MakeTensor(rt::scan(Op, InputTensor(a), IntArg(a.Need(1, "dim"), "dim"), OptDType(a.Get(-1, "dtype"))));
}

// ---- in place: the tensor itself changes and is returned (one tensor op, as `x += y`)
template <rt::BinaryOp Op>
Value InPlaceBinary(Interp&, Args& a) {
  a.Check(2, {"other", "alpha"});
  const rt::Tensor& self = InputTensor(a);
  Value other = a.Need(1, "other");
  const Value& alpha = a.Get(-1, "alpha");
  if (!alpha.is_undef()) {
    if (Op != rt::BinaryOp::Add && Op != rt::BinaryOp::Sub) TypeErr(std::string("`") + a.fname + "()` takes no alpha");
    // alpha scales `other` in the operation's dtype (it does not promote)
    rt::DType t = other.is(OType::Tensor) ? rt::result_type(self, TensorOf(other)) : rt::result_type(self, ToScalar(other, "other"));
    rt::Tensor o = ToTensor(other, "other");
    other = MakeTensor(rt::to_dtype(rt::binary(rt::BinaryOp::Mul, o, ToScalar(alpha, "alpha")), t));
  }
  if (other.is(OType::Tensor)) rt::binary_inplace(Op, self, TensorOf(other));
  else rt::binary_inplace(Op, self, ToScalar(other, "other"));
  CountTensorOp();
  return a.pos[0];
}
Value ClampInPlace(Interp&, Args& a) {
  a.Check(3, {"min", "max"});
  const rt::Tensor& self = InputTensor(a);
  auto bound = [&](int i, const char* n) -> std::optional<rt::TensorOrScalar> {
    const Value& v = a.Get(i, n);
    if (v.is_undef() || v.is_none()) return std::nullopt;
    if (v.is(OType::Tensor)) return rt::TensorOrScalar(TensorOf(v));
    return rt::TensorOrScalar(ToScalar(v, n));
  };
  auto lo = bound(1, "min"), hi = bound(2, "max");
  if (!lo && !hi) ValueErr("`clamp_()` needs at least one of `min` and `max`");
  rt::Tensor r = rt::clamp(self, lo, hi);
  if (!sem::InPlaceFits(r.dtype(), self.dtype()))
    TypeErr(std::string("result type ") + rt::dtype_name(r.dtype()) + " can't be cast to the desired output type " +
            rt::dtype_name(self.dtype()));
  rt::copy_into(self, r);
  CountTensorOp();
  return a.pos[0];
}
Value ZeroInPlace(Interp&, Args& a) {
  a.Check(1, {});
  rt::fill(InputTensor(a), rt::Scalar::from_int(0));
  CountTensorOp();
  return a.pos[0];
}
Value FillInPlace(Interp&, Args& a) {
  a.Check(2, {"value"});
  const Value& v = a.Need(1, "value");
  rt::Scalar s = v.is(OType::Tensor) ? TensorOf(v).item() : ToScalar(v, "value");
  rt::fill(InputTensor(a), s);
  CountTensorOp();
  return a.pos[0];
}
Value CopyInPlace(Interp&, Args& a) {
  a.Check(2, {"src"});
  rt::copy_into(InputTensor(a), ToTensor(a.Need(1, "src"), "src"));
  CountTensorOp();
  return a.pos[0];
}
// uniform_(from, to) / normal_(mean, std): torch's draws (runtime/tensor/random.cpp)
template <bool kNormal> Value RandomInPlace(Interp&, Args& a) {
  if (kNormal) a.Check(3, {"mean", "std"});
  else a.Check(3, {"from", "to"});
  const rt::Tensor& t = InputTensor(a);
  if (!rt::is_floating(t.dtype()))
    ThrowError(DiagKind::RtTypeError, std::string(kNormal ? "normal_" : "uniform_") + " expects a float tensor, got " +
                                          rt::dtype_name(t.dtype()));
  const Value& p0 = a.Get(1, kNormal ? "mean" : "from");
  const Value& p1 = a.Get(2, kNormal ? "std" : "to");
  double x0 = p0.is_undef() ? 0.0 : ToScalar(p0, kNormal ? "mean" : "from").to_double();
  double x1 = p1.is_undef() ? 1.0 : ToScalar(p1, kNormal ? "std" : "to").to_double();
  if (kNormal && x1 < 0) ThrowError(DiagKind::RtValueError, "normal_ expects std >= 0.0, but found std " + FormatFloat(x1));
  rt::Tensor fresh = rt::Tensor::empty(t.sizes(), t.dtype());
  if (kNormal) rt::fill_normal(fresh.data<char>(), t.dtype(), fresh.numel(), x0, x1);
  else rt::fill_uniform(fresh.data<char>(), t.dtype(), fresh.numel(), x0, x1);
  rt::copy_into(t, fresh);
  CountTensorOp();
  return a.pos[0];
}

// ---- constructors from a tensor: its dtype unless dtype= is given
rt::Dims SizeArgs(Args& a, int first, int count) {
  if (count <= 0) {
    const Value& v = a.Get(-1, "size");
    if (v.is_undef()) return {};
    return ShapeArgs(&v, 1, "size");
  }
  return ShapeArgs(a.pos + first, count, "size");
}
template <int Fill>
Value NewFilled(Interp&, Args& a) {
  a.Check(1 + rt::kMaxDims, {"size", "dtype"});
  const rt::Tensor& self = InputTensor(a);
  rt::DType dt = OptDType(a.Get(-1, "dtype")).value_or(self.dtype());
  rt::Dims shape = SizeArgs(a, 1, a.npos - 1);
  return MakeTensor(Fill ? rt::ones(shape, dt) : rt::zeros(shape, dt));
}
Value NewFull(Interp&, Args& a) {
  a.Check(3, {"size", "fill_value", "dtype"});
  const rt::Tensor& self = InputTensor(a);
  rt::DType dt = OptDType(a.Get(-1, "dtype")).value_or(self.dtype());
  const Value& size = a.Need(1, "size");
  return MakeTensor(rt::full(ShapeArgs(&size, 1, "size"), ToScalar(a.Need(2, "fill_value"), "fill_value"), dt));
}
Value NewTensor(Interp&, Args& a) {
  a.Check(2, {"data", "dtype"});
  const rt::Tensor& self = InputTensor(a);
  rt::DType dt = OptDType(a.Get(-1, "dtype")).value_or(self.dtype());
  const Value& d = a.Need(1, "data");
  if (d.is(OType::Tensor)) return MakeTensor(rt::clone(rt::to_dtype(TensorOf(d), dt)));
  return MakeTensor(rt::tensor_from(ValueToNested(d), dt));
}
Value TypeAs(Interp&, Args& a) {
  a.Check(2, {"other"});
  const Value& o = a.Need(1, "other");
  if (!o.is(OType::Tensor)) TypeErr("`type_as()` needs a tensor");
  return MakeTensor(rt::to_dtype(InputTensor(a), TensorOf(o).dtype()));
}

}  // namespace

// Appended to TensorFunctionTable (builtins_tensor.cpp): functions and methods alike.
const std::vector<std::pair<const char*, BuiltinFn>>& OpsFunctionTable() {
  static const std::vector<std::pair<const char*, BuiltinFn>> table = {
      {"round", RoundMethod}, {"square", Square},
      {"nan_to_num", NanToNumFn}, {"atan2", Atan2Fn}, {"lerp", LerpFn},
      {"amax", AReduce<rt::ReduceOp::Max>}, {"amin", AReduce<rt::ReduceOp::Min>},
      {"logsumexp", LogSumExpFn}, {"var", VarStd<false>}, {"std", VarStd<true>}, {"norm", NormFn},
      {"count_nonzero", CountNonzeroFn}, {"softmax", SoftmaxMethod<false>}, {"log_softmax", SoftmaxMethod<true>},
      {"cumsum", ScanFn<rt::ScanOp::CumSum>}, {"cumprod", ScanFn<rt::ScanOp::CumProd>},
      {"add_", InPlaceBinary<rt::BinaryOp::Add>}, {"sub_", InPlaceBinary<rt::BinaryOp::Sub>},
      {"mul_", InPlaceBinary<rt::BinaryOp::Mul>}, {"div_", InPlaceBinary<rt::BinaryOp::Div>},
      {"clamp_", ClampInPlace}, {"zero_", ZeroInPlace}, {"fill_", FillInPlace}, {"copy_", CopyInPlace},
      {"uniform_", RandomInPlace<false>}, {"normal_", RandomInPlace<true>},
      {"new_zeros", NewFilled<0>}, {"new_ones", NewFilled<1>}, {"new_empty", NewFilled<0>},
      {"new_full", NewFull}, {"new_tensor", NewTensor}, {"type_as", TypeAs},
  };
  return table;
}

}  // namespace tcc::interp
