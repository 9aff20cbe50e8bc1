// Implements `len`, indexing, slicing and item assignment of lists, tuples,
// strings, dicts and ranges (Python semantics: negative indices, clamped
// slices, negative steps), and turning iterables into vectors. Tensors are
// handed to tensor_ops.cpp.
#include <algorithm>

#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/pynumber.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

namespace {

// Python's normalisation of a slice over a sequence of length n.
void SliceBounds(const SliceObj* s, int64_t n, int64_t* start, int64_t* stop, int64_t* step) {
  CheckNotBigInt(s->step);
  *step = s->step.is_none() ? 1 : s->step.to_int();
  if (*step == 0) ValueErr("slice step cannot be zero");
  auto norm = [&](const Value& v, int64_t dflt) {
    if (v.is_none()) return dflt;
    if (IsBigInt(v)) {  // past either end, as Python clamps it
      bool below = v.as<BigIntObj>()->v.neg();
      return *step > 0 ? (below ? int64_t{0} : n) : (below ? int64_t{-1} : n - 1);
    }
    if (!v.is_int() && !v.is_bool()) TypeErr("slice indices must be integers, not `" + TypeName(v) + "`");
    int64_t x = v.to_int();
    if (x < 0) x += n;
    if (*step > 0) return std::clamp<int64_t>(x, 0, n);
    return std::clamp<int64_t>(x, -1, n - 1);
  };
  *start = norm(s->lo, *step > 0 ? 0 : n - 1);
  *stop = norm(s->hi, *step > 0 ? n : -1);
}

std::vector<Value> SliceItems(const std::vector<Value>& items, const SliceObj* s) {
  int64_t start, stop, step;
  SliceBounds(s, static_cast<int64_t>(items.size()), &start, &stop, &step);
  std::vector<Value> out;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(items[i]);
  return out;
}

int64_t SeqIndex(const Value& idx, int64_t n, const char* what) {
  CheckNotBigIndex(idx);
  if (!idx.is_int() && !idx.is_bool()) {
    TypeErr(std::string(what) + " indices must be integers or slices, not `" + TypeName(idx) + "`");
  }
  int64_t i = idx.to_int();
  int64_t j = i < 0 ? i + n : i;
  if (j < 0 || j >= n) {
    ThrowError(DiagKind::RtIndexError, std::string(what) + " index " + std::to_string(i) +
                                           " is out of range for length " + std::to_string(n));
  }
  return j;
}

}  // namespace

int64_t Len(const Value& v) {
  if (v.is(OType::Str)) return static_cast<int64_t>(v.as<StrObj>()->s.size());
  if (v.is(OType::List)) return static_cast<int64_t>(v.as<ListObj>()->items.size());
  if (v.is(OType::Tuple)) return static_cast<int64_t>(v.as<TupleObj>()->items.size());
  if (v.is(OType::Dict)) return static_cast<int64_t>(v.as<DictObj>()->items.size());
  if (v.is(OType::Set)) return static_cast<int64_t>(v.as<SetObj>()->items().size());
  if (v.is(OType::Range)) return v.as<RangeObj>()->size();
  if (v.is(OType::Tensor)) return TensorLen(v);
  if (v.is(OType::Instance)) return InstanceLen(v);
  TypeErr("a value of type `" + TypeName(v) + "` has no len()");
}

Value GetItem(const Value& obj, const Value& idx) {
  if (obj.is(OType::Tensor)) return TensorGetItem(obj, idx);
  if (obj.is(OType::Instance)) return InstanceGetItem(obj, idx);
  if (obj.is(OType::List) || obj.is(OType::Tuple)) {
    const auto& items = obj.is(OType::List) ? obj.as<ListObj>()->items : obj.as<TupleObj>()->items;
    if (idx.is(OType::Slice)) {
      auto out = SliceItems(items, idx.as<SliceObj>());
      return obj.is(OType::List) ? MakeList(std::move(out)) : IsSize(obj) ? MakeSize(std::move(out)) : MakeTuple(std::move(out));
    }
    return items[SeqIndex(idx, static_cast<int64_t>(items.size()), obj.is(OType::List) ? "list" : "tuple")];
  }
  if (obj.is(OType::Dict)) {
    auto* d = obj.as<DictObj>();
    int64_t i = d->Find(idx);
    if (i < 0) ThrowKeyError(idx, "key " + Repr(idx) + " is not in the dict");
    return d->items[i].second;
  }
  if (obj.is(OType::Str)) {
    const std::string& s = obj.as<StrObj>()->s;
    if (idx.is(OType::Slice)) {
      int64_t start, stop, step;
      SliceBounds(idx.as<SliceObj>(), static_cast<int64_t>(s.size()), &start, &stop, &step);
      std::string out;
      for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out += s[i];
      return MakeStr(out);
    }
    return MakeStr(std::string(1, s[SeqIndex(idx, static_cast<int64_t>(s.size()), "string")]));
  }
  if (obj.is(OType::Range)) {
    auto* r = obj.as<RangeObj>();
    return Value::Int(r->start + r->step * SeqIndex(idx, r->size(), "range"));
  }
  TypeErr("a value of type `" + TypeName(obj) + "` cannot be indexed");
}

void SetItem(const Value& obj, const Value& idx, const Value& v) {
  if (obj.is(OType::Tensor)) { TensorSetItem(obj, idx, v); return; }
  if (obj.is(OType::Instance)) { InstanceSetItem(obj, idx, v); return; }
  if (obj.is(OType::List)) {
    auto& items = obj.as<ListObj>()->items;
    items[SeqIndex(idx, static_cast<int64_t>(items.size()), "list")] = v;
    return;
  }
  if (obj.is(OType::Dict)) { obj.as<DictObj>()->Set(idx, v); return; }
  TypeErr("a value of type `" + TypeName(obj) + "` does not support item assignment");
}

std::vector<Value> Materialize(const Value& v) {
  if (v.is(OType::List)) return v.as<ListObj>()->items;
  if (v.is(OType::Tuple)) return v.as<TupleObj>()->items;
  if (v.is(OType::Set)) return v.as<SetObj>()->items();
  std::vector<Value> out;
  if (v.is(OType::Dict)) {
    for (auto& kv : v.as<DictObj>()->items) out.push_back(kv.first);
  } else if (v.is(OType::Str)) {
    for (char c : v.as<StrObj>()->s) out.push_back(MakeStr(std::string(1, c)));
  } else if (v.is(OType::Range)) {
    auto* r = v.as<RangeObj>();
    if (r->size() > 1000000000) ValueErr("a range of " + std::to_string(r->size()) + " items is too large to make a list of");
    for (int64_t i = 0, n = r->size(); i < n; ++i) out.push_back(Value::Int(r->start + i * r->step));
  } else if (v.is(OType::Tensor)) {
    for (int64_t i = 0, n = TensorLen(v); i < n; ++i) out.push_back(TensorRow(v, i));
  } else if (IsObjectIterable(v)) {
    out = ObjectItems(v);
  } else {
    TypeErr("a value of type `" + TypeName(v) + "` is not iterable");
  }
  return out;
}

}  // namespace tcc::interp
