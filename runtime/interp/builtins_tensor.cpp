// Implements the tensor builtins that take a tensor first: elementwise
// functions, reductions, matmul, shape operations, joins and conversions.
// Each works as a function (`sum(x, dim=1)`) and, through
// TensorFunctionTable, as a method (`x.sum(1)`) with the receiver first.
// Creation functions and I/O are in builtins_create.cpp.
#include <algorithm>
#include <string_view>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/builtins.h"
#include "semantics/op_select.h"

namespace tcc::interp {

namespace {

const rt::Tensor& Self(Args& a) {
  const Value& v = a.Need(0, "input");
  if (!v.is(OType::Tensor)) TypeErr(std::string("`") + a.fname + "()` needs a tensor, not `" + TypeName(v) + "`");
  return TensorOf(v);
}

template <rt::UnaryOp Op>
Value Unary(Interp&, Args& a) {
  a.Check(1, {"input"});
  return MakeTensor(rt::unary(Op, ToTensor(a.Need(0, "input"), "the input")));
}

// dim argument: None, an int, or a list/tuple of ints.
rt::Dims DimsArg(const Value& v) {
  rt::Dims d;
  if (v.is_undef() || v.is_none()) return d;
  if (v.is(OType::List) || v.is(OType::Tuple)) return ShapeArgs(&v, 1, "dim");
  d.push_back(IntArg(v, "dim"));
  return d;
}

rt::TensorOrScalar TensorOrScalarArg(const Value& v, const char* what) {
  if (v.is_number()) return ToScalar(v, what);
  return ToTensor(v, what);
}

template <rt::BinaryOp Op>
Value Binary(Interp&, Args& a) {
  if constexpr (Op == rt::BinaryOp::Add || Op == rt::BinaryOp::Sub) a.Check(2, {"input", "other", "alpha"});
  else a.Check(2, {"input", "other"});
  Value x = a.Need(0, "input");
  Value y = a.Need(1, "other");
  const Value& alpha = a.Get(-1, "alpha");
  if (!alpha.is_undef() && (Op == rt::BinaryOp::Add || Op == rt::BinaryOp::Sub)) {
    // alpha scales `other` in the result's dtype (it does not promote), as add_'s alpha
    rt::Tensor xt = ToTensor(x, "input");
    rt::DType t = y.is(OType::Tensor) ? rt::result_type(xt, TensorOf(y)) : rt::result_type(xt, ToScalar(y, "other"));
    y = MakeTensor(rt::to_dtype(rt::binary(rt::BinaryOp::Mul, ToTensor(y, "other"), ToScalar(alpha, "alpha")), t));
  } else if (!alpha.is_undef()) {
    TypeErr(std::string("`") + a.fname + "()` got an unexpected keyword argument `alpha`");
  }
  if (x.is(OType::Tensor) && y.is(OType::Tensor)) return MakeTensor(rt::binary(Op, TensorOf(x), TensorOf(y)));
  if (x.is(OType::Tensor)) return MakeTensor(rt::binary(Op, TensorOf(x), ToScalar(y, "other")));
  if (y.is(OType::Tensor)) return MakeTensor(rt::binary(Op, ToScalar(x, "input"), TensorOf(y)));
  return MakeTensor(rt::binary(Op, ToTensor(x, "input"), ToScalar(y, "other")));
}

}  // namespace

Value NonzeroTuple(const rt::Tensor& x);  // builtins_sort.cpp

namespace {

// logical_and/or/xor (sem::LogicalOperands): the operands as bool, then & | ^.
template <rt::BinaryOp Op>
Value LogicalBinary(Interp&, Args& a) {
  a.Check(2, {"input", "other"});
  auto as_bool = [&](const Value& v, const char* what) {
    return rt::to_dtype(ToTensor(v, what), rt::DType::Bool);
  };
  return MakeTensor(rt::binary(Op, as_bool(a.Need(0, "input"), "input"), as_bool(a.Need(1, "other"), "other")));
}

Value Where(Interp&, Args& a) {
  if (a.npos == 1 && a.nkw == 0) return NonzeroTuple(ToTensor(a.pos[0], "the condition"));  // where(c): nonzero(c, as_tuple=True)
  a.Check(3, {"condition", "input", "other"});
  rt::Tensor cond = ToTensor(a.Need(0, "condition"), "the condition");
  return MakeTensor(rt::where(cond, TensorOrScalarArg(a.Need(1, "input"), "input"),
                              TensorOrScalarArg(a.Need(2, "other"), "other")));
}

}  // namespace

// x.where(condition, y) is where(condition, x, y), as in torch.
Value WhereMethod(Interp&, Args& a) {
  a.Check(3, {"condition", "other"});
  rt::Tensor cond = ToTensor(a.Need(1, "condition"), "the condition");
  return MakeTensor(rt::where(cond, TensorOrScalarArg(a.pos[0], "self"), TensorOrScalarArg(a.Need(2, "other"), "other")));
}

namespace {

Value Clamp(Interp&, Args& a) {
  a.Check(3, {"input", "min", "max"});
  std::optional<rt::TensorOrScalar> lo, hi;
  const Value& l = a.Get(1, "min");
  const Value& h = a.Get(2, "max");
  if (!l.is_undef() && !l.is_none()) lo = TensorOrScalarArg(l, "min");
  if (!h.is_undef() && !h.is_none()) hi = TensorOrScalarArg(h, "max");
  if (!lo && !hi) ValueErr("`clamp()` needs at least one of `min` and `max`");
  return MakeTensor(rt::clamp(ToTensor(a.Need(0, "input"), "the input"), lo, hi));
}

template <rt::ReduceOp Op>
Value Reduce(Interp&, Args& a) {
  a.Check(3, {"input", "dim", "keepdim", "dtype"});
  const Value& k = a.Get(2, "keepdim");
  bool keepdim = !k.is_undef() && Truthy(k);
  rt::Dims dims = DimsArg(a.Get(1, "dim"));
  const Value& dt = a.Get(-1, "dtype");  // sum/mean/prod(..., dtype=): the input is cast first, as torch
  if (!dt.is_undef() && !dt.is_none()) {
    if (Op != rt::ReduceOp::Sum && Op != rt::ReduceOp::Mean && Op != rt::ReduceOp::Prod)
      TypeErr(std::string("`") + a.fname + "()` takes no dtype");
    return MakeTensor(rt::reduce(Op, rt::to_dtype(Self(a), DTypeArg(dt, "`dtype`")), dims, keepdim));
  }
  return MakeTensor(rt::reduce(Op, Self(a), dims, keepdim));
}

Value Matmul(Interp&, Args& a) {
  a.Check(2, {"input", "other"});
  return MakeTensor(rt::matmul(Self(a), ToTensor(a.Need(1, "other"), "other")));
}

Value Transpose(Interp&, Args& a) {
  a.Check(3, {"input", "dim0", "dim1"});
  return MakeTensor(rt::transpose(Self(a), IntArg(a.Need(1, "dim0"), "dim0"), IntArg(a.Need(2, "dim1"), "dim1")));
}

rt::Dims RestShape(Args& a, const char* kw, const char* what) {
  if (a.npos <= 1) {
    const Value& v = a.Get(-1, kw);
    if (v.is_undef()) ThrowError(DiagKind::RtArgumentError, std::string("`") + a.fname + "()` missing `" + kw + "`");
    return ShapeArgs(&v, 1, what);
  }
  return ShapeArgs(a.pos + 1, a.npos - 1, what);
}

Value Permute(Interp&, Args& a) {
  a.Check(1 + rt::kMaxDims, {"input", "dims"});
  return MakeTensor(rt::permute(Self(a), RestShape(a, "dims", "permute")));
}
Value Reshape(Interp&, Args& a) {
  a.Check(1 + rt::kMaxDims, {"input", "shape"});
  return MakeTensor(rt::reshape(Self(a), RestShape(a, "shape", "reshape")));
}
Value View(Interp&, Args& a) {
  a.Check(1 + rt::kMaxDims, {"input", "shape"});
  return MakeTensor(rt::view(Self(a), RestShape(a, "shape", "view")));
}
Value Expand(Interp&, Args& a) {
  a.Check(1 + rt::kMaxDims, {"input", "size"});
  return MakeTensor(rt::expand(Self(a), RestShape(a, "size", "expand")));
}
Value Flatten(Interp&, Args& a) {
  a.Check(3, {"input", "start_dim", "end_dim"});
  const Value& s = a.Get(1, "start_dim");
  const Value& e = a.Get(2, "end_dim");
  return MakeTensor(rt::flatten(Self(a), s.is_undef() ? 0 : IntArg(s, "start_dim"), e.is_undef() ? -1 : IntArg(e, "end_dim")));
}
Value Squeeze(Interp&, Args& a) {
  a.Check(2, {"input", "dim"});
  const Value& d = a.Get(1, "dim");
  if (d.is_undef() || d.is_none()) return MakeTensor(rt::squeeze(Self(a)));
  return MakeTensor(rt::squeeze(Self(a), IntArg(d, "dim")));
}
Value Unsqueeze(Interp&, Args& a) {
  a.Check(2, {"input", "dim"});
  return MakeTensor(rt::unsqueeze(Self(a), IntArg(a.Need(1, "dim"), "dim")));
}

std::vector<rt::Tensor> TensorList(const Value& v, const char* fname) {
  if (!v.is(OType::List) && !v.is(OType::Tuple)) {
    TypeErr(std::string("`") + fname + "()` takes a list of tensors, not `" + TypeName(v) + "`");
  }
  std::vector<rt::Tensor> out;
  for (auto& x : Materialize(v)) out.push_back(ToTensor(x, "each item"));
  if (out.empty()) ValueErr(std::string("`") + fname + "()` needs at least one tensor");
  return out;
}

Value Cat(Interp&, Args& a) {
  a.Check(2, {"tensors", "dim"});
  const Value& d = a.Get(1, "dim");
  return MakeTensor(rt::cat(TensorList(a.Need(0, "tensors"), "cat"), d.is_undef() ? 0 : IntArg(d, "dim")));
}
Value Stack(Interp&, Args& a) {
  a.Check(2, {"tensors", "dim"});
  const Value& d = a.Get(1, "dim");
  return MakeTensor(rt::stack(TensorList(a.Need(0, "tensors"), "stack"), d.is_undef() ? 0 : IntArg(d, "dim")));
}
Value Contiguous(Interp&, Args& a) { a.Check(1, {}); return MakeTensor(rt::contiguous(Self(a))); }
Value Clone(Interp&, Args& a) { a.Check(1, {}); return MakeTensor(rt::clone(Self(a))); }

Value LogicalNot(Interp&, Args& a) {
  a.Check(1, {"input"});
  return MakeTensor(rt::unary(rt::UnaryOp::Not, rt::to_dtype(ToTensor(a.Need(0, "input"), "the input"), rt::DType::Bool)));
}
Value Detach(Interp&, Args& a) { a.Check(1, {}); return MakeTensor(Self(a)); }
Value TwoDimT(Interp&, Args& a) {
  a.Check(1, {});
  if (Self(a).dim() > 2) ValueErr("`t()` expects a tensor with at most 2 dimensions; use `transpose` or `permute`");
  return MakeTensor(rt::t_T(Self(a)));
}
const rt::Tensor& Other(Args& a) {
  const Value& v = a.Need(1, "other");
  if (!v.is(OType::Tensor)) TypeErr(std::string("`") + a.fname + "()` needs a tensor argument, not `" + TypeName(v) + "`");
  return TensorOf(v);
}
Value ExpandAs(Interp&, Args& a) { a.Check(2, {"other"}); return MakeTensor(rt::expand(Self(a), Other(a).sizes())); }
Value ReshapeAs(Interp&, Args& a) { a.Check(2, {"other"}); return MakeTensor(rt::reshape(Self(a), Other(a).sizes())); }
Value ViewAs(Interp&, Args& a) { a.Check(2, {"other"}); return MakeTensor(rt::view(Self(a), Other(a).sizes())); }

Value Item(Interp&, Args& a) { a.Check(1, {}); return FromScalar(Self(a).item()); }
Value Tolist(Interp&, Args& a) { a.Check(1, {}); return NestedToValue(rt::tolist(Self(a))); }
Value Numel(Interp&, Args& a) { a.Check(1, {}); return Value::Int(Self(a).numel()); }

}  // namespace

// Shared with builtins_core.cpp (abs/min/max/sum accept numbers too).
Value TensorUnaryBuiltin(Args& a, rt::UnaryOp op) {
  return MakeTensor(rt::unary(op, ToTensor(a.Need(0, "input"), "the input")));
}

Value TensorReduceBuiltin(Interp& in, Args& a, rt::ReduceOp op) {
  switch (op) {
    case rt::ReduceOp::Sum: return Reduce<rt::ReduceOp::Sum>(in, a);
    case rt::ReduceOp::All: return Reduce<rt::ReduceOp::All>(in, a);
    case rt::ReduceOp::Any: return Reduce<rt::ReduceOp::Any>(in, a);
    case rt::ReduceOp::Mean: return Reduce<rt::ReduceOp::Mean>(in, a);
    case rt::ReduceOp::Max: case rt::ReduceOp::Min: case rt::ReduceOp::Prod: case rt::ReduceOp::ArgMax:
    case rt::ReduceOp::ArgMin:
      break;  // the Python builtins sum(), any() and all() reach here; max/min have their own paths
  }
  return Reduce<rt::ReduceOp::Mean>(in, a);
}

Value TensorMinMaxWithDim(const rt::Tensor& x, int64_t dim, bool keepdim, bool is_max);  // builtins_index.cpp

// max(x) -> the value; max(x, dim, keepdim) -> (values, indices), a named
// tuple as torch's; max(a, b) with a tensor or float b -> maximum.
Value TensorMinMaxBuiltin(Interp& in, Args& a, bool is_max) {
  const Value& second = a.Get(1, "other");
  if (a.npos >= 2 && (second.is(OType::Tensor) || second.is_float())) {
    return is_max ? Binary<rt::BinaryOp::Maximum>(in, a) : Binary<rt::BinaryOp::Minimum>(in, a);
  }
  const Value& dim = a.Get(1, "dim");
  if (!dim.is_undef() && !dim.is_none() && !dim.is(OType::List) && !dim.is(OType::Tuple)) {
    a.Check(3, {"input", "dim", "keepdim"});
    const Value& k = a.Get(2, "keepdim");
    return TensorMinMaxWithDim(Self(a), IntArg(dim, "dim"), !k.is_undef() && Truthy(k), is_max);
  }
  return is_max ? Reduce<rt::ReduceOp::Max>(in, a) : Reduce<rt::ReduceOp::Min>(in, a);
}

namespace {
Value TensorMaxFn(Interp& in, Args& a) { return TensorMinMaxBuiltin(in, a, true); }
Value TensorMinFn(Interp& in, Args& a) { return TensorMinMaxBuiltin(in, a, false); }
}  // namespace

const std::vector<std::pair<const char*, BuiltinFn>>& IndexFunctionTable();  // builtins_index.cpp
const std::vector<std::pair<const char*, BuiltinFn>>& OpsFunctionTable();  // builtins_ops.cpp (issue 11)
const std::vector<std::pair<const char*, BuiltinFn>>& SortFunctionTable();  // builtins_sort.cpp
Value EinsumBuiltin(Interp&, Args& a);                                       // builtins_sort.cpp

namespace {

// Every Unary row of builtins.def taking just `(input)` is rt::unary of its
// op (ops.def's row of the same name): no hand-written entry. Rows with more
// parameters (round, nan_to_num) or another meaning (logical_not converts to
// bool first) have their own entries, which come first.
void AddUnaryRows(std::vector<std::pair<const char*, BuiltinFn>>& t) {
  static const std::pair<sem::OpKind, BuiltinFn> kByOp[] = {
#define TCC_PICKED(Name) {sem::OpKind::Name, Unary<rt::UnaryOp::Name>},
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_UNARY)(Name)
#include "semantics/ops.def"
#undef TCC_PICKED
  };
  for (const sem::BuiltinInfo& row : sem::kBuiltins) {
    std::string_view sig(row.signature);
    if (row.rule != sem::BuiltinRule::Unary || !(sig == "(input)" || sig.starts_with("(input);"))) continue;
    if (std::any_of(t.begin(), t.end(), [&](const auto& e) { return row.name == std::string_view(e.first); })) continue;
    for (const auto& [op, fn] : kByOp)
      if (op == row.op) t.emplace_back(row.name, fn);
  }
}

}  // namespace

const std::vector<std::pair<const char*, BuiltinFn>>& TensorFunctionTable() {
  static const std::vector<std::pair<const char*, BuiltinFn>> base = {
      {"maximum", Binary<rt::BinaryOp::Maximum>}, {"minimum", Binary<rt::BinaryOp::Minimum>},
      {"pow", Binary<rt::BinaryOp::Pow>}, {"add", Binary<rt::BinaryOp::Add>}, {"sub", Binary<rt::BinaryOp::Sub>},
      {"mul", Binary<rt::BinaryOp::Mul>}, {"div", Binary<rt::BinaryOp::Div>},
      {"eq", Binary<rt::BinaryOp::Eq>}, {"ne", Binary<rt::BinaryOp::Ne>}, {"lt", Binary<rt::BinaryOp::Lt>},
      {"le", Binary<rt::BinaryOp::Le>}, {"gt", Binary<rt::BinaryOp::Gt>}, {"ge", Binary<rt::BinaryOp::Ge>},
      {"logical_and", LogicalBinary<rt::BinaryOp::And>}, {"logical_or", LogicalBinary<rt::BinaryOp::Or>},
      {"logical_xor", LogicalBinary<rt::BinaryOp::Xor>}, {"bitwise_and", Binary<rt::BinaryOp::And>},
      {"bitwise_or", Binary<rt::BinaryOp::Or>}, {"bitwise_xor", Binary<rt::BinaryOp::Xor>},
      {"floor_divide", Binary<rt::BinaryOp::FloorDiv>},
      {"remainder", Binary<rt::BinaryOp::Mod>},
      {"where", Where}, {"clamp", Clamp},
      {"sum", Reduce<rt::ReduceOp::Sum>}, {"mean", Reduce<rt::ReduceOp::Mean>}, {"max", TensorMaxFn}, {"min", TensorMinFn},
      {"prod", Reduce<rt::ReduceOp::Prod>}, {"argmax", Reduce<rt::ReduceOp::ArgMax>},
      {"argmin", Reduce<rt::ReduceOp::ArgMin>}, {"all", Reduce<rt::ReduceOp::All>}, {"any", Reduce<rt::ReduceOp::Any>},
      {"matmul", Matmul}, {"transpose", Transpose}, {"permute", Permute}, {"reshape", Reshape}, {"view", View},
      {"expand", Expand}, {"flatten", Flatten}, {"squeeze", Squeeze}, {"unsqueeze", Unsqueeze},
      {"contiguous", Contiguous}, {"clone", Clone}, {"logical_not", LogicalNot}, {"detach", Detach},
      {"t", TwoDimT}, {"expand_as", ExpandAs}, {"reshape_as", ReshapeAs}, {"view_as", ViewAs}, {"item", Item}, {"tolist", Tolist}, {"numel", Numel},
  };
  static const std::vector<std::pair<const char*, BuiltinFn>> table = [] {
    auto t = base;
    t.insert(t.end(), OpsFunctionTable().begin(), OpsFunctionTable().end());
    AddUnaryRows(t);
    t.insert(t.end(), IndexFunctionTable().begin(), IndexFunctionTable().end());
    t.insert(t.end(), SortFunctionTable().begin(), SortFunctionTable().end());
    return t;
  }();
  return table;
}

// Registered as globals by lang/semantics/builtins.def's forms: method-only rows
// (`x.t()`, `x.item()`) are not functions, and the Python builtins (`abs`,
// `max`, `sum`, ...) stay the Python-level functions, which forward tensors here.
void RegisterTensorFunctions(BuiltinTable& t) {
  for (auto& [name, fn] : TensorFunctionTable()) {
    const sem::BuiltinInfo* row = sem::FindBuiltin(name);
    if (row && (!sem::HasFunctionForm(row->form) || sem::IsPythonLevel(row->form))) continue;
    t.AddFn(name, fn);
  }
  t.AddFn("cat", Cat);
  t.AddFn("stack", Stack);
  t.AddFn("einsum", EinsumBuiltin);
}

}  // namespace tcc::interp
