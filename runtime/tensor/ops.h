// ops.h: declares every tensor operation of the tcc runtime (namespace
// tcc::rt), as free functions over Tensor / Scalar (see tensor.h).
//
// Semantics follow torch (CPU, default dtype float32):
//   - Type promotion: tensors with dim > 0 decide first, then 0-d tensors,
//     then Scalars (Python numbers, "weak"): a lower-priority operand only
//     matters if it is of a higher category (bool < int < float). Examples:
//     int64[3] * 2.5 -> float32; float32[3] + float64 0-d -> float32;
//     int32[3] + 1 -> int32; bool[3] + 1 -> int64; int32[3] + int64[3] -> int64.
//   - `/` (Div) always gives a float (int / int -> float32).
//   - `//` (FloorDiv) floors and `%` (Mod) takes the divisor's sign, as in
//     Python; integer // 0 and % 0 throw "integer division by zero".
//   - `**` (Pow): int ** negative int throws; int tensor ** float -> float32.
//   - Comparisons give bool. And/Or/Xor/~ accept bool and int tensors only.
//   - Broadcasting is NumPy's; mismatch throws
//     "shapes [3] and [4] cannot be broadcast".
//   - gelu is the exact erf form 0.5*x*(1+erf(x/sqrt(2))) (torch's default).
//   - Unary float functions on int/bool tensors compute in float32.
// Every function returns a new tensor unless it is documented as a view.
#pragma once

#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

#include "semantics/op_select.h"
#include "semantics/ops.h"
#include "semantics/scatter.h"
#include "semantics/unary.h"
#include "semantics/window.h"
#include "ts_runtime.h"
#include "tensor.h"

namespace tcc::rt {

// ================================================================ creation

// tensor(list): dtype inferred (all bool -> bool; bool/int -> int64; any float
// -> float32) unless `dtype` is given. Ragged data throws
// "expected sequence of length 3 at dim 1 (got 2)".
Tensor tensor_from(const Nested& data, std::optional<DType> dtype = std::nullopt);
// A tensor of the given shape from row-major flat values (all cast to dtype).
Tensor tensor_from_flat(std::span<const Scalar> flat, const Dims& sizes, DType dtype);

Tensor zeros(const Dims& sizes, DType dtype = DType::F32);
Tensor ones(const Dims& sizes, DType dtype = DType::F32);
// full: dtype defaults from the value (bool/int64/float32).
Tensor full(const Dims& sizes, Scalar value, std::optional<DType> dtype = std::nullopt);
// arange(end) / arange(start, end, step): int64 if all are ints, else float32;
// length ceil((end-start)/step). step 0 throws.
Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<DType> dtype = std::nullopt);
Tensor arange(Scalar end, std::optional<DType> dtype = std::nullopt);
// linspace(start, end, steps): float32 unless dtype given; steps >= 0.
Tensor linspace(double start, double end, int64_t steps, std::optional<DType> dtype = std::nullopt);
// eye(n) or eye(n, m).
Tensor eye(int64_t n, std::optional<int64_t> m = std::nullopt, DType dtype = DType::F32);

// Random numbers: one global generator, std::mt19937 seeded by
// manual_seed(seed) (seed 0 at start-up), reproducing torch's CPU streams
// (checked against torch 1.13: manual_seed(0); rand(3) = [0.4963, 0.7682,
// 0.0885], randn(12) starts [1.5410, -0.2934], randn(20) [-1.1258, -1.1524]):
//   rand float32: (next32() & 0xFFFFFF) * 2^-24; float64: 53 low bits of
//     (next32() << 32 | next32()) * 2^-53.
//   randn, fewer than 16 values: Box-Muller in double on two 53-bit uniforms
//     u1, u2: r = sqrt(-2 ln(1 - u2)), z = r cos(2 pi u1), and r sin(2 pi u1)
//     is cached for the next value (the cache survives across calls and is
//     cleared by manual_seed).
//   randn, 16 or more: all values drawn as uniforms first, then every block of
//     16 becomes z[j] = sqrt(-2 ln(1-u[j])) cos(2 pi u[j+8]), z[j+8] = ... sin;
//     a ragged tail redraws and transforms the last 16 values.
// rand/randn support float32 (default) and float64 only.
void manual_seed(uint64_t seed);
// torch.Generator objects: generator_new() makes one (seeded as torch seeds a
// new Generator) and returns its id; draws made while a GeneratorScope is
// alive on the thread use it instead of the default generator (id 0).
int64_t generator_new();
void generator_manual_seed(int64_t id, uint64_t seed);
uint64_t generator_initial_seed(int64_t id);
class GeneratorScope {
 public:
  explicit GeneratorScope(int64_t id);
  ~GeneratorScope();
  GeneratorScope(const GeneratorScope&) = delete;
  GeneratorScope& operator=(const GeneratorScope&) = delete;

 private:
  int64_t saved_;
};
Tensor rand(const Dims& sizes, DType dtype = DType::F32);
Tensor randn(const Dims& sizes, DType dtype = DType::F32);
// The same draws into n contiguous elements of `data` (compiled kernels' randn).
void fill_rand(void* data, DType dtype, int64_t n);
void fill_randn(void* data, DType dtype, int64_t n);
// x.uniform_(from, to) and x.normal_(mean, std) as torch computes them:
// uniform u * (to - from) + from in the tensor's type; normal as randn with
// z * std + mean (in double, then cast, below 16 values; in the type above).
void fill_uniform(void* data, DType dtype, int64_t n, double from, double to);
void fill_normal(void* data, DType dtype, int64_t n, double mean, double std);

// *_like: same shape (contiguous), dtype of `t` unless given.
Tensor zeros_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor ones_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor full_like(const Tensor& t, Scalar value, std::optional<DType> dtype = std::nullopt);
Tensor rand_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
// torch.randint(low, high, size) and torch.randperm(n) (int64), drawing what
// torch draws after the same manual_seed: (32-bit draw % (high - low)) + low
// (a 64-bit draw for ranges of 2^32 or more); Fisher-Yates swapping i with
// i + draw % (n - i). fill_*: the same into a buffer (ts_rt_randint / randperm).
Tensor randint(int64_t low, int64_t high, const Dims& sizes);
Tensor randperm(int64_t n);
void fill_randint(int64_t* data, int64_t n, int64_t low, int64_t high);
void fill_randperm(int64_t* data, int64_t n);
Tensor randn_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);

// ================================================================ elementwise

// The runtime's op enums are ops.def's rows of one category (Unary, Binary,
// Reduce: lang/semantics/op_select.h), with the same names as sem::OpKind;
// op_name is the row's spelling (torch's name, for messages).
#define TCC_PICKED(Name) Name,
enum class UnaryOp {
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_UNARY)(Name)
#include "semantics/ops.def"
};
enum class BinaryOp {
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_BINARY)(Name)
#include "semantics/ops.def"
};
enum class ReduceOp {
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_REDUCE)(Name)
#include "semantics/ops.def"
};
#undef TCC_PICKED
// The sem::OpKind of a runtime op (the row it was generated from).
namespace detail {
#define TCC_PICKED(Name) sem::OpKind::Name,
inline constexpr sem::OpKind kUnaryKinds[] = {
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_UNARY)(Name)
#include "semantics/ops.def"
};
inline constexpr sem::OpKind kBinaryKinds[] = {
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_BINARY)(Name)
#include "semantics/ops.def"
};
inline constexpr sem::OpKind kReduceKinds[] = {
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_REDUCE)(Name)
#include "semantics/ops.def"
};
#undef TCC_PICKED
}  // namespace detail
constexpr sem::OpKind op_kind(UnaryOp op) { return detail::kUnaryKinds[static_cast<size_t>(op)]; }
constexpr sem::OpKind op_kind(BinaryOp op) { return detail::kBinaryKinds[static_cast<size_t>(op)]; }
constexpr sem::OpKind op_kind(ReduceOp op) { return detail::kReduceKinds[static_cast<size_t>(op)]; }
inline const char* op_name(UnaryOp op) { return sem::OpSpelling(op_kind(op)); }
inline const char* op_name(BinaryOp op) { return sem::OpSpelling(op_kind(op)); }
inline const char* op_name(ReduceOp op) { return sem::OpSpelling(op_kind(op)); }

// unary(op, a): the op's scalar meaning (lang/semantics/unary.h) on every
// element; its result dtype by ops.def's DType column (FloatFn: integers give
// float32), torch's error for a dtype the op rejects (sem::UnaryDTypeError).
// `p`: the attributes of round (decimals) and nan_to_num.
Tensor unary(UnaryOp op, const Tensor& a, const sem::UnaryParams& p = {});
// Scalar operands are weak (see top). At least one operand is a tensor.
Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b);
Tensor binary(BinaryOp op, const Tensor& a, Scalar b);
Tensor binary(BinaryOp op, Scalar a, const Tensor& b);
// In place (`a += b`): writes into `a` (which must not be a broadcast view
// that b would enlarge); throws "result type float32 can't be cast to the
// desired output type int64" when the promoted type does not fit a's dtype.
void binary_inplace(BinaryOp op, const Tensor& a, const Tensor& b);
void binary_inplace(BinaryOp op, const Tensor& a, Scalar b);

// Result dtype of binary(op, a, b) (for the tracer/backend too).
DType result_type(const Tensor& a, const Tensor& b);
DType result_type(const Tensor& a, Scalar b);
DType result_type(Scalar a, const Tensor& b);

// where(cond, a, b): cond bool (others are compared != 0); a/b promote.
using TensorOrScalar = std::variant<Tensor, Scalar>;
Tensor where(const Tensor& cond, const TensorOrScalar& a, const TensorOrScalar& b);
// clamp(x, lo, hi): absent bound = no bound; result dtype promotes x with bounds.
Tensor clamp(const Tensor& x, const std::optional<TensorOrScalar>& lo,
             const std::optional<TensorOrScalar>& hi);

// ---- issue 11 (elementwise_more.cpp); the element functions are lang/semantics/elementwise.h's
// torch.round(x, decimals=d) (sem::Round; d != 0 on integers throws).
Tensor round_decimals(const Tensor& a, int64_t decimals);
// nan_to_num: absent posinf / neginf are the dtype's largest / lowest finite values.
Tensor nan_to_num(const Tensor& a, double nan, std::optional<double> posinf, std::optional<double> neginf);
Tensor is_nan(const Tensor& a);  // bool
Tensor is_inf(const Tensor& a);  // bool
// lerp(start, end, weight) (sem::Lerp): floats; start and end of one dtype
// (a tensor weight too), torch's errors otherwise.
Tensor lerp(const Tensor& a, const Tensor& b, const TensorOrScalar& w);

// Broadcast shape of two shapes, or TensorError naming both.
Dims broadcast_shapes(const Dims& a, const Dims& b);

// ================================================================ reductions

// Its result dtype rule (lang/semantics/dtype.h): mean of an integer tensor is an error.
sem::ReduceRule reduce_rule(ReduceOp op);

// Reduces the given dims (negative allowed; empty = all dims) with keepdim.
// Result dtypes: sum/prod of bool/int -> int64, of floats -> same;
// mean needs a float tensor ("mean(): input dtype must be floating point,
// got int64"); max/min keep the dtype; argmax/argmin -> int64; all/any -> bool.
// max/min/argmax/argmin of an empty reduction throw. NaN propagates in
// max/min (and argmax/argmin point at the first NaN), as in torch.
// argmax/argmin accept at most one dim (none = over the flattened tensor).
Tensor reduce(ReduceOp op, const Tensor& a, std::span<const int64_t> dims = {},
              bool keepdim = false);
// torch.max(x, dim) / torch.min(x, dim): (values, int64 indices).
std::pair<Tensor, Tensor> max_with_indices(const Tensor& a, int64_t dim, bool keepdim = false);
std::pair<Tensor, Tensor> min_with_indices(const Tensor& a, int64_t dim, bool keepdim = false);

// ---- issue 11 (scan.cpp): cumsum / cumprod along `dim`. Result dtype: `dtype`
// if given (the input is cast first), else bool and integers give int64,
// floats keep theirs (torch).
enum class ScanOp { CumSum, CumProd };
Tensor scan(ScanOp op, const Tensor& a, int64_t dim, std::optional<DType> dtype = std::nullopt);

// ================================================================ matmul

// torch.matmul: 1-D @ 1-D -> 0-d; 2-D @ 1-D; 1-D @ 2-D; batched with
// broadcast batch dims. Both operands must have the same dtype
// ("matmul: dtypes differ: int64 @ float32"); float32/float64 use BLAS,
// int32/int64 a plain loop, bool throws. Mismatch throws
// "matmul: inner dimensions differ: [2, 3] @ [4, 5]".
Tensor matmul(const Tensor& a, const Tensor& b);

// ================================================================ windows
// Convolution, pooling and padding (conv.cpp, pool.cpp), torch.nn.functional's
// semantics; shapes, argument checks and messages are lang/semantics/window.h's
// (WindowShape / PadShape: a TensorError with torch's message).

// conv (spatial 1 or 2): x [N, C, (H,) W] or unbatched, w [O, C/groups, (KH,) KW],
// optional bias [O]; float32/float64, all the same dtype. im2col + BLAS gemm.
Tensor conv(int spatial, const Tensor& x, const Tensor& w, const Tensor* bias, sem::WindowParams p);
// max/avg/adaptive-avg pooling (kind), float32/float64.
Tensor pool(sem::WindowKind kind, int spatial, const Tensor& x, sem::WindowParams p);
// pad: `pad` pairs from the last dim backwards; `value` for PadMode::Constant.
Tensor pad(const Tensor& x, std::span<const int64_t> pad, sem::PadMode mode, double value);

// ================================================================ shape ops
// (V) = a view sharing storage with the input.

Tensor transpose(const Tensor& a, int64_t d0, int64_t d1);      // (V)
Tensor t_T(const Tensor& a);                                    // `.T`: reverses all dims (V)
Tensor permute(const Tensor& a, std::span<const int64_t> perm);  // (V)
// reshape: a view when the strides allow it, otherwise a copy. One -1 entry
// is inferred. "shape [2, 4] is invalid for input of size 6".
Tensor reshape(const Tensor& a, std::span<const int64_t> shape);
// view: like reshape but never copies ("view: shape [..] is not compatible
// with the input's strides; use reshape").
Tensor view(const Tensor& a, std::span<const int64_t> shape);   // (V)
Tensor flatten(const Tensor& a, int64_t start_dim = 0, int64_t end_dim = -1);  // reshape
Tensor squeeze(const Tensor& a);                                 // all size-1 dims (V)
Tensor squeeze(const Tensor& a, int64_t dim);                    // no-op if size != 1 (V)
Tensor unsqueeze(const Tensor& a, int64_t dim);                  // dim in [-ndim-1, ndim] (V)
// expand: -1 keeps a size; new leading dims allowed; only size-1 dims grow (V).
Tensor expand(const Tensor& a, std::span<const int64_t> sizes);
Tensor broadcast_to(const Tensor& a, const Dims& sizes);         // (V)
Tensor cat(std::span<const Tensor> ts, int64_t dim = 0);  // dtypes promote
Tensor stack(std::span<const Tensor> ts, int64_t dim = 0);
Tensor contiguous(const Tensor& a);  // `a` itself if already contiguous
Tensor clone(const Tensor& a);       // always a fresh contiguous copy
Tensor to_dtype(const Tensor& a, DType dtype);  // `a` itself if same dtype
// Copies src (broadcast to dst's shape, cast to dst's dtype) into dst.
void copy_into(const Tensor& dst, const Tensor& src);
void fill(const Tensor& dst, Scalar value);

// ================================================================ indexing

struct Slice {
  std::optional<int64_t> start, stop, step;  // Python semantics; step > 0 (torch)
};
struct NoneIndex {};      // `None`: inserts a size-1 dim
struct EllipsisIndex {};  // `...`
// One item of a subscript x[i0, i1, ...]. A Tensor item is an int64/int32
// index tensor (negative entries wrap) or a bool mask (selects where true and
// consumes as many dims as the mask has).
using IndexItem = std::variant<int64_t, Slice, NoneIndex, EllipsisIndex, Tensor>;

// x[items]: ints/slices/None/... give a view; index tensors and masks give a
// copy (advanced indexing, torch rules: the advanced dims broadcast together
// and go where the first one was if they are adjacent, else to the front).
// Errors: "index 5 is out of range for dimension 0 of size 3",
// "too many indices for tensor of dimension 2", "mask shape [..] does not
// match indexed shape [..]".
Tensor index(const Tensor& x, std::span<const IndexItem> items);
// x[items] = value (value broadcast to the indexed shape and cast to x's dtype).
void index_put(const Tensor& x, std::span<const IndexItem> items, const Tensor& value);
void index_put(const Tensor& x, std::span<const IndexItem> items, Scalar value);
// Indices where mask is true, as an int64 tensor [count, mask.dim()].
Tensor nonzero(const Tensor& mask);

// gather.cpp (torch semantics). gather: out[i][j] = x[i][index[i][j]] (dim 1);
// index has x's rank and no larger sizes off `dim`; positions do not wrap.
Tensor gather(const Tensor& x, int64_t dim, const Tensor& index);
// sort.cpp: a copy of x with src (a tensor, read where index is, or a
// number) combined at the positions of index along dim as `mode` says
// (lang/semantics/scatter_modes.def: written, added, multiplied, averaged, max,
// min); include_self false leaves x's value out of each updated position's
// reduction (torch.scatter_reduce). `what` names the op in errors.
Tensor scatter(const Tensor& x, int64_t dim, const Tensor& index, const TensorOrScalar& src, sem::ScatterMode mode,
               bool include_self = true, const char* what = "scatter");
// x[:, ..., index] on dim (1-d index; negative positions wrap, as indexing).
Tensor index_select(const Tensor& x, int64_t dim, const Tensor& index);
Tensor flip(const Tensor& x, std::span<const int64_t> dims);  // a copy
// sort.cpp: int64 positions that sort x along dim (stable; NaN is largest);
// k >= 0 keeps the first k (topk). sort: the values (gathered) and positions.
Tensor argsort(const Tensor& x, int64_t dim, bool descending, int64_t k = -1);
std::pair<Tensor, Tensor> sort(const Tensor& x, int64_t dim, bool descending, int64_t k = -1);
// The kernels behind them on C ABI views (also ts_rt_argsort / ts_rt_scatter):
// out (int64, out.sizes[axis] = k) gets the first k positions; y (contiguous,
// x's shape) gets x with the updates (src NULL or 0-d: one value); the result
// is nonzero if an index is out of range (the first one in *bad_index).
void argsort_abi(const ts_tensor& x, const ts_tensor& out, int axis, bool descending);
int64_t scatter_abi(const ts_tensor& x, const ts_tensor& index, const ts_tensor* src, const ts_tensor& y, int axis,
                    int mode, int64_t* bad_index);

// ================================================================ conversion

// tolist(): nested lists of Scalars (a 0-d tensor gives a leaf).
Nested tolist(const Tensor& a);

}  // namespace tcc::rt
