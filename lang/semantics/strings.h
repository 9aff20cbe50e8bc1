// Python's str methods (lang/semantics/container_methods.def's Str rows, but
// `format`) on std::string: the interpreter calls them on its strings and the
// tracer on strings known at compile time, so both modes agree. ASCII only:
// upper/lower change ASCII letters, strip and split() strip ASCII whitespace.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tcc::sem {

inline bool IsPySpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// s.split() (sep absent: runs of whitespace, no empty items) or s.split(sep);
// nullopt for an empty sep (Python's ValueError "empty separator").
inline std::optional<std::vector<std::string>> StrSplit(std::string_view s, std::optional<std::string_view> sep) {
  std::vector<std::string> out;
  if (!sep) {
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && IsPySpace(s[i])) ++i;
      size_t j = i;
      while (j < s.size() && !IsPySpace(s[j])) ++j;
      if (j > i) out.emplace_back(s.substr(i, j - i));
      i = j;
    }
    return out;
  }
  if (sep->empty()) return std::nullopt;
  size_t start = 0, pos;
  while ((pos = s.find(*sep, start)) != std::string_view::npos) {
    out.emplace_back(s.substr(start, pos - start));
    start = pos + sep->size();
  }
  out.emplace_back(s.substr(start));
  return out;
}

inline std::string StrJoin(std::string_view sep, const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += items[i];
  }
  return out;
}

inline std::string StrUpper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
inline std::string StrLower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
inline std::string StrStrip(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && IsPySpace(s[b])) ++b;
  while (e > b && IsPySpace(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}
inline bool StrStartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
inline bool StrEndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
// s.replace(old, new); an empty `old` leaves s as it is (Python inserts `new`
// between characters: a difference README lists).
inline std::string StrReplace(std::string_view s, std::string_view from, std::string_view to) {
  if (from.empty()) return std::string(s);
  std::string out;
  size_t start = 0, pos;
  while ((pos = s.find(from, start)) != std::string_view::npos) {
    out += s.substr(start, pos - start);
    out += to;
    start = pos + from.size();
  }
  out += s.substr(start);
  return out;
}

// ord(c): the code point of a str of one character (UTF-8: strs hold
// UTF-8 bytes); nullopt when `s` is not exactly one character.
inline std::optional<int64_t> StrOrd(std::string_view s) {
  if (s.empty()) return std::nullopt;
  auto b = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  size_t n = b(0) < 0x80 ? 1 : (b(0) >> 5) == 0x6 ? 2 : (b(0) >> 4) == 0xE ? 3 : (b(0) >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || s.size() != n) return std::nullopt;
  if (n == 1) return b(0);
  int64_t cp = b(0) & (0x3F >> (n - 1));
  for (size_t i = 1; i < n; ++i) {
    if ((b(i) & 0xC0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (b(i) & 0x3F);
  }
  return cp;
}
// chr(i): the str of code point i, UTF-8 encoded; nullopt outside
// 0..0x10FFFF (Python's ValueError "chr() arg not in range(0x110000)").
inline std::optional<std::string> StrChr(int64_t cp) {
  if (cp < 0 || cp > 0x10FFFF) return std::nullopt;
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

}  // namespace tcc::sem
