// Implements expression evaluation over compiled XNodes.
#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/suggest.h"

namespace tcc::interp {

bool ContainerMethod(const Value& self, int32_t sym, BuiltinFn* fn, const char** fname);

namespace {

[[noreturn]] void Unbound(const XNode* n) {
  ThrowError(DiagKind::RtNameError, "local variable `" + n->name + "` is used before it is assigned");
}

// Values pushed on the interpreter's stack for the duration of a call.
struct ArgBuf {
  ArgBuf(Interp& in, int32_t n) : in(in), n(n), v(in.Push(n)) {}
  ~ArgBuf() { in.Pop(n); }
  Interp& in;
  int32_t n;
  Value* v;
};

}  // namespace

Value Interp::Eval(const XNode* n, Frame& f) {
  switch (n->k) {
    case XK::Const: return n->constant;
    case XK::Local: {
      const Value& v = f.slots[n->slot];
      if (v.is_undef()) { f.at = &n->range; Unbound(n); }
      return v;
    }
    case XK::Cell: {
      const Value& v = f.slots[n->slot].as<CellObj>()->v;
      if (v.is_undef()) { f.at = &n->range; Unbound(n); }
      return v;
    }
    case XK::Free: {
      const Value& v = f.fn->closure[n->slot]->v;
      if (v.is_undef()) {
        f.at = &n->range;
        ThrowError(DiagKind::RtNameError, "variable `" + n->name + "` of an enclosing function is used before it is assigned");
      }
      return v;
    }
    case XK::Global: {
      const Value& v = f.module->globals[n->slot];
      if (!v.is_undef()) return v;
      if (n->aux >= 0) return Builtins().values[n->aux];
      if (n->name == "__name__")  // `if __name__ == "__main__":`, as Python sets it
        return MakeStr(f.module->code == codes_.front().get() ? "__main__" : f.module->code->name);
      f.at = &n->range;
      std::vector<std::string> names = Builtins().names;  // for the "did you mean"
      for (size_t i = 0; i < f.module->globals.size(); ++i)
        if (!f.module->globals[i].is_undef()) names.push_back(f.module->code->global_names[i]);
      ThrowError(DiagKind::RtNameError, "name `" + n->name + "` is not defined" + sem::DidYouMean(n->name, names));
    }
    case XK::Lambda: return DefineFunction(n->func, f);
    case XK::ListComp: {
      std::vector<Value> items;
      EvalComprehension(n, 0, 1, f, items);
      return MakeList(std::move(items));
    }
    case XK::List:
    case XK::Tuple: {
      std::vector<Value> items = EvalItems(n->kids, 0, f);
      return n->k == XK::List ? MakeList(std::move(items)) : MakeTuple(std::move(items));
    }
    case XK::Starred:
      f.at = &n->range;
      TypeErr("a starred expression `*x` can only be used in a list, a tuple or a call's arguments");
    case XK::Dict: {
      Ref<DictObj> d(new DictObj());
      for (size_t i = 0; i + 1 < n->kids.size(); i += 2) {
        if (!n->kids[i]) {  // `**other`
          Value other = Eval(n->kids[i + 1].get(), f);
          f.at = &n->kids[i + 1]->range;
          if (!other.is(OType::Dict)) TypeErr("`**` in a dict display needs a dict, not `" + TypeName(other) + "`");
          for (auto& [k, v] : other.as<DictObj>()->items) d->Set(k, v);
          continue;
        }
        Value k = Eval(n->kids[i].get(), f);
        Value v = Eval(n->kids[i + 1].get(), f);
        d->Set(k, std::move(v));
      }
      return d.value();
    }
    case XK::Slice: {
      Ref<SliceObj> s(new SliceObj());
      s->lo = n->kids[0] ? Eval(n->kids[0].get(), f) : Value::None();
      s->hi = n->kids[1] ? Eval(n->kids[1].get(), f) : Value::None();
      s->step = n->kids[2] ? Eval(n->kids[2].get(), f) : Value::None();
      return s.value();
    }
    case XK::Subscript: {
      Value obj = Eval(n->kids[0].get(), f);
      Value idx = Eval(n->kids[1].get(), f);
      f.at = &n->range;
      return GetItem(obj, idx);
    }
    case XK::Attr: {
      Value obj = Eval(n->kids[0].get(), f);
      f.at = &n->range;
      return GetAttr(obj, n->slot);
    }
    case XK::Call: return EvalCall(n, f);
    case XK::Unary: {
      Value a = Eval(n->kids[0].get(), f);
      f.at = &n->range;
      return UnaryOp(static_cast<ast::UnaryOp>(n->op), a);
    }
    case XK::Binary: {
      Value a = Eval(n->kids[0].get(), f);
      Value b = Eval(n->kids[1].get(), f);
      f.at = &n->range;
      return BinaryOp(static_cast<ast::BinOp>(n->op), a, b);
    }
    case XK::Compare: {
      Value lhs = Eval(n->kids[0].get(), f);
      Value result;
      for (size_t i = 0; i < n->cmpops.size(); ++i) {
        Value rhs = Eval(n->kids[i + 1].get(), f);
        f.at = &n->range;
        result = CompareOp(static_cast<ast::CmpOp>(n->cmpops[i]), lhs, rhs);
        if (i + 1 < n->cmpops.size()) {
          if (!Truthy(result)) return result;
          lhs = std::move(rhs);
        }
      }
      return result;
    }
    case XK::And: {
      Value v;
      for (auto& k : n->kids) {
        v = Eval(k.get(), f);
        f.at = &k->range;
        if (!Truthy(v)) return v;
      }
      return v;
    }
    case XK::Or: {
      Value v;
      for (auto& k : n->kids) {
        v = Eval(k.get(), f);
        f.at = &k->range;
        if (Truthy(v)) return v;
      }
      return v;
    }
    case XK::IfExp: {
      Value t = Eval(n->kids[1].get(), f);
      f.at = &n->kids[1]->range;
      return Eval(Truthy(t) ? n->kids[0].get() : n->kids[2].get(), f);
    }
  }
  return Value::None();
}

// Calls evaluate the callee (or, for `obj.name(...)`, the receiver, without
// making a bound method), then the arguments onto the value stack.
std::vector<Value> Interp::EvalItems(const std::vector<XPtr>& kids, size_t from, Frame& f) {
  std::vector<Value> items;
  items.reserve(kids.size() - from);
  for (size_t i = from; i < kids.size(); ++i) {
    const XNode* k = kids[i].get();
    if (k->k != XK::Starred) {
      items.push_back(Eval(k, f));
      continue;
    }
    Value seq = Eval(k->kids[0].get(), f);
    f.at = &k->range;
    for (Value& v : Materialize(seq)) items.push_back(std::move(v));
  }
  return items;
}

// A call with `*xs` or `**d` arguments: the argument lists are built first.
Value Interp::EvalCallSpliced(const XNode* n, Frame& f) {
  const XNode* fn = n->kids[0].get();
  const size_t nkw = n->kwnames.size();
  const size_t npos_kids = n->kids.size() - 1 - nkw;
  Value callee = Eval(fn, f);
  std::vector<Value> pos;
  for (size_t i = 1; i <= npos_kids; ++i) {
    const XNode* k = n->kids[i].get();
    if (k->k != XK::Starred) { pos.push_back(Eval(k, f)); continue; }
    Value seq = Eval(k->kids[0].get(), f);
    f.at = &k->range;
    for (Value& v : Materialize(seq)) pos.push_back(std::move(v));
  }
  std::vector<int32_t> names;
  std::vector<Value> vals;
  for (size_t j = 0; j < nkw; ++j) {
    const XNode* k = n->kids[1 + npos_kids + j].get();
    Value v = Eval(k, f);
    auto add = [&](int32_t sym, Value x) {
      for (int32_t s : names)
        if (s == sym) { f.at = &k->range; ThrowError(DiagKind::RtArgumentError, "got multiple values for keyword argument `" + SymName(sym) + "`"); }
      names.push_back(sym);
      vals.push_back(std::move(x));
    };
    if (n->kwnames[j] >= 0) { add(n->kwnames[j], std::move(v)); continue; }
    f.at = &k->range;
    if (!v.is(OType::Dict)) TypeErr("argument after `**` must be a dict, not `" + TypeName(v) + "`");
    for (auto& [key, x] : v.as<DictObj>()->items) {
      if (!key.is(OType::Str)) TypeErr("keywords must be strings");
      add(Intern(key.as<StrObj>()->s), x);
    }
  }
  f.at = &n->range;
  ArgBuf buf(*this, static_cast<int32_t>(pos.size() + vals.size()));
  for (size_t i = 0; i < pos.size(); ++i) buf.v[i] = std::move(pos[i]);
  for (size_t j = 0; j < vals.size(); ++j) buf.v[pos.size() + j] = std::move(vals[j]);
  const int32_t np = static_cast<int32_t>(pos.size()), nk = static_cast<int32_t>(vals.size());
  return Call(callee, buf.v, np, nk ? names.data() : nullptr, buf.v + np, nk);
}

Value Interp::EvalCall(const XNode* n, Frame& f) {
  if (n->op == 1) return EvalCallSpliced(n, f);
  const XNode* fn = n->kids[0].get();
  const int32_t nargs = static_cast<int32_t>(n->kids.size()) - 1;
  const int32_t nkw = static_cast<int32_t>(n->kwnames.size());
  const int32_t npos = nargs - nkw;
  if (fn->k == XK::Attr) {
    ArgBuf buf(*this, nargs + 1);
    buf.v[0] = Eval(fn->kids[0].get(), f);
    for (int32_t i = 0; i < nargs; ++i) buf.v[i + 1] = Eval(n->kids[i + 1].get(), f);
    f.at = &n->range;
    const Value& self = buf.v[0];
    const int32_t sym = fn->slot;
    const int32_t* kwn = nkw ? n->kwnames.data() : nullptr;
    const Value* kwv = buf.v + 1 + npos;
    if (self.is(OType::Tensor)) {
      Args a{buf.v, npos + 1, kwn, kwv, nkw, SymName(sym).c_str()};
      return TensorCallMethod(*this, sym, a);
    }
    if (self.is(OType::Instance)) {
      auto* inst = self.as<InstanceObj>();
      if (Value* own = inst->Find(sym)) return Call(*own, buf.v + 1, npos, kwn, kwv, nkw);
      if (const Value* m = inst->cls->Lookup(sym)) {
        if (m->is(OType::Function)) return CallFunction(m->as<FunctionObj>(), &self, buf.v + 1, npos, kwn, kwv, nkw);
        if (m->is(OType::Special)) return Call(BindSpecialMember(*m, self, false), buf.v + 1, npos, kwn, kwv, nkw);
        return Call(*m, buf.v + 1, npos, kwn, kwv, nkw);
      }
    }
    BuiltinFn bfn;
    const char* bname;
    if ((self.is(OType::List) || self.is(OType::Tuple) || self.is(OType::Dict) || self.is(OType::Set) ||
         self.is(OType::Str)) &&
        ContainerMethod(self, sym, &bfn, &bname)) {
      Args a{buf.v, npos + 1, kwn, kwv, nkw, bname};
      return bfn(*this, a);
    }
    Value callee = GetAttr(self, sym);
    return Call(callee, buf.v + 1, npos, kwn, kwv, nkw);
  }
  Value callee = Eval(fn, f);
  ArgBuf buf(*this, nargs);
  for (int32_t i = 0; i < nargs; ++i) buf.v[i] = Eval(n->kids[i + 1].get(), f);
  f.at = &n->range;
  return Call(callee, buf.v, npos, nkw ? n->kwnames.data() : nullptr, buf.v + npos, nkw);
}

}  // namespace tcc::interp
