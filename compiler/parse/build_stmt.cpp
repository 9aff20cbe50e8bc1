// Implements the conversion of statement parse trees into AST statements.
#include <set>

#include "parse/build.h"

namespace tcc::parse {

using namespace ast;
using antlr4::tree::TerminalNode;

void AstBuilder::BuildFile(TSP::File_inputContext* ctx, Block& out) {
  for (auto* s : ctx->stmt()) BuildStmt(s, out);
}

void AstBuilder::BuildStmt(TSP::StmtContext* ctx, Block& out) {
  if (auto* c = ctx->compound_stmt()) {
    out.push_back(BuildCompound(c));
    return;
  }
  for (auto* s : ctx->simple_stmts()->simple_stmt()) out.push_back(BuildSimple(s));
}

Block AstBuilder::BuildBlock(TSP::BlockContext* ctx) {
  Block out;
  if (auto* simple = ctx->simple_stmts()) {
    for (auto* s : simple->simple_stmt()) out.push_back(BuildSimple(s));
    return out;
  }
  for (auto* s : ctx->stmt()) BuildStmt(s, out);
  return out;
}

namespace {

const char* TargetDescription(const Expr* e) {
  switch (e->kind) {
    case ExprKind::CallExpr: return "a function call";
    case ExprKind::IntLit: case ExprKind::FloatLit: case ExprKind::StrLit:
    case ExprKind::BoolLit: case ExprKind::NoneLit: case ExprKind::EllipsisLit: return "a literal";
    case ExprKind::BinaryExpr: case ExprKind::UnaryExpr: return "an operator expression";
    case ExprKind::CompareExpr: return "a comparison";
    case ExprKind::BoolOpExpr: return "an `and`/`or` expression";
    case ExprKind::IfExpr: return "a conditional expression";
    case ExprKind::DictExpr: return "a dict display";
    case ExprKind::SliceExpr: return "a slice";
    case ExprKind::TupleExpr: return "a tuple";
    case ExprKind::ListExpr: return "a list";
    case ExprKind::ListCompExpr: return "a comprehension";
    case ExprKind::LambdaExpr: return "a lambda";
    case ExprKind::StarredExpr: return "a starred expression outside a tuple or list";
    case ExprKind::NameExpr: case ExprKind::SubscriptExpr: case ExprKind::AttributeExpr: break;
  }
  return "this expression";
}

}  // namespace

void AstBuilder::CheckTarget(const Expr* e, bool allow_tuple) {
  switch (e->kind) {
    case ExprKind::NameExpr: case ExprKind::AttributeExpr: case ExprKind::SubscriptExpr: return;
    case ExprKind::TupleExpr: case ExprKind::ListExpr:
      if (allow_tuple) {
        const auto& elts = e->kind == ExprKind::TupleExpr ? cast<TupleExpr>(e)->elts : cast<ListExpr>(e)->elts;
        if (!elts.empty()) {
          int starred = 0;
          for (const auto& x : elts) {
            if (auto* st = dyn_cast<StarredExpr>(x.get())) {
              if (++starred == 2)
                diags_.Report(DiagKind::InvalidTarget, &file_, x->range, "multiple starred expressions in assignment");
              CheckTarget(st->value.get(), true);
              continue;
            }
            CheckTarget(x.get(), true);
          }
          return;
        }
      }
      break;
    case ExprKind::IntLit: case ExprKind::FloatLit: case ExprKind::BoolLit: case ExprKind::NoneLit:
    case ExprKind::StrLit: case ExprKind::EllipsisLit: case ExprKind::DictExpr: case ExprKind::SliceExpr:
    case ExprKind::CallExpr: case ExprKind::UnaryExpr: case ExprKind::BinaryExpr: case ExprKind::CompareExpr:
    case ExprKind::BoolOpExpr: case ExprKind::IfExpr: case ExprKind::ListCompExpr: case ExprKind::LambdaExpr:
    case ExprKind::StarredExpr: break;
  }
  diags_.Report(DiagKind::InvalidTarget, &file_, e->range,
                std::string("cannot assign to ") + TargetDescription(e))
      .hint = e->kind == ExprKind::CompareExpr ? "use `=` to assign and `==` to compare" : "";
}

StmtPtr AstBuilder::BuildSimple(TSP::Simple_stmtContext* ctx) {
  Range r = RangeOf(ctx);
  if (auto* e = ctx->expr_stmt()) return BuildExprStmt(e);
  if (auto* ret = ctx->return_stmt()) {
    auto s = Make<ReturnStmt>(r);
    if (ret->testlist()) s->value = BuildTestlist(ret->testlist());
    return s;
  }
  if (ctx->pass_stmt()) return Make<PassStmt>(r);
  if (ctx->break_stmt()) return Make<BreakStmt>(r);
  if (ctx->continue_stmt()) return Make<ContinueStmt>(r);
  if (auto* i = ctx->import_stmt()) return BuildImport(i);
  if (auto* f = ctx->from_import_stmt()) return BuildFromImport(f);
  if (auto* rs = ctx->raise_stmt()) {
    auto s = Make<RaiseStmt>(r);
    auto tests = rs->test();
    if (!tests.empty()) s->exc = BuildTest(tests[0]);
    if (tests.size() > 1) s->cause = BuildTest(tests[1]);
    return s;
  }
  if (auto* gs = ctx->global_stmt()) {
    auto s = Make<GlobalStmt>(r);
    for (auto* n : gs->NAME()) s->names.push_back(n->getText());
    return s;
  }
  if (auto* ns = ctx->nonlocal_stmt()) {
    auto s = Make<NonlocalStmt>(r);
    for (auto* n : ns->NAME()) s->names.push_back(n->getText());
    return s;
  }
  if (auto* ds = ctx->del_stmt()) {
    auto s = Make<DelStmt>(r);
    ExprPtr t = BuildExprlist(ds->exprlist());
    auto* tup = dyn_cast<TupleExpr>(t.get());
    if (tup && !tup->parenthesized) s->targets = std::move(tup->elts);
    else s->targets.push_back(std::move(t));
    for (const auto& x : s->targets) {
      if (!isa<NameExpr>(x.get()) && !isa<SubscriptExpr>(x.get()) && !isa<AttributeExpr>(x.get()))
        diags_.Report(DiagKind::InvalidTarget, &file_, x->range, "`del` takes names, subscripts and attributes");
    }
    return s;
  }
  auto* a = ctx->assert_stmt();
  auto s = Make<AssertStmt>(r);
  s->test = BuildTest(a->test(0));
  if (a->test().size() > 1) s->msg = BuildTest(a->test(1));
  return s;
}

StmtPtr AstBuilder::BuildExprStmt(TSP::Expr_stmtContext* ctx) {
  Range r = RangeOf(ctx);
  auto lists = ctx->testlist();
  if (ctx->test()) {  // target: annotation [= value]
    auto s = Make<AnnAssignStmt>(r);
    s->target = BuildTestlist(lists[0]);
    if (!isa<NameExpr>(s->target.get()) && !isa<AttributeExpr>(s->target.get()) &&
        !isa<SubscriptExpr>(s->target.get())) {
      diags_.Report(DiagKind::InvalidTarget, &file_, s->target->range,
                    "only a single name, attribute or subscript can be annotated");
    }
    s->annotation = BuildTest(ctx->test());
    if (lists.size() > 1) s->value = BuildTestlist(lists[1]);
    return s;
  }
  if (auto* aug = ctx->augassign()) {
    auto s = Make<AugAssignStmt>(r);
    s->target = BuildTestlist(lists[0]);
    CheckTarget(s->target.get(), false);
    std::string op = aug->getText();
    op.pop_back();  // drop '='
    static const std::pair<const char*, BinOp> table[] = {
        {"+", BinOp::Add}, {"-", BinOp::Sub}, {"*", BinOp::Mul}, {"/", BinOp::Div},
        {"//", BinOp::FloorDiv}, {"%", BinOp::Mod}, {"**", BinOp::Pow}, {"@", BinOp::MatMul},
        {"&", BinOp::BitAnd}, {"|", BinOp::BitOr}, {"^", BinOp::BitXor}, {"<<", BinOp::LShift},
        {">>", BinOp::RShift}};
    for (const auto& [text, o] : table) {
      if (op == text) s->op = o;
    }
    s->value = BuildTestlist(lists[1]);
    return s;
  }
  if (lists.size() == 1) {
    auto s = Make<ExprStmt>(r);
    s->value = BuildTestlist(lists[0]);
    return s;
  }
  auto s = Make<AssignStmt>(r);
  for (size_t i = 0; i + 1 < lists.size(); ++i) {
    s->targets.push_back(BuildTestlist(lists[i]));
    CheckTarget(s->targets.back().get(), true);
  }
  s->value = BuildTestlist(lists.back());
  return s;
}

StmtPtr AstBuilder::BuildCompound(TSP::Compound_stmtContext* ctx) {
  Range r = RangeOf(ctx);
  if (auto* i = ctx->if_stmt()) return BuildIf(i);
  if (auto* w = ctx->while_stmt()) {
    auto s = Make<WhileStmt>(r);
    s->test = BuildTest(w->test());
    s->body = BuildBlock(w->block());
    if (auto* e = w->else_clause()) s->orelse = BuildBlock(e->block());
    return s;
  }
  if (auto* f = ctx->for_stmt()) {
    auto s = Make<ForStmt>(r);
    s->target = BuildExprlist(f->exprlist());
    CheckTarget(s->target.get(), true);
    s->iter = BuildTestlist(f->testlist());
    s->body = BuildBlock(f->block());
    if (auto* e = f->else_clause()) s->orelse = BuildBlock(e->block());
    return s;
  }
  if (auto* t = ctx->try_stmt()) return BuildTry(t);
  if (auto* w = ctx->with_stmt()) {
    auto s = Make<WithStmt>(r);
    s->context = BuildTest(w->test());
    if (w->NAME()) s->as_name = w->NAME()->getText();
    s->body = BuildBlock(w->block());
    return s;
  }
  if (auto* f = ctx->funcdef()) return BuildFuncdef(f);
  if (auto* c = ctx->classdef()) return BuildClassdef(c);
  auto* d = ctx->decorated();
  std::vector<ExprPtr> decorators;
  for (auto* dec : d->decorator()) decorators.push_back(BuildTest(dec->test()));
  StmtPtr def = d->funcdef() ? BuildFuncdef(d->funcdef()) : BuildClassdef(d->classdef());
  if (auto* fn = dyn_cast<FunctionDef>(def.get())) fn->decorators = std::move(decorators);
  if (auto* cls = dyn_cast<ClassDef>(def.get())) cls->decorators = std::move(decorators);
  return def;
}

StmtPtr AstBuilder::BuildIf(TSP::If_stmtContext* ctx) {
  // Build the elif chain from the back so each elif nests in its predecessor.
  Block tail;
  bool tail_is_elif = false;
  if (auto* e = ctx->else_clause()) tail = BuildBlock(e->block());
  auto elifs = ctx->elif_clause();
  for (size_t i = elifs.size(); i-- > 0;) {
    Range r{RangeOf(elifs[i]).begin, RangeOf(ctx).end};
    auto s = Make<IfStmt>(r);
    s->test = BuildTest(elifs[i]->test());
    s->body = BuildBlock(elifs[i]->block());
    s->orelse = std::move(tail);
    s->orelse_is_elif = tail_is_elif;
    tail = Block{};
    tail.push_back(std::move(s));
    tail_is_elif = true;
  }
  auto s = Make<IfStmt>(RangeOf(ctx));
  s->test = BuildTest(ctx->test());
  s->body = BuildBlock(ctx->block());
  s->orelse = std::move(tail);
  s->orelse_is_elif = tail_is_elif;
  return s;
}

StmtPtr AstBuilder::BuildTry(TSP::Try_stmtContext* ctx) {
  auto s = Make<TryStmt>(RangeOf(ctx));
  s->body = BuildBlock(ctx->block());
  auto handlers = ctx->except_clause();
  for (size_t i = 0; i < handlers.size(); ++i) {
    auto* h = handlers[i];
    ExceptHandler eh;
    eh.range = Range{LocOf(h->getStart()), RangeOf(h->EXCEPT()->getSymbol()).end};
    if (h->test()) {
      eh.type = BuildTest(h->test());
      eh.range.end = eh.type->range.end;
    } else if (i + 1 < handlers.size()) {
      diags_.Report(DiagKind::SyntaxError, &file_, eh.range, "a bare `except:` must be the last handler");
    }
    if (h->NAME()) eh.name = h->NAME()->getText();
    eh.body = BuildBlock(h->block());
    s->handlers.push_back(std::move(eh));
  }
  if (auto* e = ctx->else_clause()) s->orelse = BuildBlock(e->block());
  if (auto* f = ctx->finally_clause()) s->finalbody = BuildBlock(f->block());
  return s;
}

void AstBuilder::AddParam(FunctionDef& f, antlr4::Token* name, TSP::TestContext* annotation,
                          TSP::TestContext* default_value, ParamKind kind) {
  Param param;
  param.kind = kind;
  param.name = name->getText();
  param.loc = LocOf(name);
  if (annotation) param.annotation = BuildTest(annotation);
  if (default_value) param.default_value = BuildTest(default_value);
  Range pr = RangeOf(name);
  for (const Param& q : f.params)
    if (q.name == param.name) diags_.Report(DiagKind::SyntaxError, &file_, pr, "duplicate parameter `" + param.name + "`");
  for (const Param& q : f.params) {
    if (q.kind == ParamKind::VarKw)
      diags_.Report(DiagKind::SyntaxError, &file_, pr, "parameter `" + param.name + "` follows `**" + q.name + "`")
          .hint = "`**kwargs` must be the last parameter";
    if (q.kind == ParamKind::VarArgs && kind == ParamKind::VarArgs)
      diags_.Report(DiagKind::SyntaxError, &file_, pr, "only one `*` parameter is allowed");
  }
  if (kind == ParamKind::Normal && !param.default_value && !f.params.empty() && f.params.back().default_value &&
      f.params.back().kind == ParamKind::Normal) {
    diags_.Report(DiagKind::SyntaxError, &file_, pr,
                  "parameter `" + param.name + "` without a default follows one with a default")
        .hint = "give it a default or move it before the parameters with defaults";
  }
  f.params.push_back(std::move(param));
}

StmtPtr AstBuilder::BuildFuncdef(TSP::FuncdefContext* ctx) {
  auto s = Make<FunctionDef>(RangeOf(ctx));
  s->name = ctx->NAME()->getText();
  s->name_loc = LocOf(ctx->NAME()->getSymbol());
  if (auto* ps = ctx->parameters()) {
    ParamKind after_star = ParamKind::Normal;
    for (auto* p : ps->param()) {
      auto tests = p->test();
      if (p->star || p->dstar) {
        ParamKind kind = p->star ? ParamKind::VarArgs : ParamKind::VarKw;
        if (p->star) {
          if (after_star == ParamKind::KwOnly)
            diags_.Report(DiagKind::SyntaxError, &file_, RangeOf(p), "only one `*` parameter is allowed");
          after_star = ParamKind::KwOnly;
        }
        if (!p->NAME()) {  // a bare `*`: keyword-only parameters follow
          if (p == ps->param().back())
            diags_.Report(DiagKind::SyntaxError, &file_, RangeOf(p), "named parameters must follow a bare `*`");
          continue;
        }
        AddParam(*s, p->NAME()->getSymbol(), tests.empty() ? nullptr : tests[0], nullptr, kind);
        continue;
      }
      bool annotated = p->children.size() > 1 && p->children[1]->getText() == ":";
      TSP::TestContext* ann = annotated ? tests[0] : nullptr;
      size_t d = annotated ? 1 : 0;
      AddParam(*s, p->NAME()->getSymbol(), ann, d < tests.size() ? tests[d] : nullptr, after_star);
    }
  }
  if (ctx->test()) s->returns = BuildTest(ctx->test());
  s->body = BuildBlock(ctx->block());
  return s;
}

StmtPtr AstBuilder::BuildClassdef(TSP::ClassdefContext* ctx) {
  auto s = Make<ClassDef>(RangeOf(ctx));
  s->name = ctx->NAME()->getText();
  s->name_loc = LocOf(ctx->NAME()->getSymbol());
  std::vector<Keyword> keywords;
  BuildArgs(ctx->arglist(), s->bases, keywords);
  for (const Keyword& k : keywords) {
    diags_.Report(DiagKind::SyntaxError, &file_, Range{k.loc, k.loc},
                  "class keyword arguments are not supported");
  }
  s->body = BuildBlock(ctx->block());
  return s;
}

StmtPtr AstBuilder::BuildImport(TSP::Import_stmtContext* ctx) {
  auto s = Make<ImportStmt>(RangeOf(ctx));
  for (auto* d : ctx->dotted_as_name()) {
    Alias a;
    a.name = d->dotted_name()->getText();
    if (d->NAME()) a.asname = d->NAME()->getText();
    a.loc = LocOf(d->getStart());
    s->names.push_back(std::move(a));
  }
  return s;
}

StmtPtr AstBuilder::BuildFromImport(TSP::From_import_stmtContext* ctx) {
  auto s = Make<ImportFromStmt>(RangeOf(ctx));
  s->module = ctx->dotted_name()->getText();
  for (auto* n : ctx->import_as_names()->import_as_name()) {
    Alias a;
    a.name = n->NAME(0)->getText();
    if (n->AS()) a.asname = n->NAME(1)->getText();
    a.loc = LocOf(n->getStart());
    s->names.push_back(std::move(a));
  }
  return s;
}

}  // namespace tcc::parse
