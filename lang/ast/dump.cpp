// Implements the AST printer (see dump.h).
#include "ast/dump.h"

#include <charconv>
#include <cstdio>

namespace tcc::ast {

namespace {

std::string At(Loc l) { return "@" + std::to_string(l.line) + ":" + std::to_string(l.col); }

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string FormatFloat(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, res.ptr);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // keep floats visibly floats
  return s;
}

class Printer {
 public:
  std::string out;

  void Line(int indent, const std::string& label, const std::string& text) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    if (!label.empty()) out += label + ": ";
    out += text;
    out += '\n';
  }

  void Field(int indent, const char* label, const Expr* e) {
    if (e) PrintExpr(indent, label, *e);
  }
  void List(int indent, const char* label, const std::vector<ExprPtr>& v) {
    if (v.empty()) return;
    Line(indent, "", std::string(label) + ":");
    for (const auto& e : v) PrintExpr(indent + 1, "", *e);
  }
  void Body(int indent, const char* label, const Block& b) {
    Line(indent, "", std::string(label) + ":" + (b.empty() ? " (empty)" : ""));
    for (const auto& s : b) PrintStmt(indent + 1, *s);
  }

  void PrintExpr(int indent, const std::string& label, const Expr& e) {
    std::string head = ExprKindName(e.kind);
    std::string at = At(e.loc());
    switch (e.kind) {
      case ExprKind::NameExpr: Line(indent, label, head + " " + cast<NameExpr>(&e)->name + " " + at); return;
      case ExprKind::IntLit:
        Line(indent, label, head + " " + (cast<IntLit>(&e)->big.empty() ? std::to_string(cast<IntLit>(&e)->value)
                                                                          : cast<IntLit>(&e)->big) + " " + at);
        return;
      case ExprKind::FloatLit:
        Line(indent, label, head + " " + FormatFloat(cast<FloatLit>(&e)->value) + " " + at);
        return;
      case ExprKind::BoolLit:
        Line(indent, label, head + (cast<BoolLit>(&e)->value ? " True " : " False ") + at);
        return;
      case ExprKind::NoneLit: case ExprKind::EllipsisLit: Line(indent, label, head + " " + at); return;
      case ExprKind::StrLit: Line(indent, label, head + " " + Quote(cast<StrLit>(&e)->value) + " " + at); return;
      case ExprKind::ListExpr:
        Line(indent, label, head + " " + at);
        List(indent + 1, "elts", cast<ListExpr>(&e)->elts);
        return;
      case ExprKind::TupleExpr: {
        auto* t = cast<TupleExpr>(&e);
        Line(indent, label, head + (t->parenthesized ? " (parenthesized) " : " ") + at);
        List(indent + 1, "elts", t->elts);
        return;
      }
      case ExprKind::DictExpr: {
        auto* d = cast<DictExpr>(&e);
        Line(indent, label, head + " " + at);
        for (size_t i = 0; i < d->keys.size(); ++i) {
          if (d->keys[i]) PrintExpr(indent + 1, "key", *d->keys[i]);
          else Line(indent + 1, "", "key: **");
          PrintExpr(indent + 1, "value", *d->values[i]);
        }
        return;
      }
      case ExprKind::SliceExpr: {
        auto* s = cast<SliceExpr>(&e);
        Line(indent, label, head + " " + at);
        Field(indent + 1, "lower", s->lower.get());
        Field(indent + 1, "upper", s->upper.get());
        Field(indent + 1, "step", s->step.get());
        return;
      }
      case ExprKind::SubscriptExpr: {
        auto* s = cast<SubscriptExpr>(&e);
        Line(indent, label, head + " " + at);
        Field(indent + 1, "value", s->value.get());
        Field(indent + 1, "index", s->index.get());
        return;
      }
      case ExprKind::AttributeExpr: {
        auto* a = cast<AttributeExpr>(&e);
        Line(indent, label, head + " ." + a->attr + " " + at);
        Field(indent + 1, "value", a->value.get());
        return;
      }
      case ExprKind::CallExpr: {
        auto* c = cast<CallExpr>(&e);
        Line(indent, label, head + " " + at);
        Field(indent + 1, "func", c->func.get());
        List(indent + 1, "args", c->args);
        if (!c->keywords.empty()) {
          Line(indent + 1, "", "keywords:");
          for (const Keyword& k : c->keywords) {
            Line(indent + 2, "", "Keyword " + (k.name.empty() ? std::string("**") : k.name) + " " + At(k.loc));
            Field(indent + 3, "value", k.value.get());
          }
        }
        return;
      }
      case ExprKind::UnaryExpr: {
        auto* u = cast<UnaryExpr>(&e);
        Line(indent, label, head + " " + UnaryOpSpelling(u->op) + " " + at);
        Field(indent + 1, "operand", u->operand.get());
        return;
      }
      case ExprKind::BinaryExpr: {
        auto* b = cast<BinaryExpr>(&e);
        Line(indent, label, head + " " + BinOpSpelling(b->op) + " " + at);
        Field(indent + 1, "lhs", b->lhs.get());
        Field(indent + 1, "rhs", b->rhs.get());
        return;
      }
      case ExprKind::CompareExpr: {
        auto* c = cast<CompareExpr>(&e);
        std::string ops;
        for (CmpOp op : c->ops) ops += std::string(" ") + CmpOpSpelling(op);
        Line(indent, label, head + ops + " " + at);
        List(indent + 1, "operands", c->operands);
        return;
      }
      case ExprKind::BoolOpExpr: {
        auto* b = cast<BoolOpExpr>(&e);
        Line(indent, label, head + " " + BoolOpSpelling(b->op) + " " + at);
        List(indent + 1, "values", b->values);
        return;
      }
      case ExprKind::IfExpr: {
        auto* i = cast<IfExpr>(&e);
        Line(indent, label, head + " " + at);
        Field(indent + 1, "test", i->test.get());
        Field(indent + 1, "body", i->body.get());
        Field(indent + 1, "orelse", i->orelse.get());
        return;
      }
      case ExprKind::LambdaExpr:
        Line(indent, label, head + " " + at);
        PrintStmt(indent + 1, *cast<LambdaExpr>(&e)->fn);
        return;
      case ExprKind::StarredExpr:
        Line(indent, label, head + " " + at);
        Field(indent + 1, "value", cast<StarredExpr>(&e)->value.get());
        return;
      case ExprKind::ListCompExpr: {
        auto* c = cast<ListCompExpr>(&e);
        Line(indent, label, head + " " + at);
        Field(indent + 1, "elt", c->elt.get());
        for (const Comprehension& g : c->generators) {
          Line(indent + 1, "", "for:");
          Field(indent + 2, "target", g.target.get());
          Field(indent + 2, "iter", g.iter.get());
          if (!g.ifs.empty()) List(indent + 2, "ifs", g.ifs);
        }
        return;
      }
    }
  }

  void PrintStmt(int indent, const Stmt& s);
};

void Printer::PrintStmt(int indent, const Stmt& s) {
  std::string head = StmtKindName(s.kind);
  std::string at = At(s.loc());
  switch (s.kind) {
    case StmtKind::ExprStmt:
      Line(indent, "", head + " " + at);
      Field(indent + 1, "value", cast<ExprStmt>(&s)->value.get());
      return;
    case StmtKind::AssignStmt: {
      auto* a = cast<AssignStmt>(&s);
      Line(indent, "", head + " " + at);
      List(indent + 1, "targets", a->targets);
      Field(indent + 1, "value", a->value.get());
      return;
    }
    case StmtKind::AugAssignStmt: {
      auto* a = cast<AugAssignStmt>(&s);
      Line(indent, "", head + " " + BinOpSpelling(a->op) + "= " + at);
      Field(indent + 1, "target", a->target.get());
      Field(indent + 1, "value", a->value.get());
      return;
    }
    case StmtKind::AnnAssignStmt: {
      auto* a = cast<AnnAssignStmt>(&s);
      Line(indent, "", head + " " + at);
      Field(indent + 1, "target", a->target.get());
      Field(indent + 1, "annotation", a->annotation.get());
      Field(indent + 1, "value", a->value.get());
      return;
    }
    case StmtKind::FunctionDef: {
      auto* f = cast<FunctionDef>(&s);
      Line(indent, "", head + " " + f->name + " " + at);
      List(indent + 1, "decorators", f->decorators);
      if (!f->params.empty()) {
        Line(indent + 1, "", "params:");
        for (const Param& p : f->params) {
          std::string kind = p.kind == ParamKind::Normal ? "" : std::string(" ") + ParamKindName(p.kind);
          Line(indent + 2, "", "Param " + p.name + kind + " " + At(p.loc));
          Field(indent + 3, "annotation", p.annotation.get());
          Field(indent + 3, "default", p.default_value.get());
        }
      }
      Field(indent + 1, "returns", f->returns.get());
      Body(indent + 1, "body", f->body);
      return;
    }
    case StmtKind::ClassDef: {
      auto* c = cast<ClassDef>(&s);
      Line(indent, "", head + " " + c->name + " " + at);
      List(indent + 1, "decorators", c->decorators);
      List(indent + 1, "bases", c->bases);
      Body(indent + 1, "body", c->body);
      return;
    }
    case StmtKind::ReturnStmt:
      Line(indent, "", head + " " + at);
      Field(indent + 1, "value", cast<ReturnStmt>(&s)->value.get());
      return;
    case StmtKind::IfStmt: {
      auto* i = cast<IfStmt>(&s);
      Line(indent, "", head + " " + at);
      Field(indent + 1, "test", i->test.get());
      Body(indent + 1, "body", i->body);
      if (!i->orelse.empty()) Body(indent + 1, i->orelse_is_elif ? "elif" : "else", i->orelse);
      return;
    }
    case StmtKind::ForStmt: {
      auto* f = cast<ForStmt>(&s);
      Line(indent, "", head + " " + at);
      Field(indent + 1, "target", f->target.get());
      Field(indent + 1, "iter", f->iter.get());
      Body(indent + 1, "body", f->body);
      if (!f->orelse.empty()) Body(indent + 1, "else", f->orelse);
      return;
    }
    case StmtKind::WhileStmt: {
      auto* w = cast<WhileStmt>(&s);
      Line(indent, "", head + " " + at);
      Field(indent + 1, "test", w->test.get());
      Body(indent + 1, "body", w->body);
      if (!w->orelse.empty()) Body(indent + 1, "else", w->orelse);
      return;
    }
    case StmtKind::BreakStmt: case StmtKind::ContinueStmt: case StmtKind::PassStmt:
      Line(indent, "", head + " " + at);
      return;
    case StmtKind::WithStmt: {
      auto* w = cast<WithStmt>(&s);
      Line(indent, "", head + (w->as_name.empty() ? "" : " as " + w->as_name) + " " + at);
      Field(indent + 1, "context", w->context.get());
      Body(indent + 1, "body", w->body);
      return;
    }
    case StmtKind::ImportStmt: case StmtKind::ImportFromStmt: {
      const std::vector<Alias>& names =
          s.kind == StmtKind::ImportStmt ? cast<ImportStmt>(&s)->names : cast<ImportFromStmt>(&s)->names;
      std::string mod = s.kind == StmtKind::ImportFromStmt ? " " + cast<ImportFromStmt>(&s)->module : "";
      Line(indent, "", head + mod + " " + at);
      for (const Alias& a : names) {
        Line(indent + 1, "", "Alias " + a.name + (a.asname.empty() ? "" : " as " + a.asname) + " " + At(a.loc));
      }
      return;
    }
    case StmtKind::AssertStmt: {
      auto* a = cast<AssertStmt>(&s);
      Line(indent, "", head + " " + at);
      Field(indent + 1, "test", a->test.get());
      Field(indent + 1, "msg", a->msg.get());
      return;
    }
    case StmtKind::TryStmt: {
      auto* t = cast<TryStmt>(&s);
      Line(indent, "", head + " " + at);
      Body(indent + 1, "body", t->body);
      for (const ExceptHandler& h : t->handlers) {
        Line(indent + 1, "", "except" + (h.name.empty() ? "" : " as " + h.name) + " " + At(h.range.begin) + ":");
        Field(indent + 2, "type", h.type.get());
        Body(indent + 2, "body", h.body);
      }
      if (!t->orelse.empty()) Body(indent + 1, "else", t->orelse);
      if (!t->finalbody.empty()) Body(indent + 1, "finally", t->finalbody);
      return;
    }
    case StmtKind::RaiseStmt: {
      auto* r = cast<RaiseStmt>(&s);
      Line(indent, "", head + " " + at);
      Field(indent + 1, "exc", r->exc.get());
      Field(indent + 1, "cause", r->cause.get());
      return;
    }
    case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt: {
      const auto& names = s.kind == StmtKind::GlobalStmt ? cast<GlobalStmt>(&s)->names : cast<NonlocalStmt>(&s)->names;
      std::string list;
      for (const auto& n : names) list += " " + n;
      Line(indent, "", head + list + " " + at);
      return;
    }
    case StmtKind::DelStmt:
      Line(indent, "", head + " " + at);
      List(indent + 1, "targets", cast<DelStmt>(&s)->targets);
      return;
  }
}

}  // namespace

std::string DumpModule(const Module& m) {
  Printer p;
  p.Line(0, "", "Module " + (m.source ? m.source->path() : std::string("<none>")));
  for (const auto& s : m.body) p.PrintStmt(1, *s);
  return p.out;
}

std::string DumpStmt(const Stmt& s, int indent) {
  Printer p;
  p.PrintStmt(indent, s);
  return p.out;
}

std::string DumpExpr(const Expr& e, int indent) {
  Printer p;
  p.PrintExpr(indent, "", e);
  return p.out;
}

}  // namespace tcc::ast
