// Implements subscripts: tensor indexing (ints, slices, None, ...; index
// tensors: trace_gather.cpp; boolean masks break), and indexing of lists, tuples, dicts and shapes.
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

namespace {
std::optional<int64_t> KnownIntOf(const ValuePtr& v) {
  if ((v->kind == VK::Int || v->kind == VK::Bool) && v->known) return v->kind == VK::Bool ? v->b : v->i;
  return std::nullopt;
}
// Python's slice.indices(n) of a slice whose items are known ints or None;
// false when one is known only at run time or the step is 0.
bool KnownSliceRange(const Value& sl, int64_t n, int64_t* lo, int64_t* hi, int64_t* step) {
  std::optional<int64_t> b[3];
  for (int j = 0; j < 3; ++j) {
    if (sl.items[j]->kind == VK::None) continue;
    b[j] = KnownIntOf(sl.items[j]);
    if (!b[j]) return false;
  }
  *step = b[2].value_or(1);
  if (*step == 0) return false;
  auto bound = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    return *step > 0 ? std::clamp<int64_t>(x, 0, n) : std::clamp<int64_t>(x, -1, n - 1);
  };
  *lo = bound(b[0], *step > 0 ? 0 : n - 1);
  *hi = bound(b[1], *step > 0 ? n : -1);
  return true;
}
}  // namespace

ValuePtr Tracer::IndexValue(const ValuePtr& base, const Expr& index_expr, Range where) {
  if (base->kind == VK::Object) return ObjectGetItem(base, Eval(index_expr), where);  // trace_dunder.cpp
  if (base->kind == VK::Tensor) {
    std::vector<const Expr*> parts;
    if (auto* t = dyn_cast<TupleExpr>(&index_expr)) {
      for (const auto& x : t->elts) parts.push_back(x.get());
    } else {
      parts.push_back(&index_expr);
    }
    // Evaluate all index parts first.
    std::vector<ValuePtr> vals;
    for (const Expr* p : parts) vals.push_back(Eval(*p));
    bool advanced = false;
    for (size_t i = 0; i < vals.size(); ++i) {
      const ValuePtr& v = vals[i];
      if (v->kind == VK::Tensor && v->type.dtype == graph::DType::Bool) {
        if (Traced())
          Break(BreakKind::DynamicOutputShape, parts[i]->range,
                "boolean-mask indexing: the number of selected elements depends on the mask's data");
        // x[mask]: [count] + the dims the mask does not cover
        auto r = MakeTensor(graph::TensorType{base->type.dtype, {syms.Fresh()}});
        size_t mr = v->type.shape.size();
        r->rank_known = vals.size() == 1 && base->rank_known && v->rank_known && mr <= base->type.shape.size();
        if (r->rank_known) r->type.shape.insert(r->type.shape.end(), base->type.shape.begin() + mr, base->type.shape.end());
        return r;
      }
      advanced = advanced || v->kind == VK::Tensor || v->kind == VK::List;
    }
    // An int known only at run time (`xs[t]` in a rolled loop) indexes as a
    // 0-d index tensor made from it: a gather that drops the dim, as x[t]
    // does, with negative positions wrapping and a range check (IndexError).
    // Like x[3], the result views x (an in-place update through it runs in
    // the interpreter, inplace.cpp), though compiled it is a copy.
    bool runtime_int = false;
    for (size_t i = 0; i < vals.size(); ++i) {
      if (vals[i]->kind != VK::Int || vals[i]->known) continue;
      vals[i] = Emit(graph::OpKind::Cast, {vals[i]}, {}, {graph::DType::I64, {}}, parts[i]->range);
      runtime_int = true;
    }
    if (advanced || runtime_int) {
      ValuePtr r = AdvancedIndex(base, parts, vals, where);
      if (runtime_int && !advanced && r->kind == VK::Tensor) r->view_of = base->view_of ? base->view_of : base;
      return r;
    }
    if (!base->rank_known) {
      auto r = MakeTensor(base->type);
      r->rank_known = false;
      return r;
    }
    // Walk dims: ints select, slices slice, None inserts, ... skips.
    ValuePtr cur = base;
    int64_t dim = 0;
    size_t consumed = 0;
    for (const auto& v : vals)
      if (v->kind != VK::None && v->kind != VK::Ellipsis) ++consumed;
    int64_t rank = static_cast<int64_t>(base->type.shape.size());
    if (static_cast<int64_t>(consumed) > rank) {
      Issue(DiagKind::TraceTypeError, where,
            "too many indices for a tensor of rank " + std::to_string(rank));
      return MakeUnknown();
    }
    for (size_t i = 0; i < vals.size(); ++i) {
      const ValuePtr& v = vals[i];
      Range pr = parts[i]->range;
      if (v->kind == VK::Ellipsis) {
        dim += rank - static_cast<int64_t>(consumed);
        continue;
      }
      if (v->kind == VK::None) {
        graph::Attrs a;
        a.axis = dim;
        auto s = Unsqueeze(cur->type.shape, dim);
        cur = Emit(graph::OpKind::Unsqueeze, {cur}, a, {cur->type.dtype, std::get<Shape>(s)}, pr);
        ++dim;
        continue;
      }
      if (auto k = KnownIntOf(v)) {
        graph::Attrs a;
        a.axis = dim;
        int64_t norm = 0;
        auto s = SelectDim(cur->type.shape, dim, *k, &norm);
        if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, pr);
        a.ints = {norm};
        cur = Emit(graph::OpKind::Select, {cur}, a, {cur->type.dtype, std::get<Shape>(s)}, pr);
        continue;
      }
      if (v->kind == VK::Slice) {
        std::optional<int64_t> lo, hi;
        int64_t step = 1;
        bool ok = true;
        auto get = [&](const ValuePtr& x, std::optional<int64_t>& out) {
          if (x->kind == VK::None) return;
          if (auto k2 = KnownIntOf(x)) out = *k2;
          else ok = false;
        };
        get(v->items[0], lo);
        get(v->items[1], hi);
        std::optional<int64_t> st;
        get(v->items[2], st);
        if (st) step = *st;
        if (!ok && SymbolicPrefix(cur, dim, v, pr)) {
          ++dim;
          continue;
        }
        if (!ok) {
          if (Traced())
            Break(BreakKind::Unsupported, pr, "slicing a tensor with bounds known only at run time");
          auto r = MakeTensor(cur->type);
          r->type.shape[dim] = syms.Fresh();
          return r;
        }
        if (!lo && !hi && step == 1) {
          ++dim;
          continue;
        }
        std::vector<int64_t> norm;
        auto s = SliceDim(syms, cur->type.shape, dim, lo, hi, step, &norm);
        if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, pr);
        graph::Attrs a;
        a.axis = dim;
        a.ints = norm;
        cur = Emit(graph::OpKind::Slice, {cur}, a, {cur->type.dtype, std::get<Shape>(s)}, pr);
        ++dim;
        continue;
      }
      if (v->kind == VK::Unknown) return MakeUnknown();
      Issue(DiagKind::TraceTypeError, pr, "a tensor cannot be indexed with " + Describe(*v));
      return MakeUnknown();
    }
    return cur;
  }

  ValuePtr idx = Eval(index_expr);
  if ((base->kind == VK::List || base->kind == VK::Tuple) && !base->known) {
    // A sequence whose length is known only at run time (argv(), tolist()).
    MarkEager("indexing " + Describe(*base) + " whose length is known only at run time", where);
    if (idx->kind == VK::Slice) return MakeUnknownOf(base->kind);
    return base->items.empty() ? MakeUnknown() : base->items[0];
  }
  if (base->kind == VK::List || base->kind == VK::Tuple) {
    if (auto k = KnownIntOf(idx)) {
      int64_t n = static_cast<int64_t>(base->items.size());
      int64_t i = *k < 0 ? *k + n : *k;
      if (i < 0 || i >= n) {
        Issue(DiagKind::TraceTypeError, where,
              "index " + std::to_string(*k) + " is out of range for a " +
                  (base->kind == VK::List ? "list" : "tuple") + " of length " + std::to_string(n));
        return MakeUnknown();
      }
      return base->items[i];
    }
    if (idx->kind == VK::Slice) {
      int64_t lo, hi, step;
      if (!KnownSliceRange(*idx, static_cast<int64_t>(base->items.size()), &lo, &hi, &step)) {
        MarkEager("a slice whose bounds are known only at run time", where);  // (a step of 0 fails at run time)
        return MakeUnknown();
      }
      std::vector<ValuePtr> items;
      for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) items.push_back(base->items[i]);
      return IsSize(*base) ? MakeSize(items) : MakeSeq(base->kind, items);
    }
    MarkEager("an index known only at run time into " + Describe(*base), where);
    // An index known only at run time: the element's type if all agree.
    if (!base->items.empty() && base->items[0]->kind == VK::Tensor) {
      auto r = MakeTensor(base->items[0]->type);
      for (auto& it : base->items)
        if (it->kind != VK::Tensor || !(it->type == base->items[0]->type)) return MakeUnknown();
      return r;
    }
    return MakeUnknown();
  }
  if (base->kind == VK::Dict) {
    for (size_t i = 0; i < base->keys.size(); ++i) {
      auto eq = KnownEqual(*base->keys[i], *idx);
      if (eq && *eq) return base->items[i];
    }
    MarkEager("a dict key not known at compile time", where);
    if (ValuePtr c = ChoiceOfItems(base, idx)) return c;
    return MakeUnknown();
  }
  if (base->kind == VK::Str) return StrItem(base, idx);
  if (base->kind == VK::Unknown && !base->choices.empty() && !Traced())
    return EachChoice(base, [&](const ValuePtr& c) { return IndexValue(c, index_expr, where); });
  if (base->kind == VK::Unknown) return MakeUnknown();
  Issue(DiagKind::TraceTypeError, where, Describe(*base) + " cannot be indexed");
  return MakeUnknown();
}

// x[..., :n] where n is a tensor size known only at run time (`T =
// ids.shape[1]`, then `self.position_ids[:, :T]`): the first n items, n
// itself the result's size, as torch.compile's dynamic shapes trace it. Over
// a dim of static size m, the guard of n's input checks n <= m (beyond it
// Python's slice would stop at m). Replaces `cur`; false for other slices.
bool Tracer::SymbolicPrefix(ValuePtr& cur, int64_t dim, const ValuePtr& sl, Range where) {
  auto none_or = [](const ValuePtr& x, int64_t k) { return x->kind == VK::None || KnownIntOf(x) == k; };
  const ValuePtr& stop = sl->items[1];
  if (!none_or(sl->items[0], 0) || !none_or(sl->items[2], 1) || stop->kind != VK::Int || stop->known ||
      stop->size_sym < 0 || !cur->rank_known || dim >= static_cast<int64_t>(cur->type.shape.size()))
    return false;
  const Dim n = syms.Resolve(Dim::Symbolic(stop->size_sym));
  const Dim have = syms.Resolve(cur->type.shape[static_cast<size_t>(dim)]);
  if (n.is_static() || syms.Derived(n)) return false;  // a size no guard can check
  if (have == n) return true;                          // x[:, :x.shape[1]]: all of it
  if (!have.is_static()) return false;
  syms.Cap(n, have.size);
  graph::Attrs a;
  a.axis = dim;
  a.ints = {0, have.size, 1};
  Shape out = cur->type.shape;
  out[static_cast<size_t>(dim)] = n;
  cur = Emit(graph::OpKind::Slice, {cur}, a, {cur->type.dtype, out}, where);
  return true;
}

// s[i] and s[a:b:c] of a str known at compile time, as the interpreter
// computes them (runtime/interp/ops_index.cpp: strs index by byte); else a
// str known only at run time (an index out of range raises then).
ValuePtr Tracer::StrItem(const ValuePtr& s, const ValuePtr& idx) {
  if (!s->known) return MakeUnknownOf(VK::Str);
  int64_t n = static_cast<int64_t>(s->s.size());
  if (auto k = KnownIntOf(idx)) {
    int64_t i = *k < 0 ? *k + n : *k;
    return i >= 0 && i < n ? MakeStr(std::string(1, s->s[size_t(i)])) : MakeUnknownOf(VK::Str);
  }
  int64_t lo, hi, step;
  if (idx->kind != VK::Slice || !KnownSliceRange(*idx, n, &lo, &hi, &step)) return MakeUnknownOf(VK::Str);
  std::string out;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) out += s->s[size_t(i)];
  return MakeStr(out);
}

}  // namespace tcc::trace
