// Defines how tensors are Values (TensorObj wraps an rt::Tensor) and the
// tensor side of the interpreter's operators (tensor_ops.cpp): arithmetic
// with Python numbers, comparisons, truthiness, indexing, iteration, and the
// methods/properties of tensors (tensor_methods.cpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ast/ast.h"
#include "interp/op_count.h"
#include "interp/value.h"
#include "tensor/ops.h"
#include "tensor/tensor.h"

namespace tcc::interp {

class Interp;
struct Args;
struct GradMeta;

struct TensorObj : Object {
  explicit TensorObj(rt::Tensor v) : Object(OType::Tensor), t(std::move(v)) {}
  rt::Tensor t;
  bool parameter = false;  // nn.Parameter marked it (stdlib/torch/nn.ts: parameters(), state_dict())
  std::shared_ptr<GradMeta> ag;  // autograd state (interp/autograd.h), null for a plain tensor
  // From a small per-thread free list (tensor_convert.cpp): a loop of kernel
  // launches makes and drops a few tensor headers per iteration.
  static void* operator new(size_t bytes);
  static void operator delete(void* p, size_t bytes) noexcept;
};

inline Value MakeTensor(rt::Tensor t) { CountTensorOp(); return Value::Obj(new TensorObj(std::move(t))); }
inline const rt::Tensor& TensorOf(const Value& v) { return v.as<TensorObj>()->t; }

// Operators with at least one tensor operand.
Value TensorBinary(ast::BinOp op, const Value& a, const Value& b);
// `a op= b` with a tensor `a`: updates `a` in place as torch does (its dtype
// and shape stay; a result that would need a wider dtype or shape is an
// error) and returns a; `list += list/tuple` extends the list itself, as
// Python does. `@=` and other values rebind: returns BinaryOp.
Value AugmentedOp(ast::BinOp op, const Value& a, const Value& b);
Value TensorUnary(ast::UnaryOp op, const Value& a);
Value TensorCompare(ast::CmpOp op, const Value& a, const Value& b);
bool TensorTruthy(const Value& t);
Value TensorGetItem(const Value& t, const Value& index);
void TensorSetItem(const Value& t, const Value& index, const Value& v);
int64_t TensorLen(const Value& t);
Value TensorRow(const Value& t, int64_t i);

// Attributes: properties (`shape`, `T`, `dtype`, ...) and bound methods.
Value TensorGetAttr(const Value& t, int32_t sym);
// `t.name(args)`: args.pos[0] is the tensor. Throws AttributeError when the
// tensor has no such method.
Value TensorCallMethod(Interp& in, int32_t sym, Args& args);
// Tensor methods written in TensorScript, registered by stdlib/torch.ts's
// __tensor_methods(name=fn, ...); `__new__` is torch.Tensor(...)'s constructor.
std::unordered_map<int32_t, Value>& ScriptMethods();

// Conversions used by builtins.
rt::Scalar ToScalar(const Value& v, const char* what);
bool IsScalar(const Value& v);  // bool / int / float
Value FromScalar(rt::Scalar s);
// A tensor from a tensor Value, a Python number, or a (nested) list/tuple.
rt::Tensor ToTensor(const Value& v, const char* what);
rt::DType DTypeArg(const Value& v, const char* what);  // a dtype value
// The tensor a tensor builtin takes first (`input`, by position or keyword);
// a TypeError naming the builtin otherwise.
const rt::Tensor& InputTensor(Args& a);
Value MakeDType(rt::DType d);
// torch.return_types.<type>(items...): a tuple with the field names of
// lang/semantics/return_types.def's row; a TypeError when there is no such row or
// the item count is not its fields'.
Value MakeNamedTuple(std::string_view type, std::vector<Value> items);
// The (values, indices) pairs of max/min with a dim, sort, topk.
inline Value NamedPair(std::string_view type, rt::Tensor values, rt::Tensor indices) {
  return MakeNamedTuple(type, {MakeTensor(std::move(values)), MakeTensor(std::move(indices))});
}
// A shape given as ints `f(2, 3)`, a list/tuple `f([2, 3])` or a shape value.
rt::Dims ShapeArgs(const Value* pos, int32_t n, const char* what);
int64_t IntArg(const Value& v, const char* what);
Value NestedToValue(const rt::Nested& n);
rt::Nested ValueToNested(const Value& v);

// Rethrows an rt::TensorError as a TsError of the best-fitting kind.
[[noreturn]] void RethrowTensorError(const std::exception& e);

}  // namespace tcc::interp
