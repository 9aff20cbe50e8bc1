// Defines the shape and dtype rules shared by the verifier, the passes and
// lowering: NumPy broadcasting of (possibly symbolic) shapes, reduction output
// shapes, matmul shapes and torch-style dtype helpers.
//
// Symbolic dimensions follow graph.h: the same symbol is the same size, a
// static 1 broadcasts against anything, and a symbol never broadcasts against
// a different symbol or a static size other than 1 (the tracer guards such
// shapes, so they do not reach the backend).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "graph/graph.h"

namespace tcc::graph {

// dtype facts, from the semantics library (lang/semantics/dtype.h)
inline bool IsFloat(DType t) { return sem::IsFloating(t); }
inline bool IsInteger(DType t) { return sem::IsIntegral(t); }  // int32, int64 (not bool)
inline int DTypeBytes(DType t) { return static_cast<int>(sem::DTypeBytes(t)); }  // bool: 1
using sem::PromoteTypes;  // tensor-tensor promotion (torch.promote_types)

// "[256, s0]"
std::string ShapeString(const Shape& s);
std::string TypeString(const TensorType& t);  // "float32[256, s0]"

// The broadcast of two shapes, or nullopt when they are incompatible.
std::optional<Shape> BroadcastShapes(const Shape& a, const Shape& b);

// Axes normalised to [0, rank), sorted and unique; an empty list means all axes.
// Returns nullopt when an axis is out of range.
std::optional<std::vector<int64_t>> NormalizeAxes(const std::vector<int64_t>& axes, size_t rank);

// The output shape of reducing `axes` (normalised) of `in`.
Shape ReduceShape(const Shape& in, const std::vector<int64_t>& axes, bool keepdim);

// The output shape of a @ b (torch.matmul rules, batch dims broadcast), or nullopt.
std::optional<Shape> MatMulShape(const Shape& a, const Shape& b);

// The output shape of a Window op (conv, pooling, pad; lang/semantics/window.h)
// with attrs `a` on operands of shapes `in`: "" and *out, or the error. Only
// the batch dim (pad: an unpadded dim) may be symbolic; it passes through.
std::string WindowOutShape(OpKind op, const Attrs& a, const std::vector<Shape>& in, Shape* out);

// The number of elements when every dimension is static, else nullopt.
std::optional<int64_t> StaticNumel(const Shape& s);

// True when every dim of `s` is static.
bool IsStatic(const Shape& s);

}  // namespace tcc::graph
