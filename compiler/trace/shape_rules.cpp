// Implements the abstract shape and dtype rules (shape_rules.h).
#include "trace/shape_rules.h"

#include <algorithm>

namespace tcc::trace {

// ---------------------------------------------------------------- symbols

Dim SymTable::Fresh() {
  parent_.push_back(static_cast<int32_t>(parent_.size()));
  bound_.push_back(-1);
  max_.push_back(-1);
  derived_.push_back(derived_context && derived_context());
  return Dim::Symbolic(static_cast<int32_t>(parent_.size() - 1));
}

int32_t SymTable::Root(int32_t s) const {
  while (s >= 0 && s < static_cast<int32_t>(parent_.size()) && parent_[s] != s) s = parent_[s];
  return s;
}

Dim SymTable::Resolve(Dim d) const {
  if (d.is_static()) return d;
  if (d.sym >= static_cast<int32_t>(parent_.size())) return d;
  int32_t r = Root(d.sym);
  if (bound_[r] >= 0) return Dim::Static(bound_[r]);
  return Dim::Symbolic(r);
}

Shape SymTable::Resolve(const Shape& s) const {
  Shape out;
  out.reserve(s.size());
  for (const Dim& d : s) out.push_back(Resolve(d));
  return out;
}

bool SymTable::Unify(Dim a, Dim b) {
  a = Resolve(a);
  b = Resolve(b);
  if (a.is_static() && b.is_static()) return a.size == b.size;
  auto derived = [&](Dim d) { return !d.is_static() && d.sym < static_cast<int32_t>(derived_.size()) && derived_[d.sym]; };
  if (!(a == b) && (derived(a) || derived(b))) {
    unverified = true;  // see the class comment
    return true;
  }
  if (a.is_static()) std::swap(a, b);
  // a is symbolic
  if (b.is_static()) {
    bound_[a.sym] = b.size;
    return true;
  }
  if (a.sym != b.sym) {
    parent_[a.sym] = b.sym;
    if (max_[a.sym] >= 0 && (max_[b.sym] < 0 || max_[a.sym] < max_[b.sym])) max_[b.sym] = max_[a.sym];
  }
  return true;
}

void SymTable::Cap(Dim d, int64_t max) {
  d = Resolve(d);
  if (d.is_static() || d.sym >= static_cast<int32_t>(max_.size())) return;
  if (max_[d.sym] < 0 || max < max_[d.sym]) max_[d.sym] = max;
}

std::optional<int64_t> SymTable::MaxOf(Dim d) const {
  d = Resolve(d);
  if (d.is_static() || d.sym >= static_cast<int32_t>(max_.size()) || max_[d.sym] < 0) return std::nullopt;
  return max_[d.sym];
}

bool SymTable::Derived(Dim d) const {
  d = Resolve(d);
  return !d.is_static() && d.sym < static_cast<int32_t>(derived_.size()) && derived_[d.sym];
}

bool SymTable::KnownEqual(Dim a, Dim b) const { return Resolve(a) == Resolve(b); }

// ---------------------------------------------------------------- dtypes

// Promotion is the semantics library's (shape_rules.h).


// ---------------------------------------------------------------- shapes


namespace {
std::string DimStr(Dim d) { return d.is_static() ? std::to_string(d.size) : "s" + std::to_string(d.sym); }

bool IsOne(const SymTable& syms, Dim d) {
  d = syms.Resolve(d);
  return d.is_static() && d.size == 1;
}

// Normalises one dim index against rank (rank + 1 for unsqueeze-like ops).
std::optional<int64_t> NormDim(int64_t d, int64_t rank) {
  if (d < 0) d += rank;
  if (d < 0 || d >= rank) return std::nullopt;
  return d;
}

std::string DimRangeError(int64_t d, size_t rank) {
  return "dimension " + std::to_string(d) + " is out of range for a tensor of rank " + std::to_string(rank);
}
}  // namespace

RuleResult<Shape> Broadcast(SymTable& syms, const Shape& a, const Shape& b) {
  size_t n = std::max(a.size(), b.size());
  Shape out(n);
  for (size_t i = 0; i < n; ++i) {
    bool ha = i < a.size(), hb = i < b.size();
    Dim da = ha ? syms.Resolve(a[a.size() - 1 - i]) : Dim::Static(1);
    Dim db = hb ? syms.Resolve(b[b.size() - 1 - i]) : Dim::Static(1);
    Dim r;
    if (!ha) r = db;
    else if (!hb) r = da;
    else if (IsOne(syms, da)) r = db;
    else if (IsOne(syms, db)) r = da;
    else if (syms.KnownEqual(da, db)) r = da;
    else if (da.is_static() && db.is_static())
      return "shapes " + ShapeString(a) + " and " + ShapeString(b) + " cannot be broadcast (dimension " +
             DimStr(da) + " against " + DimStr(db) + ")";
    else {
      syms.Unify(da, db);  // assumed equal at run time (guarded)
      r = syms.Resolve(da);
    }
    out[n - 1 - i] = r;
  }
  return out;
}

RuleResult<Shape> MatMul(SymTable& syms, const Shape& a0, const Shape& b0) {
  if (a0.empty() || b0.empty()) return std::string("matmul needs tensors of rank >= 1, got a scalar tensor");
  Shape a = a0, b = b0;
  bool va = a.size() == 1, vb = b.size() == 1;
  if (va) a.insert(a.begin(), Dim::Static(1));
  if (vb) b.push_back(Dim::Static(1));
  Dim k1 = a.back(), k2 = b[b.size() - 2];
  if (!syms.KnownEqual(k1, k2)) {
    if (!syms.Unify(k1, k2))
      return "matmul of " + ShapeString(a0) + " and " + ShapeString(b0) + ": inner dimensions " + DimStr(k1) +
             " and " + DimStr(k2) + " differ";
  }
  Shape ba(a.begin(), a.end() - 2), bb(b.begin(), b.end() - 2);
  auto batch = Broadcast(syms, ba, bb);
  if (auto* err = std::get_if<std::string>(&batch)) return "matmul batch dimensions: " + *err;
  Shape out = std::get<Shape>(batch);
  if (!va) out.push_back(syms.Resolve(a[a.size() - 2]));
  if (!vb) out.push_back(syms.Resolve(b.back()));
  return out;
}

RuleResult<std::vector<int64_t>> NormalizeDims(const std::vector<int64_t>& dims, size_t rank) {
  std::vector<int64_t> out;
  if (dims.empty()) {
    for (size_t i = 0; i < rank; ++i) out.push_back(static_cast<int64_t>(i));
    return out;
  }
  for (int64_t d : dims) {
    auto n = NormDim(d, static_cast<int64_t>(std::max<size_t>(rank, 1)));
    if (!n) return DimRangeError(d, rank);
    if (std::find(out.begin(), out.end(), *n) == out.end()) out.push_back(*n);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Shape Reduce(const Shape& in, const std::vector<int64_t>& dims, bool keepdim) {
  return graph::ReduceShape(in, dims, keepdim);
}

RuleResult<Shape> Transpose(const Shape& in, int64_t d0, int64_t d1) {
  int64_t r = static_cast<int64_t>(in.size());
  if (r == 0) return in;
  auto a = NormDim(d0, r), b = NormDim(d1, r);
  if (!a) return DimRangeError(d0, in.size());
  if (!b) return DimRangeError(d1, in.size());
  Shape out = in;
  std::swap(out[*a], out[*b]);
  return out;
}

RuleResult<Shape> Permute(const Shape& in, const std::vector<int64_t>& perm) {
  if (perm.size() != in.size())
    return "permute needs " + std::to_string(in.size()) + " dimensions, got " + std::to_string(perm.size());
  Shape out;
  std::vector<bool> seen(in.size(), false);
  for (int64_t p : perm) {
    auto n = NormDim(p, static_cast<int64_t>(in.size()));
    if (!n) return DimRangeError(p, in.size());
    if (seen[*n]) return "permute repeats dimension " + std::to_string(*n);
    seen[*n] = true;
    out.push_back(in[*n]);
  }
  return out;
}

RuleResult<Shape> Reshape(SymTable& syms, const Shape& in0, const std::vector<Dim>& sizes,
                          const std::vector<bool>& infer) {
  Shape in = syms.Resolve(in0);
  int infer_at = -1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i < infer.size() && infer[i]) {
      if (infer_at >= 0) return std::string("only one dimension can be inferred (-1) in a reshape");
      infer_at = static_cast<int>(i);
    }
  }
  Shape out(sizes.begin(), sizes.end());
  auto total = StaticNumel(in);
  Shape known;
  for (size_t i = 0; i < out.size(); ++i)
    if (static_cast<int>(i) != infer_at) known.push_back(out[i]);
  auto part = StaticNumel(known);
  if (infer_at >= 0) {
    if (total && part) {
      if (*part == 0 || *total % *part != 0)
        return "cannot reshape " + ShapeString(in0) + " into " + ShapeString(out) + " with one inferred dimension";
      out[infer_at] = Dim::Static(*total / *part);
    } else {
      // Cancel what the two sides share: each symbolic dim of `known` must
      // match one of `in`; the static parts then divide. The inferred dim is
      // what is left: a static size, or the one symbolic dim of `in` that
      // no known dim matched ([s0] -> [-1, 1] is [s0, 1]).
      Shape rest = in;
      int64_t known_static = 1;
      bool ok = true;
      for (const Dim& d : known) {
        if (d.is_static()) { known_static *= d.size; continue; }
        auto it = std::find_if(rest.begin(), rest.end(), [&](const Dim& x) { return syms.KnownEqual(x, d); });
        if (it == rest.end()) { ok = false; break; }
        rest.erase(it);
      }
      Shape rest_sym;
      int64_t rest_static = 1;
      for (const Dim& d : rest) {
        if (d.is_static()) rest_static *= d.size;
        else rest_sym.push_back(d);
      }
      ok = ok && known_static != 0 && rest_static % known_static == 0;
      int64_t ratio = ok ? rest_static / known_static : 0;
      if (ok && rest_sym.empty()) out[infer_at] = Dim::Static(ratio);
      else if (ok && rest_sym.size() == 1 && ratio == 1) out[infer_at] = rest_sym[0];
      else out[infer_at] = syms.Fresh();
    }
  } else if (total && part && *total != *part) {
    return "cannot reshape " + ShapeString(in0) + " (" + std::to_string(*total) + " elements) into " +
           ShapeString(out) + " (" + std::to_string(*part) + " elements)";
  }
  return out;
}

RuleResult<Shape> Flatten(SymTable& syms, const Shape& in, int64_t start, int64_t end) {
  if (in.empty()) return Shape{Dim::Static(1)};
  int64_t r = static_cast<int64_t>(in.size());
  auto s = NormDim(start, r), e = NormDim(end, r);
  if (!s) return DimRangeError(start, in.size());
  if (!e) return DimRangeError(end, in.size());
  if (*s > *e) return std::string("flatten: start dimension is after end dimension");
  Shape out(in.begin(), in.begin() + *s);
  Shape mid(in.begin() + *s, in.begin() + *e + 1);
  if (mid.size() == 1) out.push_back(mid[0]);
  else if (auto n = StaticNumel(syms.Resolve(mid))) out.push_back(Dim::Static(*n));
  else out.push_back(syms.Fresh());
  out.insert(out.end(), in.begin() + *e + 1, in.end());
  return out;
}

RuleResult<Shape> Unsqueeze(const Shape& in, int64_t dim) {
  auto n = NormDim(dim, static_cast<int64_t>(in.size()) + 1);
  if (!n) return DimRangeError(dim, in.size() + 1);
  Shape out = in;
  out.insert(out.begin() + *n, Dim::Static(1));
  return out;
}

RuleResult<Shape> Squeeze(SymTable& syms, const Shape& in, std::optional<int64_t> dim,
                          std::vector<int64_t>* removed) {
  Shape out;
  if (dim) {
    if (in.empty()) return in;
    auto n = NormDim(*dim, static_cast<int64_t>(in.size()));
    if (!n) return DimRangeError(*dim, in.size());
    for (size_t i = 0; i < in.size(); ++i) {
      if (static_cast<int64_t>(i) == *n && IsOne(syms, in[i])) {
        if (removed) removed->push_back(static_cast<int64_t>(i));
        continue;
      }
      out.push_back(in[i]);
    }
    return out;
  }
  for (size_t i = 0; i < in.size(); ++i) {
    if (IsOne(syms, in[i])) {
      if (removed) removed->push_back(static_cast<int64_t>(i));
      continue;
    }
    out.push_back(in[i]);
  }
  return out;
}

RuleResult<Shape> Expand(SymTable& syms, const Shape& in, const std::vector<Dim>& sizes,
                         const std::vector<bool>& keep) {
  if (sizes.size() < in.size())
    return "expand to " + std::to_string(sizes.size()) + " dimensions from a tensor of rank " +
           std::to_string(in.size());
  Shape out(sizes.size());
  size_t off = sizes.size() - in.size();
  for (size_t i = 0; i < sizes.size(); ++i) {
    bool k = i < keep.size() && keep[i];
    if (i < off) {
      if (k) return std::string("expand: -1 is not allowed for a new leading dimension");
      out[i] = sizes[i];
      continue;
    }
    Dim src = syms.Resolve(in[i - off]);
    if (k) { out[i] = src; continue; }
    Dim want = sizes[i];
    if (IsOne(syms, src) || syms.KnownEqual(src, want)) out[i] = want;
    else if (src.is_static() && want.is_static())
      return "cannot expand dimension of size " + DimStr(src) + " to " + DimStr(want);
    else { syms.Unify(src, want); out[i] = syms.Resolve(want); }
  }
  return out;
}

RuleResult<Shape> Cat(SymTable& syms, const std::vector<Shape>& ins, int64_t dim, int64_t* norm_dim) {
  if (ins.empty()) return std::string("cat of an empty list");
  size_t r = ins[0].size();
  auto n = NormDim(dim, static_cast<int64_t>(r));
  if (!n) return DimRangeError(dim, r);
  *norm_dim = *n;
  Shape out = ins[0];
  for (size_t k = 1; k < ins.size(); ++k) {
    if (ins[k].size() != r) return std::string("cat of tensors with different ranks");
    for (size_t i = 0; i < r; ++i) {
      if (static_cast<int64_t>(i) == *n) {
        Dim a = syms.Resolve(out[i]), b = syms.Resolve(ins[k][i]);
        out[i] = (a.is_static() && b.is_static()) ? Dim::Static(a.size + b.size) : syms.Fresh();
      } else if (!syms.KnownEqual(out[i], ins[k][i]) && !syms.Unify(out[i], ins[k][i])) {
        return "cat: tensors differ in dimension " + std::to_string(i) + " (" + ShapeString(ins[0]) + " vs " +
               ShapeString(ins[k]) + ")";
      }
    }
  }
  return out;
}

RuleResult<Shape> Stack(SymTable& syms, const std::vector<Shape>& ins, int64_t dim, int64_t* norm_dim) {
  if (ins.empty()) return std::string("stack of an empty list");
  size_t r = ins[0].size();
  auto n = NormDim(dim, static_cast<int64_t>(r) + 1);
  if (!n) return DimRangeError(dim, r + 1);
  *norm_dim = *n;
  for (size_t k = 1; k < ins.size(); ++k) {
    if (ins[k].size() != r) return std::string("stack of tensors with different ranks");
    for (size_t i = 0; i < r; ++i)
      if (!syms.KnownEqual(ins[0][i], ins[k][i]) && !syms.Unify(ins[0][i], ins[k][i]))
        return "stack: tensors have different shapes (" + ShapeString(ins[0]) + " vs " + ShapeString(ins[k]) + ")";
  }
  Shape out = syms.Resolve(ins[0]);
  out.insert(out.begin() + *n, Dim::Static(static_cast<int64_t>(ins.size())));
  return out;
}

RuleResult<Shape> SliceDim(SymTable& syms, const Shape& in, int64_t dim, std::optional<int64_t> start,
                           std::optional<int64_t> stop, int64_t step, std::vector<int64_t>* norm) {
  auto n = NormDim(dim, static_cast<int64_t>(in.size()));
  if (!n) return std::string("too many indices for a tensor of rank ") + std::to_string(in.size());
  if (step <= 0) return std::string("slice step must be positive");
  Shape out = in;
  Dim d = syms.Resolve(in[*n]);
  if (d.is_static()) {
    int64_t len = d.size;
    int64_t s = start.value_or(0), e = stop.value_or(len);
    if (s < 0) s += len;
    if (e < 0) e += len;
    s = std::clamp<int64_t>(s, 0, len);
    e = std::clamp<int64_t>(e, 0, len);
    int64_t count = e > s ? (e - s + step - 1) / step : 0;
    out[*n] = Dim::Static(count);
    *norm = {s, e, step};
  } else {
    // Unknown length: exact when the slice keeps everything, else a new symbol.
    if (!start.value_or(0) && !stop && step == 1) out[*n] = d;
    else if (start && stop && *start >= 0 && *stop >= 0 && step == 1 && *stop >= *start)
      out[*n] = Dim::Static(*stop - *start);  // assumes the dim is long enough (guarded)
    else out[*n] = syms.Fresh();
    *norm = {start.value_or(0), stop.value_or(INT64_MAX), step};
  }
  return out;
}

RuleResult<Shape> SelectDim(const Shape& in, int64_t dim, int64_t index, int64_t* norm_index) {
  auto n = NormDim(dim, static_cast<int64_t>(in.size()));
  if (!n) return std::string("too many indices for a tensor of rank ") + std::to_string(in.size());
  Dim d = in[*n];
  int64_t i = index;
  if (d.is_static()) {
    if (i < -d.size || i >= d.size)
      return "index " + std::to_string(index) + " is out of range for dimension " + std::to_string(*n) +
             " of size " + std::to_string(d.size);
    if (i < 0) i += d.size;
  }
  *norm_index = i;
  Shape out = in;
  out.erase(out.begin() + *n);
  return out;
}

}  // namespace tcc::trace
