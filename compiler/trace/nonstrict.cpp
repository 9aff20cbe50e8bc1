// Implements calls under nonstrict_trace: the body runs at compile time with
// abstract tensors, its tensor ops join the caller's graph, and graph_break()
// or Python logic inside do not break. Enforces the requirements: basic or
// @pytree inputs and outputs, defined outside compiled functions, no tensor
// data, and warns about globals that module scope reassigns.
#include <functional>

#include "ast/visit.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

bool Tracer::NonstrictValueOk(const ValuePtr& v, int depth) const {
  if (depth > 16) return true;
  switch (v->kind) {
    case VK::Tensor: case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str: case VK::Unknown:
    case VK::DType:
      return true;
    case VK::List: case VK::Tuple: case VK::Dict: case VK::Set:
      for (const auto& x : v->items)
        if (!NonstrictValueOk(x, depth + 1)) return false;
      for (const auto& x : v->keys)
        if (!NonstrictValueOk(x, depth + 1)) return false;
      return true;
    case VK::Object:
      if (!v->cls || !v->cls->pytree) return false;
      for (const auto& [k, x] : v->attrs)
        if (!NonstrictValueOk(x, depth + 1)) return false;
      return true;
    case VK::Ellipsis: case VK::Slice: case VK::Function: case VK::Builtin: case VK::BoundMethod:
    case VK::Class: case VK::Module: case VK::Wrapper: case VK::Marker: return false;
  }
  return false;
}

namespace {
// Names a function body loads that it does not bind itself (its globals).
void CollectLoads(const Expr* e, std::set<std::string>& out);
void CollectLoadsBlock(const Block& b, std::set<std::string>& loads, std::set<std::string>& binds);
void BindTarget(const Expr* t, std::set<std::string>& binds);

void CollectLoads(const Expr* e, std::set<std::string>& out) {
  if (!e) return;
  if (auto* n = dyn_cast<NameExpr>(e)) {
    out.insert(n->name);
    return;
  }
  if (auto* c = dyn_cast<ListCompExpr>(e)) {
    // The names its clauses bind are its own (renamed apart): not loads of the body.
    std::set<std::string> own, loads;
    for (const auto& g : c->generators) {
      BindTarget(g.target.get(), own);
      CollectLoads(g.iter.get(), loads);
      for (const auto& x : g.ifs) CollectLoads(x.get(), loads);
    }
    CollectLoads(c->elt.get(), loads);
    for (const auto& n : loads)
      if (!own.count(n)) out.insert(n);
    return;
  }
  if (auto* l = dyn_cast<LambdaExpr>(e)) {  // its body's loads, but not its parameters
    std::set<std::string> loads, params;
    for (const Param& p : l->fn->params) params.insert(p.name);
    for (const auto& st : l->fn->body)
      if (auto* ret = dyn_cast<ReturnStmt>(st.get())) CollectLoads(ret->value.get(), loads);
    for (const auto& n : loads)
      if (!params.count(n)) out.insert(n);
  }
  ForEachChild(*e, [&](const Expr& x) { CollectLoads(&x, out); });
}

void BindTarget(const Expr* t, std::set<std::string>& binds) {
  if (auto* n = dyn_cast<NameExpr>(t)) binds.insert(n->name);
  else if (auto* tu = dyn_cast<TupleExpr>(t)) for (const auto& x : tu->elts) BindTarget(x.get(), binds);
  else if (auto* l = dyn_cast<ListExpr>(t)) for (const auto& x : l->elts) BindTarget(x.get(), binds);
  else if (auto* st = dyn_cast<StarredExpr>(t)) BindTarget(st->value.get(), binds);
}

void CollectLoadsStmt(const Stmt& s, std::set<std::string>& loads, std::set<std::string>& binds) {
  switch (s.kind) {
    case StmtKind::ExprStmt: CollectLoads(cast<ExprStmt>(&s)->value.get(), loads); break;
    case StmtKind::AssignStmt: {
      auto* a = cast<AssignStmt>(&s);
      CollectLoads(a->value.get(), loads);
      for (const auto& t : a->targets) {
        BindTarget(t.get(), binds);
        if (!isa<NameExpr>(t.get())) CollectLoads(t.get(), loads);
      }
      break;
    }
    case StmtKind::AugAssignStmt:
      CollectLoads(cast<AugAssignStmt>(&s)->target.get(), loads);
      CollectLoads(cast<AugAssignStmt>(&s)->value.get(), loads);
      BindTarget(cast<AugAssignStmt>(&s)->target.get(), binds);
      break;
    case StmtKind::AnnAssignStmt:
      CollectLoads(cast<AnnAssignStmt>(&s)->value.get(), loads);
      BindTarget(cast<AnnAssignStmt>(&s)->target.get(), binds);
      break;
    case StmtKind::FunctionDef: binds.insert(cast<FunctionDef>(&s)->name); break;
    case StmtKind::ClassDef: binds.insert(cast<ClassDef>(&s)->name); break;
    case StmtKind::ReturnStmt: CollectLoads(cast<ReturnStmt>(&s)->value.get(), loads); break;
    case StmtKind::IfStmt:
      CollectLoads(cast<IfStmt>(&s)->test.get(), loads);
      CollectLoadsBlock(cast<IfStmt>(&s)->body, loads, binds);
      CollectLoadsBlock(cast<IfStmt>(&s)->orelse, loads, binds);
      break;
    case StmtKind::ForStmt:
      CollectLoads(cast<ForStmt>(&s)->iter.get(), loads);
      BindTarget(cast<ForStmt>(&s)->target.get(), binds);
      CollectLoadsBlock(cast<ForStmt>(&s)->body, loads, binds);
      CollectLoadsBlock(cast<ForStmt>(&s)->orelse, loads, binds);
      break;
    case StmtKind::WhileStmt:
      CollectLoads(cast<WhileStmt>(&s)->test.get(), loads);
      CollectLoadsBlock(cast<WhileStmt>(&s)->body, loads, binds);
      CollectLoadsBlock(cast<WhileStmt>(&s)->orelse, loads, binds);
      break;
    case StmtKind::TryStmt: {
      auto* t = cast<TryStmt>(&s);
      CollectLoadsBlock(t->body, loads, binds);
      for (const auto& h : t->handlers) {
        CollectLoads(h.type.get(), loads);
        if (!h.name.empty()) binds.insert(h.name);
        CollectLoadsBlock(h.body, loads, binds);
      }
      CollectLoadsBlock(t->orelse, loads, binds);
      CollectLoadsBlock(t->finalbody, loads, binds);
      break;
    }
    case StmtKind::RaiseStmt:
      CollectLoads(cast<RaiseStmt>(&s)->exc.get(), loads);
      CollectLoads(cast<RaiseStmt>(&s)->cause.get(), loads);
      break;
    case StmtKind::DelStmt:
      for (const auto& t : cast<DelStmt>(&s)->targets) CollectLoads(t.get(), loads);
      break;
    case StmtKind::WithStmt:
      CollectLoads(cast<WithStmt>(&s)->context.get(), loads);
      if (!cast<WithStmt>(&s)->as_name.empty()) binds.insert(cast<WithStmt>(&s)->as_name);
      CollectLoadsBlock(cast<WithStmt>(&s)->body, loads, binds);
      break;
    case StmtKind::AssertStmt:
      CollectLoads(cast<AssertStmt>(&s)->test.get(), loads);
      CollectLoads(cast<AssertStmt>(&s)->msg.get(), loads);
      break;
    case StmtKind::ImportStmt:
      for (const auto& a : cast<ImportStmt>(&s)->names) binds.insert(a.asname.empty() ? a.name : a.asname);
      break;
    case StmtKind::ImportFromStmt:
      for (const auto& a : cast<ImportFromStmt>(&s)->names) binds.insert(a.asname.empty() ? a.name : a.asname);
      break;
    case StmtKind::BreakStmt: case StmtKind::ContinueStmt: case StmtKind::PassStmt:
    case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt: break;
  }
}

void CollectLoadsBlock(const Block& b, std::set<std::string>& loads, std::set<std::string>& binds) {
  for (const auto& s : b) CollectLoadsStmt(*s, loads, binds);
}
}  // namespace

std::set<std::string> NamesLoaded(const ast::Stmt& s) {
  std::set<std::string> loads, binds;
  CollectLoadsStmt(s, loads, binds);
  return loads;
}

ValuePtr Tracer::CallNonstrict(const ValuePtr& fnv, CallArgs& args, Range where) {
  ValuePtr f = fnv;
  while (f && (f->kind == VK::Wrapper || f->kind == VK::BoundMethod)) f = f->inner;
  std::string name = f && f->kind == VK::Function ? f->s : Describe(*fnv);
  if (f && f->kind == VK::Function && f->defined_in_function) {
    Issue(DiagKind::NonstrictDefinedInside, where,
          "`" + name + "` is traced with `nonstrict_trace` but is defined inside another function",
          "define `" + f->fn->name + "` at module scope; `nonstrict_trace(fn)(...)` may still be called inside "
          "compiled code");
  }
  const FunctionDef* def = f && f->kind == VK::Function ? f->fn : nullptr;
  for (size_t i = 0; i < args.pos.size(); ++i) {
    if (NonstrictValueOk(args.pos[i], 0)) continue;
    size_t pi = i + ((fnv->kind == VK::BoundMethod) ? 1 : 0);
    std::string pname = def && pi < def->params.size() ? "`" + def->params[pi].name + "`" : "#" + std::to_string(i + 1);
    Range r = args.expr && i < args.expr->args.size() ? args.expr->args[i]->range : where;
    const Value& bad = *args.pos[i];
    std::string what = bad.kind == VK::Object ? "an instance of `" + (bad.cls ? bad.cls->name : std::string("?")) +
                                                    "`, which is not a `@pytree` class"
                                              : Describe(bad) + ", which `nonstrict_trace` cannot pass";
    Issue(DiagKind::NonstrictBadInput, r, "argument " + pname + " of `" + name + "` is " + what,
          "pass tensors, numbers, strings, None, lists/tuples/dicts of them, or instances of a `@pytree` class");
  }
  for (const auto& [k, v] : args.kw) {
    if (NonstrictValueOk(v, 0)) continue;
    Issue(DiagKind::NonstrictBadInput, where,
          "argument `" + k + "` of `" + name + "` is " + Describe(*v) + ", which `nonstrict_trace` cannot pass",
          "pass tensors, numbers, strings, None, lists/tuples/dicts of them, or instances of a `@pytree` class");
  }
  // Globals read by the body are captured at compile time.
  if (def && f->module) {
    std::set<std::string> loads, binds;
    CollectLoadsBlock(def->body, loads, binds);
    for (const auto& p : def->params) binds.insert(p.name);
    for (const auto& g : loads) {
      if (binds.count(g)) continue;
      auto it = f->module->assigns.find(g);
      if (it == f->module->assigns.end() || it->second.size() < 2) continue;
      std::string key = name + "|" + g;
      if (!nonstrict_warned.insert(key).second) continue;
      ModuleState* m = f->module;
      Loc later = it->second[1];
      Diagnostic& d = diags.Report(DiagKind::NonstrictGlobalReassigned, m->file, Range{later, later},
                                   "global `" + g + "` is read by the nonstrict_trace function `" + name +
                                       "` but module scope assigns it again");
      d.hint = "`nonstrict_trace` captures globals as constants at compile time and does not guard them; pass `" +
               g + "` as an argument instead";
      d.notes.push_back(DiagNote{"first assigned here", m->file, Range{it->second[0], it->second[0]}});
      Site issue;
      issue.code = DiagKind::NonstrictGlobalReassigned;
      issue.file = m->file;
      issue.range = Range{later, later};
      issue.function = name;
      issue.message = d.message;
      issue.hint = d.hint;
      issue.count = 1;
      result.warnings.push_back(issue);
    }
  }
  Mode saved = mode;
  mode.nonstrict = true;
  mode.nonstrict_fn = name;
  ValuePtr r = CallFunction(fnv, nullptr, args, false);
  mode = saved;
  if (!NonstrictValueOk(r, 0))
    Issue(DiagKind::NonstrictBadOutput, where,
          "`" + name + "` returns " + Describe(*r) + ", which `nonstrict_trace` cannot pass back",
          "return tensors, numbers, strings, None, lists/tuples/dicts of them, or a `@pytree` instance");
  return r;
}

}  // namespace tcc::trace
