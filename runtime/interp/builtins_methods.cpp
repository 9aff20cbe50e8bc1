// Implements the methods of lists (append, pop, extend, insert, index,
// count, reverse), dicts (get, items, keys, values, pop) and strings (join,
// split, upper, lower, strip, startswith, endswith, replace).
#include <algorithm>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"

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
      ThrowError(DiagKind::RtKeyError, "key " + Repr(a.pos[1]) + " is not in the dict");
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
Value Index(Interp&, Args& a) {
  a.Check(2, {});
  auto& items = ListOf(a);
  for (size_t i = 0; i < items.size(); ++i) if (ValuesEqual(items[i], a.pos[1])) return Value::Int(i);
  ValueErr(Repr(a.Need(1, "item")) + " is not in the list");
}
Value Count(Interp&, Args& a) {
  a.Check(2, {});
  int64_t c = 0;
  for (auto& v : ListOf(a)) c += ValuesEqual(v, a.Need(1, "item"));
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
  const std::string& sep = a.pos[0].as<StrObj>()->s;
  std::string out;
  bool first = true;
  for (auto& v : Materialize(a.Need(1, "iterable"))) {
    if (!first) out += sep;
    first = false;
    out += StrOf(v, "each item joined");
  }
  return MakeStr(out);
}
Value Split(Interp&, Args& a) {
  a.Check(2, {});
  const std::string& s = a.pos[0].as<StrObj>()->s;
  std::vector<Value> out;
  if (a.npos < 2 || a.pos[1].is_none()) {
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && isspace(static_cast<unsigned char>(s[i]))) ++i;
      size_t j = i;
      while (j < s.size() && !isspace(static_cast<unsigned char>(s[j]))) ++j;
      if (j > i) out.push_back(MakeStr(s.substr(i, j - i)));
      i = j;
    }
    return MakeList(std::move(out));
  }
  const std::string& sep = StrOf(a.pos[1], "the separator");
  if (sep.empty()) ValueErr("empty separator");
  size_t start = 0, pos;
  while ((pos = s.find(sep, start)) != std::string::npos) {
    out.push_back(MakeStr(s.substr(start, pos - start)));
    start = pos + sep.size();
  }
  out.push_back(MakeStr(s.substr(start)));
  return MakeList(std::move(out));
}
Value Upper(Interp&, Args& a) {
  std::string s = a.pos[0].as<StrObj>()->s;
  for (char& c : s) c = static_cast<char>(toupper(static_cast<unsigned char>(c)));
  return MakeStr(s);
}
Value Lower(Interp&, Args& a) {
  std::string s = a.pos[0].as<StrObj>()->s;
  for (char& c : s) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
  return MakeStr(s);
}
Value Strip(Interp&, Args& a) {
  const std::string& s = a.pos[0].as<StrObj>()->s;
  size_t b = s.find_first_not_of(" \t\n\r");
  if (b == std::string::npos) return MakeStr("");
  size_t e = s.find_last_not_of(" \t\n\r");
  return MakeStr(s.substr(b, e - b + 1));
}
Value StartsWith(Interp&, Args& a) {
  a.Check(2, {});
  const std::string& s = a.pos[0].as<StrObj>()->s;
  const std::string& p = StrOf(a.Need(1, "prefix"), "the prefix");
  return Value::Bool(s.compare(0, p.size(), p) == 0 && s.size() >= p.size());
}
Value EndsWith(Interp&, Args& a) {
  a.Check(2, {});
  const std::string& s = a.pos[0].as<StrObj>()->s;
  const std::string& p = StrOf(a.Need(1, "suffix"), "the suffix");
  return Value::Bool(s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0);
}
Value Replace(Interp&, Args& a) {
  a.Check(3, {});
  std::string s = a.pos[0].as<StrObj>()->s;
  const std::string& from = StrOf(a.Need(1, "old"), "the old text");
  const std::string& to = StrOf(a.Need(2, "new"), "the new text");
  if (from.empty()) return MakeStr(s);
  std::string out;
  size_t start = 0, pos;
  while ((pos = s.find(from, start)) != std::string::npos) {
    out += s.substr(start, pos - start) + to;
    start = pos + from.size();
  }
  out += s.substr(start);
  return MakeStr(out);
}

struct Entry { const char* name; BuiltinFn fn; };

}  // namespace

bool PythonContainerMethod(const Value& self, const std::string& name, BuiltinFn* fn, const char** fname);  // builtins_python.cpp

bool ContainerMethod(const Value& self, int32_t sym, BuiltinFn* fn, const char** fname) {
  if (PythonContainerMethod(self, SymName(sym), fn, fname)) return true;  // list.sort, str.format
  static const Entry list_methods[] = {{"append", Append}, {"extend", Extend}, {"insert", Insert}, {"pop", Pop},
                                       {"index", Index}, {"count", Count}, {"reverse", Reverse}};
  static const Entry dict_methods[] = {{"get", DictGet}, {"items", DictItems}, {"keys", DictKeys},
                                       {"values", DictValues}, {"pop", Pop}};
  static const Entry str_methods[] = {{"join", Join}, {"split", Split}, {"upper", Upper}, {"lower", Lower},
                                      {"strip", Strip}, {"startswith", StartsWith}, {"endswith", EndsWith},
                                      {"replace", Replace}};
  const std::string& name = SymName(sym);
  auto find = [&](const auto& table) {
    for (const Entry& e : table) {
      if (name == e.name) { *fn = e.fn; *fname = e.name; return true; }
    }
    return false;
  };
  if (self.is(OType::List)) return find(list_methods);
  if (self.is(OType::Dict)) return find(dict_methods);
  if (self.is(OType::Str)) return find(str_methods);
  return false;
}

}  // namespace tcc::interp
