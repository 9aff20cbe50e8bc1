// Implements compiling statements, functions, classes and whole modules.
#include "interp/compile.h"
#include "interp/errors.h"
#include "interp/interpreter.h"

namespace tcc::interp {

using namespace ast;

namespace {
SPtr SNodeOf(SK k, Range r) {
  auto n = std::make_unique<SNode>();
  n->k = k;
  n->range = r;
  return n;
}
}  // namespace

std::vector<SPtr> Compiler::Block(const ast::Block& b) {
  std::vector<SPtr> out;
  out.reserve(b.size());
  for (auto& s : b) out.push_back(Stmt(s.get()));
  return out;
}

FuncCode* Compiler::Function(const FunctionDef* d, const std::string& qual_prefix) {
  auto fc = std::make_unique<FuncCode>();
  FuncCode* f = fc.get();
  mod_.funcs.push_back(std::move(fc));
  f->name = d->name;
  f->qualname = qual_prefix + d->name;
  f->module = &mod_;
  f->def = d;
  // As the tracer numbers it: the line of `def` itself, below any decorators.
  f->def_line = d->name_loc.valid() ? d->name_loc.line : d->range.begin.line;
  // Decorators and defaults are evaluated in the defining scope.
  for (auto& dec : d->decorators) f->decorators.push_back(Expr(dec.get()));
  Scope* s = by_def_.at(d);
  for (const auto& n : s->locals_order) {
    s->slots[n] = static_cast<int32_t>(f->slot_names.size());
    f->slot_names.push_back(n);
    if (s->cells.count(n)) f->cell_slots.push_back(s->slots[n]);
  }
  f->nslots = static_cast<int32_t>(f->slot_names.size());
  for (const auto& p : d->params) {
    ParamInfo pi;
    pi.kind = p.kind;
    pi.sym = Intern(p.name);
    pi.slot = s->slots.at(p.name);
    pi.loc = p.loc;
    if (p.default_value) {
      f->defaults.push_back(Expr(p.default_value.get()));
      pi.default_expr = f->defaults.back().get();
    }
    f->params.push_back(pi);
  }
  // How the new function's closure cells are found in the defining scope.
  for (const auto& n : s->frees) {
    if (scope_ && scope_->is_function && scope_->locals.count(n)) {
      f->freevars.push_back({false, scope_->slots.at(n)});
    } else {
      f->freevars.push_back({true, scope_->free_index.at(n)});
    }
  }
  Scope* saved = scope_;
  std::string saved_prefix = qual_prefix_;
  scope_ = s;
  qual_prefix_ = f->qualname + ".";
  f->body = Block(d->body);
  scope_ = saved;
  qual_prefix_ = saved_prefix;
  return f;
}

ClassCode* Compiler::Class(const ClassDef* d) {
  auto cc = std::make_unique<ClassCode>();
  ClassCode* c = cc.get();
  mod_.classes.push_back(std::move(cc));
  c->name = d->name;
  c->range = d->range;
  c->module = &mod_;
  c->def_line = d->name_loc.valid() ? d->name_loc.line : d->range.begin.line;
  for (auto& dec : d->decorators) c->decorators.push_back(Expr(dec.get()));
  for (auto& b : d->bases) c->bases.push_back(Expr(b.get()));
  // Methods are "Class.method" wherever the class is defined (as the tracer names them).
  std::string prefix = d->name + ".";
  for (auto& m : d->body) {
    switch (m->kind) {
      case StmtKind::FunctionDef: {
        auto* fd = cast<FunctionDef>(m.get());
        ClassCode::Attr a;
        a.sym = Intern(fd->name);
        a.method = Function(fd, prefix);
        c->attrs.push_back(std::move(a));
        break;
      }
      case StmtKind::AnnAssignStmt: {
        auto* aa = cast<AnnAssignStmt>(m.get());
        auto* name = dyn_cast<NameExpr>(aa->target.get());
        if (!name) CompileError(aa->range, "a class field must be a plain name, as in `w: Tensor`");
        c->fields.push_back({Intern(name->name), Expr(aa->value.get()), aa->range.begin});
        break;
      }
      case StmtKind::AssignStmt: {
        auto* as = cast<AssignStmt>(m.get());
        for (auto& t : as->targets) {
          auto* name = dyn_cast<NameExpr>(t.get());
          if (!name) CompileError(as->range, "a class attribute must be a plain name");
          c->attrs.push_back({Intern(name->name), Expr(as->value.get()), nullptr});
        }
        break;
      }
      case StmtKind::PassStmt:
      case StmtKind::ExprStmt:  // docstrings
        break;
      case StmtKind::AugAssignStmt: case StmtKind::ClassDef: case StmtKind::ReturnStmt: case StmtKind::IfStmt:
      case StmtKind::ForStmt: case StmtKind::WhileStmt: case StmtKind::BreakStmt: case StmtKind::ContinueStmt:
      case StmtKind::WithStmt: case StmtKind::ImportStmt: case StmtKind::ImportFromStmt: case StmtKind::AssertStmt:
      case StmtKind::TryStmt: case StmtKind::RaiseStmt: case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt:
      case StmtKind::DelStmt:
        CompileError(m->range, std::string("a `") + StmtKindName(m->kind) +
                                   "` statement is not supported in a class body");
    }
  }
  return c;
}

SPtr Compiler::Stmt(const ast::Stmt* st) {
  switch (st->kind) {
    case StmtKind::ExprStmt: {
      auto n = SNodeOf(SK::Expr, st->range);
      n->value = Expr(cast<ExprStmt>(st)->value.get());
      return n;
    }
    case StmtKind::AssignStmt: {
      auto* a = cast<AssignStmt>(st);
      auto n = SNodeOf(SK::Assign, st->range);
      for (auto& t : a->targets) n->targets.push_back(Target(t.get()));
      n->value = Expr(a->value.get());
      return n;
    }
    case StmtKind::AugAssignStmt: {
      auto* a = cast<AugAssignStmt>(st);
      auto n = SNodeOf(SK::AugAssign, st->range);
      n->targets.push_back(Target(a->target.get()));
      n->op = static_cast<uint8_t>(a->op);
      n->value = Expr(a->value.get());
      return n;
    }
    case StmtKind::AnnAssignStmt: {
      auto* a = cast<AnnAssignStmt>(st);
      if (!a->value) return SNodeOf(SK::Pass, st->range);
      auto n = SNodeOf(SK::Assign, st->range);
      n->targets.push_back(Target(a->target.get()));
      n->value = Expr(a->value.get());
      return n;
    }
    case StmtKind::FunctionDef: {
      auto* d = cast<FunctionDef>(st);
      auto n = SNodeOf(SK::Def, st->range);
      n->func = Function(d, qual_prefix_);
      n->targets.push_back(NameRef(d->name, st->range));
      return n;
    }
    case StmtKind::ClassDef: {
      auto* d = cast<ClassDef>(st);
      auto n = SNodeOf(SK::Class, st->range);
      n->cls = Class(d);
      n->targets.push_back(NameRef(d->name, st->range));
      return n;
    }
    case StmtKind::ReturnStmt: {
      auto n = SNodeOf(SK::Return, st->range);
      n->value = Expr(cast<ReturnStmt>(st)->value.get());
      return n;
    }
    case StmtKind::IfStmt: {
      auto* i = cast<IfStmt>(st);
      auto n = SNodeOf(SK::If, st->range);
      n->test = Expr(i->test.get());
      n->body = Block(i->body);
      n->orelse = Block(i->orelse);
      return n;
    }
    case StmtKind::ForStmt: {
      auto* f = cast<ForStmt>(st);
      auto n = SNodeOf(SK::For, st->range);
      n->targets.push_back(Target(f->target.get()));
      n->value = Expr(f->iter.get());
      n->body = Block(f->body);
      n->orelse = Block(f->orelse);
      return n;
    }
    case StmtKind::WhileStmt: {
      auto* w = cast<WhileStmt>(st);
      auto n = SNodeOf(SK::While, st->range);
      n->test = Expr(w->test.get());
      n->body = Block(w->body);
      n->orelse = Block(w->orelse);
      return n;
    }
    case StmtKind::BreakStmt: return SNodeOf(SK::Break, st->range);
    case StmtKind::ContinueStmt: return SNodeOf(SK::Continue, st->range);
    case StmtKind::PassStmt: return SNodeOf(SK::Pass, st->range);
    case StmtKind::WithStmt: {
      auto* w = cast<WithStmt>(st);
      auto n = SNodeOf(SK::With, st->range);
      n->value = Expr(w->context.get());
      if (!w->as_name.empty()) n->targets.push_back(NameRef(w->as_name, st->range));
      n->body = Block(w->body);
      return n;
    }
    case StmtKind::ImportStmt: {
      auto n = SNodeOf(SK::Import, st->range);
      for (auto& a : cast<ImportStmt>(st)->names) {
        std::string top = a.name.substr(0, a.name.find('.'));
        n->binds.push_back({a.name, NameRef(a.asname.empty() ? top : a.asname, st->range), a.loc,
                            a.asname.empty() ? top : a.name});
      }
      return n;
    }
    case StmtKind::ImportFromStmt: {
      auto* im = cast<ImportFromStmt>(st);
      auto n = SNodeOf(SK::ImportFrom, st->range);
      n->module = im->module;
      for (auto& a : im->names) {
        std::string bound = a.asname.empty() ? a.name : a.asname;
        n->binds.push_back({a.name, NameRef(bound, st->range), a.loc, ""});
      }
      return n;
    }
    case StmtKind::AssertStmt: {
      auto* a = cast<AssertStmt>(st);
      auto n = SNodeOf(SK::Assert, st->range);
      n->test = Expr(a->test.get());
      n->value = Expr(a->msg.get());
      return n;
    }
    case StmtKind::TryStmt: {
      auto* t = cast<TryStmt>(st);
      auto n = SNodeOf(SK::Try, st->range);
      n->body = Block(t->body);
      for (auto& h : t->handlers) {
        SNode::Handler hn;
        hn.type = Expr(h.type.get());
        if (!h.name.empty()) hn.target = NameRef(h.name, h.range);
        hn.body = Block(h.body);
        hn.range = h.range;
        n->handlers.push_back(std::move(hn));
      }
      n->orelse = Block(t->orelse);
      n->finalbody = Block(t->finalbody);
      return n;
    }
    case StmtKind::RaiseStmt: {
      auto* r = cast<RaiseStmt>(st);
      auto n = SNodeOf(SK::Raise, st->range);
      n->value = Expr(r->exc.get());
      n->test = Expr(r->cause.get());
      return n;
    }
    case StmtKind::DelStmt: {
      auto n = SNodeOf(SK::Del, st->range);
      for (auto& t : cast<DelStmt>(st)->targets) n->targets.push_back(Target(t.get()));
      return n;
    }
    case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt:
      return SNodeOf(SK::Pass, st->range);  // resolved by scope analysis
  }
  CompileError(st->range, "unsupported statement");
}

std::unique_ptr<ModuleCode> CompileModule(const ast::Module& module, const std::string& name) {
  auto code = std::make_unique<ModuleCode>();
  code->name = name;
  code->source = module.source;
  std::unordered_map<const FunctionDef*, Scope*> by_def;
  try {
    auto root = AnalyzeScopes(module, by_def);
    Compiler c(*code, by_def);
    c.set_scope(root.get());
    code->body = c.Block(module.body);
  } catch (TsError& e) {
    if (!e.file) e.file = module.source.get();
    throw;
  }
  return code;
}

}  // namespace tcc::interp
