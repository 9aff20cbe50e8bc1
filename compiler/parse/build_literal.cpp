// Implements number and string literal decoding for the AST builder.
#include <cerrno>
#include <cstdlib>
#include <optional>
#include <string>

#include "parse/build.h"
#include "semantics/bigint.h"
#include "semantics/strings.h"

namespace tcc::parse {

using namespace ast;

ExprPtr AstBuilder::BuildNumber(antlr4::Token* tok, bool is_float) {
  std::string text;
  for (char c : tok->getText()) {
    if (c != '_') text += c;
  }
  Range r = RangeOf(tok);
  if (is_float) {
    errno = 0;
    double v = std::strtod(text.c_str(), nullptr);
    if (errno == ERANGE && (v > 1 || v < -1)) {
      diags_.Report(DiagKind::InvalidLiteral, &file_, r, "float literal `" + tok->getText() + "` is too large");
    }
    auto lit = Make<FloatLit>(r);
    lit->value = v;
    return lit;
  }
  int base = 10;
  std::string digits = text;
  if (text.size() > 2 && text[0] == '0') {
    char p = static_cast<char>(text[1] | 0x20);
    if (p == 'x') base = 16;
    if (p == 'b') base = 2;
    if (p == 'o') base = 8;
    if (base != 10) digits = text.substr(2);
  }
  if (base == 10 && digits.size() > 1 && digits[0] == '0' &&
      digits.find_first_not_of('0') != std::string::npos) {
    diags_.Report(DiagKind::InvalidLiteral, &file_, r,
                  "leading zeros are not allowed in `" + tok->getText() + "`")
        .hint = "write `0o" + digits.substr(digits.find_first_not_of('0')) +
                "` for an octal number";
  }
  auto lit = Make<IntLit>(r);
  std::optional<sem::BigInt> v = sem::BigInt::FromDigits(digits, base);  // exact, as Python's ints
  if (!v) {
    diags_.Report(DiagKind::InvalidLiteral, &file_, r, "malformed integer literal `" + tok->getText() + "`");
    return lit;
  }
  if (auto small = v->ToInt64()) lit->value = *small;
  else lit->big = v->ToString();
  return lit;
}

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

// Decodes one string token's body (quotes removed; `tok` starts at its
// quote); returns false on a bad escape and sets `error`. A raw string (`r`
// prefix) keeps every backslash, as Python's. (Also used by build_fstring.cpp.)
bool DecodeString(const std::string& tok, std::string& out, std::string& error, bool raw) {
  size_t q = (tok.size() >= 6 && (tok.compare(0, 3, "\"\"\"") == 0 || tok.compare(0, 3, "'''") == 0)) ? 3 : 1;
  if (tok.size() < 2 * q) return true;
  std::string body = tok.substr(q, tok.size() - 2 * q);
  if (raw) {
    out += body;
    return true;
  }
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    switch (e) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case '0': out += '\0'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case '\n': break;  // backslash-newline continues the string
      case 'x': case 'u': case 'U': {
        size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t cp = 0;
        for (size_t k = 0; k < n; ++k) {
          int h = i + 1 + k < body.size() ? HexValue(body[i + 1 + k]) : -1;
          if (h < 0) {
            error = std::string("`\\") + e + "` needs " + std::to_string(n) + " hex digits";
            return false;
          }
          cp = cp * 16 + static_cast<uint32_t>(h);
        }
        auto utf8 = sem::StrChr(cp);  // chr(cp): UTF-8, as strs hold
        if (!utf8) {
          error = "escape is not a valid Unicode code point";
          return false;
        }
        i += n;
        out += *utf8;
        break;
      }
      default:  // unknown escapes keep their backslash, as in Python
        out += '\\';
        out += e;
    }
  }
  return true;
}

}  // namespace tcc::parse
