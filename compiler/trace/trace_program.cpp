// Implements TraceProgram: sets up one ModuleState per module of the
// program, runs the main module's top level as eager glue (imports evaluate
// their module on first use), and returns the collected TraceResult.
#include "ast/program.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

Tracer::Tracer(DiagnosticEngine& d, const TraceOptions& o) : diags(d), opts(o) {
  syms.derived_context = [this] { return Traced(); };
}

namespace {
void ScanAssigns(const Block& body, std::map<std::string, std::vector<Loc>>& out) {
  std::function<void(const Expr*, Loc)> target = [&](const Expr* t, Loc at) {
    if (auto* n = dyn_cast<NameExpr>(t)) out[n->name].push_back(at.valid() ? at : t->range.begin);
    else if (auto* tu = dyn_cast<TupleExpr>(t)) for (const auto& x : tu->elts) target(x.get(), x->range.begin);
    else if (auto* l = dyn_cast<ListExpr>(t)) for (const auto& x : l->elts) target(x.get(), x->range.begin);
  };
  for (const auto& sp : body) {
    const Stmt* s = sp.get();
    if (auto* a = dyn_cast<AssignStmt>(s)) for (const auto& t : a->targets) target(t.get(), s->range.begin);
    else if (auto* a2 = dyn_cast<AugAssignStmt>(s)) target(a2->target.get(), s->range.begin);
    else if (auto* a3 = dyn_cast<AnnAssignStmt>(s)) { if (a3->value) target(a3->target.get(), s->range.begin); }
    else if (auto* f = dyn_cast<FunctionDef>(s)) out[f->name].push_back(f->name_loc.valid() ? f->name_loc : s->range.begin);
    else if (auto* i = dyn_cast<IfStmt>(s)) { ScanAssigns(i->body, out); ScanAssigns(i->orelse, out); }
    else if (auto* fo = dyn_cast<ForStmt>(s)) {
      // assignments in a loop body happen once per iteration
      std::map<std::string, std::vector<Loc>> inner;
      ScanAssigns(fo->body, inner);
      target(fo->target.get(), s->range.begin);
      target(fo->target.get(), s->range.begin);
      for (auto& [k, v] : inner) { out[k].insert(out[k].end(), v.begin(), v.end()); out[k].push_back(v.front()); }
    } else if (auto* w = dyn_cast<WhileStmt>(s)) {
      std::map<std::string, std::vector<Loc>> inner;
      ScanAssigns(w->body, inner);
      for (auto& [k, v] : inner) { out[k].insert(out[k].end(), v.begin(), v.end()); out[k].push_back(v.front()); }
    } else if (auto* wi = dyn_cast<WithStmt>(s)) ScanAssigns(wi->body, out);
  }
}
}  // namespace

ModuleState* Tracer::AddModule(const std::string& name, const Module& mod) {
  auto* m = new ModuleState();  // owned by the Tracer's module table (freed in Run)
  m->name = name;
  m->ast = &mod;
  m->file = mod.source.get();
  m->globals = std::make_shared<Env>();
  auto v = MakeUnknown();
  v->kind = VK::Module;
  v->module = m;
  m->value = v;
  ScanAssigns(mod.body, m->assigns);
  modules[name] = m;
  return m;
}

namespace {
void EvalModule(Tracer& t, ModuleState* m) {
  if (m->evaluated) return;
  m->evaluated = true;
  Frame f;
  f.qualname = "<module>";
  f.module = m;
  f.locals = m->globals;
  f.eager = true;
  t.frames.push_back(&f);
  t.ExecBlock(m->ast->body);
  t.frames.pop_back();
}
}  // namespace

// Evaluates module `name` once (its package first, as Python does), and sets
// it as its package's attribute; nullptr when the loader did not find it
// (it reported UnknownModule).
ModuleState* Tracer::LoadModule(const std::string& name) {
  size_t dot = name.rfind('.');
  ModuleState* package = dot == std::string::npos ? nullptr : LoadModule(name.substr(0, dot));
  auto it = modules.find(name);
  if (it == modules.end()) return nullptr;
  // Evaluate the imported module's top level as module scope (eager).
  std::vector<Frame*> saved;
  saved.swap(frames);
  Mode saved_mode = mode;
  int saved_spec = spec;
  mode = Mode{};
  spec = -1;
  EvalModule(*this, it->second);
  frames.swap(saved);
  mode = saved_mode;
  spec = saved_spec;
  if (package) package->globals->vars.try_emplace(name.substr(dot + 1), it->second->value);
  return it->second;
}

void Tracer::ExecImport(const Stmt& s) {
  if (auto* im = dyn_cast<ImportStmt>(&s)) {
    for (const auto& a : im->names) {
      ModuleState* m = LoadModule(a.name);
      if (a.asname.empty() && m) m = LoadModule(a.name.substr(0, a.name.find('.')));  // `import a.b` binds a
      BindName(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname, m ? m->value : MakeUnknown());
    }
    return;
  }
  const auto* fi = cast<ImportFromStmt>(&s);
  ModuleState* m = LoadModule(fi->module);
  for (const auto& a : fi->names) {
    ValuePtr v = MakeUnknown();
    if (m) {
      auto it = m->globals->vars.find(a.name);
      if (it != m->globals->vars.end()) v = it->second;
      else if (ModuleState* sub = modules.count(fi->module + "." + a.name) ? LoadModule(fi->module + "." + a.name) : nullptr)
        v = sub->value;
      else Issue(DiagKind::TraceUndefinedName, Range{a.loc, a.loc},
                 "module `" + fi->module + "` has no name `" + a.name + "`" +
                     (m->value ? DidYouMeanAttr(m->value, a.name) : std::string()));
    }
    BindName(a.asname.empty() ? a.name : a.asname, v);
  }
}

TraceResult Tracer::Run(ModuleState* main) {
  main_module = main;
  if (main->file) {
    const std::string& p = main->file->path();
    size_t slash = p.find_last_of('/');
    main_dir = slash == std::string::npos ? "." : p.substr(0, slash);
  }
  EvalModule(*this, main);
  for (auto& [name, m] : modules) delete m;
  modules.clear();
  return std::move(result);
}

int TraceResult::graph_count() const {
  int n = 0;
  for (const auto& s : specs) n += static_cast<int>(s.graphs.size());
  return n;
}
int TraceResult::graph_break_count() const {
  int n = 0;
  for (const auto& b : breaks)
    if (!b.error) n += b.count;
  return n;
}
int TraceResult::error_count() const {
  int n = static_cast<int>(errors.size());
  for (const auto& b : breaks)
    if (b.error) ++n;
  return n;
}

namespace {

// A program that computes gradients runs in the interpreter, which keeps
// autograd's tape (runtime/interp/autograd.h; break_kinds.def Autograd): it
// is not traced; no graphs, one break at the first name that needs the tape.
bool InterpretForAutograd(const Program& program, TraceResult& r, DiagnosticEngine& diags) {
  ast::AutogradUse use = ast::FindAutogradUse(program);
  if (!use.line) return false;
  Site site;
  site.brk = BreakKind::Autograd;
  site.code = BreakDiag(BreakKind::Autograd);
  site.file = use.module->module->source.get();
  site.range = Range{Loc{use.line, use.col}, Loc{use.line, use.col + uint32_t(use.name.size())}};
  site.function = "<module>";
  site.message = "the program computes gradients (`" + use.name + "`): it runs in the interpreter";
  site.count = 1;
  Diagnostic& d = diags.Report(site.code, site.file, site.range, site.message);
  d.hint = BreakHint(BreakKind::Autograd);
  r.breaks.push_back(std::move(site));
  return true;
}

}  // namespace

TraceResult TraceProgram(const Program& program, DiagnosticEngine& diags, const TraceOptions& options) {
  if (TraceResult r; InterpretForAutograd(program, r, diags)) return r;
  Tracer t(diags, options);
  ModuleState* main = nullptr;
  for (const auto& pm : program.modules) {
    if (!pm.module) continue;
    ModuleState* m = t.AddModule(pm.name, *pm.module);
    if (!main) main = m;
  }
  if (!main) return {};
  return t.Run(main);
}

TraceResult TraceModule(const Module& module, DiagnosticEngine& diags, const TraceOptions& options) {
  Tracer t(diags, options);
  return t.Run(t.AddModule("main", module));
}

}  // namespace tcc::trace
