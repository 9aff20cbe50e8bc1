// Implements scope analysis: which names are locals, cells and free
// variables of each function (see compile.h for the rules).
#include "ast/scope.h"
#include "ast/visit.h"
#include "interp/compile.h"

namespace tcc::interp {

namespace {

using namespace ast;

class Collector {
 public:
  explicit Collector(std::unordered_map<const FunctionDef*, Scope*>& by_def) : by_def_(by_def) {}

  void Uses(const Expr* e, Scope* s) {
    if (!e) return;
    if (auto* n = dyn_cast<NameExpr>(e)) {
      s->used.insert(n->name);
      return;
    }
    if (auto* l = dyn_cast<LambdaExpr>(e)) {
      Function(l->fn.get(), s);  // its defaults are uses here; its body is a child scope
      return;
    }
    if (auto* c = dyn_cast<ListCompExpr>(e)) {
      // its targets are locals of the enclosing scope (renamed apart by the parser)
      for (auto& g : c->generators) {
        Binds(g.target.get(), s);
        Uses(g.iter.get(), s);
        for (auto& x : g.ifs) Uses(x.get(), s);
      }
      Uses(c->elt.get(), s);
      return;
    }
    ForEachChild(*e, [&](const ast::Expr& x) { Uses(&x, s); });
  }

  // A store target: names become locals; sub-expressions are uses.
  void Binds(const Expr* e, Scope* s) {
    if (auto* n = dyn_cast<NameExpr>(e)) { s->AddLocal(n->name); s->used.insert(n->name); return; }
    if (auto* t = dyn_cast<TupleExpr>(e)) { for (auto& x : t->elts) Binds(x.get(), s); return; }
    if (auto* t = dyn_cast<ListExpr>(e)) { for (auto& x : t->elts) Binds(x.get(), s); return; }
    if (auto* t = dyn_cast<StarredExpr>(e)) { Binds(t->value.get(), s); return; }
    Uses(e, s);
  }

  void Block(const ast::Block& b, Scope* s) { for (auto& st : b) Stmt(st.get(), s); }

  void Function(const FunctionDef* d, Scope* s) {
    for (auto& dec : d->decorators) Uses(dec.get(), s);
    for (auto& p : d->params) Uses(p.default_value.get(), s);
    auto child = std::make_unique<Scope>();
    child->is_function = true;
    child->parent = s;
    child->globals = DeclaredNames(*d, StmtKind::GlobalStmt);
    child->nonlocals = DeclaredNames(*d, StmtKind::NonlocalStmt);
    for (const auto& n : child->nonlocals) child->used.insert(n);
    for (auto& p : d->params) child->AddLocal(p.name);
    by_def_[d] = child.get();
    Block(d->body, child.get());
    s->children.push_back(std::move(child));
  }

  void Stmt(const ast::Stmt* st, Scope* s) {
    switch (st->kind) {
      case StmtKind::ExprStmt: Uses(cast<ExprStmt>(st)->value.get(), s); return;
      case StmtKind::AssignStmt: {
        auto* a = cast<AssignStmt>(st);
        for (auto& t : a->targets) Binds(t.get(), s);
        Uses(a->value.get(), s);
        return;
      }
      case StmtKind::AugAssignStmt: {
        auto* a = cast<AugAssignStmt>(st);
        Binds(a->target.get(), s);
        Uses(a->value.get(), s);
        return;
      }
      case StmtKind::AnnAssignStmt: {
        auto* a = cast<AnnAssignStmt>(st);
        if (a->value) Binds(a->target.get(), s);
        Uses(a->value.get(), s);
        return;
      }
      case StmtKind::FunctionDef: {
        auto* d = cast<FunctionDef>(st);
        s->AddLocal(d->name);
        Function(d, s);
        return;
      }
      case StmtKind::ClassDef: {
        auto* c = cast<ClassDef>(st);
        s->AddLocal(c->name);
        for (auto& dec : c->decorators) Uses(dec.get(), s);
        for (auto& b : c->bases) Uses(b.get(), s);
        // Class bodies are evaluated in the enclosing scope; methods are its children.
        for (auto& m : c->body) {
          if (auto* f = dyn_cast<FunctionDef>(m.get())) Function(f, s);
          else if (auto* aa = dyn_cast<AnnAssignStmt>(m.get())) Uses(aa->value.get(), s);
          else if (auto* as = dyn_cast<AssignStmt>(m.get())) Uses(as->value.get(), s);
        }
        return;
      }
      case StmtKind::ReturnStmt: Uses(cast<ReturnStmt>(st)->value.get(), s); return;
      case StmtKind::IfStmt: {
        auto* i = cast<IfStmt>(st);
        Uses(i->test.get(), s); Block(i->body, s); Block(i->orelse, s);
        return;
      }
      case StmtKind::ForStmt: {
        auto* f = cast<ForStmt>(st);
        Binds(f->target.get(), s); Uses(f->iter.get(), s); Block(f->body, s); Block(f->orelse, s);
        return;
      }
      case StmtKind::WhileStmt:
        Uses(cast<WhileStmt>(st)->test.get(), s);
        Block(cast<WhileStmt>(st)->body, s);
        Block(cast<WhileStmt>(st)->orelse, s);
        return;
      case StmtKind::TryStmt: {
        auto* t = cast<TryStmt>(st);
        Block(t->body, s);
        for (auto& h : t->handlers) {
          Uses(h.type.get(), s);
          if (!h.name.empty()) { s->AddLocal(h.name); s->used.insert(h.name); }
          Block(h.body, s);
        }
        Block(t->orelse, s);
        Block(t->finalbody, s);
        return;
      }
      case StmtKind::RaiseStmt: Uses(cast<RaiseStmt>(st)->exc.get(), s); Uses(cast<RaiseStmt>(st)->cause.get(), s); return;
      case StmtKind::DelStmt: for (auto& t : cast<DelStmt>(st)->targets) Binds(t.get(), s); return;
      case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt: return;
      case StmtKind::BreakStmt: case StmtKind::ContinueStmt: case StmtKind::PassStmt: return;
      case StmtKind::WithStmt: {
        auto* w = cast<WithStmt>(st);
        Uses(w->context.get(), s);
        if (!w->as_name.empty()) { s->AddLocal(w->as_name); s->used.insert(w->as_name); }
        Block(w->body, s);
        return;
      }
      case StmtKind::ImportStmt:
        for (auto& a : cast<ImportStmt>(st)->names) {
          std::string bound = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
          s->AddLocal(bound); s->used.insert(bound);
        }
        return;
      case StmtKind::ImportFromStmt:
        for (auto& a : cast<ImportFromStmt>(st)->names) {
          std::string bound = a.asname.empty() ? a.name : a.asname;
          s->AddLocal(bound); s->used.insert(bound);
        }
        return;
      case StmtKind::AssertStmt: Uses(cast<AssertStmt>(st)->test.get(), s); Uses(cast<AssertStmt>(st)->msg.get(), s); return;
    }
  }

 private:
  std::unordered_map<const FunctionDef*, Scope*>& by_def_;
};

void AddFree(Scope* s, const std::string& n) {
  if (s->free_index.count(n)) return;
  s->free_index[n] = static_cast<int32_t>(s->frees.size());
  s->frees.push_back(n);
}

// Marks names a function uses but does not bind as free variables, when an
// enclosing function binds them (then that function keeps them in cells).
void ResolveFrees(Scope* s) {
  for (auto& c : s->children) ResolveFrees(c.get());
  if (!s->is_function) return;
  std::vector<std::string> names(s->used.begin(), s->used.end());
  for (const auto& n : names) {
    if (s->locals.count(n) || s->globals.count(n)) continue;
    Scope* owner = nullptr;
    for (Scope* p = s->parent; p && p->is_function; p = p->parent) {
      if (p->locals.count(n)) { owner = p; break; }
    }
    if (!owner) continue;
    owner->cells.insert(n);
    for (Scope* p = s; p != owner; p = p->parent) { AddFree(p, n); p->used.insert(n); }
  }
}

}  // namespace

std::unique_ptr<Scope> AnalyzeScopes(const ast::Module& module,
                                     std::unordered_map<const ast::FunctionDef*, Scope*>& by_def) {
  auto root = std::make_unique<Scope>();
  Collector c(by_def);
  c.Block(module.body, root.get());
  // Frees of a nested function propagate to its parents' `used` sets, so a
  // second pass over the tree settles names used only two levels down.
  ResolveFrees(root.get());
  ResolveFrees(root.get());
  return root;
}

}  // namespace tcc::interp
