// Tests ts_rt_main, the entry point of built executables: it deserializes
// the embedded program, runs it with argv, and reports corrupt blobs.
#include <iostream>
#include <sstream>

#include <catch2/catch.hpp>

#include "ast/serialize.h"
#include "parse/parse.h"
#include "ts_runtime.h"

using namespace tcc;

namespace {

struct Capture {
  std::ostream& os;
  std::ostringstream buf;
  std::streambuf* old;
  explicit Capture(std::ostream& s) : os(s), old(s.rdbuf(buf.rdbuf())) {}
  ~Capture() { os.rdbuf(old); }
};

std::string Blob(const std::string& source) {
  DiagnosticEngine diags;
  auto file = std::make_shared<const SourceFile>("prog.ts", source);
  ast::Program program;
  program.modules.push_back({"main", parse::Parse(file, diags)});
  REQUIRE_FALSE(diags.has_errors());
  return ast::SerializeProgram(program);
}

}  // namespace

TEST_CASE("ts_rt_main runs the embedded program with argv", "[rt_main]") {
  std::string blob = Blob("a = argv()\nprint(len(a), a[0], tensor([1.0, 2.0]) * int(a[1]))\n");
  ts_program prog{reinterpret_cast<const uint8_t*>(blob.data()), blob.size(), "", nullptr, 0, "test"};
  char arg0[] = "prog", arg1[] = "hello", arg2[] = "3";
  char* argv[] = {arg0, arg1, arg2, nullptr};
  int rc;
  std::string out;
  {
    Capture cap(std::cout);
    rc = ts_rt_main(3, argv, &prog);
    out = cap.buf.str();
  }
  CHECK(rc == 0);
  CHECK(out == "2 hello tensor([3., 6.])\n");
}

TEST_CASE("ts_rt_main rejects a corrupt program blob", "[rt_main]") {
  const uint8_t junk[] = {1, 2, 3, 4};
  ts_program prog{junk, sizeof junk, nullptr, nullptr, 0, "test"};
  char arg0[] = "prog";
  char* argv[] = {arg0, nullptr};
  Capture err(std::cerr);
  CHECK(ts_rt_main(1, argv, &prog) == 3);
  CHECK(err.buf.str().find("corrupt") != std::string::npos);
}

TEST_CASE("ts_rt_main returns 1 on a run-time error", "[rt_main]") {
  std::string blob = Blob("x = ones(2) + ones(3)\n");
  ts_program prog{reinterpret_cast<const uint8_t*>(blob.data()), blob.size(), nullptr, nullptr, 0, "test"};
  char arg0[] = "prog";
  char* argv[] = {arg0, nullptr};
  Capture err(std::cerr);
  CHECK(ts_rt_main(1, argv, &prog) == 1);
  CHECK(err.buf.str().rfind("prog.ts:1:5: error: shapes [2] and [3] cannot be broadcast [TS3008 shape_error]", 0) == 0);
}
