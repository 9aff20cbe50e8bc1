// Defines source buffers and locations shared by every phase.
//
// A SourceFile owns the text of one .ts file and knows where its lines start,
// so any phase can turn a Loc into the source line for a caret diagnostic.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tcc {

// A 1-based line/column position; line 0 means "no location".
struct Loc {
  uint32_t line = 0;
  uint32_t col = 0;
  bool valid() const { return line != 0; }
  friend bool operator==(const Loc&, const Loc&) = default;
  friend auto operator<=>(const Loc&, const Loc&) = default;
};

// A half-open range [begin, end) in one file.
struct Range {
  Loc begin;
  Loc end;
};

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  // Reads a file from disk; returns nullopt (and fills `error`) when it cannot.
  static std::optional<SourceFile> Read(const std::string& path, std::string* error);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  // The short name used in diagnostics (the path as given on the command line).
  const std::string& display_name() const { return path_; }

  size_t line_count() const { return line_starts_.size(); }
  // The text of 1-based line `line` without its newline; empty if out of range.
  std::string_view Line(uint32_t line) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<size_t> line_starts_;
};

using SourceFilePtr = std::shared_ptr<const SourceFile>;

// `s` without its leading blanks (spaces, tabs) and trailing blanks and
// carriage returns: a source line or a comment's text as it is compared.
inline std::string TrimBlanks(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

}  // namespace tcc
