// Implements the operators of abstract evaluation: binary and unary
// arithmetic and comparisons on Python values (folded with lang/semantics/ when
// known), tensors (graph ops with torch's promotion) and objects (their
// dunder methods: trace_dunder.cpp).
#include <cmath>

#include "semantics/pynum.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

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
  if (a->kind == VK::Set && b->kind == VK::Set) {
    if (auto sop = sem::SetOpOf(op)) return CombineSetValues(*sop, a, b, where);  // trace_set.cpp
  }
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
    // Folded exactly as the interpreter computes (lang/semantics/pynum.h).
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
    if (!a->known || !b->known) return RuntimeNumber(*pop, a, b, rk);
    auto num = [](const Value& v) {
      return v.kind == VK::Float ? sem::PyNumber::Float(v.f)
                                 : v.kind == VK::Bool ? sem::PyNumber::Bool(v.b) : sem::PyNumber::Int(v.i);
    };
    sem::PyNumber r = sem::PyBinary(*pop, num(*a), num(*b));
    if (!r.ok()) {  // raised at run time, by the interpreter
      Issue(DiagKind::TraceTypeError, where,
            std::string("raises ") + sem::PyErrorClassName(sem::PyErrorClassOf(r.error)) + " at run time: " +
                sem::PyErrorMessage(r.error));
      MarkEager();
      return MakeUnknownOf(rk);
    }
    switch (r.kind) {
      case sem::PyNumber::Kind::Bool: return MakeBool(r.i != 0);
      case sem::PyNumber::Kind::Int: return MakeInt(r.i);
      case sem::PyNumber::Kind::Float: return MakeFloat(r.f);
      case sem::PyNumber::Kind::Big:  // exact in the interpreter; graphs hold 64-bit ints
        MarkEager("an int of " + std::to_string(r.big->BitLength()) + " bits (beyond 64)", where);
        return MakeUnknownOf(VK::Int);
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
    return IsSize(*a) ? MakeSize(items) : MakeSeq(a->kind, items);  // Size + tuple is a Size
  }
  if (op == BinOp::Mul && (b->kind == VK::List || b->kind == VK::Tuple || b->kind == VK::Str) && a->kind == VK::Int)
    return BinaryOp(op, b, a, where);
  if ((a->kind == VK::List || a->kind == VK::Tuple) && b->kind == VK::Int && op == BinOp::Mul && b->known &&
      a->known) {
    std::vector<ValuePtr> items;
    for (int64_t i = 0; i < b->i && items.size() < 100000; ++i) items.insert(items.end(), a->items.begin(), a->items.end());
    return IsSize(*a) ? MakeSize(items) : MakeSeq(a->kind, items);
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

ValuePtr Tracer::RuntimeMinMax(bool is_max, const ValuePtr& a, const ValuePtr& b) {
  ValuePtr r = MakeUnknownOf(a->kind);
  int depth = 2 + std::max(a->num_depth, b->num_depth);
  if (depth > 32) return r;
  ValuePtr wins = MakeUnknownOf(VK::Bool);  // b < a (min), b > a (max)
  wins->num_op = is_max ? graph::OpKind::Gt : graph::OpKind::Lt;
  wins->num_args = {b, a};
  wins->num_depth = depth - 1;
  r->num_op = graph::OpKind::Where;
  r->num_args = {wins, b, a};
  r->num_depth = depth;
  return r;
}

ValuePtr Tracer::RuntimeNumber(sem::PyOp op, const ValuePtr& a, const ValuePtr& b, VK rk) {
  ValuePtr r = MakeUnknownOf(rk);
  if (rk == VK::Bool) return r;
  // How to compute it, for a graph that reads it (segments.cpp). Floats are
  // float64 there (Python's floats are doubles: the same results), ints
  // int64. None where Python raises instead (a divisor that may be 0) or for
  // an int power (a negative exponent makes a float).
  auto nonzero = [](const Value& v) { return v.known && v.as_double() != 0; };
  std::optional<graph::OpKind> k;
  switch (op) {
    case sem::PyOp::Add: k = graph::OpKind::Add; break;
    case sem::PyOp::Sub: k = graph::OpKind::Sub; break;
    case sem::PyOp::Mul: k = graph::OpKind::Mul; break;
    case sem::PyOp::Div: if (nonzero(*b)) k = graph::OpKind::Div; break;
    case sem::PyOp::FloorDiv: if (nonzero(*b)) k = graph::OpKind::FloorDiv; break;
    case sem::PyOp::Mod: if (nonzero(*b)) k = graph::OpKind::Mod; break;
    case sem::PyOp::Pow: if (rk == VK::Float) k = graph::OpKind::Pow; break;
    case sem::PyOp::BitAnd: case sem::PyOp::BitOr: case sem::PyOp::BitXor: case sem::PyOp::LShift:
    case sem::PyOp::RShift: break;
  }
  int depth = 1 + std::max(a->num_depth, b->num_depth);
  if (!k || depth > 32) return r;
  r->num_op = k;
  r->num_args = {a, b};
  r->num_depth = depth;
  return r;
}

ValuePtr Tracer::EvalUnary(const UnaryExpr& e) {
  ValuePtr v = Eval(*e.operand);
  Range where = e.range;
  if (v->kind == VK::Object) return ObjectUnary(e.op, v, where);  // trace_dunder.cpp
  switch (e.op) {
    case UnaryOp::Pos: return v;
    case UnaryOp::Neg:
      if (v->kind == VK::Tensor) return EmitUnary(graph::OpKind::Neg, v, where, false);
      if (v->is_number()) {
        if (!v->known) {
          ValuePtr r = MakeUnknownOf(v->kind == VK::Float ? VK::Float : VK::Int);
          if (v->num_depth < 32) {  // -i: computed by a graph that reads it, as RuntimeNumber's
            r->num_op = graph::OpKind::Neg;
            r->num_args = {v};
            r->num_depth = v->num_depth + 1;
          }
          return r;
        }
        if (v->kind == VK::Float) return MakeFloat(-v->f);
        if (v->kind == VK::Int && v->i == INT64_MIN) return MakeUnknownOf(VK::Int);  // 2**63: a big int at run time
        return MakeInt(v->kind == VK::Bool ? -int64_t(v->b) : -v->i);
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
    if (b->kind == VK::List || b->kind == VK::Tuple || b->kind == VK::Dict || b->kind == VK::Set) {
      const auto& pool = b->kind == VK::Dict ? b->keys : b->items;
      bool unknown = !b->known;  // items known only at run time: found or not, only then
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
  if (a->kind == VK::Set && b->kind == VK::Set)
    if (ValuePtr r = SetCompare(op, a, b)) return r;  // trace_set.cpp
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
    ValuePtr r = CompareOp(e.ops[i], left, right, e.range);
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

}  // namespace tcc::trace
