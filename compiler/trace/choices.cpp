// Implements values chosen at run time among values known at compile time
// (issue 39 part 1). Module scope picks a model or a config by a flag:
//   models = {"mlp": MLP(8, 16), "gated": Gated(8)}
//   model = models[sys.argv[1]]
// The key is known only when the executable runs, but every value it can
// pick is known now. The tracer keeps the candidates (a choice): a call of a
// choice traces each candidate as its own entry, and the interpreter's real
// call runs the specialisation whose guards (the class and attributes of
// `self`) match the one picked, as a call of that model would. Values the
// tracer can join (numbers, strings, tensors) join instead: `cfg["batch"]`
// over two configs is an int known only at run time.
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
// What explain says of the entry traced for candidate i: "one of 2 chosen at
// run time: \"mlp\"".
std::string CandidateNote(const Value& choice, size_t i) {
  return "one of " + std::to_string(choice.choices.size()) + " chosen at run time: " +
         (i < choice.choice_labels.size() ? choice.choice_labels[i] : "#" + std::to_string(i));
}
}  // namespace

ValuePtr Tracer::MakeChoice(std::vector<ValuePtr> cands, std::vector<std::string> labels) {
  if (cands.empty()) return MakeUnknown();
  bool joinable = true;
  for (const auto& c : cands)
    joinable = joinable && (c->is_number() || c->kind == VK::Str || c->kind == VK::None || c->kind == VK::Tensor);
  if (joinable) {
    ValuePtr r = cands[0];
    for (size_t i = 1; i < cands.size(); ++i) r = JoinForBranches(syms, r, cands[i]);
    return r;
  }
  for (const auto& c : cands)
    if (c->kind == VK::Unknown && c->choices.empty()) return MakeUnknown();  // one of them is not known
  auto r = MakeUnknown();
  r->choices = std::move(cands);
  r->choice_labels = std::move(labels);
  return r;
}

ValuePtr Tracer::JoinBranches(const ValuePtr& a, const ValuePtr& b) {
  auto choosable = [](const ValuePtr& v) {
    return v->kind == VK::Object || v->kind == VK::Function || v->kind == VK::Class || v->kind == VK::BoundMethod ||
           v->kind == VK::Wrapper || (v->kind == VK::Unknown && !v->choices.empty());
  };
  if (Traced() || a == b || !choosable(a) || !choosable(b)) return JoinForBranches(syms, a, b);
  std::vector<ValuePtr> cands;
  std::vector<std::string> labels;
  for (const ValuePtr& side : {a, b}) {
    if (side->kind != VK::Unknown) {
      cands.push_back(side);
      labels.push_back(Describe(*side));
      continue;
    }
    cands.insert(cands.end(), side->choices.begin(), side->choices.end());
    labels.insert(labels.end(), side->choice_labels.begin(), side->choice_labels.end());
  }
  if (cands.size() > kMaxChoices) return MakeUnknown();
  return MakeChoice(std::move(cands), std::move(labels));
}

ValuePtr Tracer::ChoiceOfItems(const ValuePtr& dict, const ValuePtr& key) {
  if (Traced() || !dict->known || dict->items.size() < 2 || dict->items.size() > kMaxChoices) return nullptr;
  if (key->kind != VK::Str && key->kind != VK::Int && key->kind != VK::Unknown) return nullptr;
  std::vector<std::string> labels;
  for (const auto& k : dict->keys) labels.push_back(Describe(*k));
  return MakeChoice(dict->items, std::move(labels));
}

ValuePtr Tracer::EachChoice(const ValuePtr& choice, const std::function<ValuePtr(const ValuePtr&)>& f) {
  std::vector<ValuePtr> results;
  for (const auto& c : choice->choices) results.push_back(f(c));
  return MakeChoice(std::move(results), choice->choice_labels);
}

ValuePtr Tracer::CallChoice(const ValuePtr& fn, CallArgs& args) {
  std::vector<ValuePtr> results;
  for (size_t i = 0; i < fn->choices.size(); ++i) {
    CallArgs a = args;
    // The entry this call makes names the candidate (Entry).
    choice_note = CandidateNote(*fn, i);
    results.push_back(Call(fn->choices[i], a));
    choice_note.clear();
  }
  return MakeChoice(std::move(results), fn->choice_labels);
}

ValuePtr Tracer::CallWithChoiceArgs(const ValuePtr& fn, CallArgs& args) {
  auto is_choice = [](const ValuePtr& v) { return v->kind == VK::Unknown && !v->choices.empty(); };
  ValuePtr* slot = nullptr;
  size_t product = 1;  // entries the call would make, bounded as one choice's
  auto see = [&](ValuePtr& v) {
    if (!is_choice(v)) return;
    product *= v->choices.size();
    if (!slot) slot = &v;
  };
  for (auto& v : args.pos) see(v);
  for (auto& [k, v] : args.kw) see(v);
  if (!slot || product > kMaxChoices) return nullptr;
  const ValuePtr choice = *slot;
  std::vector<ValuePtr> results;
  for (size_t i = 0; i < choice->choices.size(); ++i) {
    *slot = choice->choices[i];
    CallArgs a = args;
    choice_note = CandidateNote(*choice, i);
    results.push_back(Call(fn, a));  // a further choice argument: its own candidates
    choice_note.clear();
  }
  *slot = choice;
  return MakeChoice(std::move(results), choice->choice_labels);
}

}  // namespace tcc::trace
