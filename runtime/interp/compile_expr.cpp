// Implements compiling expressions and assignment targets to XNodes.
#include "interp/compile.h"
#include "interp/errors.h"
#include "interp/interpreter.h"
#include "interp/pynumber.h"

namespace tcc::interp {

using namespace ast;

namespace {
XPtr Node(XK k, Range r) {
  auto n = std::make_unique<XNode>();
  n->k = k;
  n->range = r;
  return n;
}
Value EllipsisValue() {
  static Value v = Value::Obj(new EllipsisObj());
  return v;
}
}  // namespace

void CompileError(Range range, const std::string& message) {
  TsError e(DiagKind::RtTypeError, message);
  e.range = range;
  throw e;
}

int32_t ModuleCode::GlobalSlot(const std::string& n) {
  auto it = global_index.find(n);
  if (it != global_index.end()) return it->second;
  int32_t i = static_cast<int32_t>(global_names.size());
  global_names.push_back(n);
  global_index[n] = i;
  return i;
}

XPtr Compiler::NameRef(const std::string& name, Range range) {
  XPtr n;
  if (scope_ && scope_->is_function && scope_->globals.count(name)) {
    n = Node(XK::Global, range);
    n->slot = mod_.GlobalSlot(name);
    auto& b = Builtins().index;
    auto it = b.find(name);
    n->aux = it == b.end() ? -1 : it->second;
  } else if (scope_ && scope_->is_function && scope_->nonlocals.count(name) && !scope_->free_index.count(name)) {
    CompileError(range, "no binding for nonlocal `" + name + "` found in an enclosing function");
  } else if (scope_ && scope_->is_function && scope_->locals.count(name)) {
    n = Node(scope_->cells.count(name) ? XK::Cell : XK::Local, range);
    n->slot = scope_->slots.at(name);
  } else if (scope_ && scope_->is_function && scope_->free_index.count(name)) {
    n = Node(XK::Free, range);
    n->slot = scope_->free_index.at(name);
  } else {
    n = Node(XK::Global, range);
    n->slot = mod_.GlobalSlot(name);
    auto& b = Builtins().index;
    auto it = b.find(name);
    n->aux = it == b.end() ? -1 : it->second;
  }
  n->name = name;
  return n;
}

XPtr Compiler::Expr(const ast::Expr* e) {
  if (!e) return nullptr;
  switch (e->kind) {
    case ExprKind::NameExpr: return NameRef(cast<NameExpr>(e)->name, e->range);
    case ExprKind::IntLit: {
      auto n = Node(XK::Const, e->range);
      const auto* lit = cast<IntLit>(e);
      n->constant = lit->big.empty() ? Value::Int(lit->value)
                                     : FromPyNumber(sem::PyNumber::Big(*sem::BigInt::FromDigits(lit->big, 10)));
      return n;
    }
    case ExprKind::FloatLit: { auto n = Node(XK::Const, e->range); n->constant = Value::Float(cast<FloatLit>(e)->value); return n; }
    case ExprKind::BoolLit: { auto n = Node(XK::Const, e->range); n->constant = Value::Bool(cast<BoolLit>(e)->value); return n; }
    case ExprKind::NoneLit: { auto n = Node(XK::Const, e->range); n->constant = Value::None(); return n; }
    case ExprKind::StrLit: { auto n = Node(XK::Const, e->range); n->constant = MakeStr(cast<StrLit>(e)->value); return n; }
    case ExprKind::EllipsisLit: { auto n = Node(XK::Const, e->range); n->constant = EllipsisValue(); return n; }
    case ExprKind::LambdaExpr: {
      auto n = Node(XK::Lambda, e->range);
      n->func = Function(cast<LambdaExpr>(e)->fn.get(), qual_prefix_);
      return n;
    }
    case ExprKind::ListCompExpr: {
      auto* c = cast<ListCompExpr>(e);
      auto n = Node(XK::ListComp, e->range);
      n->kids.push_back(Expr(c->elt.get()));
      for (const auto& g : c->generators) {
        n->kids.push_back(Target(g.target.get()));
        n->kids.push_back(Expr(g.iter.get()));
        for (auto& x : g.ifs) n->kids.push_back(Expr(x.get()));
        n->kwnames.push_back(static_cast<int32_t>(g.ifs.size()));
      }
      return n;
    }
    case ExprKind::ListExpr: {
      auto n = Node(XK::List, e->range);
      for (auto& x : cast<ListExpr>(e)->elts) n->kids.push_back(Expr(x.get()));
      return n;
    }
    case ExprKind::TupleExpr: {
      auto n = Node(XK::Tuple, e->range);
      for (auto& x : cast<TupleExpr>(e)->elts) n->kids.push_back(Expr(x.get()));
      return n;
    }
    case ExprKind::DictExpr: {
      auto* d = cast<DictExpr>(e);
      auto n = Node(XK::Dict, e->range);
      for (size_t i = 0; i < d->keys.size(); ++i) {
        n->kids.push_back(Expr(d->keys[i].get()));
        n->kids.push_back(Expr(d->values[i].get()));
      }
      return n;
    }
    case ExprKind::SliceExpr: {
      auto* d = cast<SliceExpr>(e);
      auto n = Node(XK::Slice, e->range);
      n->kids.push_back(Expr(d->lower.get()));
      n->kids.push_back(Expr(d->upper.get()));
      n->kids.push_back(Expr(d->step.get()));
      return n;
    }
    case ExprKind::SubscriptExpr: {
      auto* d = cast<SubscriptExpr>(e);
      auto n = Node(XK::Subscript, e->range);
      n->kids.push_back(Expr(d->value.get()));
      n->kids.push_back(Expr(d->index.get()));
      return n;
    }
    case ExprKind::AttributeExpr: {
      auto* d = cast<AttributeExpr>(e);
      auto n = Node(XK::Attr, e->range);
      n->kids.push_back(Expr(d->value.get()));
      n->slot = Intern(d->attr);
      n->op_loc = d->attr_loc.valid() ? d->attr_loc : e->range.begin;
      return n;
    }
    case ExprKind::CallExpr: {
      auto* c = cast<CallExpr>(e);
      auto n = Node(XK::Call, e->range);
      n->kids.push_back(Expr(c->func.get()));
      for (auto& a : c->args) n->kids.push_back(Expr(a.get()));
      for (auto& a : c->args)
        if (a->kind == ExprKind::StarredExpr) n->op = 1;
      for (auto& k : c->keywords) {
        n->kids.push_back(Expr(k.value.get()));
        n->kwnames.push_back(k.name.empty() ? -1 : Intern(k.name));
        if (k.name.empty()) n->op = 1;
      }
      return n;
    }
    case ExprKind::UnaryExpr: {
      auto* u = cast<UnaryExpr>(e);
      // Fold -<number literal> so `-1` is a constant.
      if (u->op == UnaryOp::Neg && isa<IntLit>(u->operand.get()) && cast<IntLit>(u->operand.get())->big.empty()) {
        auto n = Node(XK::Const, e->range);
        n->constant = Value::Int(-cast<IntLit>(u->operand.get())->value);
        return n;
      }
      if (u->op == UnaryOp::Neg && isa<FloatLit>(u->operand.get())) {
        auto n = Node(XK::Const, e->range);
        n->constant = Value::Float(-cast<FloatLit>(u->operand.get())->value);
        return n;
      }
      auto n = Node(XK::Unary, e->range);
      n->op = static_cast<uint8_t>(u->op);
      n->kids.push_back(Expr(u->operand.get()));
      return n;
    }
    case ExprKind::BinaryExpr: {
      auto* b = cast<BinaryExpr>(e);
      auto n = Node(XK::Binary, e->range);
      n->op = static_cast<uint8_t>(b->op);
      n->op_loc = b->op_loc;
      n->kids.push_back(Expr(b->lhs.get()));
      n->kids.push_back(Expr(b->rhs.get()));
      return n;
    }
    case ExprKind::CompareExpr: {
      auto* c = cast<CompareExpr>(e);
      auto n = Node(XK::Compare, e->range);
      for (auto op : c->ops) n->cmpops.push_back(static_cast<uint8_t>(op));
      for (auto& x : c->operands) n->kids.push_back(Expr(x.get()));
      return n;
    }
    case ExprKind::BoolOpExpr: {
      auto* b = cast<BoolOpExpr>(e);
      auto n = Node(b->op == BoolOp::And ? XK::And : XK::Or, e->range);
      for (auto& x : b->values) n->kids.push_back(Expr(x.get()));
      return n;
    }
    case ExprKind::StarredExpr: {
      auto n = Node(XK::Starred, e->range);
      n->kids.push_back(Expr(cast<StarredExpr>(e)->value.get()));
      return n;
    }
    case ExprKind::IfExpr: {
      auto* i = cast<IfExpr>(e);
      auto n = Node(XK::IfExp, e->range);
      n->kids.push_back(Expr(i->body.get()));
      n->kids.push_back(Expr(i->test.get()));
      n->kids.push_back(Expr(i->orelse.get()));
      return n;
    }
  }
  CompileError(e->range, "unsupported expression");
}

XPtr Compiler::Target(const ast::Expr* e) {
  switch (e->kind) {
    case ExprKind::NameExpr:
    case ExprKind::AttributeExpr:
    case ExprKind::SubscriptExpr:
      return Expr(e);
    case ExprKind::TupleExpr: {
      auto n = Node(XK::Tuple, e->range);
      for (auto& x : cast<TupleExpr>(e)->elts) n->kids.push_back(Target(x.get()));
      return n;
    }
    case ExprKind::ListExpr: {
      auto n = Node(XK::Tuple, e->range);
      for (auto& x : cast<ListExpr>(e)->elts) n->kids.push_back(Target(x.get()));
      return n;
    }
    case ExprKind::StarredExpr: {
      auto n = Node(XK::Starred, e->range);
      n->kids.push_back(Target(cast<StarredExpr>(e)->value.get()));
      return n;
    }
    case ExprKind::IntLit: case ExprKind::FloatLit: case ExprKind::BoolLit: case ExprKind::NoneLit:
    case ExprKind::StrLit: case ExprKind::EllipsisLit: case ExprKind::DictExpr: case ExprKind::SliceExpr:
    case ExprKind::CallExpr: case ExprKind::UnaryExpr: case ExprKind::BinaryExpr: case ExprKind::CompareExpr:
    case ExprKind::BoolOpExpr: case ExprKind::IfExpr: case ExprKind::ListCompExpr: case ExprKind::LambdaExpr:
      break;
  }
  CompileError(e->range, "cannot assign to this expression");
}

}  // namespace tcc::interp
