// Implements the conversion of expression parse trees into AST expressions.
#include <string>

#include "parse/build.h"

namespace tcc::parse {

using namespace ast;
using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;

Range AstBuilder::RangeOf(ParserRuleContext* ctx) const {
  Token* start = ctx->getStart();
  Token* stop = ctx->getStop();
  Loc b = pos_.Begin(start);
  Loc e = stop ? pos_.End(stop) : b;
  if (e < b) e = b;
  return Range{b, e};
}

Range AstBuilder::RangeOf(Token* tok) const { return Range{pos_.Begin(tok), pos_.End(tok)}; }

ExprPtr AstBuilder::Placeholder(Range r) { return Make<NoneLit>(r); }

namespace {

Token* FirstToken(ParseTree* t) {
  if (auto* term = dynamic_cast<TerminalNode*>(t)) return term->getSymbol();
  return static_cast<ParserRuleContext*>(t)->getStart();
}

bool ParseBinOp(const std::string& s, BinOp& op) {
  static const std::pair<const char*, BinOp> table[] = {
      {"+", BinOp::Add},     {"-", BinOp::Sub},      {"*", BinOp::Mul},    {"/", BinOp::Div},
      {"//", BinOp::FloorDiv}, {"%", BinOp::Mod},    {"**", BinOp::Pow},   {"@", BinOp::MatMul},
      {"&", BinOp::BitAnd},  {"|", BinOp::BitOr},    {"^", BinOp::BitXor}, {"<<", BinOp::LShift},
      {">>", BinOp::RShift}};
  for (const auto& [text, o] : table) {
    if (s == text) { op = o; return true; }
  }
  return false;
}

CmpOp ParseCmpOp(TSP::Comp_opContext* c) {
  if (c->IS()) return c->NOT() ? CmpOp::IsNot : CmpOp::Is;
  if (c->IN()) return c->NOT() ? CmpOp::NotIn : CmpOp::In;
  std::string s = c->getText();
  if (s == "==") return CmpOp::Eq;
  if (s == "!=") return CmpOp::NotEq;
  if (s == "<") return CmpOp::Lt;
  if (s == "<=") return CmpOp::LtE;
  if (s == ">") return CmpOp::Gt;
  return CmpOp::GtE;
}

}  // namespace

// `a | b`, `a ^ b`, `a & b`, shifts, `+ -`, `* / // % @`: one flat context per
// level with operands at even child positions, folded to the left.
static ExprPtr BuildChain(AstBuilder& b, ParserRuleContext* ctx);

static ExprPtr BuildOperand(AstBuilder& b, ParseTree* t) {
  auto* ctx = static_cast<ParserRuleContext*>(t);
  if (ctx->getRuleIndex() == TSP::RuleFactor) return b.BuildFactor(static_cast<TSP::FactorContext*>(ctx));
  return BuildChain(b, ctx);
}

static ExprPtr BuildChain(AstBuilder& b, ParserRuleContext* ctx) {
  auto& ch = ctx->children;
  ExprPtr lhs = BuildOperand(b, ch[0]);
  // Ranges come from the parse tree so they include parentheses: `(a + b) * c`
  // starts at the `(`.
  Loc begin = b.RangeOf(static_cast<ParserRuleContext*>(ch[0])).begin;
  for (size_t i = 1; i + 1 < ch.size(); i += 2) {
    ExprPtr rhs = BuildOperand(b, ch[i + 1]);
    Loc end = b.RangeOf(static_cast<ParserRuleContext*>(ch[i + 1])).end;
    auto bin = b.Make<BinaryExpr>(Range{begin, end});
    ParseBinOp(ch[i]->getText(), bin->op);
    bin->op_loc = b.LocOf(FirstToken(ch[i]));
    bin->lhs = std::move(lhs);
    bin->rhs = std::move(rhs);
    lhs = std::move(bin);
  }
  return lhs;
}

ExprPtr AstBuilder::BuildStar(TSP::Star_exprContext* ctx) {
  auto st = Make<StarredExpr>(RangeOf(ctx));
  st->value = BuildExpr(ctx->expr());
  return st;
}

std::vector<ExprPtr> AstBuilder::BuildItems(TSP::TestlistContext* ctx) {
  std::vector<ExprPtr> out;
  for (auto* ch : ctx->children) {
    if (auto* t = dynamic_cast<TSP::TestContext*>(ch)) out.push_back(BuildTest(t));
    else if (auto* s = dynamic_cast<TSP::Star_exprContext*>(ch)) out.push_back(BuildStar(s));
  }
  return out;
}

ExprPtr AstBuilder::BuildTestlist(TSP::TestlistContext* ctx) {
  auto items = BuildItems(ctx);
  if (items.size() == 1 && ctx->children.size() == 1 && !isa<StarredExpr>(items[0].get())) return std::move(items[0]);
  auto tup = Make<TupleExpr>(RangeOf(ctx));
  tup->elts = std::move(items);
  return tup;
}

ExprPtr AstBuilder::BuildLambda(TSP::LambdefContext* ctx) {
  Range r = RangeOf(ctx);
  auto lam = Make<LambdaExpr>(r);
  lam->fn = Make<FunctionDef>(r);
  lam->fn->name = "<lambda>";
  lam->fn->name_loc = r.begin;
  if (auto* ps = ctx->lambda_params()) {
    ParamKind after_star = ParamKind::Normal;
    for (auto* p : ps->lambda_param()) {
      ParamKind kind = p->star ? ParamKind::VarArgs : p->dstar ? ParamKind::VarKw : after_star;
      if (p->star) after_star = ParamKind::KwOnly;
      if (p->star && !p->NAME()) continue;  // a bare `*`: keyword-only parameters follow
      AddParam(*lam->fn, p->NAME()->getSymbol(), nullptr, p->test(), kind);
    }
  }
  auto ret = Make<ReturnStmt>(RangeOf(ctx->test()));
  ret->value = BuildTest(ctx->test());
  lam->fn->body.push_back(std::move(ret));
  return lam;
}

ExprPtr AstBuilder::BuildExprlist(TSP::ExprlistContext* ctx) {
  std::vector<ExprPtr> items;
  for (auto* ch : ctx->children) {
    if (auto* x = dynamic_cast<TSP::ExprContext*>(ch)) items.push_back(BuildExpr(x));
    else if (auto* st = dynamic_cast<TSP::Star_exprContext*>(ch)) items.push_back(BuildStar(st));
  }
  if (items.size() == 1 && ctx->children.size() == 1 && !isa<StarredExpr>(items[0].get())) return std::move(items[0]);
  auto tup = Make<TupleExpr>(RangeOf(ctx));
  tup->elts = std::move(items);
  return tup;
}

ExprPtr AstBuilder::BuildTest(TSP::TestContext* ctx) {
  DepthGuard guard(*this);
  if (guard.exceeded()) {
    if (!too_deep_) {
      too_deep_ = true;
      diags_.Report(DiagKind::NestingTooDeep, &file_, RangeOf(ctx), "expression is nested too deeply");
    }
    return Placeholder(RangeOf(ctx));
  }
  if (ctx->lambdef()) return BuildLambda(ctx->lambdef());
  auto ors = ctx->or_test();
  if (ors.size() == 1) return BuildOrTest(ors[0]);
  auto e = Make<IfExpr>(RangeOf(ctx));
  e->body = BuildOrTest(ors[0]);
  e->test = BuildOrTest(ors[1]);
  e->orelse = BuildTest(ctx->test());
  return e;
}

ExprPtr AstBuilder::BuildOrTest(TSP::Or_testContext* ctx) {
  auto parts = ctx->and_test();
  if (parts.size() == 1) return BuildAndTest(parts[0]);
  auto e = Make<BoolOpExpr>(RangeOf(ctx));
  e->op = BoolOp::Or;
  for (auto* p : parts) e->values.push_back(BuildAndTest(p));
  return e;
}

ExprPtr AstBuilder::BuildAndTest(TSP::And_testContext* ctx) {
  auto parts = ctx->not_test();
  if (parts.size() == 1) return BuildNotTest(parts[0]);
  auto e = Make<BoolOpExpr>(RangeOf(ctx));
  e->op = BoolOp::And;
  for (auto* p : parts) e->values.push_back(BuildNotTest(p));
  return e;
}

ExprPtr AstBuilder::BuildNotTest(TSP::Not_testContext* ctx) {
  if (ctx->comparison()) return BuildComparison(ctx->comparison());
  DepthGuard guard(*this);
  if (guard.exceeded()) return Placeholder(RangeOf(ctx));
  auto e = Make<UnaryExpr>(RangeOf(ctx));
  e->op = UnaryOp::Not;
  e->operand = BuildNotTest(ctx->not_test());
  return e;
}

ExprPtr AstBuilder::BuildComparison(TSP::ComparisonContext* ctx) {
  auto exprs = ctx->expr();
  if (exprs.size() == 1) return BuildExpr(exprs[0]);
  auto e = Make<CompareExpr>(RangeOf(ctx));
  for (auto* op : ctx->comp_op()) e->ops.push_back(ParseCmpOp(op));
  for (auto* x : exprs) e->operands.push_back(BuildExpr(x));
  return e;
}

ExprPtr AstBuilder::BuildExpr(TSP::ExprContext* ctx) { return BuildChain(*this, ctx); }

ExprPtr AstBuilder::BuildFactor(TSP::FactorContext* ctx) {
  if (ctx->power()) return BuildPower(ctx->power());
  DepthGuard guard(*this);
  if (guard.exceeded()) return Placeholder(RangeOf(ctx));
  auto e = Make<UnaryExpr>(RangeOf(ctx));
  std::string op = ctx->unary_op()->getText();
  e->op = op == "-" ? UnaryOp::Neg : op == "+" ? UnaryOp::Pos : UnaryOp::Invert;
  e->operand = BuildFactor(ctx->factor());
  return e;
}

ExprPtr AstBuilder::BuildPower(TSP::PowerContext* ctx) {
  ExprPtr base = BuildAtomExpr(ctx->atom_expr());
  if (!ctx->factor()) return base;
  DepthGuard guard(*this);
  if (guard.exceeded()) return base;
  ExprPtr exp = BuildFactor(ctx->factor());
  auto e = Make<BinaryExpr>(RangeOf(ctx));
  e->op = BinOp::Pow;
  e->op_loc = LocOf(ctx->children[1] ? FirstToken(ctx->children[1]) : ctx->getStart());
  e->lhs = std::move(base);
  e->rhs = std::move(exp);
  return e;
}

ExprPtr AstBuilder::BuildAtomExpr(TSP::Atom_exprContext* ctx) {
  ExprPtr cur = BuildAtom(ctx->atom());
  Loc begin = RangeOf(ctx->atom()).begin;  // includes a `(` around the atom
  for (auto* tr : ctx->trailer()) {
    Range r{begin, RangeOf(tr).end};
    if (tr->DOT()) {
      auto a = Make<AttributeExpr>(r);
      a->value = std::move(cur);
      a->attr = tr->NAME()->getText();
      a->attr_loc = LocOf(tr->NAME()->getSymbol());
      cur = std::move(a);
    } else if (tr->LPAR()) {
      auto c = Make<CallExpr>(r);
      c->func = std::move(cur);
      BuildArgs(tr->arglist(), c->args, c->keywords);
      cur = std::move(c);
    } else {
      auto s = Make<SubscriptExpr>(r);
      s->value = std::move(cur);
      s->index = BuildSubscripts(tr->subscriptlist());
      cur = std::move(s);
    }
  }
  return cur;
}

ExprPtr AstBuilder::BuildAtom(TSP::AtomContext* ctx) {
  Range r = RangeOf(ctx);
  if (ctx->NAME()) {
    auto n = Make<NameExpr>(r);
    n->name = ctx->NAME()->getText();
    return n;
  }
  if (ctx->INTEGER()) return BuildNumber(ctx->INTEGER()->getSymbol(), false);
  if (ctx->FLOAT_NUMBER()) return BuildNumber(ctx->FLOAT_NUMBER()->getSymbol(), true);
  if (!ctx->STRING().empty()) return BuildStrings(ctx);
  if (ctx->ELLIPSIS()) return Make<EllipsisLit>(r);
  if (ctx->NONE()) return Make<NoneLit>(r);
  if (ctx->TRUE() || ctx->FALSE()) {
    auto b = Make<BoolLit>(r);
    b->value = ctx->TRUE() != nullptr;
    return b;
  }
  DepthGuard guard(*this);
  if (guard.exceeded()) return Placeholder(r);
  auto* tc = ctx->testlist_comp();
  if (ctx->LBRACE() && tc) return BuildSet(tc, r);
  if (tc && tc->comp_for()) return BuildComprehension([&] { return BuildTest(tc->test()); }, tc->comp_for(), r);
  auto* tl = tc ? tc->testlist() : nullptr;
  if (ctx->LPAR()) {
    if (tl && tl->test().size() == 1 && tl->children.size() == 1) return BuildTest(tl->test(0));
    auto tup = Make<TupleExpr>(r);
    tup->parenthesized = true;
    if (tl) tup->elts = BuildItems(tl);
    return tup;
  }
  if (ctx->LSQB()) {
    auto list = Make<ListExpr>(r);
    if (tl) list->elts = BuildItems(tl);
    return list;
  }
  if (ctx->dictmaker() && ctx->dictmaker()->comp_for()) return BuildDictComprehension(ctx->dictmaker(), r);
  auto dict = Make<DictExpr>(r);
  if (auto* dm = ctx->dictmaker()) {
    for (auto* item : dm->dict_item()) {
      if (item->expr()) {  // `**d`
        dict->keys.push_back(nullptr);
        dict->values.push_back(BuildExpr(item->expr()));
        continue;
      }
      dict->keys.push_back(BuildTest(item->test(0)));
      dict->values.push_back(BuildTest(item->test(1)));
    }
  }
  return dict;
}

ExprPtr AstBuilder::BuildSubscripts(TSP::SubscriptlistContext* ctx) {
  std::vector<ExprPtr> items;
  for (auto* s : ctx->subscript()) {
    if (s->test()) {
      items.push_back(BuildTest(s->test()));
      continue;
    }
    auto* so = s->sliceop();
    auto slice = Make<SliceExpr>(RangeOf(so));
    if (so->lower) slice->lower = BuildTest(so->lower);
    if (so->upper) slice->upper = BuildTest(so->upper);
    if (so->step) slice->step = BuildTest(so->step);
    items.push_back(std::move(slice));
  }
  if (items.size() == 1 && ctx->children.size() == 1) return std::move(items[0]);
  auto tup = Make<TupleExpr>(RangeOf(ctx));
  tup->elts = std::move(items);
  return tup;
}

void AstBuilder::BuildArgs(TSP::ArglistContext* ctx, std::vector<ExprPtr>& args,
                           std::vector<Keyword>& keywords) {
  if (!ctx) return;
  bool unpacked_kw = false;
  for (auto* a : ctx->argument()) {
    if (a->dstar) {  // `**d`: a keyword with no name
      keywords.push_back(Keyword{"", BuildTest(a->test()), LocOf(a->dstar)});
      unpacked_kw = true;
      continue;
    }
    if (a->star) {  // `*xs`
      if (unpacked_kw) {
        diags_.Report(DiagKind::SyntaxError, &file_, RangeOf(a), "iterable argument unpacking follows keyword argument unpacking");
      }
      auto st = Make<StarredExpr>(RangeOf(a));
      st->value = BuildTest(a->test());
      args.push_back(std::move(st));
      continue;
    }
    if (a->NAME()) {
      std::string name = a->NAME()->getText();
      for (const Keyword& k : keywords) {
        if (k.name == name) {
          diags_.Report(DiagKind::SyntaxError, &file_, RangeOf(a->NAME()->getSymbol()),
                        "keyword argument `" + name + "` is repeated");
        }
      }
      keywords.push_back(Keyword{name, BuildTest(a->test()), LocOf(a->NAME()->getSymbol())});
      continue;
    }
    if (!keywords.empty()) {  // after `name=v` or `**d`
      diags_.Report(DiagKind::SyntaxError, &file_, RangeOf(a),
                    "positional argument follows keyword argument")
          .hint = "pass positional arguments first";
    }
    if (a->comp_for()) {
      if (ctx->argument().size() > 1)
        diags_.Report(DiagKind::SyntaxError, &file_, RangeOf(a),
                      "a generator expression must be the only argument unless it is in parentheses")
            .hint = "write `f((x for x in xs), y)` or use a list `[x for x in xs]`";
      args.push_back(BuildComprehension([&] { return BuildTest(a->test()); }, a->comp_for(), RangeOf(a)));
      continue;
    }
    args.push_back(BuildTest(a->test()));
  }
}

}  // namespace tcc::parse
