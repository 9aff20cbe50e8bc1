// Implements format(value, spec) with Python's format-spec mini-language
// ([[fill]align][sign][#][0][width][,|_][.precision][type]) for str, int,
// float and bool, and for 0-d tensors (formatted as their number, as torch
// does); f-strings call it through the internal builtin `#format`.
// Formatting a float with a precision uses C's printf, which rounds the
// binary value exactly as Python does.
#include <cmath>
#include <cstdio>

#include "interp/interpreter.h"
#include "interp/pynumber.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

namespace {

struct Spec {
  std::string fill = " ";
  char align = 0;  // < > ^ =
  char sign = '-';
  bool alt = false, zero = false;
  int width = -1, precision = -1;
  char group = 0;  // , or _
  char type = 0;
};

bool IsAlign(char c) { return c == '<' || c == '>' || c == '^' || c == '='; }

Spec ParseSpec(const std::string& s) {
  Spec p;
  size_t i = 0;
  if (s.size() >= 2 && IsAlign(s[1])) {
    p.fill = s.substr(0, 1);
    p.align = s[1];
    i = 2;
  } else if (!s.empty() && IsAlign(s[0])) {
    p.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) p.sign = s[i++];
  if (i < s.size() && s[i] == '#') p.alt = true, ++i;
  if (i < s.size() && s[i] == '0') p.zero = true, ++i;
  auto digits = [&](int& out) {
    size_t b = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i > b) out = std::stoi(s.substr(b, i - b));
  };
  digits(p.width);
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) p.group = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t b = i;
    digits(p.precision);
    if (i == b) ValueErr("format specifier missing precision");
  }
  if (i < s.size()) p.type = s[i++];
  if (i != s.size()) ValueErr("invalid format specifier `" + s + "`");
  return p;
}

std::string Group(const std::string& digits, char sep) {
  std::string out;
  int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    out += digits[i];
    if (sep && (n - 1 - i) % 3 == 0 && i != n - 1) out += sep;
  }
  return out;
}

// Pads `body` (sign separate so that `=`/zero padding goes between).
std::string Pad(const std::string& sign, const std::string& body, const Spec& p, char default_align) {
  char align = p.align ? p.align : (p.zero ? '=' : default_align);
  std::string fill = p.align ? p.fill : (p.zero ? "0" : p.fill);
  int len = static_cast<int>(sign.size() + body.size());
  int pad = p.width > len ? p.width - len : 0;
  auto rep = [&](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += fill;
    return s;
  };
  switch (align) {
    case '<': return sign + body + rep(pad);
    case '^': return rep(pad / 2) + sign + body + rep(pad - pad / 2);
    case '=': return sign + rep(pad) + body;
    default: return rep(pad) + sign + body;
  }
}

std::string SignOf(bool negative, const Spec& p) {
  if (negative) return "-";
  return p.sign == '+' ? "+" : p.sign == ' ' ? " " : "";
}

std::string FormatInt(int64_t v, const Spec& p) {
  bool neg = v < 0;
  uint64_t m = neg ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string digits, prefix;
  switch (p.type) {
    case 0: case 'd': case 'n': digits = std::to_string(m); break;
    case 'x': case 'X': case 'o': case 'b': {
      int base = p.type == 'o' ? 8 : p.type == 'b' ? 2 : 16;
      const char* dig = p.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
      do { digits.insert(digits.begin(), dig[m % base]); m /= base; } while (m);
      if (p.alt) prefix = p.type == 'o' ? "0o" : p.type == 'b' ? "0b" : p.type == 'X' ? "0X" : "0x";
      break;
    }
    case 'c': return Pad("", std::string(1, static_cast<char>(v)), p, '<');
    default: ValueErr(std::string("unknown format code `") + p.type + "` for an int");
  }
  if (p.group) digits = Group(digits, p.group);
  return Pad(SignOf(neg, p), prefix + digits, p, '>');
}

std::string FormatDouble(double v, const Spec& p) {
  bool neg = std::signbit(v) && !std::isnan(v);
  double a = std::fabs(v);
  std::string body;
  char type = p.type;
  if (std::isnan(v) || std::isinf(v)) {
    body = std::isnan(v) ? "nan" : "inf";
    if (type == 'F' || type == 'E' || type == 'G') body = std::isnan(v) ? "NAN" : "INF";
  } else if (type == 0 && p.precision < 0) {
    body = FormatFloat(a);  // str(float)
  } else {
    int prec = p.precision < 0 ? 6 : p.precision;
    char fmt[16];
    double x = type == '%' ? a * 100 : a;
    char t = type == 0 ? 'g' : type == '%' ? 'f' : type;
    if (t != 'f' && t != 'F' && t != 'e' && t != 'E' && t != 'g' && t != 'G')
      ValueErr(std::string("unknown format code `") + type + "` for a float");
    std::snprintf(fmt, sizeof fmt, "%%%s.%d%c", p.alt ? "#" : "", prec, t);
    char buf[512];
    std::snprintf(buf, sizeof buf, fmt, x);
    body = buf;
    if (type == 0 && body.find_first_of(".eEn") == std::string::npos) body += ".0";  // like str(): 1.0
    if (type == '%') body += "%";
  }
  if (p.group) {
    size_t end = body.find_first_not_of("0123456789");
    body = Group(body.substr(0, end), p.group) + (end == std::string::npos ? "" : body.substr(end));
  }
  return Pad(SignOf(neg, p), body, p, '>');
}

}  // namespace

std::string FormatWithSpec(const Value& v, const std::string& spec) {
  if (v.is(OType::Tensor)) {
    // torch's Tensor.__format__: a 0-d tensor formats as its number, even
    // with an empty spec (f"{t.sum()}" prints 4.0, not tensor(4.))
    const rt::Tensor& t = TensorOf(v);
    if (spec.empty() && t.dim() != 0) return Str(v);
    if (t.dim() != 0)
      TypeErr("unsupported format string passed to a tensor of " + std::to_string(t.dim()) + " dimensions",
              "format one number: `{t.item():.3f}`, or print the tensor with `{t}`");
    return FormatWithSpec(FromScalar(t.item()), spec);
  }
  if (spec.empty()) return Str(v);
  Spec p = ParseSpec(spec);
  if (v.is(OType::Str)) {
    if (p.type && p.type != 's') ValueErr(std::string("unknown format code `") + p.type + "` for a str");
    std::string s = Str(v);
    if (p.precision >= 0 && static_cast<size_t>(p.precision) < s.size()) s.resize(static_cast<size_t>(p.precision));
    return Pad("", s, p, '<');
  }
  if (v.is_float()) return FormatDouble(v.as_float(), p);
  if (IsBigInt(v)) {
    const sem::BigInt& b = v.as<BigIntObj>()->v;
    if (p.type && std::string("eEfFgG%").find(p.type) != std::string::npos) return FormatDouble(b.ToDouble(), p);
    if (p.type && p.type != 'd') ValueErr(std::string("format code `") + p.type + "` of an int beyond 64 bits is not supported");
    std::string digits = (-b).ToString();
    return b.neg() ? Pad("-", digits.substr(1), p, '>') : Pad("", b.ToString(), p, '>');
  }
  if (v.is_int() || v.is_bool()) {
    if (p.type && std::string("eEfFgG%").find(p.type) != std::string::npos)
      return FormatDouble(static_cast<double>(v.to_int()), p);
    return FormatInt(v.to_int(), p);
  }
  TypeErr("unsupported format string passed to a value of type `" + TypeName(v) + "`");
}

}  // namespace tcc::interp
