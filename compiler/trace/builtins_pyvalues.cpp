// Implements the tracer's handlers of the Python builtins that make Python
// values (slice, range, len, int/float/bool, format/repr/str, list/tuple,
// dict, set, enumerate/zip, sorted/reversed, round): known when their
// arguments are, else values of a known kind. Rows: builtin_handlers.def.
#include <algorithm>
#include <cmath>

#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::PyBuiltinId;

ValuePtr Tracer::SetConstructorBuiltin(const std::string&, CallArgs& args) {
  return SetBuiltin(args);  // trace_set.cpp
}

ValuePtr Tracer::SliceBuiltin(const std::string&, CallArgs& args) {
  // slice(stop), slice(start, stop[, step]): as `a:b:c` makes
  const Range where = args.range;
  if (args.pos.empty() || args.pos.size() > 3 || !args.kw.empty()) {
    size_t n = args.pos.size();
    Issue(DiagKind::TraceTypeError, where,
          n == 0 || n > 3 ? std::string("slice expected at ") + (n ? "most 3 arguments" : "least 1 argument") +
                                ", got " + std::to_string(n)
                          : "slice() takes no keyword arguments");
    return MakeUnknown();
  }
  const auto& p = args.pos;
  return MakeSeq(VK::Slice, {p.size() == 1 ? MakeNone() : p[0], p.size() == 1 ? p[0] : p[1],
                             p.size() == 3 ? p[2] : MakeNone()});
}

ValuePtr Tracer::RangeBuiltin(const std::string&, CallArgs& args) {
  const Range where = args.range;
  std::vector<int64_t> b;
  bool known = true;
  for (const auto& v : args.pos) {
    if (auto k = KnownInt(v)) b.push_back(*k);
    else known = false;
  }
  if (!known || b.empty() || b.size() > 3) {
    auto l = MakeSeq(VK::List, {MakeUnknownOf(VK::Int)});
    l->known = false;
    return l;
  }
  int64_t start = b.size() >= 2 ? b[0] : 0, stop = b.size() >= 2 ? b[1] : b[0], step = b.size() == 3 ? b[2] : 1;
  if (step == 0) {
    Issue(DiagKind::TraceTypeError, where, "`range` step must not be zero");
    return MakeSeq(VK::List, {});
  }
  std::vector<ValuePtr> items;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
    items.push_back(MakeInt(i));
    if (static_cast<int>(items.size()) > opts.max_unroll) break;
  }
  return MakeSeq(VK::List, items);
}

ValuePtr Tracer::LenBuiltin(const std::string&, CallArgs& args) {
  ValuePtr v = args.Arg(0, "x");
  if (!v) return MakeUnknownOf(VK::Int);
  if ((v->kind == VK::List || v->kind == VK::Tuple) && v->known) return MakeInt(static_cast<int64_t>(v->items.size()));
  if (v->kind == VK::Dict) return MakeInt(static_cast<int64_t>(v->keys.size()));
  if (v->kind == VK::Set && v->known) return MakeInt(static_cast<int64_t>(v->items.size()));
  if (v->kind == VK::Str && v->known) return MakeInt(static_cast<int64_t>(v->s.size()));
  if (v->kind == VK::Tensor && v->rank_known && !v->type.shape.empty()) {
    return MakeDimInt(syms.Resolve(v->type.shape[0]));
  }
  return MakeUnknownOf(VK::Int);
}

ValuePtr Tracer::NumberBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  const Range where = args.range;
  ValuePtr v = args.Arg(0, "x");
  VK k = id == py_int ? VK::Int : id == py_float ? VK::Float : VK::Bool;
  if (!v) return k == VK::Int ? MakeInt(0) : k == VK::Float ? MakeFloat(0) : MakeBool(false);
  if (v->kind == VK::Tensor) {
    if (ValuePtr k = KnownScalar(v)) {  // module scope, from constants: as the number's own conversion
      CallArgs conv;
      conv.range = where;
      conv.pos = {k};
      return CallBuiltin(name, nullptr, conv);
    }
    Break(BreakKind::TensorToScalar, where, "`" + name + "(t)` converts a tensor to a Python " + name);
    return MakeUnknownOf(k);
  }
  if (v->is_number()) {
    if (!v->known) return MakeUnknownOf(k);
    if (k == VK::Int) {
      if (v->kind == VK::Int) return v;
      return MakeIntFrom(v->as_double());
    }
    if (k == VK::Float) return MakeFloat(v->as_double());
    return MakeBool(v->as_double() != 0);
  }
  if (k == VK::Bool) {
    if (auto t = KnownTruth(*v)) return MakeBool(*t);
  }
  if (v->kind == VK::Str && v->known && k != VK::Bool) {
    try {
      size_t used = 0;
      if (k == VK::Int) {
        long long i = std::stoll(v->s, &used);
        if (used == v->s.size()) return MakeInt(i);
      } else {
        double d = std::stod(v->s, &used);
        if (used == v->s.size()) return MakeFloat(d);
      }
    } catch (...) {
    }
  }
  return MakeUnknownOf(k);
}

ValuePtr Tracer::FormatBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  // A str; known when it is the plain text of a known value (f"{n}" with n = 3).
  ValuePtr v = args.pos.empty() ? nullptr : args.pos[0];
  bool plain = id != py_repr;
  for (size_t i = 1; i < args.pos.size(); ++i)
    plain = plain && args.pos[i]->kind == VK::Str && args.pos[i]->known && args.pos[i]->s.empty();
  if (v && plain && v->kind == VK::Str) return v;
  if (v && plain && v->known && (v->kind == VK::Int || v->kind == VK::Bool || v->kind == VK::None))
    return MakeStr(Describe(*v));
  return MakeUnknownOf(VK::Str);
}

ValuePtr Tracer::StrBuiltin(const std::string&, CallArgs& args) {
  ValuePtr v = args.Arg(0, "x");
  if (v && v->kind == VK::Str) return v;
  if (v && v->known && (v->kind == VK::Int || v->kind == VK::Bool || v->kind == VK::None)) return MakeStr(Describe(*v));
  return MakeUnknownOf(VK::Str);
}

ValuePtr Tracer::SequenceBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  const Range where = args.range;
  ValuePtr v = args.Arg(0, "x");
  VK k = id == py_list ? VK::List : VK::Tuple;
  if (!v) return MakeSeq(k, {});
  if ((v->kind == VK::List || v->kind == VK::Tuple) && v->known) return MakeSeq(k, v->items);
  if (v->kind == VK::Dict) return MakeSeq(k, v->keys);
  if (v->kind == VK::Tensor) {
    std::vector<ValuePtr> items;
    CallArgs none;
    (void)none;
    if (v->rank_known && !v->type.shape.empty() && syms.Resolve(v->type.shape[0]).is_static()) {
      int64_t n = syms.Resolve(v->type.shape[0]).size;
      for (int64_t i = 0; i < n && i <= opts.max_unroll; ++i) {
        graph::Attrs a;
        a.ints = {i};
        items.push_back(Emit(graph::OpKind::Select, {v}, a,
                             {v->type.dtype, Shape(v->type.shape.begin() + 1, v->type.shape.end())}, where));
      }
      return MakeSeq(k, items);
    }
  }
  auto l = MakeSeq(k, {MakeUnknown()});
  l->known = false;
  return l;
}

ValuePtr Tracer::DictBuiltin(const std::string&, CallArgs& args) {
  auto d = MakeSeq(VK::Dict, {});
  auto set = [&](const ValuePtr& k, const ValuePtr& v) {
    for (size_t i = 0; i < d->keys.size(); ++i)
      if (KnownEqual(*d->keys[i], *k).value_or(false)) { d->items[i] = v; return; }
    d->keys.push_back(k);
    d->items.push_back(v);
  };
  if (!args.pos.empty()) {
    const ValuePtr& src = args.pos[0];
    if (src->kind == VK::Dict) {
      for (size_t i = 0; i < src->keys.size(); ++i) set(src->keys[i], src->items[i]);
    } else if ((src->kind == VK::List || src->kind == VK::Tuple) && src->known) {
      for (const auto& kv : src->items) {
        if ((kv->kind == VK::Tuple || kv->kind == VK::List) && kv->known && kv->items.size() == 2) set(kv->items[0], kv->items[1]);
        else d->known = false;
      }
    } else {
      d->known = false;
    }
  }
  for (const auto& [k, v] : args.kw) set(MakeStr(k), v);
  return d;
}

ValuePtr Tracer::ZipBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  const Range where = args.range;
  // The items each iterable visits, as a for-loop over it would (a tensor's
  // rows, a dict's keys, a str's characters); a list of run-time length of
  // tuples of a typical item when one is known only at run time.
  std::vector<std::vector<ValuePtr>> seqs;
  std::vector<ValuePtr> srcs = args.pos;
  if (id == py_enumerate) srcs = {args.Arg(0, "iterable")};
  bool known = true;
  for (const auto& v : srcs) {
    std::vector<ValuePtr> items;
    known = known && v && LoopItems(*this, v, items, where) &&
            (v->kind != VK::Tensor || static_cast<int64_t>(items.size()) <= opts.max_unroll);
    seqs.push_back(std::move(items));
  }
  if (id == py_enumerate && known) {
    std::vector<ValuePtr> idx;
    for (size_t i = 0; i < seqs[0].size(); ++i) idx.push_back(MakeInt(static_cast<int64_t>(i)));
    seqs.insert(seqs.begin(), idx);
  }
  if (!known) {
    std::vector<ValuePtr> row;
    if (id == py_enumerate) row.push_back(MakeUnknownOf(VK::Int));
    for (const auto& v : srcs) row.push_back(v ? SomeItem(v) : MakeUnknown());
    auto l = MakeSeq(VK::List, {MakeSeq(VK::Tuple, row)});
    l->known = false;
    return l;
  }
  size_t n = seqs.empty() ? 0 : SIZE_MAX;
  for (const auto& s : seqs) n = std::min(n, s.size());
  std::vector<ValuePtr> out;
  for (size_t i = 0; i < n; ++i) {
    std::vector<ValuePtr> t;
    for (const auto& s : seqs) t.push_back(s[i]);
    out.push_back(MakeSeq(VK::Tuple, t));
  }
  return MakeSeq(VK::List, out);
}

ValuePtr Tracer::SortedBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  ValuePtr v = args.Arg(0, "x");
  if (v && (v->kind == VK::List || v->kind == VK::Tuple) && v->known) {
    auto items = v->items;
    if (id == py_reversed) std::reverse(items.begin(), items.end());
    else {
      bool all_known = std::all_of(items.begin(), items.end(), [](const ValuePtr& x) { return x->is_known_number(); });
      ValuePtr key = args.Kw("key"), rev = args.Kw("reverse");
      if (!all_known || (key && key->kind != VK::None) || (rev && !KnownTruth(*rev))) {
        MarkEager("`sorted` of values whose order is known only at run time", args.range);
        auto l = MakeSeq(VK::List, items);
        l->known = false;
        return l;
      }
      bool reverse = rev && *KnownTruth(*rev);
      std::stable_sort(items.begin(), items.end(), [&](const ValuePtr& a, const ValuePtr& b) {
        return reverse ? b->as_double() < a->as_double() : a->as_double() < b->as_double();
      });
    }
    return MakeSeq(VK::List, items);
  }
  return MakeUnknown();
}

ValuePtr Tracer::RoundBuiltin(const std::string&, CallArgs& args) {
  const Range where = args.range;
  ValuePtr v = args.Arg(0, "number");
  if (v && v->kind == VK::Tensor) {  // a TypeError eagerly, as in Python with torch 1.13
    Issue(DiagKind::TraceTypeError, where, "`round()` needs a number, not `Tensor`");
    MarkEager();
    return MakeUnknown();
  }
  if (v && v->is_known_number() && !args.Arg(1, "ndigits")) return MakeIntFrom(std::nearbyint(v->as_double()));
  return MakeUnknownOf(VK::Float);
}
}  // namespace tcc::trace
