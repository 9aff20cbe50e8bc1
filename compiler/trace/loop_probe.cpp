// Implements the snapshot a rolled-loop probe takes (loops.cpp): a `for`
// with a known trip count is first traced rolled; when its iterations turn
// out to differ, everything the probe traced is undone and the loop is
// unrolled as before. The snapshot holds what tracing a loop body can change
// outside the heap: the tape, the reports (breaks, issues, diagnostics,
// notes, regions), the current specialisation, and every traced frame (its
// statement state, segments and locals). Python values the body changes in
// place (a list it appends to, an object's attributes, a class, module
// globals) are saved before their first change by the heap journal below and
// put back when the probe is undone.
#include "trace/tracer.h"

namespace tcc::trace {

struct ProbeState {
  ProbedState fields;                // copied whole
  size_t journal = 0;
  size_t tape = 0, diags = 0, uncompiled = 0, regions = 0, segments = 0, rolled = 0;  // lengths to truncate to
  std::vector<Site> breaks;
  std::vector<Site> errors, warnings;
  Specialisation spec;
  struct FrameCopy {
    Frame* frame;
    Frame copy;
    std::unordered_map<std::string, ValuePtr> vars;
  };
  std::vector<FrameCopy> frames;
};

std::shared_ptr<ProbeState> SaveProbeState(Tracer& t) {
  auto s = std::make_shared<ProbeState>();
  t.OpenJournal();
  s->fields = static_cast<const ProbedState&>(t);
  s->journal = t.journal_levels.size();
  s->tape = t.tape.size();
  s->diags = t.diags.diagnostics().size();
  s->uncompiled = t.uncompiled.size();
  s->regions = t.regions.size();
  s->segments = t.result.segments.size();
  s->rolled = t.rolled_ranges.size();
  s->breaks = t.result.breaks;
  s->errors = t.result.errors;
  s->warnings = t.result.warnings;
  if (t.spec >= 0) s->spec = t.result.specs[t.spec];
  for (Frame* f : t.frames) {
    if (f->eager) continue;
    s->frames.push_back({f, *f, f->locals ? f->locals->vars : std::unordered_map<std::string, ValuePtr>{}});
  }
  return s;
}

void RestoreProbeState(Tracer& t, ProbeState& s) {
  while (t.journal_levels.size() > s.journal) t.CloseJournal();  // levels the probe left open (none expected)
  if (t.journal_levels.size() == s.journal) t.UndoJournal();
  static_cast<ProbedState&>(t) = std::move(s.fields);
  t.tape.resize(s.tape);
  if (t.tape_covered.size() > s.tape) t.tape_covered.resize(s.tape);
  t.diags.truncate(s.diags);
  t.uncompiled.resize(s.uncompiled);
  t.regions.resize(s.regions);
  t.result.segments.resize(s.segments);
  t.rolled_ranges.resize(s.rolled);
  t.result.breaks = std::move(s.breaks);
  t.result.errors = std::move(s.errors);
  t.result.warnings = std::move(s.warnings);
  if (t.spec >= 0) t.result.specs[t.spec] = std::move(s.spec);
  for (auto& fc : s.frames) {
    *fc.frame = std::move(fc.copy);
    if (fc.frame->locals) fc.frame->locals->vars = std::move(fc.vars);
  }
}

void DropProbeState(Tracer& t, ProbeState& s) {
  while (t.journal_levels.size() >= s.journal && !t.journal_levels.empty()) t.CloseJournal();
}

void Tracer::OpenJournal() { journal_levels.push_back({heap_journal.size(), BornNow(), {}}); }

void Tracer::JournalWrite(const ValuePtr& target) {
  if (journal_levels.empty() || !target) return;
  JournalLevel& level = journal_levels.back();
  if (target->kind == VK::Class && target->cls) {
    if (!level.saved.insert(target->cls.get()).second) return;
    HeapSave h;
    h.cls = target->cls;
    h.members = target->cls->members;
    heap_journal.push_back(std::move(h));
    return;
  }
  if (target->kind == VK::Module) {
    if (target->module && target->module->globals) JournalEnv(target->module->globals);
    return;
  }
  if (target->born >= level.born || !level.saved.insert(target.get()).second) return;
  heap_journal.push_back({target, std::make_shared<Value>(*target), nullptr, {}, nullptr, {}});
}

void Tracer::JournalEnv(const EnvPtr& env) {
  if (journal_levels.empty() || !env || !journal_levels.back().saved.insert(env.get()).second) return;
  HeapSave h;
  h.env = env;
  h.vars = env->vars;
  heap_journal.push_back(std::move(h));
}

namespace {
void PutBack(const Tracer::HeapSave& h) {
  if (h.value) *h.value = *h.before;
  else if (h.cls) h.cls->members = h.members;
  else if (h.env) h.env->vars = h.vars;
}
}  // namespace

void Tracer::UndoJournal() {
  if (journal_levels.empty()) return;
  const size_t begin = journal_levels.back().begin;
  for (size_t i = heap_journal.size(); i-- > begin;) PutBack(heap_journal[i]);  // newest first: the oldest save wins
  heap_journal.resize(begin);
  journal_levels.pop_back();
}

std::vector<Tracer::HeapSave> Tracer::RewindWrites(size_t begin) {
  std::vector<HeapSave> now;
  for (size_t i = begin; i < heap_journal.size(); ++i) {
    HeapSave h = heap_journal[i];
    if (h.value) h.before = std::make_shared<Value>(*h.value);
    else if (h.cls) h.members = h.cls->members;
    else if (h.env) h.vars = h.env->vars;
    now.push_back(std::move(h));
  }
  for (size_t i = heap_journal.size(); i-- > begin;) PutBack(heap_journal[i]);
  return now;
}

void Tracer::WithWritesUndone(size_t begin, const std::function<void()>& fn) {
  if (begin >= heap_journal.size()) return fn();
  std::vector<HeapSave> now = RewindWrites(begin);
  fn();
  for (const HeapSave& h : now) PutBack(h);
}

void Tracer::JoinWrites(size_t begin, const std::vector<HeapSave>& side_a) {
  auto join_map = [&](auto& now, const auto& was, const auto& other) {
    for (auto& [k, x] : now) {
      auto o = other.find(k);
      if (o != other.end()) x = JoinForBranches(syms, x, o->second);
    }
    for (const auto& [k, x] : other)  // bound on the other side only: that side's value
      if (!now.count(k) && !was.count(k)) now[k] = x;
  };
  std::set<const void*> done;
  auto join_one = [&](const HeapSave& h, const HeapSave* a) {
    if (h.cls) {
      if (done.insert(h.cls.get()).second) join_map(h.cls->members, h.members, a ? a->members : h.members);
      return;
    }
    if (h.env) {
      if (done.insert(h.env.get()).second) join_map(h.env->vars, h.vars, a ? a->vars : h.vars);
      return;
    }
    if (!done.insert(h.value.get()).second) return;
    Value& now = *h.value;
    const Value& other = a ? *a->before : *h.before;  // side a's state, or (not written by a) the state before
    if (now.kind == VK::Set) {  // one set, or one only at run time
      if (!now.known || !KnownEqual(now, other).value_or(false)) now.known = false;
    } else if (now.kind == VK::List || now.kind == VK::Tuple || now.kind == VK::Dict) {
      if (!other.known || now.items.size() != other.items.size() || now.keys.size() != other.keys.size()) {
        now.known = false;  // a length (or keys) known only at run time
        return;
      }
      for (size_t i = 0; i < now.items.size(); ++i) now.items[i] = JoinForBranches(syms, now.items[i], other.items[i]);
      if (now.kind == VK::Dict)
        for (size_t i = 0; i < now.keys.size() && now.known; ++i)
          if (!KnownEqual(*now.keys[i], *other.keys[i]).value_or(false)) now.known = false;
    } else if (now.kind == VK::Object) {
      join_map(now.attrs, h.before->attrs, other.attrs);
    }
  };
  auto find_a = [&](const HeapSave& h) -> const HeapSave* {
    for (const HeapSave& x : side_a)
      if (x.value == h.value && x.cls == h.cls && x.env == h.env) return &x;
    return nullptr;
  };
  for (size_t i = begin; i < heap_journal.size(); ++i) join_one(heap_journal[i], find_a(heap_journal[i]));
}

void Tracer::CloseJournal() {
  if (journal_levels.empty()) return;
  journal_levels.pop_back();
  if (journal_levels.empty()) heap_journal.clear();  // no probe can undo them any more
}

std::vector<const Tracer::HeapSave*> Tracer::JournalSince(size_t begin) const {
  std::vector<const HeapSave*> out;
  for (size_t i = begin; i < heap_journal.size(); ++i) out.push_back(&heap_journal[i]);
  return out;
}

}  // namespace tcc::trace
