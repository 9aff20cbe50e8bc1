// matmul.cpp: implements matmul (torch.matmul semantics: 1-D/2-D/batched
// with broadcast batch dims) on BLAS sgemm/dgemm (tensor/blas.h) for floats
// and a plain loop for ints, plus ts_rt_gemm_f32/f64 of the C ABI.
#include "tensor/blas.h"
#include "tensor/internal.h"
#include "ts_runtime.h"

namespace tcc::rt {
using namespace detail;

namespace {

// BLAS operand: a 2-D matrix view usable as-is when one of its strides is 1.
struct Mat {
  bool trans = false;
  int64_t ld = 0;
};

bool blas_ok(const Tensor& m, Mat* out) {  // m is [rows, cols]
  int64_t r = m.sizes()[0], c = m.sizes()[1];
  int64_t s0 = m.strides()[0], s1 = m.strides()[1];
  if ((s1 == 1 || c == 1) && (s0 >= std::max<int64_t>(c, 1) || r == 1)) {
    out->trans = false;
    out->ld = std::max<int64_t>(r == 1 ? c : s0, 1);
    return true;
  }
  if ((s0 == 1 || r == 1) && (s1 >= std::max<int64_t>(r, 1) || c == 1)) {
    out->trans = true;
    out->ld = std::max<int64_t>(c == 1 ? r : s1, 1);
    return true;
  }
  return false;
}

template <class T>
void gemm(const Tensor& a, const Tensor& b, const Tensor& c) {  // all 2-D, c contiguous
  int64_t m = a.sizes()[0], k = a.sizes()[1], n = b.sizes()[1];
  T* pc = c.data<T>();
  if constexpr (std::is_floating_point_v<T>) {
    Tensor aa = a, bb = b;
    Mat ma, mb;
    if (!blas_ok(aa, &ma)) { aa = clone(aa); blas_ok(aa, &ma); }
    if (!blas_ok(bb, &mb)) { bb = clone(bb); blas_ok(bb, &mb); }
    if constexpr (std::is_same_v<T, float>)
      gemm_f32(ma.trans, mb.trans, m, n, k, aa.data<float>(), ma.ld, bb.data<float>(), mb.ld, pc, n);
    else
      gemm_f64(ma.trans, mb.trans, m, n, k, aa.data<double>(), ma.ld, bb.data<double>(), mb.ld, pc, n);
  } else {
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    int64_t as0 = a.strides()[0], as1 = a.strides()[1], bs0 = b.strides()[0], bs1 = b.strides()[1];
    using U = std::make_unsigned_t<T>;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) pc[i * n + j] = 0;
      for (int64_t p = 0; p < k; ++p) {
        U av = U(pa[i * as0 + p * as1]);
        for (int64_t j = 0; j < n; ++j)
          pc[i * n + j] = T(U(pc[i * n + j]) + av * U(pb[p * bs0 + j * bs1]));
      }
    }
  }
}

}  // namespace

Tensor matmul(const Tensor& a0, const Tensor& b0) {
  if (!a0.defined() || !b0.defined()) throw TensorError("matmul: undefined tensor");
  if (a0.dim() == 0 || b0.dim() == 0)
    throw TensorError("matmul: both arguments need at least 1 dimension, got " +
                      std::to_string(a0.dim()) + "D and " + std::to_string(b0.dim()) + "D");
  if (a0.dtype() != b0.dtype())
    throw TensorError(std::string("matmul: dtypes differ: ") + dtype_name(a0.dtype()) + " @ " +
                      dtype_name(b0.dtype()));
  if (a0.dtype() == DType::Bool) throw TensorError("matmul: not supported for bool tensors");
  // promote 1-D operands to matrices, remembering which dims to drop
  Tensor a = a0.dim() == 1 ? unsqueeze(a0, 0) : a0;
  Tensor b = b0.dim() == 1 ? unsqueeze(b0, 1) : b0;
  int64_t m = a.size(-2), k = a.size(-1), k2 = b.size(-2), n = b.size(-1);
  if (k != k2)
    throw TensorError("matmul: inner dimensions differ: " + dims_str(a0.sizes()) + " @ " + dims_str(b0.sizes()));
  Dims ba(std::span<const int64_t>(a.sizes().data(), size_t(a.dim() - 2)));
  Dims bb(std::span<const int64_t>(b.sizes().data(), size_t(b.dim() - 2)));
  Dims batch;
  try {
    batch = broadcast_shapes(ba, bb);
  } catch (const TensorError&) {
    throw TensorError("matmul: batch dimensions cannot be broadcast: " + dims_str(a0.sizes()) + " @ " +
                      dims_str(b0.sizes()));
  }
  Dims ea = batch, eb = batch, oshape = batch;
  ea.push_back(m); ea.push_back(k);
  eb.push_back(k); eb.push_back(n);
  oshape.push_back(m); oshape.push_back(n);
  Tensor A = broadcast_to(a, ea), B = broadcast_to(b, eb);
  Tensor out = Tensor::empty(oshape, a.dtype());
  int64_t nb = dims_numel(batch);
  // fold a contiguous batch of A into one big gemm when B is shared
  bool fold_a = nb > 1 && a.dim() > 2 && b.dim() == 2 && a.is_contiguous();
  dispatch(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      if (fold_a) {
        Tensor A2 = reshape(a, Dims{nb * m, k});
        Tensor C2(out.storage(), Dims{nb * m, n}, Dims{n, 1}, 0, out.dtype());
        gemm<T>(A2, b, C2);
        return;
      }
      Dims idx = Dims::filled(batch.size(), 0);
      for (int64_t bi = 0; bi < nb; ++bi) {
        int64_t oa = A.offset(), ob = B.offset(), rem = bi;
        for (int d = batch.size() - 1; d >= 0; --d) {
          int64_t i = rem % batch[d];
          rem /= batch[d];
          oa += i * A.strides()[d];
          ob += i * B.strides()[d];
        }
        int nd = A.dim();
        Tensor Am(A.storage(), Dims{m, k}, Dims{A.strides()[nd - 2], A.strides()[nd - 1]}, oa, A.dtype());
        Tensor Bm(B.storage(), Dims{k, n}, Dims{B.strides()[nd - 2], B.strides()[nd - 1]}, ob, B.dtype());
        Tensor Cm(out.storage(), Dims{m, n}, Dims{n, 1}, bi * m * n, out.dtype());
        gemm<T>(Am, Bm, Cm);
      }
    }
  });
  if (a0.dim() == 1 && b0.dim() == 1) return reshape(out, Dims{});
  if (a0.dim() == 1) return squeeze(out, -2);
  if (b0.dim() == 1) return squeeze(out, -1);
  return out;
}

}  // namespace tcc::rt

extern "C" void ts_rt_gemm_f32(int32_t trans_a, int32_t trans_b, int64_t m, int64_t n, int64_t k, const float* a,
                               int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc) {
  tcc::rt::gemm_f32(trans_a != 0, trans_b != 0, m, n, k, a, lda, b, ldb, c, ldc);
}

extern "C" void ts_rt_gemm_f64(int32_t trans_a, int32_t trans_b, int64_t m, int64_t n, int64_t k, const double* a,
                               int64_t lda, const double* b, int64_t ldb, double* c, int64_t ldc) {
  tcc::rt::gemm_f64(trans_a != 0, trans_b != 0, m, n, k, a, lda, b, ldb, c, ldc);
}

extern "C" void ts_rt_gemm_batched(int32_t f64, int32_t trans_a, int32_t trans_b, int64_t m, int64_t n, int64_t k,
                                   const void* a, int64_t lda, const void* b, int64_t ldb, void* c, int64_t ldc,
                                   int32_t nb, const int64_t* batch) {
  const int64_t *sizes = batch, *sa = batch + nb, *sb = batch + 2 * nb, *sc = batch + 3 * nb;
  if (f64)
    tcc::rt::gemm_batched(trans_a != 0, trans_b != 0, m, n, k, static_cast<const double*>(a), lda,
                          static_cast<const double*>(b), ldb, static_cast<double*>(c), ldc, nb, sizes, sa, sb, sc);
  else
    tcc::rt::gemm_batched(trans_a != 0, trans_b != 0, m, n, k, static_cast<const float*>(a), lda,
                          static_cast<const float*>(b), ldb, static_cast<float*>(c), ldc, nb, sizes, sa, sb, sc);
}
