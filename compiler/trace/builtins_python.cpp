// Traces the Python builtins of issue 11: map, filter, divmod, min/max with
// key= and default=, sorted/list.sort with key= and reverse=, the `math`
// module (`__math_<name>`, stdlib/math.ts), str.format and `str % args`.
// Known inputs are folded with the functions the interpreter computes them
// with (lang/semantics/pymath.h, pynum.h); a user key or map function is traced
// like any call (its tensor ops join the graph). What depends on values known
// only at run time runs in the interpreter (MarkEager), never a guess.
#include <algorithm>

#include "semantics/pymath.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {

sem::PyNumber ToPy(const Value& v) {
  if (v.kind == VK::Bool) return sem::PyNumber::Bool(v.b);
  if (v.kind == VK::Int) return sem::PyNumber::Int(v.i);
  return sem::PyNumber::Float(v.f);
}
ValuePtr FromPy(const sem::PyNumber& n) {
  switch (n.kind) {
    case sem::PyNumber::Kind::Bool: return MakeBool(n.i != 0);
    case sem::PyNumber::Kind::Int: return MakeInt(n.i);
    case sem::PyNumber::Kind::Float: return MakeFloat(n.f);
    case sem::PyNumber::Kind::Big: return MakeUnknownOf(VK::Int);  // exact in the interpreter (Tracer::MathFold)
  }
  return MakeUnknown();
}

// The kind of math.<name>'s result (for a result known only at run time).
VK MathKind(const sem::PyMathRow* row) {
  switch (row ? row->result : sem::PyMathResultKind::Any) {
    case sem::PyMathResultKind::Float: return VK::Float;
    case sem::PyMathResultKind::Int: return VK::Int;
    case sem::PyMathResultKind::Bool: return VK::Bool;
    case sem::PyMathResultKind::Any: break;
  }
  return VK::Unknown;
}

bool KnownSeq(const ValuePtr& v) { return v && (v->kind == VK::List || v->kind == VK::Tuple) && v->known; }

ValuePtr UnknownList() {
  auto l = MakeSeq(VK::List, {MakeUnknown()});
  l->known = false;
  return l;
}

// A key Python can order and the tracer knows: a known number or str.
bool Orderable(const ValuePtr& k) { return k->is_known_number() || (k->kind == VK::Str && k->known); }
bool KeyLess(const ValuePtr& a, const ValuePtr& b) {
  if (a->kind == VK::Str && b->kind == VK::Str) return a->s < b->s;
  if (a->kind != VK::Float && b->kind != VK::Float) {
    int64_t x = a->kind == VK::Bool ? a->b : a->i, y = b->kind == VK::Bool ? b->b : b->i;
    return x < y;
  }
  return a->as_double() < b->as_double();
}

}  // namespace

// The keys of `items` (key(item), or the items), all orderable; nullopt when
// one is known only at run time or two cannot be compared (a TypeError the
// interpreter raises).
std::optional<std::vector<ValuePtr>> Tracer::KnownKeys(const std::vector<ValuePtr>& items, const ValuePtr& key,
                                                       Range where) {
  std::vector<ValuePtr> keys;
  for (const auto& it : items) {
    ValuePtr k = it;
    if (key && key->kind != VK::None) {
      CallArgs ca;
      ca.pos = {it};
      ca.range = where;
      k = Call(key, ca);
    }
    if (!Orderable(k)) return std::nullopt;
    keys.push_back(k);
  }
  for (size_t i = 1; i < keys.size(); ++i)
    if ((keys[i]->kind == VK::Str) != (keys[0]->kind == VK::Str)) return std::nullopt;
  return keys;
}

ValuePtr Tracer::PythonBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args) {
  Range where = args.range;
  if (self) {
    if (self->kind == VK::Str && name.ends_with("format")) return MakeUnknownOf(VK::Str);  // str.format: at run time
    if (self->kind != VK::List || !name.ends_with("sort")) return nullptr;
    ValuePtr key = args.Kw("key"), rev = args.Kw("reverse");
    MarkMutation(self, "`sort` on " + Describe(*self), where);
    std::optional<bool> reverse = rev ? KnownTruth(*rev) : std::optional<bool>(false);
    auto keys = self->known && reverse ? KnownKeys(self->items, key, where) : std::nullopt;
    if (!keys) {
      MarkEager("`list.sort` of values whose order is known only at run time", where);
      self->known = false;
      return MakeNone();
    }
    std::vector<size_t> order(self->items.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return *reverse ? KeyLess((*keys)[b], (*keys)[a]) : KeyLess((*keys)[a], (*keys)[b]);
    });
    std::vector<ValuePtr> sorted;
    for (size_t i : order) sorted.push_back(self->items[i]);
    self->items = std::move(sorted);
    return MakeNone();
  }
  const auto id = PyIdOf(name);
  using enum sem::PyBuiltinId;
  if (id == py_map || id == py_filter) {
    ValuePtr fn = args.pos.empty() ? nullptr : args.pos[0];
    bool ok = fn && args.pos.size() >= 2;
    for (size_t i = 1; i < args.pos.size(); ++i) ok = ok && KnownSeq(args.pos[i]);
    if (!ok || (id == py_filter && args.pos.size() != 2)) {
      MarkEager("`" + name + "` of a sequence known only at run time", where);
      return UnknownList();
    }
    size_t n = SIZE_MAX;
    for (size_t i = 1; i < args.pos.size(); ++i) n = std::min(n, args.pos[i]->items.size());
    std::vector<ValuePtr> out;
    for (size_t r = 0; r < n; ++r) {
      CallArgs ca;
      ca.range = where;
      for (size_t i = 1; i < args.pos.size(); ++i) ca.pos.push_back(args.pos[i]->items[r]);
      if (id == py_map) {
        out.push_back(Call(fn, ca));
        continue;
      }
      const ValuePtr& item = ca.pos[0];
      std::optional<bool> keep = fn->kind == VK::None ? KnownTruth(*item) : KnownTruth(*Call(fn, ca));
      if (!keep) {
        MarkEager("`filter` whose predicate is known only at run time", where);
        return UnknownList();
      }
      if (*keep) out.push_back(item);
    }
    return MakeSeq(VK::List, out);
  }
  if ((id == py_ord || id == py_chr) && !self && args.pos.size() == 1) {  // known and valid: folded (FoldPureCall)
    const ValuePtr& v = args.pos[0];
    if (v->known && v->kind != VK::Unknown) MarkEager("`" + name + "` of " + Describe(*v) + " raises", where);
    return MakeUnknownOf(id == py_ord ? VK::Int : VK::Str);
  }
  if (id == py_divmod) {
    ValuePtr a = args.Arg(0, "a"), b = args.Arg(1, "b");
    if (!a || !b) return nullptr;
    if (!a->is_number() || !b->is_number()) {
      MarkEager("`divmod` of values that are not numbers (a TypeError)", where);
      return MakeSeq(VK::Tuple, {MakeUnknown(), MakeUnknown()});
    }
    VK k = a->kind == VK::Float || b->kind == VK::Float ? VK::Float : VK::Int;
    if (!a->known || !b->known) return MakeSeq(VK::Tuple, {MakeUnknownOf(k), MakeUnknownOf(k)});
    sem::PyDivModResult r = sem::PyDivModNumbers(ToPy(*a), ToPy(*b));
    if (r.message) {
      MarkEager(std::string("`divmod` raises ZeroDivisionError: ") + r.message, where);
      return MakeSeq(VK::Tuple, {MakeUnknownOf(k), MakeUnknownOf(k)});
    }
    if (r.div.is_big()) MarkEager("`divmod`'s quotient is an int beyond 64 bits", where);
    return MakeSeq(VK::Tuple, {FromPy(r.div), FromPy(r.mod)});
  }
  if (id == py_min || id == py_max || id == py_sorted) {
    ValuePtr key = args.Kw("key"), dflt = args.Kw("default");
    bool str_items = args.pos.size() == 1 && KnownSeq(args.pos[0]) && !args.pos[0]->items.empty() &&
                     args.pos[0]->items[0]->kind == VK::Str;
    if (!key && !dflt && !str_items) return nullptr;  // builtins.cpp's numbers and tensors
    std::vector<ValuePtr> items;
    bool ok = !args.pos.empty() && !(dflt && args.pos.size() > 1);
    if (args.pos.size() == 1) {
      ok = ok && KnownSeq(args.pos[0]);
      if (ok) items = args.pos[0]->items;
    } else {
      items = args.pos;
    }
    ValuePtr rev = args.Kw("reverse");
    std::optional<bool> reverse = rev ? KnownTruth(*rev) : std::optional<bool>(false);
    auto keys = ok && reverse ? KnownKeys(items, key, where) : std::nullopt;
    if (!keys || (items.empty() && id != py_sorted && !dflt)) {
      MarkEager("`" + name + "` of values whose order is known only at run time", where);
      return id == py_sorted ? UnknownList() : MakeUnknown();
    }
    if (id == py_sorted) {
      std::vector<size_t> order(items.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return *reverse ? KeyLess((*keys)[b], (*keys)[a]) : KeyLess((*keys)[a], (*keys)[b]);
      });
      std::vector<ValuePtr> out;
      for (size_t i : order) out.push_back(items[i]);
      return MakeSeq(VK::List, out);
    }
    if (items.empty()) return dflt;
    size_t best = 0;
    for (size_t i = 1; i < items.size(); ++i)
      if (id == py_max ? KeyLess((*keys)[best], (*keys)[i]) : KeyLess((*keys)[i], (*keys)[best])) best = i;
    return items[best];
  }
  if (name.starts_with("__math_")) return MathBuiltin(name.substr(7), args);
  return nullptr;
}

// A str method whose receiver or arguments are known only at run time (known
// ones were folded by the interpreter, FoldPureCall): the kind of its result.
ValuePtr Tracer::StrMethod(sem::ContainerMethodId m, const ValuePtr&, CallArgs&) {
  using enum sem::ContainerMethodId;
  switch (m) {
    case Str_startswith: case Str_endswith: return MakeUnknownOf(VK::Bool);
    case Str_split: return UnknownList();
    default: return MakeUnknownOf(VK::Str);
  }
}

ValuePtr Tracer::MathBuiltin(const std::string& name, CallArgs& args) {
  Range where = args.range;
  std::vector<ValuePtr> vals = args.pos;
  const sem::PyMathRow* row = sem::FindPyMath(name);
  const std::optional<sem::PyMathId> id = row ? std::optional(row->id) : std::nullopt;
  using enum sem::PyMathId;
  if (id == prod) {  // Python's `*` over the items: tensors multiply in the graph
    ValuePtr start = args.Kw("start");
    ValuePtr acc = start ? start : MakeInt(1);
    if (vals.size() != 1 || !KnownSeq(vals[0])) {
      MarkEager("`math.prod` of a sequence known only at run time", where);
      return MakeUnknown();
    }
    for (const auto& v : vals[0]->items) acc = BinaryOp(ast::BinOp::Mul, acc, v, where);
    return acc;
  }
  if (id == fsum) {
    if (vals.size() != 1 || !KnownSeq(vals[0])) {
      MarkEager("`math.fsum` of a sequence known only at run time", where);
      return MakeUnknownOf(VK::Float);
    }
    vals = vals[0]->items;
  }
  if (id == isclose) {
    for (auto [kw, dflt] : {std::pair{"rel_tol", 1e-09}, std::pair{"abs_tol", 0.0}}) {
      ValuePtr v = args.Kw(kw);
      vals.push_back(v ? v : MakeFloat(dflt));
    }
  }
  if (id == perm && vals.size() == 2 && vals[1]->kind == VK::None) vals.pop_back();
  VK kind = MathKind(row);
  int n = static_cast<int>(args.pos.size());
  bool count_ok = id == fsum || id == isclose ||
                  (row && n >= row->min_args && (row->max_args < 0 || n <= row->max_args));
  std::vector<sem::PyNumber> nums;
  for (const auto& v : vals) {
    if (v->kind == VK::Tensor) {  // Python converts a one-element tensor: its value, at run time
      Break(BreakKind::TensorToScalar, where, "`math." + name + "(t)` converts a tensor to a Python number");
      return MakeUnknownOf(kind);
    }
    if (!v->is_number() || !count_ok) {
      MarkEager("`math." + name + "` with arguments it does not take (a TypeError)", where);
      return MakeUnknownOf(kind);
    }
    if (!v->known) return MakeUnknownOf(kind);
    nums.push_back(ToPy(*v));
  }
  if (!count_ok) {
    MarkEager("`math." + name + "` with arguments it does not take (a TypeError)", where);
    return MakeUnknownOf(kind);
  }
  sem::PyMathResult r = sem::PyMath(name, nums);
  if (!r.ok()) {  // the interpreter raises it, at this call
    MarkEager(std::string("`math.") + name + "` raises " + r.error_class + ": " + r.message, where);
    return MakeUnknownOf(kind);
  }
  if (r.value.is_big()) MarkEager("`math." + name + "` returns an int beyond 64 bits", where);
  return FromPy(r.value);
}

}  // namespace tcc::trace
