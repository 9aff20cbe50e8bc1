// test_util.h: small builders and accessors for the tensor unit tests.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tensor/io.h"
#include "tensor/ops.h"

namespace tt {
using namespace tcc::rt;

inline Scalar S(double v) { return Scalar::from_float(v); }
inline Scalar Si(int64_t v) { return Scalar::from_int(v); }
inline Scalar Sb(bool v) { return Scalar::from_bool(v); }

// 1-D tensors (optionally reshaped) of each dtype.
inline Tensor F(std::vector<double> v, Dims shape = {}, DType dt = DType::F32) {
  std::vector<Scalar> s;
  for (double x : v) s.push_back(S(x));
  if (shape.empty()) shape = Dims{int64_t(v.size())};
  return tensor_from_flat(s, shape, dt);
}
inline Tensor I(std::vector<int64_t> v, Dims shape = {}, DType dt = DType::I64) {
  std::vector<Scalar> s;
  for (int64_t x : v) s.push_back(Si(x));
  if (shape.empty()) shape = Dims{int64_t(v.size())};
  return tensor_from_flat(s, shape, dt);
}
inline Tensor B(std::vector<int> v, Dims shape = {}) {
  std::vector<Scalar> s;
  for (int x : v) s.push_back(Sb(x != 0));
  if (shape.empty()) shape = Dims{int64_t(v.size())};
  return tensor_from_flat(s, shape, DType::Bool);
}

// Values in row-major order, as doubles.
inline std::vector<double> vals(const Tensor& t) {
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(t.at(i).to_double());
  return out;
}
inline std::vector<int64_t> shape(const Tensor& t) { return t.sizes().vec(); }
inline std::string P(const Tensor& t) { return format_tensor(t); }

inline void check_close(const Tensor& t, const std::vector<double>& want, double tol = 1e-5) {
  auto got = vals(t);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i);
    if (std::isnan(want[i])) CHECK(std::isnan(got[i]));
    else CHECK(got[i] == Approx(want[i]).margin(tol).epsilon(tol));
  }
}

}  // namespace tt

// Checks that `expr` throws TensorError whose message contains `text`.
#define CHECK_TENSOR_ERROR(expr, text) CHECK_THROWS_WITH((expr), Catch::Matchers::Contains(text))
