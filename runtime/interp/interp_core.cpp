// Implements the Interp infrastructure: symbols, the value stack, frames,
// module registration and import, builtin arguments and the builtin table.
#include <cmath>
#include <unordered_map>

#include "interp/autograd.h"
#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/builtins.h"

namespace tcc::interp {

// ---------------------------------------------------------------- symbols

namespace {
// Not thread-safe: the interpreter runs on one thread.
struct SymTable {
  std::unordered_map<std::string, int32_t> index;
  std::vector<std::unique_ptr<std::string>> names;
};
SymTable& Syms() {
  static SymTable t;
  return t;
}
}  // namespace

int32_t Intern(std::string_view name) {
  SymTable& t = Syms();
  auto it = t.index.find(std::string(name));
  if (it != t.index.end()) return it->second;
  int32_t id = static_cast<int32_t>(t.names.size());
  t.names.push_back(std::make_unique<std::string>(name));
  t.index.emplace(std::string(name), id);
  return id;
}

const std::string& SymName(int32_t sym) {
  SymTable& t = Syms();
  return *t.names.at(sym);
}

void ThrowError(DiagKind kind, std::string message, std::string hint) {
  throw TsError(kind, std::move(message), std::move(hint));
}

// ---------------------------------------------------------------- objects

const Value* ClassObj::Lookup(int32_t sym) const {
  for (const ClassObj* c = this; c; c = c->base.get()) {
    for (auto& [k, v] : c->attrs) if (k == sym) return &v;
  }
  return nullptr;
}

int64_t DictObj::Find(const Value& key) const {
  for (size_t i = 0; i < items.size(); ++i) {
    if (ValuesEqual(items[i].first, key)) return static_cast<int64_t>(i);
  }
  return -1;
}

void DictObj::Set(const Value& key, Value v) {
  HashItem(key);  // TypeError for a list, dict or set key
  int64_t i = Find(key);
  if (i >= 0) items[i].second = std::move(v);
  else items.emplace_back(key, std::move(v));
}

size_t HashItem(const Value& v) {
  auto mix = [](size_t h, size_t x) { return h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); };
  switch (v.tag()) {
    case Tag::Undef: case Tag::None: return 0x5eed;
    case Tag::Bool: case Tag::Int: return std::hash<int64_t>()(v.to_int());
    case Tag::Float: {
      double d = v.as_float();
      if (d == std::trunc(d) && d > -9.2e18 && d < 9.2e18) return std::hash<int64_t>()(static_cast<int64_t>(d));
      return std::hash<double>()(d);
    }
    case Tag::Obj: break;
  }
  switch (v.obj()->type) {
    case OType::Str: return std::hash<std::string>()(v.as<StrObj>()->s);
    case OType::Tuple: {
      size_t h = 0x7u;
      for (const Value& x : v.as<TupleObj>()->items) h = mix(h, HashItem(x));
      return h;
    }
    case OType::DType: return std::hash<int32_t>()(v.as<DTypeObj>()->dtype);
    case OType::BigInt: return static_cast<size_t>(v.as<BigIntObj>()->v.Hash());
    case OType::List: case OType::Dict: case OType::Set:
      TypeErr("unhashable type: `" + TypeName(v) + "`", "a set item or dict key can be a tuple, not a list");
    case OType::Instance: case OType::BoundMethod:
      return 0;  // equality may be the class's __eq__ (or the bound self's): one bucket, compared one by one
    case OType::Function: case OType::Builtin: case OType::Class: case OType::Module: case OType::Tensor:
    case OType::Slice: case OType::Ellipsis: case OType::Cell: case OType::Native: case OType::Range:
    case OType::Super: case OType::Special:
      return std::hash<const void*>()(v.obj());
  }
  return 0;
}

int64_t SetObj::Find(const Value& v, size_t h) const {
  auto [lo, hi] = index_.equal_range(h);
  for (auto it = lo; it != hi; ++it)
    if (ValuesEqual(items_[it->second], v)) return static_cast<int64_t>(it->second);
  return -1;
}
bool SetObj::Has(const Value& v) const { return Find(v, HashItem(v)) >= 0; }
bool SetObj::Add(const Value& v) {
  size_t h = HashItem(v);
  if (Find(v, h) >= 0) return false;
  index_.emplace(h, items_.size());
  items_.push_back(v);
  return true;
}
void SetObj::Reindex() {
  index_.clear();
  for (size_t i = 0; i < items_.size(); ++i) index_.emplace(HashItem(items_[i]), i);
}
bool SetObj::Remove(const Value& v) {
  int64_t i = Find(v, HashItem(v));
  if (i < 0) return false;
  items_.erase(items_.begin() + i);
  Reindex();
  return true;
}
Value SetObj::PopFirst() {
  if (items_.empty()) ThrowError(DiagKind::RtKeyError, "pop from an empty set");
  Value v = items_.front();
  items_.erase(items_.begin());
  Reindex();
  return v;
}
void SetObj::Assign(std::vector<Value> items) {
  Clear();
  for (Value& v : items) Add(v);
}

std::string TypeName(const Value& v) {
  switch (v.tag()) {
    case Tag::Undef: return "undefined";
    case Tag::None: return "NoneType";
    case Tag::Bool: return "bool";
    case Tag::Int: return "int";
    case Tag::Float: return "float";
    case Tag::Obj: break;
  }
  switch (v.obj()->type) {
    case OType::Str: return "str";
    case OType::List: return "list";
    case OType::Tuple: return "tuple";
    case OType::Dict: return "dict";
    case OType::Set: return "set";
    case OType::Function: return "function";
    case OType::Builtin: return "builtin_function";
    case OType::Class: return "class";
    case OType::Instance: return v.as<InstanceObj>()->cls->name;
    case OType::BoundMethod: return "method";
    case OType::Module: return "module";
    case OType::Tensor: return "Tensor";
    case OType::Slice: return "slice";
    case OType::BigInt: return "int";
    case OType::Ellipsis: return "ellipsis";
    case OType::DType: return "dtype";
    case OType::Cell: return "cell";
    case OType::Native: return "decorator";
    case OType::Range: return "range";
    case OType::Super: return "super";
    case OType::Special: return SpecialTypeName(v);
  }
  return "object";
}

// ---------------------------------------------------------------- interp

namespace {
Interp* g_current = nullptr;  // the interpreter runs on one thread
}  // namespace
Interp* CurrentInterp() { return g_current; }

Interp::Interp(std::ostream& out, std::vector<std::string> argv)
    : out_(out), argv_(std::move(argv)) {
  stack_.resize(1 << 18);
  g_current = this;
}

Interp::~Interp() {
  modules_.clear();
  if (g_current == this) g_current = nullptr;
}

Value* Interp::Push(int32_t n) {
  if (sp_ + n > stack_.size()) {
    ThrowError(DiagKind::RtRecursionError, "the interpreter's value stack is exhausted (calls nested too deeply)");
  }
  Value* p = stack_.data() + sp_;
  sp_ += n;
  return p;
}

void Interp::Pop(int32_t n) {
  for (int32_t i = 1; i <= n; ++i) stack_[sp_ - i] = Value();
  sp_ -= n;
}

Frame::Frame(Interp& in, const FuncCode* c, FunctionObj* f, ModuleObj* m, int32_t n, std::string_view nm)
    : interp(in), code(c), fn(f), module(m), slots(nullptr), nslots(0), prev(in.top_), name(nm) {
  if (in.depth_ >= Interp::kMaxDepth) {
    done = true;
    ThrowError(DiagKind::RtRecursionError,
               "maximum recursion depth exceeded (" + std::to_string(Interp::kMaxDepth) + " nested calls)",
               "a recursive function probably has no base case that ends it");
  }
  slots = in.Push(n);
  nslots = n;
  ++in.depth_;
  in.top_ = this;
}

Frame::~Frame() {
  if (!done) {
    try {
      interp.unwound_.push_back(
          {std::string(name), module && module->code ? module->code->source.get() : nullptr, at ? *at : Range{}});
    } catch (...) {
      // Out of memory while unwinding: the traceback loses this frame.
    }
  }
  interp.Pop(nslots);
  interp.top_ = prev;
  --interp.depth_;
}

void Interp::AddModule(std::unique_ptr<ModuleCode> code) { codes_.push_back(std::move(code)); }

void Interp::SetPlan(const Plan* plan) { plan_ = plan; }

const Value* ModuleObj::Find(const std::string& name) const {
  auto it = code->global_index.find(name);
  if (it != code->global_index.end() && !globals[it->second].is_undef()) return &globals[it->second];
  for (const auto& [n, v] : submodules)
    if (n == name) return &v;
  return nullptr;
}

bool Interp::HasModule(const std::string& name) const {
  for (const auto& c : codes_)
    if (c->name == name) return true;
  return false;
}

Ref<ModuleObj> Interp::Import(const std::string& name) {
  auto it = modules_.find(name);
  // A module still running (an import cycle) is returned as it is so far, as
  // Python does; names it has not defined yet are then missing.
  if (it != modules_.end()) return it->second;
  // `a.b` imports its package `a` first, and becomes its attribute `b` once run
  size_t dot = name.rfind('.');
  Ref<ModuleObj> package;
  if (dot != std::string::npos) {
    package = Import(name.substr(0, dot));
    it = modules_.find(name);  // the package may have imported it
    if (it != modules_.end()) return it->second;
  }
  ModuleCode* code = nullptr;
  for (auto& c : codes_) if (c->name == name) code = c.get();
  if (!code) {
    ThrowError(DiagKind::RtImportError, "no module named `" + name + "`",
               "modules are looked up in the script's folder, then in the standard library");
  }
  auto mod = Make<ModuleObj>(code);
  mod->globals.resize(code->global_names.size());
  modules_[name] = mod;
  mod->state = ModuleObj::kRunning;
  {
    Frame f(*this, nullptr, nullptr, mod.get(), 0, "<module>");
    ExecBlock(code->body, f);
    f.done = true;
  }
  mod->state = ModuleObj::kDone;
  if (package) package->submodules.emplace_back(name.substr(dot + 1), mod.value());
  return mod;
}

// ---------------------------------------------------------------- args

const Value& Args::Get(int32_t i, const char* name) const {
  static const Value undef;
  if (name && nkw > 0) {
    int32_t sym = Intern(name);
    for (int32_t k = 0; k < nkw; ++k) {
      if (kwnames[k] != sym) continue;
      if (i >= 0 && i < npos) {
        ThrowError(DiagKind::RtArgumentError,
                   std::string("`") + fname + "()` got multiple values for argument `" + name + "`");
      }
      return kwvals[k];
    }
  }
  if (i >= 0 && i < npos) return pos[i];
  return undef;
}

const Value& Args::Need(int32_t i, const char* name) const {
  const Value& v = Get(i, name);
  if (v.is_undef()) {
    ThrowError(DiagKind::RtArgumentError,
               std::string("`") + fname + "()` missing required argument `" + (name ? name : "?") + "`");
  }
  return v;
}

void Args::Check(int32_t max_pos, std::initializer_list<const char*> keywords) const {
  if (check_hook) check_hook(fname, max_pos, keywords);
  if (npos > max_pos) ThrowError(DiagKind::RtArgumentError, sem::TooManyPositionalError(fname, max_pos, npos));
  for (int32_t k = 0; k < nkw; ++k) {
    const std::string& kn = SymName(kwnames[k]);
    bool ok = false;
    for (const char* allowed : keywords) ok = ok || kn == allowed;
    if (!ok) ThrowError(DiagKind::RtArgumentError, sem::UnexpectedKeywordError(fname, kn));
  }
}

const sem::BuiltinInfo* BuiltinRowOf(std::string_view name) {
  static const std::unordered_map<std::string_view, const sem::BuiltinInfo*> rows = [] {
    std::unordered_map<std::string_view, const sem::BuiltinInfo*> m;
    for (const sem::BuiltinInfo& b : sem::kBuiltins) m.emplace(b.name, &b);
    for (const sem::BuiltinAlias& a : sem::kBuiltinAliases)
      if (const sem::BuiltinInfo* b = sem::FindBuiltin(a.target)) m.emplace(a.name, b);
    return m;
  }();
  auto it = rows.find(name);
  return it == rows.end() ? nullptr : it->second;
}

void Args::CheckRow(const sem::BuiltinInfo* row, bool method) const {
  if (!row) return;
  std::vector<std::string_view> keywords;
  for (int32_t k = 0; k < nkw; ++k) keywords.push_back(SymName(kwnames[k]));
  if (auto error = sem::RowCallError(*row, method, fname, static_cast<size_t>(npos), keywords))
    ThrowError(DiagKind::RtArgumentError, *error);
}

// ---------------------------------------------------------------- builtins

void BuiltinTable::Add(const std::string& name, Value v) {
  auto it = index.find(name);
  if (it != index.end()) { values[it->second] = std::move(v); return; }
  index[name] = static_cast<int32_t>(names.size());
  names.push_back(name);
  values.push_back(std::move(v));
}

void BuiltinTable::AddFn(const char* name, BuiltinFn fn) { Add(name, Value::Obj(new BuiltinObj(name, fn))); }

const BuiltinTable& Builtins() {
  static const BuiltinTable table = [] {
    BuiltinTable t;
    RegisterCoreBuiltins(t);
    RegisterExceptionBuiltins(t);
    RegisterGraphBuiltins(t);
    RegisterAutogradBuiltins(t);
    RegisterObjectBuiltins(t);
    RegisterTensorBuiltins(t);
    RegisterPythonBuiltins(t);  // builtins_python.cpp (after core: replaces min/max)
    for (const auto& a : sem::kBuiltinAliases) {  // lang/semantics/builtin_aliases.def: the target's function
      auto it = t.index.find(a.target);
      if (it != t.index.end()) t.Add(a.name, t.values[it->second]);
    }
    return t;
  }();
  return table;
}

}  // namespace tcc::interp
