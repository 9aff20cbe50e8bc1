// Implements str.format ("{} {0} {name} {0.attr} {0[1]} {:>8.3f}", `!r`/`!s`,
// nested `{:{width}}`) and printf-style `str % args` ("%d %s %.2f %r %5.1f
// %%", `% dict` with `%(name)s`), as Python does. Both format each value
// with the format-spec code of format_spec.cpp (a tensor as torch does).
#include <algorithm>
#include <cctype>
#include <cmath>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

namespace {

Value ConvertField(const Value& v, char conv) {
  if (conv == 'r' || conv == 'a') return MakeStr(Repr(v));
  if (conv == 's') return MakeStr(Str(v));
  return v;
}

struct FormatState {
  Interp& in;
  const Value* pos;
  int32_t npos;
  const Args& a;
  int auto_index = 0;  // -1: manual numbering seen
  bool manual = false;
};

Value LookupField(FormatState& st, const std::string& field) {
  size_t i = 0;
  while (i < field.size() && field[i] != '.' && field[i] != '[') ++i;
  std::string head = field.substr(0, i);
  Value v;
  bool numeric = !head.empty() && std::all_of(head.begin(), head.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  if (head.empty() || numeric) {
    int64_t k;
    if (head.empty()) {
      if (st.manual) ValueErr("cannot switch from manual field specification to automatic field numbering");
      k = st.auto_index++;
    } else {
      if (st.auto_index > 0) ValueErr("cannot switch from automatic field numbering to manual field specification");
      st.manual = true;
      k = std::stoll(head);
    }
    if (k >= st.npos)
      ThrowError(DiagKind::RtIndexError, "Replacement index " + std::to_string(k) + " out of range for positional args tuple");
    v = st.pos[k];
  } else {
    int32_t sym = Intern(head);
    for (int32_t k = 0; k < st.a.nkw && v.is_undef(); ++k)
      if (st.a.kwnames[k] == sym) v = st.a.kwvals[k];
    if (v.is_undef()) ThrowKeyError(MakeStr(head), "'" + head + "'");
  }
  while (i < field.size()) {
    if (field[i] == '.') {
      size_t j = ++i;
      while (j < field.size() && field[j] != '.' && field[j] != '[') ++j;
      v = st.in.GetAttr(v, Intern(field.substr(i, j - i)));
      i = j;
    } else {  // [index]
      size_t close = field.find(']', i);
      if (close == std::string::npos) ValueErr("Missing ']' in format string");
      std::string key = field.substr(i + 1, close - i - 1);
      bool digits = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
      v = GetItem(v, digits ? Value::Int(std::stoll(key)) : MakeStr(key));
      i = close + 1;
    }
  }
  return v;
}

std::string FormatString(FormatState& st, const std::string& f, int depth) {
  if (depth > 2) ValueErr("Max string recursion exceeded");
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '}') {
      if (i + 1 < f.size() && f[i + 1] == '}') { out += '}'; ++i; continue; }
      ValueErr("Single '}' encountered in format string");
    }
    if (c != '{') { out += c; continue; }
    if (i + 1 < f.size() && f[i + 1] == '{') { out += '{'; ++i; continue; }
    // the field up to its matching `}` (a spec may hold nested fields)
    size_t j = i + 1;
    int nest = 1;
    for (; j < f.size(); ++j) {
      if (f[j] == '{') ++nest;
      else if (f[j] == '}' && --nest == 0) break;
    }
    if (j >= f.size()) ValueErr("Single '{' encountered in format string");
    std::string field = f.substr(i + 1, j - i - 1);
    i = j;
    size_t colon = std::string::npos, bang = std::string::npos;
    int br = 0;
    for (size_t k = 0; k < field.size(); ++k) {
      if (field[k] == '[') ++br;
      else if (field[k] == ']') --br;
      else if (br == 0 && field[k] == '!' && bang == std::string::npos) bang = k;
      else if (br == 0 && field[k] == ':') { colon = k; break; }
    }
    std::string spec = colon == std::string::npos ? "" : field.substr(colon + 1);
    std::string name = field.substr(0, std::min(bang, colon));
    char conv = 0;
    if (bang != std::string::npos) {
      std::string cv = field.substr(bang + 1, (colon == std::string::npos ? field.size() : colon) - bang - 1);
      if (cv.size() != 1 || (cv[0] != 'r' && cv[0] != 's' && cv[0] != 'a'))
        ValueErr("Unknown conversion specifier " + cv);
      conv = cv[0];
    }
    Value v = ConvertField(LookupField(st, name), conv);
    if (spec.find('{') != std::string::npos) spec = FormatString(st, spec, depth + 1);
    out += FormatWithSpec(v, spec);
  }
  return out;
}

// ---- printf-style formatting

std::string PercentOne(const Value& raw, char type, const std::string& flags, int width, int prec) {
  Value v = raw;
  std::string body;
  bool numeric = false;
  auto need_number = [&](bool integer) {
    if (v.is(OType::Tensor)) {
      const rt::Tensor& t = TensorOf(v);
      if (t.numel() != 1) ValueErr("only one element tensors can be converted to Python scalars");
      v = FromScalar(t.item());
    }
    if (!v.is_number())
      TypeErr(std::string("%") + type + " format: " + (integer && type != 'd' && type != 'i' && type != 'u' ? "an integer" : "a real number") + " is required, not " +
              TypeName(v));
    if (integer && v.is_float() && type != 'd' && type != 'i' && type != 'u')
      TypeErr(std::string("%") + type + " format: an integer is required, not float");
  };
  std::string sign;
  if (flags.find('+') != std::string::npos) sign = "+";
  else if (flags.find(' ') != std::string::npos) sign = " ";
  bool alt = flags.find('#') != std::string::npos;
  switch (type) {
    case 's': case 'r': case 'a':
      body = type == 's' ? Str(v) : Repr(v);
      if (prec >= 0 && static_cast<size_t>(prec) < body.size()) body.resize(static_cast<size_t>(prec));
      break;
    case 'c':
      if (v.is(OType::Str)) {
        if (v.as<StrObj>()->s.size() != 1) TypeErr("%c requires an int or a unicode character, not a string of length " + std::to_string(v.as<StrObj>()->s.size()));
        body = v.as<StrObj>()->s;
      } else {
        need_number(true);
        body = std::string(1, static_cast<char>(v.to_int()));
      }
      break;
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': {
      need_number(true);
      int64_t n = v.is_float() ? static_cast<int64_t>(std::trunc(v.as_float())) : v.to_int();
      if (v.is_float() && !std::isfinite(v.as_float())) ValueErr("cannot convert float " + FormatFloat(v.as_float()) + " to integer");
      char t = type == 'i' || type == 'u' ? 'd' : type;
      body = FormatWithSpec(Value::Int(n < 0 ? 0 : n), std::string(t == 'd' ? "d" : std::string(1, t)));
      if (n < 0) body = FormatWithSpec(Value::Int(n), std::string(1, t)).substr(1);
      while (prec >= 0 && body.size() < static_cast<size_t>(prec)) body.insert(body.begin(), '0');
      if (alt && t != 'd') body = std::string(t == 'o' ? "0o" : t == 'X' ? "0X" : "0x") + body;
      if (n < 0) sign = "-";
      numeric = true;
      break;
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
      if (v.is(OType::Str)) TypeErr("must be real number, not str");
      need_number(false);
      std::string spec = std::string(alt ? "#" : "") + "." + std::to_string(prec < 0 ? 6 : prec) + type;
      double d = v.to_double();
      body = FormatWithSpec(Value::Float(std::fabs(d)), spec);
      if (std::signbit(d) && !std::isnan(d)) sign = "-";
      numeric = true;
      break;
    }
    default:
      ValueErr(std::string("unsupported format character '") + type + "'");
  }
  if (!numeric) sign.clear();
  std::string s = sign + body;
  if (width > static_cast<int>(s.size())) {
    size_t pad = static_cast<size_t>(width) - s.size();
    if (flags.find('-') != std::string::npos) s += std::string(pad, ' ');
    else if (numeric && flags.find('0') != std::string::npos && std::isfinite(v.to_double())) {
      size_t at = sign.size() + (alt && body.size() > 1 && body[0] == '0' && std::isalpha(static_cast<unsigned char>(body[1])) ? 2 : 0);
      s.insert(at, pad, '0');
    } else {
      s.insert(0, pad, ' ');
    }
  }
  return s;
}

}  // namespace

// "fmt".format(*args, **kwargs): args.pos[0] is the string.
Value StrFormatMethod(Interp& in, Args& a) {
  FormatState st{in, a.pos + 1, a.npos - 1, a};
  return MakeStr(FormatString(st, a.pos[0].as<StrObj>()->s, 0));
}

// fmt % args (ops_scalar.cpp's BinaryOp for a str left operand).
Value PercentFormat(const Value& fmtv, const Value& args) {
  const std::string& f = fmtv.as<StrObj>()->s;
  std::vector<Value> items;
  const DictObj* dict = args.is(OType::Dict) ? args.as<DictObj>() : nullptr;
  if (args.is(OType::Tuple)) items = args.as<TupleObj>()->items;
  else items = {args};
  size_t next = 0;
  bool used_dict = false;
  auto take = [&]() -> Value {
    if (next >= items.size()) TypeErr("not enough arguments for format string");
    return items[next++];
  };
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') { out += f[i]; continue; }
    if (++i >= f.size()) ValueErr("incomplete format");
    Value v;
    bool have = false;
    if (f[i] == '(') {
      size_t close = f.find(')', i);
      if (close == std::string::npos) ValueErr("incomplete format key");
      if (!dict) TypeErr("format requires a mapping");
      Value key = MakeStr(f.substr(i + 1, close - i - 1));
      int64_t k = dict->Find(key);
      if (k < 0) ThrowKeyError(key, Repr(key));
      v = dict->items[k].second;
      have = used_dict = true;
      i = close + 1;
    }
    std::string flags;
    while (i < f.size() && std::string("-+ #0").find(f[i]) != std::string::npos) flags += f[i++];
    int width = -1, prec = -1;
    if (i < f.size() && f[i] == '*') { width = static_cast<int>(IntArg(take(), "* width")); ++i; }
    while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) width = (width < 0 ? 0 : width) * 10 + (f[i++] - '0');
    if (width < -1) { flags += '-'; width = -width; }
    if (i < f.size() && f[i] == '.') {
      ++i;
      prec = 0;
      if (i < f.size() && f[i] == '*') { prec = static_cast<int>(IntArg(take(), "* precision")); ++i; }
      while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) prec = prec * 10 + (f[i++] - '0');
    }
    while (i < f.size() && (f[i] == 'l' || f[i] == 'h' || f[i] == 'L')) ++i;
    if (i >= f.size()) ValueErr("incomplete format");
    char type = f[i];
    if (type == '%') { out += '%'; continue; }
    if (!have) v = take();
    out += PercentOne(v, type, flags, width, prec);
  }
  if (!used_dict && !dict && next < items.size()) TypeErr("not all arguments converted during string formatting");
  return MakeStr(std::move(out));
}

}  // namespace tcc::interp
