// Implements the lint finding model (finding.h): collection from a trace,
// repository-relative paths and line-independent fingerprints.
#include "report/finding.h"

#include <cstdio>
#include <filesystem>
#include <map>
#include <tuple>

#include "base/resources.h"
#include "report/explain.h"

namespace tcc::report {

namespace fs = std::filesystem;

const char* StatusName(Finding::Status s) {
  switch (s) {
    case Finding::Status::Failing: return "failing";
    case Finding::Status::Allowed: return "allowed";
    case Finding::Status::Suppressed: return "suppressed";
    case Finding::Status::Baselined: return "baselined";
    case Finding::Status::Note: return "note";
  }
  return "failing";
}

PathMapper::PathMapper(const std::string& root) {
  std::error_code ec;
  fs::path r;
  if (!root.empty()) {
    r = fs::weakly_canonical(fs::absolute(root, ec), ec);
  } else {
    fs::path cwd = fs::current_path(ec);
    r = cwd;
    for (fs::path p = cwd; !p.empty(); p = p.parent_path()) {
      if (fs::exists(p / ".git", ec)) {
        r = p;
        break;
      }
      if (p == p.parent_path()) break;
    }
  }
  root_ = r.lexically_normal().generic_string();
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::string PathMapper::Uri(const std::string& path) const {
  if (path.empty()) return "";
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(path, ec), ec).lexically_normal();
  fs::path rel = abs.lexically_relative(root_);
  std::string r = rel.generic_string();
  if (!r.empty() && r != "." && r.rfind("..", 0) != 0) return r;
  return "file://" + abs.generic_string();
}

std::string HashHex(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string NormalisedSource(const SourceFile& file, Range range) {
  if (!range.begin.valid()) return "";
  std::string raw;
  uint32_t last = range.end.valid() && range.end.line >= range.begin.line ? range.end.line : range.begin.line;
  for (uint32_t l = range.begin.line; l <= last && l <= file.line_count(); ++l) {
    std::string_view line = file.Line(l);
    size_t from = l == range.begin.line ? std::min<size_t>(range.begin.col ? range.begin.col - 1 : 0, line.size()) : 0;
    size_t to = line.size();
    if (l == last && range.end.valid() && range.end.line == l && range.end.col > 0)
      to = std::min<size_t>(range.end.col - 1, line.size());
    if (to > from) raw += std::string(line.substr(from, to - from));
    raw += ' ';
  }
  std::string out;
  for (char c : raw) {
    bool space = c == ' ' || c == '\t' || c == '\r' || c == '\n';
    if (space) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.empty()) {  // an empty range: the whole line
    std::string_view line = file.Line(range.begin.line);
    size_t b = line.find_first_not_of(" \t");
    if (b != std::string_view::npos) out = std::string(line.substr(b));
  }
  return out;
}

namespace {
// The line without a trailing `#` comment (a `#` inside a string stays).
std::string_view StripComment(std::string_view line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#') {
      return line.substr(0, i);
    }
  }
  return line;
}
}  // namespace

std::string NormalisedLines(const SourceFile& file, Range range) {
  if (!range.begin.valid()) return "";
  uint32_t last = range.end.valid() && range.end.line >= range.begin.line ? range.end.line : range.begin.line;
  std::string out;
  for (uint32_t l = range.begin.line; l <= last && l <= file.line_count(); ++l) {
    for (char c : StripComment(file.Line(l))) {
      bool space = c == ' ' || c == '\t' || c == '\r';
      if (!space) out += c;
      else if (!out.empty() && out.back() != ' ') out += ' ';
    }
    if (!out.empty() && out.back() != ' ') out += ' ';
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void AssignFingerprints(std::vector<Finding>& findings) {
  std::map<std::tuple<std::string, std::string, std::string, std::string>, int> seen;
  for (Finding& f : findings) {
    std::string code = InfoOf(f.code).code;
    int ordinal = seen[{f.uri, code, f.function, f.source}]++;
    f.fingerprint = HashHex(code + '\x1f' + f.kind + '\x1f' + f.function + '\x1f' + f.source + '\x1f' +
                            std::to_string(ordinal));
  }
}

namespace {
std::vector<Frame> Frames(const std::vector<trace::StackFrame>& stack, const PathMapper& paths) {
  std::vector<Frame> out;
  for (const auto& s : stack) {
    std::string file = s.file ? s.file->display_name() : "";
    out.push_back(Frame{s.function, file, paths.Uri(file), s.loc});
  }
  return out;
}

// A construct in the standard library is reported where the user can act:
// at the innermost call in the user's files (the stack keeps the rest).
const trace::StackFrame* UserFrame(const SourceFile* file, const std::vector<trace::StackFrame>& stack) {
  if (!file || !InStdlib(file->path())) return nullptr;
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (it->file && !InStdlib(it->file->path()) && it->loc.valid()) return &*it;
  return nullptr;
}
}  // namespace

std::vector<Finding> CollectFindings(const trace::Analysis& a, const DiagnosticEngine& diags,
                                     const std::string& path, bool strict, const PathMapper& paths) {
  std::vector<Finding> out;
  if (a.cannot_read || a.syntax_errors) {
    for (const auto& d : diags.diagnostics()) {
      if (d.severity != Severity::Error) continue;
      Finding f;
      f.code = d.kind;
      f.kind = InfoOf(d.kind).slug;
      f.compile_error = true;
      f.file = d.file ? d.file->display_name() : path;
      f.uri = paths.Uri(f.file);
      f.range = d.range;
      f.message = d.message;
      f.hint = d.hint;
      f.diag = &d;
      if (d.file) f.source = NormalisedLines(*d.file, d.range);
      out.push_back(std::move(f));
    }
    AssignFingerprints(out);
    return out;
  }
  for (const auto& lf : report::LintFindings(a.result, strict)) {
    Finding f;
    const SourceFile* file = nullptr;
    const std::vector<trace::StackFrame>* stack = nullptr;
    if (lf.brk) {
      const trace::Site& b = *lf.brk;
      file = b.file;
      f.code = b.code;
      f.kind = trace::BreakSlug(*b.brk);
      f.is_break = true;
      f.compile_error = b.error;
      f.range = b.range;
      f.function = b.function;
      f.message = report::BreakMessage(b);
      if (!b.error && !b.allowed) f.message += " (lint treats every entry as under `error_on_graph_break(True)`)";
      f.hint = trace::BreakHint(*b.brk);
      f.explanation = trace::BreakExplanation(*b.brk);
      f.stack = Frames(b.user_stack, paths);
      stack = &b.user_stack;
      f.count = b.count;
      f.under_fullgraph = b.under_fullgraph;
      f.brk = &b;
      f.status = lf.fails ? Finding::Status::Failing : Finding::Status::Allowed;
    } else {
      const trace::Site& i = *lf.issue;
      file = i.file;
      f.code = i.code;
      f.kind = InfoOf(i.code).slug;
      f.compile_error = true;
      f.range = i.range;
      f.function = i.function;
      f.message = i.message;
      f.hint = i.hint;
      f.stack = Frames(i.user_stack, paths);
      stack = &i.user_stack;
      f.count = i.count;
      f.issue = &i;
    }
    if (const trace::StackFrame* user = UserFrame(file, *stack)) {
      f.origin = file->display_name() + ":" + std::to_string(f.range.begin.line) + ":" +
                 std::to_string(f.range.begin.col) + " in `" + f.function + "`";
      file = user->file;
      f.range = Range{user->loc, user->loc};
      f.function = user->function;
    }
    f.src = file;
    f.file = file ? file->display_name() : path;
    f.uri = paths.Uri(f.file);
    if (file) f.source = NormalisedLines(*file, f.range);
    out.push_back(std::move(f));
  }
  AssignFingerprints(out);
  return out;
}

}  // namespace tcc::report
