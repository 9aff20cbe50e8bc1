// Tests LoadProgram: transitive imports from the script folder and the
// standard library, cycles, and unknown modules.
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <catch2/catch.hpp>

#include "parse/load.h"

using namespace tcc;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("tcc_load_test_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void Write(const std::string& rel, const std::string& text) const {
    fs::create_directories((path / rel).parent_path());
    std::ofstream(path / rel) << text;
  }
  static inline int counter = 0;
};

}  // namespace

TEST_CASE("LoadProgram follows imports into the script folder and the stdlib", "[load]") {
  TempDir script, stdlib;
  script.Write("main.ts", "import helper\nfrom nn import linear\ndef f():\n    import pkg.util\n");
  script.Write("helper.ts", "import nn\nimport main\nx = 1\n");
  script.Write("pkg/util.ts", "y = 2\n");
  stdlib.Write("nn.ts", "def linear(x, w):\n    return x @ w\n");
  stdlib.Write("helper.ts", "this would not parse (\n");  // shadowed by the script folder
  DiagnosticEngine diags;
  auto program = parse::LoadProgram((script.path / "main.ts").string(), stdlib.path.string(), diags);
  REQUIRE(program);
  CHECK(diags.diagnostics().empty());
  std::vector<std::string> names;
  for (const auto& m : program->modules) names.push_back(m.name);
  CHECK(names == std::vector<std::string>{"main", "helper", "nn", "pkg", "pkg.util"});  // a package before its module, as Python imports them
  CHECK(program->main().body.size() == 3);
  REQUIRE(program->Find("nn"));
  CHECK(program->Find("nn")->source->path() == (stdlib.path / "nn.ts").string());
  CHECK(program->Find("missing") == nullptr);
}

TEST_CASE("an unknown module is reported at its import", "[load]") {
  TempDir script, stdlib;
  script.Write("main.ts", "x = 1\nimport nosuch\nfrom nosuch import a\n");
  DiagnosticEngine diags;
  auto program = parse::LoadProgram((script.path / "main.ts").string(), stdlib.path.string(), diags);
  REQUIRE(program);
  REQUIRE(diags.diagnostics().size() == 1);
  const Diagnostic& d = diags.diagnostics()[0];
  CHECK(d.kind == DiagKind::UnknownModule);
  CHECK(d.range.begin == Loc{2, 8});
  CHECK(d.message == "no module named `nosuch`");
}

TEST_CASE("syntax errors in an imported module are reported with its path", "[load]") {
  TempDir script, stdlib;
  script.Write("main.ts", "import bad\n");
  script.Write("bad.ts", "def f(:\n");
  DiagnosticEngine diags;
  auto program = parse::LoadProgram((script.path / "main.ts").string(), stdlib.path.string(), diags);
  REQUIRE(program);
  REQUIRE(diags.has_errors());
  CHECK(diags.diagnostics()[0].file->path() == (script.path / "bad.ts").string());
}

TEST_CASE("a missing script is CannotReadFile and no program", "[load]") {
  DiagnosticEngine diags;
  auto program = parse::LoadProgram("/nonexistent/dir/main.ts", "/nonexistent", diags);
  CHECK(program == nullptr);
  REQUIRE(diags.diagnostics().size() == 1);
  CHECK(diags.diagnostics()[0].kind == DiagKind::CannotReadFile);
}
