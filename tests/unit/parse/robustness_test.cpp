// Tests that no input crashes or hangs the parser: binary input, deep
// nesting (brackets, unary chains, blocks), empty input, every conformance
// case, and a fuzz loop over mutated programs.
#include <algorithm>
#include <chrono>
#include <cstdlib>

#include <catch2/catch.hpp>

#include "ast/dump.h"
#include "parse/parse.h"
#include "test_util.h"

using namespace tcc;
using test::DiagNames;

namespace {
constexpr int kDeepest = parse::kMaxBracketDepth - 1;
}  // namespace

TEST_CASE("every conformance case parses without diagnostics", "[robust]") {
  auto files = test::FilesIn(TCC_CONFORMANCE_DIR, ".ts");
  if (files.empty()) WARN("conformance cases not found at " TCC_CONFORMANCE_DIR);
  for (const std::string& f : files) {
    INFO(f);
    DiagnosticEngine diags;
    auto m = parse::Parse(test::Source(test::ReadFile(f), f), diags);
    CHECK(diags.diagnostics().empty());
    CHECK(!m->body.empty());
  }
}

TEST_CASE("empty and comment-only files are empty modules", "[robust]") {
  for (const char* text : {"", "\n", "# only a comment", "\n\n   \n# c\n"}) {
    DiagnosticEngine diags;
    auto m = test::ParseText(text, diags);
    CHECK(diags.diagnostics().empty());
    CHECK(m->body.empty());
  }
}

TEST_CASE("binary input is BinaryInput", "[robust]") {
  CHECK(DiagNames(std::string("x = 1\n\0\0\x01\x02", 10)) == std::vector<std::string>{"BinaryInput"});
  CHECK(DiagNames("x = \xff\xfe\n") == std::vector<std::string>{"BinaryInput"});
  CHECK(DiagNames("x = \xc3\n") == std::vector<std::string>{"BinaryInput"});         // truncated sequence
  CHECK(DiagNames("x = \xed\xa0\x80\n") == std::vector<std::string>{"BinaryInput"}); // surrogate
  std::string elf = "\x7f" "ELF\x02\x01\x01";
  elf += std::string(200, '\0');
  DiagnosticEngine diags;
  test::ParseText(elf, diags);
  REQUIRE(diags.diagnostics().size() == 1);
  CHECK(diags.diagnostics()[0].range.begin == Loc{1, 8});
  // The module keeps a printable copy, so the snippet never prints raw bytes.
  {
    DiagnosticEngine d2;
    auto m = test::ParseText(std::string("x = 1\ny = \"\xff\x1b[31m\0\"\n", 20), d2);
    REQUIRE(d2.diagnostics().size() == 1);
    CHECK(d2.diagnostics()[0].range.begin == Loc{2, 6});
    CHECK(d2.diagnostics()[0].file == m->source.get());
    CHECK(std::string(m->source->Line(2)) == "y = \"??[31m?\"");
  }
  // Valid UTF-8 outside identifiers is fine in strings and comments.
  CHECK(DiagNames("s = \"\xe2\x82\xac\"  # \xf0\x9f\x98\x80\n").empty());
}

TEST_CASE("10,000-deep nesting is NestingTooDeep, not a stack overflow", "[robust]") {
  const int n = 10000;
  CHECK(DiagNames("x = " + std::string(n, '(') + "1" + std::string(n, ')') + "\n") ==
        std::vector<std::string>{"NestingTooDeep"});
  CHECK(DiagNames("x = " + std::string(n, '[') + std::string(n, ']') + "\n") ==
        std::vector<std::string>{"NestingTooDeep"});
  CHECK(DiagNames("x = " + std::string(n, '-') + "1\n") == std::vector<std::string>{"NestingTooDeep"});
  std::string nots;
  for (int i = 0; i < n; ++i) nots += "not ";
  CHECK(DiagNames("x = " + nots + "y\n") == std::vector<std::string>{"NestingTooDeep"});
  std::string pow = "x = 2";
  for (int i = 0; i < n; ++i) pow += "**2";
  CHECK(DiagNames(pow + "\n") == std::vector<std::string>{"NestingTooDeep"});
  std::string ternary = "x = 1";
  for (int i = 0; i < n; ++i) ternary += " if c else 1";
  CHECK(DiagNames(ternary + "\n") == std::vector<std::string>{"NestingTooDeep"});
  std::string blocks;
  for (int i = 0; i < n; ++i) blocks += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  blocks += std::string(n, ' ') + "pass\n";
  CHECK(DiagNames(blocks) == std::vector<std::string>{"NestingTooDeep"});
  // Unclosed: still one clear diagnostic.
  CHECK(DiagNames("x = " + std::string(n, '(')) == std::vector<std::string>{"NestingTooDeep"});
}

TEST_CASE("nesting within the limits parses", "[robust]") {
  CHECK(DiagNames("x = " + std::string(150, '(') + "1" + std::string(150, ')') + "\n").empty());
  CHECK(DiagNames("x = " + std::string(150, '-') + "1\n").empty());
  std::string sum = "x = 1";
  for (int i = 0; i < 20000; ++i) sum += " + 1";  // long flat chains are not nesting
  CHECK(DiagNames(sum + "\n").empty());
  std::string list = "x = [";
  for (int i = 0; i < 20000; ++i) list += "-1, ";
  CHECK(DiagNames(list + "]\n").empty());
  std::string blocks;
  for (int i = 0; i < 90; ++i) blocks += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  blocks += std::string(90, ' ') + "pass\n";
  CHECK(DiagNames(blocks).empty());
}

TEST_CASE("fuzzed programs never crash and errors always have locations", "[robust][fuzz]") {
  std::vector<std::string> seeds;
  for (const auto& f : test::FilesIn(TCC_CONFORMANCE_DIR, ".ts")) seeds.push_back(test::ReadFile(f));
  for (const auto& f : test::FilesIn(TCC_SOURCE_DIR "/tests/golden/parse", ".ts")) seeds.push_back(test::ReadFile(f));
  REQUIRE(!seeds.empty());
  const char* pieces[] = {"(", ")", "[", "]", "{", "}", ":", "\n", "    ", "\t", "def ", "if ", "else",
                          "=", "**", "-", "not ", "@", ",", "\"", "'", "\\", "#", "...", ".", "1e", "0x",
                          "lambda", "$", "\xc3\xa9", "\n  ", "\n\n", "with ", "as ", "class ", "return",
                          "f\"", "f'", "{x", "}", "{{", "!r", ":.3f", " for ", " in ", " if ", "[x for x in y]"};
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state]() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  auto start = std::chrono::steady_clock::now();
  int with_errors = 0;
  // TCC_FUZZ_ITERATIONS=100000 for a longer local run.
  const char* env = std::getenv("TCC_FUZZ_ITERATIONS");
  const int iterations = env ? std::max(1, std::atoi(env)) : 3000;
  for (int i = 0; i < iterations; ++i) {
    std::string text = seeds[next() % seeds.size()];
    int edits = 1 + static_cast<int>(next() % 6);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      size_t at = next() % text.size();
      switch (next() % 4) {
        case 0: text.erase(at, 1 + next() % 8); break;
        case 1: text.insert(at, pieces[next() % (sizeof pieces / sizeof *pieces)]); break;
        case 2: text[at] = static_cast<char>(32 + next() % 95); break;
        default: text.insert(at, text.substr(next() % text.size(), next() % 40)); break;
      }
    }
    DiagnosticEngine diags;
    auto m = test::ParseText(text, diags);
    REQUIRE(m);
    if (diags.has_errors()) {
      ++with_errors;
      CHECK(m->body.empty());
      for (const auto& d : diags.diagnostics()) {
        INFO(text);
        CHECK(d.range.begin.valid());
        CHECK(d.kind != DiagKind::InternalError);
      }
    } else {
      (void)ast::DumpModule(*m);
    }
  }
  auto secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(with_errors > iterations / 4);
  CHECK(secs < 120);
}

TEST_CASE("the worst nesting allowed parses (also under ASan's larger frames)", "[robust]") {
  const int n = kDeepest;
  auto repeat = [](const std::string& s, int k) {
    std::string out;
    for (int i = 0; i < k; ++i) out += s;
    return out;
  };
  CHECK(DiagNames("x = " + repeat("-(", n) + "1" + repeat(")", n) + "\n").empty());
  CHECK(DiagNames("x = " + repeat("not (", n) + "1" + repeat(")", n) + "\n").empty());
  CHECK(DiagNames("x = " + repeat("f(k=", n) + "1" + repeat(")", n) + "\n").empty());
  CHECK(DiagNames("x = " + repeat("y[1:", n) + "1" + repeat("]", n) + "\n").empty());
  CHECK(DiagNames("x = " + repeat("{1: [", n / 2) + "1" + repeat("]}", n / 2) + "\n").empty());
  CHECK(DiagNames("x = " + repeat("a if (", n) + "1" + repeat(") else b", n) + "\n").empty());
  CHECK(DiagNames("x = " + repeat("-a ** (", n) + "1" + repeat(")", n) + "\n").empty());
  std::string deep_blocks;
  for (int i = 0; i < parse::kMaxBlockDepth; ++i) {
    deep_blocks += std::string(static_cast<size_t>(i), ' ') + "if (" + repeat("(", 20) + "x" + repeat(")", 21) + ":\n";
  }
  deep_blocks += std::string(parse::kMaxBlockDepth, ' ') + "pass\n";
  CHECK(DiagNames(deep_blocks).empty());
}
