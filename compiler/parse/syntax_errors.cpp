// Implements syntax error messages and their reporting (see syntax_errors.h).
#include "parse/syntax_errors.h"

#include "TensorScriptParser.h"

namespace tcc::parse {

using antlr4::Token;
using P = tsgrammar::TensorScriptParser;

void SyntaxErrorSink::Report(DiagKind kind, const Token* at, std::string message, std::string hint) {
  Loc begin = at ? pos_.Begin(at) : Loc{};
  Loc end = at ? pos_.End(at) : Loc{};
  if (count_ > 0 && begin.line == last_line_) return;  // one error per line: drop cascades
  if (count_ >= kMaxSyntaxErrors) return;
  ++count_;
  last_line_ = begin.line;
  Diagnostic& d = diags_.Report(kind, &file_, Range{begin, end}, std::move(message));
  d.hint = std::move(hint);
}

namespace {

// The vocabulary is an instance member of generated parsers; any instance
// shares the same static table.
const antlr4::dfa::Vocabulary* g_vocab = nullptr;  // set from the first parser that reports
const antlr4::dfa::Vocabulary& Vocab() { return *g_vocab; }

std::string Describe(const Token* t) {
  switch (t->getType()) {
    case Token::EOF: return "end of file";
    case P::NEWLINE: return "end of line";
    case P::INDENT: return "indentation";
    case P::DEDENT: return "end of block";
    case P::STRING: return "string literal";
    case P::INTEGER: case P::FLOAT_NUMBER: return "number `" + t->getText() + "`";
    case P::NAME: return "name `" + t->getText() + "`";
    default: return "`" + t->getText() + "`";
  }
}

std::string DescribeType(size_t type) {
  switch (type) {
    case Token::EOF: return "end of file";
    case P::NEWLINE: return "end of line";
    case P::INDENT: return "an indented block";
    case P::DEDENT: return "end of block";
    case P::NAME: return "a name";
    case P::STRING: return "a string";
    case P::INTEGER: case P::FLOAT_NUMBER: return "a number";
    default: break;
  }
  std::string lit = Vocab().getLiteralName(type);  // "':'"
  if (lit.size() >= 2) return "`" + lit.substr(1, lit.size() - 2) + "`";
  return Vocab().getDisplayName(type);
}

// The keyword that opens the compound statement whose header `ctx` is in,
// or "" when `ctx` is inside a block or no header.
const char* HeaderKeyword(antlr4::RuleContext* ctx) {
  for (; ctx; ctx = dynamic_cast<antlr4::RuleContext*>(ctx->parent)) {
    switch (ctx->getRuleIndex()) {
      case P::RuleIf_stmt: return "if";
      case P::RuleElif_clause: return "elif";
      case P::RuleElse_clause: return "else";
      case P::RuleWhile_stmt: return "while";
      case P::RuleFor_stmt: return "for";
      case P::RuleWith_stmt: return "with";
      case P::RuleFuncdef: return "def";
      case P::RuleClassdef: return "class";
      case P::RuleBlock: case P::RuleStmt: case P::RuleDecorator: return "";
      default: break;
    }
  }
  return "";
}

std::string ColonContext(const std::string& kw) {
  if (kw == "if" || kw == "elif" || kw == "while") return "`" + kw + "` condition";
  if (kw == "for") return "the `for` clause";
  if (kw == "with") return "the `with` expression";
  if (kw == "def") return "the function signature";
  if (kw == "class") return "the class name";
  return "`" + kw + "`";
}

// The token type of an implicit literal token such as "':'" (0 if none).
size_t LiteralType(const std::string& literal) {
  for (size_t t = 1; t <= Vocab().getMaxTokenType(); ++t) {
    if (Vocab().getLiteralName(t) == literal) return t;
  }
  return 0;
}

bool LooksLikeExpressionStart(const antlr4::misc::IntervalSet& s) {
  return s.contains(static_cast<size_t>(P::NAME)) && s.contains(static_cast<size_t>(P::INTEGER)) &&
         s.contains(static_cast<size_t>(P::LPAR));
}

}  // namespace

void SyntaxErrorStrategy::ReportAt(antlr4::Parser* p, antlr4::ParserRuleContext* ctx, Token* tok,
                                   const antlr4::misc::IntervalSet& expected, bool extra_token) {
  g_vocab = &p->getVocabulary();
  if (!tok) tok = p->getCurrentToken();
  size_t type = tok->getType();
  if (type == P::DEDENT && unexpected_indents_ > 0) {
    --unexpected_indents_;  // the end of a block already reported as unexpected
    return;
  }
  if (type == P::INDENT) {
    ++unexpected_indents_;
    // An indented block after a broken header line is a cascade of that error.
    if (sink_.count() > 0 && static_cast<uint32_t>(tok->getLine()) <= sink_.last_line() + 1) return;
    sink_.Report(DiagKind::BadIndentation, tok, "unexpected indentation",
                 "indent a line only at the start of a block (after a line ending in `:`)");
    return;
  }
  if (ReportUnsupported(p, tok)) return;
  if ((type == P::ELSE || type == P::ELIF) && !expected.contains(type)) {
    sink_.Report(DiagKind::SyntaxError, tok,
                 "`" + tok->getText() + "` without a matching `if`",
                 "line `" + tok->getText() + "` up with the `if` it belongs to");
    return;
  }
  std::string kw = HeaderKeyword(ctx);
  if (expected.contains(static_cast<size_t>(P::INDENT)) && ctx && ctx->getRuleIndex() == P::RuleBlock) {
    kw = HeaderKeyword(dynamic_cast<antlr4::RuleContext*>(ctx->parent));
  }
  if (expected.contains(static_cast<size_t>(P::INDENT)) && !kw.empty()) {
    sink_.Report(DiagKind::SyntaxError, tok,
                 "expected an indented block after the `" + kw + "` line",
                 kw == "def" || kw == "class" ? "write `pass` for an empty body" : "");
    return;
  }
  const size_t colon = LiteralType("':'");
  if (!kw.empty() && colon && expected.contains(colon) &&
      (type == P::NEWLINE || type == Token::EOF || type == P::DEDENT || expected.size() <= 3)) {
    sink_.Report(DiagKind::SyntaxError, tok, "expected `:` after " + ColonContext(kw),
                 tok->getText() == "=" ? "use `==` to compare values" : "");
    return;
  }
  std::string what;
  if (LooksLikeExpressionStart(expected)) {
    what = "an expression";
  } else if (!expected.isEmpty() && expected.size() <= 4) {
    std::vector<ssize_t> list = expected.toList();
    for (size_t i = 0; i < list.size(); ++i) {
      if (i) what += i + 1 == list.size() ? " or " : ", ";
      what += DescribeType(static_cast<size_t>(list[i]));
    }
  }
  std::string msg;
  if (extra_token || what.empty()) {
    msg = "unexpected " + Describe(tok);
    if (!what.empty()) msg += "; expected " + what;
  } else {
    msg = "expected " + what + ", found " + Describe(tok);
  }
  std::string hint;
  if (tok->getText() == "=" && expected.contains(colon)) hint = "use `==` to compare values";
  sink_.Report(DiagKind::SyntaxError, tok, msg, hint);
}

// Python features TensorScript does not have get a message that says so.
bool SyntaxErrorStrategy::ReportUnsupported(antlr4::Parser* p, Token* tok) {
  static const char* const kPythonOnly[] = {"yield", "async", "await", "match"};
  antlr4::TokenStream* stream = p->getTokenStream();
  // The offending token and the tokens before it on its logical line.
  std::vector<Token*> nearby{tok};
  for (size_t i = tok->getTokenIndex(), k = 0; i > 0 && k < 4; --i, ++k) {
    Token* t = stream->get(i - 1);
    if (t->getType() == P::NEWLINE || t->getType() == P::INDENT || t->getType() == P::DEDENT) break;
    nearby.push_back(t);
  }
  for (Token* t : nearby) {
    if (t->getType() != P::NAME) continue;
    for (const char* kw : kPythonOnly) {
      if (t->getText() == kw) {
        sink_.Report(DiagKind::SyntaxError, t, "`" + t->getText() + "` is not supported in TensorScript", "");
        return true;
      }
    }
  }
  // `x := v`: the lexer sees `:` then `=`.
  if (tok->getText() == ":" || tok->getText() == "=") {
    Token* colon = tok->getText() == ":" ? tok : tok->getTokenIndex() > 0 ? stream->get(tok->getTokenIndex() - 1) : nullptr;
    Token* eq = colon && colon->getTokenIndex() + 1 < stream->size() ? stream->get(colon->getTokenIndex() + 1) : nullptr;
    if (colon && eq && colon->getText() == ":" && eq->getText() == "=" && colon->getStopIndex() + 1 == eq->getStartIndex()) {
      sink_.Report(DiagKind::SyntaxError, colon, "the walrus operator `:=` is not supported in TensorScript",
                   "assign on a line of its own first");
      return true;
    }
  }
  // `{a: 1, b}`: a dict display with a plain item (or a set display with a `k: v` one).
  if (tok->getText() == "," || tok->getText() == "}") {
    for (antlr4::RuleContext* c = p->getContext(); c; c = dynamic_cast<antlr4::RuleContext*>(c->parent)) {
      if (c->getRuleIndex() == P::RuleDictmaker || c->getRuleIndex() == P::RuleDict_item) {
        sink_.Report(DiagKind::SyntaxError, tok, "a `{...}` display mixes `key: value` items with plain ones",
                     "a dict needs `key: value` for every item; a set (`{a, b}`) takes plain items only");
        return true;
      }
      if (c->getRuleIndex() == P::RuleStmt) break;
    }
  }
  if (tok->getType() == P::FOR) {
    for (antlr4::RuleContext* c = p->getContext(); c; c = dynamic_cast<antlr4::RuleContext*>(c->parent)) {
      if (c->getRuleIndex() == P::RuleAtom || c->getRuleIndex() == P::RuleTrailer) {
        sink_.Report(DiagKind::SyntaxError, tok,
                     "only list, set and dict comprehensions (`[e for x in xs]`, `{e for x in xs}`, "
                     "`{k: v for k in ks}`) and generator arguments `f(e for x in xs)` are supported in TensorScript",
                     "build a list with `[e for x in xs]`");
        return true;
      }
      if (c->getRuleIndex() == P::RuleStmt) break;
    }
  }
  return false;
}

void SyntaxErrorStrategy::reportNoViableAlternative(antlr4::Parser* p,
                                                    const antlr4::NoViableAltException& e) {
  ReportAt(p, p->getContext(), e.getOffendingToken(), e.getExpectedTokens(), false);
}

void SyntaxErrorStrategy::reportInputMismatch(antlr4::Parser* p,
                                              const antlr4::InputMismatchException& e) {
  ReportAt(p, p->getContext(), e.getOffendingToken(), e.getExpectedTokens(), false);
}

void SyntaxErrorStrategy::reportFailedPredicate(antlr4::Parser* p,
                                                const antlr4::FailedPredicateException& e) {
  sink_.Report(DiagKind::SyntaxError, e.getOffendingToken() ? e.getOffendingToken() : p->getCurrentToken(),
               "invalid syntax");
}

void SyntaxErrorStrategy::reportUnwantedToken(antlr4::Parser* p) {
  if (inErrorRecoveryMode(p)) return;
  beginErrorCondition(p);
  ReportAt(p, p->getContext(), p->getCurrentToken(), getExpectedTokens(p), true);
}

void SyntaxErrorStrategy::reportMissingToken(antlr4::Parser* p) {
  if (inErrorRecoveryMode(p)) return;
  beginErrorCondition(p);
  ReportAt(p, p->getContext(), p->getCurrentToken(), getExpectedTokens(p), false);
}

void SyntaxErrorListener::syntaxError(antlr4::Recognizer*, Token* offending, size_t, size_t,
                                      const std::string& msg, std::exception_ptr) {
  sink_.Report(DiagKind::SyntaxError, offending, msg);
}

}  // namespace tcc::parse
