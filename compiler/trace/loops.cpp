// Implements `for` loops. A loop whose trip count is known only at run time
// (`range(n)` with `n` from argv(), a list of unknown length), is longer than
// opts.max_unroll, or has a known trip count above opts.roll_min whose
// iterations look alike, runs *rolled*: the interpreter runs the loop itself
// (its control is Python ints: no tensor op); the statements of its body form
// segments of their own (Segment::block names the loop), traced once with the
// loop variable known only at run time, so every iteration runs the same
// kernels and the build costs one iteration, not N. That is right when the
// values the loop carries keep their types, dtypes and shapes from one
// iteration to the next. A known-count loop is first traced rolled as a
// probe (loop_probe.cpp saves the tracer state); when a carried value changes
// (a tensor that grows, a Python number that changes: that one is retried as
// a number known only at run time) or the rolled body traces worse than the
// unrolled one would (a statement the loop variable's value decides), the
// probe is undone and the loop unrolled as before. A loop with an unknown
// trip count whose iterations differ runs in the interpreter and coverage
// reports why.
#include "ast/visit.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
// What a frame holds for the statement being traced, set aside while the
// loop body forms segments of its own.
struct StmtState {
  SegState seg;
  int64_t seg_born;
  int cur_stmt;
  bool broke, eager, listed, cond_compiled;
  std::string reason;
  Range range;
  size_t tape_begin, journal, journal_levels;
  std::vector<Segment> child_segs;
  std::set<std::string> assigned, reads, global_reads;
  std::vector<SegState::Writeback> writebacks;
  std::map<std::string, ValuePtr> out_values;
};

StmtState Take(Frame& f) {
  StmtState s{std::move(f.seg), f.seg_born, f.cur_stmt, f.stmt_broke, f.stmt_eager, f.stmt_listed, f.stmt_cond_compiled,
              f.stmt_eager_reason, f.stmt_eager_range, f.stmt_tape_begin, f.stmt_journal, f.stmt_journal_levels,
              std::move(f.child_segs),
              std::move(f.stmt_assigned), std::move(f.stmt_reads), std::move(f.stmt_global_reads),
              std::move(f.stmt_writebacks), std::move(f.seg_out_values)};
  f.seg = SegState{};
  f.child_segs.clear();
  f.stmt_assigned.clear();
  f.stmt_reads.clear();
  f.stmt_global_reads.clear();
  f.stmt_writebacks.clear();
  f.seg_out_values.clear();
  return s;
}

void Restore(Frame& f, StmtState& s) {
  f.seg = std::move(s.seg);
  f.seg_born = s.seg_born;
  f.cur_stmt = s.cur_stmt;
  f.stmt_broke = s.broke;
  f.stmt_eager = s.eager;
  f.stmt_listed = s.listed;
  f.stmt_cond_compiled = s.cond_compiled;
  f.stmt_eager_reason = s.reason;
  f.stmt_eager_range = s.range;
  f.stmt_tape_begin = s.tape_begin;
  f.stmt_journal = s.journal;
  f.stmt_journal_levels = s.journal_levels;
  f.child_segs = std::move(s.child_segs);
  f.stmt_assigned = std::move(s.assigned);
  f.stmt_reads = std::move(s.reads);
  f.stmt_global_reads = std::move(s.global_reads);
  f.stmt_writebacks = std::move(s.writebacks);
  f.seg_out_values = std::move(s.out_values);
}
}  // namespace

void Tracer::JoinWrittenValues(size_t journal_begin, std::string& grown, bool& grown_tensors) {
  Frame& f = Cur();
  auto name_of = [&](const ValuePtr& v) {
    for (const auto& [k, x] : f.locals->vars)
      if (x == v) return "`" + k + "`";
    return Describe(*v);
  };
  for (const HeapSave* h : JournalSince(journal_begin)) {
    if (h->cls) {
      for (auto& [k, x] : h->cls->members)
        if (auto w = h->members.find(k); w != h->members.end()) x = JoinForBranches(syms, x, w->second);
      continue;
    }
    if (h->env) {
      if (h->env == f.locals) continue;  // the loop's own locals: joined by RolledLoop
      for (auto& [k, x] : h->env->vars)
        if (auto w = h->vars.find(k); w != h->vars.end()) x = JoinForBranches(syms, x, w->second);
      continue;
    }
    Value& now = *h->value;
    const Value& was = *h->before;
    const bool container = now.kind == VK::List || now.kind == VK::Tuple || now.kind == VK::Dict || now.kind == VK::Set;
    if (container && was.known && (!now.known || now.items.size() != was.items.size() || now.keys.size() != was.keys.size())) {
      if (grown.empty())
        grown = name_of(h->value) + " (" + Describe(was) + " before an iteration) changes length on every iteration";
      for (const auto& x : now.items) grown_tensors |= x->kind == VK::Tensor;
      grown_values.push_back(h->value);
      continue;
    }
    if (container)
      for (size_t i = 0; i < now.items.size() && i < was.items.size(); ++i)
        now.items[i] = JoinForBranches(syms, now.items[i], was.items[i]);
    if (now.kind == VK::Object)
      for (auto& [k, x] : now.attrs)
        if (auto w = was.attrs.find(k); w != was.attrs.end()) x = JoinForBranches(syms, x, w->second);
  }
}

namespace {
void TargetNames(const ast::Expr* t, std::set<std::string>& out) {
  if (auto* n = ast::dyn_cast<ast::NameExpr>(t)) out.insert(n->name);
  else if (auto* tu = ast::dyn_cast<ast::TupleExpr>(t)) for (const auto& x : tu->elts) TargetNames(x.get(), out);
  else if (auto* l = ast::dyn_cast<ast::ListExpr>(t)) for (const auto& x : l->elts) TargetNames(x.get(), out);
}
}  // namespace

Tracer::Roll Tracer::RolledLoop(const ast::ForStmt& fs, const ValuePtr& item, const std::string& why,
                                int64_t trip, bool probe) {
  Frame& f = Cur();
  if (!Traced() || !opts.build_segments || frames.size() < 2 || (item->kind == VK::Tensor && !item->rank_known))
    return Roll::NotHere;
  // The body's segments are filed under this statement of the block the frame
  // forms segments of (Segment::block, the runtime's FuncCode::segments_at):
  // a loop nested in an unrolled loop, an `if`, a `with` or a `try` is not
  // one, and filing its body there would attach it to the enclosing block's
  // statements (a beam search ran the outer loop's body as the inner one's).
  const ast::Block& body = f.Body();
  if (f.cur_stmt < 0 || f.cur_stmt >= static_cast<int>(body.size()) || body[f.cur_stmt].get() != &fs)
    return Roll::NotHere;
  // What the probe compares afterwards: heap writes, notes, issues, break counts.
  const size_t notes_before = uncompiled.size(), errors_before = result.errors.size(),
               warnings_before = result.warnings.size();
  const long raises_before = uncertain_raises;
  std::vector<int> counts_before;
  for (const auto& b : result.breaks) counts_before.push_back(b.count);
  std::vector<int> spec_counts_before;
  if (spec >= 0) spec_counts_before = result.specs[spec].break_counts;

  // Only the innermost traced frame's block can hold the loop's segments: the
  // callers run this statement through the interpreter, which runs the loop.
  MarkEager(trip < 0 ? "a `for` loop whose trip count is known only at run time (the interpreter runs the loop)"
                     : "a rolled `for` loop (the interpreter runs the loop, its body as kernels)",
            fs.iter->range);
  f.stmt_listed = true;  // its body's ops are accounted for by the body's own segments or notes
  std::map<std::string, std::string> before;
  for (const auto& [k, v] : f.locals->vars) {
    std::map<int32_t, int> n;
    before[k] = SignatureOf(*v, n);
  }
  auto saved_locals = f.locals->vars;
  size_t closed_begin = f.closed.size();

  StmtState outer = Take(f);
  const ast::Block* saved_block = f.block;
  f.block = &fs.body;
  f.block_path.push_back(outer.cur_stmt);
  CloseRegion();  // explain shows the body as graphs of its own ("runs 1000 times")
  size_t tape_begin = tape.size();
  OpenJournal();
  const size_t journal_begin = heap_journal.size();
  Assign(*fs.target, item);
  Flow fl = Flow::Normal;
  ValuePtr ret_before = f.ret;
  for (size_t i = 0; i < fs.body.size() && fl == Flow::Normal; ++i) {
    SegStmtBegin(f, static_cast<int>(i));
    fl = ExecStmt(*fs.body[i]);
    SegStmtEnd(f, static_cast<int>(i), fl);
  }
  SegClose(f);
  CloseRegion();
  f.block_path.pop_back();
  f.block = saved_block;
  Restore(f, outer);
  // Values from before the loop that the body changed in place hold one
  // iteration's changes; the interpreter makes them on every iteration.
  std::string grown;
  bool grown_tensors = false;
  JoinWrittenValues(journal_begin, grown, grown_tensors);
  CloseJournal();

  // Loop-carried values must look the same to the next iteration.
  std::string changed;
  bool numbers_only = true;
  widen_names.clear();
  std::set<std::string> targets;
  TargetNames(fs.target.get(), targets);
  for (const auto& [k, v] : f.locals->vars) {
    auto b = before.find(k);
    if (b == before.end() || targets.count(k)) continue;  // bound by the loop: alike on every iteration
    std::map<int32_t, int> n;
    std::string now = SignatureOf(*v, n);
    if (now != b->second && (v->kind == VK::Tensor || v->is_number())) {
      std::map<int32_t, int> d1, d2;
      const ValuePtr& old = saved_locals[k];
      if (changed.empty())
        changed = "`" + k + "` is " + SignatureOf(*old, d1, true) + " before an iteration and " +
                  SignatureOf(*v, d2, true) + " after it";
      bool widen = v->is_number() && old->is_number() && old->kind == v->kind && old->known;
      numbers_only &= widen;
      if (widen) widen_names.push_back(k);
    }
  }
  if (changed.empty()) widen_names.clear();
  if (!grown.empty()) {
    // A list of tensors that grows (`outs.append(h)`, then `stack(outs)`)
    // unrolls, as torch.compile does; any other container that grows is
    // traced again as one of a length known only at run time.
    widen_names.clear();
    if (probe && grown_tensors) return Roll::Differs;
    return Roll::Grows;
  }
  if (probe) {
    bool worse = fl != Flow::Normal || result.errors.size() != errors_before ||
                 result.warnings.size() != warnings_before || uncertain_raises != raises_before;
    for (size_t n = notes_before; n < uncompiled.size() && !worse; ++n) worse = !uncompiled[n].explained;
    // A new error, or an `unsupported` break (a value known only at run time
    // the rolled body cannot use), would not be there unrolled.
    for (size_t b = 0; b < result.breaks.size() && !worse; ++b) {
      int grew = result.breaks[b].count - (b < counts_before.size() ? counts_before[b] : 0);
      worse = grew > 0 && (result.breaks[b].error || result.breaks[b].brk == BreakKind::Unsupported);
    }
    if (worse) widen_names.clear();
    if (worse || !changed.empty()) {
      if (!numbers_only) widen_names.clear();
      return Roll::Differs;  // the caller restores its snapshot and unrolls
    }
    widen_names.clear();
  }
  if (!changed.empty()) {
    // The body's kernels fit the first iteration only: drop them; the ops are
    // reported through a note of the whole loop.
    f.closed.resize(closed_begin);
    NoteUncompiled(f, tape_begin, tape.size(), fs.range,
                   "a loop whose iterations differ (" + changed + ") runs in the interpreter", false);
  }
  if (changed.empty()) {
    rolled_ranges.push_back({tape_begin, tape.size(), trip, CurFile(), fs.range.begin});
    // A break inside the body happens on every iteration: count them all.
    if (trip > 1) {
      for (size_t b = 0; b < result.breaks.size(); ++b) {
        int grew = result.breaks[b].count - (b < counts_before.size() ? counts_before[b] : 0);
        result.breaks[b].count += grew * static_cast<int>(trip - 1);
      }
      if (spec >= 0) {
        Specialisation& sp = result.specs[spec];
        for (size_t b = 0; b < sp.break_counts.size(); ++b) {
          int grew = sp.break_counts[b] - (b < spec_counts_before.size() ? spec_counts_before[b] : 0);
          sp.break_counts[b] += grew * static_cast<int>(trip - 1);
          if (result.breaks[sp.breaks[b]].error) sp.error_occurrences += grew * static_cast<int>(trip - 1);
          else sp.break_occurrences += grew * static_cast<int>(trip - 1);
        }
      }
    }
  }
  if (changed.empty() && spec >= 0) {
    auto& loops = result.specs[spec].loops;
    bool seen = false;
    for (auto& l : loops)
      if (l.file == CurFile() && l.loc == fs.range.begin) seen = ++l.count;
    // A body that traced no tensor op has no kernel: the interpreter runs it
    // (its breaks, if any, are listed) on every iteration.
    const bool kernels = tape.size() > tape_begin;
    if (!seen)
      loops.push_back({CurFile(), fs.range.begin,
                       "rolled (" + why + "): " +
                           (kernels ? "its body runs as the same kernels on every iteration"
                                    : "its body has no tensor op to compile and runs in the interpreter"),
                       1, {}});
  }
  // The loop may run any number of times, none included: join the states.
  auto after = f.locals->vars;
  f.locals->vars = saved_locals;
  for (auto& [k, va] : after) {
    auto i = f.locals->vars.find(k);
    if (i == f.locals->vars.end()) f.locals->vars[k] = va;
    else i->second = JoinForBranches(syms, va, i->second);
  }
  if (fl == Flow::Return) f.maybe_ret = f.ret;
  f.ret = ret_before;
  return Roll::Rolled;
}

namespace {
// Whether a loop body visibly changes Python values in place (an attribute or
// item store, `op=`, a mutating method such as `append`, `del`) or holds a
// statement this check does not look into: a short loop with such a body is
// unrolled, so what it builds (a list it fills) is known at compile time.
bool MayMutate(const ast::Expr& e) {
  if (auto* c = ast::dyn_cast<ast::CallExpr>(&e)) {
    if (auto* a = ast::dyn_cast<ast::AttributeExpr>(c->func.get())) {
      if (sem::IsMutatingContainerMethod(a->attr) || (!a->attr.empty() && a->attr.back() == '_')) return true;
    }
  }
  bool any = false;
  ast::ForEachChild(e, [&](const ast::Expr& x) { any = any || MayMutate(x); });
  return any;
}

bool MayMutate(const ast::Block& body) {
  for (const auto& st : body) {
    const ast::Stmt& s = *st;
    using K = ast::StmtKind;
    if (s.kind == K::ExprStmt) {
      if (MayMutate(*ast::cast<ast::ExprStmt>(&s)->value)) return true;
    } else if (s.kind == K::AssignStmt) {
      auto* a = ast::cast<ast::AssignStmt>(&s);
      for (const auto& t : a->targets)
        if (t->kind == ast::ExprKind::AttributeExpr || t->kind == ast::ExprKind::SubscriptExpr) return true;
      if (MayMutate(*a->value)) return true;
    } else if (s.kind == K::ReturnStmt) {
      auto* r = ast::cast<ast::ReturnStmt>(&s);
      if (r->value && MayMutate(*r->value)) return true;
    } else if (s.kind == K::IfStmt) {
      auto* i = ast::cast<ast::IfStmt>(&s);
      if (MayMutate(*i->test) || MayMutate(i->body) || MayMutate(i->orelse)) return true;
    } else if (s.kind == K::ForStmt) {
      auto* f = ast::cast<ast::ForStmt>(&s);
      if (MayMutate(*f->iter) || MayMutate(f->body) || MayMutate(f->orelse)) return true;
    } else if (s.kind != K::PassStmt && s.kind != K::BreakStmt && s.kind != K::ContinueStmt) {
      return true;  // any other statement (`op=`, `del`, `try`, ...) counts as a mutation
    }
  }
  return false;
}

// An item standing for every item of a known sequence the loop visits, when
// they all look alike (ints, floats, tensors of one type); null otherwise.
ValuePtr AlikeItem(const std::vector<ValuePtr>& items) {
  if (items.empty()) return nullptr;
  const Value& first = *items[0];
  std::map<int32_t, int> n0;
  std::string sig = first.kind == VK::Tensor ? SignatureOf(first, n0) : "";
  for (const auto& x : items) {
    if (x->kind != first.kind) return nullptr;
    if (x->kind == VK::Tensor) {
      std::map<int32_t, int> n;
      if (!x->rank_known || SignatureOf(*x, n) != sig) return nullptr;
    }
  }
  if (first.kind == VK::Int || first.kind == VK::Float) return MakeUnknownOf(first.kind);
  if (first.kind == VK::Tensor) return MakeTensor(first.type);
  return nullptr;
}
}  // namespace

// RolledLoop, traced again from `snap` while it asks for it: a Python
// number that changes each iteration (`lr *= 0.9`) becomes a number known
// only at run time, a container that grows one of a length known only at
// run time (`losses.append(loss.item())`). Leaves `snap` current.
Tracer::Roll Tracer::RollAttempts(const ast::ForStmt& fs, const ValuePtr& item, const std::string& why, int64_t n,
                                  bool probe, std::shared_ptr<ProbeState>& snap) {
  Roll r = Roll::Differs;
  for (int attempt = 0; attempt < 4; ++attempt) {
    grown_values.clear();
    r = RolledLoop(fs, item, why, n, probe);
    std::vector<std::string> names = std::move(widen_names);
    std::vector<ValuePtr> grown = std::move(grown_values);
    widen_names.clear();
    grown_values.clear();
    if (!(r == Roll::Grows || (r == Roll::Differs && !names.empty()))) break;
    RestoreProbeState(*this, *snap);
    snap = SaveProbeState(*this);
    for (const auto& k : names) {
      auto v = Cur().locals->vars.find(k);
      if (v != Cur().locals->vars.end()) v->second = MakeUnknownOf(v->second->kind);
    }
    for (const auto& c : grown) {
      JournalWrite(c);
      c->known = false;
    }
  }
  return r == Roll::Grows ? Roll::Differs : r;
}

Flow Tracer::ExecFor(const ast::ForStmt& fs) {
  ValuePtr it = IterableOf(Eval(*fs.iter), fs.iter->range);  // objects: their items (trace_iter.cpp)
  std::vector<ValuePtr> items;
  bool known = LoopItems(*this, it, items, fs.iter->range);
  const int64_t n = static_cast<int64_t>(items.size());
  if (known && it->kind != VK::Tensor && fs.orelse.empty() && n > 1 && Traced() &&
      (n > opts.roll_min || !MayMutate(fs.body))) {
    if (ValuePtr item = AlikeItem(items)) {
      bool too_long = n > opts.max_unroll;
      std::string why = too_long ? std::to_string(n) + " iterations, more than the unroll limit of " +
                                       std::to_string(opts.max_unroll)
                        : n <= opts.roll_min ? std::to_string(n) + " iterations that look alike, with matmuls or windows"
                                             : std::to_string(n) + " iterations that look alike";
      // Probe: trace rolled; when the iterations differ, undo and unroll.
      auto snap = SaveProbeState(*this);
      Roll r = RollAttempts(fs, item, why, n, !too_long, snap);
      // A short loop (opts.roll_min iterations or fewer) unrolls when its body
      // fuses across iterations (elementwise ops): one kernel beats n launches
      // and costs little to compile. A body with matmuls or windows stays
      // rolled: unrolled, each iteration is nests of its own that LLVM
      // compiles again (measured: the 10-step `fit` loop builds in 5.4 s
      // unrolled, 0.6 s rolled).
      if (r == Roll::Rolled && n <= opts.roll_min && !rolled_ranges.empty()) {
        bool heavy = false;
        for (size_t i = rolled_ranges.back().begin; i < rolled_ranges.back().end && !heavy; ++i) {
          graph::OpCategory c = graph::CategoryOf(tape[i].op);
          heavy = c == graph::OpCategory::Contract || c == graph::OpCategory::Window;
        }
        if (!heavy) r = Roll::Differs;
      }
      if (r == Roll::Differs) RestoreProbeState(*this, *snap);
      else DropProbeState(*this, *snap);
      if (r == Roll::Rolled) return Flow::Normal;
    }
  }
  if (known && n > opts.max_unroll) {
    if (Traced())
      Break(BreakKind::Unsupported, fs.iter->range,
            "loop of " + std::to_string(n) + " iterations is too long to unroll (limit " +
                std::to_string(opts.max_unroll) + ")");
    known = false;
  }
  // (An item of the sequence itself would be read by its path in the list on
  // every iteration: tensor items roll only as a fresh tensor, above.)
  if (!known && it->kind != VK::Tensor && fs.orelse.empty() && SomeItem(it)->kind != VK::Tensor) {
    auto snap = SaveProbeState(*this);
    Roll r = RollAttempts(fs, SomeItem(it), "trip count known only at run time", -1, false, snap);
    if (r == Roll::Rolled) {
      DropProbeState(*this, *snap);
      return Flow::Normal;
    }
    RestoreProbeState(*this, *snap);
  }
  if (!known) {
    if (Traced() && it->kind == VK::Tensor)
      Break(BreakKind::Unsupported, fs.iter->range,
            "iterating over a tensor whose first dimension is known only at run time");
    ValuePtr item = SomeItem(it);
    // Module scope: while the values the loop carries change (a sequence
    // that grows each step), trace the body again from the joined state
    // (symbolic sizes), so the functions it calls are specialised for
    // every iteration, not the first one only.
    auto state = [&] {
      std::map<std::string, ValuePtr> sorted(Cur().locals->vars.begin(), Cur().locals->vars.end());
      std::map<int32_t, int> names;
      std::string sig;
      for (const auto& [k, v] : sorted) sig += k + ":" + SignatureOf(*v, names) + ";";
      return sig;
    };
    Flow fl = Flow::Normal;
    for (int round = 0; round < (Traced() ? 1 : 3); ++round) {
      std::string before = state();
      fl = ExecBothWays([&] { Assign(*fs.target, item); return ExecBlock(fs.body); },
                        [&] { return Flow::Normal; });
      if (state() == before) break;
    }
    if (fl != Flow::Return && !fs.orelse.empty())
      ExecBothWays([&] { return ExecBlock(fs.orelse); }, [&] { return Flow::Normal; });
    return fl == Flow::Return ? Flow::Return : Flow::Normal;
  }
  for (const auto& x : items) {
    Assign(*fs.target, x);
    Flow fl = ExecBlock(fs.body);
    if (fl == Flow::Break) return Flow::Normal;
    if (fl == Flow::Return || fl == Flow::Raise) return fl;
  }
  return ExecBlock(fs.orelse);
}

}  // namespace tcc::trace
