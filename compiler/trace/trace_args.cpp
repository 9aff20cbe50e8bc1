// Implements the arguments of calls: `*xs` and `**d` spliced into a call's
// positional and keyword arguments and into list/tuple displays, and the
// binding of arguments to parameters (defaults, keyword-only parameters,
// `*args` as a tuple, `**kwargs` as a dict).
#include "semantics/suggest.h"
#include "trace/tracer.h"

namespace tcc::trace {

using namespace ast;

std::optional<std::vector<ValuePtr>> Tracer::EvalItems(const std::vector<ExprPtr>& elts) {
  std::vector<ValuePtr> items;
  bool known = true;
  for (const auto& x : elts) {
    auto* st = dyn_cast<StarredExpr>(x.get());
    if (!st) { items.push_back(Eval(*x)); continue; }
    ValuePtr v = Eval(*st->value);
    if ((v->kind == VK::List || v->kind == VK::Tuple) && v->known) {
      items.insert(items.end(), v->items.begin(), v->items.end());
    } else if (v->kind == VK::Dict && v->known) {
      items.insert(items.end(), v->keys.begin(), v->keys.end());
    } else if (v->kind == VK::Set && v->known) {
      items.insert(items.end(), v->items.begin(), v->items.end());
    } else if (v->kind == VK::Str && v->known) {
      for (char c : v->s) items.push_back(MakeStr(std::string(1, c)));
    } else if (v->kind == VK::Tensor && v->rank_known && !v->type.shape.empty() &&
               syms.Resolve(v->type.shape[0]).is_static()) {
      int64_t n = syms.Resolve(v->type.shape[0]).size;
      Shape s(v->type.shape.begin() + 1, v->type.shape.end());
      for (int64_t i = 0; i < n; ++i) {
        graph::Attrs a;
        a.axis = 0;
        a.ints = {i};
        items.push_back(Emit(graph::OpKind::Select, {v}, a, {v->type.dtype, s}, x->range));
      }
    } else {
      known = false;
    }
  }
  if (!known) return std::nullopt;
  return items;
}

bool Tracer::EvalArgs(const std::vector<ExprPtr>& pos, const std::vector<Keyword>& kw, CallArgs& out) {
  auto items = EvalItems(pos);
  if (!items) return false;
  out.pos = std::move(*items);
  for (const auto& k : kw) {
    ValuePtr v = Eval(*k.value);
    if (!k.name.empty()) { out.kw.emplace_back(k.name, v); continue; }
    if (v->kind != VK::Dict || !v->known) return false;
    for (size_t i = 0; i < v->keys.size(); ++i) {
      if (v->keys[i]->kind != VK::Str || !v->keys[i]->known) return false;
      out.kw.emplace_back(v->keys[i]->s, v->items[i]);
    }
  }
  return true;
}

bool Tracer::BindParams(const FunctionDef& def, const ValuePtr& self, CallArgs& args, Env& env,
                        const SourceFile* file) {
  (void)file;
  std::vector<ValuePtr> pos;
  if (self) pos.push_back(self);
  pos.insert(pos.end(), args.pos.begin(), args.pos.end());
  bool ok = true;
  size_t npositional = 0;
  const Param* varargs = nullptr;
  const Param* varkw = nullptr;
  for (const Param& p : def.params) {
    if (p.kind == ParamKind::Normal) ++npositional;
    if (p.kind == ParamKind::VarArgs) varargs = &p;
    if (p.kind == ParamKind::VarKw) varkw = &p;
  }
  if (pos.size() > npositional && !varargs) {
    Issue(DiagKind::TraceArgumentError, args.range,
          "`" + def.name + "` takes " + std::to_string(npositional - (self ? 1 : 0)) + " positional arguments but " +
              std::to_string(args.pos.size()) + " were given");
    ok = false;
  }
  for (size_t i = 0; i < def.params.size(); ++i) {
    const Param& p = def.params[i];
    if (p.kind == ParamKind::VarArgs) {
      std::vector<ValuePtr> extra;
      for (size_t j = npositional; j < pos.size(); ++j) extra.push_back(pos[j]);
      env.vars[p.name] = MakeSeq(VK::Tuple, std::move(extra));
      continue;
    }
    if (p.kind == ParamKind::VarKw) {
      auto d = MakeSeq(VK::Dict, {});
      for (const auto& [k, v] : args.kw) {
        bool named = false;
        for (const Param& q : def.params)
          named |= q.name == k && (q.kind == ParamKind::Normal || q.kind == ParamKind::KwOnly);
        if (named) continue;
        d->keys.push_back(MakeStr(k));
        d->items.push_back(v);
      }
      env.vars[p.name] = d;
      continue;
    }
    ValuePtr v = i < pos.size() && p.kind == ParamKind::Normal ? pos[i] : nullptr;
    if (auto kv = args.Kw(p.name)) {
      if (v) {
        Issue(DiagKind::TraceArgumentError, args.range, "`" + def.name + "` got several values for `" + p.name + "`");
        ok = false;
      }
      v = kv;
    }
    if (!v && p.default_value) v = Eval(*p.default_value);
    if (!v) {
      Issue(DiagKind::TraceArgumentError, args.range, "`" + def.name + "` is missing the argument `" + p.name + "`");
      v = MakeUnknown();
      ok = false;
    }
    env.vars[p.name] = v;
  }
  for (const auto& [k, v] : args.kw) {
    bool found = varkw != nullptr;
    for (const Param& p : def.params) found |= p.name == k && p.kind != ParamKind::VarArgs && p.kind != ParamKind::VarKw;
    if (!found) {
      std::vector<std::string> names;
      for (const Param& p : def.params)
        if (p.kind != ParamKind::VarArgs && p.kind != ParamKind::VarKw) names.push_back(p.name);
      Issue(DiagKind::TraceArgumentError, args.range,
            "`" + def.name + "` has no parameter `" + k + "`" + sem::DidYouMean(k, names));
      ok = false;
    }
  }
  return ok;
}

}  // namespace tcc::trace
