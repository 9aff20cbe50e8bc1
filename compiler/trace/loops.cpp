// Implements rolled loops: a `for` whose trip count is known only at run
// time (`range(n)` with `n` from argv(), a list of unknown length) or is too
// long to unroll. The interpreter runs the loop itself; the statements of its
// body form segments of their own (Segment::block names the loop), traced
// once with the loop variable known only at run time, so every iteration runs
// the same kernels. That is right when the values the loop carries keep
// their types, dtypes and shapes from one iteration to the next; when one
// does not (a tensor that grows), the body runs in the interpreter and
// coverage reports why.
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
// What a frame holds for the statement being traced, set aside while the
// loop body forms segments of its own.
struct StmtState {
  SegState seg;
  int64_t seg_born;
  int cur_stmt;
  bool broke, eager, listed;
  std::string reason;
  Range range;
  size_t tape_begin;
  std::vector<Segment> child_segs;
  std::set<std::string> assigned, reads, global_reads;
  std::vector<SegState::Writeback> writebacks;
  std::map<std::string, ValuePtr> out_values;
};

StmtState Take(Frame& f) {
  StmtState s{std::move(f.seg), f.seg_born, f.cur_stmt, f.stmt_broke, f.stmt_eager, f.stmt_listed,
              f.stmt_eager_reason, f.stmt_eager_range, f.stmt_tape_begin, std::move(f.child_segs),
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
  f.stmt_eager_reason = s.reason;
  f.stmt_eager_range = s.range;
  f.stmt_tape_begin = s.tape_begin;
  f.child_segs = std::move(s.child_segs);
  f.stmt_assigned = std::move(s.assigned);
  f.stmt_reads = std::move(s.reads);
  f.stmt_global_reads = std::move(s.global_reads);
  f.stmt_writebacks = std::move(s.writebacks);
  f.seg_out_values = std::move(s.out_values);
}
}  // namespace

namespace {
void TargetNames(const ast::Expr* t, std::set<std::string>& out) {
  if (auto* n = ast::dyn_cast<ast::NameExpr>(t)) out.insert(n->name);
  else if (auto* tu = ast::dyn_cast<ast::TupleExpr>(t)) for (const auto& x : tu->elts) TargetNames(x.get(), out);
  else if (auto* l = ast::dyn_cast<ast::ListExpr>(t)) for (const auto& x : l->elts) TargetNames(x.get(), out);
}
}  // namespace

bool Tracer::RolledLoop(const ast::ForStmt& fs, const ValuePtr& item, const std::string& why) {
  Frame& f = Cur();
  if (!Traced() || !opts.build_segments || frames.size() < 2 || item->kind == VK::Tensor) return false;
  // Only the innermost traced frame's block can hold the loop's segments: the
  // callers run this statement through the interpreter, which runs the loop.
  MarkEager("a `for` loop whose trip count is known only at run time (the interpreter runs the loop)", fs.iter->range);
  f.stmt_listed = true;  // its body's ops are accounted for by the body's own segments or notes
  std::map<std::string, std::string> before;
  for (const auto& [k, v] : f.locals->vars) {
    std::map<int32_t, int> n;
    before[k] = SignatureOf(*v, n);
  }
  auto saved_locals = f.locals->vars;
  size_t tape_begin = tape.size();
  size_t closed_begin = f.closed.size();

  StmtState outer = Take(f);
  const ast::Block* saved_block = f.block;
  f.block = &fs.body;
  f.block_path.push_back(outer.cur_stmt);
  Assign(*fs.target, item);
  Flow fl = Flow::Normal;
  ValuePtr ret_before = f.ret;
  for (size_t i = 0; i < fs.body.size() && fl == Flow::Normal; ++i) {
    SegStmtBegin(f, static_cast<int>(i));
    fl = ExecStmt(*fs.body[i]);
    SegStmtEnd(f, static_cast<int>(i), fl);
  }
  SegClose(f);
  f.block_path.pop_back();
  f.block = saved_block;
  Restore(f, outer);

  // Loop-carried values must look the same to the next iteration.
  std::string changed;
  std::set<std::string> targets;
  TargetNames(fs.target.get(), targets);
  for (const auto& [k, v] : f.locals->vars) {
    auto b = before.find(k);
    if (b == before.end() || targets.count(k)) continue;  // bound by the loop: alike on every iteration
    std::map<int32_t, int> n;
    std::string now = SignatureOf(*v, n);
    if (now != b->second && (v->kind == VK::Tensor || v->is_number())) {
      std::map<int32_t, int> d1, d2;
      changed = "`" + k + "` is " + SignatureOf(*saved_locals[k], d1, true) + " before an iteration and " +
                SignatureOf(*v, d2, true) + " after it";
      break;
    }
  }
  if (!changed.empty()) {
    // The body's kernels fit the first iteration only: drop them; the ops are
    // reported through a note of the whole loop.
    f.closed.resize(closed_begin);
    NoteUncompiled(f, tape_begin, tape.size(), fs.range,
                   "a loop whose iterations differ (" + changed + ") runs in the interpreter", false);
  }
  if (changed.empty() && spec >= 0) {
    auto& loops = result.specs[spec].loops;
    bool seen = false;
    for (auto& l : loops)
      if (l.file == CurFile() && l.loc == fs.range.begin) seen = ++l.count;
    if (!seen)
      loops.push_back({CurFile(), fs.range.begin, "rolled (" + why + "): its body runs as the same kernels on every iteration", 1});
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
  return true;
}

}  // namespace tcc::trace
