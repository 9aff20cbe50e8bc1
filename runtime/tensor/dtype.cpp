// dtype.cpp: implements dtype names and sizes, promote_types and torch's
// three-tier result-type rule (dim>0 tensors, 0-d tensors, weak scalars).
#include "tensor/internal.h"

namespace tcc::rt {

const char* dtype_name(DType t) {
  switch (t) {
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
    case DType::Int64: return "int64";
    case DType::Int32: return "int32";
    case DType::Bool: return "bool";
  }
  return "?";
}

bool dtype_from_name(std::string_view n, DType* out) {
  if (n == "float32" || n == "float") *out = DType::Float32;
  else if (n == "float64" || n == "double") *out = DType::Float64;
  else if (n == "int64" || n == "long") *out = DType::Int64;
  else if (n == "int32" || n == "int") *out = DType::Int32;
  else if (n == "bool") *out = DType::Bool;
  else return false;
  return true;
}

size_t dtype_size(DType t) {
  switch (t) {
    case DType::Float32: return 4;
    case DType::Float64: return 8;
    case DType::Int64: return 8;
    case DType::Int32: return 4;
    case DType::Bool: return 1;
  }
  return 1;
}

namespace {
int category(DType t) { return is_floating(t) ? 2 : is_integral(t) ? 1 : 0; }
}  // namespace

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  int ca = category(a), cb = category(b);
  if (ca != cb) return ca > cb ? a : b;
  if (ca == 2) return (a == DType::Float64 || b == DType::Float64) ? DType::Float64 : DType::Float32;
  if (ca == 1) return (a == DType::Int64 || b == DType::Int64) ? DType::Int64 : DType::Int32;
  return DType::Bool;
}

namespace detail {

namespace {
int promote_opt(int a, DType b) { return a < 0 ? int(b) : int(promote_types(DType(a), b)); }

// torch's combine_categories(higher, lower).
int combine(int higher, int lower) {
  if (higher < 0) return lower;
  if (lower < 0) return higher;
  DType h = DType(higher), l = DType(lower);
  if (is_floating(h)) return higher;
  if (h == DType::Bool || is_floating(l)) return int(promote_types(h, l));
  return higher;
}
}  // namespace

void PromoteState::add(const Tensor& t) {
  if (t.dim() > 0) dim = promote_opt(dim, t.dtype());
  else zero = promote_opt(zero, t.dtype());
}

void PromoteState::add(Scalar s) {
  DType d = s.is_float() ? DType::Float32 : s.is_int() ? DType::Int64 : DType::Bool;
  wrapped = promote_opt(wrapped, d);
}

DType PromoteState::result() const {
  int r = combine(dim, combine(zero, wrapped));
  return r < 0 ? DType::Float32 : DType(r);
}

}  // namespace detail

DType result_type(const Tensor& a, const Tensor& b) {
  detail::PromoteState s; s.add(a); s.add(b); return s.result();
}
DType result_type(const Tensor& a, Scalar b) {
  detail::PromoteState s; s.add(a); s.add(b); return s.result();
}
DType result_type(Scalar a, const Tensor& b) {
  detail::PromoteState s; s.add(a); s.add(b); return s.result();
}

}  // namespace tcc::rt
