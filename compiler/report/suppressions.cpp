// Implements in-source suppressions (suppressions.h).
#include "report/suppressions.h"

#include <algorithm>
#include <cctype>

#include "trace/trace.h"

namespace tcc::report {

namespace {
bool KnownSelector(const std::string& s) {
  for (trace::BreakKind k : trace::AllBreakKinds())
    if (s == trace::BreakSlug(k)) return true;
  std::string up = s;
  for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const auto& k : AllDiagKinds())
    if (s == k.slug || s == k.name || up == k.code) return true;
  return false;
}

bool Matches(const std::string& sel, const Finding& f) {
  if (sel == f.kind) return true;
  const DiagKindInfo& k = InfoOf(f.code);
  if (sel == k.name) return true;
  std::string up = sel;
  for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return up == k.code;
}

bool Covers(const Suppression& s, const std::string& file, Loc loc) {
  return file == s.file && loc.valid() && loc.line >= s.first && loc.line <= s.last;
}

Finding Make(DiagKind code, const Suppression& s, std::string message, std::string hint) {
  Finding f;
  f.code = code;
  f.kind = InfoOf(code).slug;
  f.file = s.file;
  f.uri = s.uri;
  f.range = s.comment;
  f.message = std::move(message);
  f.hint = std::move(hint);
  if (s.src) f.source = NormalisedSource(*s.src, s.comment);
  f.src = s.src;
  f.status = InfoOf(code).severity == Severity::Note ? Finding::Status::Note : Finding::Status::Failing;
  return f;
}
}  // namespace

std::vector<Comment> Comments(const SourceFile& file) {
  std::vector<Comment> out;
  char quote = 0;       // inside a string: its quote character
  bool triple = false;
  for (uint32_t l = 1; l <= file.line_count(); ++l) {
    std::string_view line = file.Line(l);
    if (quote && !triple) quote = 0;  // a one-line string does not continue (a syntax error anyway)
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (quote) {
        if (c == '\\') { ++i; continue; }
        if (c != quote) continue;
        if (!triple) { quote = 0; continue; }
        if (i + 2 < line.size() + 0 && line.substr(i, 3) == std::string(3, quote)) {
          quote = 0;
          triple = false;
          i += 2;
        }
        continue;
      }
      if (c == '\'' || c == '"') {
        quote = c;
        triple = line.substr(i, 3) == std::string(3, c);
        if (triple) i += 2;
        continue;
      }
      if (c == '#') {
        bool alone = line.substr(0, i).find_first_not_of(" \t") == std::string_view::npos;
        out.push_back(Comment{l, static_cast<uint32_t>(i + 1), alone, std::string(line.substr(i + 1))});
        break;
      }
    }
  }
  return out;
}

void SuppressionSet::Scan(const SourceFile& file, const PathMapper& paths) {
  std::string uri = paths.Uri(file.display_name());
  if (std::find(scanned_.begin(), scanned_.end(), uri) != scanned_.end()) return;
  scanned_.push_back(uri);
  std::vector<Comment> comments = Comments(file);
  // The next line after `line` that holds code (not blank, not only a comment).
  auto next_code_line = [&](uint32_t line) {
    for (uint32_t l = line + 1; l <= file.line_count(); ++l) {
      std::string t = TrimBlanks(file.Line(l));
      if (!t.empty() && t[0] != '#') return l;
    }
    return line + 1;
  };
  std::vector<size_t> open;  // indices into sups_ of unclosed allow-begin blocks
  for (const Comment& c : comments) {
    std::string text = TrimBlanks(c.text);
    if (text.rfind("tcc:", 0) != 0) continue;
    std::string rest = TrimBlanks(text.substr(4));
    Suppression s;
    s.src = &file;
    s.file = file.display_name();
    s.uri = uri;
    s.comment = Range{Loc{c.line, c.col}, Loc{c.line, static_cast<uint32_t>(c.col + 1 + c.text.size())}};
    std::string verb;
    size_t i = 0;
    while (i < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[i])) || rest[i] == '-')) verb += rest[i++];
    auto bad = [&](const std::string& why) {
      malformed_.push_back(Make(DiagKind::InvalidSuppression, s, why,
                                "write `# tcc: allow[KIND] reason`, `# tcc: allow-begin[KIND] reason` ... "
                                "`# tcc: allow-end`; KIND is a kind such as side_effect_io or a code such as TS4002"));
    };
    if (verb == "allow-end") {
      if (open.empty()) bad("`# tcc: allow-end` without a matching `# tcc: allow-begin[...]`");
      else {
        sups_[open.back()].last = c.line;
        open.pop_back();
      }
      continue;
    }
    if (verb != "allow" && verb != "allow-begin") {
      bad("unknown `# tcc:` directive `" + (verb.empty() ? rest : verb) + "`");
      continue;
    }
    if (i >= rest.size() || rest[i] != '[') {
      bad("`# tcc: " + verb + "` needs the kinds it allows in brackets, e.g. `" + verb + "[side_effect_io]`");
      continue;
    }
    size_t close = rest.find(']', i);
    if (close == std::string::npos) {
      bad("unclosed `[` in `# tcc: " + verb + "[...]`");
      continue;
    }
    std::string list = rest.substr(i + 1, close - i - 1);
    bool ok = true;
    size_t p = 0;
    while (p <= list.size()) {
      size_t q = list.find(',', p);
      if (q == std::string::npos) q = list.size();
      std::string sel = TrimBlanks(list.substr(p, q - p));
      if (sel.empty()) {
        bad("empty kind in `# tcc: " + verb + "[" + list + "]`");
        ok = false;
        break;
      }
      if (!KnownSelector(sel)) {
        bad("`" + sel + "` is not a graph-break kind or diagnostic code (see `tcc explain --code`)");
        ok = false;
        break;
      }
      s.selectors.push_back(sel);
      p = q + 1;
    }
    if (!ok) continue;
    s.used.assign(s.selectors.size(), false);
    s.reason = TrimBlanks(rest.substr(close + 1));
    if (verb == "allow") {
      s.first = s.last = c.alone ? next_code_line(c.line) : c.line;
    } else {
      s.block = true;
      s.first = c.line;
      s.last = static_cast<uint32_t>(file.line_count());
      open.push_back(sups_.size());
    }
    sups_.push_back(std::move(s));
  }
  for (size_t k : open) {
    Suppression copy = sups_[k];
    malformed_.push_back(Make(DiagKind::InvalidSuppression, copy,
                              "`# tcc: allow-begin[...]` is never closed by `# tcc: allow-end`",
                              "add `# tcc: allow-end` after the last line it should cover"));
  }
}

void SuppressionSet::Apply(std::vector<Finding>& findings) {
  for (Finding& f : findings) {
    if (f.compile_error) continue;
    if (f.status != Finding::Status::Failing && f.status != Finding::Status::Allowed) continue;
    for (Suppression& s : sups_) {
      bool here = Covers(s, f.file, f.range.begin);
      for (const Frame& fr : f.stack) here = here || Covers(s, fr.file, fr.loc);
      if (!here) continue;
      for (size_t k = 0; k < s.selectors.size(); ++k) {
        if (!Matches(s.selectors[k], f)) continue;
        s.used[k] = true;
        f.status = Finding::Status::Suppressed;
        f.status_note = s.reason;
      }
    }
  }
}

std::vector<Finding> SuppressionSet::Problems(bool require_reason) const {
  std::vector<Finding> out = malformed_;
  for (const Suppression& s : sups_) {
    for (size_t k = 0; k < s.selectors.size(); ++k) {
      if (s.used[k]) continue;
      std::string where = s.block ? "lines " + std::to_string(s.first) + "-" + std::to_string(s.last)
                                  : "line " + std::to_string(s.first);
      out.push_back(Make(DiagKind::UnusedSuppression, s,
                         "suppression `" + s.selectors[k] + "` matches no finding on " + where,
                         "remove it (the construct it allowed is gone, or it is a compile error, which cannot "
                         "be suppressed)"));
    }
    if (require_reason && s.reason.empty())
      out.push_back(Make(DiagKind::SuppressionWithoutReason, s, "suppression without a reason",
                         "say why the break is acceptable after the brackets: `# tcc: allow[KIND] reason`"));
  }
  AssignFingerprints(out);
  return out;
}

}  // namespace tcc::report
