// dtype.cpp: dtype names and torch's three-tier result-type rule (dim>0
// tensors, 0-d tensors, weak scalars), applied through the semantics library
// (lang/semantics/dtype.h).
#include "tensor/internal.h"

namespace tcc::rt {

bool dtype_from_name(std::string_view n, DType* out) {
  auto d = sem::DTypeFromName(n);
  if (!d) return false;
  *out = *d;
  return true;
}

namespace detail {

void PromoteState::add(const Tensor& t) {
  rt.Add(t.dtype(), t.dim() > 0 ? sem::Operand::Tensor : sem::Operand::ZeroDim);
}

void PromoteState::add(Scalar s) {
  rt.Add(s.is_float() ? sem::PyKind::Float : s.is_int() ? sem::PyKind::Int : sem::PyKind::Bool);
}

DType PromoteState::result() const { return rt.Result(); }

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
