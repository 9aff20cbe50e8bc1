// Implements the JIT harness of jit_kernel.h.
#include "jit_kernel.h"

#include <catch2/catch.hpp>

#include <cstring>


#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Support/raw_ostream.h>

#include "codegen/codegen.h"
#include "codegen/stream_stores.h"
#include "graph/shape.h"
#include "graph/verify.h"
#include "lower/lower.h"
#include "passes/pipeline.h"

namespace tcc::testing {

HostTensor HostTensor::Make(graph::DType dt, std::vector<int64_t> sizes, std::vector<double> values) {
  HostTensor h;
  h.dtype = dt;
  h.sizes = sizes;
  h.values = values;
  int64_t n = h.Numel();
  size_t eb = static_cast<size_t>(graph::DTypeBytes(dt));
  h.storage.assign(static_cast<size_t>(n) * eb + 64, 0);
  for (int64_t i = 0; i < n; ++i) {
    double v = i < static_cast<int64_t>(values.size()) ? values[i] : 0;
    unsigned char* p = h.storage.data() + i * eb;
    switch (dt) {
      case graph::DType::F32: { float f = static_cast<float>(v); std::memcpy(p, &f, 4); break; }
      case graph::DType::F64: std::memcpy(p, &v, 8); break;
      case graph::DType::I64: { int64_t x = static_cast<int64_t>(v); std::memcpy(p, &x, 8); break; }
      case graph::DType::I32: { int32_t x = static_cast<int32_t>(v); std::memcpy(p, &x, 4); break; }
      case graph::DType::Bool: *p = v != 0; break;
    }
  }
  h.t.data = h.storage.data();
  h.t.ndim = static_cast<int32_t>(sizes.size());
  h.t.dtype = static_cast<int32_t>(dt);
  int64_t st = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    h.t.sizes[d] = sizes[d];
    h.t.strides[d] = st;
    st *= sizes[d];
  }
  return h;
}

int64_t HostTensor::Numel() const {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  return n;
}

static double ReadElem(const ts_tensor& t, int64_t i) {
  int64_t off = 0, rest = i;
  for (int d = t.ndim; d-- > 0;) {
    off += (rest % t.sizes[d]) * t.strides[d];
    rest /= t.sizes[d];
  }
  switch (static_cast<graph::DType>(t.dtype)) {
    case graph::DType::F32: return static_cast<const float*>(t.data)[off];
    case graph::DType::F64: return static_cast<const double*>(t.data)[off];
    case graph::DType::I64: return static_cast<double>(static_cast<const int64_t*>(t.data)[off]);
    case graph::DType::I32: return static_cast<const int32_t*>(t.data)[off];
    case graph::DType::Bool: return static_cast<const unsigned char*>(t.data)[off];
  }
  return 0;
}

double HostTensor::At(int64_t i) const { return ReadElem(t, i); }

struct JitKernel::Impl {
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

JitKernel::JitKernel(graph::Graph g, int opt, const std::string& target_cpu, int64_t stream_min_bytes)
    : impl_(std::make_unique<Impl>()) {
  for (const auto& e : graph::VerifyGraph(g)) FAIL("verifier: " << e);
  passes::PipelineOptions po;
  passes::FusionPlan plan = passes::RunPipeline(g, po);
  REQUIRE(graph::VerifyGraph(g).empty());
  auto ctx = std::make_unique<llvm::LLVMContext>();
  auto m = std::make_unique<llvm::Module>("test", *ctx);
  codegen::CodegenOptions co;
  co.opt_level = opt;
  co.target_cpu = target_cpu;
  std::string err;
  auto tm = codegen::CreateTargetMachine(co, &err);
  REQUIRE(tm);
  lower::LowerOptions lo;
  lo.fma = codegen::TargetHasFma(*tm);
  lo.stream_min_bytes = stream_min_bytes >= 0 ? stream_min_bytes
                                              : codegen::StreamMinBytes(*tm, codegen::IsNativeCpu(target_cpu));
  auto errors = lower::LowerGraph(g, plan, *m, "kernel", lo);
  for (auto& e : errors) FAIL("lowering: " << e);
  codegen::PrepareModule(*m, *tm);
  codegen::OptimizeModule(*m, *tm, co);
  llvm::raw_string_ostream os(ir);
  m->print(os, nullptr);
  auto jit = llvm::orc::LLJITBuilder().create();
  REQUIRE(static_cast<bool>(jit));
  impl_->jit = std::move(*jit);
  auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      impl_->jit->getDataLayout().getGlobalPrefix());
  REQUIRE(static_cast<bool>(gen));
  impl_->jit->getMainJITDylib().addGenerator(std::move(*gen));
  m->setDataLayout(impl_->jit->getDataLayout());
  auto added = impl_->jit->addIRModule(llvm::orc::ThreadSafeModule(std::move(m), std::move(ctx)));
  REQUIRE(!added);
  auto sym = impl_->jit->lookup("kernel");
  REQUIRE(static_cast<bool>(sym));
  fn_ = sym->toPtr<ts_kernel_fn>();
  n_outputs_ = g.outputs.size();
}

JitKernel::~JitKernel() {
  for (auto& t : outputs_) std::free(t.handle);
}

int JitKernel::Call(std::vector<ts_tensor> inputs, std::vector<double> scalars) {
  for (auto& t : outputs_) std::free(t.handle);
  outputs_.assign(n_outputs_, ts_tensor{});
  int rc = fn_(inputs.data(), static_cast<int32_t>(inputs.size()), scalars.data(), static_cast<int32_t>(scalars.size()),
               outputs_.data(), static_cast<int32_t>(outputs_.size()));
  out_sizes_.clear();
  for (auto& t : outputs_) out_sizes_.emplace_back(t.sizes, t.sizes + t.ndim);
  return rc;
}

std::vector<double> JitKernel::Output(size_t i) const {
  const ts_tensor& t = outputs_[i];
  int64_t n = 1;
  for (int d = 0; d < t.ndim; ++d) n *= t.sizes[d];
  std::vector<double> out;
  for (int64_t k = 0; k < n; ++k) out.push_back(ReadElem(t, k));
  return out;
}

}  // namespace tcc::testing
