// Implements calls: entries from module scope (one specialisation per
// abstract signature), inlining between functions, wrappers and decorators
// (error_on_graph_break, fullgraph, nonstrict_trace), bound methods and
// object construction.
#include "trace/builtin_table.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

ValuePtr Tracer::EvalCall(const CallExpr& e) {
  ValuePtr fn = Eval(*e.func);
  CallArgs args;
  args.expr = &e;
  args.range = e.range;
  // A method call points at the method name: `x.sum().item()` at `item`.
  if (auto* attr = dyn_cast<AttributeExpr>(e.func.get()); attr && attr->attr_loc.valid())
    args.range = Range{attr->attr_loc, e.range.end};
  if (!EvalArgs(e.args, e.keywords, args)) {
    if (Traced())
      Break(BreakKind::Unsupported, e.range, "call with `*`/`**` arguments whose length is known only at run time");
    else
      MarkEager("call with `*`/`**` arguments whose length is known only at run time", e.range);
    return MakeUnknown();
  }
  return Call(fn, args);
}

namespace {
bool IsCallableUser(const ValuePtr& v) {
  return v->kind == VK::Function || v->kind == VK::BoundMethod || v->kind == VK::Wrapper;
}
// A torch.compiler.disable function (through bound methods and other wrappers).
bool IsDisabled(const ValuePtr& v) {
  for (ValuePtr f = v; f && (f->kind == VK::Wrapper || f->kind == VK::BoundMethod); f = f->inner)
    if (f->kind == VK::Wrapper && f->wrap == WrapKind::Disable) return true;
  return false;
}

// A module that declares `__tcc_module_scope__ = True` (stdlib/argparse.ts,
// sys.ts: command-line glue, no tensor code) runs as module-scope code: its
// functions are never traced as compiled code, and a compiled function's
// statement that calls one runs in the interpreter.
bool IsModuleScopeCode(const ModuleState* mod) {
  return mod->globals && mod->globals->vars.count("__tcc_module_scope__");
}
}  // namespace

ValuePtr Tracer::Call(const ValuePtr& fn, CallArgs& args) {
  if (raise_pending) return MakeUnknown();
  switch (fn->kind) {
    case VK::Builtin:
      if (PyIdOf(fn->s) == sem::PyBuiltinId::py_super && !fn->self_value) return Super(args);
      if (fn->s == "#exc_init") {  // BaseException.__init__ through super()
        if (fn->self_value && fn->self_value->kind == VK::Object)
          fn->self_value->SetAttr("args", MakeSeq(VK::Tuple, args.pos));
        return MakeNone();
      }
      return CallBuiltin(fn->s, fn->self_value, args);
    case VK::Function: case VK::BoundMethod: case VK::Wrapper:
      if ((!Cur().def || Cur().disabled) && !entering && !IsDisabled(fn)) {
        if (ValuePtr r = CallWithChoiceArgs(fn, args)) return r;
        return Entry(fn, args);
      }
      return CallFunction(fn, nullptr, args, false);
    case VK::Class: return Construct(fn, args);
    case VK::Object: {
      for (const char* m : {"__call__", "forward"}) {
        auto it = fn->cls ? fn->cls->members.find(m) : decltype(fn->cls->members.end()){};
        if (fn->cls && it != fn->cls->members.end()) {
          auto bm = MakeUnknown();
          bm->kind = VK::BoundMethod;
          bm->self_value = fn;
          bm->inner = it->second;
          return Call(bm, args);
        }
      }
      Issue(DiagKind::TraceTypeError, args.range, Describe(*fn) + " is not callable");
      return MakeUnknown();
    }
    case VK::Marker:
      if (args.pos.size() == 1 && args.kw.empty()) return ApplyDecorator(fn, args.pos[0], *args.expr);
      Issue(DiagKind::TraceTypeError, args.range, "a decorator takes one function");
      return MakeUnknown();
    case VK::Unknown:
      if (fn->diagnosed) return MakeDiagnosed();  // the error that made it is reported
      if (!fn->choices.empty() && !Traced()) return CallChoice(fn, args);
      if (Traced())
        Break(BreakKind::Unsupported, args.range, "call to a value the tracer cannot resolve at compile time");
      return MakeUnknown();
    case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str: case VK::Ellipsis:
    case VK::Slice: case VK::List: case VK::Tuple: case VK::Dict: case VK::Set: case VK::Tensor: case VK::DType:
    case VK::Module:
      break;
  }
  Issue(DiagKind::TraceTypeError, args.range, Describe(*fn) + " is not callable");
  MarkEager(Describe(*fn) + " is not callable", args.range, true);
  return MakeUnknown();
}

ValuePtr Tracer::CallDisabled(const ValuePtr& fn, CallArgs& args) {
  Break(BreakKind::DisabledCall, args.range,
        "call to " + Describe(*fn) + ", which `torch.compiler.disable` makes run in the interpreter");
  // What the interpreter's call may change: the scalars the arguments hold
  // (an object's attributes, a list's or dict's items) are no longer known.
  auto forget = [&](const ValuePtr& v) {
    if (v->kind != VK::Object && v->kind != VK::List && v->kind != VK::Dict) return;
    MarkMutation(v, "an argument of " + Describe(*fn), args.range);
    NoteAttrRead(v, "");
    for (auto& [name, a] : v->attrs)
      if (a->is_number() || a->kind == VK::Str) a = MakeUnknownOf(a->kind);
    for (auto& a : v->items)
      if (a->is_number() || a->kind == VK::Str) a = MakeUnknownOf(a->kind);
  };
  for (const auto& a : args.pos) forget(a);
  for (const auto& [k, a] : args.kw) forget(a);
  return MakeUnknown();
}

ValuePtr Tracer::Super(CallArgs& args) {
  // super() in a method: the defining class's bases, bound to the instance;
  // super(C, obj): C's bases, bound to obj.
  const ClassInfo* owner = nullptr;
  ValuePtr self;
  if (args.pos.size() == 2 && args.pos[0]->kind == VK::Class) {
    owner = args.pos[0]->cls.get();
    self = args.pos[1];
  } else if (args.pos.empty()) {
    owner = Cur().owner;
    self = Cur().self;
  }
  if (!owner || !self) {
    Issue(DiagKind::TraceTypeError, args.range, "`super()` is only available inside a method of a class",
          "call it as `super().method(...)` inside a method, or as `super(Class, obj)`");
    MarkEager("`super()` outside a method", args.range, true);
    return MakeUnknown();
  }
  auto proxy = MakeBuiltin("#super", self);
  for (const auto& b : owner->bases) {
    auto c = MakeUnknown();
    c->kind = VK::Class;
    c->cls = b;
    proxy->items.push_back(c);
  }
  return proxy;
}

ValuePtr Tracer::ApplyDecorator(const ValuePtr& deco, const ValuePtr& target, const Expr& where) {
  if (deco->kind == VK::Marker && deco->wrap == WrapKind::GradMode) return target;  // @no_grad(): nothing to do
  if (deco->kind == VK::Builtin && !deco->self_value) {
    using enum sem::PyBuiltinId;
    switch (PyIdOf(deco->s).value_or(py_NotImplemented)) {
      case py_fullgraph: return MakeWrapper(WrapKind::Fullgraph, true, target);
      case py_nonstrict_trace: return MakeWrapper(WrapKind::Nonstrict, true, target);
      case py_pytree:
        if (target->kind == VK::Class) target->cls->pytree = true;
        else Issue(DiagKind::TraceTypeError, where.range, "`@pytree` applies to a class");
        return target;
      case py_error_on_graph_break:
        Issue(DiagKind::TraceTypeError, where.range, "`error_on_graph_break` needs an argument: "
                                                     "`@error_on_graph_break(True)` or `(False)`");
        return target;
      case py_no_grad: case py_inference_mode: case py_enable_grad: return target;  // @no_grad without parentheses
      default: break;
    }
  }
  if (deco->kind == VK::Marker) {
    if (!IsCallableUser(target) && target->kind != VK::Unknown) {
      Issue(DiagKind::TraceTypeError, where.range, "this decorator applies to a function, not " + Describe(*target));
      return target;
    }
    return MakeWrapper(deco->wrap, deco->flag, target);
  }
  if (deco->kind == VK::Unknown) return target;
  CallArgs args;
  args.pos = {target};
  args.range = where.range;
  return Call(deco, args);
}

ValuePtr Tracer::CallFunction(const ValuePtr& fnv, const ValuePtr& self, CallArgs& args, bool) {
  Mode saved = mode;
  ValuePtr f = fnv;
  ValuePtr bound_self = self;
  bool disabled = false;
  while (true) {
    if (f->kind == VK::Wrapper) {
      if (f->wrap == WrapKind::Eogb) {
        if (!mode.fullgraph) mode.eogb = f->flag ? Mode::On : Mode::Off;
      } else if (f->wrap == WrapKind::Fullgraph) {
        if (f->flag) mode.fullgraph = true;
      } else if (f->wrap == WrapKind::Disable) {
        if (Traced() || entering) {
          ValuePtr r = CallDisabled(f->inner, args);
          mode = saved;
          return r;
        }
        disabled = true;  // walked as module scope is: the new frame is Frame::disabled
      } else if (f->wrap == WrapKind::Nonstrict && (Traced() || entering) && !mode.nonstrict) {
        ValuePtr inner = f->inner;
        if (bound_self) {
          auto bm = MakeUnknown();
          bm->kind = VK::BoundMethod;
          bm->self_value = bound_self;
          bm->inner = inner;
          inner = bm;
        }
        ValuePtr r = CallNonstrict(inner, args, args.range);
        mode = saved;
        return r;
      }
      f = f->inner;
      continue;
    }
    if (f->kind == VK::BoundMethod) {
      bound_self = f->self_value;
      f = f->inner;
      continue;
    }
    break;
  }
  if (f->kind != VK::Function) {
    ValuePtr r;
    if (f->kind == VK::Builtin) r = CallBuiltin(f->s, f->self_value, args);
    else r = Call(f, args);
    mode = saved;
    return r;
  }
  if (inline_depth >= opts.max_inline_depth) {
    if (Traced())
      Break(BreakKind::Unsupported, args.range,
            "calls nested deeper than " + std::to_string(opts.max_inline_depth) + " (recursion) are not inlined");
    mode = saved;
    return MakeUnknown();
  }
  const FunctionDef& def = *f->fn;
  Frame nf;
  nf.qualname = f->s;
  nf.def = &def;
  nf.module = f->module;
  nf.locals = std::make_shared<Env>();
  nf.locals->parent = f->closure;
  nf.self = bound_self;
  nf.owner = f->owner;
  nf.call_file = CurFile();
  nf.call_loc = args.range.begin;
  nf.eager = entering ? false : Cur().eager;
  nf.disabled = disabled;
  if (nf.module && IsModuleScopeCode(nf.module) && !nf.eager) {  // argparse, sys: see Entry
    MarkEager("`" + f->s + "` runs in the interpreter (module `" + nf.module->name + "` is module-scope code)",
              args.range);
    nf.eager = true;
  }
  entering = false;
  Frame* caller = &Cur();
  BindParams(def, bound_self, args, *nf.locals, nf.module ? nf.module->file : nullptr);
  frames.push_back(&nf);
  ++inline_depth;
  Flow fl = ExecBody(def.body);
  --inline_depth;
  frames.pop_back();
  ValuePtr ret = fl == Flow::Return && nf.ret ? nf.ret : (nf.maybe_ret ? nf.maybe_ret : MakeNone());
  SegFinishFrame(nf, caller);
  mode = saved;
  return ret;
}

namespace {
const FunctionDef* UnderlyingDef(const ValuePtr& v, std::string* name, ModuleState** mod) {
  ValuePtr f = v;
  while (f && (f->kind == VK::Wrapper || f->kind == VK::BoundMethod)) f = f->inner;
  if (f && f->kind == VK::Function) {
    *name = f->s;
    *mod = f->module;
    return f->fn;
  }
  return nullptr;
}
}  // namespace

ValuePtr Tracer::Entry(const ValuePtr& callable, CallArgs& args) {
  std::string chosen = std::move(choice_note);  // this entry's, not its callees'
  choice_note.clear();
  std::string qual;
  ModuleState* mod = nullptr;
  const FunctionDef* def = UnderlyingDef(callable, &qual, &mod);
  // A module of module-scope code (IsModuleScopeCode): a call into it from
  // module scope runs as a constructor's does, as no entry.
  if (mod && IsModuleScopeCode(mod)) {
    bool saved_entering = entering;
    entering = false;
    ValuePtr r = CallFunction(callable, nullptr, args, false);
    entering = saved_entering;
    return r;
  }
  std::map<int32_t, int> symnames;
  // The policy in force at the call (a module-scope `with
  // error_on_graph_break(...)`) is part of what the entry was traced under.
  Mode entry_mode = mode;
  entry_mode.nonstrict = false;
  std::string key = SignatureOf(*callable, symnames) + "|" + std::to_string(entry_mode.fullgraph) +
                    std::to_string(static_cast<int>(entry_mode.eogb)) + "|";
  std::string display = "(";
  bool has_self = callable->kind == VK::BoundMethod ||
                  (callable->kind == VK::Wrapper && callable->inner && callable->inner->kind == VK::BoundMethod);
  size_t param0 = has_self ? 1 : 0;
  // Which arguments are one object is part of the signature: a kernel for
  // `f(a, a)` reads one input, `f(a, b)` two.
  std::map<const Value*, size_t> first_arg;
  auto alias_of = [&](const ValuePtr& v, size_t i) -> std::string {
    if (v->kind != VK::Tensor && v->kind != VK::List && v->kind != VK::Object) return "";
    auto [it, added] = first_arg.emplace(v.get(), i);
    return added ? "" : "is#" + std::to_string(it->second);
  };
  for (size_t i = 0; i < args.pos.size(); ++i) {
    std::string sig = SignatureOf(*args.pos[i], symnames) + alias_of(args.pos[i], i);
    key += sig + ",";
    if (i) display += ", ";
    // named by the parameter it binds; a `*args` takes the rest (named once, `*args: `)
    if (def) {
      size_t star = param0;
      while (star < def->params.size() && def->params[star].kind == ast::ParamKind::Normal) ++star;
      size_t pi = param0 + i;
      if (pi < star) display += def->params[pi].name + ": ";
      else if (pi == star && star < def->params.size() && def->params[star].kind == ast::ParamKind::VarArgs)
        display += "*" + def->params[star].name + ": ";
    }
    std::map<int32_t, int> shown = symnames;
    display += SignatureOf(*args.pos[i], shown, true);
  }
  for (size_t j = 0; j < args.kw.size(); ++j) {
    const auto& [k, v] = args.kw[j];
    std::string sig = SignatureOf(*v, symnames) + alias_of(v, args.pos.size() + j);
    key += k + "=" + sig + ",";
    if (display.size() > 1) display += ", ";
    std::map<int32_t, int> shown = symnames;
    display += k + ": " + SignatureOf(*v, shown, true);
  }
  display += ")";
  std::vector<ValuePtr> arg_values{callable};
  arg_values.insert(arg_values.end(), args.pos.begin(), args.pos.end());
  for (const auto& kv : args.kw) arg_values.push_back(kv.second);
  std::string retraced_because;
  // The state an entry specialises on (entry_state.cpp), as torch.compile
  // recompiles on a changed module attribute (`model.eval()`).
  const std::string base_key = key;
  const std::vector<StateToken> state_tokens = ObjectState(arg_values);
  {
    std::string state = RenderState(state_tokens, base_key);
    // At most kMaxStateSpecs states per signature, as torch.compile's
    // cache_size_limit: later states share one more specialisation, whose
    // guards send a call in another state to the interpreter.
    int& states = spec_base_keys[key];
    if (spec_by_key.count(key + "#" + state)) {
      key += "#" + state;
    } else if (states >= kMaxStateSpecs) {
      key += "#*";
    } else {
      if (states > 0) retraced_because = "an attribute of an argument changed";
      ++states;
      key += "#" + state;
    }
  }
  // A cached specialisation whose globals module scope has since rebound is
  // traced again under a key that names the globals' new fingerprints.
  for (int round = 0; round <= kMaxRetraces; ++round) {
    auto found = spec_by_key.find(key);
    if (found == spec_by_key.end()) break;
    const SpecReturn& cached = spec_returns[key];
    std::string why;
    if (round == kMaxRetraces || !GlobalsChanged(cached, &why)) {
      ValueMap map;
      for (size_t i = 0; i < cached.args.size() && i < arg_values.size(); ++i)
        MatchValues(cached.args[i], arg_values[i], map);
      ReplayStores(cached, map);
      return FreshCopy(cached.value, cached.made_since, map);
    }
    retraced_because = why;
    key += "|";
    for (const auto& g : cached.globals) {
      auto it = g.module->globals->vars.find(g.name);
      key += g.name + "=" + (it == g.module->globals->vars.end() ? "?" : GlobalFingerprint(*it->second)) + ";";
    }
  }

  Specialisation sp;
  std::vector<std::string> tags;
  if (entry_mode.fullgraph) tags.push_back("fullgraph");
  if (entry_mode.eogb != Mode::Default)
    tags.push_back(std::string("error_on_graph_break(") + (entry_mode.eogb == Mode::On ? "True" : "False") + ")");
  for (ValuePtr w = callable; w && (w->kind == VK::Wrapper || w->kind == VK::BoundMethod); w = w->inner) {
    if (w->kind != VK::Wrapper) continue;
    if (w->wrap == WrapKind::Fullgraph) tags.push_back(w->flag ? "@fullgraph" : "@fullgraph(False)");
    else if (w->wrap == WrapKind::Nonstrict) tags.push_back("@nonstrict_trace");
    else tags.push_back(std::string("@error_on_graph_break(") + (w->flag ? "True" : "False") + ")");
  }
  for (size_t i = 0; i < tags.size(); ++i) sp.policy += (i ? " " : "") + tags[i];
  sp.function = def ? qual : Describe(*callable);
  sp.module = mod ? mod->name : "main";
  sp.signature = display;
  sp.file = mod ? mod->file : CurFile();
  if (def) sp.def_loc = def->name_loc.valid() ? def->name_loc : def->range.begin;
  sp.entered_from.push_back(StackFrame{"<module>", CurFile(), args.range.begin});
  result.specs.push_back(sp);
  int index = static_cast<int>(result.specs.size()) - 1;
  spec_by_key[key] = index;
  spec_returns[key] = SpecReturn{MakeUnknown(), arg_values, BornNow(), {}, {}};  // recursion guard
  if (!retraced_because.empty()) result.specs[index].signature += "  [traced again: " + retraced_because + "]";
  if (!chosen.empty()) result.specs[index].signature += "  [" + chosen + "]";
  std::vector<GlobalRead>* saved_reading = reading_globals;
  reading_globals = &spec_returns[key].globals;
  AttrAccess mine;
  AttrAccess* saved_access = attr_access;
  attr_access = &mine;

  int saved_spec = spec;
  size_t saved_region = region_begin;
  Mode saved_mode = mode;
  spec = index;
  region_begin = tape.size();
  mode = entry_mode;
  entering = true;
  long saved_steps = steps;
  size_t saved_tape_begin = entry_tape_begin;
  steps = 0;
  entry_tape_begin = tape.size();
  size_t notes_begin = uncompiled.size(), regions_begin = regions.size(), errors_begin = result.errors.size();
  ValuePtr ret = CallFunction(callable, nullptr, args, true);
  reading_globals = saved_reading;
  attr_access = saved_access;
  entering = false;
  if (exhausted) ret = MakeUnknown();
  exhausted = false;
  CloseRegion();
  FinishEntryCoverage(notes_begin, regions_begin, errors_begin);
  steps = saved_steps;
  entry_tape_begin = saved_tape_begin;
  spec = saved_spec;
  region_begin = saved_region;
  mode = saved_mode;
  SpecReturn& cached = spec_returns[key];
  ValueMap own;  // the snapshot: what this call made, copied now
  cached.value = FreshCopy(ret, cached.made_since, own);
  RecordStores(base_key, mine, cached);
  // A later call whose state differs only in attributes this entry stored
  // finds it under the state without them.
  std::string stateless = base_key + "#" + RenderState(state_tokens, base_key);
  if (key != base_key + "#*" && !spec_by_key.count(stateless)) {
    spec_by_key[stateless] = index;
    spec_returns[stateless] = cached;
  }
  return ret;
}

bool Tracer::GlobalsChanged(const SpecReturn& cached, std::string* why) const {
  for (const auto& g : cached.globals) {
    auto it = g.module->globals->vars.find(g.name);
    std::string now = it == g.module->globals->vars.end() ? "nothing" : GlobalFingerprint(*it->second);
    if (now != g.fingerprint) {
      *why = "global `" + g.name + "` was " + g.fingerprint + ", now " + now;
      return true;
    }
  }
  return false;
}

ValuePtr Tracer::Construct(const ValuePtr& cls, CallArgs& args) {
  auto obj = MakeUnknown();
  obj->kind = VK::Object;
  obj->cls = cls->cls;
  auto init = cls->cls->members.find("__init__");
  if (cls->cls->exception) {  // as BaseException.__new__: `args` are the constructor's arguments
    obj->SetAttr("args", MakeSeq(VK::Tuple, args.pos));
    if (init != cls->cls->members.end() && init->second->kind == VK::Builtin) return obj;
  }
  if (init != cls->cls->members.end()) {
    // Constructors run as part of their caller: eager at module scope.
    bool saved_entering = entering;
    entering = false;
    CallFunction(init->second, obj, args, false);
    entering = saved_entering;
    return obj;
  }
  const auto& fields = cls->cls->fields;
  if (args.pos.size() > fields.size()) {
    Issue(DiagKind::TraceArgumentError, args.range,
          "`" + cls->cls->name + "` has " + std::to_string(fields.size()) + " fields but " +
              std::to_string(args.pos.size()) + " arguments were given");
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    ValuePtr v = i < args.pos.size() ? args.pos[i] : args.Kw(fields[i]);
    if (!v) {
      auto d = cls->cls->members.find(fields[i]);
      if (d != cls->cls->members.end()) v = d->second;
    }
    if (!v) {
      Issue(DiagKind::TraceArgumentError, args.range,
            "`" + cls->cls->name + "` is missing a value for the field `" + fields[i] + "`");
      v = MakeUnknown();
    }
    obj->SetAttr(fields[i], v);
  }
  return obj;
}

}  // namespace tcc::trace
