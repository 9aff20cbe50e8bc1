// Implements the AST binary encoding (see serialize.h).
#include "ast/serialize.h"

#include <cstring>
#include <stdexcept>

namespace tcc::ast {

namespace {

// ------------------------------------------------------------------- writing

class Writer {
 public:
  std::string out;

  void U(uint64_t v) {
    while (v >= 0x80) {
      out += static_cast<char>((v & 0x7F) | 0x80);
      v >>= 7;
    }
    out += static_cast<char>(v);
  }
  void I(int64_t v) { U((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63)); }
  void B(uint8_t b) { out += static_cast<char>(b); }
  void S(const std::string& s) {
    U(s.size());
    out += s;
  }
  void L(Loc l) {
    U(l.line);
    U(l.col);
  }
  void R(Range r) {
    L(r.begin);
    L(r.end);
  }
  void Exprs(const std::vector<ExprPtr>& v) {
    U(v.size());
    for (const auto& e : v) E(e.get());
  }
  void Stmts(const Block& b) {
    U(b.size());
    for (const auto& s : b) St(*s);
  }
  void E(const Expr* e);
  void St(const Stmt& s);
};

void Writer::E(const Expr* e) {
  if (!e) {
    B(kAstNull);
    return;
  }
  B(static_cast<uint8_t>(e->kind));
  R(e->range);
  switch (e->kind) {
    case ExprKind::NameExpr: S(cast<NameExpr>(e)->name); break;
    case ExprKind::IntLit: I(cast<IntLit>(e)->value); S(cast<IntLit>(e)->big); break;
    case ExprKind::FloatLit: {
      uint64_t bits;
      double v = cast<FloatLit>(e)->value;
      std::memcpy(&bits, &v, sizeof bits);
      U(bits);
      break;
    }
    case ExprKind::BoolLit: B(cast<BoolLit>(e)->value); break;
    case ExprKind::NoneLit: case ExprKind::EllipsisLit: break;
    case ExprKind::StrLit: S(cast<StrLit>(e)->value); break;
    case ExprKind::ListExpr: Exprs(cast<ListExpr>(e)->elts); break;
    case ExprKind::TupleExpr:
      B(cast<TupleExpr>(e)->parenthesized);
      Exprs(cast<TupleExpr>(e)->elts);
      break;
    case ExprKind::DictExpr:
      Exprs(cast<DictExpr>(e)->keys);
      Exprs(cast<DictExpr>(e)->values);
      break;
    case ExprKind::SliceExpr: {
      auto* s = cast<SliceExpr>(e);
      E(s->lower.get()); E(s->upper.get()); E(s->step.get());
      break;
    }
    case ExprKind::SubscriptExpr:
      E(cast<SubscriptExpr>(e)->value.get());
      E(cast<SubscriptExpr>(e)->index.get());
      break;
    case ExprKind::AttributeExpr: {
      auto* a = cast<AttributeExpr>(e);
      E(a->value.get()); S(a->attr); L(a->attr_loc);
      break;
    }
    case ExprKind::CallExpr: {
      auto* c = cast<CallExpr>(e);
      E(c->func.get());
      Exprs(c->args);
      U(c->keywords.size());
      for (const Keyword& k : c->keywords) {
        S(k.name); E(k.value.get()); L(k.loc);
      }
      break;
    }
    case ExprKind::UnaryExpr:
      B(static_cast<uint8_t>(cast<UnaryExpr>(e)->op));
      E(cast<UnaryExpr>(e)->operand.get());
      break;
    case ExprKind::BinaryExpr: {
      auto* b = cast<BinaryExpr>(e);
      B(static_cast<uint8_t>(b->op)); E(b->lhs.get()); E(b->rhs.get()); L(b->op_loc);
      break;
    }
    case ExprKind::CompareExpr: {
      auto* c = cast<CompareExpr>(e);
      U(c->ops.size());
      for (CmpOp op : c->ops) B(static_cast<uint8_t>(op));
      Exprs(c->operands);
      break;
    }
    case ExprKind::BoolOpExpr:
      B(static_cast<uint8_t>(cast<BoolOpExpr>(e)->op));
      Exprs(cast<BoolOpExpr>(e)->values);
      break;
    case ExprKind::IfExpr: {
      auto* i = cast<IfExpr>(e);
      E(i->body.get()); E(i->test.get()); E(i->orelse.get());
      break;
    }
    case ExprKind::LambdaExpr: St(*cast<LambdaExpr>(e)->fn); break;
    case ExprKind::StarredExpr: E(cast<StarredExpr>(e)->value.get()); break;
    case ExprKind::ListCompExpr: {
      auto* c = cast<ListCompExpr>(e);
      E(c->elt.get());
      U(c->generators.size());
      for (const Comprehension& g : c->generators) {
        E(g.target.get()); E(g.iter.get()); Exprs(g.ifs);
      }
      break;
    }
  }
}

void Writer::St(const Stmt& s) {
  B(static_cast<uint8_t>(s.kind));
  R(s.range);
  switch (s.kind) {
    case StmtKind::ExprStmt: E(cast<ExprStmt>(&s)->value.get()); break;
    case StmtKind::AssignStmt:
      Exprs(cast<AssignStmt>(&s)->targets);
      E(cast<AssignStmt>(&s)->value.get());
      break;
    case StmtKind::AugAssignStmt: {
      auto* a = cast<AugAssignStmt>(&s);
      E(a->target.get()); B(static_cast<uint8_t>(a->op)); E(a->value.get());
      break;
    }
    case StmtKind::AnnAssignStmt: {
      auto* a = cast<AnnAssignStmt>(&s);
      E(a->target.get()); E(a->annotation.get()); E(a->value.get());
      break;
    }
    case StmtKind::FunctionDef: {
      auto* f = cast<FunctionDef>(&s);
      S(f->name); L(f->name_loc); Exprs(f->decorators);
      U(f->params.size());
      for (const Param& p : f->params) {
        B(static_cast<uint8_t>(p.kind)); S(p.name); E(p.annotation.get()); E(p.default_value.get()); L(p.loc);
      }
      E(f->returns.get());
      Stmts(f->body);
      break;
    }
    case StmtKind::ClassDef: {
      auto* c = cast<ClassDef>(&s);
      S(c->name); L(c->name_loc); Exprs(c->decorators); Exprs(c->bases); Stmts(c->body);
      break;
    }
    case StmtKind::ReturnStmt: E(cast<ReturnStmt>(&s)->value.get()); break;
    case StmtKind::IfStmt: {
      auto* i = cast<IfStmt>(&s);
      E(i->test.get()); Stmts(i->body); Stmts(i->orelse); B(i->orelse_is_elif);
      break;
    }
    case StmtKind::ForStmt: {
      auto* f = cast<ForStmt>(&s);
      E(f->target.get()); E(f->iter.get()); Stmts(f->body); Stmts(f->orelse);
      break;
    }
    case StmtKind::WhileStmt:
      E(cast<WhileStmt>(&s)->test.get());
      Stmts(cast<WhileStmt>(&s)->body);
      Stmts(cast<WhileStmt>(&s)->orelse);
      break;
    case StmtKind::BreakStmt: case StmtKind::ContinueStmt: case StmtKind::PassStmt: break;
    case StmtKind::WithStmt: {
      auto* w = cast<WithStmt>(&s);
      E(w->context.get()); S(w->as_name); Stmts(w->body);
      break;
    }
    case StmtKind::ImportStmt: case StmtKind::ImportFromStmt: {
      if (s.kind == StmtKind::ImportFromStmt) S(cast<ImportFromStmt>(&s)->module);
      const auto& names =
          s.kind == StmtKind::ImportStmt ? cast<ImportStmt>(&s)->names : cast<ImportFromStmt>(&s)->names;
      U(names.size());
      for (const Alias& a : names) {
        S(a.name); S(a.asname); L(a.loc);
      }
      break;
    }
    case StmtKind::AssertStmt:
      E(cast<AssertStmt>(&s)->test.get());
      E(cast<AssertStmt>(&s)->msg.get());
      break;
    case StmtKind::TryStmt: {
      auto* t = cast<TryStmt>(&s);
      Stmts(t->body);
      U(t->handlers.size());
      for (const ExceptHandler& h : t->handlers) {
        E(h.type.get()); S(h.name); R(h.range); Stmts(h.body);
      }
      Stmts(t->orelse);
      Stmts(t->finalbody);
      break;
    }
    case StmtKind::RaiseStmt:
      E(cast<RaiseStmt>(&s)->exc.get());
      E(cast<RaiseStmt>(&s)->cause.get());
      break;
    case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt: {
      const auto& names = s.kind == StmtKind::GlobalStmt ? cast<GlobalStmt>(&s)->names : cast<NonlocalStmt>(&s)->names;
      U(names.size());
      for (const auto& n : names) S(n);
      break;
    }
    case StmtKind::DelStmt: Exprs(cast<DelStmt>(&s)->targets); break;
  }
}

}  // namespace

std::string SerializeProgram(const Program& program) {
  Writer w;
  w.out.append(kAstMagic, kAstMagicSize);
  w.U(program.modules.size());
  for (const ProgramModule& m : program.modules) {
    w.S(m.name);
    w.B(m.stdlib ? 1 : 0);
    const SourceFile* src = m.module->source.get();
    w.S(src ? src->path() : "");
    w.S(src ? src->text() : "");
    w.Stmts(m.module->body);
  }
  return w.out;
}

// Reading lives in deserialize.cpp.

}  // namespace tcc::ast
