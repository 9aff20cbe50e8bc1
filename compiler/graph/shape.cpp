// Implements the shape and dtype rules of shape.h.
#include "graph/shape.h"

#include <algorithm>

#include "semantics/window.h"

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

// ---- Window ops (conv, pooling, pad): lang/semantics/window.h's rules on static
// dims; the one symbolic dim allowed (batch, or an unpadded dim) passes through.
std::string WindowOutShape(OpKind op, const Attrs& a, const std::vector<Shape>& in, Shape* out) {
  if (in.empty()) return "needs an operand";
  const Shape& x = in[0];
  if (op == OpKind::Sort || op == OpKind::Scatter) {
    int64_t r = std::max<int64_t>(static_cast<int64_t>(x.size()), 1);
    if (a.axis < 0 || a.axis >= r) return "axis out of range";
    *out = x;
    if (op == OpKind::Scatter) return in.size() == 3 ? "" : "scatter takes an input, an index and a source";
    if (in.size() != 1 || a.ints.size() != 2) return "sort takes one operand and {descending, k}";
    if (a.ints[1] >= 0 && !x.empty()) {
      Dim d = x[static_cast<size_t>(a.axis)];
      if (d.is_static() && a.ints[1] > d.size) return "k is larger than the dimension";
      (*out)[static_cast<size_t>(a.axis)] = Dim::Static(a.ints[1]);
    }
    return "";
  }
  std::vector<int64_t> xs;
  int sym_at = -1;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!x[i].is_static()) {
      if (sym_at >= 0) return "more than one symbolic dim";
      sym_at = static_cast<int>(i);
    }
    xs.push_back(x[i].is_static() ? x[i].size : 1);
  }
  std::vector<int64_t> res;
  std::string err;
  if (op == OpKind::Pad) {
    err = sem::PadShape(xs, a.ints, static_cast<sem::PadMode>(a.axis), &res);
    if (sym_at >= 0) {
      size_t k = x.size() - 1 - static_cast<size_t>(sym_at);  // its pair in the pad list
      if (2 * k + 1 < a.ints.size() && (a.ints[2 * k] != 0 || a.ints[2 * k + 1] != 0)) return "a padded dim is symbolic";
    }
  } else {
    sem::WindowKind kind = op == OpKind::Conv ? sem::WindowKind::Conv
                           : op == OpKind::MaxPool ? sem::WindowKind::MaxPool
                           : op == OpKind::AvgPool ? sem::WindowKind::AvgPool : sem::WindowKind::AdaptiveAvgPool;
    if (a.ints.size() != static_cast<size_t>(sem::WindowParams::kCount)) return "needs " + std::to_string(sem::WindowParams::kCount) + " window params";
    sem::WindowParams p = sem::WindowParams::FromInts(a.ints.data());
    int spatial = static_cast<int>(a.axis);
    bool batched = static_cast<int>(x.size()) == spatial + 2;
    if (sym_at >= 0 && !(batched && sym_at == 0)) return "only the batch dim may be symbolic";
    std::vector<int64_t> ws, bs;
    if (kind == sem::WindowKind::Conv) {
      if (in.size() < 2 || in.size() > 3) return "conv takes an input, a weight and an optional bias";
      for (const Shape* s : {&in[1], in.size() == 3 ? &in[2] : nullptr}) {
        if (!s) continue;
        if (!IsStatic(*s)) return "a conv weight or bias is symbolic";
        for (const Dim& d : *s) (s == &in[1] ? ws : bs).push_back(d.size);
      }
    }
    err = sem::WindowShape(kind, spatial, xs, ws, in.size() == 3 ? &bs : nullptr, p, &res);
  }
  if (!err.empty()) return err;
  out->clear();
  for (int64_t v : res) out->push_back(Dim::Static(v));
  if (sym_at >= 0) (*out)[static_cast<size_t>(sym_at)] = x[static_cast<size_t>(sym_at)];
  return "";
}

}  // namespace tcc::graph
