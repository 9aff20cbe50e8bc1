// Defines a test harness that runs the backend on a hand-built graph and
// JIT-compiles the kernel in-process (ORC LLJIT), with the runtime ABI
// provided by the small stand-ins in runtime_stubs.cpp.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "ts_runtime.h"

namespace tcc::testing {

// A contiguous (or strided view of a) host tensor for calling kernels.
struct HostTensor {
  std::vector<double> values;     // logical values, row-major (for building/checking)
  std::vector<int64_t> sizes;
  graph::DType dtype = graph::DType::F32;
  std::vector<unsigned char> storage;
  ts_tensor t{};
  // Builds contiguous storage from `values`.
  static HostTensor Make(graph::DType dt, std::vector<int64_t> sizes, std::vector<double> values);
  // Element i (row-major over sizes) read back from t (respects t.strides).
  double At(int64_t i) const;
  int64_t Numel() const;
};

class JitKernel {
 public:
  // Runs the pass pipeline and lowering at opt level `opt`; fails the test on errors.
  // target_cpu as `tcc build --target-cpu` ("": this machine); stream_min_bytes:
  // lower::LowerOptions' (-1: codegen::StreamMinBytes, as `tcc build`)
  explicit JitKernel(graph::Graph g, int opt = 2, const std::string& target_cpu = "", int64_t stream_min_bytes = -1);
  ~JitKernel();
  // Calls the kernel; returns its status. Outputs are read with ReadOutput.
  int Call(std::vector<ts_tensor> inputs, std::vector<double> scalars = {});
  std::vector<double> Output(size_t i) const;
  const std::vector<int64_t>& OutputSizes(size_t i) const { return out_sizes_[i]; }
  const ts_tensor& OutputTensor(size_t i) const { return outputs_[i]; }  // exact element bits
  std::string ir;  // the optimised IR, for inspection

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  ts_kernel_fn fn_ = nullptr;
  std::vector<ts_tensor> outputs_;
  std::vector<std::vector<int64_t>> out_sizes_;
  size_t n_outputs_ = 0;
};

// Stub state (runtime_stubs.cpp).
extern std::string g_last_raise;
extern int g_parallel_calls;
extern int g_random_calls;
extern int g_temps_live;  // ts_rt_temp_alloc blocks not yet freed
extern int g_temps_peak;  // the most live at once

}  // namespace tcc::testing
