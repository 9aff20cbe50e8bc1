// Implements string atoms: adjacent literals concatenate, and f-strings
// (`f"loss {x:.3f} after {n} steps"`) become a concatenation of their literal
// text and calls of the internal builtin `#format(value, spec, conversion)`
// (Python's format(), with `!r`/`!s`; `#` keeps user code from shadowing it);
// `{x=}` puts the text `x=` before the field, as Python 3.8+.
// Each `{expression}` is parsed as a TensorScript expression at its own place
// in the file, so its errors and its AST carry exact positions.
#include "parse/build.h"
#include "parse/parse.h"

#include <algorithm>

#include "TensorScriptLexer.h"

namespace tcc::parse {

using namespace ast;

bool DecodeString(const std::string& tok, std::string& out, std::string& error, bool raw);  // build_literal.cpp

namespace {

class CountErrors : public antlr4::BaseErrorListener {
 public:
  void syntaxError(antlr4::Recognizer*, antlr4::Token*, size_t, size_t, const std::string&,
                   std::exception_ptr) override {
    ++errors;
  }
  int errors = 0;
};

size_t CodePoints(const std::string& s, size_t end) {
  size_t n = 0;
  for (size_t i = 0; i < end && i < s.size(); ++i) n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  return n;
}

// The end of a replacement field's expression: the first `}`, `!` (not `!=`)
// or `:` outside brackets and strings; npos when the field never closes.
size_t ExprEnd(const std::string& body, size_t i) {
  int depth = 0;
  char quote = 0;
  for (; i < body.size(); ++i) {
    char c = body[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    else if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    else if (depth == 0 && (c == '}' || c == ':' || (c == '!' && (i + 1 >= body.size() || body[i + 1] != '='))))
      return i;
  }
  return std::string::npos;
}

}  // namespace

ExprPtr AstBuilder::ParseFieldExpr(const std::string& text, size_t cp_offset, Range where) {
  // Spaces up to the field keep every token's code-point index equal to its
  // index in the file, so pos_ maps it to the right line and column.
  std::string padded(cp_offset, ' ');
  padded += text;
  antlr4::ANTLRInputStream input(padded);
  tsgrammar::TensorScriptLexer lexer(&input);
  antlr4::CommonTokenStream tokens(&lexer);
  tokens.fill();
  // The file's nesting limits (parse.h) hold inside a field too: the whole
  // string was one token to the token source, which checked none of this.
  int depth = 0, run = 0, powers = 0, ifs = 0;
  bool too_deep = false;
  for (size_t i = 0; i < tokens.size() && !too_deep; ++i) {
    std::string t = tokens.get(i)->getText();
    if (t == "(" || t == "[" || t == "{") ++depth;
    else if (t == ")" || t == "]" || t == "}") --depth;
    run = (t == "-" || t == "+" || t == "~" || t == "not") ? run + 1 : 0;
    powers += t == "**";
    ifs += t == "if";
    too_deep = depth > kMaxBracketDepth || run > kMaxOperatorChain || powers > kMaxOperatorChain ||
               ifs > kMaxOperatorChain;
  }
  if (too_deep) {
    diags_.Report(DiagKind::NestingTooDeep, &file_, where, "an f-string field nests too deeply")
        .hint = "compute the value in a statement before the f-string";
    return Placeholder(where);
  }
  TSP parser(&tokens);
  CountErrors errors;
  lexer.removeErrorListeners();
  parser.removeErrorListeners();
  lexer.addErrorListener(&errors);
  parser.addErrorListener(&errors);
  TSP::TestContext* tree = parser.test();
  bool bad = errors.errors > 0 || tokens.LA(1) != antlr4::Token::EOF;
  for (size_t i = 0; !bad && i < tokens.size(); ++i) {
    auto type = tokens.get(i)->getType();
    bad = type == tsgrammar::TensorScriptLexer::NEWLINE || type == tsgrammar::TensorScriptLexer::ERROR_CHAR ||
          type == tsgrammar::TensorScriptLexer::UNTERMINATED_STRING;
  }
  if (bad) {
    Range at{pos_.At(cp_offset), pos_.At(cp_offset + CodePoints(text, text.size()))};
    diags_.Report(DiagKind::SyntaxError, &file_, at, "invalid expression `" + text + "` in an f-string")
        .hint = "a replacement field holds one expression: `{x}`, `{x + 1:.3f}`, `{name!r}`";
    return Placeholder(where);
  }
  return BuildTest(tree);
}

ExprPtr AstBuilder::BuildStrings(TSP::AtomContext* ctx) {
  Range whole = RangeOf(ctx);
  std::vector<ExprPtr> parts;
  std::string pending;  // decoded literal text not yet in `parts`
  auto decode = [&](const std::string& token_text, antlr4::Token* tok, bool raw) {
    std::string error;
    if (!DecodeString(token_text, pending, error, raw))
      diags_.Report(DiagKind::InvalidLiteral, &file_, RangeOf(tok), "invalid escape in string literal: " + error);
  };
  auto flush = [&](Range r) {
    auto lit = Make<StrLit>(r);
    lit->value = std::move(pending);
    pending.clear();
    parts.push_back(std::move(lit));
  };
  bool any_f = false;
  for (auto* node : ctx->STRING()) {
    antlr4::Token* tok = node->getSymbol();
    std::string text = tok->getText();
    size_t prefix = std::min(text.find_first_of("\"'"), text.size());  // `f`, `r`, `rf`, `fr` or none
    bool raw = text.find_first_of("rR") < prefix;
    bool fstring = text.find_first_of("fF") < prefix;
    text = text.substr(prefix);
    if (!fstring) {
      decode(text, tok, raw);
      continue;
    }
    any_f = true;
    size_t q = text.size() >= 6 && (text.compare(0, 3, "\"\"\"") == 0 || text.compare(0, 3, "'''") == 0) ? 3 : 1;
    std::string quote = text.substr(0, q);
    std::string body = text.substr(q, text.size() - 2 * q);
    size_t body_cp = tok->getStartIndex() + prefix + q;  // code-point index of the body in the file
    Range tr = RangeOf(tok);
    // the range of body bytes [b, e) in the file
    auto span = [&](size_t b, size_t e) {
      return Range{pos_.At(body_cp + CodePoints(body, b)), pos_.At(body_cp + CodePoints(body, e))};
    };
    std::string lit;
    for (size_t i = 0; i < body.size();) {
      char c = body[i];
      if ((c == '{' || c == '}') && i + 1 < body.size() && body[i + 1] == c) {
        lit += c;
        i += 2;
        continue;
      }
      if (c == '}') {
        diags_.Report(DiagKind::SyntaxError, &file_, span(i, i + 1), "single `}` in an f-string").hint =
            "write `}}` for a `}`";
        ++i;
        continue;
      }
      if (c != '{') {
        lit += c;
        ++i;
        continue;
      }
      size_t end = ExprEnd(body, i + 1);
      if (end == std::string::npos) {
        diags_.Report(DiagKind::SyntaxError, &file_, span(i, i + 1), "an f-string field `{` is never closed")
            .hint = "write `{{` for a `{`";
        break;
      }
      std::string expr = body.substr(i + 1, end - i - 1);
      std::string conv, spec;
      size_t k = end;
      if (body[k] == '!') {
        conv = body.substr(k + 1, 1);
        k += 2;
        if (conv != "r" && conv != "s")
          diags_.Report(DiagKind::SyntaxError, &file_, span(end, std::min(k, body.size())),
                        "an f-string conversion is `!r` or `!s`");
      }
      if (k < body.size() && body[k] == ':') {
        size_t close = body.find('}', k);
        if (close == std::string::npos) close = body.size();
        spec = body.substr(k + 1, close - k - 1);
        k = close;
      }
      if (k >= body.size() || body[k] != '}') {
        diags_.Report(DiagKind::SyntaxError, &file_, span(i, i + 1), "an f-string field `{` is never closed");
        break;
      }
      // `{x=}`, `{x = :.2f}`: the expression's text (spaces kept) before its
      // value, which is repr() unless a conversion or a spec is given.
      size_t last = expr.find_last_not_of(" \t");
      if (last != std::string::npos && last > 0 && expr[last] == '=' &&
          std::string("=!<>").find(expr[last - 1]) == std::string::npos) {
        lit += expr;
        expr.resize(last);
        if (conv.empty() && spec.empty()) conv = "r";
      }
      decode(quote + lit + quote, tok, raw);
      lit.clear();
      if (!pending.empty()) flush(tr);
      if (expr.find_first_not_of(" \t") == std::string::npos) {
        diags_.Report(DiagKind::SyntaxError, &file_, span(i, k + 1), "empty expression in an f-string field");
      } else {
        auto call = Make<CallExpr>(tr);
        auto fn = Make<NameExpr>(tr);
        fn->name = "#format";
        call->func = std::move(fn);
        call->args.push_back(ParseFieldExpr(expr, body_cp + CodePoints(body, i + 1), tr));
        auto s = Make<StrLit>(tr);
        s->value = spec;
        call->args.push_back(std::move(s));
        auto cv = Make<StrLit>(tr);
        cv->value = conv;
        call->args.push_back(std::move(cv));
        parts.push_back(std::move(call));
      }
      i = k + 1;
    }
    decode(quote + lit + quote, tok, raw);
  }
  if (!any_f) {
    auto lit = Make<StrLit>(whole);
    lit->value = std::move(pending);
    return lit;
  }
  if (!pending.empty() || parts.empty()) flush(whole);
  ExprPtr out = std::move(parts[0]);
  if (!isa<StrLit>(out.get())) {  // `#format` returns a str; keep the type obvious
    auto empty = Make<StrLit>(whole);
    auto add = Make<BinaryExpr>(whole);
    add->op = BinOp::Add;
    add->lhs = std::move(empty);
    add->rhs = std::move(out);
    out = std::move(add);
  }
  for (size_t i = 1; i < parts.size(); ++i) {
    auto add = Make<BinaryExpr>(whole);
    add->op = BinOp::Add;
    add->lhs = std::move(out);
    add->rhs = std::move(parts[i]);
    out = std::move(add);
  }
  return out;
}

}  // namespace tcc::parse
