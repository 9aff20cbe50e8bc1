// Defines the heap object types behind Value: strings, containers, functions,
// classes, instances, modules and the small helper objects (slices, cells,
// dtypes, graph-control decorators). Tensors live in tensor_value.h.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "interp/value.h"
#include "semantics/bigint.h"

namespace tcc::sem {
struct BuiltinInfo;
}

namespace tcc::interp {

// The builtins.def row a builtin's name (or an alias of it) stands for, or null.
const sem::BuiltinInfo* BuiltinRowOf(std::string_view name);

struct FuncCode;
struct ClassCode;
struct ModuleCode;
class Interp;
struct Args;

// ---- interned names (attribute names, keywords, parameters)
int32_t Intern(std::string_view name);
const std::string& SymName(int32_t sym);

struct StrObj : Object {
  explicit StrObj(std::string v) : Object(OType::Str), s(std::move(v)) {}
  std::string s;
};
struct ListObj : Object {
  ListObj() : Object(OType::List) {}
  explicit ListObj(std::vector<Value> v) : Object(OType::List), items(std::move(v)) {}
  std::vector<Value> items;
};
struct TupleObj : Object {
  TupleObj() : Object(OType::Tuple) {}
  explicit TupleObj(std::vector<Value> v) : Object(OType::Tuple), items(std::move(v)) {}
  std::vector<Value> items;
  std::vector<int32_t> fields;  // a named tuple's field names (`max(x, 1).indices`), else empty
  std::string name;             // a named tuple's type: torch.return_types.<name>
};
// Insertion-ordered dict; keys are hashable scalars, strings and tuples.
struct DictObj : Object {
  DictObj() : Object(OType::Dict) {}
  std::vector<std::pair<Value, Value>> items;
  int64_t Find(const Value& key) const;  // index or -1
  void Set(const Value& key, Value v);
};
// Insertion-ordered set (lang/semantics/containers.h: its items iterate in the
// order they were added). Items are hashable: numbers, None, str, tuples of
// hashables, tensors, dtypes, functions and instances; a list, dict or set is
// a TypeError, as in Python. Lookups go through a hash of each item
// (HashItem, equal for 1, 1.0 and True as Python's is).
struct SetObj : Object {
  SetObj() : Object(OType::Set) {}
  const std::vector<Value>& items() const { return items_; }
  bool Has(const Value& v) const;
  bool Add(const Value& v);      // false when already there
  bool Remove(const Value& v);   // false when not there
  Value PopFirst();              // KeyError when empty
  void Clear() { items_.clear(); index_.clear(); }
  void Assign(std::vector<Value> items);  // replaces the items (deduplicated)
 private:
  int64_t Find(const Value& v, size_t h) const;
  void Reindex();
  std::vector<Value> items_;
  std::unordered_multimap<size_t, size_t> index_;  // hash -> position in items_
};
// The hash a set keys an item by; TypeError for an unhashable item.
size_t HashItem(const Value& v);
struct CellObj : Object {
  CellObj() : Object(OType::Cell) {}
  Value v;
};
struct BigIntObj : Object {
  explicit BigIntObj(sem::BigInt v) : Object(OType::BigInt), v(std::move(v)) {}
  const sem::BigInt v;
};
struct SliceObj : Object {
  SliceObj() : Object(OType::Slice) {}
  Value lo, hi, step;  // None when absent
};
struct EllipsisObj : Object {
  EllipsisObj() : Object(OType::Ellipsis) {}
};
struct RangeObj : Object {
  RangeObj(int64_t a, int64_t b, int64_t s) : Object(OType::Range), start(a), stop(b), step(s) {}
  int64_t start, stop, step;
  int64_t size() const {
    if (step > 0) return stop > start ? (stop - start + step - 1) / step : 0;
    return start > stop ? (start - stop - step - 1) / -step : 0;
  }
};
struct DTypeObj : Object {
  explicit DTypeObj(int32_t d) : Object(OType::DType), dtype(d) {}
  int32_t dtype;  // enum ts_dtype
};

struct ClassObj : Object {
  ClassObj() : Object(OType::Class) {}
  std::string name;
  const ClassCode* code = nullptr;
  Ref<ClassObj> base;
  struct Field { int32_t sym; Value default_value; };  // Undef default: required
  std::vector<Field> fields;                            // typed fields, in order
  std::vector<std::pair<int32_t, Value>> attrs;         // methods and class attributes
  bool pytree = false;
  bool exception = false;                               // BaseException or a subclass
  bool properties = false;                              // it or a base has a `@property` (dunder.h)
  const Value* Lookup(int32_t sym) const;
  bool IsSubclassOf(const ClassObj* other) const;       // itself or a base of it               // walks the base chain
};

struct ModuleObj : Object {
  explicit ModuleObj(ModuleCode* c) : Object(OType::Module), code(c) {}
  ModuleCode* code;
  std::vector<Value> globals;  // indexed as ModuleCode::global_names
  // the submodules imported so far (`import a.b` sets `b` on a), as Python
  // sets them as attributes of their package
  std::vector<std::pair<std::string, Value>> submodules;
  enum State { kNew, kRunning, kDone } state = kNew;
  // a global it has defined, else a submodule; nullptr when neither
  const Value* Find(const std::string& name) const;
};

struct FunctionObj : Object {
  FunctionObj() : Object(OType::Function) {}
  const FuncCode* code = nullptr;
  Ref<ModuleObj> module;
  std::vector<Value> defaults;          // one per parameter; Undef when none
  std::vector<Ref<CellObj>> closure;    // one per FuncCode::freevars entry
  Ref<ClassObj> owner;                   // the class whose body defines this method (for super())
  // torch.compiler.disable(f): a call is no entry of its own (no plan; its
  // statements count as module scope's), so the calls it makes are entries.
  bool disabled = false;
  // @no_grad() / @enable_grad() (NativeObj::kGradMode): grad mode while it runs; -1: unchanged.
  int8_t grad_mode = -1;
};

using BuiltinFn = Value (*)(Interp&, Args&);
struct BuiltinObj : Object {
  BuiltinObj(const char* n, BuiltinFn f) : Object(OType::Builtin), name(n), fn(f), row(BuiltinRowOf(n)) {}
  const char* name;
  BuiltinFn fn;
  const sem::BuiltinInfo* row;  // its lang/semantics/builtins.def row (calls are checked against it), or null
  Value self;  // bound receiver for builtin methods (`xs.append`), else Undef
  bool method = false;  // a class attribute that binds `self` (BaseException.__init__)
};

struct InstanceObj : Object {
  explicit InstanceObj(Ref<ClassObj> c) : Object(OType::Instance), cls(std::move(c)) {}
  Ref<ClassObj> cls;
  std::vector<std::pair<int32_t, Value>> attrs;
  Value* Find(int32_t sym) {
    for (auto& [k, v] : attrs) if (k == sym) return &v;
    return nullptr;
  }
  void Set(int32_t sym, Value v) {
    if (Value* p = Find(sym)) *p = std::move(v); else attrs.emplace_back(sym, std::move(v));
  }
};

// `super()`: attribute lookup starting above `start`, bound to `self`.
struct SuperObj : Object {
  SuperObj(Ref<ClassObj> s, Value v) : Object(OType::Super), start(std::move(s)), self(std::move(v)) {}
  Ref<ClassObj> start;  // the base class of the method's class (may be null)
  Value self;
};

struct BoundMethodObj : Object {
  BoundMethodObj(Value s, Value f) : Object(OType::BoundMethod), self(std::move(s)), func(std::move(f)) {}
  Value self, func;
};

// Graph-control builtins' results: in eager mode they only forward.
//   kIdentityDecorator  `fullgraph(True)`, `error_on_graph_break(b)` used as a
//                       decorator/wrapper/context manager: returns its argument.
//   kGradMode           `no_grad()`, `enable_grad()`, `inference_mode()`,
//                       `set_grad_enabled(b)`: a context manager that sets
//                       grad mode to `grad_mode` and restores it (autograd.h),
//                       a decorator whose function runs in that mode.
struct NativeObj : Object {
  enum Kind { kIdentityDecorator, kGradMode } kind;
  std::string name;
  bool grad_mode = true;
  bool set_now = false;  // set_grad_enabled(b) sets the mode when called; `prev` is the mode before
  bool prev = true;
  explicit NativeObj(Kind k, std::string n) : Object(OType::Native), kind(k), name(std::move(n)) {}
};

// ---- helpers
inline Value MakeStr(std::string s) { return Value::Obj(new StrObj(std::move(s))); }
inline Value MakeList(std::vector<Value> v) { return Value::Obj(new ListObj(std::move(v))); }
inline Value MakeTuple(std::vector<Value> v) { return Value::Obj(new TupleObj(std::move(v))); }
// torch.Size: a tuple of ints that prints as `torch.Size([2, 3])`; slicing
// it, `size + tuple` and `size * n` stay Sizes, as in torch.
inline constexpr const char* kTorchSize = "torch.Size";
inline Value MakeSize(std::vector<Value> v) {
  Value t = MakeTuple(std::move(v));
  t.as<TupleObj>()->name = kTorchSize;
  return t;
}
inline bool IsSize(const Value& v) { return v.is(OType::Tuple) && v.as<TupleObj>()->name == kTorchSize; }

// The Python type name of a value, for messages: "int", "Tensor", "Linear", ...
std::string TypeName(const Value& v);

}  // namespace tcc::interp
