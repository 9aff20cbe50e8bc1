// Implements the methods of lists, dicts and strings that
// lang/semantics/container_methods.def lists (sets': builtins_set.cpp; list.sort:
// builtins_python.cpp; str.format: format_python.cpp), and finds the one a
// call names.
#include <algorithm>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/strings.h"

namespace tcc::interp {

namespace {

std::vector<Value>& ListOf(Args& a) { return a.pos[0].as<ListObj>()->items; }
const std::string& StrOf(const Value& v, const char* what) {
  if (!v.is(OType::Str)) TypeErr(std::string(what) + " must be a str, not `" + TypeName(v) + "`");
  return v.as<StrObj>()->s;
}

Value Append(Interp&, Args& a) {
  a.Check(2, {});
  ListOf(a).push_back(a.Need(1, "item"));
  return Value::None();
}
Value Extend(Interp&, Args& a) {
  a.Check(2, {});
  for (auto& v : Materialize(a.Need(1, "iterable"))) ListOf(a).push_back(v);
  return Value::None();
}
Value Insert(Interp&, Args& a) {
  a.Check(3, {});
  auto& items = ListOf(a);
  int64_t n = static_cast<int64_t>(items.size());
  int64_t i = IntArg(a.Need(1, "index"), "index");
  if (i < 0) i = std::max<int64_t>(0, i + n);
  i = std::min(i, n);
  items.insert(items.begin() + i, a.Need(2, "item"));
  return Value::None();
}
Value Pop(Interp&, Args& a) {
  if (a.pos[0].is(OType::Dict)) {
    a.Check(3, {});
    auto* d = a.pos[0].as<DictObj>();
    int64_t i = d->Find(a.Need(1, "key"));
    if (i < 0) {
      if (a.npos >= 3) return a.pos[2];
      ThrowKeyError(a.pos[1], "key " + Repr(a.pos[1]) + " is not in the dict");
    }
    Value v = d->items[i].second;
    d->items.erase(d->items.begin() + i);
    return v;
  }
  a.Check(2, {});
  auto& items = ListOf(a);
  if (items.empty()) ThrowError(DiagKind::RtIndexError, "pop from an empty list");
  int64_t n = static_cast<int64_t>(items.size());
  int64_t i = a.npos >= 2 ? IntArg(a.pos[1], "index") : n - 1;
  if (i < 0) i += n;
  if (i < 0 || i >= n) ThrowError(DiagKind::RtIndexError, "pop index is out of range");
  Value v = items[i];
  items.erase(items.begin() + i);
  return v;
}
// A list's or a tuple's items (index and count are methods of both).
const std::vector<Value>& SeqOf(Args& a) {
  return a.pos[0].is(OType::Tuple) ? a.pos[0].as<TupleObj>()->items : a.pos[0].as<ListObj>()->items;
}

Value Index(Interp&, Args& a) {
  a.Check(2, {});
  const auto& items = SeqOf(a);
  for (size_t i = 0; i < items.size(); ++i) if (ValuesEqual(items[i], a.pos[1])) return Value::Int(i);
  ValueErr(Repr(a.Need(1, "item")) + " is not in the list");
}
Value Count(Interp&, Args& a) {
  a.Check(2, {});
  int64_t c = 0;
  for (auto& v : SeqOf(a)) c += ValuesEqual(v, a.Need(1, "item"));
  return Value::Int(c);
}
Value Reverse(Interp&, Args& a) {
  a.Check(1, {});
  std::reverse(ListOf(a).begin(), ListOf(a).end());
  return Value::None();
}

Value DictGet(Interp&, Args& a) {
  a.Check(3, {});
  auto* d = a.pos[0].as<DictObj>();
  int64_t i = d->Find(a.Need(1, "key"));
  if (i >= 0) return d->items[i].second;
  return a.npos >= 3 ? a.pos[2] : Value::None();
}
Value DictItems(Interp&, Args& a) {
  a.Check(1, {});
  std::vector<Value> out;
  for (auto& [k, v] : a.pos[0].as<DictObj>()->items) out.push_back(MakeTuple({k, v}));
  return MakeList(std::move(out));
}
Value DictKeys(Interp&, Args& a) {
  a.Check(1, {});
  std::vector<Value> out;
  for (auto& kv : a.pos[0].as<DictObj>()->items) out.push_back(kv.first);
  return MakeList(std::move(out));
}
Value DictValues(Interp&, Args& a) {
  a.Check(1, {});
  std::vector<Value> out;
  for (auto& kv : a.pos[0].as<DictObj>()->items) out.push_back(kv.second);
  return MakeList(std::move(out));
}

Value Join(Interp&, Args& a) {
  a.Check(2, {});
  std::vector<std::string> items;
  for (auto& v : Materialize(a.Need(1, "iterable"))) items.push_back(StrOf(v, "each item joined"));
  return MakeStr(sem::StrJoin(a.pos[0].as<StrObj>()->s, items));
}
Value StrSplitMethod(Interp&, Args& a) {
  a.Check(2, {});
  std::optional<std::string_view> sep;
  if (a.npos >= 2 && !a.pos[1].is_none()) sep = StrOf(a.pos[1], "the separator");
  auto parts = sem::StrSplit(a.pos[0].as<StrObj>()->s, sep);
  if (!parts) ValueErr("empty separator");
  std::vector<Value> out;
  for (auto& p : *parts) out.push_back(MakeStr(std::move(p)));
  return MakeList(std::move(out));
}
Value Upper(Interp&, Args& a) {
  a.Check(1, {});
  return MakeStr(sem::StrUpper(a.pos[0].as<StrObj>()->s));
}
Value Lower(Interp&, Args& a) {
  a.Check(1, {});
  return MakeStr(sem::StrLower(a.pos[0].as<StrObj>()->s));
}
Value Strip(Interp&, Args& a) {
  a.Check(1, {});
  return MakeStr(sem::StrStrip(a.pos[0].as<StrObj>()->s));
}
Value StartsWith(Interp&, Args& a) {
  a.Check(2, {});
  return Value::Bool(sem::StrStartsWith(a.pos[0].as<StrObj>()->s, StrOf(a.Need(1, "prefix"), "the prefix")));
}
Value EndsWith(Interp&, Args& a) {
  a.Check(2, {});
  return Value::Bool(sem::StrEndsWith(a.pos[0].as<StrObj>()->s, StrOf(a.Need(1, "suffix"), "the suffix")));
}
Value Replace(Interp&, Args& a) {
  a.Check(3, {});
  return MakeStr(sem::StrReplace(a.pos[0].as<StrObj>()->s, StrOf(a.Need(1, "old"), "the old text"),
                                 StrOf(a.Need(2, "new"), "the new text")));
}

Value ListRemove(Interp&, Args& a) {
  a.Check(2, {});
  auto& items = ListOf(a);
  for (size_t i = 0; i < items.size(); ++i) {
    if (ValuesEqual(items[i], a.pos[1])) {
      items.erase(items.begin() + static_cast<int64_t>(i));
      return Value::None();
    }
  }
  ValueErr(Repr(a.Need(1, "item")) + " is not in the list");
}
Value ListClear(Interp&, Args& a) {
  a.Check(1, {});
  ListOf(a).clear();
  return Value::None();
}
Value ListCopy(Interp&, Args& a) {
  a.Check(1, {});
  return MakeList(ListOf(a));
}

DictObj* SelfDict(Args& a) { return a.pos[0].as<DictObj>(); }
Value DictCopy(Interp&, Args& a) {
  a.Check(1, {});
  Ref<DictObj> d(new DictObj());
  d->items = SelfDict(a)->items;
  return d.value();
}
Value DictPopItem(Interp&, Args& a) {
  a.Check(1, {});
  auto& items = SelfDict(a)->items;
  if (items.empty()) ThrowError(DiagKind::RtKeyError, "popitem(): dictionary is empty");
  Value r = MakeTuple({items.back().first, items.back().second});
  items.pop_back();
  return r;
}
Value DictSetDefault(Interp&, Args& a) {
  a.Check(3, {});
  auto* d = SelfDict(a);
  const Value& key = a.Need(1, "key");
  int64_t i = d->Find(key);
  if (i >= 0) return d->items[i].second;
  Value v = a.npos >= 3 ? a.pos[2] : Value::None();
  d->Set(key, v);
  return v;
}
Value DictUpdate(Interp&, Args& a) {
  if (a.npos > 2) ThrowError(DiagKind::RtArgumentError, "`update()` takes at most 1 positional argument");
  auto* d = SelfDict(a);
  if (a.npos >= 2) {
    const Value& other = a.pos[1];
    if (other.is(OType::Dict)) {
      auto items = other.as<DictObj>()->items;  // a copy: `d.update(d)` reads what it writes
      for (auto& [k, v] : items) d->Set(k, v);
    } else {
      for (auto& item : Materialize(other)) {
        std::vector<Value> kv = Materialize(item);
        if (kv.size() != 2) ValueErr("`update()` needs a dict or (key, value) pairs");
        d->Set(kv[0], kv[1]);
      }
    }
  }
  for (int32_t k = 0; k < a.nkw; ++k) d->Set(MakeStr(SymName(a.kwnames[k])), a.kwvals[k]);
  return Value::None();
}
Value DictClear(Interp&, Args& a) {
  a.Check(1, {});
  SelfDict(a)->items.clear();
  return Value::None();
}

}  // namespace

Value ListSort(Interp& in, Args& a);       // builtins_python.cpp
Value StrFormatMethod(Interp& in, Args& a);  // format_python.cpp

BuiltinFn ContainerMethodImpl(sem::ContainerType type, std::string_view name) {
  using T = sem::ContainerType;
  struct Entry { T type; const char* name; BuiltinFn fn; };
  static const Entry table[] = {
      {T::List, "append", Append}, {T::List, "extend", Extend}, {T::List, "insert", Insert}, {T::List, "pop", Pop},
      {T::List, "remove", ListRemove}, {T::List, "clear", ListClear}, {T::List, "reverse", Reverse},
      {T::List, "sort", ListSort}, {T::List, "index", Index}, {T::List, "count", Count}, {T::List, "copy", ListCopy},
      {T::Dict, "get", DictGet}, {T::Dict, "items", DictItems}, {T::Dict, "keys", DictKeys},
      {T::Dict, "values", DictValues}, {T::Dict, "copy", DictCopy}, {T::Dict, "pop", Pop},
      {T::Dict, "popitem", DictPopItem}, {T::Dict, "setdefault", DictSetDefault}, {T::Dict, "update", DictUpdate},
      {T::Dict, "clear", DictClear},
      {T::Str, "join", Join}, {T::Str, "split", StrSplitMethod}, {T::Str, "upper", Upper}, {T::Str, "lower", Lower},
      {T::Str, "strip", Strip}, {T::Str, "startswith", StartsWith}, {T::Str, "endswith", EndsWith},
      {T::Str, "replace", Replace}, {T::Str, "format", StrFormatMethod}};
  if (type == T::Set) return SetMethodImpl(name);
  for (const Entry& e : table)
    if (e.type == type && name == e.name) return e.fn;
  return nullptr;
}

// A method of lang/semantics/container_methods.def on a list, dict, set or str.
bool ContainerMethod(const Value& self, int32_t sym, BuiltinFn* fn, const char** fname) {
  std::optional<sem::ContainerType> type;
  if (self.is(OType::Tuple)) {  // a tuple has the list's read-only index and count
    if (SymName(sym) != "index" && SymName(sym) != "count") return false;
    type = sem::ContainerType::List;
  } else if (self.is(OType::List)) type = sem::ContainerType::List;
  else if (self.is(OType::Dict)) type = sem::ContainerType::Dict;
  else if (self.is(OType::Set)) type = sem::ContainerType::Set;
  else if (self.is(OType::Str)) type = sem::ContainerType::Str;
  if (!type) return false;
  const sem::ContainerMethodInfo* row = sem::FindContainerMethod(*type, SymName(sym));
  if (!row) return false;
  *fn = ContainerMethodImpl(*type, row->name);
  *fname = row->name;
  return *fn != nullptr;
}

}  // namespace tcc::interp
