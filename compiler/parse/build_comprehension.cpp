// Implements comprehensions: `[e for x in xs if c]` and generator arguments
// `f(e for x in xs)` become ListCompExpr, with the names the `for` clauses
// bind renamed apart (`x` -> `x#N`, a spelling no source name can have) in
// everything the comprehension evaluates after binding them. The renamed
// names are then ordinary locals to every later phase, yet a comprehension
// never reads or clobbers a variable of the enclosing code, as in Python 3.
// A dict comprehension is a list comprehension of pairs given to dict().
#include <functional>
#include <map>

#include "parse/build.h"

namespace tcc::parse {

using namespace ast;

namespace {

using Renames = std::map<std::string, std::string>;

void CollectTargets(const Expr* e, Renames& r, int id) {
  if (auto* n = dyn_cast<NameExpr>(e)) {
    r[n->name] = n->name + "#" + std::to_string(id);
    return;
  }
  if (auto* t = dyn_cast<TupleExpr>(e)) for (auto& x : t->elts) CollectTargets(x.get(), r, id);
  if (auto* l = dyn_cast<ListExpr>(e)) for (auto& x : l->elts) CollectTargets(x.get(), r, id);
}

void Rename(Expr* e, const Renames& r) {
  if (!e) return;
  auto each = [&](std::vector<ExprPtr>& v) { for (auto& x : v) Rename(x.get(), r); };
  switch (e->kind) {
    case ExprKind::NameExpr: {
      auto* n = cast<NameExpr>(e);
      auto it = r.find(n->name);
      if (it != r.end()) n->name = it->second;
      return;
    }
    case ExprKind::IntLit: case ExprKind::FloatLit: case ExprKind::BoolLit: case ExprKind::NoneLit:
    case ExprKind::StrLit: case ExprKind::EllipsisLit:
      return;
    case ExprKind::ListExpr: each(cast<ListExpr>(e)->elts); return;
    case ExprKind::TupleExpr: each(cast<TupleExpr>(e)->elts); return;
    case ExprKind::DictExpr: each(cast<DictExpr>(e)->keys); each(cast<DictExpr>(e)->values); return;
    case ExprKind::SliceExpr: {
      auto* s = cast<SliceExpr>(e);
      Rename(s->lower.get(), r); Rename(s->upper.get(), r); Rename(s->step.get(), r);
      return;
    }
    case ExprKind::SubscriptExpr:
      Rename(cast<SubscriptExpr>(e)->value.get(), r); Rename(cast<SubscriptExpr>(e)->index.get(), r); return;
    case ExprKind::AttributeExpr: Rename(cast<AttributeExpr>(e)->value.get(), r); return;
    case ExprKind::CallExpr: {
      auto* c = cast<CallExpr>(e);
      Rename(c->func.get(), r);
      each(c->args);
      for (auto& k : c->keywords) Rename(k.value.get(), r);
      return;
    }
    case ExprKind::UnaryExpr: Rename(cast<UnaryExpr>(e)->operand.get(), r); return;
    case ExprKind::BinaryExpr: Rename(cast<BinaryExpr>(e)->lhs.get(), r); Rename(cast<BinaryExpr>(e)->rhs.get(), r); return;
    case ExprKind::CompareExpr: each(cast<CompareExpr>(e)->operands); return;
    case ExprKind::BoolOpExpr: each(cast<BoolOpExpr>(e)->values); return;
    case ExprKind::IfExpr: {
      auto* i = cast<IfExpr>(e);
      Rename(i->body.get(), r); Rename(i->test.get(), r); Rename(i->orelse.get(), r);
      return;
    }
    case ExprKind::ListCompExpr: {
      // An inner comprehension's own names are renamed already; the rest of
      // it may read the outer comprehension's names.
      auto* c = cast<ListCompExpr>(e);
      Rename(c->elt.get(), r);
      for (auto& g : c->generators) {
        Rename(g.iter.get(), r);
        each(g.ifs);
      }
      return;
    }
  }
}

}  // namespace

ExprPtr AstBuilder::BuildComprehension(const std::function<ExprPtr()>& build_elt, TSP::Comp_forContext* first,
                                       Range r) {
  DepthGuard guard(*this);
  if (guard.exceeded()) return Placeholder(r);
  auto comp = Make<ListCompExpr>(r);
  Renames renames;
  int id = ++comprehensions_;
  for (auto* cf = first; cf;) {
    Comprehension g;
    g.target = BuildExprlist(cf->exprlist());
    CheckTarget(g.target.get(), true);
    g.iter = BuildOrTest(cf->or_test());
    Rename(g.iter.get(), renames);  // may read the names of earlier clauses
    CollectTargets(g.target.get(), renames, id);
    Rename(g.target.get(), renames);
    TSP::Comp_iterContext* it = cf->comp_iter();
    cf = nullptr;
    while (it) {
      if (it->comp_for()) {
        cf = it->comp_for();
        break;
      }
      auto* ci = it->comp_if();
      g.ifs.push_back(BuildOrTest(ci->or_test()));
      Rename(g.ifs.back().get(), renames);
      it = ci->comp_iter();
    }
    comp->generators.push_back(std::move(g));
  }
  comp->elt = build_elt();
  Rename(comp->elt.get(), renames);
  return comp;
}

ExprPtr AstBuilder::BuildDictComprehension(TSP::DictmakerContext* ctx, Range r) {
  // {k: v for ...} is #dict([(k, v) for ...]): `#dict` is the builtin dict,
  // under a name user code cannot shadow.
  auto pairs = BuildComprehension(
      [&] {
        auto t = Make<TupleExpr>(RangeOf(ctx));
        t->elts.push_back(BuildTest(ctx->test(0)));
        t->elts.push_back(BuildTest(ctx->test(1)));
        return ExprPtr(std::move(t));
      },
      ctx->comp_for(), r);
  auto call = Make<CallExpr>(r);
  auto fn = Make<NameExpr>(r);
  fn->name = "#dict";
  call->func = std::move(fn);
  call->args.push_back(std::move(pairs));
  return call;
}

}  // namespace tcc::parse
