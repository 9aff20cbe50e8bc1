// Implements ForEachChild (visit.h): the sub-expressions of each kind.
#include "ast/visit.h"

namespace tcc::ast {

void ForEachChild(Expr& e, const std::function<void(Expr&)>& fn) {
  auto one = [&](ExprPtr& x) { if (x) fn(*x); };
  auto all = [&](std::vector<ExprPtr>& v) { for (auto& x : v) one(x); };
  switch (e.kind) {
    case ExprKind::NameExpr: case ExprKind::IntLit: case ExprKind::FloatLit: case ExprKind::BoolLit:
    case ExprKind::NoneLit: case ExprKind::StrLit: case ExprKind::EllipsisLit:
      return;
    case ExprKind::ListExpr: all(cast<ListExpr>(&e)->elts); return;
    case ExprKind::TupleExpr: all(cast<TupleExpr>(&e)->elts); return;
    case ExprKind::DictExpr: {
      auto* d = cast<DictExpr>(&e);
      for (size_t i = 0; i < d->keys.size(); ++i) {
        one(d->keys[i]);
        if (i < d->values.size()) one(d->values[i]);
      }
      return;
    }
    case ExprKind::SliceExpr: {
      auto* s = cast<SliceExpr>(&e);
      one(s->lower); one(s->upper); one(s->step);
      return;
    }
    case ExprKind::SubscriptExpr: one(cast<SubscriptExpr>(&e)->value); one(cast<SubscriptExpr>(&e)->index); return;
    case ExprKind::AttributeExpr: one(cast<AttributeExpr>(&e)->value); return;
    case ExprKind::CallExpr: {
      auto* c = cast<CallExpr>(&e);
      one(c->func);
      all(c->args);
      for (auto& k : c->keywords) one(k.value);
      return;
    }
    case ExprKind::UnaryExpr: one(cast<UnaryExpr>(&e)->operand); return;
    case ExprKind::BinaryExpr: one(cast<BinaryExpr>(&e)->lhs); one(cast<BinaryExpr>(&e)->rhs); return;
    case ExprKind::CompareExpr: all(cast<CompareExpr>(&e)->operands); return;
    case ExprKind::BoolOpExpr: all(cast<BoolOpExpr>(&e)->values); return;
    case ExprKind::IfExpr: {
      auto* i = cast<IfExpr>(&e);
      one(i->body); one(i->test); one(i->orelse);
      return;
    }
    case ExprKind::LambdaExpr:  // the defaults; the body is the function's own scope
      for (auto& p : cast<LambdaExpr>(&e)->fn->params) one(p.default_value);
      return;
    case ExprKind::StarredExpr: one(cast<StarredExpr>(&e)->value); return;
    case ExprKind::ListCompExpr: {
      auto* c = cast<ListCompExpr>(&e);
      one(c->elt);
      for (auto& g : c->generators) {
        one(g.target);
        one(g.iter);
        all(g.ifs);
      }
      return;
    }
  }
}

void ForEachChild(const Expr& e, const std::function<void(const Expr&)>& fn) {
  ForEachChild(const_cast<Expr&>(e), [&](Expr& x) { fn(x); });
}

}  // namespace tcc::ast
