// Implements Parse: input checks, the token source, the ANTLR parser with our
// error reporting, and the conversion to the AST.
#include "parse/parse.h"

#include <algorithm>
#include <exception>

#include "TensorScriptParser.h"
#include "parse/build.h"
#include "parse/lex.h"
#include "parse/syntax_errors.h"

namespace tcc::parse {

namespace {

// Returns the byte offset of the first NUL byte or invalid UTF-8 sequence,
// or npos when the text is clean.
size_t FindBinary(const std::string& s, size_t from = 0) {
  size_t i = from, n = s.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0) return i;
    if (c < 0x80) { ++i; continue; }
    size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > n || c == 0xC0 || c == 0xC1 || c > 0xF4) return i;
    uint32_t cp = c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return std::string::npos;
}

// A printable copy of binary `text` for the BinaryInput diagnostic: the lines
// up to the first bad byte and at most 80 bytes after it, with NUL bytes,
// control characters and invalid UTF-8 replaced by `?`, so the snippet never
// writes binary bytes or escape sequences to the terminal.
std::string Sanitize(const std::string& text, size_t first_bad) {
  std::string head = text.substr(0, std::min(text.size(), first_bad + 80));
  size_t nl = head.find('\n', first_bad);
  if (nl != std::string::npos) head.resize(nl);
  std::string out;
  size_t i = 0;
  while (i < head.size()) {
    size_t bad = FindBinary(head, i);
    size_t stop = bad == std::string::npos ? head.size() : bad;
    for (; i < stop; ++i) {
      unsigned char c = static_cast<unsigned char>(head[i]);
      bool crlf = c == '\r' && i + 1 < head.size() && head[i + 1] == '\n';
      out += (c < 0x20 && c != '\n' && c != '\t' && !crlf) || c == 0x7f ? '?' : head[i];
    }
    if (bad == std::string::npos) break;
    out += '?';
    i = bad + 1;
  }
  return out;
}

// Reports BinaryInput against `file` (whose text must already be sanitized
// when it is shown) for the first bad byte of `original`.
bool CheckText(const std::string& original, const SourceFile& file, DiagnosticEngine& diags) {
  size_t bad = FindBinary(original);
  if (bad == std::string::npos) return true;
  uint32_t line = 1, col = 1;
  for (size_t i = 0; i < bad; ++i) {
    if (original[i] == '\n') { ++line; col = 1; } else { ++col; }
  }
  diags.Report(DiagKind::BinaryInput, &file, Loc{line, col},
               "the file is not UTF-8 text (found byte 0x" +
                   [](unsigned char c) {
                     const char* hex = "0123456789abcdef";
                     return std::string{hex[c >> 4], hex[c & 15]};
                   }(static_cast<unsigned char>(original[bad])) +
                   ")")
      .hint = "tcc reads TensorScript source files (.ts) saved as UTF-8";
  return false;
}

std::unique_ptr<ast::Module> ParseChecked(SourceFilePtr file, DiagnosticEngine& diags) {
  auto module = std::make_unique<ast::Module>();
  module->source = file;
  if (size_t bad = FindBinary(file->text()); bad != std::string::npos) {
    // The module keeps a printable copy so the diagnostic's snippet is text.
    module->source = std::make_shared<const SourceFile>(file->path(), Sanitize(file->text(), bad));
    CheckText(file->text(), *module->source, diags);
    return module;
  }
  size_t errors_before = diags.error_count();

  LexedFile lexed = LexFile(*file, diags);
  if (lexed.fatal) return module;
  antlr4::ListTokenSource source(std::move(lexed.tokens), file->path());
  antlr4::CommonTokenStream stream(&source);
  tsgrammar::TensorScriptParser parser(&stream);
  SyntaxErrorSink sink(*file, *lexed.positions, diags);
  SyntaxErrorListener listener(sink);
  parser.removeErrorListeners();

  // Two-stage parse: the fast SLL prediction mode bails out at the first
  // error; only then re-parse with full LL and our error reporting.
  tsgrammar::TensorScriptParser::File_inputContext* tree = nullptr;
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  try {
    tree = parser.file_input();
  } catch (const antlr4::ParseCancellationException&) {
    tree = nullptr;
  }
  if (!tree) {
    stream.seek(0);
    parser.reset();
    parser.addErrorListener(&listener);
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::LL);
    parser.setErrorHandler(std::make_shared<SyntaxErrorStrategy>(sink));
    tree = parser.file_input();
  }
  if (diags.error_count() != errors_before) return module;

  AstBuilder builder(*file, *lexed.positions, diags);
  builder.BuildFile(tree, module->body);
  if (diags.error_count() != errors_before) module->body.clear();
  return module;
}

}  // namespace

std::unique_ptr<ast::Module> Parse(SourceFilePtr file, DiagnosticEngine& diags) {
  try {
    return ParseChecked(file, diags);
  } catch (const std::exception& e) {
    diags.Report(DiagKind::InternalError, file.get(), Loc{},
                 std::string("the parser failed: ") + e.what());
  } catch (...) {
    diags.Report(DiagKind::InternalError, file.get(), Loc{}, "the parser failed");
  }
  auto module = std::make_unique<ast::Module>();
  module->source = file;
  return module;
}

std::vector<std::string> DescribeTokens(SourceFilePtr file, DiagnosticEngine& diags) {
  std::vector<std::string> out;
  if (!CheckText(file->text(), *file, diags)) return out;
  LexedFile lexed = LexFile(*file, diags);
  for (const auto& t : lexed.tokens) out.push_back(DescribeToken(t.get()));
  return out;
}

}  // namespace tcc::parse
