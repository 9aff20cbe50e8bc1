// Implements calls (functions, builtins, bound methods, classes), argument
// binding, function and class definition, and attribute access.
#include <algorithm>
#include <iostream>

#include "interp/dunder.h"
#include "interp/autograd.h"
#include "interp/interpreter.h"
#include "semantics/builtins.h"
#include "interp/plan.h"
#include "interp/tensor_value.h"
#include "semantics/suggest.h"

namespace tcc::interp {

// Builtin methods of lists, dicts and strings (builtins_methods.cpp).
bool ContainerMethod(const Value& self, int32_t sym, BuiltinFn* fn, const char** fname);

namespace {

[[noreturn]] void ArgError(const std::string& m) { ThrowError(DiagKind::RtArgumentError, m); }

std::string Plural(int64_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

struct EntryScope {
  EntryScope(RunStats& s, EntryStats* e) : stats(s), entry(e) {}
  ~EntryScope() { stats.EndEntry(entry); }
  RunStats& stats;
  EntryStats* entry;
};

// A constructor called from module scope: its `__init__` (and whatever it
// calls) is module-scope code, as the tracer treats it, not an entry.
struct ConstructorScope {
  ConstructorScope(RunStats& s, int& depth, bool module_scope)
      : stats(s), module_depth(depth), on(module_scope), counted(on && s.enabled() && s.at_module_scope()) {
    if (on) ++module_depth;
    if (counted) stats.EnterConstructor();
  }
  ~ConstructorScope() {
    if (on) --module_depth;
    if (counted) stats.LeaveConstructor();
  }
  RunStats& stats;
  int& module_depth;
  bool on, counted;
};

// Counts the calls under way inside entries (Interp::entry_depth_).
struct DepthScope {
  DepthScope(int& d, bool on) : depth(d), on(on) {
    if (on) ++depth;
  }
  ~DepthScope() {
    if (on) --depth;
  }
  int& depth;
  bool on;
};

// torch's factory keywords (`zeros(3, device=d, requires_grad=True)`) on a
// Create builtin: `device` must be the CPU, and all are dropped
// (sem::kFactoryKeywords). Fills kept_names/kept_vals when any was given.
bool DropFactoryKeywords(const char* fname, const int32_t* kwnames, const Value* kwvals, int32_t nkw,
                         std::vector<int32_t>& kept_names, std::vector<Value>& kept_vals) {
  static const std::vector<int32_t> syms = [] {
    std::vector<int32_t> r;
    for (const char* k : sem::kFactoryKeywords) r.push_back(Intern(k));
    return r;
  }();
  static const int32_t device = Intern("device");
  bool any = false;
  for (int32_t i = 0; i < nkw && !any; ++i) any = std::find(syms.begin(), syms.end(), kwnames[i]) != syms.end();
  if (!any || !sem::TakesFactoryKeywords(fname)) return false;
  for (int32_t i = 0; i < nkw; ++i) {
    if (std::find(syms.begin(), syms.end(), kwnames[i]) == syms.end()) {
      kept_names.push_back(kwnames[i]);
      kept_vals.push_back(kwvals[i]);
    } else if (kwnames[i] == device && !kwvals[i].is_none() &&
               !(kwvals[i].is(OType::Str) && sem::IsCpuDevice(kwvals[i].as<StrObj>()->s))) {
      ThrowError(DiagKind::RtKernelError, sem::kDeviceError);
    }
  }
  return true;
}

// `keepdims=` / `axis=` on a row of builtins.def: renamed to torch's
// `keepdim=` / `dim=` (sem::kKeywordAliases). Fills `renamed` when any was given.
bool RenameKeywordAliases(const char* fname, const int32_t* kwnames, int32_t nkw, std::vector<int32_t>& renamed) {
  static const std::vector<std::pair<int32_t, int32_t>> syms = [] {
    std::vector<std::pair<int32_t, int32_t>> r;
    for (const auto& a : sem::kKeywordAliases) r.emplace_back(Intern(a.spelling), Intern(a.keyword));
    return r;
  }();
  bool any = false;
  for (int32_t i = 0; i < nkw; ++i)
    for (const auto& [from, to] : syms) any |= kwnames[i] == from;
  if (!any || !sem::FindBuiltin(fname)) return false;
  renamed.assign(kwnames, kwnames + nkw);
  for (auto& k : renamed)
    for (const auto& [from, to] : syms)
      if (k == from) k = to;
  return true;
}

// `generator=g` on a row that draws (sem::TakesGenerator): the id of the
// torch.Generator object g (stdlib/torch.ts keeps it in `_id`; None is the
// default generator, 0). Fills kept_names/kept_vals when given.
bool TakeGenerator(const char* fname, const int32_t* kwnames, const Value* kwvals, int32_t nkw,
                   std::vector<int32_t>& kept_names, std::vector<Value>& kept_vals, int64_t* id) {
  static const int32_t generator = Intern("generator"), id_sym = Intern("_id");
  int32_t at = -1;
  for (int32_t i = 0; i < nkw; ++i)
    if (kwnames[i] == generator) at = i;
  if (at < 0 || !sem::TakesGenerator(fname)) return false;
  *id = 0;
  const Value& g = kwvals[at];
  if (!g.is_none()) {
    const Value* v = g.is(OType::Instance) ? g.as<InstanceObj>()->Find(id_sym) : nullptr;
    if (!v || !v->is_int())
      ThrowError(DiagKind::RtTypeError, std::string("`") + fname + "()`: generator must be a torch.Generator, not `" +
                                            TypeName(g) + "`");
    *id = v->as_int();
  }
  for (int32_t i = 0; i < nkw; ++i) {
    if (i == at) continue;
    kept_names.push_back(kwnames[i]);
    kept_vals.push_back(kwvals[i]);
  }
  return true;
}

}  // namespace

bool HasCallKeywordHooks(const int32_t* kwnames, int32_t nkw) {
  static const std::vector<int32_t> syms = [] {
    std::vector<int32_t> r{Intern("generator")};
    for (const char* k : sem::kFactoryKeywords) r.push_back(Intern(k));
    for (const auto& a : sem::kKeywordAliases) r.push_back(Intern(a.spelling));
    return r;
  }();
  for (int32_t i = 0; i < nkw; ++i)
    if (std::find(syms.begin(), syms.end(), kwnames[i]) != syms.end()) return true;
  return false;
}

Value Interp::Call(const Value& callee, const Value* pos, int32_t npos, const int32_t* kwnames,
                   const Value* kwvals, int32_t nkw) {
  if (callee.is_obj()) {
    switch (callee.obj()->type) {
      case OType::Function:
        return CallFunction(callee.as<FunctionObj>(), nullptr, pos, npos, kwnames, kwvals, nkw);
      case OType::Builtin: {
        auto* b = callee.as<BuiltinObj>();
        if (nkw > 0) {
          std::vector<int32_t> names;
          std::vector<Value> vals;
          if (DropFactoryKeywords(b->name, kwnames, kwvals, nkw, names, vals)) {
            Value r = Call(callee, pos, npos, names.data(), vals.data(), static_cast<int32_t>(names.size()));
            static const int32_t requires_grad = Intern("requires_grad");
            for (int32_t i = 0; i < nkw; ++i)  // `torch.tensor(..., requires_grad=True)`: a leaf that requires grad
              if (kwnames[i] == requires_grad && r.is(OType::Tensor)) SetAutogradAttr(r, requires_grad, kwvals[i]);
            return r;
          }
          if (RenameKeywordAliases(b->name, kwnames, nkw, names))
            return Call(callee, pos, npos, names.data(), kwvals, nkw);
          int64_t gen = 0;
          if (TakeGenerator(b->name, kwnames, kwvals, nkw, names, vals, &gen)) {
            rt::GeneratorScope scope(gen);
            return Call(callee, pos, npos, names.data(), vals.data(), static_cast<int32_t>(names.size()));
          }
        }
        if (b->self.is_undef()) {
          Args a{pos, npos, kwnames, kwvals, nkw, b->name};
          a.CheckRow(b->row, false);
          return CallTaped(*this, b->fn, a);
        }
        std::vector<Value> all;
        all.reserve(npos + 1);
        all.push_back(b->self);
        for (int32_t i = 0; i < npos; ++i) all.push_back(pos[i]);
        Args a{all.data(), npos + 1, kwnames, kwvals, nkw, b->name};
        if (b->self.is(OType::Tensor)) a.CheckRow(b->row, true);  // a tensor method (`xs.sort` is list.sort)
        return CallTaped(*this, b->fn, a);
      }
      case OType::BoundMethod: {
        auto* bm = callee.as<BoundMethodObj>();
        if (bm->func.is(OType::Function)) {
          return CallFunction(bm->func.as<FunctionObj>(), &bm->self, pos, npos, kwnames, kwvals, nkw);
        }
        std::vector<Value> all;
        all.push_back(bm->self);
        for (int32_t i = 0; i < npos; ++i) all.push_back(pos[i]);
        return Call(bm->func, all.data(), npos + 1, kwnames, kwvals, nkw);
      }
      case OType::Class:
        return Instantiate(callee.as<ClassObj>(), pos, npos, kwnames, kwvals, nkw);
      case OType::Native: {
        auto* nat = callee.as<NativeObj>();
        if (npos != 1 || nkw != 0) {
          ArgError("`" + nat->name + "(...)` used as a decorator or wrapper takes exactly one function");
        }
        if (nat->kind == NativeObj::kGradMode) {
          if (nat->set_now) SetGradEnabled(nat->prev);  // `@set_grad_enabled(False)` decorates; the mode stays
          return WrapGradMode(pos[0], nat->grad_mode);
        }
        return pos[0];
      }
      case OType::Instance: {
        static const int32_t call_sym = Intern("__call__");
        if (const Value* m = callee.as<InstanceObj>()->cls->Lookup(call_sym)) {
          if (m->is(OType::Function)) {
            return CallFunction(m->as<FunctionObj>(), &callee, pos, npos, kwnames, kwvals, nkw);
          }
        }
        break;
      }
      case OType::Str: case OType::List: case OType::Tuple: case OType::Dict: case OType::Set:
      case OType::Module: case OType::Tensor: case OType::Slice: case OType::Ellipsis: case OType::DType:
      case OType::Cell: case OType::Range: case OType::Super: case OType::Special: case OType::BigInt:
        break;  // not callable
    }
  }
  ThrowError(DiagKind::RtNotCallable, "a value of type `" + TypeName(callee) + "` is not callable");
}

Value Interp::CallFunction(FunctionObj* fn, const Value* self, const Value* pos, int32_t npos,
                           const int32_t* kwnames, const Value* kwvals, int32_t nkw) {
  const FuncCode* c = fn->code;
  if (const Value* rule = self ? nullptr : CompositeRule(c)) {  // a composite with its own derivative (a loss)
    Args a{pos, npos, kwnames, kwvals, nkw, c->name.c_str()};
    if (AnyGradArg(a)) {
      Value r;
      {
        GradModeScope off(false);
        r = CallFunction(fn, self, pos, npos, kwnames, kwvals, nkw);
      }
      RecordComposite(*rule, a, r);
      return r;
    }
  }
  Frame fr(*this, c, fn, fn->module.get(), c->nslots, c->qualname);
  fr.done = true;  // argument errors belong to the caller's line
  using ast::ParamKind;
  const int32_t nparams = static_cast<int32_t>(c->params.size());
  int32_t npositional = 0, varargs = -1, varkw = -1;
  for (int32_t j = 0; j < nparams; ++j) {
    ParamKind k = c->params[j].kind;
    if (k == ParamKind::Normal) ++npositional;
    if (k == ParamKind::VarArgs) varargs = j;
    if (k == ParamKind::VarKw) varkw = j;
  }
  const int32_t given = npos + (self ? 1 : 0);
  if (given > npositional && varargs < 0) {
    ArgError("`" + c->name + "()` takes " + Plural(npositional, "positional argument") + " but " +
             std::to_string(given) + (given == 1 ? " was" : " were") + " given");
  }
  std::vector<Value> extra;
  int32_t p = 0;
  if (self) {
    if (npositional > 0) fr.slots[c->params[p++].slot] = *self;
    else extra.push_back(*self);
  }
  for (int32_t i = 0; i < npos; ++i) {
    if (p < npositional) fr.slots[c->params[p++].slot] = pos[i];
    else extra.push_back(pos[i]);
  }
  if (varargs >= 0) fr.slots[c->params[varargs].slot] = MakeTuple(std::move(extra));
  Ref<DictObj> kwdict;
  if (varkw >= 0) {
    kwdict = Ref<DictObj>(new DictObj());
    fr.slots[c->params[varkw].slot] = kwdict.value();
  }
  for (int32_t k = 0; k < nkw; ++k) {
    int32_t found = -1;
    for (int32_t j = 0; j < nparams; ++j) {
      ParamKind pk = c->params[j].kind;
      if (c->params[j].sym == kwnames[k] && (pk == ParamKind::Normal || pk == ParamKind::KwOnly)) { found = j; break; }
    }
    if (found < 0 && kwdict) {
      Value key = MakeStr(SymName(kwnames[k]));
      if (kwdict->Find(key) >= 0)
        ArgError("`" + c->name + "()` got multiple values for argument `" + SymName(kwnames[k]) + "`");
      kwdict->Set(key, kwvals[k]);
      continue;
    }
    if (found < 0) {
      ArgError("`" + c->name + "()` got an unexpected keyword argument `" + SymName(kwnames[k]) + "`");
    }
    Value& slot = fr.slots[c->params[found].slot];
    if (!slot.is_undef()) ArgError("`" + c->name + "()` got multiple values for argument `" + SymName(kwnames[k]) + "`");
    slot = kwvals[k];
  }
  for (int32_t j = 0; j < nparams; ++j) {
    Value& slot = fr.slots[c->params[j].slot];
    if (!slot.is_undef()) continue;
    if (!fn->defaults[j].is_undef()) { slot = fn->defaults[j]; continue; }
    ArgError("`" + c->name + "()` missing required " +
             (c->params[j].kind == ParamKind::KwOnly ? "keyword-only " : "") + "argument `" +
             SymName(c->params[j].sym) + "`");
  }
  // A call from module scope is an entry (run statistics); EntryScope ends it
  // however the call ends.
  EntryScope entry(stats_, stats_.enabled() && fr.prev && !fn->disabled ? stats_.BeginEntry(c, fr.slots, *fr.prev)
                                                                          : nullptr);
  DepthScope in_entry(entry_depth_, unplanned_depth_ == 0 && !fn->disabled);
  for (int32_t s : c->cell_slots) {
    Ref<CellObj> cell(new CellObj());
    cell->v = std::move(fr.slots[s]);
    fr.slots[s] = cell.value();
  }
  fr.done = false;
  std::optional<GradModeScope> grad_mode;
  if (fn->grad_mode >= 0) grad_mode.emplace(fn->grad_mode != 0);
  Value r = RunBody(c, fr);
  fr.done = true;
  return r;
}

Value Interp::RunBody(const FuncCode* c, Frame& f) {
  if (RunPlanned(c->body, c->segments_at, f) == Flow::Return) return std::move(f.ret);
  return Value::None();
}

void Interp::EndTimed(double timed, const Range& range, Frame& f) {
  if (timed >= 0 && f.module && f.module->code && f.module->code->source)
    stats_.EndStatement(timed, f.module->code->source->display_name(), range);
  else if (stats_.enabled())
    stats_.EndStatement(-1, std::string(), Range{});
}

Interp::Flow Interp::RunPlanned(const std::vector<SPtr>& body, const std::vector<std::vector<const Segment*>>& segs,
                                Frame& f) {
  const int32_t n = static_cast<int32_t>(body.size());
  // no plan under a module-scope constructor or an `unplanned` interpret segment
  const bool has_plan = !segs.empty() && unplanned_depth_ == 0;
  Value cond;  // a segment's `<cond>` output: the test of the `if` it ends at
  int32_t unplanned_end = -1;  // statements before it run with no plan in their callees
  for (int32_t i = 0; i < n;) {
    if (has_plan && !segs[i].empty()) {
      bool ran = false, interpret = false;
      for (const Segment* seg : segs[i]) {
        if (seg->interpret) {  // a specialisation with no tensor op: the interpreter runs it, as compiled
          if ((interpret = GuardsHold(seg, f))) {
            if (seg->unplanned) unplanned_end = seg->stmt_end;
            break;
          }
          continue;
        }
        int32_t next = i;
        bool returned = false;
        Value ret;
        if (TryPlan(seg, f, &next, &returned, &ret, &cond)) {
          if (returned) {
            f.ret = std::move(ret);
            return Flow::Return;
          }
          i = next;
          ran = true;
          break;
        }
      }
      if (ran && cond.is_undef()) continue;
      if (ran) {
        // The kernel computed the test of the `if` (or `assert`) at body[i]:
        // the interpreter converts it to bool (the graph break) and runs the
        // branch taken (or raises).
        const SNode* s = body[i].get();
        double timed = stats_.BeginStatement();
        Value t = std::move(cond);
        cond = Value();
        Flow fl = Flow::Normal;
        if (s->k == SK::Assert) ExecAssert(s, t, f);
        else fl = ExecIf(s, t, f);
        EndTimed(timed, s->range, f);
        if (fl != Flow::Normal) return fl;
        ++i;
        continue;
      }
      // Compiled code exists here but no segment's guards hold: never silent.
      const Segment* first = segs[i].front();
      if (!interpret && stats_.WantsGuardFailure(*first)) {
        stats_.GuardFailure(*first, DescribeGuardFailure(*first, f), segs[i].size(),
                            warn_ ? *warn_ : std::cerr, warn_color_);
      }
    }
    double timed = stats_.BeginStatement();  // per-site interpreter time (TCC_STATS)
    DepthScope unplanned(unplanned_depth_, i < unplanned_end);
    Flow fl = Exec(body[i].get(), f);
    EndTimed(timed, body[i]->range, f);
    if (fl != Flow::Normal) return fl;
    ++i;
  }
  return Flow::Normal;
}

Value Interp::Instantiate(ClassObj* cls, const Value* pos, int32_t npos, const int32_t* kwnames,
                          const Value* kwvals, int32_t nkw) {
  static const int32_t init_sym = Intern("__init__");
  Value inst = Value::Obj(new InstanceObj(Ref<ClassObj>(cls)));
  if (cls->exception) {  // as BaseException.__new__: `args` are the constructor's arguments
    static const int32_t args_sym = Intern("args");
    inst.as<InstanceObj>()->Set(args_sym, MakeTuple(std::vector<Value>(pos, pos + npos)));
  }
  if (const Value* init = cls->Lookup(init_sym)) {
    if (init->is(OType::Builtin)) {  // BaseException.__init__
      std::vector<Value> all{inst};
      all.insert(all.end(), pos, pos + npos);
      Args a{all.data(), npos + 1, kwnames, kwvals, nkw, "__init__"};
      init->as<BuiltinObj>()->fn(*this, a);
      return inst;
    }
    if (!init->is(OType::Function)) TypeErr("`" + cls->name + ".__init__` is not a function");
    ConstructorScope ctor(stats_, unplanned_depth_, entry_depth_ == 0);
    Value r = CallFunction(init->as<FunctionObj>(), &inst, pos, npos, kwnames, kwvals, nkw);
    if (!r.is_none()) TypeErr("`" + cls->name + ".__init__()` should return None, not `" + TypeName(r) + "`");
    return inst;
  }
  // Dataclass-style constructor over the typed fields.
  std::vector<const ClassObj::Field*> fields;
  std::vector<const ClassObj*> chain;
  for (const ClassObj* c = cls; c; c = c->base.get()) chain.insert(chain.begin(), c);
  for (const ClassObj* c : chain) for (auto& fd : c->fields) fields.push_back(&fd);
  const int32_t nf = static_cast<int32_t>(fields.size());
  if (npos > nf) {
    ArgError("`" + cls->name + "()` takes " + Plural(nf, "argument") + " (its fields) but " +
             std::to_string(npos) + (npos == 1 ? " was" : " were") + " given");
  }
  auto* obj = inst.as<InstanceObj>();
  std::vector<Value> vals(nf);
  for (int32_t i = 0; i < npos; ++i) vals[i] = pos[i];
  for (int32_t k = 0; k < nkw; ++k) {
    int32_t found = -1;
    for (int32_t j = 0; j < nf; ++j) if (fields[j]->sym == kwnames[k]) found = j;
    if (found < 0) ArgError("`" + cls->name + "()` has no field `" + SymName(kwnames[k]) + "`");
    if (!vals[found].is_undef()) ArgError("`" + cls->name + "()` got multiple values for field `" + SymName(kwnames[k]) + "`");
    vals[found] = kwvals[k];
  }
  for (int32_t j = 0; j < nf; ++j) {
    if (vals[j].is_undef()) vals[j] = fields[j]->default_value;
    if (vals[j].is_undef()) ArgError("`" + cls->name + "()` missing required field `" + SymName(fields[j]->sym) + "`");
    obj->Set(fields[j]->sym, std::move(vals[j]));
  }
  return inst;
}

Value Interp::DefineFunction(const FuncCode* code, Frame& f) {
  std::vector<Value> decorators;
  for (auto& d : code->decorators) {
    Value in_body = ClassBodyLookup(*this, d.get());  // `@x.setter`
    decorators.push_back(in_body.is_undef() ? Eval(d.get(), f) : std::move(in_body));
  }
  Ref<FunctionObj> fn(new FunctionObj());
  fn->code = code;
  fn->module = Ref<ModuleObj>(f.module);
  fn->defaults.resize(code->params.size());
  for (size_t i = 0; i < code->params.size(); ++i) {
    if (code->params[i].default_expr) fn->defaults[i] = Eval(code->params[i].default_expr, f);
  }
  for (const FreeRef& r : code->freevars) {
    if (r.from_parent_free) fn->closure.push_back(f.fn->closure[r.index]);
    else fn->closure.push_back(Ref<CellObj>(f.slots[r.index].as<CellObj>()));
  }
  Value v = fn.value();
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) v = Call1(*it, v);
  return v;
}

Value Interp::DefineClass(const ClassCode* code, Frame& f) {
  std::vector<Value> decorators;
  for (auto& d : code->decorators) decorators.push_back(Eval(d.get(), f));
  Ref<ClassObj> cls(new ClassObj());
  cls->name = code->name;
  cls->code = code;
  for (auto& b : code->bases) {
    Value base = Eval(b.get(), f);
    if (!base.is(OType::Class)) TypeErr("a base class must be a class, not `" + TypeName(base) + "`");
    if (cls->base) TypeErr("a class may have at most one base class");
    cls->base = Ref<ClassObj>(base.as<ClassObj>());
    cls->pytree = cls->base->pytree;
    cls->exception = cls->base->exception;
  }
  for (auto& fd : code->fields) {
    Value dv = fd.default_expr ? Eval(fd.default_expr.get(), f) : Value();
    cls->fields.push_back({fd.sym, dv});
    if (!dv.is_undef()) cls->attrs.emplace_back(fd.sym, dv);
  }
  ClassBodyScope body(cls.get());
  for (auto& a : code->attrs) {
    Value v = a.method ? DefineFunction(a.method, f) : ClassBodyLookup(*this, a.value.get());
    if (v.is_undef() && !a.method) v = Eval(a.value.get(), f);
    if (v.is(OType::Function)) v.as<FunctionObj>()->owner = cls;  // a cycle; classes live as long as the program
    auto same = std::find_if(cls->attrs.begin(), cls->attrs.end(), [&](const auto& kv) { return kv.first == a.sym; });
    if (same != cls->attrs.end()) same->second = std::move(v);  // defined again (`@x.setter`)
    else cls->attrs.emplace_back(a.sym, std::move(v));
  }
  NoteClassMembers(cls.get());
  Value v = cls.value();
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) v = Call1(*it, v);
  return v;
}

Value Interp::GetAttr(const Value& obj, int32_t sym) {
  if (obj.is_obj()) {
    switch (obj.obj()->type) {
      case OType::Instance: {
        auto* inst = obj.as<InstanceObj>();
        if (Value* v = inst->Find(sym)) return *v;
        if (const Value* m = inst->cls->Lookup(sym)) {
          if (m->is(OType::Function) || (m->is(OType::Builtin) && m->as<BuiltinObj>()->method))
            return Value::Obj(new BoundMethodObj(obj, *m));
          if (m->is(OType::Special)) return BindSpecialMember(*m, obj, false);
          return *m;
        }
        break;
      }
      case OType::Class: {
        if (const Value* m = obj.as<ClassObj>()->Lookup(sym))
          return m->is(OType::Special) ? BindSpecialMember(*m, obj, true) : *m;
        if (Value s = SpecialAttribute(obj, sym); !s.is_undef()) return s;
        ThrowError(DiagKind::RtAttributeError,
                   "class `" + obj.as<ClassObj>()->name + "` has no attribute `" + SymName(sym) + "`");
      }
      case OType::Module: {
        auto* m = obj.as<ModuleObj>();
        if (const Value* v = m->Find(SymName(sym))) return *v;
        std::vector<std::string> names;  // for the "did you mean": what it defines and its submodules
        for (size_t i = 0; i < m->globals.size(); ++i)
          if (!m->globals[i].is_undef()) names.push_back(m->code->global_names[i]);
        for (const auto& [name, sub] : m->submodules) names.push_back(name);
        std::sort(names.begin(), names.end());  // of equals, the first as CPython's sorted dir() lists them
        ThrowError(DiagKind::RtAttributeError, "module `" + m->code->name + "` has no attribute `" + SymName(sym) +
                                                   "`" + sem::DidYouMean(SymName(sym), names));
      }
      case OType::Tensor: {
        Value ag;
        if (AutogradAttr(*this, obj, sym, &ag)) return ag;
        return TensorGetAttr(obj, sym);
      }
      case OType::Super: {
        auto* sp = obj.as<SuperObj>();
        const Value* m = sp->start ? sp->start->Lookup(sym) : nullptr;
        if (!m) ThrowError(DiagKind::RtAttributeError, "`super()` has no attribute `" + SymName(sym) + "`");
        if (m->is(OType::Function) || (m->is(OType::Builtin) && m->as<BuiltinObj>()->method))
          return Value::Obj(new BoundMethodObj(sp->self, *m));
        return *m;
      }
      case OType::List:
      case OType::Dict:
      case OType::Set:
      case OType::Str:
        BuiltinFn fn;
        const char* name;
        if (ContainerMethod(obj, sym, &fn, &name)) {
          auto* b = new BuiltinObj(name, fn);
          Value r = Value::Obj(b);
          b->self = obj;
          return r;
        }
        break;
      case OType::Tuple: {
        auto* t = obj.as<TupleObj>();
        for (size_t i = 0; i < t->fields.size() && i < t->items.size(); ++i)
          if (t->fields[i] == sym) return t->items[i];
        BuiltinFn fn;
        const char* name;
        if (ContainerMethod(obj, sym, &fn, &name)) {  // index, count
          auto* b = new BuiltinObj(name, fn);
          Value r = Value::Obj(b);
          b->self = obj;
          return r;
        }
        break;
      }
      case OType::DType: {
        static const int32_t is_fp = Intern("is_floating_point");
        if (sym == is_fp) return Value::Bool(rt::is_floating(static_cast<rt::DType>(obj.as<DTypeObj>()->dtype)));
        break;
      }
      case OType::Slice: {  // a slice's start, stop and step (None when absent)
        static const int32_t start = Intern("start"), stop = Intern("stop"), step = Intern("step");
        auto* sl = obj.as<SliceObj>();
        if (sym == start) return sl->lo;
        if (sym == stop) return sl->hi;
        if (sym == step) return sl->step;
        break;
      }
      case OType::Function: case OType::Builtin: case OType::BoundMethod:
      case OType::Ellipsis: case OType::Cell: case OType::Native: case OType::Range: case OType::Special: case OType::BigInt:
        break;  // SpecialAttribute's (`__name__`, ...) or none
    }
  }
  if (Value s = SpecialAttribute(obj, sym); !s.is_undef()) return s;
  ThrowError(DiagKind::RtAttributeError, "`" + TypeName(obj) + "` object has no attribute `" + SymName(sym) + "`");
}

void Interp::SetAttr(const Value& obj, int32_t sym, Value v) {
  if (obj.is(OType::Tensor) && SetAutogradAttr(obj, sym, v)) return;
  if (obj.is(OType::Instance)) {
    if (!SetThroughProperty(obj, sym, v)) obj.as<InstanceObj>()->Set(sym, std::move(v));
    return;
  }
  if (obj.is(OType::Class)) {
    auto* c = obj.as<ClassObj>();
    for (auto& [k, val] : c->attrs) if (k == sym) { val = std::move(v); return; }
    c->attrs.emplace_back(sym, std::move(v));
    return;
  }
  if (obj.is(OType::Module)) {
    auto* m = obj.as<ModuleObj>();
    auto it = m->code->global_index.find(SymName(sym));
    if (it != m->code->global_index.end()) { m->globals[it->second] = std::move(v); return; }
  }
  ThrowError(DiagKind::RtAttributeError,
             "cannot set attribute `" + SymName(sym) + "` on a value of type `" + TypeName(obj) + "`");
}

}  // namespace tcc::interp
