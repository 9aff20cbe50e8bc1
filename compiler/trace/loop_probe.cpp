// Implements the snapshot a rolled-loop probe takes (loops.cpp): a `for`
// with a known trip count is first traced rolled; when its iterations turn
// out to differ, everything the probe traced is undone and the loop is
// unrolled as before. The snapshot holds what tracing a loop body can change
// outside the heap: the tape, the reports (breaks, issues, diagnostics,
// notes, regions), the current specialisation, and every traced frame (its
// statement state, segments and locals). Python values the body mutates in
// place are not copied: the probe counts such writes (Tracer::heap_writes)
// and a probe that made one is never undone.
#include "trace/tracer.h"

namespace tcc::trace {

struct ProbeState {
  size_t tape = 0, diags = 0, uncompiled = 0, regions = 0, region_begin = 0, segments = 0, rolled = 0;
  std::vector<BreakSite> breaks;
  std::vector<TraceIssue> errors, warnings;
  Specialisation spec;
  std::map<std::string, size_t> site_by_key, issue_by_key;
  std::set<std::string> segment_keys, nonstrict_warned;
  int kernel_counter = 0;
  long steps = 0, uncertain_raises = 0;
  bool exhausted = false;
  ValuePtr raise_pending, raising;
  Mode mode;
  struct FrameCopy {
    Frame* frame;
    Frame copy;
    std::unordered_map<std::string, ValuePtr> vars;
  };
  std::vector<FrameCopy> frames;
};

std::shared_ptr<ProbeState> SaveProbeState(Tracer& t) {
  auto s = std::make_shared<ProbeState>();
  s->tape = t.tape.size();
  s->diags = t.diags.diagnostics().size();
  s->uncompiled = t.uncompiled.size();
  s->regions = t.regions.size();
  s->region_begin = t.region_begin;
  s->segments = t.result.segments.size();
  s->rolled = t.rolled_ranges.size();
  s->breaks = t.result.breaks;
  s->errors = t.result.errors;
  s->warnings = t.result.warnings;
  if (t.spec >= 0) s->spec = t.result.specs[t.spec];
  s->site_by_key = t.site_by_key;
  s->issue_by_key = t.issue_by_key;
  s->segment_keys = t.segment_keys;
  s->nonstrict_warned = t.nonstrict_warned;
  s->kernel_counter = t.kernel_counter;
  s->steps = t.steps;
  s->uncertain_raises = t.uncertain_raises;
  s->exhausted = t.exhausted;
  s->raise_pending = t.raise_pending;
  s->raising = t.raising;
  s->mode = t.mode;
  for (Frame* f : t.frames) {
    if (f->eager) continue;
    s->frames.push_back({f, *f, f->locals ? f->locals->vars : std::unordered_map<std::string, ValuePtr>{}});
  }
  return s;
}

void RestoreProbeState(Tracer& t, ProbeState& s) {
  t.tape.resize(s.tape);
  if (t.tape_covered.size() > s.tape) t.tape_covered.resize(s.tape);
  t.diags.truncate(s.diags);
  t.uncompiled.resize(s.uncompiled);
  t.regions.resize(s.regions);
  t.region_begin = s.region_begin;
  t.result.segments.resize(s.segments);
  t.rolled_ranges.resize(s.rolled);
  t.result.breaks = std::move(s.breaks);
  t.result.errors = std::move(s.errors);
  t.result.warnings = std::move(s.warnings);
  if (t.spec >= 0) t.result.specs[t.spec] = std::move(s.spec);
  t.site_by_key = std::move(s.site_by_key);
  t.issue_by_key = std::move(s.issue_by_key);
  t.segment_keys = std::move(s.segment_keys);
  t.nonstrict_warned = std::move(s.nonstrict_warned);
  t.kernel_counter = s.kernel_counter;
  t.steps = s.steps;
  t.uncertain_raises = s.uncertain_raises;
  t.exhausted = s.exhausted;
  t.raise_pending = s.raise_pending;
  t.raising = s.raising;
  t.mode = s.mode;
  for (auto& fc : s.frames) {
    *fc.frame = std::move(fc.copy);
    if (fc.frame->locals) fc.frame->locals->vars = std::move(fc.vars);
  }
}

}  // namespace tcc::trace
