// Implements the builtin functions that are not tensor math: the compile
// controls (graph_break, error_on_graph_break, fullgraph, nonstrict_trace,
// pytree), I/O (print/save/load: side effects), Python builtins (range, len,
// int, ...) and list/dict methods.
#include <algorithm>
#include <cmath>
#include <set>

#include "semantics/pymath.h"
#include "semantics/suggest.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
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
  if (name == "set" || name == "#set") return SetBuiltin(args);

  // ---- compile controls
  if (name == "graph_break") {
    Break(BreakKind::GraphBreakCall, where, "call to `graph_break()`");
    return MakeNone();
  }
  if (name == "error_on_graph_break" || name == "fullgraph") {
    WrapKind k = name == "fullgraph" ? WrapKind::Fullgraph : WrapKind::Eogb;
    ValuePtr a = args.Arg(0, name == "fullgraph" ? "enabled" : "error_on_graph_break");
    if (!a && name == "fullgraph") a = MakeBool(true);
    if (a && (a->kind == VK::Function || a->kind == VK::BoundMethod || a->kind == VK::Wrapper)) {
      if (k == WrapKind::Fullgraph) {
        auto w = MakeUnknown();
        w->kind = VK::Wrapper;
        w->wrap = k;
        w->flag = true;
        w->inner = a;
        return w;
      }
    }
    auto m = MakeUnknown();
    m->kind = VK::Marker;
    m->wrap = k;
    auto truth = a ? KnownTruth(*a) : std::nullopt;
    if (!truth) {
      Issue(DiagKind::TraceTypeError, where, "`" + name + "(...)` needs True or False known at compile time");
      truth = k == WrapKind::Fullgraph;
    }
    m->flag = *truth;
    return m;
  }
  if (name == "no_grad" || name == "enable_grad" || name == "inference_mode" || name == "set_grad_enabled") {
    const ValuePtr f = args.pos.size() == 1 ? args.pos[0] : nullptr;  // `@no_grad` (no parentheses): the function
    if (name != "set_grad_enabled" && f && (f->kind == VK::Function || f->kind == VK::BoundMethod || f->kind == VK::Wrapper))
      return f;
    auto m = MakeUnknown();
    m->kind = VK::Marker;
    m->wrap = WrapKind::GradMode;
    return m;
  }
  if (name == "nonstrict_trace") {
    ValuePtr f = args.Arg(0, "fn");
    if (!f) {
      Issue(DiagKind::TraceArgumentError, where, "`nonstrict_trace` takes the function to trace");
      return MakeUnknown();
    }
    auto w = MakeUnknown();
    w->kind = VK::Wrapper;
    w->wrap = WrapKind::Nonstrict;
    w->flag = true;
    w->inner = f;
    return w;
  }
  if (name == "compiler_disable") {  // @torch.compiler.disable, torch.compiler.disable(fn), disable(recursive=...)
    ValuePtr f = args.Arg(0, "fn");
    auto w = MakeUnknown();
    w->kind = f ? VK::Wrapper : VK::Marker;
    w->wrap = WrapKind::Disable;
    w->flag = true;
    w->inner = f;
    return w;
  }
  if (name == "pytree") {
    ValuePtr c = args.Arg(0, "cls");
    if (c && c->kind == VK::Class) c->cls->pytree = true;
    return c ? c : MakeUnknown();
  }

  // ---- I/O
  if (name == "__torch_load") {  // torch.load: the checkpoint's structure, read now (npy_header.cpp)
    Break(BreakKind::SideEffectIO, where, "`torch.load(...)` inside a compiled function");
    ValuePtr p = args.Arg(0, "f");
    if (p && p->kind == VK::Str && p->known && !p->s.empty()) {
      std::string error;
      if (ValuePtr v = TorchLoadValue(p->s, &error)) return v;
      if (p->s[0] != '/' && !main_dir.empty())
        if (ValuePtr v = TorchLoadValue(main_dir + "/" + p->s, &error)) return v;
      Issue(DiagKind::LoadTypeUnknown, where,
            "`torch.load(\"" + p->s + "\")` at build time: " + error +
                "; what it holds is known only at run time, so the code that uses it cannot be compiled",
            "run `tcc build` in the folder the program runs in (relative paths are read from the working folder, "
            "then from the program's folder), or give a path that exists when building");
    }
    return MakeUnknown();
  }
  if (name == "print" || name == "save" || name == "load" || name == "__torch_save" || name == "__stderr_write") {
    Break(BreakKind::SideEffectIO, where,
          "`" + std::string(name == "__stderr_write" ? "sys.stderr.write" : name) + "(...)` inside a compiled function");
    if (name == "load") {
      // The data is read at run time; a file present now gives dtype and rank.
      ValuePtr p = args.Arg(0, "path");
      if (p && p->kind == VK::Str && !p->s.empty()) {
        std::optional<graph::TensorType> ty = ReadNpyType(p->s);
        if (!ty && p->s[0] != '/' && !main_dir.empty()) ty = ReadNpyType(main_dir + "/" + p->s);
        if (ty) {
          for (auto& d : ty->shape) d = syms.Fresh();
          return MakeTensor(*ty);
        }
        // Code that uses the tensor fails later with messages about a
        // tensor of unknown rank: say here why its type is unknown.
        std::string tried = p->s[0] == '/' || main_dir.empty() || main_dir == "." ? "`" + p->s + "`"
                                                                : "`" + p->s + "` and `" + main_dir + "/" + p->s + "`";
        Issue(DiagKind::LoadTypeUnknown, where,
              "`load(\"" + p->s + "\")`" + (p->known ? "" : " (the likely path)") +
                  ": no readable .npy file at build time (tried " + tried +
                  "), so its dtype and rank are known only at run time and the code that uses it cannot be compiled",
              "run `tcc build` in the folder the program runs in (relative paths are read from the working "
              "folder, then from the program's folder), or give a path that exists when building");
      }
      auto t = MakeTensor({graph::DType::F32, {}});
      t->rank_known = false;
      return t;
    }
    return MakeNone();
  }
  if (name == "__runtime_value") return MakeUnknown();  // the value itself, known only when the program runs
  if (name == "argv" || name == "__sys_argv") {  // known only at run time
    auto l = MakeSeq(VK::List, {MakeUnknownOf(VK::Str)});
    l->known = false;
    return l;
  }
  if (name == "manual_seed") {
    Break(BreakKind::Unsupported, where, "`manual_seed` inside a compiled function changes the random state");
    return MakeNone();
  }
  if (name == "__parameter" || name == "__is_parameter") {  // nn.Parameter's mark (stdlib/torch/nn.ts)
    ValuePtr t = args.Arg(0, "data");
    if (!t) return MakeUnknown();
    if (name == "__is_parameter")
      return t->kind == VK::Tensor ? MakeBool(t->parameter) : t->kind == VK::Unknown ? MakeUnknownOf(VK::Bool) : MakeBool(false);
    // the mark is no plan output: a traced statement that sets it runs in the interpreter
    if (Traced()) MarkEager("`nn.Parameter` marks a tensor in the interpreter", where);
    if (t->kind == VK::Tensor) t->parameter = true;
    return t;
  }
  if (name == "__generator_new" || name == "__generator_manual_seed" || name == "__generator_initial_seed") {
    // torch.Generator's state lives in the interpreter (as its draws do)
    if (Traced()) MarkInterpreted(where, "a torch.Generator's state (the interpreter keeps it)");
    return name == "__generator_manual_seed" ? MakeNone() : MakeUnknownOf(VK::Int);
  }

  // ---- Python builtins
  if (name == "slice") {  // slice(stop), slice(start, stop[, step]): as `a:b:c` makes
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
  if (name == "range") {
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
  if (name == "len") {
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
  if (name == "int" || name == "float" || name == "bool") {
    ValuePtr v = args.Arg(0, "x");
    VK k = name == "int" ? VK::Int : name == "float" ? VK::Float : VK::Bool;
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
  if (name == "format" || name == "#format" || name == "repr") {
    // A str; known when it is the plain text of a known value (f"{n}" with n = 3).
    ValuePtr v = args.pos.empty() ? nullptr : args.pos[0];
    bool plain = name != "repr";
    for (size_t i = 1; i < args.pos.size(); ++i)
      plain = plain && args.pos[i]->kind == VK::Str && args.pos[i]->known && args.pos[i]->s.empty();
    if (v && plain && v->kind == VK::Str) return v;
    if (v && plain && v->known && (v->kind == VK::Int || v->kind == VK::Bool || v->kind == VK::None))
      return MakeStr(Describe(*v));
    return MakeUnknownOf(VK::Str);
  }
  if (name == "str") {
    ValuePtr v = args.Arg(0, "x");
    if (v && v->kind == VK::Str) return v;
    if (v && v->known && (v->kind == VK::Int || v->kind == VK::Bool || v->kind == VK::None)) return MakeStr(Describe(*v));
    return MakeUnknownOf(VK::Str);
  }
  if (name == "list" || name == "tuple") {
    ValuePtr v = args.Arg(0, "x");
    VK k = name == "list" ? VK::List : VK::Tuple;
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
  if (name == "dict" || name == "#dict") {
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
  if (name == "enumerate" || name == "zip") {
    // The items each iterable visits, as a for-loop over it would (a tensor's
    // rows, a dict's keys, a str's characters); a list of run-time length of
    // tuples of a typical item when one is known only at run time.
    std::vector<std::vector<ValuePtr>> seqs;
    std::vector<ValuePtr> srcs = args.pos;
    if (name == "enumerate") srcs = {args.Arg(0, "iterable")};
    bool known = true;
    for (const auto& v : srcs) {
      std::vector<ValuePtr> items;
      known = known && v && LoopItems(*this, v, items, where) &&
              (v->kind != VK::Tensor || static_cast<int64_t>(items.size()) <= opts.max_unroll);
      seqs.push_back(std::move(items));
    }
    if (name == "enumerate" && known) {
      std::vector<ValuePtr> idx;
      for (size_t i = 0; i < seqs[0].size(); ++i) idx.push_back(MakeInt(static_cast<int64_t>(i)));
      seqs.insert(seqs.begin(), idx);
    }
    if (!known) {
      std::vector<ValuePtr> row;
      if (name == "enumerate") row.push_back(MakeUnknownOf(VK::Int));
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
  if (name == "sorted" || name == "reversed") {
    ValuePtr v = args.Arg(0, "x");
    if (v && (v->kind == VK::List || v->kind == VK::Tuple) && v->known) {
      auto items = v->items;
      if (name == "reversed") std::reverse(items.begin(), items.end());
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
  if (name == "round") {
    ValuePtr v = args.Arg(0, "number");
    if (v && v->kind == VK::Tensor) {  // a TypeError eagerly, as in Python with torch 1.13
      Issue(DiagKind::TraceTypeError, where, "`round()` needs a number, not `Tensor`");
      MarkEager();
      return MakeUnknown();
    }
    if (v && v->is_known_number() && !args.Arg(1, "ndigits")) return MakeIntFrom(std::nearbyint(v->as_double()));
    return MakeUnknownOf(VK::Float);
  }

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
