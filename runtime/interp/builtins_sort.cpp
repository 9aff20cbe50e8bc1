// Implements the Sort rows of lang/semantics/builtins.def (sort, argsort, topk),
// scatter / scatter_add / index_add and their in-place forms, einsum (the
// plan of lang/semantics/einsum.h, run on the runtime's kernels), multinomial and
// nonzero. sort and scatter run the kernels of runtime/tensor/sort.cpp, the
// ones compiled code calls (ts_rt_argsort, ts_rt_scatter), so both modes
// order ties and report bad indices alike.
#include <cmath>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/einsum.h"

namespace tcc::interp {

namespace {


int64_t DimArg(Args& a, int32_t i, const char* name, int64_t rank, int64_t dflt) {
  const Value& v = a.Get(i, name);
  int64_t d = v.is_undef() || v.is_none() ? dflt : IntArg(v, name);
  int64_t r = std::max<int64_t>(rank, 1);
  if (d < -r || d >= r)
    ThrowError(DiagKind::RtIndexError, std::string("`") + a.fname + "()`: dimension " + std::to_string(d) +
                                           " is out of range for a tensor of " + std::to_string(rank) + " dimensions");
  return d < 0 ? d + r : d;
}

bool Flag(Args& a, int32_t i, const char* name, bool dflt) {
  const Value& v = a.Get(i, name);
  return v.is_undef() || v.is_none() ? dflt : Truthy(v);
}

// sort(input, dim=-1, descending=False, stable=False): the order is stable either way
Value Sort(Interp&, Args& a) {
  a.Check(4, {"input", "dim", "descending", "stable"});
  const rt::Tensor& x = InputTensor(a);
  auto [v, i] = rt::sort(x, DimArg(a, 1, "dim", x.dim(), -1), Flag(a, 2, "descending", false));
  return NamedPair("sort", v, i);
}

Value Argsort(Interp&, Args& a) {
  a.Check(4, {"input", "dim", "descending", "stable"});
  const rt::Tensor& x = InputTensor(a);
  return MakeTensor(rt::argsort(x, DimArg(a, 1, "dim", x.dim(), -1), Flag(a, 2, "descending", false)));
}

// topk(input, k, dim=-1, largest=True, sorted=True): sorted=False gives the same (sorted) order
Value Topk(Interp&, Args& a) {
  a.Check(5, {"input", "k", "dim", "largest", "sorted"});
  const rt::Tensor& x = InputTensor(a);
  int64_t k = IntArg(a.Need(1, "k"), "k");
  int64_t d = DimArg(a, 2, "dim", x.dim(), -1);
  int64_t size = x.dim() ? x.sizes()[d] : 1;
  if (k < 0 || k > size) ThrowError(DiagKind::RtIndexError, "`topk()`: selected index k out of range");
  auto [v, i] = rt::sort(x, d, Flag(a, 3, "largest", true), k);
  return NamedPair("topk", v, i);
}

// reduce= of fn as the kernel's mode (lang/semantics/scatter_modes.def); None:
// Assign (scatter only)
sem::ScatterMode ReduceMode(Args& a, int32_t i, sem::ScatterFn fn) {
  const Value& r = fn == sem::ScatterFn::Scatter ? a.Get(i, "reduce") : a.Need(i, "reduce");
  if (fn == sem::ScatterFn::Scatter && (r.is_undef() || r.is_none())) return sem::ScatterMode::Assign;
  if (!r.is(OType::Str)) TypeErr(std::string("`") + a.fname + "()`: reduce must be a string");
  const std::string& s = r.as<StrObj>()->s;
  if (auto m = sem::ScatterModeOf(fn, s)) return *m;
  ValueErr(sem::BadScatterReduce(fn, s));
}

// scatter(input, dim, index, src|value, reduce=None), scatter_add(input, dim, index, src),
// scatter_reduce(input, dim, index, src, reduce, *, include_self=True)
enum class ScatterKind { Scatter, Add, Reduce };

rt::Tensor ScatterOf(Args& a, ScatterKind kind) {
  const rt::Tensor& x = InputTensor(a);
  const Value& src = a.Get(3, "src");
  const Value& val = kind == ScatterKind::Scatter ? a.Get(-1, "value") : Value();
  if (kind != ScatterKind::Scatter && src.is_undef()) a.Need(3, "src");
  rt::TensorOrScalar s = !src.is_undef() ? (src.is(OType::Tensor) ? rt::TensorOrScalar(TensorOf(src))
                                                                   : rt::TensorOrScalar(ToScalar(src, "src")))
                                         : rt::TensorOrScalar(ToScalar(!val.is_undef() ? val : a.Need(3, "value"), "value"));
  if (kind != ScatterKind::Scatter && !std::holds_alternative<rt::Tensor>(s))
    TypeErr(std::string("`") + a.fname + "()`: src must be a tensor");
  sem::ScatterMode mode = kind == ScatterKind::Add      ? sem::ScatterMode::Add
                          : kind == ScatterKind::Reduce ? ReduceMode(a, 4, sem::ScatterFn::ScatterReduce)
                                                        : ReduceMode(a, 4, sem::ScatterFn::Scatter);
  bool include_self = kind != ScatterKind::Reduce || Flag(a, -1, "include_self", true);
  const char* what = kind == ScatterKind::Add ? "scatter_add" : kind == ScatterKind::Reduce ? "scatter_reduce" : "scatter";
  return rt::scatter(x, IntArg(a.Need(1, "dim"), "dim"), ToTensor(a.Need(2, "index"), "index"), s, mode,
                     include_self, what);
}

template <ScatterKind Kind, bool InPlace>
Value Scatter(Interp&, Args& a) {
  if (Kind == ScatterKind::Add) a.Check(4, {"input", "dim", "index", "src"});
  else if (Kind == ScatterKind::Reduce) a.Check(5, {"input", "dim", "index", "src", "reduce", "include_self"});
  else a.Check(5, {"input", "dim", "index", "src", "value", "reduce"});
  rt::Tensor r = ScatterOf(a, Kind);
  if (!InPlace) return MakeTensor(std::move(r));
  rt::copy_into(InputTensor(a), r);
  return a.pos[0];
}

// index_add(input, dim, index, source, alpha=1) and index_reduce(input, dim,
// index, source, reduce, *, include_self=True): a scatter of source with
// index (1-d, along dim) broadcast to source's shape
template <bool Reduce, bool InPlace>
Value IndexScatter(Interp&, Args& a) {
  if (Reduce) a.Check(5, {"input", "dim", "index", "source", "reduce", "include_self"});
  else a.Check(4, {"input", "dim", "index", "source", "alpha"});
  const char* what = Reduce ? "index_reduce" : "index_add";
  const rt::Tensor& x = InputTensor(a);
  int64_t d = DimArg(a, 1, "dim", x.dim(), 0);
  rt::Tensor idx = ToTensor(a.Need(2, "index"), "index");
  rt::Tensor src = ToTensor(a.Need(3, "source"), "source");
  if (idx.dim() > 1) ValueErr(std::string("`") + what + "()`: the index must be a vector");
  if (src.dim() != x.dim())
    ValueErr(std::string("`") + what + "()`: source and input must have the same number of dimensions");
  int64_t n = idx.dim() ? idx.sizes()[0] : 1;
  if (x.dim() && src.sizes()[d] != n)
    ValueErr(std::string("`") + what + "()`: the index and source sizes along dim differ");
  sem::ScatterMode mode = sem::ScatterMode::Add;
  bool include_self = true;
  if constexpr (Reduce) {
    mode = ReduceMode(a, 4, sem::ScatterFn::IndexReduce);
    include_self = Flag(a, -1, "include_self", true);
  } else {
    const Value& alpha = a.Get(-1, "alpha");
    if (!alpha.is_undef()) src = rt::to_dtype(rt::binary(rt::BinaryOp::Mul, src, ToScalar(alpha, "alpha")), x.dtype());
  }
  std::vector<int64_t> shape(std::max(src.dim(), 1), 1);
  shape[d] = n;
  rt::Tensor ix = rt::expand(rt::reshape(idx, shape), src.dim() ? std::span<const int64_t>(src.sizes().data(), src.dim())
                                                               : std::span<const int64_t>(shape));
  rt::Tensor r = rt::scatter(x, d, ix, src, mode, include_self, what);
  if (!InPlace) return MakeTensor(std::move(r));
  rt::copy_into(x, r);
  return a.pos[0];
}

}  // namespace

// einsum(equation, *operands) and einsum(equation, [operands]): a function
// only (registered by RegisterTensorFunctions, not a tensor method)
Value EinsumBuiltin(Interp&, Args& a) {
  a.Check(64, {"equation"});
  const Value& eq = a.Need(0, "equation");
  if (!eq.is(OType::Str)) TypeErr("`einsum()` takes the equation string first");
  std::vector<rt::Tensor> vals;
  if (a.npos == 2 && (a.pos[1].is(OType::List) || a.pos[1].is(OType::Tuple))) {
    const auto& items = a.pos[1].is(OType::List) ? a.pos[1].as<ListObj>()->items : a.pos[1].as<TupleObj>()->items;
    for (const Value& v : items) vals.push_back(ToTensor(v, "operands"));
  } else {
    for (int32_t i = 1; i < a.npos; ++i) vals.push_back(ToTensor(a.pos[i], "operands"));
  }
  std::vector<std::vector<int64_t>> shapes;
  for (const auto& t : vals) shapes.emplace_back(t.sizes().begin(), t.sizes().end());
  sem::EinsumPlan plan = sem::PlanEinsum(eq.as<StrObj>()->s, shapes);
  if (!plan.error.empty()) ThrowError(DiagKind::RtShapeError, plan.error);
  for (const sem::EinOp& op : plan.ops) {
    const rt::Tensor& x = vals[op.a];
    switch (op.kind) {
      case sem::EinOpKind::Permute: vals.push_back(rt::permute(x, op.ints)); break;
      case sem::EinOpKind::Reshape: vals.push_back(rt::reshape(x, op.ints)); break;
      case sem::EinOpKind::Expand: vals.push_back(rt::expand(x, op.ints)); break;
      case sem::EinOpKind::Sum: vals.push_back(rt::reduce(rt::ReduceOp::Sum, x, op.ints)); break;
      case sem::EinOpKind::MatMul: vals.push_back(rt::matmul(x, vals[op.b])); break;
      case sem::EinOpKind::Diagonal: {
        int64_t n = x.sizes()[x.dim() - 1];
        std::vector<rt::IndexItem> items(x.dim() - 2, rt::Slice{});
        rt::Tensor r = rt::arange(rt::Scalar::from_int(n));
        items.push_back(r);
        items.push_back(r);
        vals.push_back(rt::index(x, items));
        break;
      }
    }
  }
  rt::Tensor r = vals[plan.result];
  if (plan.result < static_cast<int>(shapes.size())) r = rt::clone(r);
  return MakeTensor(rt::to_dtype(r, vals[0].dtype()));
}

namespace {

// multinomial(input, num_samples, replacement=False): torch 1.13's CPU
// algorithm on the program's generator (so after manual_seed the samples are
// torch's), in the steps the tracer's graph (trace/trace_sort.cpp) takes:
//   without replacement: q = -log(1 - u), u = rand(p.shape, float64)
//     (torch's exponential_), cast to p's dtype; the num_samples largest of
//     p / q (one: their argmax);
//   with replacement: per row, c = cumsum(p) / sum(p) with the last entry
//     1, u = rand(rows, num_samples, float64); sample = #{j : c[j] < u}.
Value Multinomial(Interp&, Args& a) {
  a.Check(3, {"input", "num_samples", "replacement"});
  rt::Tensor p = InputTensor(a);
  int64_t s = IntArg(a.Need(1, "num_samples"), "num_samples");
  bool repl = Flag(a, 2, "replacement", false);
  if (p.dim() < 1 || p.dim() > 2) ValueErr("prob_dist must be 1 or 2 dim");
  if (!rt::is_floating(p.dtype())) ThrowError(DiagKind::RtDTypeError, "multinomial only supports floating-point dtypes for input");
  int64_t n = p.sizes()[p.dim() - 1];
  if (s <= 0) ValueErr("cannot sample n_sample <= 0 samples");
  if (!repl && s > n) ValueErr("cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  rt::Tensor mn = rt::reduce(rt::ReduceOp::Min, p);
  rt::Tensor tot = rt::reduce(rt::ReduceOp::Sum, p, std::span<const int64_t>{}, false);
  if (mn.item().to_double() < 0 || std::isnan(tot.item().to_double()) || std::isinf(tot.item().to_double()))
    ValueErr("probability tensor contains either `inf`, `nan` or element < 0");
  bool one = p.dim() == 1;
  rt::Tensor q = one ? rt::unsqueeze(p, 0) : p;
  int64_t rows = q.sizes()[0];
  int64_t last_axis[1] = {1};
  rt::Tensor row_sums = rt::reduce(rt::ReduceOp::Sum, q, last_axis, true);
  if (rt::reduce(rt::ReduceOp::Min, row_sums).item().to_double() <= 0)
    ValueErr("invalid multinomial distribution (sum of probabilities <= 0)");
  rt::Tensor out;
  if (repl) {
    rt::Tensor u = rt::rand(rt::Dims{rows, s}, rt::DType::F64);
    rt::Tensor cdf = rt::scan(rt::ScanOp::CumSum, q, 1);
    std::vector<rt::IndexItem> last = {rt::Slice{}, rt::Slice{n - 1, n, 1}};
    rt::Tensor c = rt::to_dtype(rt::binary(rt::BinaryOp::Div, cdf, rt::index(cdf, last)), rt::DType::F64);
    rt::Tensor lt = rt::binary(rt::BinaryOp::Lt, rt::unsqueeze(c, 1), rt::unsqueeze(u, 2));
    int64_t ax[1] = {2};
    out = rt::binary(rt::BinaryOp::Minimum, rt::reduce(rt::ReduceOp::Sum, lt, ax), rt::Scalar::from_int(n - 1));
  } else {
    rt::Tensor u = rt::rand(q.sizes(), rt::DType::F64);
    rt::Tensor e = rt::unary(rt::UnaryOp::Neg, rt::unary(rt::UnaryOp::Log, rt::binary(rt::BinaryOp::Sub, rt::Scalar::from_float(1.0), u)));
    rt::Tensor keys = rt::binary(rt::BinaryOp::Div, q, rt::to_dtype(e, q.dtype()));
    out = s == 1 ? rt::reduce(rt::ReduceOp::ArgMax, keys, last_axis, true) : rt::argsort(keys, 1, true, s);
  }
  return MakeTensor(one ? rt::squeeze(out, 0) : out);
}

// nonzero(input, as_tuple=False): [count, ndim] positions, or one 1-d tensor per dim
}  // namespace

// nonzero(x, as_tuple=True), also where(condition) with no other argument
Value NonzeroTuple(const rt::Tensor& x) {
  rt::Tensor nz = rt::nonzero(x);
  std::vector<Value> cols;
  for (int d = 0; d < std::max(x.dim(), 1); ++d) {
    if (x.dim() == 0) { cols.push_back(MakeTensor(rt::reshape(nz, std::vector<int64_t>{-1}))); break; }
    std::vector<rt::IndexItem> it = {rt::Slice{}, int64_t(d)};
    cols.push_back(MakeTensor(rt::clone(rt::index(nz, it))));
  }
  return MakeTuple(std::move(cols));
}

namespace {

Value Nonzero(Interp&, Args& a) {
  a.Check(2, {"input", "as_tuple"});
  const rt::Tensor& x = InputTensor(a);
  if (Flag(a, 1, "as_tuple", false)) return NonzeroTuple(x);
  return MakeTensor(rt::nonzero(x));
}

}  // namespace

const std::vector<std::pair<const char*, BuiltinFn>>& SortFunctionTable() {
  static const std::vector<std::pair<const char*, BuiltinFn>> table = {
      {"sort", Sort}, {"argsort", Argsort}, {"topk", Topk},
      {"scatter", Scatter<ScatterKind::Scatter, false>}, {"scatter_", Scatter<ScatterKind::Scatter, true>},
      {"scatter_add", Scatter<ScatterKind::Add, false>}, {"scatter_add_", Scatter<ScatterKind::Add, true>},
      {"scatter_reduce", Scatter<ScatterKind::Reduce, false>}, {"scatter_reduce_", Scatter<ScatterKind::Reduce, true>},
      {"index_add", IndexScatter<false, false>}, {"index_add_", IndexScatter<false, true>},
      {"index_reduce", IndexScatter<true, false>}, {"index_reduce_", IndexScatter<true, true>},
      {"multinomial", Multinomial}, {"nonzero", Nonzero},
  };
  return table;
}

}  // namespace tcc::interp
