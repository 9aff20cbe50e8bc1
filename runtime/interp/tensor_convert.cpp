// Implements conversions between interpreter Values and the tensor library's
// types (Scalar, Nested, Dims, DType), and the mapping of TensorError
// messages to run-time error kinds.
#include <cstring>

#include "interp/interpreter.h"
#include "interp/pynumber.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

namespace {
// TensorObj's free list: a plain array per thread (nothing to destroy at
// thread exit; a thread's few blocks stay with it, as the tensor library's
// block cache does). Off under AddressSanitizer, so it sees every free.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kPooled = 0;
#else
constexpr int kPooled = 16;
#endif
struct TensorObjPool {
  void* p[kPooled > 0 ? kPooled : 1];
  int n;
};
thread_local TensorObjPool t_pool{};
}  // namespace

void* TensorObj::operator new(size_t bytes) {
  if (bytes == sizeof(TensorObj) && t_pool.n > 0) return t_pool.p[--t_pool.n];
  return ::operator new(bytes);
}

void TensorObj::operator delete(void* p, size_t bytes) noexcept {
  if (bytes == sizeof(TensorObj) && t_pool.n < kPooled) {
    t_pool.p[t_pool.n++] = p;
    return;
  }
  ::operator delete(p);
}

bool IsScalar(const Value& v) { return v.is_number(); }

rt::Scalar ToScalar(const Value& v, const char* what) {
  if (v.is_bool()) return rt::Scalar::from_bool(v.as_bool());
  if (v.is_int()) return rt::Scalar::from_int(v.as_int());
  if (v.is_float()) return rt::Scalar::from_float(v.as_float());
  if (v.is(OType::Tensor)) return TensorOf(v).item();
  CheckNotBigTensorScalar(v);
  TypeErr(std::string(what) + " must be a number, not `" + TypeName(v) + "`");
}

Value FromScalar(rt::Scalar s) {
  switch (s.kind) {
    case rt::Scalar::Kind::Bool: return Value::Bool(s.b);
    case rt::Scalar::Kind::Int: return Value::Int(s.i);
    case rt::Scalar::Kind::Float: return Value::Float(s.f);
  }
  return Value::None();
}

rt::Nested ValueToNested(const Value& v) {
  if (v.is(OType::List) || v.is(OType::Tuple)) {
    const auto& items = v.is(OType::List) ? v.as<ListObj>()->items : v.as<TupleObj>()->items;
    std::vector<rt::Nested> out;
    out.reserve(items.size());
    for (auto& x : items) out.push_back(ValueToNested(x));
    return rt::Nested::list(std::move(out));
  }
  if (v.is(OType::Tensor)) return rt::tolist(TensorOf(v));
  if (v.is_number()) return rt::Nested::leaf(ToScalar(v, "a tensor element"));
  TypeErr("a tensor element must be a number, a list or a tensor, not `" + TypeName(v) + "`");
}

Value NestedToValue(const rt::Nested& n) {
  if (!n.is_list) return FromScalar(n.scalar);
  std::vector<Value> out;
  out.reserve(n.items.size());
  for (auto& x : n.items) out.push_back(NestedToValue(x));
  return MakeList(std::move(out));
}

const rt::Tensor& InputTensor(Args& a) {
  const Value& v = a.Need(0, "input");
  if (!v.is(OType::Tensor)) TypeErr(std::string("`") + a.fname + "()` needs a tensor, not `" + TypeName(v) + "`");
  return TensorOf(v);
}

rt::Tensor ToTensor(const Value& v, const char* what) {
  if (v.is(OType::Tensor)) return TensorOf(v);
  if (v.is_number()) return rt::Tensor::scalar(ToScalar(v, what));
  if (v.is(OType::List) || v.is(OType::Tuple)) return rt::tensor_from(ValueToNested(v));
  TypeErr(std::string(what) + " must be a tensor, not `" + TypeName(v) + "`");
}

rt::DType DTypeArg(const Value& v, const char* what) {
  if (v.is(OType::DType)) return static_cast<rt::DType>(v.as<DTypeObj>()->dtype);
  if (v.is(OType::Builtin)) {  // `bool`, `int`, `float` as dtypes, as torch reads them
    if (auto d = sem::DTypeOfPyType(v.as<BuiltinObj>()->name)) return *d;
  }
  if (v.is(OType::Str)) {
    rt::DType d;
    if (rt::dtype_from_name(v.as<StrObj>()->s, &d)) return d;
  }
  TypeErr(std::string(what) + " must be a dtype such as `float32` or `int64`, not `" + TypeName(v) + "`");
}

Value MakeDType(rt::DType d) {
  static Value cache[5] = {
      Value::Obj(new DTypeObj(0)), Value::Obj(new DTypeObj(1)), Value::Obj(new DTypeObj(2)),
      Value::Obj(new DTypeObj(3)), Value::Obj(new DTypeObj(4))};
  return cache[static_cast<int>(d)];
}

int64_t IntArg(const Value& v, const char* what) {
  if (v.is_int() || v.is_bool()) return v.to_int();
  if (v.is(OType::Tensor)) {
    const rt::Tensor& t = TensorOf(v);
    if (t.numel() == 1 && !rt::is_floating(t.dtype())) return t.item().to_int();
  }
  CheckNotBigInt(v);
  TypeErr(std::string(what) + " must be an integer, not `" + TypeName(v) + "`");
}

rt::Dims ShapeArgs(const Value* pos, int32_t n, const char* what) {
  rt::Dims d;
  if (n == 1 && (pos[0].is(OType::List) || pos[0].is(OType::Tuple))) {
    const auto& items = pos[0].is(OType::List) ? pos[0].as<ListObj>()->items : pos[0].as<TupleObj>()->items;
    if (items.size() > static_cast<size_t>(rt::kMaxDims)) ValueErr(std::string(what) + ": too many dimensions");
    for (auto& x : items) d.push_back(IntArg(x, "a dimension size"));
    return d;
  }
  if (n > rt::kMaxDims) ValueErr(std::string(what) + ": too many dimensions");
  for (int32_t i = 0; i < n; ++i) d.push_back(IntArg(pos[i], "a dimension size"));
  return d;
}

void RethrowTensorError(const std::exception& e) {
  std::string m = e.what();
  auto has = [&](const char* s) { return m.find(s) != std::string::npos; };
  DiagKind k = DiagKind::RtValueError;
  if (has("division by zero") || has("modulo by zero")) k = DiagKind::RtZeroDivision;
  else if (has("load:") || has("save:") || has(".npy")) k = DiagKind::RtFileError;
  else if (has("out of range") || has("too many indices")) k = DiagKind::RtIndexError;
  else if (has("dtype") || has("result type") || has("floating point")) k = DiagKind::RtDTypeError;
  else if (has("shape") || has("broadcast") || has("dimension") || has("matmul") || has("size")) k = DiagKind::RtShapeError;
  std::string hint;
  if (has("broadcast")) hint = "shapes broadcast when, aligned from the right, each pair of sizes is equal or one of them is 1";
  else if (has("inner dimensions")) hint = "for `a @ b` the last dimension of `a` must equal the second-to-last of `b`";
  throw TsError(k, m, hint);
}

}  // namespace tcc::interp
