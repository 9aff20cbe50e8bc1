// Implements the condition of a data-dependent `if` as torch.compile treats
// it: the test's tensor ops (`x.sum() > 0`) belong to the graph before the
// `if`, which outputs the test's bool tensor (`<cond>`); the graph break is
// only its bool conversion (Tensor.__bool__), which the interpreter does when
// it runs the `if` with that tensor (runtime/interp/call.cpp RunPlanned). The
// branch taken and the rest of the function resume after it, as after any
// break (statements after the `if` form the next segment). An `assert`'s test
// is the same: the interpreter only converts it and raises when it is false
// (evaluating the message then).
#include "trace/tracer.h"

namespace tcc::trace {

bool Tracer::SegJoinCondition(Frame& f, const ValuePtr& v, const ast::Expr& where) {
  if (!opts.build_segments || mode.nonstrict || f.eager || !f.def || !f.seg.open || f.seg.cond) return false;
  if (&f != frames.back() || f.cur_stmt < 0 || static_cast<size_t>(f.cur_stmt) >= f.Body().size()) return false;
  const ast::Stmt& st = *f.Body()[f.cur_stmt];
  // Only the test of the statement itself (an `if`'s or an `assert`'s): a
  // test nested in the branches, or in a `while`, `and`/`or` or a ternary,
  // needs its statement interpreted.
  const ast::Expr* test = st.kind == ast::StmtKind::IfStmt       ? ast::cast<ast::IfStmt>(&st)->test.get()
                          : st.kind == ast::StmtKind::AssertStmt ? ast::cast<ast::AssertStmt>(&st)->test.get()
                                                                 : nullptr;
  if (test != &where) return false;
  // The test so far must be what a segment may hold: no break, nothing eager,
  // no binding (`:=`) and no in-place update.
  if (f.stmt_broke || f.stmt_eager || !f.stmt_assigned.empty() || !f.stmt_writebacks.empty()) return false;
  if (v->kind != VK::Tensor || !v->rank_known) return false;
  f.child_segs.clear();  // the callees' ops of the test are part of this segment
  for (const auto& n : f.stmt_reads)
    if (!f.seg.assigned.count(n)) f.seg.reads.insert(n);
  f.seg.global_reads.insert(f.stmt_global_reads.begin(), f.stmt_global_reads.end());
  f.seg.stmt_end = f.cur_stmt;
  f.seg.tape_end = tape.size();
  f.seg.cond = v;
  SegClose(f);
  // What remains of the statement (the branches) runs in the interpreter:
  // its note starts here.
  f.stmt_tape_begin = tape.size();
  f.stmt_reads.clear();
  f.stmt_global_reads.clear();
  f.stmt_cond_compiled = true;
  return true;
}

}  // namespace tcc::trace
