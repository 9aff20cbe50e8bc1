// Implements exceptions in the tracer: the builtin exception classes as class
// values, `raise`, `try`/`except`/`else`/`finally` and `del`.
//
// A `raise` the trace reaches is a Flow::Raise carrying the exception object
// (Tracer::raising) up to the innermost `try` of the same function, which
// picks its handler at compile time, as Python would at run time: what a
// segment compiles is the path the trace took, and that path depends only on
// what the segment's guards check. Where the path is not known (a raise under
// a branch on run-time data, an exception leaving a function, a handler type
// not known), the `try` is a `data_dependent_exception` break and runs in
// the interpreter.
#include "ast/scope.h"
#include "semantics/builtins.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

ValuePtr Tracer::ExceptionClass(const std::string& name) {
  auto it = exception_classes.find(name);
  if (it != exception_classes.end()) return it->second;
  const sem::PyExceptionInfo* e = sem::FindPyException(name);
  if (!e) return nullptr;
  auto info = std::make_shared<ClassInfo>();
  info->name = name;
  info->exception = true;
  if (e->base) {
    ValuePtr base = ExceptionClass(e->base);
    info->bases.push_back(base->cls);
    info->members = base->cls->members;
  } else {
    info->members["__init__"] = MakeBuiltin("#exc_init");
  }
  auto cls = MakeUnknown();
  cls->kind = VK::Class;
  cls->cls = info;
  exception_classes[name] = cls;
  return cls;
}

namespace {
bool DerivesFrom(const ClassInfo* c, const ClassInfo* base) {
  if (c == base) return true;
  for (const auto& b : c->bases)
    if (DerivesFrom(b.get(), base)) return true;
  return false;
}
}  // namespace

std::optional<bool> Tracer::ExceptionMatches(const ValuePtr& exc, const ValuePtr& type) {
  if (!exc || exc->kind != VK::Object || !exc->cls) return std::nullopt;
  if (type->kind == VK::Tuple && type->known) {
    bool any = false;
    for (const auto& t : type->items) {
      auto m = ExceptionMatches(exc, t);
      if (!m) return std::nullopt;
      any |= *m;
    }
    return any;
  }
  if (type->kind == VK::Class && type->cls) return DerivesFrom(exc->cls.get(), type->cls.get());
  return std::nullopt;
}

Flow Tracer::ExecRaise(const RaiseStmt& r) {
  if (!r.exc) {
    raising = handling.empty() ? nullptr : handling.back();
    return Flow::Raise;
  }
  ValuePtr v = Eval(*r.exc);
  if (r.cause) Eval(*r.cause);
  if (v->kind == VK::Class && v->cls && v->cls->exception) {
    CallArgs none;
    none.range = r.range;
    v = Construct(v, none);
  }
  if (v->kind != VK::Object || !v->cls || !v->cls->exception) {
    if (v->kind != VK::Unknown)
      Issue(DiagKind::TraceTypeError, r.exc->range, "exceptions must derive from BaseException, not " + Describe(*v));
    v = nullptr;  // raised at run time, but what is not known
  }
  raising = v;
  return Flow::Raise;
}

Flow Tracer::ExecTry(const TryStmt& t) {
  const long uncertain_before = uncertain_raises;
  const bool traced = Traced();
  if (traced) ++try_depth;
  Flow fl = ExecBlock(t.body);
  if (traced) --try_depth;
  bool known = uncertain_raises == uncertain_before;
  ValuePtr exc = fl == Flow::Raise ? raising : nullptr;
  if (fl == Flow::Raise && !exc) known = false;
  // Which handler runs, when the body raised at compile time.
  const ExceptHandler* chosen = nullptr;
  if (known && fl == Flow::Raise) {
    for (const auto& h : t.handlers) {
      if (!h.type) { chosen = &h; break; }
      auto m = ExceptionMatches(exc, Eval(*h.type));
      if (!m) { known = false; break; }
      if (*m) { chosen = &h; break; }
    }
  }
  auto run_handler = [&](const ExceptHandler& h, const ValuePtr& e) {
    if (!h.name.empty()) BindName(h.name, e ? e : MakeUnknown());
    handling.push_back(e);
    Flow hf = ExecBlock(h.body);
    handling.pop_back();
    return hf;
  };
  if (!known) {
    if (Traced())
      Break(BreakKind::DataDependentException, t.range,
            "whether this `try` body raises (and which handler runs) is known only at run time");
    MarkEager("a `try` whose outcome is known only at run time", t.range);
    // Every handler may run: trace each for its effects, joined with the body's.
    for (const auto& h : t.handlers)
      ExecBothWays([&] { return Flow::Normal; }, [&] { run_handler(h, nullptr); return Flow::Normal; });
    if (fl == Flow::Raise) fl = Flow::Normal;
    if (fl == Flow::Normal) ExecBlock(t.orelse);
    ++uncertain_raises;  // an enclosing `try` cannot know either
  } else if (fl == Flow::Raise && chosen) {
    fl = run_handler(*chosen, exc);
  } else if (fl == Flow::Normal) {
    fl = ExecBlock(t.orelse);
  }
  if (!t.finalbody.empty()) {
    ValuePtr pending = raising;
    Flow ff = ExecBlock(t.finalbody);
    if (ff != Flow::Normal) fl = ff;  // `return`/`break`/`raise` in `finally` wins
    else raising = pending;
  }
  return fl;
}

void Tracer::ExecDel(const DelStmt& s) {
  for (const auto& t : s.targets) {
    if (auto* n = dyn_cast<NameExpr>(t.get())) {
      Frame& f = Cur();
      Eval(*n);  // a NameError when unbound
      if (f.def && DeclaredNames(*f.def, StmtKind::GlobalStmt).count(n->name))
        f.module->globals->vars.erase(n->name);
      else
        f.locals->vars.erase(n->name);
      if (f.def && !f.eager) f.stmt_assigned.insert(n->name);
      continue;
    }
    if (auto* sub = dyn_cast<SubscriptExpr>(t.get())) {
      ValuePtr base = Eval(*sub->value);
      ValuePtr idx = Eval(*sub->index);
      if (base->kind == VK::Object) {
        ObjectDelItem(base, idx, t->range);  // __delitem__
        continue;
      }
      MarkMutation(base, "`del` of an item of " + Describe(*base), t->range);
      if (base->kind == VK::List && base->known && idx->kind == VK::Int && idx->known) {
        int64_t n = static_cast<int64_t>(base->items.size());
        int64_t i = idx->i < 0 ? idx->i + n : idx->i;
        if (i >= 0 && i < n) base->items.erase(base->items.begin() + i);
        else Issue(DiagKind::TraceTypeError, t->range, "list assignment index out of range");
        continue;
      }
      if (base->kind == VK::Dict && base->known) {
        bool done = false;
        for (size_t i = 0; i < base->keys.size() && !done; ++i) {
          auto eq = KnownEqual(*base->keys[i], *idx);
          if (!eq) break;
          if (*eq) {
            base->keys.erase(base->keys.begin() + i);
            base->items.erase(base->items.begin() + i);
            done = true;
          }
        }
        if (done) continue;
      }
      if (base->kind == VK::Tensor && Traced()) {
        Break(BreakKind::Unsupported, t->range, "`del` of a tensor item");
        continue;
      }
      base->known = false;
      MarkEager("`del` whose effect is known only at run time", t->range);
      continue;
    }
    if (auto* a = dyn_cast<AttributeExpr>(t.get())) {
      DelAttr(Eval(*a->value), a->attr, t->range);
    }
  }
}

// `del base.attr` and delattr(base, "attr").
void Tracer::DelAttr(const ValuePtr& base, const std::string& attr, Range where) {
  MarkMutation(base, "`del` of the attribute `" + attr + "` of " + Describe(*base), where);
  if (base->kind == VK::Object) {
    NoteAttrWrite(base, attr);
    base->attrs.erase(attr);
    std::erase(base->attr_order, attr);
  }
}

}  // namespace tcc::trace
