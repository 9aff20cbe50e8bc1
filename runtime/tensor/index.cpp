// index.cpp: implements subscripts x[...] and x[...] = v: ints, slices,
// None, Ellipsis (views), and index tensors / boolean masks (advanced
// indexing with torch's placement rule), plus nonzero().
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

struct Adv {
  int pos;        // dim of the basic view that this index tensor indexes
  Tensor index;   // int64
};

struct Analysis {
  Tensor view;            // after ints/slices/None/...; advanced dims kept as-is
  std::vector<Adv> adv;   // in order of appearance
};

std::string range_msg(int64_t i, int64_t dim, int64_t size) {
  return "index " + std::to_string(i) + " is out of range for dimension " + std::to_string(dim) +
         " of size " + std::to_string(size);
}

Analysis analyse(const Tensor& x, std::span<const IndexItem> items) {
  if (!x.defined()) throw TensorError("indexing an undefined tensor");
  int consumed = 0, ellipses = 0;
  for (const IndexItem& it : items) {
    if (std::holds_alternative<int64_t>(it) || std::holds_alternative<Slice>(it)) ++consumed;
    else if (auto* t = std::get_if<Tensor>(&it)) consumed += t->dtype() == DType::Bool ? t->dim() : 1;
    else if (std::holds_alternative<EllipsisIndex>(it)) ++ellipses;
  }
  if (ellipses > 1) throw TensorError("an index can only have a single ellipsis ('...')");
  if (consumed > x.dim())
    throw TensorError("too many indices for tensor of dimension " + std::to_string(x.dim()));
  Dims sizes, strides;
  int64_t offset = x.offset();
  int id = 0;  // next input dim
  Analysis an;
  for (const IndexItem& it : items) {
    if (auto* i = std::get_if<int64_t>(&it)) {
      int64_t n = x.sizes()[id];
      int64_t v = *i < 0 ? *i + n : *i;
      if (v < 0 || v >= n) throw TensorError(range_msg(*i, id, n));
      offset += v * x.strides()[id];
      ++id;
    } else if (auto* s = std::get_if<Slice>(&it)) {
      int64_t n = x.sizes()[id];
      int64_t step = s->step ? *s->step : 1;
      if (step <= 0) throw TensorError("slice step must be positive");
      auto norm = [n](std::optional<int64_t> v, int64_t dflt) {
        if (!v) return dflt;
        int64_t r = *v < 0 ? *v + n : *v;
        return std::clamp<int64_t>(r, 0, n);
      };
      int64_t start = norm(s->start, 0), stop = norm(s->stop, n);
      int64_t len = stop > start ? (stop - start + step - 1) / step : 0;
      if (len > 0) offset += start * x.strides()[id];
      sizes.push_back(len);
      strides.push_back(x.strides()[id] * step);
      ++id;
    } else if (std::holds_alternative<NoneIndex>(it)) {
      sizes.push_back(1);
      strides.push_back(0);
    } else if (std::holds_alternative<EllipsisIndex>(it)) {
      for (int k = 0; k < x.dim() - consumed; ++k, ++id) {
        sizes.push_back(x.sizes()[id]);
        strides.push_back(x.strides()[id]);
      }
    } else {
      const Tensor& t = std::get<Tensor>(it);
      if (t.dtype() == DType::Bool) {
        if (t.dim() == 0) throw TensorError("a 0-d boolean index is not supported");
        for (int k = 0; k < t.dim(); ++k)
          if (t.sizes()[k] != x.sizes()[id + k])
            throw TensorError("mask shape " + dims_str(t.sizes()) + " does not match indexed shape " +
                              dims_str(std::span<const int64_t>(x.sizes().data() + id, size_t(t.dim()))) +
                              " at dimension " + std::to_string(id + k));
        Tensor nz = nonzero(t);  // [count, k]
        for (int k = 0; k < t.dim(); ++k) {
          an.adv.push_back({sizes.size(), contiguous(index(nz, std::vector<IndexItem>{Slice{}, int64_t(k)}))});
          sizes.push_back(x.sizes()[id]);
          strides.push_back(x.strides()[id]);
          ++id;
        }
      } else if (is_integral(t.dtype())) {
        an.adv.push_back({sizes.size(), to_dtype(t, DType::I64)});
        sizes.push_back(x.sizes()[id]);
        strides.push_back(x.strides()[id]);
        ++id;
      } else {
        throw TensorError(std::string("tensors used as indices must be integer or bool, got ") +
                          dtype_name(t.dtype()));
      }
    }
  }
  for (; id < x.dim(); ++id) {
    sizes.push_back(x.sizes()[id]);
    strides.push_back(x.strides()[id]);
  }
  an.view = Tensor(x.storage(), sizes, strides, offset, x.dtype());
  return an;
}

// The layout of an advanced-indexing result.
struct AdvPlan {
  Dims bshape;          // broadcast shape of the index tensors
  std::vector<Tensor> idx;  // broadcast, contiguous int64, one per adv dim
  Dims rest;            // non-advanced dims of the view, in order
  Dims rest_strides;
  Dims adv_strides, adv_sizes;
  int insert_at = 0;    // where bshape goes among the rest dims in the result
  Dims result_shape;
};

AdvPlan plan_adv(const Analysis& an) {
  AdvPlan p;
  p.bshape = an.adv[0].index.sizes();
  for (size_t j = 1; j < an.adv.size(); ++j) p.bshape = broadcast_shapes(p.bshape, an.adv[j].index.sizes());
  bool adjacent = true;
  for (size_t j = 1; j < an.adv.size(); ++j)
    if (an.adv[j].pos != an.adv[j - 1].pos + 1) adjacent = false;
  std::vector<bool> is_adv(size_t(an.view.dim()), false);
  for (const Adv& a : an.adv) {
    is_adv[size_t(a.pos)] = true;
    p.idx.push_back(contiguous(broadcast_to(a.index, p.bshape)));
    p.adv_strides.push_back(an.view.strides()[a.pos]);
    p.adv_sizes.push_back(an.view.sizes()[a.pos]);
  }
  for (int d = 0; d < an.view.dim(); ++d)
    if (!is_adv[size_t(d)]) {
      p.rest.push_back(an.view.sizes()[d]);
      p.rest_strides.push_back(an.view.strides()[d]);
    }
  p.insert_at = adjacent ? an.adv[0].pos : 0;
  for (int d = 0; d < p.insert_at; ++d) p.result_shape.push_back(p.rest[d]);
  for (int64_t s : p.bshape) p.result_shape.push_back(s);
  for (int d = p.insert_at; d < p.rest.size(); ++d) p.result_shape.push_back(p.rest[d]);
  return p;
}

// Element offsets (in the view's storage) selected by each index position.
std::vector<int64_t> adv_offsets(const Analysis& an, const AdvPlan& p) {
  int64_t count = dims_numel(p.bshape);
  std::vector<int64_t> offs(size_t(count), an.view.offset());
  for (size_t j = 0; j < p.idx.size(); ++j) {
    const int64_t* ix = p.idx[j].data<int64_t>();
    int64_t n = p.adv_sizes[int(j)], st = p.adv_strides[int(j)];
    for (int64_t s = 0; s < count; ++s) {
      int64_t v = ix[s] < 0 ? ix[s] + n : ix[s];
      if (v < 0 || v >= n) throw TensorError(range_msg(ix[s], an.adv[j].pos, n));
      offs[size_t(s)] += v * st;
    }
  }
  return offs;
}

// Permutation taking [bshape..., rest...] to the result order.
Dims result_perm(const AdvPlan& p) {
  int nb = p.bshape.size(), nr = p.rest.size();
  Dims perm;
  for (int d = 0; d < p.insert_at; ++d) perm.push_back(nb + d);
  for (int d = 0; d < nb; ++d) perm.push_back(d);
  for (int d = p.insert_at; d < nr; ++d) perm.push_back(nb + d);
  return perm;
}

}  // namespace

Tensor nonzero(const Tensor& mask0) {
  Tensor mask = contiguous(to_dtype(mask0, DType::Bool));
  const bool* m = mask.data<bool>();
  int64_t n = mask.numel(), count = 0;
  for (int64_t i = 0; i < n; ++i) count += m[i];
  int nd = mask.dim();
  Tensor out = Tensor::empty(Dims{count, nd}, DType::I64);
  int64_t* o = out.data<int64_t>();
  for (int64_t i = 0; i < n; ++i) {
    if (!m[i]) continue;
    int64_t rem = i;
    for (int d = nd - 1; d >= 0; --d) {
      o[d] = rem % mask.sizes()[d];
      rem /= mask.sizes()[d];
    }
    o += nd;
  }
  return out;
}

Tensor index(const Tensor& x, std::span<const IndexItem> items) {
  Analysis an = analyse(x, items);
  if (an.adv.empty()) return an.view;
  AdvPlan p = plan_adv(an);
  std::vector<int64_t> offs = adv_offsets(an, p);
  Dims gshape = p.bshape;
  for (int64_t s : p.rest) gshape.push_back(s);
  Tensor g = Tensor::empty(gshape, x.dtype());
  int64_t rest_n = dims_numel(p.rest);
  size_t w = dtype_size(x.dtype());
  char* src = static_cast<char*>(x.storage()->data());
  char* dst = static_cast<char*>(g.data_ptr());
  if (p.rest.empty()) {
    for (size_t s = 0; s < offs.size(); ++s) std::memcpy(dst + s * w, src + size_t(offs[s]) * w, w);
  } else if (rest_n > 0) {
    Dims rst = contiguous_strides(p.rest);
    for (size_t s = 0; s < offs.size(); ++s) {
      Tensor from(x.storage(), p.rest, p.rest_strides, offs[s], x.dtype());
      Tensor to(g.storage(), p.rest, rst, int64_t(s) * rest_n, x.dtype());
      copy_into(to, from);
    }
  }
  if (p.insert_at == 0) return g;
  return contiguous(permute(g, result_perm(p)));
}

void index_put(const Tensor& x, std::span<const IndexItem> items, const Tensor& value) {
  Analysis an = analyse(x, items);
  if (an.adv.empty()) {
    copy_into(an.view, value);
    return;
  }
  AdvPlan p = plan_adv(an);
  std::vector<int64_t> offs = adv_offsets(an, p);
  Tensor v = to_dtype(value, x.dtype());
  Dims bs;
  bool ok = true;
  try {
    bs = broadcast_shapes(p.result_shape, v.sizes());
  } catch (const TensorError&) {
    ok = false;
  }
  if (!ok || !(bs == p.result_shape))
    throw TensorError("shape " + dims_str(value.sizes()) + " cannot be assigned to indexed shape " +
                      dims_str(p.result_shape));
  v = broadcast_to(v, p.result_shape);
  // bring v to [bshape..., rest...] order: inverse of result_perm
  Dims perm = result_perm(p), inv = Dims::filled(perm.size(), 0);
  for (int i = 0; i < perm.size(); ++i) inv[int(perm[i])] = i;
  v = permute(v, inv);
  if (v.shares_storage(x)) v = clone(v);
  size_t w = dtype_size(x.dtype());
  char* dst = static_cast<char*>(x.storage()->data());
  int nb = p.bshape.size();
  for (size_t s = 0; s < offs.size(); ++s) {
    int64_t voff = v.offset(), rem = int64_t(s);
    for (int d = nb - 1; d >= 0; --d) {
      voff += (rem % p.bshape[d]) * v.strides()[d];
      rem /= p.bshape[d];
    }
    if (p.rest.empty()) {
      std::memcpy(dst + size_t(offs[s]) * w, static_cast<char*>(v.storage()->data()) + size_t(voff) * w, w);
    } else {
      Dims vst(std::span<const int64_t>(v.strides().data() + nb, size_t(p.rest.size())));
      Tensor from(v.storage(), p.rest, vst, voff, x.dtype());
      Tensor to(x.storage(), p.rest, p.rest_strides, offs[s], x.dtype());
      copy_into(to, from);
    }
  }
}

void index_put(const Tensor& x, std::span<const IndexItem> items, Scalar value) {
  index_put(x, items, Tensor::scalar(value, x.dtype()));
}

}  // namespace tcc::rt
