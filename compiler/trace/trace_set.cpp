// Traces sets: `set(...)`, set displays and comprehensions (`#set([...])`),
// the methods of lang/semantics/container_methods.def's Set rows, `|`, `&`, `-`,
// `^` and their augmented forms (in place, as Python's), `in` and the subset
// comparisons. A set whose items are all known, and known to be distinct, is
// folded at compile time by lang/semantics/containers.h's rules, the interpreter's
// (so iteration order agrees); a set holding a value known only at run time
// has a length known only at run time (Value::known false), and what depends
// on it runs in the interpreter.
#include "semantics/containers.h"
#include "trace/tracer.h"

namespace tcc::trace {

using ast::CmpOp;

namespace {

bool Unhashable(const Value& v) { return v.kind == VK::List || v.kind == VK::Dict || v.kind == VK::Set; }

// An instance whose class defines `__eq__`: equal to an item or not is the
// method's answer, which the interpreter computes.
bool UserEquality(const Value& v) { return v.kind == VK::Object && v.cls && v.cls->members.count("__eq__"); }

// Whether `x` is an item of set `s`: nullopt when that is known only at run time.
std::optional<bool> InSet(const Value& s, const Value& x) {
  bool unknown = !s.known;
  for (const auto& item : s.items) {
    auto eq = UserEquality(*item) || UserEquality(x) ? std::nullopt : KnownEqual(*item, x);
    if (!eq) unknown = true;
    else if (*eq) return true;
  }
  if (unknown) return std::nullopt;
  return false;
}


}  // namespace

ValuePtr Tracer::MakeSetOf(const std::vector<ValuePtr>& items, bool known, Range where) {
  auto s = MakeSeq(VK::Set, {});
  s->known = known;
  for (const auto& x : items) {
    if (Unhashable(*x)) {
      Issue(DiagKind::TraceTypeError, where, "unhashable type: " + Describe(*x) + " cannot be a set item",
            "use a tuple");
      s->known = false;
      continue;
    }
    auto in = InSet(*s, *x);
    if (!in) s->known = false;  // equal to an item or not: known at run time
    if (!in.value_or(false)) s->items.push_back(x);
  }
  return s;
}

ValuePtr Tracer::SetBuiltin(CallArgs& args) {
  ValuePtr src = args.Arg(0, "iterable");
  if (!src) return MakeSetOf({}, true, args.range);
  if (src->kind == VK::Str) {
    std::vector<ValuePtr> chars;
    for (char c : src->s) chars.push_back(MakeStr(std::string(1, c)));
    return MakeSetOf(chars, src->known, args.range);
  }
  if (src->kind == VK::Dict) return MakeSetOf(src->keys, src->known, args.range);
  if (src->kind == VK::List || src->kind == VK::Tuple || src->kind == VK::Set)
    return MakeSetOf(src->known ? src->items : std::vector<ValuePtr>{}, src->known, args.range);
  if (src->kind == VK::Tensor) {  // rows: distinct tensor objects, as torch's tensors hash by identity
    auto s = MakeSetOf({}, false, args.range);
    return s;
  }
  if (src->kind != VK::Unknown) Issue(DiagKind::TraceTypeError, args.range, Describe(*src) + " is not iterable");
  return MakeSetOf({}, false, args.range);
}

ValuePtr Tracer::CombineSetValues(sem::SetOp op, const ValuePtr& a, const ValuePtr& b, Range where) {
  if (a->known && b->known) {
    auto in_a = [&](const ValuePtr& x) { return InSet(*a, *x); };
    auto in_b = [&](const ValuePtr& x) { return InSet(*b, *x); };
    if (auto items = sem::CombineSets(op, a->items, b->items, in_a, in_b)) return MakeSetOf(*items, true, where);
  }
  return MakeSetOf({}, false, where);
}

ValuePtr Tracer::SetMethod(const std::string& name, const ValuePtr& s, CallArgs& args) {
  const std::string m = name.substr(name.find('.') + 1);
  const sem::ContainerMethodInfo* row = sem::FindContainerMethod(sem::ContainerType::Set, m);
  if (!row) {
    Issue(DiagKind::TraceTypeError, args.range, "a set has no method `" + m + "`");
    return MakeUnknown();
  }
  using enum sem::ContainerMethodId;
  const sem::ContainerMethodId id = row->id;
  // The arguments as sets (`s.union([1, 2])` takes any iterable).
  std::vector<ValuePtr> others;
  const bool iterables = sem::SetOpOfMethod(id) || id == Set_issubset || id == Set_issuperset || id == Set_isdisjoint;
  for (const auto& a : iterables ? args.pos : std::vector<ValuePtr>{}) {
    CallArgs one;
    one.pos = {a->kind == VK::Set ? a : IterableOf(a, args.range)};
    one.range = args.range;
    others.push_back(SetBuiltin(one));
  }
  if (row->effect == sem::MethodEffect::Mutate) MarkMutation(s, "`" + m + "` on " + Describe(*s), args.range);
  auto replace = [&](const ValuePtr& with) {
    s->items = with->items;
    s->known = with->known;
  };
  if (auto op = sem::SetOpOfMethod(id)) {
    ValuePtr acc = s;
    for (const auto& o : others) acc = CombineSetValues(*op, acc, o, args.range);
    if (acc == s) acc = MakeSetOf(s->items, s->known, args.range);  // no arguments: a copy
    if (row->effect == sem::MethodEffect::Read) return acc;
    replace(acc);
    return MakeNone();
  }
  ValuePtr item = args.pos.empty() ? nullptr : args.pos[0];
  if (id == Set_copy) return MakeSetOf(s->items, s->known, args.range);
  if (id == Set_clear) {
    s->items.clear();
    s->known = true;
    return MakeNone();
  }
  if (id == Set_add && item) {
    replace(CombineSetValues(sem::SetOp::Union, s, MakeSetOf({item}, true, args.range), args.range));
    return MakeNone();
  }
  if ((id == Set_discard || id == Set_remove) && item) {
    auto in = InSet(*s, *item);
    if (id == Set_remove && !in.value_or(true)) {
      Issue(DiagKind::TraceTypeError, args.range, Describe(*item) + " is not in the set: `remove` raises KeyError");
      MarkEager();
    }
    replace(CombineSetValues(sem::SetOp::Difference, s, MakeSetOf({item}, true, args.range), args.range));
    return MakeNone();
  }
  if (id == Set_pop) {
    if (!s->known || s->items.empty()) {
      if (s->known) MarkEager("`pop` from an empty set raises KeyError", args.range);
      s->known = false;
      return MakeUnknown();
    }
    ValuePtr first = s->items.front();
    s->items.erase(s->items.begin());
    return first;
  }
  if ((id == Set_issubset || id == Set_issuperset || id == Set_isdisjoint) && !others.empty()) {
    CmpOp op = id == Set_issubset ? CmpOp::LtE : CmpOp::GtE;
    if (id != Set_isdisjoint) return SetCompare(op, s, others[0]);
    ValuePtr both = CombineSetValues(sem::SetOp::Intersection, s, others[0], args.range);
    return both->known ? MakeBool(both->items.empty()) : MakeUnknownOf(VK::Bool);
  }
  s->known = false;
  return MakeUnknown();
}

ValuePtr Tracer::SetCompare(CmpOp op, const ValuePtr& a, const ValuePtr& b) {
  auto le = [&](const Value& x, const Value& y) -> std::optional<bool> {
    if (!x.known || !y.known) return std::nullopt;
    return sem::AllIn(x.items, [&](const ValuePtr& v) { return InSet(y, *v); });
  };
  std::optional<bool> r;
  switch (op) {
    case CmpOp::LtE: r = le(*a, *b); break;
    case CmpOp::GtE: r = le(*b, *a); break;
    case CmpOp::Lt: if (auto x = le(*a, *b)) r = *x && a->items.size() < b->items.size(); break;
    case CmpOp::Gt: if (auto x = le(*b, *a)) r = *x && b->items.size() < a->items.size(); break;
    case CmpOp::Eq: case CmpOp::NotEq:
      if (auto x = le(*a, *b)) r = (*x && a->items.size() == b->items.size()) == (op == CmpOp::Eq);
      break;
    case CmpOp::Is: case CmpOp::IsNot: case CmpOp::In: case CmpOp::NotIn: return nullptr;
  }
  return r ? MakeBool(*r) : MakeUnknownOf(VK::Bool);
}

}  // namespace tcc::trace
