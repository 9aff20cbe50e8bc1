// Tests the execution plan with hand-written kernels: guards select the
// kernel or fall back to eager statements, inputs arrive by path, outputs
// bind locals or return, scalar inputs arrive as doubles, and a kernel's
// ts_rt_raise becomes a located run-time error.
#include <catch2/catch.hpp>

#include "test_util.h"
#include "ts_runtime.h"

using tcc::interp::test::RunSource;

namespace {

// out0 = in0 + in1 + 100 + (scalar0 if given): distinguishable from eager x + y.
int32_t AddPlus100(const ts_tensor* in, int32_t n_in, const double* sc, int32_t n_sc, ts_tensor* out, int32_t n_out) {
  if (n_in != 2 || n_out < 1) return 1;
  ts_rt_alloc(&out[0], TS_DTYPE_F32, in[0].ndim, in[0].sizes);
  int64_t n = in[0].ndim ? in[0].sizes[0] : 1;
  const float* a = static_cast<const float*>(in[0].data);
  const float* b = static_cast<const float*>(in[1].data);
  float* o = static_cast<float*>(out[0].data);
  double extra = n_sc > 0 ? sc[0] : 0.0;
  for (int64_t i = 0; i < n; ++i) {
    o[i] = a[i * in[0].strides[0]] + b[i * in[1].strides[0]] + 100.0f + static_cast<float>(extra);
  }
  return 0;
}

int32_t Fails(const ts_tensor*, int32_t, const double*, int32_t, ts_tensor*, int32_t) {
  ts_rt_raise("the kernel found a problem", 2, 9);
  return 1;
}

const ts_kernel_entry kKernels[] = {{"k_add", AddPlus100}, {"k_fail", Fails}};

const char* kProgram =
    "def f(x, y):\n"
    "    h = x + y\n"
    "    return h * 2\n"
    "print(f(ones(2), ones(2)))\n"
    "print(f(ones(3), ones(3)))\n";

}  // namespace

TEST_CASE("a segment runs its kernel when the guards hold", "[plan]") {
  std::string plan = R"({"version": 1, "segments": [{
    "kernel": "k_add", "module": "main", "function": "f", "def_line": 1,
    "stmt_begin": 0, "stmt_end": 1,
    "guards": [{"path": "x", "kind": "tensor", "dtype": "float32", "shape": [2]},
               {"path": "y", "kind": "tensor", "dtype": "float32", "shape": ["s0"]}],
    "inputs": ["x", "y"],
    "outputs": [{"target": "h", "value": {"kind": "tensor", "index": 0}}]}]})";
  auto r = RunSource(kProgram, plan, kKernels, 2);
  INFO(r.err);
  REQUIRE(r.code == 0);
  // First call: kernel (1 + 1 + 100) * 2; second: guard on x fails -> eager.
  CHECK(r.out == "tensor([204., 204.])\ntensor([4., 4., 4.])\n");
}

TEST_CASE("def_line is the line of `def`, below its decorators", "[plan]") {
  const char* program =
      "@fullgraph\n"
      "def f(x, y):\n"
      "    h = x + y\n"
      "    return h * 2\n"
      "print(f(ones(2), ones(2)))\n";
  std::string plan = R"({"version": 1, "segments": [{
    "kernel": "k_add", "module": "main", "function": "f", "def_line": 2,
    "stmt_begin": 0, "stmt_end": 1, "guards": [], "inputs": ["x", "y"],
    "outputs": [{"target": "h", "value": {"kind": "tensor", "index": 0}}]}]})";
  auto r = RunSource(program, plan, kKernels, 2);
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out == "tensor([204., 204.])\n");
}

TEST_CASE("a segment can return, with tuple outputs and constants", "[plan]") {
  std::string plan = R"({"version": 1, "segments": [{
    "kernel": "k_add", "module": "main", "function": "f", "def_line": 1,
    "stmt_begin": 0, "stmt_end": 2,
    "guards": [{"path": "x", "kind": "tensor", "dtype": "float32", "shape": ["s0"]},
               {"path": "y", "kind": "tensor", "dtype": "float32", "shape": ["s0"]}],
    "inputs": ["x", "y"],
    "outputs": [{"target": "<return>", "value": {"kind": "tuple", "items": [
        {"kind": "tensor", "index": 0}, {"kind": "const", "value": 7}]}}]}]})";
  auto r = RunSource(kProgram, plan, kKernels, 2);
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out == "(tensor([102., 102.]), 7)\n(tensor([102., 102., 102.]), 7)\n");
}

TEST_CASE("equal shape symbols must be equal sizes, else the statements run eagerly", "[plan]") {
  const char* program =
      "def f(x, y):\n"
      "    h = x + y\n"
      "    return h * 2\n"
      "print(f(ones(2), ones(1)))\n"
      "print(f(ones(2), ones(2)))\n";
  std::string plan = R"({"version": 1, "segments": [{
    "kernel": "k_add", "module": "main", "function": "f", "def_line": 1,
    "stmt_begin": 0, "stmt_end": 1,
    "guards": [{"path": "x", "kind": "tensor", "dtype": "float32", "shape": ["s0"]},
               {"path": "y", "kind": "tensor", "dtype": "float32", "shape": ["s0"]}],
    "inputs": ["x", "y"],
    "outputs": [{"target": "h", "value": {"kind": "tensor", "index": 0}}]}]})";
  auto r = RunSource(program, plan, kKernels, 2);
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out == "tensor([4., 4.])\ntensor([204., 204.])\n");
}

TEST_CASE("paths reach attributes and list items, scalar inputs are doubles", "[plan]") {
  const char* program =
      "class M:\n"
      "    w: Tensor\n"
      "    def run(self, xs, lr, n):\n"
      "        h = xs[0] + self.w\n"
      "        return h\n"
      "m = M(ones(2))\n"
      "print(m.run([ones(2)], 0.5, 3))\n"
      "print(m.run([ones(2)], 0.5, 4))\n";
  std::string plan = R"({"version": 1, "segments": [{
    "kernel": "k_add", "module": "main", "function": "M.run", "def_line": 3,
    "stmt_begin": 0, "stmt_end": 1,
    "guards": [{"path": "xs[0]", "kind": "tensor", "dtype": "float32", "shape": [2]},
               {"path": "self.w", "kind": "tensor", "dtype": "float32", "shape": [2]},
               {"path": "n", "kind": "int", "value": 3}],
    "inputs": ["xs[0]", "self.w"],
    "scalar_inputs": ["lr"],
    "outputs": [{"target": "h", "value": {"kind": "tensor", "index": 0}}]}]})";
  auto r = RunSource(program, plan, kKernels, 2);
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out == "tensor([102.5000, 102.5000])\ntensor([2., 2.])\n");
}

TEST_CASE("ts_rt_raise in a kernel is a located run-time error", "[plan]") {
  std::string plan = R"({"version": 1, "segments": [{
    "kernel": "k_fail", "module": "main", "function": "f", "def_line": 1,
    "stmt_begin": 0, "stmt_end": 1, "guards": [], "inputs": ["x", "y"],
    "outputs": [{"target": "h", "value": {"kind": "tensor", "index": 0}}]}]})";
  auto r = RunSource(kProgram, plan, kKernels, 2);
  CHECK(r.code == 1);
  CHECK(r.err.rfind("test.ts:2:9: error: the kernel found a problem [TS3016 kernel_error]", 0) == 0);
  CHECK(r.err.find("at f (test.ts:2:9)") != std::string::npos);
}

TEST_CASE("a plan naming an unknown kernel is rejected", "[plan]") {
  auto r = RunSource(kProgram, R"({"segments": [{"kernel": "nope", "function": "f", "stmt_begin": 0, "stmt_end": 1}]})",
                     kKernels, 2);
  CHECK(r.code == 3);
  CHECK(r.err.find("nope") != std::string::npos);
}
