// "Did you mean": the closest of a set of names to a misspelt one, as
// CPython 3.12 chooses it for NameError and AttributeError (and clang for
// its typo corrections). Used by the tracer, the interpreter and the command
// line, so each reports the same suggestion for the same mistake.
//
// The distance is Levenshtein's with CPython's costs: inserting, deleting or
// replacing a character costs 2, replacing it by the same letter in another
// case costs 1. A candidate is suggested when its distance is at most
// (len(name) + len(candidate) + 3) / 3 (CPython's limit) and it is the closest
// (the first of equals); none when the name is very long or no candidate is
// close enough.
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tcc::sem {

inline size_t SuggestDistance(std::string_view a, std::string_view b) {
  auto sub = [](char x, char y) -> size_t {
    if (x == y) return 0;
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)) ? 1 : 2;
  };
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = 2 * j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = 2 * i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 2, row[j - 1] + 2, diag + sub(a[i - 1], b[j - 1])});
      diag = up;
    }
  }
  return row[b.size()];
}

// The candidate closest to `name`, if one is close enough (and not `name`).
template <typename Names>
std::optional<std::string> Suggest(std::string_view name, const Names& candidates) {
  if (name.empty() || name.size() > 40) return std::nullopt;
  std::optional<std::string> best;
  size_t best_cost = 0;
  for (const auto& c : candidates) {
    std::string_view cand(c);
    if (cand == name || cand.empty() || cand.size() > 40) continue;
    size_t limit = (name.size() + cand.size() + 3) / 3;
    size_t len_gap = cand.size() > name.size() ? cand.size() - name.size() : name.size() - cand.size();
    if (2 * len_gap > limit) continue;  // the distance is at least twice the length difference
    size_t cost = SuggestDistance(name, cand);
    if (cost > limit || (best && cost >= best_cost)) continue;
    best = std::string(cand);
    best_cost = cost;
  }
  return best;
}

// "; did you mean `relu`?" or "" when nothing is close.
template <typename Names>
std::string DidYouMean(std::string_view name, const Names& candidates) {
  auto s = Suggest(name, candidates);
  return s ? "; did you mean `" + *s + "`?" : "";
}

}  // namespace tcc::sem
