// Implements the graph-break registry accessors and break reporting: the
// fullgraph > error_on_graph_break > default decision, site deduplication
// with counts, user stacks through inlined calls, and region closing.
#include <algorithm>

#include "trace/tracer.h"

namespace tcc::trace {

namespace {
struct BreakInfo {
  BreakKind kind;
  DiagKind diag;
  const char* slug;
  const char* reason;
  const char* explanation;
  const char* hint;
};
const std::vector<BreakInfo>& Table() {
  static const std::vector<BreakInfo> t = {
#define TCC_BREAK(Name, Diag, Slug, Reason, Explanation, Hint) \
  {BreakKind::Name, DiagKind::Diag, Slug, Reason, Explanation, Hint},
#include "trace/break_kinds.def"
  };
  return t;
}
const BreakInfo& InfoFor(BreakKind k) { return Table()[static_cast<size_t>(k)]; }
}  // namespace

const char* BreakSlug(BreakKind k) { return InfoFor(k).slug; }
const char* BreakReason(BreakKind k) { return InfoFor(k).reason; }
const char* BreakExplanation(BreakKind k) { return InfoFor(k).explanation; }
const char* BreakHint(BreakKind k) { return InfoFor(k).hint; }
DiagKind BreakDiag(BreakKind k) { return InfoFor(k).diag; }
const std::vector<BreakKind>& AllBreakKinds() {
  static const std::vector<BreakKind> all = [] {
    std::vector<BreakKind> v;
    for (const auto& i : Table()) v.push_back(i.kind);
    return v;
  }();
  return all;
}

const SourceFile* Tracer::CurFile() const {
  if (frames.empty() || !frames.back()->module) return nullptr;
  return frames.back()->module->file;
}

std::string Tracer::CurFunction() const {
  if (frames.empty() || !frames.back()->def) return "<module>";
  return frames.back()->qualname;
}

std::vector<StackFrame> Tracer::UserStack(Loc here) const {
  std::vector<StackFrame> out;
  for (size_t i = 1; i < frames.size(); ++i) {
    const Frame* caller = frames[i - 1];
    out.push_back(StackFrame{caller->def ? caller->qualname : "<module>", frames[i]->call_file, frames[i]->call_loc});
  }
  out.push_back(StackFrame{CurFunction(), CurFile(), here});
  return out;
}

namespace {
void AddStackNotes(Diagnostic& d, const std::vector<StackFrame>& stack) {
  for (size_t i = 0; i + 1 < stack.size(); ++i) {
    d.notes.push_back(DiagNote{"in `" + stack[i].function + "`, calling `" + stack[i + 1].function + "`",
                               stack[i].file, Range{stack[i].loc, stack[i].loc}});
  }
}
}  // namespace

void Tracer::Break(BreakKind kind, Range where, const std::string& reason) {
  if (!Traced()) return;
  if (mode.nonstrict) {
    // nonstrict_trace runs the body at compile time: graph_break() and Python
    // logic are fine; only what needs tensor data is an error.
    if (kind == BreakKind::SideEffectIO) {
      // As in torch.compile, the body runs while tracing: the compiled
      // program never does this I/O, though an eager run does it on every call.
      Issue(DiagKind::NonstrictSideEffect, where,
            "I/O inside the nonstrict_trace function `" + mode.nonstrict_fn +
                "` happens only while tracing: the compiled program does not do it (an eager run does, on every call)",
            "return the value and print it outside the nonstrict_trace function, or drop `nonstrict_trace`");
      return;
    }
    if (kind == BreakKind::GraphBreakCall || kind == BreakKind::Unsupported) return;
    Issue(DiagKind::NonstrictNeedsData, where,
          "`" + mode.nonstrict_fn + "` runs under `nonstrict_trace` at compile time, where tensors have no data: " +
              reason,
          "nonstrict_trace functions may not read tensor values; keep the logic on tensors (e.g. `where`) or call "
          "the function without nonstrict_trace");
    return;
  }
  ReportBreak(kind, CurFile(), where, CurFunction(), reason, UserStack(where.begin), mode);
  CloseRegion();
  for (Frame* f : frames)
    if (!f->eager) f->stmt_broke = true;
}

void Tracer::ReportBreak(BreakKind kind, const SourceFile* file, Range where, const std::string& function,
                         const std::string& reason, const std::vector<StackFrame>& stack, const Mode& m) {
  bool error = m.fullgraph || m.eogb == Mode::On;
  bool allowed = !error && m.eogb == Mode::Off;
  std::string key = (file ? file->path() : std::string()) + ":" + std::to_string(where.begin.line) + ":" +
                    std::to_string(where.begin.col) + ":" + BreakSlug(kind) + (error ? ":E" : ":B") +
                    (allowed ? "A" : "");
  auto it = site_by_key.find(key);
  size_t index;
  if (it == site_by_key.end()) {
    Site site;
    site.brk = kind;
    site.code = BreakDiag(kind);
    site.file = file;
    site.range = where;
    site.function = function;
    site.message = reason;
    site.user_stack = stack;
    site.error = error;
    site.allowed = allowed;
    site.under_fullgraph = m.fullgraph;
    result.breaks.push_back(site);
    index = result.breaks.size() - 1;
    site_by_key[key] = index;
    Diagnostic& d = diags.Report(site.code, file, where, reason);
    if (error) d.severity = Severity::Error;
    d.hint = BreakHint(kind);
    AddStackNotes(d, site.user_stack);
  } else {
    index = it->second;
  }
  result.breaks[index].count++;
  if (spec >= 0) {
    Specialisation& sp = result.specs[spec];
    auto pos = std::find(sp.breaks.begin(), sp.breaks.end(), static_cast<int>(index));
    if (pos == sp.breaks.end()) {
      sp.breaks.push_back(static_cast<int>(index));
      sp.break_counts.push_back(1);
    } else {
      sp.break_counts[pos - sp.breaks.begin()]++;
    }
    if (error) sp.error_occurrences++;
    else sp.break_occurrences++;
  }
}

void Tracer::Issue(DiagKind kind, Range where, const std::string& message, const std::string& hint) {
  // A type error the tracer sees is raised by the interpreter at run time:
  // the statement runs there (compiled code must not drop it as dead code).
  if (kind == DiagKind::TraceTypeError || kind == DiagKind::TraceArgumentError || kind == DiagKind::TraceAttributeError)
    MarkEager(message, where, true);
  const SourceFile* file = CurFile();
  // A problem proven for the traced inputs (kinds.def's Strict column) is a
  // compile error where torch.compile raises it at trace time: under
  // @fullgraph or error_on_graph_break(True), and in `tcc lint`; not inside
  // a `try`, whose handler may catch it.
  const DiagKindInfo& info = InfoOf(kind);
  bool strict = ((mode.fullgraph || mode.eogb == Mode::On || opts.lint) && try_depth == 0 && !InDisabled()) ||
                CertainToRun();
  Severity severity = strict ? info.strict : info.severity;
  bool is_error = severity == Severity::Error;
  std::string key = std::string(info.code) + (file ? file->path() : std::string()) + ":" +
                    std::to_string(where.begin.line) + ":" + std::to_string(where.begin.col) + ":" + message +
                    (is_error ? ":E" : "");
  auto& list = is_error ? result.errors : result.warnings;
  auto it = issue_by_key.find(key);
  if (it != issue_by_key.end()) {
    list[it->second].count++;
    return;
  }
  Site issue;
  issue.code = kind;
  issue.severity = severity;
  issue.file = file;
  issue.range = where;
  issue.function = CurFunction();
  issue.message = message;
  issue.hint = hint;
  issue.user_stack = UserStack(where.begin);
  issue.count = 1;
  list.push_back(issue);
  issue_by_key[key] = list.size() - 1;
  Diagnostic& d = diags.Report(kind, file, where, message);
  d.severity = severity;
  d.hint = hint;
  if (frames.size() > 1) AddStackNotes(d, issue.user_stack);
}

NestGuard::NestGuard(Frame* f) : frame(f) {
  if (frame) ++frame->nested;
}
NestGuard::~NestGuard() {
  if (frame) --frame->nested;
}

bool Tracer::CertainToRun() const {
  if (frames.empty() || frames.front()->module != main_module || try_depth > 0) return false;
  for (const Frame* f : frames)
    if (f->nested > 0) return false;
  return true;
}

bool Tracer::InDisabled() const {
  for (const Frame* f : frames)
    if (f->disabled) return true;
  return false;
}

void Tracer::CloseRegion() {
  if (spec >= 0 && tape.size() > region_begin) regions.push_back(RegionBounds{region_begin, tape.size()});
  region_begin = tape.size();
}

}  // namespace tcc::trace
