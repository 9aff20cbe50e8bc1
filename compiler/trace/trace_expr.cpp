// Implements abstract evaluation of expressions: names, literals,
// containers, attributes, subscripts and conditions (operators:
// trace_operators.cpp).
#include <cmath>

#include "ast/scope.h"
#include "semantics/pynum.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

namespace {
constexpr const char* kSliceAttrs[] = {"start", "stop", "step"};  // a slice value's items, in order
}  // namespace

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
  bool branches = e.kind == ExprKind::IfExpr || e.kind == ExprKind::BoolOpExpr || e.kind == ExprKind::ListCompExpr;
  NestGuard nest(branches && !frames.empty() ? frames.back() : nullptr);
  switch (e.kind) {
    case ExprKind::NameExpr: return EvalName(*cast<NameExpr>(&e));
    case ExprKind::IntLit:
      if (!cast<IntLit>(&e)->big.empty()) {  // exact in the interpreter; graphs hold 64-bit ints
        MarkEager("an int literal beyond 64 bits", e.range);
        return MakeUnknownOf(VK::Int);
      }
      return MakeInt(cast<IntLit>(&e)->value);
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
  if (e.name == "__name__" && m) return MakeStr(m == main_module ? "__main__" : m->name);
  if (ValuePtr exc = ExceptionClass(e.name)) return exc;
  if (IsBuiltinName(e.name)) {
    auto d = sem::DTypeFromName(e.name);  // the canonical names are builtins: `float32`, ...
    if (d && e.name == sem::DTypeName(*d) && *d != graph::DType::Bool) return MakeDType(*d);
    return MakeBuiltin(e.name);
  }
  Issue(DiagKind::TraceUndefinedName, R(e), "name `" + e.name + "` is not defined" + DidYouMeanName(e.name),
        "define it before use, or import it");
  MarkEager("name `" + e.name + "` is not defined", R(e), true);
  return MakeDiagnosed();
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
      NoteAttrRead(base, attr);
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
      if (attr == "__dict__") {
        if (ValuePtr d = AttributeDict(base)) return d;
        if (Traced()) MarkEager("`__dict__` of an object whose attributes are known only at run time", where);
        return MakeUnknown();
      }
      Issue(DiagKind::TraceTypeError, where,
            "`" + (base->cls ? base->cls->name : std::string("?")) + "` object has no attribute `" + attr + "`" +
                DidYouMeanAttr(base, attr));
      return MakeDiagnosed();
    }
    case VK::Class: {
      auto m = base->cls->members.find(attr);
      if (m != base->cls->members.end()) {
        if (ValuePtr d = BindMember(m->second, base, true, where)) return d;
        return m->second;
      }
      if (ValuePtr s = SpecialAttr(base, attr)) return s;
      Issue(DiagKind::TraceTypeError, where,
            "class `" + base->cls->name + "` has no attribute `" + attr + "`" + DidYouMeanAttr(base, attr));
      return MakeDiagnosed();
    }
    case VK::Module: {
      auto it = base->module->globals->vars.find(attr);
      if (it != base->module->globals->vars.end()) return it->second;
      Issue(DiagKind::TraceAttributeError, where,
            "module `" + base->module->name + "` has no attribute `" + attr + "`" + DidYouMeanAttr(base, attr));
      return MakeDiagnosed();
    }
    case VK::Tensor: return TensorAttr(base, attr, where);
    case VK::Set: return MakeBuiltin("set." + attr, base);  // trace_set.cpp
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
    case VK::Slice:  // items: start, stop, step (None when absent)
      for (size_t i = 0; i < std::size(kSliceAttrs); ++i)
        if (attr == kSliceAttrs[i]) return base->items[i];
      Issue(DiagKind::TraceTypeError, where, "`slice` object has no attribute `" + attr + "`");
      return MakeUnknown();
    case VK::Unknown:
      if (!base->choices.empty() && !Traced())
        return EachChoice(base, [&](const ValuePtr& c) { return GetAttr(c, attr, where); });
      break;
    case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Ellipsis:
    case VK::DType: case VK::Marker:
      break;
  }
  MarkEager("attribute `" + attr + "` of " + Describe(*base) + " is not known at compile time", where);
  return MakeUnknown();
}

ValuePtr Tracer::EvalSubscript(const SubscriptExpr& e) {
  ValuePtr base = Eval(*e.value);
  if (raise_pending) return MakeUnknown();
  return IndexValue(base, *e.index, R(e));
}

std::optional<bool> Tracer::Condition(const ValuePtr& v, const Expr& where, const char* construct) {
  if (raise_pending) return false;  // unwinding: no branch runs
  if (v->kind == VK::Object)
    if (ValuePtr t = ObjectTruth(v, where.range)) return Condition(t, where, construct);  // __bool__, __len__
  if (auto t = KnownTruth(*v)) return t;
  if (v->kind == VK::Tensor) {
    // torch.compile's graph computes the test; only Tensor.__bool__ breaks.
    if (Traced() && !frames.empty()) SegJoinCondition(Cur(), v, where);
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
  return JoinBranches(a, b);
}

// x.shape, x.dtype, x.T, ...: the Attr rows of lang/semantics/builtins.def;
// x.exp: a bound method (a row, or stdlib/torch.ts's __tensor_methods).
ValuePtr Tracer::TensorAttr(const ValuePtr& base, const std::string& attr, Range where) {
  const sem::BuiltinInfo* row = sem::FindBuiltin(attr);
  if (row && row->form == sem::BuiltinForm::Attr) {
    switch (row->id) {
      case t_shape: {
        if (!base->rank_known) {
          auto t = MakeSize({MakeUnknownOf(VK::Int)});
          t->known = false;
          return t;
        }
        std::vector<ValuePtr> dims;
        for (const auto& d : syms.Resolve(base->type.shape)) dims.push_back(MakeDimInt(d));
        return MakeSize(std::move(dims));
      }
      case t_dtype: return MakeDType(base->type.dtype);
      case t_device: return MakeStr("cpu");  // the one device
      case t_data: return base;              // the same data (a traced program records no gradients)
      case t_requires_grad: return MakeBool(base->requires_grad);
      case t_is_cuda: return MakeBool(false);
      case t_grad: return MakeNone();        // traced programs never run backward (InterpretForAutograd)
      case t_grad_fn: case t_is_leaf: return MakeUnknown();  // autograd state: programs using it run in the interpreter
      case t_ndim:
        return base->rank_known ? MakeInt(static_cast<int64_t>(base->type.shape.size())) : MakeUnknownOf(VK::Int);
      default: {  // T, mT: views
        CallArgs none;
        none.range = where;
        return TensorMethod(attr, base, none);
      }
    }
  }
  if (IsTensorMethod(attr)) return MakeBuiltin(attr, base);
  if (auto it = script_tensor_methods.find(attr); it != script_tensor_methods.end()) {
    auto bm = MakeUnknown();  // `x.log10`: the stdlib function bound to x
    bm->kind = VK::BoundMethod;
    bm->self_value = base;
    bm->inner = it->second;
    return bm;
  }
  Issue(DiagKind::TraceAttributeError, where, "a tensor has no attribute `" + attr + "`" + DidYouMeanAttr(base, attr));
  return MakeDiagnosed();
}

}  // namespace tcc::trace
