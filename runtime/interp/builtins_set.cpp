// Implements sets: the methods of lang/semantics/container_methods.def's Set rows,
// the operators `|`, `&`, `-`, `^` (and their augmented forms, which change
// the left set in place as Python's do) and the subset comparisons. Which
// items a result holds, and in which order, is lang/semantics/containers.h's rule,
// the one the tracer follows at compile time.
#include "interp/interpreter.h"
#include "semantics/containers.h"

namespace tcc::interp {

namespace {

SetObj* SelfSet(Args& a) { return a.pos[0].as<SetObj>(); }

// The items of a set, or of any iterable as a set would hold them.
std::vector<Value> SetItems(const Value& v) {
  if (v.is(OType::Set)) return v.as<SetObj>()->items();
  SetObj tmp;
  tmp.Assign(Materialize(v));
  return tmp.items();
}

std::vector<Value> Combine(sem::SetOp op, const std::vector<Value>& a, const std::vector<Value>& b) {
  SetObj sa, sb;
  sa.Assign(a);
  sb.Assign(b);
  auto in_a = [&](const Value& x) { return std::optional<bool>(sa.Has(x)); };
  auto in_b = [&](const Value& x) { return std::optional<bool>(sb.Has(x)); };
  return *sem::CombineSets(op, sa.items(), sb.items(), in_a, in_b);
}

Value NewSet(std::vector<Value> items) {
  Ref<SetObj> s(new SetObj());
  s->Assign(std::move(items));
  return s.value();
}

// The items of `s OP t` into `s` itself: a union adds t's items in order
// (what CombineSets keeps, without rebuilding s, so `seen |= {x}` in a loop
// stays linear); the others replace s's items.
void UpdateInPlace(sem::SetOp op, SetObj* s, const std::vector<Value>& t) {
  if (op == sem::SetOp::Union) {
    for (const Value& x : t) s->Add(x);
    return;
  }
  s->Assign(Combine(op, s->items(), t));
}

constexpr int32_t kAnyCount = 1 << 20;  // Args::Check: any number of positional arguments

// s.union(*others) and its kin: folds the operation over the arguments.
template <sem::SetOp Op>
Value Fold(Interp&, Args& a) {
  a.Check(Op == sem::SetOp::SymmetricDifference ? 2 : kAnyCount, {});
  SetObj out;
  out.Assign(SelfSet(a)->items());
  for (int32_t i = 1; i < a.npos; ++i) UpdateInPlace(Op, &out, SetItems(a.pos[i]));
  return NewSet(out.items());
}
template <sem::SetOp Op>
Value FoldUpdate(Interp&, Args& a) {
  a.Check(Op == sem::SetOp::SymmetricDifference ? 2 : kAnyCount, {});
  for (int32_t i = 1; i < a.npos; ++i) UpdateInPlace(Op, SelfSet(a), SetItems(a.pos[i]));
  return Value::None();
}

Value Add(Interp&, Args& a) {
  a.Check(2, {});
  SelfSet(a)->Add(a.Need(1, "item"));
  return Value::None();
}
Value Discard(Interp&, Args& a) {
  a.Check(2, {});
  SelfSet(a)->Remove(a.Need(1, "item"));
  return Value::None();
}
Value Remove(Interp&, Args& a) {
  a.Check(2, {});
  if (!SelfSet(a)->Remove(a.Need(1, "item"))) ThrowKeyError(a.pos[1], Repr(a.pos[1]) + " is not in the set");
  return Value::None();
}
Value SetPop(Interp&, Args& a) {
  a.Check(1, {});
  return SelfSet(a)->PopFirst();
}
Value Clear(Interp&, Args& a) {
  a.Check(1, {});
  SelfSet(a)->Clear();
  return Value::None();
}
Value Copy(Interp&, Args& a) {
  a.Check(1, {});
  return NewSet(SelfSet(a)->items());
}
Value IsSubset(Interp&, Args& a) {
  a.Check(2, {});
  SetObj other;
  other.Assign(Materialize(a.Need(1, "other")));
  return Value::Bool(*sem::AllIn(SelfSet(a)->items(), [&](const Value& x) { return std::optional<bool>(other.Has(x)); }));
}
Value IsSuperset(Interp&, Args& a) {
  a.Check(2, {});
  SetObj* s = SelfSet(a);
  return Value::Bool(*sem::AllIn(SetItems(a.Need(1, "other")), [&](const Value& x) { return std::optional<bool>(s->Has(x)); }));
}
Value IsDisjoint(Interp&, Args& a) {
  a.Check(2, {});
  return Value::Bool(Combine(sem::SetOp::Intersection, SelfSet(a)->items(), SetItems(a.Need(1, "other"))).empty());
}

}  // namespace

BuiltinFn SetMethodImpl(std::string_view name) {
  using enum sem::SetOp;
  static const std::pair<const char*, BuiltinFn> table[] = {
      {"add", Add}, {"discard", Discard}, {"remove", Remove}, {"pop", SetPop}, {"clear", Clear}, {"copy", Copy},
      {"update", FoldUpdate<Union>}, {"intersection_update", FoldUpdate<Intersection>},
      {"difference_update", FoldUpdate<Difference>}, {"symmetric_difference_update", FoldUpdate<SymmetricDifference>},
      {"union", Fold<Union>}, {"intersection", Fold<Intersection>}, {"difference", Fold<Difference>},
      {"symmetric_difference", Fold<SymmetricDifference>}, {"issubset", IsSubset}, {"issuperset", IsSuperset},
      {"isdisjoint", IsDisjoint}};
  for (const auto& [n, fn] : table)
    if (name == n) return fn;
  return nullptr;
}

Value SetBinary(sem::SetOp op, const Value& a, const Value& b) {
  return NewSet(Combine(op, a.as<SetObj>()->items(), b.as<SetObj>()->items()));
}

void SetAugmented(sem::SetOp op, const Value& a, const Value& b) {
  UpdateInPlace(op, a.as<SetObj>(), b.as<SetObj>()->items());
}

bool SetLessEqual(const Value& a, const Value& b) {
  const SetObj* sb = b.as<SetObj>();
  return *sem::AllIn(a.as<SetObj>()->items(), [&](const Value& x) { return std::optional<bool>(sb->Has(x)); });
}

}  // namespace tcc::interp
