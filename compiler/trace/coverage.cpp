// Implements the contract between `tcc explain` and the executable: every
// tensor op of a traced function either runs in a kernel (an emitted segment
// compiles it) or is reported, as a graph break or an `interp` line.
//
// While tracing, a statement that cannot join a segment and a segment that
// cannot be formed leave an UncompiledNote (the tape range it covers, where
// and why). Whether their ops really run in the interpreter is known only at
// the end of the entry: a callee's statement may be eager while the caller's
// statement, and so the whole call, joins a kernel. FinishEntryCoverage then
// marks the ops of the emitted segments, attributes every other op to the
// innermost note that contains it, and reports each note that holds such an
// op and that no break explains yet as an `unsupported` break (an error under
// fullgraph or error_on_graph_break(True)). The graphs explain shows are built
// from the compiled ops only, so "1 graph" means the ops of one graph run as
// kernels.
#include <algorithm>

#include "trace/tracer.h"

namespace tcc::trace {

void Tracer::NoteUncompiled(Frame& f, size_t tape_begin, size_t tape_end, Range range, const std::string& reason,
                            bool explained) {
  // A nonstrict_trace body runs at compile time as part of its caller's
  // statement: what becomes of its ops is the caller's statement's business.
  if (tape_end <= tape_begin || mode.nonstrict) return;
  UncompiledNote n;
  n.tape_begin = tape_begin;
  n.tape_end = tape_end;
  n.file = f.module ? f.module->file : nullptr;
  n.range = range;
  n.reason = reason;
  n.explained = explained;
  n.mode = mode;
  // The user stack down to `f` (which may already be popped: segments close
  // as the frame finishes).
  for (size_t i = 1; i < frames.size() && frames[i - 1] != &f; ++i)
    n.stack.push_back(StackFrame{frames[i - 1]->def ? frames[i - 1]->qualname : "<module>", frames[i]->call_file,
                                 frames[i]->call_loc});
  if (std::find(frames.begin(), frames.end(), &f) == frames.end() && !frames.empty())
    n.stack.push_back(StackFrame{frames.back()->def ? frames.back()->qualname : "<module>", f.call_file, f.call_loc});
  n.stack.push_back(StackFrame{f.qualname, n.file, range.begin});
  uncompiled.push_back(std::move(n));
}

void Tracer::MarkCovered(const Segment& s) {
  if (tape_covered.size() < tape.size()) tape_covered.resize(tape.size(), 0);
  for (size_t i = s.tape_begin; i < s.tape_end && i < tape_covered.size(); ++i) {
    bool dead = i - s.tape_begin < s.dead.size() && s.dead[i - s.tape_begin];
    if (tape_covered[i] != 1) tape_covered[i] = dead ? 2 : 1;  // compiled by some segment wins
  }
}

namespace {
RegionInfo BuildRegion(Tracer& t, const Specialisation& sp, const std::string& name, size_t begin, size_t end,
                       const std::vector<uint8_t>& keep) {
  RegionInfo r;
  r.name = name;
  for (char& c : r.name)
    if (c == '.') c = '_';
  for (size_t i = begin; i < end; ++i) {
    if (keep[i] != 1) continue;
    const TapeOp& op = t.tape[i];
    r.op_names.push_back(graph::OpSpelling(op.op));
    std::string fname = op.file ? op.file->display_name() : std::string("?");
    if (op.file != sp.file) fname = fname.substr(fname.find_last_of('/') + 1);
    std::string where = fname + ":" + std::to_string(op.loc.line);
    if (std::find(r.locations.begin(), r.locations.end(), where) == r.locations.end()) r.locations.push_back(where);
    for (const auto& site : op.via)
      if (std::find(r.call_sites.begin(), r.call_sites.end(), site) == r.call_sites.end()) r.call_sites.push_back(site);
    if (op.file == sp.file && op.loc.valid() &&
        std::find(r.lines.begin(), r.lines.end(), op.loc.line) == r.lines.end())
      r.lines.push_back(op.loc.line);
  }
  std::sort(r.lines.begin(), r.lines.end());
  r.graph = BuildRegionGraph(t, begin, end, r.name, &keep);
  // The body of rolled loops: the trip counts of every loop around it multiply.
  const Tracer::RolledRange* inner = nullptr;
  int64_t times = 1;
  for (const auto& l : t.rolled_ranges) {
    if (l.begin > begin || l.end < end || l.begin == l.end) continue;
    if (!inner || l.end - l.begin < inner->end - inner->begin) inner = &l;
    times = times < 0 || l.trip < 0 ? -1 : times * l.trip;
  }
  if (inner) {
    std::string at = (inner->file ? inner->file->display_name() : std::string("?"));
    if (inner->file == sp.file) at = at.substr(at.find_last_of('/') + 1);
    at += ":" + std::to_string(inner->loc.line);
    r.runs = times < 0 ? "runs once per iteration (loop at " + at + ", trip count known at run time)"
                       : "runs " + std::to_string(times) + (times == 1 ? " time" : " times") + " (loop at " + at + ")";
  }
  return r;
}
}  // namespace

void Tracer::FinishEntryCoverage(size_t notes_begin, size_t regions_begin, size_t errors_begin) {
  if (tape_covered.size() < tape.size()) tape_covered.resize(tape.size(), 0);
  // A program with compile errors does not build: its errors are what to fix.
  bool report = result.errors.size() == errors_begin;
  if (!opts.build_segments) std::fill(tape_covered.begin() + entry_tape_begin, tape_covered.end(), 1);
  // Each op not compiled belongs to the innermost note around it: notes are
  // made as statements end, so inner statements come first.
  std::vector<int> ops_of(uncompiled.size(), 0);
  std::vector<uint8_t> attributed(tape.size() - entry_tape_begin, 0);
  for (size_t n = notes_begin; n < uncompiled.size(); ++n) {
    const UncompiledNote& note = uncompiled[n];
    for (size_t i = std::max(note.tape_begin, entry_tape_begin); i < note.tape_end && i < tape.size(); ++i) {
      if (tape_covered[i] || attributed[i - entry_tape_begin]) continue;
      attributed[i - entry_tape_begin] = 1;
      ops_of[n]++;
    }
  }
  std::vector<size_t> orphans;
  for (size_t i = entry_tape_begin; i < tape.size(); ++i)
    if (!tape_covered[i] && !attributed[i - entry_tape_begin]) orphans.push_back(i);
  for (size_t n = notes_begin; n < uncompiled.size(); ++n) {
    const UncompiledNote& note = uncompiled[n];
    if (ops_of[n] && note.explained && report && !note.whole_statement.empty()) {
      std::string reason = note.whole_statement + " (" + std::to_string(ops_of[n]) + " tensor op" +
                           (ops_of[n] == 1 ? "" : "s") + ")";
      ListInterpreted(note.file, note.range.begin, reason, note.stack);
      continue;
    }
    if (!ops_of[n] || note.explained || !report) continue;
    std::string reason = note.reason + " (" + std::to_string(ops_of[n]) + " tensor op" + (ops_of[n] == 1 ? "" : "s") +
                         " run in the interpreter)";
    ReportBreak(BreakKind::Unsupported, note.file, note.range, note.stack.back().function, reason, note.stack,
                note.mode);
  }
  // Ops no note accounts for: the tracer lost track of them; say so rather than stay silent.
  if (!report) orphans.clear();
  for (size_t i : orphans) {
    const TapeOp& op = tape[i];
    std::vector<StackFrame> stack{StackFrame{result.specs[spec].function, op.file, op.loc}};
    ReportBreak(BreakKind::Unsupported, op.file, Range{op.loc, op.loc}, result.specs[spec].function,
                std::string("`") + graph::OpSpelling(op.op) + "` runs in the interpreter (the tracer could not place it in a kernel)",
                stack, mode);
  }
  Specialisation& sp = result.specs[spec];
  for (size_t r = regions_begin; r < regions.size(); ++r) {
    const RegionBounds& b = regions[r];
    bool any = false;
    for (size_t i = b.begin; i < b.end && !any; ++i) any = tape_covered[i] == 1;
    if (!any) continue;
    std::string name = sp.function + "_s" + std::to_string(spec) + "_g" + std::to_string(sp.graphs.size());
    sp.graphs.push_back(BuildRegion(*this, sp, name, b.begin, b.end, tape_covered));
  }
  regions.resize(regions_begin);
  uncompiled.resize(notes_begin);
}

}  // namespace tcc::trace
