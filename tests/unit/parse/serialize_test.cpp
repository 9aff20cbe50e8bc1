// Tests the AST serializer: dump(parse(f)) == dump(deserialize(serialize(...)))
// for every golden input and conformance case, and corrupt data never crashes.
#include <catch2/catch.hpp>

#include "ast/dump.h"
#include "ast/serialize.h"
#include "parse/parse.h"
#include "test_util.h"

using namespace tcc;

namespace {

std::vector<std::string> Inputs() {
  std::vector<std::string> files = test::FilesIn(TCC_SOURCE_DIR "/tests/golden/parse", ".ts");
  for (const std::string& f : test::FilesIn(TCC_CONFORMANCE_DIR, ".ts")) files.push_back(f);
  return files;
}

std::string DumpProgram(const ast::Program& p) {
  std::string out;
  for (const auto& m : p.modules) {
    out += "== " + m.name + "\n" + ast::DumpModule(*m.module);
  }
  return out;
}

ast::Program ProgramOf(const std::string& path) {
  ast::Program program;
  DiagnosticEngine diags;
  auto src = test::Source(test::ReadFile(path), path);
  program.modules.push_back({"main", parse::Parse(src, diags)});
  program.modules.push_back({"second", parse::Parse(test::Source("x = 1\n", "second.ts"), diags)});
  return program;
}

}  // namespace

TEST_CASE("serialize round-trips every golden input and conformance case", "[serialize]") {
  auto files = Inputs();
  REQUIRE(files.size() >= 40);
  for (const std::string& path : files) {
    INFO(path);
    ast::Program program = ProgramOf(path);
    std::string bytes = ast::SerializeProgram(program);
    std::string error;
    auto back = ast::DeserializeProgram(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &error);
    REQUIRE(back);
    CHECK(error.empty());
    CHECK(DumpProgram(*back) == DumpProgram(program));
    REQUIRE(back->modules.size() == 2);
    CHECK(back->main().source->text() == program.main().source->text());
    CHECK(back->main().source->path() == path);
    // Serializing again gives the same bytes.
    CHECK(ast::SerializeProgram(*back) == bytes);
  }
}

TEST_CASE("deserialize rejects truncated and corrupt data without crashing", "[serialize]") {
  ast::Program program = ProgramOf(TCC_SOURCE_DIR "/tests/golden/parse/classes.ts");
  std::string bytes = ast::SerializeProgram(program);
  auto decode = [](const std::string& b, std::string* err) {
    return ast::DeserializeProgram(reinterpret_cast<const uint8_t*>(b.data()), b.size(), err);
  };
  for (size_t n = 0; n < bytes.size(); n += 1) {
    std::string err;
    CHECK(decode(bytes.substr(0, n), &err) == nullptr);
    CHECK(!err.empty());
  }
  uint32_t seed = 12345;
  int decoded = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string b = bytes;
    seed = seed * 1103515245u + 12345u;
    size_t at = 6 + (seed >> 8) % (b.size() - 6);
    b[at] = static_cast<char>(seed >> 3);
    std::string err;
    auto p = decode(b, &err);  // either a program or an error, never a crash
    if (p) {
      ++decoded;
      (void)DumpProgram(*p);
    } else {
      CHECK(!err.empty());
    }
  }
  CHECK(decode("nonsense", nullptr) == nullptr);
  SUCCEED("corrupt inputs decoded: " << decoded);
}
