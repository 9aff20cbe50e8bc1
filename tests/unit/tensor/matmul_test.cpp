// Tests matmul shapes and values. a = [[1,2,3],[4,5,6]], b = [[7,8],[9,10],[11,12]]:
// a @ b = [[58, 64], [139, 154]] (by hand: 1*7+2*9+3*11 = 58, ...).
#include "test_util.h"

using namespace tt;

TEST_CASE("2-D matmul float and int", "[matmul]") {
  Tensor a = F({1, 2, 3, 4, 5, 6}, Dims{2, 3}), b = F({7, 8, 9, 10, 11, 12}, Dims{3, 2});
  Tensor c = matmul(a, b);
  CHECK(shape(c) == std::vector<int64_t>{2, 2});
  CHECK(vals(c) == std::vector<double>{58, 64, 139, 154});
  Tensor ci = matmul(to_dtype(a, DType::I64), to_dtype(b, DType::I64));
  CHECK(ci.dtype() == DType::I64);
  CHECK(vals(ci) == std::vector<double>{58, 64, 139, 154});
  CHECK(vals(matmul(to_dtype(a, DType::F64), to_dtype(b, DType::F64))) ==
        std::vector<double>{58, 64, 139, 154});
  CHECK(vals(matmul(to_dtype(a, DType::I32), to_dtype(b, DType::I32))) == std::vector<double>{58, 64, 139, 154});
  // transposed operands go to BLAS without copies
  Tensor at = t_T(F({1, 4, 2, 5, 3, 6}, Dims{3, 2}));
  Tensor bt = t_T(F({7, 9, 11, 8, 10, 12}, Dims{2, 3}));
  CHECK(vals(matmul(at, bt)) == std::vector<double>{58, 64, 139, 154});
}

TEST_CASE("1-D and batched matmul", "[matmul]") {
  Tensor v = F({1, 2, 3});
  Tensor dot = matmul(v, v);
  CHECK(dot.dim() == 0);
  CHECK(dot.item().to_double() == 14);
  Tensor a = F({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  Tensor mv = matmul(a, v);
  CHECK(shape(mv) == std::vector<int64_t>{2});
  CHECK(vals(mv) == std::vector<double>{14, 32});
  Tensor vm = matmul(F({1, 1}), a);
  CHECK(vals(vm) == std::vector<double>{5, 7, 9});
  Tensor batch = stack(std::vector<Tensor>{a, binary(BinaryOp::Mul, a, Si(2))});  // [2,2,3]
  Tensor bm = matmul(batch, F({1, 0, 0, 1, 0, 0}, Dims{3, 2}));                   // [2,2,2]
  CHECK(shape(bm) == std::vector<int64_t>{2, 2, 2});
  CHECK(vals(bm) == std::vector<double>{1, 2, 4, 5, 2, 4, 8, 10});
  // broadcast batch dims: [2,1,2,3] @ [3,3,2] -> [2,3,2,2]
  Tensor l = reshape(batch, Dims{2, 1, 2, 3});
  Tensor r = expand(unsqueeze(F({1, 0, 0, 1, 0, 0}, Dims{3, 2}), 0), Dims{3, 3, 2});
  CHECK(shape(matmul(l, r)) == std::vector<int64_t>{2, 3, 2, 2});
  Tensor vb = matmul(v, reshape(arange(Si(1), Si(13), Si(1), DType::F32), Dims{2, 3, 2}));  // [2,2]
  CHECK(vals(vb) == std::vector<double>{22, 28, 58, 64});
}

TEST_CASE("matmul errors", "[matmul][error]") {
  CHECK_TENSOR_ERROR(matmul(zeros(Dims{2, 3}), zeros(Dims{4, 5})),
                     "matmul: inner dimensions differ: [2, 3] @ [4, 5]");
  CHECK_TENSOR_ERROR(matmul(zeros(Dims{2, 3}), zeros(Dims{3}, DType::I64)), "matmul: dtypes differ: float32 @ int64");
  CHECK_TENSOR_ERROR(matmul(Tensor::scalar(S(1.0)), zeros(Dims{3})), "at least 1 dimension");
  CHECK_TENSOR_ERROR(matmul(zeros(Dims{2, 2, 3}), zeros(Dims{3, 3, 2})), "batch dimensions");
  CHECK_TENSOR_ERROR(matmul(B({1}), B({1})), "bool");
}

TEST_CASE("empty and large matmul", "[matmul]") {
  CHECK(vals(matmul(zeros(Dims{2, 0}), zeros(Dims{0, 2}))) == std::vector<double>{0, 0, 0, 0});
  Tensor a = ones(Dims{256, 512}), b = ones(Dims{512, 64});
  Tensor c = matmul(a, b);
  CHECK(c.at(0).to_double() == 512);
  CHECK(c.at(256 * 64 - 1).to_double() == 512);
}
