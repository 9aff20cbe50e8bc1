// Implements statement execution: assignment and unpacking, control flow,
// loops, `with`, imports and asserts.
#include "interp/autograd.h"
#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

Interp::Flow Interp::ExecBlock(const std::vector<SPtr>& body, Frame& f) {
  for (const auto& s : body) {
    Flow fl = Exec(s.get(), f);
    if (fl != Flow::Normal) return fl;
  }
  return Flow::Normal;
}

void Interp::Store(const XNode* t, Value v, Frame& f) {
  switch (t->k) {
    case XK::Local: f.slots[t->slot] = std::move(v); return;
    case XK::Cell: f.slots[t->slot].as<CellObj>()->v = std::move(v); return;
    case XK::Free: f.fn->closure[t->slot]->v = std::move(v); return;
    case XK::Global: f.module->globals[t->slot] = std::move(v); return;
    case XK::Attr: {
      Value obj = Eval(t->kids[0].get(), f);
      f.at = &t->range;
      SetAttr(obj, t->slot, std::move(v));
      return;
    }
    case XK::Subscript: {
      Value obj = Eval(t->kids[0].get(), f);
      Value idx = Eval(t->kids[1].get(), f);
      f.at = &t->range;
      SetItem(obj, idx, v);
      if (obj.is(OType::Tensor)) CountTensorOp();  // a write into a tensor (run statistics)
      return;
    }
    case XK::Starred: TypeErr("a starred assignment target must be in a list or tuple");
    case XK::Tuple: {
      f.at = &t->range;
      std::vector<Value> items;
      if (v.is(OType::Tuple)) items = v.as<TupleObj>()->items;
      else if (v.is(OType::List)) items = v.as<ListObj>()->items;
      else if (v.is(OType::Tensor) || v.is(OType::Range) || v.is(OType::Dict) || v.is(OType::Set) || v.is(OType::Str) ||
               IsObjectIterable(v))
        items = Materialize(v);
      else TypeErr("cannot unpack a value of type `" + TypeName(v) + "`");
      size_t want = t->kids.size();
      for (size_t i = 0; i < want; ++i) {
        if (t->kids[i]->k != XK::Starred) continue;
        // `a, *rest, b = xs`: the starred target takes the middle as a list.
        size_t after = want - i - 1;
        if (items.size() < want - 1)
          ValueErr("not enough values to unpack (expected at least " + std::to_string(want - 1) + ", got " +
                   std::to_string(items.size()) + ")");
        std::vector<Value> mid(items.begin() + i, items.end() - after);
        for (size_t j = 0; j < i; ++j) Store(t->kids[j].get(), std::move(items[j]), f);
        Store(t->kids[i]->kids[0].get(), MakeList(std::move(mid)), f);
        for (size_t j = 0; j < after; ++j) Store(t->kids[i + 1 + j].get(), std::move(items[items.size() - after + j]), f);
        return;
      }
      if (items.size() > want) ValueErr("too many values to unpack (expected " + std::to_string(want) + ", got " + std::to_string(items.size()) + ")");
      if (items.size() < want) ValueErr("not enough values to unpack (expected " + std::to_string(want) + ", got " + std::to_string(items.size()) + ")");
      for (size_t i = 0; i < want; ++i) Store(t->kids[i].get(), std::move(items[i]), f);
      return;
    }
    case XK::Const: case XK::List: case XK::Dict: case XK::Slice: case XK::Call: case XK::Unary:
    case XK::Binary: case XK::Compare: case XK::And: case XK::Or: case XK::IfExp: case XK::ListComp:
    case XK::Lambda:
      break;
  }
  TypeErr("cannot assign to this expression");
}

Interp::Flow Interp::Exec(const SNode* s, Frame& f) {
  f.at = &s->range;
  switch (s->k) {
    case SK::Expr: Eval(s->value.get(), f); return Flow::Normal;
    case SK::Assign: {
      Value v = Eval(s->value.get(), f);
      if (s->targets.size() == 1) { Store(s->targets[0].get(), std::move(v), f); return Flow::Normal; }
      for (auto& t : s->targets) Store(t.get(), v, f);
      return Flow::Normal;
    }
    case SK::AugAssign: {
      const XNode* t = s->targets[0].get();
      auto op = static_cast<ast::BinOp>(s->op);
      if (t->k == XK::Attr) {
        Value obj = Eval(t->kids[0].get(), f);
        f.at = &t->range;
        Value cur = GetAttr(obj, t->slot);
        Value rhs = Eval(s->value.get(), f);
        f.at = &s->range;
        Value r = AugmentedOp(op, cur, rhs);
        if (r.is(OType::Tensor) && cur.is(OType::Tensor) && r.obj() == cur.obj()) CountTensorOp();  // in place
        SetAttr(obj, t->slot, std::move(r));
      } else if (t->k == XK::Subscript) {
        Value obj = Eval(t->kids[0].get(), f);
        Value idx = Eval(t->kids[1].get(), f);
        f.at = &t->range;
        Value cur = GetItem(obj, idx);
        Value rhs = Eval(s->value.get(), f);
        f.at = &s->range;
        SetItem(obj, idx, BinaryOp(op, cur, rhs));
        if (obj.is(OType::Tensor)) CountTensorOp();  // the write back
      } else {
        Value cur = Eval(t, f);
        Value rhs = Eval(s->value.get(), f);
        f.at = &s->range;
        Value r = AugmentedOp(op, cur, rhs);
        if (r.is(OType::Tensor) && cur.is(OType::Tensor) && r.obj() == cur.obj()) CountTensorOp();  // in place
        Store(t, std::move(r), f);
      }
      return Flow::Normal;
    }
    case SK::Def: Store(s->targets[0].get(), DefineFunction(s->func, f), f); return Flow::Normal;
    case SK::Class: Store(s->targets[0].get(), DefineClass(s->cls, f), f); return Flow::Normal;
    case SK::Return:
      f.ret = s->value ? Eval(s->value.get(), f) : Value::None();
      return Flow::Return;
    case SK::If: return ExecIf(s, Eval(s->test.get(), f), f);
    case SK::For: return ExecFor(s, f);
    case SK::While: {
      for (;;) {
        Value t = Eval(s->test.get(), f);
        f.at = &s->test->range;
        if (!Truthy(t)) return ExecBlock(s->orelse, f);
        Flow fl = ExecBlock(s->body, f);
        if (fl == Flow::Break) return Flow::Normal;
        if (fl == Flow::Return) return fl;
      }
    }
    case SK::Break: return Flow::Break;
    case SK::Continue: return Flow::Continue;
    case SK::Pass: return Flow::Normal;
    case SK::With: return ExecWith(s, f);
    case SK::Try: return ExecTry(s, f);
    case SK::Raise: ExecRaise(s, f);
    case SK::Del: ExecDel(s, f); return Flow::Normal;
    case SK::Import:
    case SK::ImportFrom: ExecImport(s, f); return Flow::Normal;
    case SK::Assert: ExecAssert(s, Eval(s->test.get(), f), f); return Flow::Normal;
  }
  return Flow::Normal;
}

bool Interp::Iterate(const Value& it, const Range& where, Frame& f, const std::function<bool(Value)>& body) {
  bool go = true;
  if (it.is(OType::Range)) {
    auto* rg = it.as<RangeObj>();
    const int64_t n = rg->size();
    for (int64_t i = 0; i < n && go; ++i) go = body(Value::Int(rg->start + i * rg->step));
  } else if (it.is(OType::List)) {
    auto* l = it.as<ListObj>();
    for (size_t i = 0; i < l->items.size() && go; ++i) go = body(l->items[i]);
  } else if (it.is(OType::Tuple)) {
    auto* l = it.as<TupleObj>();
    for (size_t i = 0; i < l->items.size() && go; ++i) go = body(l->items[i]);
  } else if (it.is(OType::Tensor)) {
    f.at = &where;
    const int64_t n = TensorLen(it);
    for (int64_t i = 0; i < n && go; ++i) go = body(TensorRow(it, i));
  } else if (it.is(OType::Dict) || it.is(OType::Set) || it.is(OType::Str)) {
    std::vector<Value> items = Materialize(it);
    for (size_t i = 0; i < items.size() && go; ++i) go = body(items[i]);
  } else if (IsObjectIterable(it)) {
    go = IterateObject(it, body);
  } else {
    f.at = &where;
    TypeErr("a value of type `" + TypeName(it) + "` is not iterable");
  }
  return go;
}

Interp::Flow Interp::ExecIf(const SNode* s, const Value& t, Frame& f) {
  f.at = &s->test->range;
  return ExecBlock(Truthy(t) ? s->body : s->orelse, f);
}

void Interp::ExecAssert(const SNode* s, const Value& t, Frame& f) {
  f.at = &s->test->range;
  if (Truthy(t)) return;
  std::string msg = "assertion failed";
  if (s->value) msg += ": " + Str(Eval(s->value.get(), f));
  f.at = &s->range;
  ThrowError(DiagKind::RtAssertionError, msg);
}

Interp::Flow Interp::ExecFor(const SNode* s, Frame& f) {
  Value it = Eval(s->value.get(), f);
  const XNode* target = s->targets[0].get();
  bool returned = false;
  bool completed = Iterate(it, s->value->range, f, [&](Value item) {
    Store(target, std::move(item), f);
    Flow fl = s->segments_at.empty() ? ExecBlock(s->body, f) : RunPlanned(s->body, s->segments_at, f);
    returned = fl == Flow::Return;
    return fl != Flow::Break && fl != Flow::Return;
  });
  if (returned) return Flow::Return;
  return completed ? ExecBlock(s->orelse, f) : Flow::Normal;
}

void Interp::EvalComprehension(const XNode* n, size_t clause, size_t kid, Frame& f, std::vector<Value>& out) {
  // kids: elt, then per clause: target, iter, its ifs (kwnames[clause] of them)
  if (clause == n->kwnames.size()) {
    out.push_back(Eval(n->kids[0].get(), f));
    return;
  }
  const XNode* target = n->kids[kid].get();
  const XNode* iter = n->kids[kid + 1].get();
  size_t nifs = static_cast<size_t>(n->kwnames[clause]);
  Value it = Eval(iter, f);
  Iterate(it, iter->range, f, [&](Value item) {
    Store(target, std::move(item), f);
    for (size_t i = 0; i < nifs; ++i) {
      const XNode* cond = n->kids[kid + 2 + i].get();
      Value t = Eval(cond, f);
      f.at = &cond->range;
      if (!Truthy(t)) return true;
    }
    EvalComprehension(n, clause + 1, kid + 2 + nifs, f, out);
    return true;
  });
}

Interp::Flow Interp::ExecWith(const SNode* s, Frame& f) {
  static const int32_t enter_sym = Intern("__enter__");
  static const int32_t exit_sym = Intern("__exit__");
  Value ctx = Eval(s->value.get(), f);
  f.at = &s->value->range;
  Value entered;
  bool user = false;
  std::optional<GradModeScope> grad_mode;  // `with torch.no_grad():` until the block ends, however it ends
  if (ctx.is(OType::Native)) {
    entered = Value::None();
    if (auto* n = ctx.as<NativeObj>(); n->kind == NativeObj::kGradMode) {
      grad_mode.emplace(n->grad_mode);
      if (n->set_now) grad_mode->prev = n->prev;
    }
  } else if (ctx.is(OType::Instance) && ctx.as<InstanceObj>()->cls->Lookup(enter_sym)) {
    user = true;
    entered = Call0(GetAttr(ctx, enter_sym));
  } else {
    TypeErr("a value of type `" + TypeName(ctx) + "` cannot be used in `with` (it is not a context manager)",
            "`with error_on_graph_break(False):` is the context manager TensorScript provides");
  }
  if (!s->targets.empty()) Store(s->targets[0].get(), entered, f);
  Flow fl = ExecBlock(s->body, f);
  if (user) {
    Value none[3] = {Value::None(), Value::None(), Value::None()};
    Call(GetAttr(ctx, exit_sym), none, 3, nullptr, nullptr, 0);
  }
  return fl;
}

void Interp::ExecImport(const SNode* s, Frame& f) {
  if (s->k == SK::Import) {
    for (auto& b : s->binds) {
      Import(b.name);
      Store(b.target.get(), Import(b.bound).value(), f);
    }
    return;
  }
  Ref<ModuleObj> m = Import(s->module);
  f.at = &s->range;
  for (auto& b : s->binds) {
    const Value* v = m->Find(b.name);
    Value sub;  // `from a import b` of the module a.b
    if (!v && HasModule(s->module + "." + b.name)) {
      sub = Import(s->module + "." + b.name).value();
      v = &sub;
    }
    if (!v) ThrowError(DiagKind::RtImportError, "cannot import name `" + b.name + "` from module `" + s->module + "`");
    Store(b.target.get(), *v, f);
  }
}

}  // namespace tcc::interp
