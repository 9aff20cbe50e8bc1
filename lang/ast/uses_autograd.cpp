// Implements ast::UsesAutograd (program.h): whether the program's own source
// names one of autograd's entry points, as an identifier (comments and string
// literals do not count).
#include <cctype>
#include <string_view>

#include "ast/program.h"

namespace tcc::ast {

namespace {

constexpr std::string_view kEntryPoints[] = {"backward", "autograd", "grad_fn", "retain_grad", "is_leaf"};

// The first entry-point identifier in `text`: its offset and spelling, or npos.
std::pair<size_t, std::string_view> FindEntryPoint(std::string_view text) {
  size_t i = 0;
  const size_t n = text.size();
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while (i < n) {
    char c = text[i];
    if (c == '#') {
      while (i < n && text[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      const bool triple = i + 2 < n && text[i + 1] == c && text[i + 2] == c;
      const size_t q = triple ? 3 : 1;
      i += q;
      while (i < n) {
        if (text[i] == '\\') { i += 2; continue; }
        if (text.compare(i, q, std::string(q, c)) == 0) { i += q; break; }
        if (!triple && text[i] == '\n') break;
        ++i;
      }
    } else if (ident(c)) {
      size_t j = i;
      while (j < n && ident(text[j])) ++j;
      std::string_view word = text.substr(i, j - i);
      for (std::string_view e : kEntryPoints) if (word == e) return {i, e};
      i = j;
    } else {
      ++i;
    }
  }
  return {std::string_view::npos, {}};
}

}  // namespace

AutogradUse FindAutogradUse(const Program& program) {
  for (const ProgramModule& m : program.modules) {
    if (m.stdlib || !m.module->source) continue;
    std::string_view text = m.module->source->text();
    auto [at, name] = FindEntryPoint(text);
    if (at == std::string_view::npos) continue;
    AutogradUse u;
    u.module = &m;
    u.name = std::string(name);
    u.line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < at; ++i)
      if (text[i] == '\n') { ++u.line; line_start = i + 1; }
    u.col = uint32_t(at - line_start + 1);
    return u;
  }
  return {};
}

bool UsesAutograd(const Program& program) { return FindAutogradUse(program).line != 0; }

}  // namespace tcc::ast
