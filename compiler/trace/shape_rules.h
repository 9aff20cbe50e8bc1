// Defines the abstract shape and dtype rules of tensor operations, as the
// tracer applies them: torch's type promotion, NumPy broadcasting over
// static and symbolic dims, matmul, reductions and views.
//
// Symbolic dims live in a SymTable. When a rule needs two dims to be equal
// (broadcasting s0 against 4, matmul's inner dims) it unifies them: the
// tracer then assumes, and guards, that they are equal. Every rule returns
// the output type, or an error message in user terms.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <functional>
#include <variant>
#include <vector>

#include "graph/graph.h"
#include "graph/shape.h"

namespace tcc::trace {

using graph::Dim;
using graph::DType;
using graph::Shape;
using graph::TensorType;

// Symbols and their unification (union-find; a class may be bound to a
// static size).
//
// A symbol made while tracing compiled code (the length of `x[::3]` or of
// `zeros(n)` for a run-time n) is *derived*: no kernel input binds it, so
// no guard can check an assumption about it. Unify never binds a derived
// symbol to anything else; it sets `unverified` instead, and the tracer runs
// that statement in the interpreter (Tracer::Emit). Binding it would also
// rewrite the shapes of earlier statements of the segment.
class SymTable {
 public:
  Dim Fresh();
  std::function<bool()> derived_context;  // true while tracing compiled code
  bool unverified = false;                // an assumption about a derived symbol was needed
  // The representative of `d`: a static dim when its class is bound.
  Dim Resolve(Dim d) const;
  Shape Resolve(const Shape& s) const;
  // Makes a and b equal; false when they are different static sizes.
  bool Unify(Dim a, Dim b);
  bool KnownEqual(Dim a, Dim b) const;  // equal under the current unification
  // An upper bound on a symbolic size (`x[:, :T]` of a dim of static size n
  // reads T <= n): its guard checks it, so compiled code may rely on it.
  void Cap(Dim d, int64_t max);
  std::optional<int64_t> MaxOf(Dim d) const;
  bool Derived(Dim d) const;  // made while tracing: no kernel input binds it

 private:
  int32_t Root(int32_t s) const;
  std::vector<int32_t> parent_;
  std::vector<int64_t> bound_;  // -1 unbound
  std::vector<char> derived_;
  std::vector<int64_t> max_;  // per root, -1 none
};

template <typename T>
using RuleResult = std::variant<T, std::string>;  // value or error message

inline bool IsFloatType(DType t) { return sem::IsFloating(t); }
inline bool IsIntType(DType t) { return sem::IsIntegral(t); }

// Tensor-tensor promotion (torch.promote_types). Operands that may be 0-d
// tensors or Python numbers go through trace/promote.h (torch's result_type).
inline DType Promote(DType a, DType b) { return sem::PromoteTypes(a, b); }

// Shape helpers shared with the graph IR (graph/shape.h).
using graph::ShapeString;
using graph::StaticNumel;

RuleResult<Shape> Broadcast(SymTable& syms, const Shape& a, const Shape& b);
RuleResult<Shape> MatMul(SymTable& syms, const Shape& a, const Shape& b);
// Normalises `dims` against `rank` (negative dims count from the end);
// an empty list means all dims.
RuleResult<std::vector<int64_t>> NormalizeDims(const std::vector<int64_t>& dims, size_t rank);
Shape Reduce(const Shape& in, const std::vector<int64_t>& norm_dims, bool keepdim);
RuleResult<Shape> Transpose(const Shape& in, int64_t d0, int64_t d1);
RuleResult<Shape> Permute(const Shape& in, const std::vector<int64_t>& perm);
// `sizes` entries: >= 0 static, -1 infer; `sym_sizes` carries symbolic
// entries (an int known only at run time) as fresh symbols.
RuleResult<Shape> Reshape(SymTable& syms, const Shape& in, const std::vector<Dim>& sizes,
                          const std::vector<bool>& infer);
RuleResult<Shape> Flatten(SymTable& syms, const Shape& in, int64_t start, int64_t end);
RuleResult<Shape> Unsqueeze(const Shape& in, int64_t dim);
RuleResult<Shape> Squeeze(SymTable& syms, const Shape& in, std::optional<int64_t> dim,
                          std::vector<int64_t>* removed);
RuleResult<Shape> Expand(SymTable& syms, const Shape& in, const std::vector<Dim>& sizes,
                         const std::vector<bool>& keep);
RuleResult<Shape> Cat(SymTable& syms, const std::vector<Shape>& ins, int64_t dim, int64_t* norm_dim);
RuleResult<Shape> Stack(SymTable& syms, const std::vector<Shape>& ins, int64_t dim, int64_t* norm_dim);
// x[start:stop:step] on `dim`; absent bounds as nullopt. Fills the
// normalised {start, stop, step}.
RuleResult<Shape> SliceDim(SymTable& syms, const Shape& in, int64_t dim, std::optional<int64_t> start,
                           std::optional<int64_t> stop, int64_t step, std::vector<int64_t>* norm);
RuleResult<Shape> SelectDim(const Shape& in, int64_t dim, int64_t index, int64_t* norm_index);


}  // namespace tcc::trace
