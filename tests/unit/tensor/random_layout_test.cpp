// Property tests: elementwise ops, copies and reductions on randomly shaped,
// permuted, sliced and broadcast views agree with a naive reference that
// reads element by element through the multi-index (no shared kernel code).
#include <random>

#include "test_util.h"

using namespace tt;

namespace {

// Element of `t` at multi-index `idx` (right-aligned broadcasting).
double ref_at(const Tensor& t, const std::vector<int64_t>& idx) {
  int64_t off = t.offset();
  size_t lead = idx.size() - size_t(t.dim());
  for (int d = 0; d < t.dim(); ++d)
    if (t.sizes()[d] != 1) off += idx[lead + size_t(d)] * t.strides()[d];
  Tensor flat(t.storage(), Dims{1}, Dims{1}, off, t.dtype());
  return flat.at(0).to_double();
}

bool next_index(std::vector<int64_t>& idx, const Dims& sizes) {
  for (int d = sizes.size() - 1; d >= 0; --d) {
    if (++idx[size_t(d)] < sizes[d]) return true;
    idx[size_t(d)] = 0;
  }
  return false;
}

// A random view of a fresh tensor: random shape, optionally permuted and sliced.
Tensor random_view(std::mt19937& rng, int nd, Dims* want_shape) {
  Dims base;
  for (int d = 0; d < nd; ++d) base.push_back(int64_t(rng() % 4) + 1);
  Tensor t = to_dtype(arange(Si(dims_numel(base))), DType::F64);
  t = reshape(binary(BinaryOp::Mul, t, S(0.5)), base);
  if (nd > 1 && rng() % 2) {
    Dims perm;
    for (int d = 0; d < nd; ++d) perm.push_back(d);
    std::shuffle(perm.begin(), perm.end(), rng);
    t = permute(t, perm);
  }
  if (nd > 0 && rng() % 2) {
    std::vector<IndexItem> ix;
    int d = int(rng() % unsigned(nd));
    for (int k = 0; k < d; ++k) ix.push_back(Slice{});
    ix.push_back(Slice{std::nullopt, std::nullopt, int64_t(rng() % 2) + 1});
    t = index(t, ix);
  }
  *want_shape = t.sizes();
  return t;
}

}  // namespace

TEST_CASE("binary ops on random views match the naive reference", "[property]") {
  std::mt19937 rng(1234);
  for (int iter = 0; iter < 300; ++iter) {
    Dims sa, sb;
    Tensor a = random_view(rng, int(rng() % 4) + 1, &sa);
    // b: broadcast-compatible with a (some dims 1, maybe fewer dims)
    int nb = int(rng() % unsigned(a.dim() + 1));
    Dims bs;
    for (int d = a.dim() - nb; d < a.dim(); ++d) bs.push_back(rng() % 3 == 0 ? 1 : a.sizes()[d]);
    Tensor b = reshape(binary(BinaryOp::Sub, to_dtype(arange(Si(dims_numel(bs))), DType::F32), Si(3)), bs);
    if (b.dim() >= 2 && rng() % 2) b = contiguous(transpose(b, 0, 1)), b = transpose(b, 0, 1);
    Tensor c = binary(BinaryOp::Mul, a, b);
    REQUIRE(c.sizes() == a.sizes());
    std::vector<int64_t> idx(size_t(c.dim()), 0);
    bool ok = true;
    if (c.numel() > 0) do {
      double want = ref_at(a, idx) * ref_at(b, idx);
      std::vector<int64_t> cidx = idx;
      ok = ok && ref_at(c, cidx) == want;
    } while (next_index(idx, c.sizes()));
    INFO("iteration " << iter << " a " << dims_str(a.sizes()) << " strides " << dims_str(a.strides()) << " b "
                      << dims_str(b.sizes()));
    CHECK(ok);
  }
}

TEST_CASE("reductions over random dims of random views match the naive reference", "[property]") {
  std::mt19937 rng(99);
  for (int iter = 0; iter < 300; ++iter) {
    Dims s;
    Tensor a = random_view(rng, int(rng() % 4) + 1, &s);
    std::vector<int64_t> dims;
    for (int d = 0; d < a.dim(); ++d)
      if (rng() % 2) dims.push_back(d);
    bool keep = rng() % 2;
    Tensor sum = reduce(ReduceOp::Sum, a, dims, keep);
    Tensor mx = a.numel() > 0 ? reduce(ReduceOp::Max, a, dims, keep) : Tensor();
    // naive: accumulate every element into its output slot
    std::vector<bool> red(size_t(a.dim()), dims.empty());
    for (int64_t d : dims) red[size_t(d)] = true;
    Dims os;
    for (int d = 0; d < a.dim(); ++d)
      if (!red[size_t(d)]) os.push_back(a.sizes()[d]);
    std::vector<double> ws(size_t(dims_numel(os)), 0.0), wm(ws.size(), -1e300);
    std::vector<int64_t> idx(size_t(a.dim()), 0);
    if (a.numel() > 0) do {
      int64_t o = 0;
      for (int d = 0; d < a.dim(); ++d)
        if (!red[size_t(d)]) o = o * a.sizes()[d] + idx[size_t(d)];
      double v = ref_at(a, idx);
      ws[size_t(o)] += v;
      wm[size_t(o)] = std::max(wm[size_t(o)], v);
    } while (next_index(idx, a.sizes()));
    INFO("iteration " << iter << " shape " << dims_str(a.sizes()) << " strides " << dims_str(a.strides()));
    CHECK(sum.numel() == int64_t(ws.size()));
    CHECK(vals(sum) == ws);
    if (mx.defined()) CHECK(vals(mx) == wm);
    if (keep) CHECK(sum.dim() == a.dim());
  }
}

TEST_CASE("copies between random views match the naive reference", "[property]") {
  std::mt19937 rng(7);
  for (int iter = 0; iter < 200; ++iter) {
    Dims s;
    Tensor a = random_view(rng, int(rng() % 4) + 1, &s);
    Tensor c = contiguous(a);
    Tensor r = reshape(a, Dims{-1});
    Tensor i = to_dtype(a, DType::I32);
    std::vector<int64_t> idx(size_t(a.dim()), 0);
    std::vector<double> want;
    if (a.numel() > 0) do want.push_back(ref_at(a, idx)); while (next_index(idx, a.sizes()));
    CHECK(vals(c) == want);
    CHECK(vals(r) == want);
    std::vector<double> trunc;
    for (double v : want) trunc.push_back(double(int32_t(v)));
    CHECK(vals(i) == trunc);
  }
}
