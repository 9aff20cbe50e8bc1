// Implements abstract evaluation of expressions: names, literals,
// containers, attributes, subscripts, operators and conditions.
#include <cmath>

#include "ast/scope.h"
#include "semantics/pynum.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

namespace {
Range R(const ast::Node& n) { return n.range; }

ValuePtr JoinValues(SymTable& syms, const ValuePtr& a, const ValuePtr& b) {
  if (!a) return b;
  if (!b || a == b) return a;
  if (a->kind == VK::Tensor && b->kind == VK::Tensor && a->rank_known && b->rank_known &&
      a->type.shape.size() == b->type.shape.size()) {
    graph::TensorType t = a->type;
    t.dtype = Promote(a->type.dtype, b->type.dtype);
    for (size_t i = 0; i < t.shape.size(); ++i)
      if (!syms.KnownEqual(a->type.shape[i], b->type.shape[i])) t.shape[i] = syms.Fresh();
    return MakeTensor(t);
  }
  if (a->kind == b->kind && a->is_number()) {
    if (KnownEqual(*a, *b).value_or(false)) return a;
    return MakeUnknownOf(a->kind);
  }
  if (a->kind == b->kind && a->kind == VK::None) return a;
  if (a->kind == VK::Str && b->kind == VK::Str) {
    if (a->known && b->known && a->s == b->s) return a;
    auto r = MakeUnknownOf(VK::Str);
    r->s = !a->s.empty() ? a->s : b->s;  // a likely value (e.g. a default path)
    return r;
  }
  return MakeUnknown();
}
}  // namespace

ValuePtr JoinForBranches(SymTable& syms, const ValuePtr& a, const ValuePtr& b) { return JoinValues(syms, a, b); }

ValuePtr Tracer::Eval(const Expr& e) {
  if (raise_pending) return MakeUnknown();
  switch (e.kind) {
    case ExprKind::NameExpr: return EvalName(*cast<NameExpr>(&e));
    case ExprKind::IntLit: return MakeInt(cast<IntLit>(&e)->value);
    case ExprKind::FloatLit: return MakeFloat(cast<FloatLit>(&e)->value);
    case ExprKind::BoolLit: return MakeBool(cast<BoolLit>(&e)->value);
    case ExprKind::NoneLit: return MakeNone();
    case ExprKind::StrLit: return MakeStr(cast<StrLit>(&e)->value);
    case ExprKind::EllipsisLit: { auto v = MakeUnknown(); v->kind = VK::Ellipsis; return v; }
    case ExprKind::ListExpr: case ExprKind::TupleExpr: {
      const auto& elts = e.kind == ExprKind::ListExpr ? cast<ListExpr>(&e)->elts : cast<TupleExpr>(&e)->elts;
      auto items = EvalItems(elts);
      if (!items) {
        auto v = MakeSeq(e.kind == ExprKind::ListExpr ? VK::List : VK::Tuple, {});
        v->known = false;
        return v;
      }
      return MakeSeq(e.kind == ExprKind::ListExpr ? VK::List : VK::Tuple, std::move(*items));
    }
    case ExprKind::StarredExpr:
      Issue(DiagKind::TraceTypeError, e.range, "a starred expression `*x` can only be used in a list, a tuple or a call");
      Eval(*cast<StarredExpr>(&e)->value);
      return MakeUnknown();
    case ExprKind::DictExpr: {
      const auto* d = cast<DictExpr>(&e);
      auto v = MakeSeq(VK::Dict, {});
      for (size_t i = 0; i < d->keys.size(); ++i) {
        if (!d->keys[i]) {  // `**other`
          ValuePtr other = Eval(*d->values[i]);
          if (other->kind != VK::Dict || !other->known) {
            MarkEager("`**` of " + Describe(*other) + " in a dict display", d->values[i]->range);
            v->known = false;
            continue;
          }
          for (size_t j = 0; j < other->keys.size(); ++j) {
            bool replaced = false;
            for (size_t k = 0; k < v->keys.size() && !replaced; ++k) {
              auto eq = KnownEqual(*v->keys[k], *other->keys[j]);
              if (eq && *eq) { v->items[k] = other->items[j]; replaced = true; }
            }
            if (!replaced) { v->keys.push_back(other->keys[j]); v->items.push_back(other->items[j]); }
          }
          continue;
        }
        v->keys.push_back(Eval(*d->keys[i]));
        v->items.push_back(Eval(*d->values[i]));
      }
      return v;
    }
    case ExprKind::SliceExpr: {
      const auto* s = cast<SliceExpr>(&e);
      auto v = MakeSeq(VK::Slice, {s->lower ? Eval(*s->lower) : MakeNone(), s->upper ? Eval(*s->upper) : MakeNone(),
                                   s->step ? Eval(*s->step) : MakeNone()});
      return v;
    }
    case ExprKind::SubscriptExpr: return EvalSubscript(*cast<SubscriptExpr>(&e));
    case ExprKind::AttributeExpr: return EvalAttribute(*cast<AttributeExpr>(&e));
    case ExprKind::CallExpr: return EvalCall(*cast<CallExpr>(&e));
    case ExprKind::UnaryExpr: return EvalUnary(*cast<UnaryExpr>(&e));
    case ExprKind::BinaryExpr: return EvalBinary(*cast<BinaryExpr>(&e));
    case ExprKind::CompareExpr: return EvalCompare(*cast<CompareExpr>(&e));
    case ExprKind::BoolOpExpr: return EvalBoolOp(*cast<BoolOpExpr>(&e));
    case ExprKind::IfExpr: return EvalIfExpr(*cast<IfExpr>(&e));
    case ExprKind::ListCompExpr: return EvalListComp(*cast<ListCompExpr>(&e));
    case ExprKind::LambdaExpr: return FunctionValue(*cast<LambdaExpr>(&e)->fn);
  }
  return MakeUnknown();
}

const std::set<std::string>& Tracer::LocalNamesOf(const FunctionDef& def) {
  auto it = local_names.find(&def);
  if (it == local_names.end()) it = local_names.emplace(&def, ast::LocalNames(def)).first;
  return it->second;
}

ValuePtr Tracer::EvalName(const NameExpr& e) {
  Frame& f = Cur();
  bool local = true;
  for (Env* env = f.locals.get(); env; env = env->parent.get()) {
    auto it = env->vars.find(e.name);
    if (it != env->vars.end()) {
      if (local && f.def) NoteLocalRead(e.name, false);
      return it->second;
    }
    if (local && f.def && LocalNamesOf(*f.def).count(e.name)) {
      // Python's scope rule: a name the function binds anywhere is local
      // everywhere in it, even where a global or builtin has that name.
      Issue(DiagKind::TraceUndefinedName, R(e),
            "local variable `" + e.name + "` is read before it is assigned (an UnboundLocalError at run time)",
            "`" + e.name + "` is assigned in this function, so it is local throughout; rename the local or "
            "read the global under another name");
      MarkEager("`" + e.name + "` is read before it is assigned", R(e), true);
      return MakeUnknown();
    }
    local = false;
  }
  ModuleState* m = f.module;
  if (m && m->globals.get() != f.locals.get()) {
    auto it = m->globals->vars.find(e.name);
    if (it != m->globals->vars.end()) {
      if (f.def) NoteLocalRead(e.name, true);
      if (reading_globals && f.def) {
        bool seen = false;
        for (const auto& g : *reading_globals) seen |= g.module == m && g.name == e.name;
        if (!seen) reading_globals->push_back({m, e.name, GlobalFingerprint(*it->second)});
      }
      return it->second;
    }
  }
  if (e.name == "super") return MakeBuiltin("super");
  if (ValuePtr exc = ExceptionClass(e.name)) return exc;
  if (IsBuiltinName(e.name)) {
    auto d = sem::DTypeFromName(e.name);  // the canonical names are builtins: `float32`, ...
    if (d && e.name == sem::DTypeName(*d) && *d != graph::DType::Bool) return MakeDType(*d);
    return MakeBuiltin(e.name);
  }
  Issue(DiagKind::TraceUndefinedName, R(e), "name `" + e.name + "` is not defined",
        "define it before use, or import it");
  MarkEager("name `" + e.name + "` is not defined", R(e), true);
  return MakeUnknown();
}

ValuePtr Tracer::EvalAttribute(const AttributeExpr& e) {
  ValuePtr base = Eval(*e.value);
  Range where{e.attr_loc.valid() ? e.attr_loc : e.range.begin, e.range.end};
  return GetAttr(base, e.attr, where);
}

ValuePtr Tracer::GetAttr(const ValuePtr& base, const std::string& attr, Range where) {
  if (raise_pending) return MakeUnknown();
  switch (base->kind) {
    case VK::Object: {
      auto it = base->attrs.find(attr);
      if (it != base->attrs.end()) return it->second;
      if (base->cls) {
        auto m = base->cls->members.find(attr);
        if (m != base->cls->members.end()) {
          if (m->second->kind == VK::Function || m->second->kind == VK::Wrapper) {
            auto bm = MakeUnknown();
            bm->kind = VK::BoundMethod;
            bm->self_value = base;
            bm->inner = m->second;
            return bm;
          }
          if (ValuePtr d = BindMember(m->second, base, false, where)) return d;
          return m->second;
        }
      }
      if (ValuePtr s = SpecialAttr(base, attr)) return s;
      Issue(DiagKind::TraceTypeError, where,
            "`" + (base->cls ? base->cls->name : std::string("?")) + "` object has no attribute `" + attr + "`");
      return MakeUnknown();
    }
    case VK::Class: {
      auto m = base->cls->members.find(attr);
      if (m != base->cls->members.end()) {
        if (ValuePtr d = BindMember(m->second, base, true, where)) return d;
        return m->second;
      }
      if (ValuePtr s = SpecialAttr(base, attr)) return s;
      Issue(DiagKind::TraceTypeError, where, "class `" + base->cls->name + "` has no attribute `" + attr + "`");
      return MakeUnknown();
    }
    case VK::Module: {
      auto it = base->module->globals->vars.find(attr);
      if (it != base->module->globals->vars.end()) return it->second;
      Issue(DiagKind::TraceTypeError, where, "module `" + base->module->name + "` has no attribute `" + attr + "`");
      return MakeUnknown();
    }
    case VK::Tensor: {
      if (attr == "shape") {
        std::vector<ValuePtr> dims;
        for (const auto& d : syms.Resolve(base->type.shape))
          dims.push_back(d.is_static() ? MakeInt(d.size) : MakeUnknownOf(VK::Int));
        if (!base->rank_known) {
          auto t = MakeSeq(VK::Tuple, {MakeUnknownOf(VK::Int)});
          t->known = false;
          return t;
        }
        return MakeSeq(VK::Tuple, std::move(dims));
      }
      if (attr == "dtype") return MakeDType(base->type.dtype);
      if (attr == "ndim") return base->rank_known ? MakeInt(static_cast<int64_t>(base->type.shape.size()))
                                                  : MakeUnknownOf(VK::Int);
      if (attr == "T" || attr == "mT") {
        CallArgs none;
        none.range = where;
        return TensorMethod(attr, base, none);
      }
      if (IsTensorMethod(attr)) return MakeBuiltin(attr, base);
      Issue(DiagKind::TraceTypeError, where, "a tensor has no attribute `" + attr + "`");
      return MakeUnknown();
    }
    case VK::List: case VK::Dict: case VK::Str: case VK::Tuple:
      for (size_t i = 0; base->kind == VK::Tuple && i < base->keys.size() && i < base->items.size(); ++i)
        if (base->keys[i]->kind == VK::Str && base->keys[i]->s == attr) return base->items[i];  // a named tuple
      return MakeBuiltin(std::string(base->kind == VK::Dict ? "dict." : base->kind == VK::Str ? "str." : "list.") +
                             attr, base);
    case VK::Wrapper: case VK::BoundMethod: case VK::Function:
      if (attr == "forward" || attr == "__call__") return base;
      return MakeUnknown();
    case VK::Builtin:
      if (base->s == "#property" && attr == "setter") return MakeBuiltin("#property.setter", base);
      if (base->s == "#super") {
        for (const auto& cls : base->items) {
          auto m = cls->cls->members.find(attr);
          if (m == cls->cls->members.end()) continue;
          if (m->second->kind == VK::Builtin && m->second->s == "#exc_init")
            return MakeBuiltin("#exc_init", base->self_value);
          if (m->second->kind != VK::Function && m->second->kind != VK::Wrapper) return m->second;
          auto bm = MakeUnknown();
          bm->kind = VK::BoundMethod;
          bm->self_value = base->self_value;
          bm->inner = m->second;
          return bm;
        }
        Issue(DiagKind::TraceTypeError, where, "`super()` has no attribute `" + attr + "`");
        return MakeUnknown();
      }
      MarkEager("attribute `" + attr + "` of " + Describe(*base) + " is not known at compile time", where);
      return MakeUnknown();
    default:
      MarkEager("attribute `" + attr + "` of " + Describe(*base) + " is not known at compile time", where);
      return MakeUnknown();
  }
}

ValuePtr Tracer::EvalSubscript(const SubscriptExpr& e) {
  ValuePtr base = Eval(*e.value);
  if (raise_pending) return MakeUnknown();
  return IndexValue(base, *e.index, R(e));
}

ValuePtr Tracer::EvalBinary(const BinaryExpr& e) {
  ValuePtr a = Eval(*e.lhs);
  ValuePtr b = Eval(*e.rhs);
  Range where{e.op_loc.valid() ? e.op_loc : e.range.begin, e.range.end};
  return BinaryOp(e.op, a, b, where);
}

namespace {
graph::OpKind TensorBinOp(BinOp op, bool* ok) {
  *ok = true;
  switch (op) {
    case BinOp::Add: return graph::OpKind::Add;
    case BinOp::Sub: return graph::OpKind::Sub;
    case BinOp::Mul: return graph::OpKind::Mul;
    case BinOp::Div: return graph::OpKind::Div;
    case BinOp::FloorDiv: return graph::OpKind::FloorDiv;
    case BinOp::Mod: return graph::OpKind::Mod;
    case BinOp::Pow: return graph::OpKind::Pow;
    case BinOp::MatMul: return graph::OpKind::MatMul;
    case BinOp::BitAnd: return graph::OpKind::And;
    case BinOp::BitOr: return graph::OpKind::Or;
    case BinOp::BitXor: return graph::OpKind::Xor;
    default: *ok = false; return graph::OpKind::Add;
  }
}
}  // namespace

ValuePtr Tracer::BinaryOp(BinOp op, const ValuePtr& a, const ValuePtr& b, Range where) {
  if (raise_pending) return MakeUnknown();
  if (op == BinOp::Mod && a->kind == VK::Str) return MakeUnknownOf(VK::Str);  // `fmt % args`: at run time
  if (a->kind == VK::Object || b->kind == VK::Object) return ObjectBinary(op, a, b, where);  // trace_dunder.cpp
  if (a->kind == VK::Tensor || b->kind == VK::Tensor) {
    bool ok;
    graph::OpKind k = TensorBinOp(op, &ok);
    if (!ok) {
      if (Traced()) Break(BreakKind::Unsupported, where, std::string("operator `") + BinOpSpelling(op) + "` on tensors");
      return MakeUnknown();
    }
    ValuePtr x = a, y = b;
    if ((x->kind != VK::Tensor && !x->is_number()) || (y->kind != VK::Tensor && !y->is_number())) {
      if (x->kind == VK::Unknown || y->kind == VK::Unknown) return MakeUnknown();
      Issue(DiagKind::TraceTypeError, where, std::string("operator `") + BinOpSpelling(op) + "` between " +
                                                 Describe(*x) + " and " + Describe(*y));
      return MakeUnknown();
    }
    if (k == graph::OpKind::MatMul) {
      if (x->kind != VK::Tensor || y->kind != VK::Tensor) {
        Issue(DiagKind::TraceTypeError, where, "`@` needs two tensors");
        return MakeUnknown();
      }
      CallArgs args;
      args.pos = {x, y};
      args.range = where;
      return CallBuiltin("matmul", nullptr, args);
    }
    return EmitBinary(k, x, y, where, false);
  }
  if (a->is_number() && b->is_number()) {
    // Folded exactly as the interpreter computes (semantics/pynum.h).
    auto pop = sem::PyOpOf(op);
    if (!pop) {
      Issue(DiagKind::TraceTypeError, where, "`@` needs two tensors");
      return MakeUnknown();
    }
    bool is_float = a->kind == VK::Float || b->kind == VK::Float || op == BinOp::Div ||
                    (op == BinOp::Pow && b->known && b->kind != VK::Float && b->i < 0);
    bool is_bool = a->kind == VK::Bool && b->kind == VK::Bool &&
                   (op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor);
    VK rk = is_float ? VK::Float : is_bool ? VK::Bool : VK::Int;
    if (!a->known || !b->known) return MakeUnknownOf(rk);
    auto num = [](const Value& v) {
      return v.kind == VK::Float ? sem::PyNumber::Float(v.f)
                                 : v.kind == VK::Bool ? sem::PyNumber::Bool(v.b) : sem::PyNumber::Int(v.i);
    };
    sem::PyNumber r = sem::PyBinary(*pop, num(*a), num(*b));
    if (!r.ok()) {  // raised at run time, by the interpreter
      Issue(DiagKind::TraceTypeError, where, sem::PyErrorMessage(r.error));
      MarkEager();
      return MakeUnknownOf(rk);
    }
    switch (r.kind) {
      case sem::PyNumber::Kind::Bool: return MakeBool(r.i != 0);
      case sem::PyNumber::Kind::Int: return MakeInt(r.i);
      case sem::PyNumber::Kind::Float: return MakeFloat(r.f);
    }
    return MakeUnknownOf(rk);
  }
  if (a->kind == VK::Str && b->kind == VK::Str && op == BinOp::Add) {
    if (a->known && b->known) return MakeStr(a->s + b->s);
    auto r = MakeUnknownOf(VK::Str);
    if ((a->known || !a->s.empty()) && (b->known || !b->s.empty())) r->s = a->s + b->s;  // likely value
    return r;
  }
  if (a->kind == VK::Str && op == BinOp::Mod) return MakeUnknownOf(VK::Str);
  if ((a->kind == VK::List || a->kind == VK::Tuple) && a->kind == b->kind && op == BinOp::Add) {
    auto items = a->items;
    items.insert(items.end(), b->items.begin(), b->items.end());
    return MakeSeq(a->kind, items);
  }
  if (op == BinOp::Mul && (b->kind == VK::List || b->kind == VK::Tuple || b->kind == VK::Str) && a->kind == VK::Int)
    return BinaryOp(op, b, a, where);
  if ((a->kind == VK::List || a->kind == VK::Tuple) && b->kind == VK::Int && op == BinOp::Mul && b->known &&
      a->known) {
    std::vector<ValuePtr> items;
    for (int64_t i = 0; i < b->i && items.size() < 100000; ++i) items.insert(items.end(), a->items.begin(), a->items.end());
    return MakeSeq(a->kind, items);
  }
  if (a->kind == VK::Str && b->kind == VK::Int && op == BinOp::Mul) {
    if (!a->known || !b->known || b->i > 100000) return MakeUnknownOf(VK::Str);
    std::string r;
    for (int64_t i = 0; i < b->i; ++i) r += a->s;
    return MakeStr(r);
  }
  if ((a->kind == VK::List || a->kind == VK::Tuple) && b->kind == VK::Int && op == BinOp::Mul)
    return MakeUnknownOf(a->kind);
  if (a->kind == VK::Unknown || b->kind == VK::Unknown) return MakeUnknown();
  Issue(DiagKind::TraceTypeError, where,
        std::string("operator `") + BinOpSpelling(op) + "` between " + Describe(*a) + " and " + Describe(*b));
  return MakeUnknown();
}

ValuePtr Tracer::EvalUnary(const UnaryExpr& e) {
  ValuePtr v = Eval(*e.operand);
  Range where = R(e);
  if (v->kind == VK::Object) return ObjectUnary(e.op, v, where);  // trace_dunder.cpp
  switch (e.op) {
    case UnaryOp::Pos: return v;
    case UnaryOp::Neg:
      if (v->kind == VK::Tensor) return EmitUnary(graph::OpKind::Neg, v, where, false);
      if (v->is_number()) {
        if (!v->known) return MakeUnknownOf(v->kind == VK::Float ? VK::Float : VK::Int);
        return v->kind == VK::Float ? MakeFloat(-v->f)
                                    : MakeInt(static_cast<int64_t>(0 - static_cast<uint64_t>(v->kind == VK::Bool ? v->b : v->i)));
      }
      return MakeUnknown();
    case UnaryOp::Invert:
      if (v->kind == VK::Tensor)
        return EmitUnary(v->type.dtype == graph::DType::Bool ? graph::OpKind::Not : graph::OpKind::BitNot, v, where,
                         false);
      if (v->kind == VK::Int || v->kind == VK::Bool) return v->known ? MakeInt(~(v->kind == VK::Bool ? v->b : v->i))
                                                                     : MakeUnknownOf(VK::Int);
      return MakeUnknown();
    case UnaryOp::Not: {
      if (v->kind == VK::Tensor) {
        if (Traced())
          Break(BreakKind::TensorToScalar, where, "`not` on a tensor converts it to a Python bool");
        return MakeUnknownOf(VK::Bool);
      }
      auto t = KnownTruth(*v);
      if (t) return MakeBool(!*t);
      return MakeUnknownOf(VK::Bool);
    }
  }
  return MakeUnknown();
}

ValuePtr Tracer::CompareOp(CmpOp op, const ValuePtr& a, const ValuePtr& b, Range where) {
  if (raise_pending) return MakeUnknown();
  if (a->kind == VK::Object || b->kind == VK::Object || (a->kind == b->kind && (a->kind == VK::Class || a->kind == VK::Builtin)))
    if (ValuePtr r = ObjectCompare(op, a, b, where)) return r;  // trace_dunder.cpp
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    std::optional<bool> same;
    if (a == b) same = true;
    else if (a->kind == VK::None || b->kind == VK::None) {
      if (a->kind == VK::Unknown || b->kind == VK::Unknown) same = std::nullopt;
      else same = a->kind == b->kind;
    } else if (a->kind == VK::Bool && b->kind == VK::Bool && a->known && b->known) same = a->b == b->b;
    else if (a->kind != VK::Unknown && b->kind != VK::Unknown) same = false;
    if (!same) return MakeUnknownOf(VK::Bool);
    return MakeBool(op == CmpOp::Is ? *same : !*same);
  }
  if (op == CmpOp::In || op == CmpOp::NotIn) {
    if (b->kind == VK::List || b->kind == VK::Tuple || b->kind == VK::Dict) {
      const auto& pool = b->kind == VK::Dict ? b->keys : b->items;
      bool unknown = false;
      for (const auto& x : pool) {
        auto eq = KnownEqual(*a, *x);
        if (!eq) unknown = true;
        else if (*eq) return MakeBool(op == CmpOp::In);
      }
      if (!unknown) return MakeBool(op != CmpOp::In);
    }
    if (b->kind == VK::Str && a->kind == VK::Str && a->known && b->known)
      return MakeBool((b->s.find(a->s) != std::string::npos) == (op == CmpOp::In));
    return MakeUnknownOf(VK::Bool);
  }
  if (a->kind == VK::Tensor || b->kind == VK::Tensor) {
    graph::OpKind k = graph::OpKind::Eq;
    switch (op) {
      case CmpOp::Eq: k = graph::OpKind::Eq; break;
      case CmpOp::NotEq: k = graph::OpKind::Ne; break;
      case CmpOp::Lt: k = graph::OpKind::Lt; break;
      case CmpOp::LtE: k = graph::OpKind::Le; break;
      case CmpOp::Gt: k = graph::OpKind::Gt; break;
      case CmpOp::GtE: k = graph::OpKind::Ge; break;
      default: break;
    }
    if ((a->kind != VK::Tensor && !a->is_number()) || (b->kind != VK::Tensor && !b->is_number())) {
      if (op == CmpOp::Eq || op == CmpOp::NotEq) return MakeBool(op == CmpOp::NotEq);
      return MakeUnknown();
    }
    return EmitBinary(k, a, b, where, true);
  }
  if (op == CmpOp::Eq || op == CmpOp::NotEq) {
    auto eq = KnownEqual(*a, *b);
    if (!eq) return MakeUnknownOf(VK::Bool);
    return MakeBool(op == CmpOp::Eq ? *eq : !*eq);
  }
  if (a->is_number() && b->is_number()) {
    if (!a->known || !b->known) return MakeUnknownOf(VK::Bool);
    double x = a->as_double(), y = b->as_double();
    switch (op) {
      case CmpOp::Lt: return MakeBool(x < y);
      case CmpOp::LtE: return MakeBool(x <= y);
      case CmpOp::Gt: return MakeBool(x > y);
      case CmpOp::GtE: return MakeBool(x >= y);
      default: break;
    }
  }
  if (a->kind == VK::Str && b->kind == VK::Str && a->known && b->known) {
    int c = a->s.compare(b->s);
    switch (op) {
      case CmpOp::Lt: return MakeBool(c < 0);
      case CmpOp::LtE: return MakeBool(c <= 0);
      case CmpOp::Gt: return MakeBool(c > 0);
      case CmpOp::GtE: return MakeBool(c >= 0);
      default: break;
    }
  }
  return MakeUnknownOf(VK::Bool);
}

ValuePtr Tracer::EvalCompare(const CompareExpr& e) {
  ValuePtr left = Eval(*e.operands[0]);
  ValuePtr result;
  for (size_t i = 0; i < e.ops.size(); ++i) {
    ValuePtr right = Eval(*e.operands[i + 1]);
    ValuePtr r = CompareOp(e.ops[i], left, right, R(e));
    if (!result) result = r;
    else {
      // a < b < c is `(a < b) and (b < c)`
      auto t = Condition(result, e, "chained comparison");
      if (t && !*t) return result;
      result = r;
    }
    left = right;
  }
  return result ? result : MakeUnknown();
}

std::optional<bool> Tracer::Condition(const ValuePtr& v, const Expr& where, const char* construct) {
  if (raise_pending) return false;  // unwinding: no branch runs
  if (v->kind == VK::Object)
    if (ValuePtr t = ObjectTruth(v, where.range)) return Condition(t, where, construct);  // __bool__, __len__
  if (auto t = KnownTruth(*v)) return t;
  if (v->kind == VK::Tensor) {
    if (Traced())
      Break(BreakKind::DataDependentBranch, where.range,
            std::string("`") + construct + "` on a tensor's value (" + TypeString(v->type, v->rank_known) + ")");
    return std::nullopt;
  }
  // decided at run time by a Python value
  MarkEager(std::string("`") + construct + "` on " + Describe(*v) + ", a value known only at run time", where.range);
  return std::nullopt;
}

ValuePtr Tracer::EvalBoolOp(const BoolOpExpr& e) {
  const char* name = e.op == BoolOp::And ? "and" : "or";
  ValuePtr acc;
  for (size_t i = 0; i < e.values.size(); ++i) {
    ValuePtr v = Eval(*e.values[i]);
    if (i + 1 == e.values.size()) return acc ? JoinValues(syms, acc, v) : v;
    auto t = Condition(v, *e.values[i], name);
    if (t) {
      bool stop = e.op == BoolOp::And ? !*t : *t;
      if (stop) return acc ? JoinValues(syms, acc, v) : v;
      continue;
    }
    acc = acc ? JoinValues(syms, acc, v) : v;
  }
  return acc ? acc : MakeUnknown();
}

ValuePtr Tracer::EvalIfExpr(const IfExpr& e) {
  ValuePtr test = Eval(*e.test);
  auto t = Condition(test, *e.test, "x if cond else y");
  if (t) return *t ? Eval(*e.body) : Eval(*e.orelse);
  ValuePtr a = Eval(*e.body);
  ValuePtr b = Eval(*e.orelse);
  return JoinValues(syms, a, b);
}

}  // namespace tcc::trace
