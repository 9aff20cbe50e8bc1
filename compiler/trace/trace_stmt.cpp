// Implements abstract execution of statements: assignment, control flow
// (known conditions choose a branch; loops over known sequences unroll),
// `with error_on_graph_break(b)`, definitions and imports.
#include <algorithm>

#include "ast/scope.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

Flow Tracer::ExecBlock(const Block& block) {
  for (const auto& s : block) {
    Flow f = ExecStmt(*s);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

Flow Tracer::ExecBody(const Block& body) {
  Frame& f = Cur();
  for (size_t i = 0; i < body.size(); ++i) {
    if (!f.eager) SegStmtBegin(f, static_cast<int>(i));
    Flow fl = ExecStmt(*body[i]);
    if (fl == Flow::Raise) {
      if (raising && try_depth > 0 && !f.eager) {
        // A traced `try` of a caller handles it at compile time.
        raise_pending = raising;
      } else {
        // The exception leaves the function at run time: the statement runs
        // in the interpreter (which raises it, for a `try` there to catch).
        MarkEager(raising ? "raises `" + raising->cls->name + "`" : "raises an exception", body[i]->range);
        ++uncertain_raises;
      }
      f.ret = MakeUnknown();
      fl = Flow::Return;
    }
    if (!f.eager) SegStmtEnd(f, static_cast<int>(i), fl);
    if (fl == Flow::Return) return fl;
  }
  return Flow::Normal;
}

void Tracer::BindName(const std::string& name, const ValuePtr& v) {
  Frame& f = Cur();
  if (f.def) {
    static std::map<const FunctionDef*, std::pair<std::set<std::string>, std::set<std::string>>> declared;
    auto it = declared.find(f.def);
    if (it == declared.end())
      it = declared.emplace(f.def, std::make_pair(DeclaredNames(*f.def, StmtKind::GlobalStmt),
                                                  DeclaredNames(*f.def, StmtKind::NonlocalStmt))).first;
    Env* target = nullptr;
    if (it->second.first.count(name) && f.module) target = f.module->globals.get();
    if (it->second.second.count(name))
      for (Env* e = f.locals->parent.get(); e && !target; e = e->parent.get())
        if (e->vars.count(name)) target = e;
    if (target) {
      // A `global`/`nonlocal` store changes state outside the frame, which a
      // segment's outputs cannot describe: it runs in the interpreter.
      target->vars[name] = v;
      MarkEager("assignment to the " + std::string(it->second.first.count(name) ? "global" : "nonlocal") + " `" +
                name + "`");
      return;
    }
  }
  f.locals->vars[name] = v;
  if (f.def && !f.eager) f.stmt_assigned.insert(name);
}

void Tracer::Assign(const Expr& target, const ValuePtr& v) {
  if (raise_pending) return;
  switch (target.kind) {
    case ExprKind::NameExpr: BindName(cast<NameExpr>(&target)->name, v); return;
    case ExprKind::TupleExpr: case ExprKind::ListExpr: {
      if (v->kind == VK::Object) return Assign(target, IterableOf(v, target.range));  // __iter__
      const auto& elts = target.kind == ExprKind::TupleExpr ? cast<TupleExpr>(&target)->elts
                                                          : cast<ListExpr>(&target)->elts;
      std::vector<ValuePtr> parts;
      size_t star = elts.size();
      for (size_t i = 0; i < elts.size(); ++i)
        if (elts[i]->kind == ExprKind::StarredExpr) star = i;
      if (star < elts.size()) {  // `a, *rest, b = xs`
        const size_t after = elts.size() - star - 1;
        std::vector<ValuePtr> items;
        bool listed = (v->kind == VK::List || v->kind == VK::Tuple) && v->known;
        if (listed) items = v->items;
        if (listed && items.size() < elts.size() - 1) {
          Issue(DiagKind::TraceTypeError, target.range,
                "not enough values to unpack (expected at least " + std::to_string(elts.size() - 1) + ", got " +
                    std::to_string(items.size()) + ")");
          listed = false;
        }
        if (!listed) {
          MarkEager("starred unpacking of " + Describe(*v) + ", whose length is known only at run time", target.range);
          for (size_t i = 0; i < elts.size(); ++i) {
            const Expr& t = i == star ? *cast<StarredExpr>(elts[i].get())->value : *elts[i];
            ValuePtr u = MakeUnknown();
            if (i == star) { u = MakeSeq(VK::List, {}); u->known = false; }
            Assign(t, u);
          }
          return;
        }
        for (size_t i = 0; i < star; ++i) Assign(*elts[i], items[i]);
        Assign(*cast<StarredExpr>(elts[star].get())->value,
               MakeSeq(VK::List, std::vector<ValuePtr>(items.begin() + star, items.end() - after)));
        for (size_t j = 0; j < after; ++j) Assign(*elts[star + 1 + j], items[items.size() - after + j]);
        return;
      }
      if ((v->kind == VK::List || v->kind == VK::Tuple) && v->known) {
        if (v->items.size() != elts.size()) {
          Issue(DiagKind::TraceTypeError, target.range,
                "cannot unpack " + std::to_string(v->items.size()) + " values into " + std::to_string(elts.size()) +
                    " targets");
          for (size_t i = 0; i < elts.size(); ++i) parts.push_back(MakeUnknown());
        } else {
          parts = v->items;
        }
      } else if (v->kind == VK::Tensor && v->rank_known && !v->type.shape.empty()) {
        Dim d0 = syms.Resolve(v->type.shape[0]);
        if (d0.is_static() && d0.size != static_cast<int64_t>(elts.size()))
          Issue(DiagKind::TraceTypeError, target.range,
                "cannot unpack a tensor with " + std::to_string(d0.size) + " rows into " +
                    std::to_string(elts.size()) + " targets");
        if (!d0.is_static()) syms.Unify(d0, Dim::Static(static_cast<int64_t>(elts.size())));
        for (size_t i = 0; i < elts.size(); ++i) {
          graph::Attrs a;
          a.axis = 0;
          a.ints = {static_cast<int64_t>(i)};
          Shape s(v->type.shape.begin() + 1, v->type.shape.end());
          parts.push_back(Emit(graph::OpKind::Select, {v}, a, {v->type.dtype, s}, target.range));
        }
      } else {
        MarkEager("unpacking " + Describe(*v) + ", whose length is known only at run time", target.range);
        for (size_t i = 0; i < elts.size(); ++i) parts.push_back(MakeUnknown());
      }
      for (size_t i = 0; i < elts.size(); ++i) Assign(*elts[i], parts[i]);
      return;
    }
    case ExprKind::AttributeExpr: {
      const auto* a = cast<AttributeExpr>(&target);
      ValuePtr base = Eval(*a->value);
      MarkMutation(base, "setting the attribute `" + a->attr + "` of " + Describe(*base), target.range);
      if (base->kind == VK::Object) StoreObjectAttr(base, a->attr, v, target.range);
      else if (base->kind == VK::Class) base->cls->members[a->attr] = v;
      else if (base->kind == VK::Module) base->module->globals->vars[a->attr] = v;
      else if (base->kind == VK::Tensor && (a->attr == "requires_grad" || a->attr == "grad" || a->attr == "data")) {
        // autograd state (runtime/interp/autograd.h): kept by the interpreter
        MarkEager("setting `" + a->attr + "` of a tensor (autograd state the interpreter keeps)", target.range);
        if (a->attr == "requires_grad") base->requires_grad = v->kind == VK::Bool && v->b;
      } else if (base->kind != VK::Unknown)
        Issue(DiagKind::TraceTypeError, target.range, "cannot set attribute `" + a->attr + "` on " + Describe(*base));
      return;
    }
    case ExprKind::SubscriptExpr: {
      const auto* s = cast<SubscriptExpr>(&target);
      ValuePtr base = Eval(*s->value);
      if (base->kind == VK::Tensor) {
        MutatedTensor(base);
        ValuePtr idx = Eval(*s->index);
        // `x[mask] = v` with a bool mask of x's shape and a number or 0-d
        // tensor: x.masked_fill_(mask, v), in the graph (top-k filtering).
        if (idx->kind == VK::Tensor && idx->type.dtype == graph::DType::Bool && idx->rank_known && base->rank_known &&
            syms.Resolve(idx->type.shape) == syms.Resolve(base->type.shape) &&
            (v->is_number() || (v->kind == VK::Tensor && v->rank_known && v->type.shape.empty()))) {
          CallArgs fill;
          fill.range = target.range;
          fill.pos = {idx, v};
          ValuePtr r = CallBuiltin("masked_fill", base, fill);
          if (r->kind == VK::Tensor) {
            InPlaceUpdate(base, r, target.range, "x[mask] = v", false);
            return;
          }
        }
        if (IndexPutStore(base, idx, v, target.range)) return;
        // As torch.compile, not a graph break; the store runs in the interpreter,
        // which writes into the tensor in place (every alias sees it).
        if (Traced()) {
          WarnStaleViews(base, target.range);
          MarkInterpreted(target.range, "assignment into a tensor (`x[...] = v`)");
        }
        return;
      }
      ValuePtr idx = Eval(*s->index);
      if (base->kind == VK::Object) return ObjectSetItem(base, idx, v, target.range);  // __setitem__
      MarkMutation(base, "an item store into " + Describe(*base), target.range);
      if (base->kind == VK::List && idx->kind == VK::Int && idx->known) {
        int64_t n = static_cast<int64_t>(base->items.size());
        int64_t i = idx->i < 0 ? idx->i + n : idx->i;
        if (i >= 0 && i < n) base->items[i] = v;
        else Issue(DiagKind::TraceTypeError, target.range, "list assignment index out of range");
        return;
      }
      if (base->kind == VK::Dict) {
        for (size_t i = 0; i < base->keys.size(); ++i) {
          auto eq = KnownEqual(*base->keys[i], *idx);
          if (eq && *eq) { base->items[i] = v; return; }
        }
        base->keys.push_back(idx);
        base->items.push_back(v);
        return;
      }
      if (base->kind == VK::List) base->known = false;  // an index known only at run time
      return;
    }
    case ExprKind::StarredExpr: case ExprKind::IntLit: case ExprKind::FloatLit: case ExprKind::BoolLit: case ExprKind::NoneLit:
    case ExprKind::StrLit: case ExprKind::EllipsisLit: case ExprKind::DictExpr: case ExprKind::SliceExpr:
    case ExprKind::CallExpr: case ExprKind::UnaryExpr: case ExprKind::BinaryExpr: case ExprKind::CompareExpr:
    case ExprKind::BoolOpExpr: case ExprKind::IfExpr: case ExprKind::ListCompExpr: case ExprKind::LambdaExpr:
      Issue(DiagKind::TraceTypeError, target.range, "cannot assign to this expression");
  }
}

Flow Tracer::ExecBothWays(const std::function<Flow()>& a, const std::function<Flow()>& b) {
  Frame& f = Cur();
  MarkEager("control flow decided at run time");
  auto before = f.locals->vars;
  ValuePtr ret_before = f.ret;
  // Each side starts from the same heap: what `a` changes in place (a list it
  // appends to) is put back before `b` runs, and joined with `b`'s after.
  OpenJournal();
  const size_t journal_begin = heap_journal.size();
  Flow fa = a();
  auto after_a = f.locals->vars;
  ValuePtr ret_a = f.ret;
  std::vector<HeapSave> heap_a = RewindWrites(journal_begin);
  f.locals->vars = before;
  f.ret = ret_before;
  Flow fb = b();
  ValuePtr ret_b = f.ret;
  JoinWrites(journal_begin, heap_a);
  CloseJournal();
  // Join: a name bound on one side only keeps that side's value.
  for (auto& [k, va] : after_a) {
    auto it = f.locals->vars.find(k);
    if (it == f.locals->vars.end()) f.locals->vars[k] = va;
    else it->second = JoinBranches(va, it->second);
  }
  // A raise on one side only: whether it happens is known at run time.
  if (fa == Flow::Raise || fb == Flow::Raise) ++uncertain_raises;
  if (fa == Flow::Raise) fa = Flow::Normal;
  if (fb == Flow::Raise) fb = Flow::Normal;
  if (fa == Flow::Return && fb == Flow::Return) {
    f.ret = JoinForBranches(syms, ret_a, ret_b);
    return Flow::Return;
  }
  if (fa == Flow::Return) f.maybe_ret = ret_a;
  if (fb == Flow::Return) f.maybe_ret = ret_b;
  f.ret = ret_before;
  if (fa == Flow::Break || fb == Flow::Break) return Flow::Break;
  return Flow::Normal;
}

// The items a for-loop visits, when known at compile time.
bool LoopItems(Tracer& t, const ValuePtr& it, std::vector<ValuePtr>& out, Range where) {
  if ((it->kind == VK::List || it->kind == VK::Tuple) && it->known) { out = it->items; return true; }
  if (it->kind == VK::Dict && it->known) { out = it->keys; return true; }
  if (it->kind == VK::Str && it->known) {
    for (char c : it->s) out.push_back(MakeStr(std::string(1, c)));
    return true;
  }
  if (it->kind == VK::Tensor && it->rank_known && !it->type.shape.empty()) {
    Dim d0 = t.syms.Resolve(it->type.shape[0]);
    if (!d0.is_static()) return false;
    for (int64_t i = 0; i < d0.size && i <= t.opts.max_unroll; ++i) {
      graph::Attrs a;
      a.axis = 0;
      a.ints = {i};
      Shape s(it->type.shape.begin() + 1, it->type.shape.end());
      out.push_back(t.Emit(graph::OpKind::Select, {it}, a, {it->type.dtype, s}, where));
    }
    return true;
  }
  return false;
}

// An element standing for every item of a sequence not known at compile time.
ValuePtr SomeItem(const ValuePtr& it) {
  if ((it->kind == VK::List || it->kind == VK::Tuple) && !it->items.empty()) return it->items[0];
  if (it->kind == VK::Tensor && it->rank_known && !it->type.shape.empty()) {
    Shape s(it->type.shape.begin() + 1, it->type.shape.end());
    return MakeTensor({it->type.dtype, s});
  }
  return MakeUnknown();
}

ValuePtr Tracer::EvalListComp(const ListCompExpr& e) {
  std::vector<ValuePtr> out;
  bool known = true;
  std::function<void(size_t)> clause = [&](size_t i) {
    if (i == e.generators.size()) {
      out.push_back(Eval(*e.elt));
      return;
    }
    const Comprehension& g = e.generators[i];
    ValuePtr it = IterableOf(Eval(*g.iter), g.iter->range);
    std::vector<ValuePtr> items;
    bool listed = LoopItems(*this, it, items, g.iter->range);
    if (listed && static_cast<int>(items.size()) > opts.max_unroll) {
      if (Traced())
        Break(BreakKind::Unsupported, g.iter->range,
              "comprehension over " + std::to_string(items.size()) + " items is too long to unroll (limit " +
                  std::to_string(opts.max_unroll) + ")");
      listed = false;
    }
    if (!listed) {
      if (Traced() && it->kind == VK::Tensor)
        Break(BreakKind::Unsupported, g.iter->range,
              "iterating over a tensor whose first dimension is known only at run time");
      known = false;
      items = {SomeItem(it)};  // traced once for its effects; the length is unknown
    }
    for (const auto& item : items) {
      Assign(*g.target, item);
      bool keep = true;
      for (const auto& cond : g.ifs) {
        auto t = Condition(Eval(*cond), *cond, "if");
        if (!t) known = false;  // the comprehension's length depends on run-time data
        else if (!*t) { keep = false; break; }
      }
      if (keep) clause(i + 1);
    }
  };
  clause(0);
  ValuePtr list = MakeSeq(VK::List, std::move(out));
  list->known = known;
  return list;
}

Flow Tracer::ExecStmt(const Stmt& s) {
  if (raise_pending) return Flow::Normal;  // unwinding: the caller's statement ends in Flow::Raise
  bool branches = s.kind == StmtKind::IfStmt || s.kind == StmtKind::ForStmt || s.kind == StmtKind::WhileStmt ||
                  s.kind == StmtKind::TryStmt || s.kind == StmtKind::WithStmt || s.kind == StmtKind::AssertStmt;
  NestGuard nest(branches && !frames.empty() ? frames.back() : nullptr);
  Flow fl = ExecStmtKind(s);
  if (raise_pending) {
    raising = raise_pending;
    raise_pending = nullptr;
    return Flow::Raise;
  }
  return fl;
}

Flow Tracer::ExecStmtKind(const Stmt& s) {
  if (Traced()) {
    if (exhausted) return Flow::Return;  // unwind to the entry
    bool too_many_ops = static_cast<long>(tape.size() - entry_tape_begin) > opts.max_ops;
    if (++steps > opts.max_steps || too_many_ops) {
      Break(BreakKind::Unsupported, s.range,
            "tracing `" + Cur().qualname + "` took more than " +
                (too_many_ops ? std::to_string(opts.max_ops) + " tensor ops" : std::to_string(opts.max_steps) + " statements") +
                " (loops too long to unroll); the rest of the call runs eagerly");
      exhausted = true;
      for (Frame* f : frames) {
        if (f->eager) continue;
        f->ret = MakeUnknown();
        f->stmt_eager = true;
      }
      return Flow::Return;
    }
  }
  switch (s.kind) {
    case StmtKind::ExprStmt: Eval(*cast<ExprStmt>(&s)->value); return Flow::Normal;
    case StmtKind::AssignStmt: {
      const auto* a = cast<AssignStmt>(&s);
      ValuePtr v = Eval(*a->value);
      for (const auto& t : a->targets) Assign(*t, v);
      return Flow::Normal;
    }
    case StmtKind::AugAssignStmt: {
      const auto* a = cast<AugAssignStmt>(&s);
      ValuePtr cur = Eval(*a->target);
      ValuePtr v = Eval(*a->value);
      if (cur->kind == VK::Tensor && a->op != ast::BinOp::MatMul && a->target->kind != ExprKind::SubscriptExpr &&
          (v->kind == VK::Tensor || v->is_number())) {
        AugAssignTensor(*a, cur, v);
        return Flow::Normal;
      }
      if (cur->kind == VK::List && a->op == ast::BinOp::Add && (v->kind == VK::List || v->kind == VK::Tuple)) {
        // `lst += seq` extends the list itself: like `append`, it runs in the
        // interpreter unless the list was made inside the segment.
        MarkMutation(cur, "`+=` on " + Describe(*cur), s.range);
        if (cur->known && v->known) {
          std::vector<ValuePtr> more = v->items;
          cur->items.insert(cur->items.end(), more.begin(), more.end());
        } else {
          cur->known = false;
        }
        Assign(*a->target, cur);
        return Flow::Normal;
      }
      if (cur->kind == VK::Set && v->kind == VK::Set && sem::SetOpOf(a->op)) {
        // `s |= t` (&=, -=, ^=) changes the set itself (trace_set.cpp)
        MarkMutation(cur, std::string("`") + BinOpSpelling(a->op) + "=` on " + Describe(*cur), s.range);
        ValuePtr r = CombineSetValues(*sem::SetOpOf(a->op), cur, v, s.range);
        cur->items = r->items;
        cur->known = r->known;
        Assign(*a->target, cur);
        return Flow::Normal;
      }
      Assign(*a->target, cur->kind == VK::Object ? ObjectAugmented(a->op, cur, v, s.range) : BinaryOp(a->op, cur, v, s.range));
      return Flow::Normal;
    }
    case StmtKind::AnnAssignStmt: {
      const auto* a = cast<AnnAssignStmt>(&s);
      if (a->value) Assign(*a->target, Eval(*a->value));
      return Flow::Normal;
    }
    case StmtKind::FunctionDef: ExecFunctionDef(*cast<FunctionDef>(&s)); return Flow::Normal;
    case StmtKind::ClassDef: ExecClassDef(*cast<ClassDef>(&s)); return Flow::Normal;
    case StmtKind::ReturnStmt: {
      const auto* r = cast<ReturnStmt>(&s);
      Cur().ret = r->value ? Eval(*r->value) : MakeNone();
      return Flow::Return;
    }
    case StmtKind::IfStmt: {
      const auto* i = cast<IfStmt>(&s);
      ValuePtr test = Eval(*i->test);
      auto t = Condition(test, *i->test, "if");
      if (t) return ExecBlock(*t ? i->body : i->orelse);
      return ExecBothWays([&] { return ExecBlock(i->body); }, [&] { return ExecBlock(i->orelse); });
    }
    case StmtKind::ForStmt: return ExecFor(*cast<ForStmt>(&s));
    case StmtKind::WhileStmt: {
      const auto* w = cast<WhileStmt>(&s);
      for (int n = 0;; ++n) {
        ValuePtr test = Eval(*w->test);
        auto t = Condition(test, *w->test, "while");
        if (t && !*t) return ExecBlock(w->orelse);
        if (!t || n >= opts.max_unroll) {
          if (t && Traced())
            Break(BreakKind::Unsupported, w->test->range,
                  "`while` loop runs more than " + std::to_string(opts.max_unroll) + " iterations at compile time");
          Flow fl = ExecBothWays([&] { return ExecBlock(w->body); }, [&] { return ExecBlock(w->orelse); });
          return fl == Flow::Return ? Flow::Return : Flow::Normal;
        }
        Flow fl = ExecBlock(w->body);
        if (fl == Flow::Break) return Flow::Normal;
        if (fl == Flow::Return || fl == Flow::Raise) return fl;
      }
    }
    case StmtKind::BreakStmt: return Flow::Break;
    case StmtKind::ContinueStmt: return Flow::Continue;
    case StmtKind::PassStmt: return Flow::Normal;
    case StmtKind::WithStmt: {
      const auto* w = cast<WithStmt>(&s);
      ValuePtr ctx = Eval(*w->context);
      Mode saved = mode;
      if (ctx->kind == VK::Marker && ctx->wrap == WrapKind::Eogb) {
        if (!mode.fullgraph) mode.eogb = ctx->flag ? Mode::On : Mode::Off;
      } else if (ctx->kind == VK::Marker && ctx->wrap == WrapKind::Fullgraph) {
        if (ctx->flag) mode.fullgraph = true;
      } else if (ctx->kind == VK::Marker && ctx->wrap == WrapKind::GradMode) {
        // `with no_grad():` changes nothing: there is no autograd
      } else if (Traced()) {
        Break(BreakKind::Unsupported, w->context->range,
              "`with` on " + Describe(*ctx) + ": only `error_on_graph_break(...)`, `fullgraph(...)` and `no_grad()` are context managers in compiled code");
      }
      if (!w->as_name.empty()) BindName(w->as_name, ctx);
      Flow fl = ExecBlock(w->body);
      mode = saved;
      return fl;
    }
    case StmtKind::ImportStmt: case StmtKind::ImportFromStmt:
      MarkEager("`import` inside a function", s.range);
      ExecImport(s);
      return Flow::Normal;
    case StmtKind::AssertStmt: {
      const auto* a = cast<AssertStmt>(&s);
      ValuePtr test = Eval(*a->test);
      Condition(test, *a->test, "assert");
      return Flow::Normal;
    }
    case StmtKind::TryStmt: return ExecTry(*cast<TryStmt>(&s));
    case StmtKind::RaiseStmt: return ExecRaise(*cast<RaiseStmt>(&s));
    case StmtKind::DelStmt: ExecDel(*cast<DelStmt>(&s)); return Flow::Normal;
    case StmtKind::GlobalStmt: case StmtKind::NonlocalStmt: return Flow::Normal;
  }
  return Flow::Normal;
}

void Tracer::ExecFunctionDef(const FunctionDef& d) {
  ValuePtr v = FunctionValue(d);
  for (size_t i = d.decorators.size(); i-- > 0;) v = ApplyDecorator(Eval(*d.decorators[i]), v, *d.decorators[i]);
  BindName(d.name, v);
}

ValuePtr Tracer::FunctionValue(const FunctionDef& d) {
  Frame& f = Cur();
  auto fn = MakeUnknown();
  fn->kind = VK::Function;
  fn->fn = &d;
  fn->module = f.module;
  fn->s = d.name;
  if (f.def) {
    fn->closure = f.locals;
    fn->defined_in_function = true;
    fn->s = f.qualname + "." + d.name;
    if (!f.eager) f.stmt_eager = true;
  }
  return fn;
}

void Tracer::ExecClassDef(const ClassDef& d) {
  Frame& f = Cur();
  auto info = std::make_shared<ClassInfo>();
  info->name = d.name;
  info->def = &d;
  info->module = f.module;
  auto cls = MakeUnknown();
  cls->kind = VK::Class;
  cls->cls = info;
  cls->module = f.module;
  // Inheritance: a class starts with its bases' fields and members.
  for (const auto& b : d.bases) {
    ValuePtr base = Eval(*b);
    if (base->kind != VK::Class) continue;
    info->bases.push_back(base->cls);
    for (const auto& fld : base->cls->fields)
      if (std::find(info->fields.begin(), info->fields.end(), fld) == info->fields.end()) info->fields.push_back(fld);
    for (const auto& [k, v] : base->cls->members) info->members[k] = v;
    info->pytree |= base->cls->pytree;
    info->exception |= base->cls->exception;
  }
  for (const auto& st : d.body) {
    if (auto* fd = dyn_cast<FunctionDef>(st.get())) {
      auto fn = MakeUnknown();
      fn->kind = VK::Function;
      fn->fn = fd;
      fn->module = f.module;
      fn->s = d.name + "." + fd->name;
      fn->class_name = d.name;
      fn->owner = info.get();
      fn->defined_in_function = f.def != nullptr;
      if (f.def) fn->closure = f.locals;
      ValuePtr v = fn;
      for (size_t i = fd->decorators.size(); i-- > 0;)
        v = ApplyDecorator(EvalInClassBody(*fd->decorators[i], *info), v, *fd->decorators[i]);
      info->members[fd->name] = v;
    } else if (auto* aa = dyn_cast<AnnAssignStmt>(st.get())) {
      if (auto* n = dyn_cast<NameExpr>(aa->target.get())) {
        info->fields.push_back(n->name);
        if (aa->value) info->members[n->name] = Eval(*aa->value);
      }
    } else if (auto* as = dyn_cast<AssignStmt>(st.get())) {
      ValuePtr v = EvalInClassBody(*as->value, *info);
      for (const auto& t : as->targets)
        if (auto* n = dyn_cast<NameExpr>(t.get())) info->members[n->name] = v;
    }
  }
  ValuePtr v = cls;
  for (size_t i = d.decorators.size(); i-- > 0;) v = ApplyDecorator(Eval(*d.decorators[i]), v, *d.decorators[i]);
  if (f.def && !f.eager) f.stmt_eager = true;
  BindName(d.name, v);
}

}  // namespace tcc::trace
