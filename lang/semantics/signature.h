// A builtin's signature as its table row writes it (builtins.def: "(input,
// dim=None, keepdim=False); note"), read as Python reads a parameter list:
// how many arguments may be positional and which names a keyword may give.
// Both modes check a call to a row against it before running the row (the
// tracer at compile time, the interpreter at run time) and report the same
// errors, in Python's words, so an argument error is never a surprise at run
// time and the row is the one place its parameters are written.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/suggest.h"

namespace tcc::sem {

struct SignatureShape {
  bool plain = false;             // one parameter list and no alternative forms in its note
  int max_positional = 0;         // -1: a `*args` takes any number
  std::vector<std::string_view> keywords;  // the names a keyword argument may give
  bool any_keyword = false;       // `**kwargs`
  std::string_view text;          // the whole row text (a keyword it names in a note is allowed)
};

namespace signature_detail {
inline std::string_view Trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}
inline bool IsWordChar(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }
// Whether `word` appears in `text` as a whole word (`split_size` in a note).
inline bool MentionsWord(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    bool left = at == 0 || !IsWordChar(text[at - 1]);
    bool right = at + word.size() >= text.size() || !IsWordChar(text[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}
}  // namespace signature_detail

// "(a, b=1, *rest, c=None, **kw) -> T; note": the parameter list between
// the first parentheses (defaults may hold parentheses and quotes). Not
// plain when the text offers alternatives (" | ", or a note that spells
// another call form with parentheses): then only the keywords are checked,
// against every name the text mentions.
inline SignatureShape ParseSignature(std::string_view sig) {
  using namespace signature_detail;
  SignatureShape s;
  s.text = sig;
  if (sig.empty() || sig.front() != '(') return s;
  size_t depth = 0, close = std::string_view::npos;
  char quote = 0;
  std::vector<std::string_view> params;
  size_t start = 1;
  for (size_t i = 0; i < sig.size() && close == std::string_view::npos; ++i) {
    char c = sig[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '<') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '>') {
      if (--depth == 0) close = i;
    } else if (c == ',' && depth == 1) {
      params.push_back(Trim(sig.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (close == std::string_view::npos) return s;
  if (std::string_view last = Trim(sig.substr(start, close - start)); !last.empty()) params.push_back(last);
  bool keyword_only = false;
  for (std::string_view p : params) {
    std::string_view name = p.substr(0, p.find('='));
    name = Trim(name);
    if (name == "*") {
      keyword_only = true;
    } else if (name.starts_with("**")) {
      s.any_keyword = true;
    } else if (name.starts_with("*")) {
      s.max_positional = -1;
      keyword_only = true;
      s.keywords.push_back(name.substr(1));  // torch takes zeros(size=(2, 3)) too
    } else {
      if (!keyword_only && s.max_positional >= 0) ++s.max_positional;
      s.keywords.push_back(name);
    }
  }
  std::string_view rest = sig.substr(close + 1);
  s.plain = rest.find(" | ") == std::string_view::npos && rest.find('(') == std::string_view::npos;
  return s;
}

// Python's words for the argument errors (the interpreter's Args::Check
// says them too).
inline std::string TooManyPositionalError(std::string_view fname, int max, size_t given) {
  return "`" + std::string(fname) + "()` takes at most " + std::to_string(max) + " positional argument" +
         (max == 1 ? "" : "s") + " but " + std::to_string(given) + " were given";
}
inline std::string UnexpectedKeywordError(std::string_view fname, std::string_view keyword) {
  return "`" + std::string(fname) + "()` got an unexpected keyword argument `" + std::string(keyword) + "`";
}

// The error of calling `fname` with `npos` positional arguments (the
// receiver of a method form counted) and these keywords, or nullopt.
template <class Keywords>
std::optional<std::string> SignatureError(const SignatureShape& s, std::string_view fname, size_t npos,
                                          const Keywords& keywords) {
  if (s.plain && s.max_positional >= 0 && npos > static_cast<size_t>(s.max_positional))
    return TooManyPositionalError(fname, s.max_positional, npos);
  if (s.any_keyword) return std::nullopt;
  for (const auto& k : keywords) {
    std::string_view kv(k);
    bool known = false;
    for (std::string_view n : s.keywords) known = known || n == kv;
    if (!known && !signature_detail::MentionsWord(s.text, kv))
      return UnexpectedKeywordError(fname, kv) + DidYouMean(kv, s.keywords);
  }
  return std::nullopt;
}

}  // namespace tcc::sem
