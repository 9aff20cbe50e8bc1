// Implements abstract value construction, description and signatures.
#include "trace/value.h"

#include "semantics/identity.h"

#include <algorithm>
#include <cmath>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "trace/shape_rules.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
int64_t born_counter = 0;

ValuePtr Make(VK k) {
  auto v = std::make_shared<Value>();
  v->kind = k;
  v->born = ++born_counter;
  return v;
}
}  // namespace

int64_t BornNow() { return born_counter + 1; }
int64_t NextBorn() { return ++born_counter; }

ValuePtr MakeUnknown() { return Make(VK::Unknown); }
ValuePtr MakeDiagnosed() {
  ValuePtr v = Make(VK::Unknown);
  v->diagnosed = true;
  return v;
}
ValuePtr MakeIntFrom(double d) {
  auto i = ToInt64(d);
  return i ? MakeInt(*i) : MakeUnknownOf(VK::Int);
}
ValuePtr MakeNone() { return Make(VK::None); }
ValuePtr MakeBool(bool b) { auto v = Make(VK::Bool); v->b = b; return v; }
ValuePtr MakeInt(int64_t i) { auto v = Make(VK::Int); v->i = i; return v; }
ValuePtr MakeFloat(double f) { auto v = Make(VK::Float); v->f = f; return v; }
ValuePtr MakeStr(std::string s) { auto v = Make(VK::Str); v->s = std::move(s); return v; }
ValuePtr MakeUnknownOf(VK kind) { auto v = Make(kind); v->known = false; return v; }
ValuePtr MakeDimInt(graph::Dim d) {
  if (d.is_static()) return MakeInt(d.size);
  auto v = MakeUnknownOf(VK::Int);
  v->size_sym = d.sym;
  return v;
}
ValuePtr MakeWrapper(WrapKind k, bool flag, const ValuePtr& inner) {
  auto w = MakeUnknown();
  w->kind = VK::Wrapper;
  w->wrap = k;
  w->flag = flag;
  w->inner = inner;
  return w;
}

ValuePtr MakeTensor(graph::TensorType type) { auto v = Make(VK::Tensor); v->type = std::move(type); return v; }
ValuePtr MakeSeq(VK kind, std::vector<ValuePtr> items) { auto v = Make(kind); v->items = std::move(items); return v; }
ValuePtr MakeSize(std::vector<ValuePtr> dims) {
  auto v = MakeSeq(VK::Tuple, std::move(dims));
  v->class_name = kTorchSize;
  return v;
}
ValuePtr MakeBuiltin(std::string name, ValuePtr self) {
  auto v = Make(VK::Builtin);
  v->s = std::move(name);
  v->self_value = std::move(self);
  return v;
}
ValuePtr MakeDType(graph::DType t) { auto v = Make(VK::DType); v->type.dtype = t; return v; }

void MatchValues(const ValuePtr& old, const ValuePtr& now, ValueMap& map) {
  if (!old || !now || old == now || old->kind != now->kind || !map.emplace(old.get(), now).second) return;
  switch (old->kind) {
    case VK::List: case VK::Tuple: case VK::Dict: case VK::Set: case VK::Slice:
      for (size_t i = 0; i < old->items.size() && i < now->items.size(); ++i) MatchValues(old->items[i], now->items[i], map);
      return;
    case VK::Object:
      for (const auto& [k, x] : old->attrs) {
        auto it = now->attrs.find(k);
        if (it != now->attrs.end()) MatchValues(x, it->second, map);
      }
      return;
    case VK::BoundMethod: case VK::Wrapper:
      MatchValues(old->self_value, now->self_value, map);
      MatchValues(old->inner, now->inner, map);
      return;
    case VK::Unknown: case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str:
    case VK::Ellipsis: case VK::Tensor: case VK::DType: case VK::Function: case VK::Builtin: case VK::Class:
    case VK::Module: case VK::Marker: return;
  }
}

ValuePtr FreshCopy(const ValuePtr& v, int64_t made_since, ValueMap& map) {
  if (!v) return v;
  if (auto it = map.find(v.get()); it != map.end()) return it->second;
  if (v->born < made_since) return v;
  switch (v->kind) {
    case VK::Tensor: case VK::List: case VK::Tuple: case VK::Dict: case VK::Set: case VK::Slice: case VK::Object:
    case VK::BoundMethod: {
      auto copy = std::make_shared<Value>(*v);
      copy->born = NextBorn();
      map.emplace(v.get(), copy);
      for (ValuePtr& item : copy->items) item = FreshCopy(item, made_since, map);
      for (ValuePtr& key : copy->keys) key = FreshCopy(key, made_since, map);
      for (auto& [k, x] : copy->attrs) x = FreshCopy(x, made_since, map);
      copy->self_value = FreshCopy(copy->self_value, made_since, map);
      return copy;
    }
    case VK::Unknown: case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str:
    case VK::Ellipsis: case VK::DType: case VK::Function: case VK::Builtin: case VK::Class: case VK::Module:
    case VK::Wrapper: case VK::Marker:
      return v;  // numbers, strings, functions, classes: values, or shared as at run time
  }
  return v;
}

std::optional<bool> KnownTruth(const Value& v) {
  switch (v.kind) {
    case VK::None: return false;
    case VK::Bool: if (v.known) return v.b; return std::nullopt;
    case VK::Int: if (v.known) return v.i != 0; return std::nullopt;
    case VK::Float: if (v.known) return v.f != 0; return std::nullopt;
    case VK::Str: if (v.known) return !v.s.empty(); return std::nullopt;
    case VK::List: case VK::Tuple: case VK::Dict:  // a length known only at run time: not known
      if (!v.known) return std::nullopt;
      return !v.items.empty();
    case VK::Set: if (v.known || !v.items.empty()) return !v.items.empty(); return std::nullopt;
    case VK::Function: case VK::Builtin: case VK::BoundMethod: case VK::Class: case VK::Object:
    case VK::Module: case VK::Wrapper: case VK::Marker: case VK::DType: case VK::Ellipsis: case VK::Slice:
      return true;
    case VK::Tensor: case VK::Unknown: return std::nullopt;
  }
  return std::nullopt;
}

std::optional<bool> KnownEqual(const Value& a, const Value& b) {
  if (a.kind == VK::None || b.kind == VK::None) {
    if (a.kind == VK::Unknown || b.kind == VK::Unknown || a.kind == VK::Tensor || b.kind == VK::Tensor)
      return a.kind == b.kind ? std::optional<bool>(true) : (a.kind == VK::Tensor || b.kind == VK::Tensor
                                                                ? std::optional<bool>(false) : std::nullopt);
    return a.kind == b.kind;
  }
  if (a.is_number() && b.is_number()) {
    if (!a.known || !b.known) return std::nullopt;
    return a.as_double() == b.as_double();
  }
  if (a.kind == VK::Str && b.kind == VK::Str) {
    if (!a.known || !b.known) return std::nullopt;
    return a.s == b.s;
  }
  if (a.kind == VK::DType && b.kind == VK::DType) return a.type.dtype == b.type.dtype;
  if ((a.kind == VK::List || a.kind == VK::Tuple) && a.kind == b.kind) {
    if (a.items.size() != b.items.size()) return false;
    for (size_t i = 0; i < a.items.size(); ++i) {
      auto e = KnownEqual(*a.items[i], *b.items[i]);
      if (!e) return std::nullopt;
      if (!*e) return false;
    }
    return true;
  }
  if (a.kind == VK::Set && b.kind == VK::Set) {  // the same items, in any order
    if (!a.known || !b.known) return std::nullopt;
    if (a.items.size() != b.items.size()) return false;
    for (const auto& x : a.items) {
      bool found = false;
      for (const auto& y : b.items) {
        auto e = KnownEqual(*x, *y);
        if (!e) return std::nullopt;
        if (*e) { found = true; break; }
      }
      if (!found) return false;
    }
    return true;
  }
  if (a.kind == VK::Unknown || b.kind == VK::Unknown || a.kind == VK::Tensor || b.kind == VK::Tensor)
    return std::nullopt;
  if (a.kind != b.kind) return false;
  return &a == &b;
}

const char* DTypeSpelling(graph::DType t) {
  switch (t) {
    case graph::DType::F32: return "float32";
    case graph::DType::F64: return "float64";
    case graph::DType::I64: return "int64";
    case graph::DType::I32: return "int32";
    case graph::DType::Bool: return "bool";
  }
  return "float32";
}

std::string TypeString(const graph::TensorType& t, bool rank_known) {
  if (!rank_known) return std::string(DTypeSpelling(t.dtype)) + "[...]";
  return DTypeSpelling(t.dtype) + ShapeString(t.shape);
}

std::string Describe(const Value& v) {
  switch (v.kind) {
    case VK::Unknown: return "unknown value";
    case VK::None: return "None";
    case VK::Bool: return v.known ? (v.b ? "True" : "False") : "bool";
    case VK::Int: return v.known ? std::to_string(v.i) : "int";
    case VK::Float: {
      if (!v.known) return "float";
      std::ostringstream os;
      os << v.f;
      return os.str();
    }
    case VK::Str: return v.known ? "\"" + v.s + "\"" : "str";
    case VK::Ellipsis: return "...";
    case VK::Slice: return "slice";
    case VK::List: return "list of " + std::to_string(v.items.size());
    case VK::Tuple: return "tuple of " + std::to_string(v.items.size());
    case VK::Dict: return "dict";
    case VK::Set: return v.known ? "set of " + std::to_string(v.items.size()) : "set";
    case VK::Tensor: return "tensor " + TypeString(v.type, v.rank_known);
    case VK::DType: return DTypeSpelling(v.type.dtype);
    case VK::Function: return "function `" + v.s + "`";
    case VK::Builtin: return "builtin `" + v.s + "`";
    case VK::BoundMethod: return "method `" + (v.inner ? v.inner->s : std::string("?")) + "`";
    case VK::Class: return "class `" + (v.cls ? v.cls->name : std::string("?")) + "`";
    case VK::Object: return "`" + (v.cls ? v.cls->name : std::string("?")) + "` object";
    case VK::Module: return "module";
    case VK::Wrapper: return "wrapped " + (v.inner ? Describe(*v.inner) : std::string("value"));
    case VK::Marker: return "decorator";
  }
  return "value";
}

// The identity (lang/semantics/identity.h) of a user function or class value;
// empty for builtins and exception classes the program does not define.
std::string DefinitionOf(const Value& v) {
  const Value* f = &v;
  while (f->kind == VK::Wrapper && f->inner) f = f->inner.get();  // fullgraph(f) is f at run time
  if (f->kind == VK::Function && f->fn && f->module)
    return sem::DefIdentity(f->module->name, f->fn->name,
                            f->fn->name_loc.valid() ? f->fn->name_loc.line : f->fn->range.begin.line);
  if ((f->kind == VK::Class || f->kind == VK::Object) && f->cls && f->cls->def && f->cls->module) {
    const ast::ClassDef& d = *f->cls->def;
    return sem::DefIdentity(f->cls->module->name, d.name, d.name_loc.valid() ? d.name_loc.line : d.range.begin.line);
  }
  return "";
}

std::string GlobalFingerprint(const Value& v) {
  if (v.kind == VK::Function || v.kind == VK::Class || v.kind == VK::Wrapper || v.kind == VK::Object) {
    std::string id = DefinitionOf(v);
    if (!id.empty()) return (v.kind == VK::Object ? "instance of " : "") + id;
  }
  std::map<int32_t, int> names;
  return SignatureOf(v, names);
}

std::string SignatureOf(const Value& v, std::map<int32_t, int>& sym_names, bool display) {
  switch (v.kind) {
    case VK::Tensor: {
      if (!v.rank_known) return TypeString(v.type, false);
      std::string s = std::string(DTypeSpelling(v.type.dtype)) + "[";
      for (size_t i = 0; i < v.type.shape.size(); ++i) {
        if (i) s += ", ";
        const auto& d = v.type.shape[i];
        if (d.is_static()) s += std::to_string(d.size);
        else {
          auto it = sym_names.emplace(d.sym, static_cast<int>(sym_names.size())).first;
          s += "s" + std::to_string(it->second);
        }
      }
      return s + "]";
    }
    case VK::Bool: case VK::Int: case VK::Float: case VK::Str:
      return v.known ? (v.kind == VK::Int ? "int=" : v.kind == VK::Float ? "float=" : v.kind == VK::Bool ? "bool="
                                                                                                      : "str=") +
                           Describe(v)
                     : Describe(v);
    case VK::List: case VK::Tuple: {
      std::string s = v.kind == VK::List ? "[" : "(";
      for (size_t i = 0; i < v.items.size(); ++i) {
        if (i) s += ", ";
        s += SignatureOf(*v.items[i], sym_names, display);
      }
      return s + (v.kind == VK::List ? "]" : ")");
    }
    case VK::Dict: case VK::Set: {
      // A specialisation per set of items / per keys and entries (a set's
      // items in a fixed order, so equal sets share one); one known only at
      // run time is itself. Shown in full when short.
      const bool dict = v.kind == VK::Dict;
      if (!v.known) {
        if (display) return dict ? "dict" : "set";
        std::ostringstream os;
        os << (dict ? "dict" : "set") << "@" << static_cast<const void*>(&v);
        return os.str();
      }
      if (display && v.items.size() > 4)
        return std::string(dict ? "dict of " : "set of ") + std::to_string(v.items.size());
      std::vector<std::string> parts;
      for (size_t i = 0; i < v.items.size(); ++i)
        parts.push_back(dict && i < v.keys.size()
                            ? Describe(*v.keys[i]) + ": " + SignatureOf(*v.items[i], sym_names, display)
                            : SignatureOf(*v.items[i], sym_names, display));
      if (!dict) std::sort(parts.begin(), parts.end());
      std::string s = v.items.empty() ? (dict ? "{" : "set(") : "{";
      for (size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
      return s + (v.items.empty() && !dict ? ")" : "}");
    }
    case VK::Object: {
      if (display) return (v.cls ? v.cls->name : std::string("?")) + " object";
      std::ostringstream os;
      os << (v.cls ? v.cls->name : "?") << "@" << static_cast<const void*>(&v);
      return os.str();
    }
    case VK::BoundMethod:
      // `obj.method` makes a new bound method at every attribute read: the
      // same object and function are the same callable.
      if (!display && v.self_value && v.inner)
        return "bound(" + SignatureOf(*v.self_value, sym_names) + ", " + SignatureOf(*v.inner, sym_names) + ")";
      return Describe(v);
    case VK::Function: case VK::Class: case VK::Module: case VK::Wrapper: {
      if (display) return Describe(v);
      std::ostringstream os;
      os << Describe(v) << "@" << static_cast<const void*>(&v);
      return os.str();
    }
    case VK::Unknown: case VK::None: case VK::Ellipsis: case VK::Slice: case VK::DType: case VK::Builtin:
    case VK::Marker: return Describe(v);
  }
  return Describe(v);
}

std::string ScalarJson(const Value& v) {
  switch (v.kind) {
    case VK::None: return "null";
    case VK::Bool: return v.b ? "true" : "false";
    case VK::Int: return std::to_string(v.i);
    case VK::Float:  // JSON has no inf or nan: {"float": "inf"} (runtime/interp/plan.cpp PlanFloat)
      if (!std::isfinite(v.f))
        return nlohmann::json{{plan::key::Float, plan::NonFiniteSpelling(v.f)}}.dump();
      return nlohmann::json(v.f).dump();
    case VK::Str: return nlohmann::json(v.s).dump();
    case VK::DType: return nlohmann::json{{plan::key::DType, graph::DTypeName(v.type.dtype)}}.dump();  // plan.cpp ConstOf
    case VK::Unknown: case VK::Ellipsis: case VK::Slice: case VK::List: case VK::Tuple: case VK::Dict:
    case VK::Set: case VK::Tensor: case VK::Function: case VK::Builtin: case VK::BoundMethod:
    case VK::Class: case VK::Object: case VK::Module: case VK::Wrapper: case VK::Marker: return "null";
  }
  return "null";
}

}  // namespace tcc::trace
