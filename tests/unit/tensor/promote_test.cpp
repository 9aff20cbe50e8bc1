// Tests torch's type promotion (dim>0 tensors, 0-d tensors, weak Python
// scalars) and broadcasting rules, with their error messages. The expected
// dtypes are torch's documented results (torch.result_type).
#include "test_util.h"

using namespace tt;

TEST_CASE("promote_types lattice", "[promote]") {
  CHECK(promote_types(DType::I64, DType::F32) == DType::F32);
  CHECK(promote_types(DType::I32, DType::I64) == DType::I64);
  CHECK(promote_types(DType::Bool, DType::I32) == DType::I32);
  CHECK(promote_types(DType::F32, DType::F64) == DType::F64);
  CHECK(promote_types(DType::Bool, DType::Bool) == DType::Bool);
}

TEST_CASE("weak scalars only change the category", "[promote]") {
  Tensor i64 = I({1, 2}), i32 = I({1, 2}, {}, DType::I32), f32 = F({1, 2}),
         f64 = F({1, 2}, {}, DType::F64), b = B({1, 0});
  CHECK(binary(BinaryOp::Mul, i64, S(2.5)).dtype() == DType::F32);
  CHECK(vals(binary(BinaryOp::Mul, i64, S(2.5))) == std::vector<double>{2.5, 5});
  CHECK(binary(BinaryOp::Add, f32, S(1.0)).dtype() == DType::F32);
  CHECK(binary(BinaryOp::Add, i32, Si(1)).dtype() == DType::I32);
  CHECK(binary(BinaryOp::Add, f64, S(1.0)).dtype() == DType::F64);
  CHECK(binary(BinaryOp::Add, b, Si(1)).dtype() == DType::I64);
  CHECK(binary(BinaryOp::Add, b, S(1.0)).dtype() == DType::F32);
  CHECK(binary(BinaryOp::Add, b, Sb(true)).dtype() == DType::Bool);
  CHECK(binary(BinaryOp::Add, Si(1), i32).dtype() == DType::I32);
}

TEST_CASE("tensor-tensor promotion and 0-d tensors", "[promote]") {
  Tensor i32 = I({1, 2}, {}, DType::I32), i64 = I({1, 2}), f32 = F({1, 2});
  CHECK(binary(BinaryOp::Add, i32, i64).dtype() == DType::I64);
  CHECK(binary(BinaryOp::Add, i64, f32).dtype() == DType::F32);
  Tensor z64 = Tensor::scalar(S(1.0), DType::F64);
  Tensor zi64 = Tensor::scalar(Si(1));
  CHECK(binary(BinaryOp::Add, f32, z64).dtype() == DType::F32);  // same category: dim>0 wins
  CHECK(binary(BinaryOp::Add, i32, zi64).dtype() == DType::I32);
  CHECK(binary(BinaryOp::Add, i32, z64).dtype() == DType::F64);  // higher category: promotes
  CHECK(binary(BinaryOp::Add, zi64, z64).dtype() == DType::F64);
  CHECK(binary(BinaryOp::Add, Tensor::scalar(Si(1), DType::I32), Si(5)).dtype() == DType::I32);
}

TEST_CASE("division, comparisons and bool arithmetic result dtypes", "[promote]") {
  Tensor i = I({7, -7});
  Tensor d = binary(BinaryOp::Div, i, Si(2));
  CHECK(d.dtype() == DType::F32);
  CHECK(vals(d) == std::vector<double>{3.5, -3.5});
  CHECK(binary(BinaryOp::Div, I({1}, {}, DType::I32), I({2}, {}, DType::I32)).dtype() == DType::F32);
  CHECK(binary(BinaryOp::Lt, i, S(0.5)).dtype() == DType::Bool);
  CHECK(vals(binary(BinaryOp::Lt, i, S(0.5))) == std::vector<double>{0, 1});
  Tensor bb = binary(BinaryOp::Add, B({1, 1, 0}), B({1, 0, 0}));
  CHECK(bb.dtype() == DType::Bool);
  CHECK(vals(bb) == std::vector<double>{1, 1, 0});
  CHECK(vals(binary(BinaryOp::Mul, B({1, 1, 0}), B({1, 0, 0}))) == std::vector<double>{1, 0, 0});
  CHECK(binary(BinaryOp::Add, B({1}), I({3}, {}, DType::I32)).dtype() == DType::I32);
  CHECK(result_type(I({1}), S(1.0)) == DType::F32);
  CHECK(result_type(Si(1), F({1}, {}, DType::F64)) == DType::F64);
}

TEST_CASE("broadcasting", "[broadcast]") {
  CHECK(broadcast_shapes(Dims{3, 1}, Dims{4}) == Dims{3, 4});
  CHECK(broadcast_shapes(Dims{}, Dims{2, 2}) == Dims{2, 2});
  CHECK(broadcast_shapes(Dims{5, 1, 3}, Dims{2, 1}) == Dims{5, 2, 3});
  CHECK(broadcast_shapes(Dims{0, 1}, Dims{3}) == Dims{0, 3});
  Tensor col = F({1, 2, 3}, Dims{3, 1}), row = F({10, 20});
  Tensor s = binary(BinaryOp::Add, col, row);
  CHECK(shape(s) == std::vector<int64_t>{3, 2});
  CHECK(vals(s) == std::vector<double>{11, 21, 12, 22, 13, 23});
  CHECK_TENSOR_ERROR(binary(BinaryOp::Add, F({1, 2, 3}), F({1, 2, 3, 4})),
                     "shapes [3] and [4] cannot be broadcast");
  CHECK_TENSOR_ERROR(broadcast_shapes(Dims{2, 3}, Dims{3, 2}), "shapes [2, 3] and [3, 2] cannot be broadcast");
}
