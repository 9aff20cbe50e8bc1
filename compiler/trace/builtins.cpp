// Implements Tracer::CallBuiltin, the dispatch of a call to a builtin
// (keywords normalised, then by receiver: objects, tensors, sets, lists; then
// the handlers of builtin_handlers.def; then the rows of builtins.def), the
// Python numeric builtins (min, max, abs, sum, any, all, pow) and list/dict
// methods.
#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <map>

#include "semantics/pymath.h"
#include "semantics/suggest.h"
#include "trace/builtin_handlers.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {

const TraceBuiltin kTraceBuiltins[] = {
#define TCC_TRACE_BUILTIN(Group, Handler, ...) {BuiltinGroup::Group, {__VA_ARGS__}, &Tracer::Handler},
#include "trace/builtin_handlers.def"
};

const std::set<std::string>& PythonBuiltins() {
  static const std::set<std::string> s = [] {
    // Internal helpers of the parser's desugarings and the dtype names; the
    // rest is lang/semantics/python_builtins.def. Known, so calls to them run in
    // the interpreter (a graph break), not "undefined".
    std::set<std::string> r = {"#format", "#dict", "#set", "float32", "float64", "int64", "int32"};
    for (const auto& b : sem::kPyBuiltins) r.insert(b.name);
    for (const auto& e : sem::kPyExceptions) r.insert(e.name);  // exception classes (trace_try.cpp)
    for (const auto& m : sem::kPyMath) r.insert(std::string("__math_") + m.name);  // stdlib/math.ts
    r.insert("__copy_copy");  // stdlib/copy.ts (trace_iter.cpp CopyValue)
    r.insert("__torch_load");  // stdlib/torch.ts torch.load (trace/npy_header.cpp TorchLoadValue)
    r.insert("__torch_save");
    for (const char* g : {"__generator_new", "__generator_manual_seed", "__generator_initial_seed"}) r.insert(g);
    r.insert("__copy_deepcopy");
    r.insert("__parameter");     // stdlib/torch/nn.ts nn.Parameter
    r.insert("__sys_argv");      // stdlib/sys.ts sys.argv, sys.stderr
    r.insert("__stderr_write");
    r.insert("__runtime_value");  // stdlib/argparse: a value parsed from sys.argv
    r.insert("__is_parameter");
    r.insert("__return_types");  // stdlib/torch/_composite.ts (trace_iter.cpp)
    r.insert("__tensor_methods");  // stdlib/torch.ts (trace_iter.cpp)
    return r;
  }();
  return s;
}
// min/max/abs/pow/sum of known Python numbers, exactly as Python computes
// them: min/max return the winning object itself (an int stays an int, True
// stays True), ints are exact (int64; overflow leaves the value to run time),
// an int to a negative power is a float.
ValuePtr FoldNumbers(const std::string& name, const std::vector<ValuePtr>& vals, bool is_float) {
  auto is_int = [](const ValuePtr& v) { return v->kind == VK::Int || v->kind == VK::Bool; };
  auto ival = [](const ValuePtr& v) { return v->kind == VK::Bool ? int64_t(v->b) : v->i; };
  auto less = [&](const ValuePtr& a, const ValuePtr& b) {
    return is_int(a) && is_int(b) ? ival(a) < ival(b) : a->as_double() < b->as_double();
  };
  if (name == "min" || name == "max") {
    ValuePtr best = vals[0];
    for (size_t i = 1; i < vals.size(); ++i)
      if (name == "max" ? less(best, vals[i]) : less(vals[i], best)) best = vals[i];
    return best;
  }
  if (name == "abs") {
    if (!is_int(vals[0])) return MakeFloat(std::fabs(vals[0]->as_double()));
    int64_t v = ival(vals[0]);
    return v == INT64_MIN ? MakeUnknownOf(VK::Int) : MakeInt(v < 0 ? -v : v);
  }
  if (name == "pow") {
    if (vals.size() != 2) return MakeUnknown();
    if (is_int(vals[0]) && is_int(vals[1])) {
      int64_t b = ival(vals[0]), e = ival(vals[1]);
      if (e < 0) return b == 0 ? MakeUnknownOf(VK::Float) : MakeFloat(std::pow(double(b), double(e)));
      int64_t r = 1;
      for (int64_t k = 0; k < e; ++k)
        if (__builtin_mul_overflow(r, b, &r)) return MakeUnknownOf(VK::Int);
      return MakeInt(r);
    }
    return MakeFloat(std::pow(vals[0]->as_double(), vals[1]->as_double()));
  }
  if (name == "sum") {
    if (!is_float) {
      int64_t r = 0;
      for (const auto& v : vals)
        if (__builtin_add_overflow(r, ival(v), &r)) return MakeUnknownOf(VK::Int);
      return MakeInt(r);
    }
    double r = 0;
    for (const auto& v : vals) r += v->as_double();
    return MakeFloat(r);
  }
  return MakeUnknown();
}

}  // namespace

const TraceBuiltin* FindTraceBuiltin(BuiltinGroup group, const std::string& name) {
  using Key = std::pair<BuiltinGroup, std::string_view>;
  static const std::map<Key, const TraceBuiltin*> index = [] {
    std::map<Key, const TraceBuiltin*> m;
    for (const TraceBuiltin& b : kTraceBuiltins)
      for (const char* n : b.names)
        if (n) m.emplace(Key{b.group, n}, &b);
    return m;
  }();
  auto it = index.find(Key{group, name});
  return it == index.end() ? nullptr : it->second;
}

const std::set<std::string>& TableFunctions() {
  static const std::set<std::string> s = [] {
    std::set<std::string> r;
    for (const auto& b : sem::kBuiltins)
      if (sem::HasFunctionForm(b.form) && !sem::IsPythonLevel(b.form)) r.insert(b.name);
    for (const auto& a : sem::kBuiltinAliases) {  // lang/semantics/builtin_aliases.def (`absolute`: Python-level `abs`)
      const sem::BuiltinInfo* row = sem::FindBuiltin(a.target);
      if (row && sem::HasFunctionForm(row->form)) r.insert(a.name);
    }
    return r;
  }();
  return s;
}
const std::set<std::string>& TableMethods() {
  static const std::set<std::string> s = [] {
    std::set<std::string> r;
    for (const auto& b : sem::kBuiltins)
      if (sem::HasMethodForm(b.form)) r.insert(b.name);
    for (const auto& a : sem::kBuiltinAliases)
      if (r.count(a.target)) r.insert(a.name);
    for (const auto& m : sem::kInPlaceMethods)  // lang/semantics/inplace_methods.def
      if (r.count(m.target)) r.insert(m.name);
    return r;
  }();
  return s;
}
const std::set<std::string>& PythonBuiltinNames() { return PythonBuiltins(); }

namespace {
namespace op_tokens {  // the Op column's tokens
using enum graph::OpKind;
constexpr std::nullopt_t None = std::nullopt;
}  // namespace op_tokens
}  // namespace

std::optional<graph::OpKind> BuiltinOp(const std::string& name, std::string_view rule) {
#define TCC_BUILTIN(spelling, Forms, Op, Rule, signature) \
  if (name == spelling && rule == #Rule) return std::optional<graph::OpKind>(op_tokens::Op);
#include "semantics/builtins.def"
  return std::nullopt;
}

bool Tracer::IsBuiltinName(const std::string& name) const {
  return PythonBuiltins().count(name) || TableFunctions().count(name);
}
bool Tracer::IsTensorMethod(const std::string& name) const { return TableMethods().count(name) > 0; }

std::string Tracer::DidYouMeanName(const std::string& name) const {
  std::vector<std::string> names;
  const Frame& f = *frames.back();
  for (const Env* env = f.locals.get(); env; env = env->parent.get())
    for (const auto& [k, v] : env->vars) names.push_back(k);
  if (f.module)
    for (const auto& [k, v] : f.module->globals->vars) names.push_back(k);
  names.insert(names.end(), PythonBuiltins().begin(), PythonBuiltins().end());
  names.insert(names.end(), TableFunctions().begin(), TableFunctions().end());
  return sem::DidYouMean(name, names);
}

std::string Tracer::DidYouMeanAttr(const ValuePtr& base, const std::string& attr) const {
  std::vector<std::string> names;
  switch (base->kind) {
    case VK::Module:
      for (const auto& [k, v] : base->module->globals->vars) names.push_back(k);
      break;
    case VK::Object:
      for (const auto& [k, v] : base->attrs) names.push_back(k);
      [[fallthrough]];
    case VK::Class:
      if (base->cls)
        for (const auto& [k, v] : base->cls->members) names.push_back(k);
      break;
    case VK::Tensor:
      names.insert(names.end(), TableMethods().begin(), TableMethods().end());
      for (const auto& [k, v] : script_tensor_methods) names.push_back(k);
      for (const char* a : {"shape", "dtype", "device", "data", "requires_grad", "grad", "ndim", "T", "mT"})
        names.push_back(a);
      break;
    default: break;
  }
  return sem::DidYouMean(attr, names);
}

ValuePtr Tracer::CallBuiltin(const std::string& spelled, const ValuePtr& self, CallArgs& args) {
  // an alias (`clip`, `bmm`) is its target row (lang/semantics/builtin_aliases.def)
  const std::string name(sem::CanonicalBuiltin(spelled));
  Range where = args.range;
  if (!args.kw.empty() && sem::TakesFactoryKeywords(name)) {  // `zeros(3, device=d)`: checked and dropped
    for (auto it = args.kw.begin(); it != args.kw.end();) {
      bool factory = false;
      for (const char* k : sem::kFactoryKeywords) factory |= it->first == k;
      if (!factory) { ++it; continue; }
      const ValuePtr& d = it->second;
      if (it->first == "device" && d->kind != VK::None &&
          !(d->kind == VK::Str && d->known && sem::IsCpuDevice(d->s))) {
        Issue(DiagKind::TraceTypeError, where, sem::kDeviceError);
        MarkEager("a `device=` that is not the CPU (an error at run time)", where, true);
        return MakeUnknown();
      }
      it = args.kw.erase(it);
    }
  }
  if (!args.kw.empty() && sem::FindBuiltin(name))  // `keepdims=`, `axis=`: torch's other spellings
    for (auto& [k, v] : args.kw)
      for (const auto& a : sem::kKeywordAliases)
        if (k == a.spelling) k = a.keyword;
  // `generator=g`: the draws of this call come from g. Compiled, its random
  // ops take g's id (a run-time int) and the kernel draws from g's state in
  // the runtime, as the interpreter does (EmitRandom).
  struct DrawScope {
    Tracer& t;
    ValuePtr saved;
    ~DrawScope() { t.draw_generator = saved; }
  } draw_scope{*this, draw_generator};
  if (!args.kw.empty() && sem::TakesGenerator(name)) {
    for (auto it = args.kw.begin(); it != args.kw.end(); ++it) {
      if (it->first != "generator") continue;
      if (it->second->kind != VK::None && Traced()) {
        ValuePtr id;
        if (it->second->kind == VK::Object)
          if (auto a = it->second->attrs.find("_id"); a != it->second->attrs.end()) id = a->second;  // stdlib/torch.ts
        if (id && id->kind == VK::Int) draw_generator = id;
        else MarkInterpreted(where, "a draw from a torch.Generator (the interpreter keeps its state)");
      }
      args.kw.erase(it);
      break;
    }
  }
  if (name == "allclose" || name == "equal") {  // a Python bool made from tensor data
    Break(BreakKind::TensorToScalar, where, "`" + name + "` copies tensor data into a Python bool");
    return MakeUnknownOf(VK::Bool);
  }
  if (name == "where" && !self && args.pos.size() == 1 && args.kw.empty()) {  // where(c): nonzero(c, as_tuple=True)
    args.kw.emplace_back("as_tuple", MakeBool(true));
    return CallBuiltin("nonzero", nullptr, args);
  }
  if (ValuePtr r = ObjectBuiltin(name, self, args)) return r;  // trace_iter.cpp
  if (ValuePtr r = PythonBuiltin(name, self, args)) return r;  // issue 11 (builtins_python.cpp)
  if (self && self->kind == VK::Tensor) {
    if (const char* target = sem::InPlaceTarget(name)) {  // `x.exp_()`: x.exp() written into x
      ValuePtr r = CallBuiltin(target, self, args);
      return InPlaceUpdate(self, r, where, name, true,
                           std::string("write `y = x.") + target + "(...)` for a new tensor of the promoted type");
    }
    if (ValuePtr r = OpsBuiltin(name, self, args)) return r;  // issue 11 (builtins_ops.cpp)
    return TensorMethod(name, self, args);
  }
  if (self && self->kind == VK::Set) return SetMethod(name, self, args);  // trace_set.cpp
  if (self && (self->kind == VK::List || self->kind == VK::Dict || self->kind == VK::Str || self->kind == VK::Tuple))
    return ListMethod(name, self, args);
  if (const TraceBuiltin* h = FindTraceBuiltin(BuiltinGroup::Python, name)) return (this->*h->fn)(name, args);  // builtin_handlers.def

  // Python/tensor overloads: min, max, abs, sum, any, all, pow
  bool any_tensor = false;
  for (const auto& v : args.pos) any_tensor |= v->kind == VK::Tensor;
  if (!any_tensor && (name == "min" || name == "max" || name == "abs" || name == "sum" || name == "any" ||
                      name == "all" || name == "pow")) {
    std::vector<ValuePtr> vals = args.pos;
    if (vals.size() == 1 && (vals[0]->kind == VK::List || vals[0]->kind == VK::Tuple)) {
      if (!vals[0]->known) return MakeUnknown();
      vals = vals[0]->items;
    }
    bool all_tensors = !vals.empty() && std::all_of(vals.begin(), vals.end(), [](const ValuePtr& x) {
      return x->kind == VK::Tensor;
    });
    if (all_tensors && (name == "sum" || name == "max" || name == "min")) {
      ValuePtr acc = vals[0];
      for (size_t i = 1; i < vals.size(); ++i)
        acc = EmitBinary(name == "sum" ? graph::OpKind::Add : name == "max" ? graph::OpKind::Maximum
                                                                            : graph::OpKind::Minimum,
                         acc, vals[i], where, false);
      return acc;
    }
    bool known = std::all_of(vals.begin(), vals.end(), [](const ValuePtr& x) { return x->is_known_number(); });
    bool is_float = std::any_of(vals.begin(), vals.end(), [](const ValuePtr& x) { return x->kind == VK::Float; });
    if (name == "any" || name == "all") {
      std::optional<bool> r = name == "all";
      for (const auto& v : vals) {
        auto t = KnownTruth(*v);
        if (!t) return MakeUnknownOf(VK::Bool);
        if (name == "any" && *t) return MakeBool(true);
        if (name == "all" && !*t) return MakeBool(false);
      }
      return MakeBool(*r);
    }
    if (name == "sum" && vals.empty() && args.pos.size() == 1) return MakeInt(0);  // sum([]): the start, 0
    if ((name == "min" || name == "max") && !known && vals.size() >= 2 &&
        std::all_of(vals.begin(), vals.end(), [&](const ValuePtr& x) {
          return x->kind == vals[0]->kind && (x->kind == VK::Int || x->kind == VK::Float);
        })) {  // one kind, so the result's kind is known: computed by a graph that reads it
      ValuePtr acc = vals[0];
      for (size_t i = 1; i < vals.size(); ++i) acc = RuntimeMinMax(name == "max", acc, vals[i]);
      return acc;
    }
    if (!known || vals.empty()) return MakeUnknownOf(is_float ? VK::Float : VK::Int);
    return FoldNumbers(name, vals, is_float);
  }

  const sem::BuiltinInfo* row = sem::FindBuiltin(name);
  if (row && sem::HasFunctionForm(row->form)) {
    if (ValuePtr r = IndexShapeBuiltin(name, nullptr, args)) return r;
    if (ValuePtr r = OpsBuiltin(name, nullptr, args)) return r;  // issue 11 (builtins_ops.cpp)
    return Creation(name, args);
  }
  if (name == "float32" || name == "float64" || name == "int64" || name == "int32") {
    Issue(DiagKind::TraceTypeError, where, "a dtype is not callable");
    return MakeUnknown();
  }
  if (Traced()) Break(BreakKind::Unsupported, where, "call to the builtin `" + name + "`");
  return MakeUnknown();
}

ValuePtr Tracer::ListMethod(const std::string& name, const ValuePtr& l, CallArgs& args) {
  std::string m = name.substr(name.find('.') + 1);
  const sem::ContainerType type = l->kind == VK::Dict ? sem::ContainerType::Dict
                                  : l->kind == VK::Str ? sem::ContainerType::Str
                                                       : sem::ContainerType::List;
  const sem::ContainerMethodInfo* row = sem::FindContainerMethod(type, m);
  if (!row || (l->kind == VK::Tuple && m != "index" && m != "count")) {
    Issue(DiagKind::TraceTypeError, args.range,
          "`" + std::string(l->kind == VK::Tuple ? "tuple" : sem::ContainerTypeName(type)) + "` has no method `" + m + "`");
    MarkEager();
    return MakeUnknown();
  }
  if (l->kind == VK::Str) return StrMethod(m, l, args);  // builtins_python.cpp
  if (l->kind == VK::Dict) {
    if (m == "keys" && l->known) return MakeSeq(VK::List, l->keys);
    if (m == "values" && l->known) return MakeSeq(VK::List, l->items);
    if (m == "items" && l->known) {
      std::vector<ValuePtr> out;
      for (size_t i = 0; i < l->keys.size(); ++i) out.push_back(MakeSeq(VK::Tuple, {l->keys[i], l->items[i]}));
      return MakeSeq(VK::List, out);
    }
    // The entry for `key`: its index, -1 when the dict has none, nullopt when that is known only at run time.
    auto find = [&](const ValuePtr& k) -> std::optional<int64_t> {
      bool unknown = !l->known;
      for (size_t i = 0; k && i < l->keys.size(); ++i) {
        auto eq = KnownEqual(*l->keys[i], *k);
        if (!eq) unknown = true;
        else if (*eq) return static_cast<int64_t>(i);
      }
      if (unknown || !k) return std::nullopt;
      return -1;
    };
    ValuePtr key = args.pos.empty() ? nullptr : args.pos[0];
    if (m == "get") {
      auto i = find(key);
      if (i && *i >= 0) return l->items[*i];
      if (i) {
        ValuePtr d = args.Arg(1, "default");
        return d ? d : MakeNone();
      }
      return MakeUnknown();
    }
    if (m == "copy") {
      auto d = MakeSeq(VK::Dict, l->items);
      d->keys = l->keys;
      d->known = l->known;
      return d;
    }
    if (row->effect == sem::MethodEffect::Read) return MakeUnknown();
    MarkMutation(l, "`" + m + "` on " + Describe(*l), args.range);
    if (m == "clear") {
      l->keys.clear();
      l->items.clear();
      l->known = true;
      return MakeNone();
    }
    if (m == "setdefault" || m == "pop") {
      auto i = find(key);
      if (i && *i >= 0) {
        ValuePtr v = l->items[*i];
        if (m == "pop") {
          l->keys.erase(l->keys.begin() + *i);
          l->items.erase(l->items.begin() + *i);
        }
        return v;
      }
      if (i && m == "setdefault") {
        ValuePtr v = args.pos.size() > 1 ? args.pos[1] : MakeNone();
        l->keys.push_back(key);
        l->items.push_back(v);
        return v;
      }
      if (i && args.pos.size() > 1) return args.pos[1];  // pop(key, default) of a missing key
    }
    if (m == "update" && l->known && args.pos.size() <= 1) {
      std::vector<std::pair<ValuePtr, ValuePtr>> pairs;
      bool ok = true;
      if (!args.pos.empty()) {
        const ValuePtr& o = args.pos[0];
        if (o->kind == VK::Dict && o->known) {
          for (size_t i = 0; i < o->keys.size(); ++i) pairs.emplace_back(o->keys[i], o->items[i]);
        } else if ((o->kind == VK::List || o->kind == VK::Tuple) && o->known) {
          for (const auto& kv : o->items) {
            ok = ok && (kv->kind == VK::Tuple || kv->kind == VK::List) && kv->known && kv->items.size() == 2;
            if (ok) pairs.emplace_back(kv->items[0], kv->items[1]);
          }
        } else {
          ok = false;
        }
      }
      for (const auto& [k, v] : args.kw) pairs.emplace_back(MakeStr(k), v);
      for (const auto& [k, v] : pairs) {
        auto i = ok ? find(k) : std::nullopt;
        if (!i) { ok = false; break; }
        if (*i >= 0) l->items[*i] = v;
        else l->keys.push_back(k), l->items.push_back(v);
      }
      if (ok) return MakeNone();
    }
    l->known = false;  // which keys it has is known only at run time
    return MakeUnknown();
  }
  if (m == "copy") {
    auto c = MakeSeq(VK::List, l->items);
    c->known = l->known;
    return c;
  }
  if (m == "index" || m == "count") return MakeUnknownOf(VK::Int);
  MarkMutation(l, "`" + m + "` on " + Describe(*l), args.range);
  if (m == "append" && !args.pos.empty()) { l->items.push_back(args.pos[0]); return MakeNone(); }
  if (m == "extend" && !args.pos.empty()) {
    if (args.pos[0]->kind == VK::List || args.pos[0]->kind == VK::Tuple)
      l->items.insert(l->items.end(), args.pos[0]->items.begin(), args.pos[0]->items.end());
    return MakeNone();
  }
  if (m == "pop") {
    auto k = args.pos.empty() ? std::optional<int64_t>(-1) : KnownInt(args.pos[0]);
    int64_t n = static_cast<int64_t>(l->items.size());
    int64_t i = k ? (*k < 0 ? *k + n : *k) : -1;
    if (!l->known || i < 0 || i >= n) {
      l->known = false;
      return MakeUnknown();
    }
    ValuePtr v = l->items[i];
    l->items.erase(l->items.begin() + i);
    return v;
  }
  if (m == "insert" && args.pos.size() == 2) {
    if (auto k = KnownInt(args.pos[0])) {
      int64_t i = std::clamp<int64_t>(*k < 0 ? *k + static_cast<int64_t>(l->items.size()) : *k, 0,
                                      static_cast<int64_t>(l->items.size()));
      l->items.insert(l->items.begin() + i, args.pos[1]);
    }
    return MakeNone();
  }
  if (m == "clear") { l->items.clear(); l->known = true; return MakeNone(); }
  if (m == "remove" && !args.pos.empty() && l->known) {
    for (size_t i = 0; i < l->items.size(); ++i) {
      auto eq = KnownEqual(*l->items[i], *args.pos[0]);
      if (!eq) break;
      if (*eq) {
        l->items.erase(l->items.begin() + static_cast<int64_t>(i));
        return MakeNone();
      }
    }
  }
  if (m == "reverse") { std::reverse(l->items.begin(), l->items.end()); return MakeNone(); }
  l->known = false;  // a mutation the tracer does not model: the contents are known only at run time
  return MakeUnknown();
}

}  // namespace tcc::trace
