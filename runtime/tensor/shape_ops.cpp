// shape_ops.cpp: implements layout operations: transpose, .T, permute,
// reshape/view (torch's stride computation: a view whenever possible),
// flatten, squeeze, unsqueeze, expand, cat and stack.
#include <optional>

#include "semantics/shape_ops.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

Tensor make_view(const Tensor& a, const Dims& sizes, const Dims& strides, int64_t offset) {
  return Tensor(a.storage(), sizes, strides, offset, a.dtype());
}

// Infers one -1 entry; validates the element count.
Dims infer_shape(std::span<const int64_t> shape, int64_t numel) {
  Dims out;
  int infer = -1;
  int64_t prod = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (infer >= 0) throw TensorError("only one dimension can be inferred (-1) in shape " + dims_str(shape));
      infer = int(i);
    } else if (shape[i] < 0) {
      throw TensorError("invalid shape dimension " + std::to_string(shape[i]) + " in " + dims_str(shape));
    } else {
      prod *= shape[i];
    }
    out.push_back(shape[i]);
  }
  if (infer >= 0) {
    if (prod == 0 || numel % prod != 0)
      throw TensorError("shape " + dims_str(shape) + " is invalid for input of size " + std::to_string(numel));
    out[infer] = numel / prod;
  } else if (prod != numel) {
    throw TensorError("shape " + dims_str(shape) + " is invalid for input of size " + std::to_string(numel));
  }
  return out;
}

// torch's computeStride: strides for viewing (old sizes/strides) as `shape`,
// or nullopt when a copy is needed.
std::optional<Dims> view_strides(const Tensor& a, const Dims& shape) {
  const Dims& os = a.sizes();
  const Dims& ost = a.strides();
  if (a.numel() == 0 || os.empty()) {
    if (os.empty()) return contiguous_strides(shape);
    return contiguous_strides(shape);
  }
  Dims ns = Dims::filled(shape.size(), 0);
  if (!sem::ViewStridesInto(os, ost, shape, ns)) return std::nullopt;
  return ns;
}

}  // namespace

Tensor transpose(const Tensor& a, int64_t d0, int64_t d1) {
  int i = int(wrap_dim(d0, a.dim())), j = int(wrap_dim(d1, a.dim()));
  if (a.dim() == 0) return a;
  Dims s = a.sizes(), st = a.strides();
  std::swap(s[i], s[j]);
  std::swap(st[i], st[j]);
  return make_view(a, s, st, a.offset());
}

Tensor t_T(const Tensor& a) {
  Dims s, st;
  for (int i = a.dim() - 1; i >= 0; --i) {
    s.push_back(a.sizes()[i]);
    st.push_back(a.strides()[i]);
  }
  return make_view(a, s, st, a.offset());
}

Tensor permute(const Tensor& a, std::span<const int64_t> perm) {
  if (int64_t(perm.size()) != a.dim())
    throw TensorError("permute: got " + std::to_string(perm.size()) + " dims for a tensor of " +
                      std::to_string(a.dim()) + " dimensions");
  Dims s, st;
  bool seen[kMaxDims] = {};
  for (int64_t p : perm) {
    int d = int(wrap_dim(p, a.dim()));
    if (seen[d]) throw TensorError("permute: dimension " + std::to_string(d) + " repeats in " + dims_str(perm));
    seen[d] = true;
    s.push_back(a.sizes()[d]);
    st.push_back(a.strides()[d]);
  }
  return make_view(a, s, st, a.offset());
}

Tensor reshape(const Tensor& a, std::span<const int64_t> shape) {
  Dims ns = infer_shape(shape, a.numel());
  if (auto st = view_strides(a, ns)) return make_view(a, ns, *st, a.offset());
  Tensor c = clone(a);
  return make_view(c, ns, contiguous_strides(ns), 0);
}

Tensor view(const Tensor& a, std::span<const int64_t> shape) {
  Dims ns = infer_shape(shape, a.numel());
  if (auto st = view_strides(a, ns)) return make_view(a, ns, *st, a.offset());
  throw TensorError("view: shape " + dims_str(ns) + " is not compatible with the input's size " +
                    dims_str(a.sizes()) + " and strides " + dims_str(a.strides()) + "; use reshape instead");
}

Tensor flatten(const Tensor& a, int64_t start_dim, int64_t end_dim) {
  if (a.dim() == 0) return reshape(a, Dims{1});
  int s = int(wrap_dim(start_dim, a.dim())), e = int(wrap_dim(end_dim, a.dim()));
  if (s > e) throw TensorError("flatten: start_dim cannot come after end_dim");
  Dims ns;
  for (int i = 0; i < s; ++i) ns.push_back(a.sizes()[i]);
  int64_t m = 1;
  for (int i = s; i <= e; ++i) m *= a.sizes()[i];
  ns.push_back(m);
  for (int i = e + 1; i < a.dim(); ++i) ns.push_back(a.sizes()[i]);
  return reshape(a, ns);
}

Tensor squeeze(const Tensor& a) {
  Dims s, st;
  for (int i = 0; i < a.dim(); ++i)
    if (a.sizes()[i] != 1) {
      s.push_back(a.sizes()[i]);
      st.push_back(a.strides()[i]);
    }
  return make_view(a, s, st, a.offset());
}

Tensor squeeze(const Tensor& a, int64_t dim) {
  int d = int(wrap_dim(dim, a.dim()));
  if (a.dim() == 0 || a.sizes()[d] != 1) return a;
  Dims s = a.sizes(), st = a.strides();
  s.erase(d);
  st.erase(d);
  return make_view(a, s, st, a.offset());
}

Tensor unsqueeze(const Tensor& a, int64_t dim) {
  int d = int(wrap_dim(dim, a.dim() + 1));
  Dims s = a.sizes(), st = a.strides();
  int64_t stride = d < a.dim() ? a.sizes()[d] * a.strides()[d] : 1;
  s.insert(d, 1);
  st.insert(d, stride);
  return make_view(a, s, st, a.offset());
}

Tensor expand(const Tensor& a, std::span<const int64_t> sizes) {
  if (int64_t(sizes.size()) < a.dim())
    throw TensorError("expand: the number of sizes (" + std::to_string(sizes.size()) +
                      ") must be at least the tensor's dimensions (" + std::to_string(a.dim()) + ")");
  Dims target(sizes);
  int lead = target.size() - a.dim();
  for (int i = 0; i < target.size(); ++i) {
    if (target[i] == -1) {
      if (i < lead) throw TensorError("expand: -1 is not allowed for a new leading dimension");
      target[i] = a.sizes()[i - lead];
    }
    if (i >= lead && a.sizes()[i - lead] != 1 && a.sizes()[i - lead] != target[i])
      throw TensorError("expand: the size of dimension " + std::to_string(i) + " (" +
                        std::to_string(a.sizes()[i - lead]) + ") must match the expanded size (" +
                        std::to_string(target[i]) + ") unless it is 1; expanding " +
                        dims_str(a.sizes()) + " to " + dims_str(sizes));
    if (target[i] < 0) throw TensorError("expand: invalid size " + std::to_string(target[i]));
  }
  return broadcast_to(a, target);
}

Tensor cat(std::span<const Tensor> ts, int64_t dim) {
  if (ts.empty()) throw TensorError("cat: expected a non-empty list of tensors");
  const Tensor& first = ts[0];
  if (first.dim() == 0) throw TensorError("cat: zero-dimensional tensors cannot be concatenated");
  int d = int(wrap_dim(dim, first.dim()));
  DType dt = first.dtype();
  int64_t total = 0;
  for (size_t k = 0; k < ts.size(); ++k) {
    const Tensor& t = ts[k];
    if (t.dim() != first.dim())
      throw TensorError("cat: tensors must have the same number of dimensions: got " +
                        std::to_string(first.dim()) + " and " + std::to_string(t.dim()) +
                        " (tensor " + std::to_string(k) + ")");
    for (int i = 0; i < t.dim(); ++i)
      if (i != d && t.sizes()[i] != first.sizes()[i])
        throw TensorError("cat: sizes of tensors must match except in dimension " + std::to_string(d) +
                          ": got " + dims_str(first.sizes()) + " and " + dims_str(t.sizes()) +
                          " (tensor " + std::to_string(k) + ")");
    dt = promote_types(dt, t.dtype());
    total += t.sizes()[d];
  }
  Dims os = first.sizes();
  os[d] = total;
  Tensor out = Tensor::empty(os, dt);
  int64_t at = 0;
  for (const Tensor& t : ts) {
    Dims ps = os;
    ps[d] = t.sizes()[d];
    if (ps[d] > 0) {
      Tensor part(out.storage(), ps, out.strides(), at * out.strides()[d], dt);
      copy_into(part, t);
    }
    at += t.sizes()[d];
  }
  return out;
}

Tensor stack(std::span<const Tensor> ts, int64_t dim) {
  if (ts.empty()) throw TensorError("stack: expected a non-empty list of tensors");
  int d = int(wrap_dim(dim, ts[0].dim() + 1));
  std::vector<Tensor> us;
  us.reserve(ts.size());
  for (size_t k = 0; k < ts.size(); ++k) {
    if (!(ts[k].sizes() == ts[0].sizes()))
      throw TensorError("stack: expects each tensor to be equal size, but got " + dims_str(ts[0].sizes()) +
                        " at entry 0 and " + dims_str(ts[k].sizes()) + " at entry " + std::to_string(k));
    us.push_back(unsqueeze(ts[k], d));
  }
  return cat(us, d);
}

}  // namespace tcc::rt
