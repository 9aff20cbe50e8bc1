// Implements the code documentation registry (codes.h) over the embedded
// compiler/trace/BREAKS.md.
#include "report/codes.h"

#include <cctype>
#include <sstream>

extern const char kBreaksMarkdown[];

#ifndef TCC_VERSION
#define TCC_VERSION "0.0.0"
#endif
#ifndef TCC_DOCS_URL
#define TCC_DOCS_URL "https://tcc.invalid/tcc/blob/main/"
#endif

namespace tcc::report {

namespace {
bool IsCode(std::string_view s) {
  if (s.size() != 6 || s[0] != 'T' || s[1] != 'S') return false;
  for (size_t i = 2; i < 6; ++i)
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

// GitHub's anchor for a heading: lowercase, spaces to '-', punctuation other
// than '-' and '_' dropped.
std::string Anchor(std::string_view heading) {
  std::string a;
  for (char c : heading) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '_') a += static_cast<char>(std::tolower(u));
    else if (c == ' ') a += '-';
  }
  return a;
}

std::vector<std::string> Cells(std::string_view row) {
  std::vector<std::string> cells;
  size_t i = row.find('|');
  while (i != std::string_view::npos) {
    size_t j = row.find('|', i + 1);
    if (j == std::string_view::npos) break;
    cells.push_back(TrimBlanks(row.substr(i + 1, j - i - 1)));
    i = j;
  }
  return cells;
}

std::vector<CodeDoc> Parse() {
  std::vector<CodeDoc> docs;
  std::istringstream in(kBreaksMarkdown);
  std::string line, section_anchor;
  CodeDoc* open = nullptr;
  bool fenced = false;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) fenced = !fenced;
    if (fenced || line.rfind("```", 0) == 0) {
      if (open) open->markdown += line + '\n';
      continue;
    }
    if (line.rfind("## ", 0) == 0) {
      open = nullptr;
      std::string heading = TrimBlanks(line.substr(3));
      section_anchor = Anchor(heading);
      size_t lp = heading.rfind(" (");
      if (lp != std::string::npos && heading.back() == ')') {
        std::string code = heading.substr(lp + 2, heading.size() - lp - 3);
        if (IsCode(code)) {
          docs.push_back(CodeDoc{code, heading.substr(0, lp), section_anchor, ""});
          open = &docs.back();
          continue;
        }
      }
    } else if (line.rfind("# ", 0) == 0) {
      open = nullptr;
    }
    if (open) {
      open->markdown += line + '\n';
      continue;
    }
    std::vector<std::string> cells = Cells(line);
    if (cells.size() >= 4 && IsCode(cells[0])) {
      std::string md = "**Cause.** " + cells[2] + "\n\n**Fix.** " + cells[3] + "\n";
      std::string slug = cells[1].substr(0, cells[1].find(' '));
      docs.push_back(CodeDoc{cells[0], slug, section_anchor, md});
    }
  }
  for (auto& d : docs) {
    while (!d.markdown.empty() && (d.markdown.front() == '\n')) d.markdown.erase(0, 1);
    while (d.markdown.size() > 1 && d.markdown[d.markdown.size() - 1] == '\n' && d.markdown[d.markdown.size() - 2] == '\n')
      d.markdown.pop_back();
  }
  return docs;
}
}  // namespace

const std::vector<CodeDoc>& DocumentedCodes() {
  static const std::vector<CodeDoc> docs = Parse();
  return docs;
}

std::optional<CodeDoc> DocFor(std::string_view code) {
  for (const auto& d : DocumentedCodes())
    if (d.code == code) return d;
  return std::nullopt;
}

const DiagKindInfo* FindKind(std::string_view what) {
  std::string up;
  for (char c : what) up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const DiagKindInfo* by_slug = nullptr;
  int slugs = 0;
  for (const auto& k : AllDiagKinds()) {
    if (up == k.code || what == k.name) return &k;
    if (what == k.slug) {
      by_slug = &k;
      ++slugs;
    }
  }
  return slugs == 1 ? by_slug : nullptr;
}

const char* ToolVersion() { return TCC_VERSION; }
std::string ToolUri() { return TCC_DOCS_URL; }

std::string HelpUri(const DiagKindInfo& k) {
  std::string page = ToolUri() + "compiler/trace/BREAKS.md";
  if (auto d = DocFor(k.code)) return page + "#" + d->anchor;
  return page;
}

std::string ExplainCodeText(const DiagKindInfo& k) {
  std::ostringstream os;
  os << k.code << " " << k.slug << " [" << k.name << "] (" << SeverityName(k.severity) << ")\n\n"
     << k.summary << "\n\n";
  if (auto d = DocFor(k.code)) os << d->markdown << "\n";
  else os << "There is no long explanation of " << k.code << " yet; the message and hint of each report say what to do.\n";
  return os.str();
}

}  // namespace tcc::report
