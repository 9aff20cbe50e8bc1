// Tests lang/semantics/dtype.h against torch 1.13's answers (in the comments).
#include <catch2/catch.hpp>

#include "semantics/dtype.h"

using namespace tcc::sem;

TEST_CASE("dtype names and aliases are torch's") {
  CHECK(std::string(DTypeName(DType::F32)) == "float32");
  CHECK(DTypeFromName("float64") == DType::F64);
  CHECK(DTypeFromName("float") == DType::F32);   // torch.float
  CHECK(DTypeFromName("int") == DType::I32);     // torch.int
  CHECK(DTypeFromName("long") == DType::I64);
  CHECK(DTypeFromName("half") == std::nullopt);
  CHECK(DTypeOfPyType("float") == DType::F64);   // torch.zeros(2, dtype=float).dtype
  CHECK(DTypeOfPyType("int") == DType::I64);
  CHECK(DTypeOfPyType("bool") == DType::Bool);
  CHECK(DTypeOfPyType("str") == std::nullopt);
  CHECK(DTypeBytes(DType::I32) == 4);
  CHECK(kNumDTypes == 5);
}

TEST_CASE("promote_types ranks categories, then width") {
  CHECK(PromoteTypes(DType::I64, DType::F32) == DType::F32);
  CHECK(PromoteTypes(DType::I32, DType::I64) == DType::I64);
  CHECK(PromoteTypes(DType::F64, DType::F32) == DType::F64);
  CHECK(PromoteTypes(DType::Bool, DType::I32) == DType::I32);
}

TEST_CASE("result_type: 0-d tensors and scalars promote only across categories") {
  auto rt = [](std::initializer_list<std::pair<DType, Operand>> ops) {
    ResultType r;
    for (auto [d, o] : ops) r.Add(d, o);
    return r.Result();
  };
  // float32[n] + tensor(1.0, dtype=float64) -> float32
  CHECK(rt({{DType::F32, Operand::Tensor}, {DType::F64, Operand::ZeroDim}}) == DType::F32);
  // int32[n] + tensor(5) -> int32; bool[n] + tensor(5) -> int64
  CHECK(rt({{DType::I32, Operand::Tensor}, {DType::I64, Operand::ZeroDim}}) == DType::I32);
  CHECK(rt({{DType::Bool, Operand::Tensor}, {DType::I64, Operand::ZeroDim}}) == DType::I64);
  // int64[n] + tensor(2.5, dtype=float64) -> float64 (a higher category)
  CHECK(rt({{DType::I64, Operand::Tensor}, {DType::F64, Operand::ZeroDim}}) == DType::F64);
  // two 0-d tensors promote normally
  CHECK(rt({{DType::F32, Operand::ZeroDim}, {DType::F64, Operand::ZeroDim}}) == DType::F64);
  // int64[n] * 2.5 -> float32 (the default dtype); int32[n] + 1 -> int32
  CHECK(ResultType().Add(DType::I64, Operand::Tensor).Add(PyKind::Float).Result() == DType::F32);
  CHECK(ResultType().Add(DType::I32, Operand::Tensor).Add(PyKind::Int).Result() == DType::I32);
  // float64 0-d + 1.5 -> float64; int64 0-d + 1.5 -> float32
  CHECK(ResultType().Add(DType::F64, Operand::ZeroDim).Add(PyKind::Float).Result() == DType::F64);
  CHECK(ResultType().Add(DType::I64, Operand::ZeroDim).Add(PyKind::Float).Result() == DType::F32);
}

TEST_CASE("reduction and float-function result dtypes") {
  CHECK(ReduceDType(ReduceRule::Accumulate, DType::I32) == DType::I64);   // int32 sum -> int64
  CHECK(ReduceDType(ReduceRule::Accumulate, DType::Bool) == DType::I64);
  CHECK(ReduceDType(ReduceRule::Accumulate, DType::F32) == DType::F32);
  CHECK(ReduceDType(ReduceRule::FloatOnly, DType::I64) == std::nullopt);   // mean of int64: an error
  CHECK(ReduceDType(ReduceRule::FloatOnly, DType::F64) == DType::F64);
  CHECK(ReduceDType(ReduceRule::Index, DType::F32) == DType::I64);
  CHECK(ReduceDType(ReduceRule::Keep, DType::I32) == DType::I32);
  CHECK(FloatFnDType(DType::I64) == DType::F32);
  CHECK(TrueDivDType(DType::I64) == DType::F32);
  CHECK(TrueDivDType(DType::F64) == DType::F64);
  CHECK(ReduceDTypeError("mean", DType::I64) == "mean(): input dtype must be floating point, got int64");
}
