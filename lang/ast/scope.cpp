// Implements LocalNames (scope.h).
#include "ast/scope.h"

#include "ast/visit.h"

namespace tcc::ast {

namespace {

void BindTarget(const Expr* t, std::set<std::string>& out) {
  if (!t) return;
  if (auto* n = dyn_cast<NameExpr>(t)) out.insert(n->name);
  else if (auto* tu = dyn_cast<TupleExpr>(t)) for (const auto& x : tu->elts) BindTarget(x.get(), out);
  else if (auto* l = dyn_cast<ListExpr>(t)) for (const auto& x : l->elts) BindTarget(x.get(), out);
  else if (auto* st = dyn_cast<StarredExpr>(t)) BindTarget(st->value.get(), out);
}

// Comprehension targets (renamed apart by the parser) live in the enclosing function.
void ComprehensionTargets(const Expr* e, std::set<std::string>& out) {
  if (!e || isa<LambdaExpr>(e)) return;
  if (auto* c = dyn_cast<ListCompExpr>(e))
    for (const auto& g : c->generators) BindTarget(g.target.get(), out);
  ForEachChild(*e, [&](const Expr& x) { ComprehensionTargets(&x, out); });
}

void Bound(const ast::Block& b, std::set<std::string>& out);

void Statement(const Stmt& st, std::set<std::string>& out) {
  switch (st.kind) {
    case StmtKind::ExprStmt: ComprehensionTargets(cast<ExprStmt>(&st)->value.get(), out); return;
    case StmtKind::AssignStmt: {
      auto* a = cast<AssignStmt>(&st);
      for (const auto& t : a->targets) BindTarget(t.get(), out);
      ComprehensionTargets(a->value.get(), out);
      return;
    }
    case StmtKind::AugAssignStmt: {
      auto* a = cast<AugAssignStmt>(&st);
      BindTarget(a->target.get(), out);
      ComprehensionTargets(a->value.get(), out);
      return;
    }
    case StmtKind::AnnAssignStmt: {
      auto* a = cast<AnnAssignStmt>(&st);
      if (a->value) BindTarget(a->target.get(), out);
      ComprehensionTargets(a->value.get(), out);
      return;
    }
    case StmtKind::FunctionDef: out.insert(cast<FunctionDef>(&st)->name); return;
    case StmtKind::ClassDef: out.insert(cast<ClassDef>(&st)->name); return;
    case StmtKind::ReturnStmt: ComprehensionTargets(cast<ReturnStmt>(&st)->value.get(), out); return;
    case StmtKind::IfStmt: {
      auto* i = cast<IfStmt>(&st);
      ComprehensionTargets(i->test.get(), out);
      Bound(i->body, out);
      Bound(i->orelse, out);
      return;
    }
    case StmtKind::ForStmt: {
      auto* f = cast<ForStmt>(&st);
      BindTarget(f->target.get(), out);
      ComprehensionTargets(f->iter.get(), out);
      Bound(f->body, out);
      Bound(f->orelse, out);
      return;
    }
    case StmtKind::WhileStmt:
      ComprehensionTargets(cast<WhileStmt>(&st)->test.get(), out);
      Bound(cast<WhileStmt>(&st)->body, out);
      Bound(cast<WhileStmt>(&st)->orelse, out);
      return;
    case StmtKind::WithStmt: {
      auto* w = cast<WithStmt>(&st);
      if (!w->as_name.empty()) out.insert(w->as_name);
      Bound(w->body, out);
      return;
    }
    case StmtKind::ImportStmt:
      for (const auto& a : cast<ImportStmt>(&st)->names)
        out.insert(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
      return;
    case StmtKind::ImportFromStmt:
      for (const auto& a : cast<ImportFromStmt>(&st)->names) out.insert(a.asname.empty() ? a.name : a.asname);
      return;
    case StmtKind::AssertStmt: ComprehensionTargets(cast<AssertStmt>(&st)->test.get(), out); return;
    case StmtKind::TryStmt: {
      auto* t = cast<TryStmt>(&st);
      Bound(t->body, out);
      for (const auto& h : t->handlers) {
        if (!h.name.empty()) out.insert(h.name);
        Bound(h.body, out);
      }
      Bound(t->orelse, out);
      Bound(t->finalbody, out);
      return;
    }
    case StmtKind::RaiseStmt: ComprehensionTargets(cast<RaiseStmt>(&st)->exc.get(), out); return;
    case StmtKind::DelStmt:  // `del x` makes x local, as an assignment does
      for (const auto& t : cast<DelStmt>(&st)->targets) BindTarget(t.get(), out);
      return;
    case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt:
    case StmtKind::BreakStmt: case StmtKind::ContinueStmt: case StmtKind::PassStmt: return;
  }
}

void Declared(const ast::Block& b, StmtKind kind, std::set<std::string>& out) {
  for (const auto& st : b) {
    switch (st->kind) {
      case StmtKind::GlobalStmt:
        if (kind == st->kind) for (const auto& n : cast<GlobalStmt>(st.get())->names) out.insert(n);
        break;
      case StmtKind::NonlocalStmt:
        if (kind == st->kind) for (const auto& n : cast<NonlocalStmt>(st.get())->names) out.insert(n);
        break;
      case StmtKind::IfStmt:
        Declared(cast<IfStmt>(st.get())->body, kind, out);
        Declared(cast<IfStmt>(st.get())->orelse, kind, out);
        break;
      case StmtKind::ForStmt:
        Declared(cast<ForStmt>(st.get())->body, kind, out);
        Declared(cast<ForStmt>(st.get())->orelse, kind, out);
        break;
      case StmtKind::WhileStmt:
        Declared(cast<WhileStmt>(st.get())->body, kind, out);
        Declared(cast<WhileStmt>(st.get())->orelse, kind, out);
        break;
      case StmtKind::WithStmt: Declared(cast<WithStmt>(st.get())->body, kind, out); break;
      case StmtKind::TryStmt: {
        auto* t = cast<TryStmt>(st.get());
        Declared(t->body, kind, out);
        for (const auto& h : t->handlers) Declared(h.body, kind, out);
        Declared(t->orelse, kind, out);
        Declared(t->finalbody, kind, out);
        break;
      }
      case StmtKind::ExprStmt: case StmtKind::AssignStmt: case StmtKind::AugAssignStmt:
      case StmtKind::AnnAssignStmt: case StmtKind::FunctionDef: case StmtKind::ClassDef:
      case StmtKind::ReturnStmt: case StmtKind::BreakStmt: case StmtKind::ContinueStmt:
      case StmtKind::PassStmt: case StmtKind::ImportStmt: case StmtKind::ImportFromStmt:
      case StmtKind::AssertStmt: case StmtKind::RaiseStmt: case StmtKind::DelStmt:
        break;
    }
  }
}

void Bound(const ast::Block& b, std::set<std::string>& out) {
  for (const auto& st : b) Statement(*st, out);
}

}  // namespace

std::set<std::string> LocalNames(const FunctionDef& fn) {
  std::set<std::string> out;
  for (const auto& p : fn.params) out.insert(p.name);
  Bound(fn.body, out);
  for (const auto& n : DeclaredNames(fn, StmtKind::GlobalStmt)) out.erase(n);
  for (const auto& n : DeclaredNames(fn, StmtKind::NonlocalStmt)) out.erase(n);
  return out;
}

std::set<std::string> DeclaredNames(const FunctionDef& fn, StmtKind kind) {
  std::set<std::string> out;
  Declared(fn.body, kind, out);
  return out;
}

}  // namespace tcc::ast
