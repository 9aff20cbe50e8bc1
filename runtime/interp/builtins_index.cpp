// Implements the index and shape builtins of lang/semantics/builtins.def's Index
// and Shape rows (gather, index_select, flip, narrow, chunk, split, unbind,
// roll, repeat, repeat_interleave, tril, triu, diag, outer, dot, masked_fill;
// sort and scatter are in builtins_sort.cpp) and max/min with a dimension,
// which give the named tuple (values, indices). Sizes follow lang/semantics/shape_ops.h, as
// the tracer's do. Each works as a function and as a method (receiver first).
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/shape_ops.h"

namespace tcc::interp {

namespace {


int64_t DimOf(Args& a, int32_t i, const char* name, int64_t rank, int64_t dflt, bool required = false) {
  const Value& v = required ? a.Need(i, name) : a.Get(i, name);
  int64_t d = v.is_undef() || v.is_none() ? dflt : IntArg(v, name);
  auto n = sem::NormDim(d, rank);
  if (!n)
    ThrowError(DiagKind::RtIndexError, std::string("`") + a.fname + "()`: dimension " + std::to_string(d) +
                                           " is out of range for a tensor of " + std::to_string(rank) + " dimensions");
  return *n;
}


std::vector<int64_t> IntList(const Value& v, const char* what) {
  std::vector<int64_t> out;
  if (v.is(OType::List) || v.is(OType::Tuple)) {
    for (int64_t x : ShapeArgs(&v, 1, what)) out.push_back(x);
  } else {
    out.push_back(IntArg(v, what));
  }
  return out;
}

rt::Tensor Narrow(const rt::Tensor& x, int64_t dim, int64_t start, int64_t length) {
  std::vector<rt::IndexItem> items;
  for (int64_t d = 0; d < dim; ++d) items.push_back(rt::Slice{});
  items.push_back(rt::Slice{start, start + length, 1});
  return rt::index(x, items);
}

Value Pieces(const rt::Tensor& x, int64_t dim, const std::vector<int64_t>& sizes) {
  std::vector<Value> out;
  int64_t start = 0;
  for (int64_t s : sizes) {
    out.push_back(MakeTensor(Narrow(x, dim, start, s)));
    start += s;
  }
  return MakeTuple(std::move(out));
}

Value Gather(Interp&, Args& a) {
  a.Check(3, {"input", "dim", "index"});
  const rt::Tensor& x = InputTensor(a);
  return MakeTensor(rt::gather(x, IntArg(a.Need(1, "dim"), "dim"), ToTensor(a.Need(2, "index"), "index")));
}

Value IndexSelect(Interp&, Args& a) {
  a.Check(3, {"input", "dim", "index"});
  return MakeTensor(rt::index_select(InputTensor(a), IntArg(a.Need(1, "dim"), "dim"), ToTensor(a.Need(2, "index"), "index")));
}

Value Flip(Interp&, Args& a) {
  a.Check(1 + rt::kMaxDims, {"input", "dims"});
  std::vector<int64_t> dims;
  if (a.npos == 2) dims = IntList(a.pos[1], "dims");
  else if (a.npos > 2) for (int32_t i = 1; i < a.npos; ++i) dims.push_back(IntArg(a.pos[i], "dims"));
  else dims = IntList(a.Need(-1, "dims"), "dims");
  return MakeTensor(rt::flip(InputTensor(a), dims));
}

Value NarrowFn(Interp&, Args& a) {
  a.Check(4, {"input", "dim", "start", "length"});
  const rt::Tensor& x = InputTensor(a);
  int64_t dim = DimOf(a, 1, "dim", x.dim(), 0, true);
  int64_t n = x.dim() ? x.sizes()[int(dim)] : 1;
  int64_t start = IntArg(a.Need(2, "start"), "start"), len = IntArg(a.Need(3, "length"), "length");
  if (start < 0) start += n;
  if (start < 0 || len < 0 || start + len > n)
    ThrowError(DiagKind::RtIndexError, "`narrow()`: start " + std::to_string(start) + " and length " +
                                           std::to_string(len) + " exceed the dimension's size " + std::to_string(n));
  return MakeTensor(Narrow(x, dim, start, len));
}

Value Chunk(Interp&, Args& a) {
  a.Check(3, {"input", "chunks", "dim"});
  const rt::Tensor& x = InputTensor(a);
  int64_t chunks = IntArg(a.Need(1, "chunks"), "chunks");
  if (chunks <= 0) ValueErr("`chunk()`: chunks must be positive");
  int64_t dim = DimOf(a, 2, "dim", x.dim(), 0);
  return Pieces(x, dim, sem::ChunkSizes(x.sizes()[int(dim)], chunks));
}

Value Split(Interp&, Args& a) {
  // torch.split's keyword is split_size_or_sections, Tensor.split's split_size
  a.Check(3, {"input", "split_size_or_sections", "split_size", "dim"});
  const rt::Tensor& x = InputTensor(a);
  int64_t dim = DimOf(a, 2, "dim", x.dim(), 0);
  int64_t n = x.sizes()[int(dim)];
  const Value& s = a.Get(1, "split_size_or_sections").is_undef() ? a.Need(1, "split_size")
                                                                   : a.Get(1, "split_size_or_sections");
  if (s.is(OType::List) || s.is(OType::Tuple)) {
    std::vector<int64_t> sizes = IntList(s, "split sizes");
    std::string err = sem::CheckSplitList(sizes, n);
    if (!err.empty()) ThrowError(DiagKind::RtShapeError, "`split()`: " + err);  // torch's RuntimeError
    return Pieces(x, dim, sizes);
  }
  int64_t size = IntArg(s, "split_size");
  if (size <= 0) ValueErr("`split()`: the split size must be positive");
  return Pieces(x, dim, sem::SplitSizes(n, size));
}

Value Unbind(Interp&, Args& a) {
  a.Check(2, {"input", "dim"});
  const rt::Tensor& x = InputTensor(a);
  if (x.dim() == 0) ValueErr("`unbind()` of a 0-d tensor");
  int64_t dim = DimOf(a, 1, "dim", x.dim(), 0);
  std::vector<Value> out;
  for (int64_t i = 0; i < x.sizes()[int(dim)]; ++i) {
    std::vector<rt::IndexItem> items;
    for (int64_t d = 0; d < dim; ++d) items.push_back(rt::Slice{});
    items.push_back(i);
    out.push_back(MakeTensor(rt::index(x, items)));
  }
  return MakeTuple(std::move(out));
}

rt::Tensor RollDim(const rt::Tensor& x, int64_t dim, int64_t shift) {
  int64_t n = x.sizes()[int(dim)];
  int64_t st = sem::RollStart(n, shift);
  if (st == 0) return rt::clone(x);
  rt::Tensor parts[2] = {Narrow(x, dim, st, n - st), Narrow(x, dim, 0, st)};
  return rt::cat(parts, dim);
}

Value Roll(Interp&, Args& a) {
  a.Check(3, {"input", "shifts", "dims"});
  const rt::Tensor& x = InputTensor(a);
  std::vector<int64_t> shifts = IntList(a.Need(1, "shifts"), "shifts");
  const Value& dv = a.Get(2, "dims");
  if (dv.is_undef() || dv.is_none()) {
    if (shifts.size() != 1) ValueErr("`roll()` without dims takes one shift");
    int64_t flat[1] = {x.numel()};
    return MakeTensor(rt::reshape(RollDim(rt::reshape(x, flat), 0, shifts[0]), x.sizes()));
  }
  std::vector<int64_t> dims = IntList(dv, "dims");
  if (dims.size() != shifts.size()) ValueErr("`roll()`: shifts and dims must have the same length");
  rt::Tensor r = x;
  for (size_t i = 0; i < dims.size(); ++i) {
    auto d = sem::NormDim(dims[i], x.dim());
    if (!d || x.dim() == 0) ThrowError(DiagKind::RtIndexError, "`roll()`: dimension out of range");
    r = RollDim(r, *d, shifts[i]);
  }
  return MakeTensor(r);
}

Value Repeat(Interp&, Args& a) {
  a.Check(1 + rt::kMaxDims, {"input", "repeats"});
  const rt::Tensor& x = InputTensor(a);
  rt::Dims reps = a.npos <= 1 ? ShapeArgs(&a.Need(-1, "repeats"), 1, "repeat")
                              : ShapeArgs(a.pos + 1, a.npos - 1, "repeat");
  if (reps.size() < x.dim()) ValueErr("`repeat()`: give at least as many repeats as the tensor has dimensions");
  rt::Dims shape = rt::Dims::filled(reps.size() - x.dim(), 1), pair, expanded, out;
  for (int64_t s : x.sizes()) shape.push_back(s);
  for (int i = 0; i < reps.size(); ++i) {
    if (reps[i] < 0) ValueErr("`repeat()`: repeats must be non-negative");
    pair.push_back(1), pair.push_back(shape[i]);
    expanded.push_back(reps[i]), expanded.push_back(shape[i]);
    out.push_back(reps[i] * shape[i]);
  }
  if (2 * reps.size() > rt::kMaxDims) ValueErr("`repeat()` of more than 4 dimensions");
  rt::Tensor v = rt::reshape(rt::contiguous(x), pair);
  return MakeTensor(rt::reshape(rt::contiguous(rt::expand(v, expanded)), out));
}

Value RepeatInterleave(Interp&, Args& a) {
  a.Check(3, {"input", "repeats", "dim"});
  const rt::Tensor& x0 = InputTensor(a);
  const Value& rv = a.Need(1, "repeats");
  if (rv.is(OType::Tensor)) ValueErr("`repeat_interleave()` with a tensor of repeats is not supported; give an int");
  int64_t r = IntArg(rv, "repeats");
  if (r < 0) ValueErr("`repeat_interleave()`: repeats must be non-negative");
  const Value& dv = a.Get(2, "dim");
  rt::Tensor x = x0;
  int64_t dim = 0;
  if (dv.is_undef() || dv.is_none()) {
    int64_t flat[1] = {x0.numel()};
    x = rt::reshape(x0, flat);
  } else {
    dim = DimOf(a, 2, "dim", x0.dim(), 0);
    if (x0.dim() == 0) x = rt::unsqueeze(x0, 0);
  }
  rt::Dims ex = x.sizes(), out = x.sizes();
  ex.insert(int(dim) + 1, r);
  out[int(dim)] *= r;
  rt::Tensor u = rt::unsqueeze(x, dim + 1);
  return MakeTensor(rt::reshape(rt::contiguous(rt::expand(u, ex)), out));
}

// tril / triu: keep j - i <= k (tril) or j - i >= k (triu) of the last two dims.
template <bool Lower>
Value Tri(Interp&, Args& a) {
  a.Check(2, {"input", "diagonal"});
  const rt::Tensor& x = InputTensor(a);
  if (x.dim() < 2) ValueErr(std::string("`") + a.fname + "()` needs a tensor of at least 2 dimensions");
  const Value& kv = a.Get(1, "diagonal");
  int64_t k = kv.is_undef() ? 0 : IntArg(kv, "diagonal");
  int64_t n = x.sizes()[x.dim() - 2], m = x.sizes()[x.dim() - 1];
  rt::Tensor i = rt::unsqueeze(rt::arange(rt::Scalar::from_int(n)), 1);
  rt::Tensor j = rt::unsqueeze(rt::arange(rt::Scalar::from_int(m)), 0);
  rt::Tensor d = rt::binary(rt::BinaryOp::Sub, j, i);
  rt::Tensor keep = rt::binary(Lower ? rt::BinaryOp::Le : rt::BinaryOp::Ge, d, rt::Scalar::from_int(k));
  return MakeTensor(rt::where(keep, x, rt::Tensor::scalar(rt::Scalar::from_int(0), x.dtype())));
}

Value Diag(Interp&, Args& a) {
  a.Check(2, {"input", "diagonal"});
  const rt::Tensor& x = InputTensor(a);
  const Value& kv = a.Get(1, "diagonal");
  int64_t k = kv.is_undef() ? 0 : IntArg(kv, "diagonal");
  if (x.dim() == 1) {
    int64_t n = x.sizes()[0], m = n + (k >= 0 ? k : -k);
    rt::Tensor out = rt::zeros(rt::Dims{m, m}, x.dtype());
    for (int64_t t = 0; t < n; ++t) {
      int64_t r = k >= 0 ? t : t - k, c = k >= 0 ? t + k : t;
      rt::IndexItem dst[2] = {r, c}, src[1] = {t};
      rt::copy_into(rt::index(out, dst), rt::index(x, src));
    }
    return MakeTensor(out);
  }
  if (x.dim() != 2) ValueErr("`diag()` needs a 1-d or 2-d tensor");
  int64_t n = x.sizes()[0], m = x.sizes()[1], len = sem::DiagLength(n, m, k);
  std::vector<Value> items;
  rt::Tensor out = rt::Tensor::empty(rt::Dims{len}, x.dtype());
  for (int64_t t = 0; t < len; ++t) {
    int64_t r = k >= 0 ? t : t - k, c = k >= 0 ? t + k : t;
    rt::IndexItem src[2] = {r, c}, dst[1] = {t};
    rt::copy_into(rt::index(out, dst), rt::index(x, src));
  }
  return MakeTensor(out);
}

Value Outer(Interp&, Args& a) {
  a.Check(2, {"input", "vec2"});
  rt::Tensor u = InputTensor(a), v = ToTensor(a.Need(1, "vec2"), "vec2");
  if (u.dim() != 1 || v.dim() != 1) ValueErr("`outer()` needs two 1-d tensors");
  return MakeTensor(rt::binary(rt::BinaryOp::Mul, rt::unsqueeze(u, 1), rt::unsqueeze(v, 0)));
}

Value Dot(Interp&, Args& a) {
  a.Check(2, {"input", "tensor"});
  rt::Tensor u = InputTensor(a), v = ToTensor(a.Need(1, "tensor"), "tensor");
  if (u.dim() != 1 || v.dim() != 1) ValueErr("`dot()` needs two 1-d tensors");
  if (u.sizes()[0] != v.sizes()[0]) ValueErr("`dot()`: the tensors have different lengths");
  if (u.dtype() != v.dtype()) ValueErr("`dot()`: the tensors have different dtypes");
  int64_t all[1] = {0};
  return MakeTensor(rt::to_dtype(rt::reduce(rt::ReduceOp::Sum, rt::binary(rt::BinaryOp::Mul, u, v), all), u.dtype()));
}

Value MaskedFill(Interp&, Args& a) {
  a.Check(3, {"input", "mask", "value"});
  const rt::Tensor& x = InputTensor(a);
  rt::Tensor mask = ToTensor(a.Need(1, "mask"), "mask");
  if (mask.dtype() != rt::DType::Bool) TypeErr("`masked_fill()` needs a bool mask");
  const Value& v = a.Need(2, "value");
  rt::Tensor fill = v.is(OType::Tensor) ? rt::to_dtype(TensorOf(v), x.dtype())
                                        : rt::Tensor::scalar(ToScalar(v, "value"), x.dtype());
  if (fill.dim() != 0) ValueErr("`masked_fill()`: the value must be a number or a 0-d tensor");
  rt::Tensor r = rt::where(mask, fill, x);
  if (!(r.sizes() == x.sizes())) ValueErr("`masked_fill()`: the mask does not broadcast to the input's shape");
  return MakeTensor(r);
}

}  // namespace

// max(x, dim, keepdim) / min(...): the named tuple (values, indices).
Value TensorMinMaxWithDim(const rt::Tensor& x, int64_t dim, bool keepdim, bool is_max) {
  auto [v, i] = is_max ? rt::max_with_indices(x, dim, keepdim) : rt::min_with_indices(x, dim, keepdim);
  return NamedPair(is_max ? "max" : "min", v, i);
}

const std::vector<std::pair<const char*, BuiltinFn>>& IndexFunctionTable() {
  static const std::vector<std::pair<const char*, BuiltinFn>> table = {
      {"gather", Gather},
      {"index_select", IndexSelect}, {"flip", Flip}, {"narrow", NarrowFn}, {"chunk", Chunk}, {"split", Split},
      {"unbind", Unbind}, {"roll", Roll}, {"repeat", Repeat}, {"repeat_interleave", RepeatInterleave},
      {"tril", Tri<true>}, {"triu", Tri<false>}, {"diag", Diag}, {"outer", Outer}, {"dot", Dot},
      {"masked_fill", MaskedFill},
  };
  return table;
}

}  // namespace tcc::interp
