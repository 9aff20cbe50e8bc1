// Implements the parse unit tests' helpers.
#include "test_util.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "ast/dump.h"
#include "parse/parse.h"

namespace tcc::test {

SourceFilePtr Source(std::string text, std::string path) {
  return std::make_shared<const SourceFile>(std::move(path), std::move(text));
}

std::unique_ptr<ast::Module> ParseText(const std::string& text, DiagnosticEngine& diags) {
  return parse::Parse(Source(text), diags);
}

std::string DumpOf(const std::string& text) {
  DiagnosticEngine diags;
  auto m = ParseText(text, diags);
  INFO(text);
  for (const auto& d : diags.diagnostics()) INFO(d.message);
  REQUIRE(diags.diagnostics().empty());
  return ast::DumpModule(*m);
}

std::string ExprDump(const std::string& text) {
  DiagnosticEngine diags;
  auto m = ParseText(text + "\n", diags);
  INFO(text);
  REQUIRE(diags.diagnostics().empty());
  REQUIRE(m->body.size() == 1);
  auto* s = ast::dyn_cast<ast::ExprStmt>(m->body[0].get());
  REQUIRE(s != nullptr);
  return ast::DumpExpr(*s->value);
}

std::vector<std::string> DiagNames(const std::string& text) {
  DiagnosticEngine diags;
  ParseText(text, diags);
  std::vector<std::string> out;
  for (const auto& d : diags.diagnostics()) out.push_back(InfoOf(d.kind).name);
  return out;
}

std::vector<std::string> FilesIn(const std::string& dir, const std::string& ext) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ext) out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace tcc::test
