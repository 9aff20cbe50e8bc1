// Tests the run statistics (TCC_STATS, runtime/interp/stats.h) with
// hand-written kernels: entries per run-time signature, kernel launches and
// kernel ops, interpreted tensor ops (eager counts what the kernels count),
// module-scope ops and constructors, guard failures recorded and warned once,
// and the statistics written after a run-time error.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "test_util.h"
#include "ts_runtime.h"

using nlohmann::json;
using tcc::interp::test::RunResult;
using tcc::interp::test::RunSource;

namespace {

// out0 = in0 + in1 (what eager `x + x` computes).
int32_t Add(const ts_tensor* in, int32_t n_in, const double*, int32_t, ts_tensor* out, int32_t n_out) {
  if (n_in != 2 || n_out < 1) return 1;
  ts_rt_alloc(&out[0], TS_DTYPE_F32, in[0].ndim, in[0].sizes);
  int64_t n = in[0].ndim ? in[0].sizes[0] : 1;
  const float* a = static_cast<const float*>(in[0].data);
  const float* b = static_cast<const float*>(in[1].data);
  float* o = static_cast<float*>(out[0].data);
  for (int64_t i = 0; i < n; ++i) o[i] = a[i * in[0].strides[0]] + b[i * in[1].strides[0]];
  return 0;
}

const ts_kernel_entry kKernels[] = {{"k_add", Add}};

// Two kernels in f, an eager statement between them.
const char* kProgram =
    "def f(x):\n"
    "    a = x + x\n"
    "    print(len(a))\n"
    "    b = a + a\n"
    "    return b\n"
    "for i in range(3):\n"
    "    print(f(ones(2)))\n";

std::string Segment(const std::string& guard_shape, int begin, const std::string& in, const std::string& out,
                    int ops) {
  return R"({"kernel": "k_add", "module": "main", "function": "f", "def_line": 1, "stmt_begin": )" +
         std::to_string(begin) + R"(, "stmt_end": )" + std::to_string(begin + 1) + R"(, "ops": )" +
         std::to_string(ops) + R"(, "guards": [{"path": ")" + in +
         R"(", "kind": "tensor", "dtype": "float32", "shape": )" + guard_shape + R"(}], "inputs": [")" + in +
         R"(", ")" + in + R"("], "outputs": [{"target": ")" + out + R"(", "value": {"kind": "tensor", "index": 0}}]})";
}

std::string Plan(std::initializer_list<std::string> segs) {
  std::string s = R"({"version": 1, "segments": [)";
  bool first = true;
  for (const auto& g : segs) { s += (first ? "" : ", ") + g; first = false; }
  return s + "]}";
}

struct StatsRun {
  RunResult r;
  json stats;
};

StatsRun RunWithStats(const std::string& source, const std::string& plan) {
  auto path = std::filesystem::temp_directory_path() / ("tcc_stats_test_" + std::to_string(::getpid()) + ".json");
  std::filesystem::remove(path);
  StatsRun s;
  s.r = plan.empty() ? RunSource(source, "", nullptr, 0, path.string()) : RunSource(source, plan, kKernels, 1, path.string());
  std::ifstream in(path);
  REQUIRE(in.good());
  s.stats = json::parse(in);
  std::filesystem::remove(path);
  return s;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("stats: a function with two kernels called 3 times", "[stats]") {
  auto s = RunWithStats(kProgram, Plan({Segment("[2]", 0, "x", "a", 2), Segment("[2]", 2, "a", "b", 3)}));
  INFO(s.r.err);
  REQUIRE(s.r.code == 0);
  CHECK(s.r.out == "2\ntensor([4., 4.])\n2\ntensor([4., 4.])\n2\ntensor([4., 4.])\n");
  const json& st = s.stats;
  CHECK(st["version"] == 1);
  CHECK(st["mode"] == "compiled");
  REQUIRE(st["entries"].size() == 1);
  const json& e = st["entries"][0];
  CHECK(e["function"] == "f");
  CHECK(e["module"] == "main");
  CHECK(e["signature"] == "(x: float32[2])");
  CHECK(e["file"] == "test.ts");
  CHECK(e["line"] == 1);
  CHECK(e["entered_from"] == "test.ts:7");
  CHECK(e["calls"] == 3);
  CHECK(e["kernel_launches"] == 6);
  CHECK(e["kernel_ops"] == 15);
  CHECK(e["interpreted_ops"] == 0);
  CHECK(e["guard_failures"].empty());
  CHECK(st["module_ops"] == 3);  // ones(2), three times
  CHECK(st["module_kernel_launches"] == 0);
  CHECK(s.r.err.empty());
}

TEST_CASE("stats: an eager run counts as interpreted what the kernels count", "[stats]") {
  auto c = RunWithStats(kProgram, Plan({Segment("[2]", 0, "x", "a", 1), Segment("[2]", 2, "a", "b", 1)}));
  auto e = RunWithStats(kProgram, "");
  REQUIRE(e.r.code == 0);
  CHECK(e.r.out == c.r.out);
  CHECK(e.stats["mode"] == "eager");
  REQUIRE(e.stats["entries"].size() == 1);
  const json& ee = e.stats["entries"][0];
  CHECK(ee["calls"] == 3);
  CHECK(ee["kernel_launches"] == 0);
  CHECK(ee["interpreted_ops"] == 6);
  CHECK(ee["interpreted_ops"] == c.stats["entries"][0]["kernel_ops"]);
  CHECK(e.stats["module_ops"] == c.stats["module_ops"]);
}

TEST_CASE("stats: a new shape at run time is a guard failure, warned once", "[stats]") {
  const char* program =
      "def f(x):\n"
      "    a = x + x\n"
      "    return a\n"
      "print(f(ones(2)))\n"
      "print(f(ones(3)))\n"
      "print(f(ones(3)))\n";
  auto s = RunWithStats(program, Plan({Segment("[2]", 0, "x", "a", 1)}));
  REQUIRE(s.r.code == 0);
  CHECK(Count(s.r.err, "warning:") == 1);
  CHECK(s.r.err.rfind("test.ts:2:5: warning: compiled code for `f` did not run: guard `x` expected float32[2], saw "
                      "float32[3]",
                      0) == 0);
  CHECK(s.r.err.find("[TS3017 guard_failed]") != std::string::npos);
  REQUIRE(s.stats["entries"].size() == 2);
  const json& ok = s.stats["entries"][0];
  CHECK(ok["signature"] == "(x: float32[2])");
  CHECK(ok["kernel_launches"] == 1);
  CHECK(ok["guard_failures"].empty());
  const json& bad = s.stats["entries"][1];
  CHECK(bad["signature"] == "(x: float32[3])");
  CHECK(bad["calls"] == 2);
  CHECK(bad["kernel_launches"] == 0);
  CHECK(bad["interpreted_ops"] == 2);
  REQUIRE(bad["guard_failures"].size() == 1);
  const json& g = bad["guard_failures"][0];
  CHECK(g["file"] == "test.ts");
  CHECK(g["line"] == 2);
  CHECK(g["column"] == 5);
  CHECK(g["guard"] == "x");
  CHECK(g["expected"] == "float32[2]");
  CHECK(g["saw"] == "float32[3]");
  CHECK(g["count"] == 2);

  // Without TCC_STATS the warning is still printed, once.
  auto quiet = RunSource(program, Plan({Segment("[2]", 0, "x", "a", 1)}), kKernels, 1);
  CHECK(Count(quiet.err, "warning: compiled code for `f` did not run") == 1);
}

TEST_CASE("stats: another specialisation holding is not a guard failure", "[stats]") {
  const char* program =
      "def f(x):\n"
      "    a = x + x\n"
      "    return a\n"
      "print(f(ones(2)))\n"
      "print(f(ones(3)))\n";
  auto s = RunWithStats(program, Plan({Segment("[2]", 0, "x", "a", 1), Segment("[3]", 0, "x", "a", 1)}));
  REQUIRE(s.r.code == 0);
  CHECK(s.r.err.empty());
  REQUIRE(s.stats["entries"].size() == 2);
  for (const auto& e : s.stats["entries"]) {
    CHECK(e["kernel_launches"] == 1);
    CHECK(e["interpreted_ops"] == 0);
    CHECK(e["guard_failures"].empty());
  }
}

TEST_CASE("stats: constructors at module scope are module code, scalars and objects in signatures", "[stats]") {
  const char* program =
      "class M:\n"
      "    def __init__(self, n):\n"
      "        self.w = ones(n)\n"
      "        self.b = helper(n)\n"
      "def helper(n):\n"
      "    return zeros(n)\n"
      "def g(m, k, s):\n"
      "    y = m.w * k\n"
      "    y[0] = 5.0\n"
      "    y += 1\n"
      "    return y\n"
      "m = M(2)\n"
      "print(g(m, 3, 'a'))\n";
  auto s = RunWithStats(program, "");
  INFO(s.r.err);
  REQUIRE(s.r.code == 0);
  REQUIRE(s.stats["entries"].size() == 1);
  const json& e = s.stats["entries"][0];
  CHECK(e["function"] == "g");
  CHECK(e["signature"] == "(m: M, k: int=3, s: str='a')");
  CHECK(e["interpreted_ops"] == 3);  // m.w * k, y[0] = 5.0, y += 1 (in place)
  CHECK(s.stats["module_ops"] == 2);  // ones(n) and zeros(n) inside the constructor
}

TEST_CASE("stats: written also after a run-time error", "[stats]") {
  const char* program =
      "def f(x):\n"
      "    return x @ x\n"
      "print(f(ones(2)))\n"
      "print(f(ones(2, 3)))\n";
  auto s = RunWithStats(program, "");
  CHECK(s.r.code == 1);
  REQUIRE(s.stats["entries"].size() == 2);
  CHECK(s.stats["entries"][0]["interpreted_ops"] == 1);
  CHECK(s.stats["entries"][1]["calls"] == 1);
  CHECK(s.stats["entries"][1]["interpreted_ops"] == 0);
}

TEST_CASE("stats: guard failures say which size or alias did not hold", "[stats]") {
  const char* program =
      "def f(x, y):\n"
      "    a = x + y\n"
      "    return a\n"
      "print(f(ones(2), ones(3)))\n";
  std::string plan = R"({"version": 1, "segments": [{
    "kernel": "k_add", "module": "main", "function": "f", "def_line": 1, "stmt_begin": 0, "stmt_end": 1, "ops": 1,
    "guards": [{"path": "x", "kind": "tensor", "dtype": "float32", "shape": ["s0"]},
               {"path": "y", "kind": "tensor", "dtype": "float32", "shape": ["s0"]}],
    "inputs": ["x", "y"], "outputs": [{"target": "a", "value": {"kind": "tensor", "index": 0}}]}]})";
  auto s = RunWithStats(program, plan);
  CHECK(s.r.code == 1);  // eager x + y: shapes [2] and [3] do not broadcast
  REQUIRE(s.stats["entries"].size() == 1);
  REQUIRE(s.stats["entries"][0]["guard_failures"].size() == 1);
  const json& g = s.stats["entries"][0]["guard_failures"][0];
  CHECK(g["guard"] == "y");
  CHECK(g["expected"] == "float32[s0=2]");
  CHECK(g["saw"] == "float32[3]");

  const char* alias =
      "def f(x, y):\n"
      "    a = x + y\n"
      "    return a\n"
      "print(f(ones(2), ones(2)))\n";
  std::string same = R"({"version": 1, "segments": [{
    "kernel": "k_add", "module": "main", "function": "f", "def_line": 1, "stmt_begin": 0, "stmt_end": 1, "ops": 1,
    "guards": [{"path": "y", "kind": "same", "as": "x"}, {"path": "n", "kind": "int", "value": 3}],
    "inputs": ["x", "x"], "outputs": [{"target": "a", "value": {"kind": "tensor", "index": 0}}]}]})";
  auto t = RunWithStats(alias, same);
  REQUIRE(t.r.code == 0);
  REQUIRE(t.stats["entries"][0]["guard_failures"].size() == 1);
  const json& h = t.stats["entries"][0]["guard_failures"][0];
  CHECK(h["guard"] == "y");
  CHECK(h["expected"] == "the very object at `x`");
  CHECK(h["saw"] == "a different tensor");
}

TEST_CASE("stats: one function with ever new int arguments stays bounded", "[stats]") {
  const char* program =
      "def f(x, i):\n"
      "    return x * i\n"
      "for i in range(300):\n"
      "    f(ones(1), i)\n";
  auto s = RunWithStats(program, "");
  REQUIRE(s.r.code == 0);
  REQUIRE(s.stats["entries"].size() == 257);
  const json& last = s.stats["entries"][256];
  CHECK(last["signature"] == "(other signatures)");
  CHECK(last["calls"] == 44);
  CHECK(last["interpreted_ops"] == 44);
}
