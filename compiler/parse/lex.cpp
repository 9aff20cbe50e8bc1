// Implements the indentation-aware token source (see lex.h).
#include "parse/lex.h"

#include <algorithm>
#include <cstdio>

#include "TensorScriptParser.h"
#include "parse/parse.h"

namespace tcc::parse {

using antlr4::Token;
using tsgrammar::TensorScriptLexer;
using L = tsgrammar::TensorScriptParser;  // token type constants

Positions::Positions(const std::string& text) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) != 0x80) cp_to_byte_.push_back(i);  // first byte of a code point
    if (c == '\n') line_starts_.push_back(i + 1);
  }
  cp_to_byte_.push_back(text.size());
}

Loc Positions::At(size_t cp_index) const {
  size_t byte = cp_index < cp_to_byte_.size() ? cp_to_byte_[cp_index] : cp_to_byte_.back();
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte);
  size_t line = static_cast<size_t>(it - line_starts_.begin());  // 1-based
  return Loc{static_cast<uint32_t>(line), static_cast<uint32_t>(byte - line_starts_[line - 1] + 1)};
}

Loc Positions::Begin(const Token* t) const { return At(t->getStartIndex()); }

Loc Positions::End(const Token* t) const {
  size_t start = t->getStartIndex(), stop = t->getStopIndex();
  if (t->getType() == L::NEWLINE || t->getType() == Token::EOF || stop == INVALID_INDEX ||
      stop + 1 <= start) {
    return At(start);
  }
  return At(stop + 1);
}

std::string DescribeToken(const Token* t) {
  size_t type = t->getType();
  if (type == Token::EOF) return "EOF";
  if (type == L::INDENT) return "INDENT";
  if (type == L::DEDENT) return "DEDENT";
  if (type == L::NEWLINE) return "NEWLINE";
  if (type == L::NAME) return "NAME " + t->getText();
  if (type == L::INTEGER) return "INTEGER " + t->getText();
  if (type == L::FLOAT_NUMBER) return "FLOAT " + t->getText();
  if (type == L::STRING) return "STRING " + t->getText();
  return "'" + t->getText() + "'";
}

namespace {

bool IsOpenBracket(size_t t) { return t == L::LPAR || t == L::LSQB || t == L::LBRACE; }
bool IsCloseBracket(size_t t) { return t == L::RPAR || t == L::RSQB || t == L::RBRACE; }

// True when a `-`, `+` or `~` after a token of this type is a unary operator.
bool StartsOperand(size_t prev) {
  switch (prev) {
    case L::NAME: case L::INTEGER: case L::FLOAT_NUMBER: case L::STRING: case L::NONE:
    case L::TRUE: case L::FALSE: case L::ELLIPSIS: case L::RPAR: case L::RSQB: case L::RBRACE:
      return false;
    default:
      return true;
  }
}

class TokenSource {
 public:
  TokenSource(const SourceFile& file, DiagnosticEngine& diags, LexedFile& out)
      : file_(file), diags_(diags), out_(out) {}

  void Run() {
    TensorScriptLexer& lexer = *out_.lexer;
    while (!out_.fatal) {
      std::unique_ptr<Token> tok = lexer.nextToken();
      size_t type = tok->getType();
      if (type == Token::EOF) break;
      if (type == L::ERROR_CHAR) {
        ReportInvalidChar(tok.get());
        continue;
      }
      if (type == L::UNTERMINATED_STRING) {
        Loc b = Pos().Begin(tok.get());
        diags_.Report(DiagKind::InvalidLiteral, &file_, Range{b, Pos().End(tok.get())},
                      "unterminated string literal")
            .hint = "close the string with the same quote on this line";
        static_cast<antlr4::CommonToken*>(tok.get())->setType(L::STRING);
        type = L::STRING;
      }
      if (type == L::NEWLINE) {
        if (!brackets_.empty() || at_line_start_) continue;
        at_line_start_ = true;
        Emit(std::move(tok));
        continue;
      }
      if (at_line_start_) {
        at_line_start_ = false;
        HandleIndentation(tok.get());
        unary_run_ = power_count_ = ternary_count_ = 0;
        if (out_.fatal) break;
      }
      TrackNesting(tok.get());
      if (out_.fatal) break;
      Emit(std::move(tok));
    }
    Finish();
  }

 private:
  const Positions& Pos() const { return *out_.positions; }

  void Emit(std::unique_ptr<Token> tok) {
    if (tok->getType() != L::NEWLINE) last_real_stop_ = tok->getStopIndex();
    last_type_ = tok->getType();
    out_.tokens.push_back(std::move(tok));
  }

  // An empty token at `start`, by default the end of the last real token.
  void Synthesize(size_t type, const char* text, size_t start = INVALID_INDEX) {
    if (start == INVALID_INDEX) start = last_real_stop_ + 1;
    auto tok = std::make_unique<antlr4::CommonToken>(
        std::make_pair(static_cast<antlr4::TokenSource*>(out_.lexer.get()),
                       static_cast<antlr4::CharStream*>(out_.input.get())),
        type, Token::DEFAULT_CHANNEL, start, start - 1);
    tok->setText(text);
    Loc at = Pos().At(start);
    tok->setLine(at.line);
    tok->setCharPositionInLine(at.col - 1);
    last_type_ = type;
    out_.tokens.push_back(std::move(tok));
  }

  void ReportInvalidChar(const Token* tok) {
    std::string text = tok->getText();
    std::string shown = text;
    if (text.size() == 1 && (static_cast<unsigned char>(text[0]) < 0x20 || text[0] == 0x7f)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[0]));
      shown = buf;
    }
    Loc b = Pos().Begin(tok);
    Diagnostic& d = diags_.Report(DiagKind::InvalidCharacter, &file_, Range{b, Pos().End(tok)},
                                  "invalid character `" + shown + "` in program text");
    if (text == "$" || text == "?" || text == "`" || text == "!") {
      d.hint = "`" + text + "` is not an operator in TensorScript";
    } else if (static_cast<unsigned char>(text[0]) >= 0x80) {
      d.hint = "identifiers and operators are ASCII; non-ASCII text belongs in strings or comments";
    }
  }

  // Compares the indentation of the line starting with `tok` with the stack
  // and emits INDENT / DEDENT tokens.
  void HandleIndentation(const Token* tok) {
    Loc at = Pos().Begin(tok);
    std::string_view line = file_.Line(at.line);
    size_t width = 0;
    bool tabs = false, spaces = false;
    size_t n = 0;
    for (; n < line.size() && (line[n] == ' ' || line[n] == '\t' || line[n] == '\f'); ++n) {
      if (line[n] == '\t') { tabs = true; width = (width / 8 + 1) * 8; }
      else if (line[n] == ' ') { spaces = true; ++width; }
      else width = 0;
    }
    if ((tabs && spaces) || (tabs && indent_char_ == ' ') || (spaces && indent_char_ == '\t')) {
      if (!reported_mixed_) {
        reported_mixed_ = true;
        diags_.Report(DiagKind::MixedTabsSpaces, &file_, Range{Loc{at.line, 1}, at},
                      "indentation mixes tabs and spaces")
            .hint = "indent with spaces only (4 per level)";
      }
    }
    if (indent_char_ == 0 && (tabs || spaces)) indent_char_ = tabs ? '\t' : ' ';

    if (width > indents_.back()) {
      indents_.push_back(width);
      if (indents_.size() > static_cast<size_t>(kMaxBlockDepth) + 1) {
        diags_.Report(DiagKind::NestingTooDeep, &file_, at,
                      "blocks are nested more than " + std::to_string(kMaxBlockDepth) + " levels deep")
            .hint = "move the inner blocks into functions";
        out_.fatal = true;
        return;
      }
      Synthesize(L::INDENT, "<INDENT>", tok->getStartIndex());
      return;
    }
    while (width < indents_.back()) {
      indents_.pop_back();
      Synthesize(L::DEDENT, "<DEDENT>");
    }
    if (width != indents_.back()) {
      diags_.Report(DiagKind::BadIndentation, &file_, Range{Loc{at.line, 1}, at},
                    "unindent does not match any outer indentation level")
          .hint = "indent this line exactly as far as the block it continues";
    }
  }

  void TrackNesting(const Token* tok) {
    size_t type = tok->getType();
    if (IsOpenBracket(type)) {
      brackets_.push_back(tok);
      if (brackets_.size() > static_cast<size_t>(kMaxBracketDepth)) {
        diags_.Report(DiagKind::NestingTooDeep, &file_, Range{Pos().Begin(tok), Pos().End(tok)},
                      "brackets are nested more than " + std::to_string(kMaxBracketDepth) +
                          " levels deep")
            .hint = "split the expression into several statements";
        out_.fatal = true;
      }
    } else if (IsCloseBracket(type)) {
      if (!brackets_.empty()) brackets_.pop_back();
    }
    bool unary = type == L::NOT || ((tok->getText() == "-" || tok->getText() == "+" ||
                                     tok->getText() == "~") && StartsOperand(last_type_));
    unary_run_ = unary ? unary_run_ + 1 : 0;
    if (tok->getText() == "**") ++power_count_;
    if (type == L::IF && last_type_ != L::NEWLINE && last_type_ != L::INDENT &&
        last_type_ != L::DEDENT && !out_.tokens.empty()) {
      ++ternary_count_;
    }
    int limit = kMaxOperatorChain;
    if (unary_run_ > limit || power_count_ > limit || ternary_count_ > limit) {
      diags_.Report(DiagKind::NestingTooDeep, &file_, Range{Pos().Begin(tok), Pos().End(tok)},
                    "expression nests more than " + std::to_string(limit) + " operators")
          .hint = "split the expression into several statements";
      out_.fatal = true;
    }
  }

  void Finish() {
    if (!out_.fatal && !brackets_.empty()) {
      const Token* open = brackets_.back();
      diags_.Report(DiagKind::UnclosedBracket, &file_, Range{Pos().Begin(open), Pos().End(open)},
                    "`" + open->getText() + "` was never closed")
          .hint = "add the matching closing bracket";
      out_.fatal = true;
    }
    if (!out_.tokens.empty() && last_type_ != L::NEWLINE) Synthesize(L::NEWLINE, "<NEWLINE>");
    while (indents_.size() > 1) {
      indents_.pop_back();
      Synthesize(L::DEDENT, "<DEDENT>");
    }
    Synthesize(Token::EOF, "<EOF>");
  }

  const SourceFile& file_;
  DiagnosticEngine& diags_;
  LexedFile& out_;
  std::vector<size_t> indents_{0};
  std::vector<const Token*> brackets_;
  bool at_line_start_ = true;
  bool reported_mixed_ = false;
  char indent_char_ = 0;
  size_t last_type_ = L::NEWLINE;
  size_t last_real_stop_ = static_cast<size_t>(-1);
  int unary_run_ = 0, power_count_ = 0, ternary_count_ = 0;
};

}  // namespace

LexedFile LexFile(const SourceFile& file, DiagnosticEngine& diags) {
  LexedFile out;
  out.input = std::make_unique<antlr4::ANTLRInputStream>(file.text());
  out.input->name = file.path();
  out.lexer = std::make_unique<TensorScriptLexer>(out.input.get());
  out.lexer->removeErrorListeners();  // ERROR_CHAR matches anything the other rules do not
  out.positions = std::make_unique<Positions>(file.text());
  TokenSource(file, diags, out).Run();
  return out;
}

}  // namespace tcc::parse
