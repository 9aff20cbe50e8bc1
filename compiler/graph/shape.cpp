// Implements the shape and dtype rules of shape.h.
#include "graph/shape.h"

#include <algorithm>

namespace tcc::graph {

std::string ShapeString(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += s[i].is_static() ? std::to_string(s[i].size) : "s" + std::to_string(s[i].sym);
  }
  return out + "]";
}

std::string TypeString(const TensorType& t) { return std::string(DTypeName(t.dtype)) + ShapeString(t.shape); }

std::optional<Shape> BroadcastShapes(const Shape& a, const Shape& b) {
  size_t n = std::max(a.size(), b.size());
  Shape out(n);
  for (size_t i = 0; i < n; ++i) {
    bool ha = i < a.size(), hb = i < b.size();
    Dim da = ha ? a[a.size() - 1 - i] : Dim::Static(1);
    Dim db = hb ? b[b.size() - 1 - i] : Dim::Static(1);
    Dim r;
    if (da == db) r = da;
    else if (da.is_static() && da.size == 1) r = db;
    else if (db.is_static() && db.size == 1) r = da;
    else return std::nullopt;
    out[n - 1 - i] = r;
  }
  return out;
}

std::optional<std::vector<int64_t>> NormalizeAxes(const std::vector<int64_t>& axes, size_t rank) {
  std::vector<int64_t> out;
  if (axes.empty()) {
    for (size_t i = 0; i < rank; ++i) out.push_back(static_cast<int64_t>(i));
    return out;
  }
  for (int64_t a : axes) {
    int64_t r = static_cast<int64_t>(rank);
    int64_t n = a < 0 ? a + r : a;
    if (n < 0 || n >= std::max<int64_t>(r, 1)) return std::nullopt;
    if (r == 0) continue;  // reducing a 0-d tensor over dim 0/-1 is the identity
    out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Shape ReduceShape(const Shape& in, const std::vector<int64_t>& axes, bool keepdim) {
  Shape out;
  for (size_t i = 0; i < in.size(); ++i) {
    bool reduced = std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) != axes.end();
    if (!reduced) out.push_back(in[i]);
    else if (keepdim) out.push_back(Dim::Static(1));
  }
  return out;
}

std::optional<Shape> MatMulShape(const Shape& a, const Shape& b) {
  if (a.empty() || b.empty()) return std::nullopt;
  Shape ea = a, eb = b;
  bool va = a.size() == 1, vb = b.size() == 1;
  if (va) ea.insert(ea.begin(), Dim::Static(1));
  if (vb) eb.push_back(Dim::Static(1));
  if (!(ea[ea.size() - 1] == eb[eb.size() - 2])) return std::nullopt;
  Shape ba(ea.begin(), ea.end() - 2), bb(eb.begin(), eb.end() - 2);
  auto batch = BroadcastShapes(ba, bb);
  if (!batch) return std::nullopt;
  Shape out = *batch;
  if (!va) out.push_back(ea[ea.size() - 2]);
  if (!vb) out.push_back(eb[eb.size() - 1]);
  return out;
}

std::optional<int64_t> StaticNumel(const Shape& s) {
  int64_t n = 1;
  for (const Dim& d : s) {
    if (!d.is_static()) return std::nullopt;
    n *= d.size;
  }
  return n;
}

bool IsStatic(const Shape& s) {
  return std::all_of(s.begin(), s.end(), [](const Dim& d) { return d.is_static(); });
}

}  // namespace tcc::graph
