// Tests the split of a module for parallel code generation (codegen/parallel.h)
// on kernels lowered from hand-built graphs: every function is defined in
// exactly one part, the always-inline math helpers are copied into the parts
// that use them (and inlined there), each part is valid IR, and the parts
// together still define every kernel.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "codegen/codegen.h"
#include "codegen/parallel.h"
#include "graph_builder.h"
#include "lower/lower.h"
#include "passes/pipeline.h"

using namespace tcc;
using namespace tcc::graph;
using tcc::testing::GraphBuilder;

namespace {

// A module of `kernels` kernels (tanh and sigmoid chains: they use the math
// helpers) lowered as `tcc build` lowers them.
std::unique_ptr<llvm::Module> KernelModule(llvm::LLVMContext& ctx, llvm::TargetMachine& tm, int kernels) {
  auto m = std::make_unique<llvm::Module>("split", ctx);
  for (int i = 0; i < kernels; ++i) {
    GraphBuilder b("k" + std::to_string(i));
    auto x = b.Input("x", DType::F32, GraphBuilder::S({-1}));
    ValueId y = x;
    for (int j = 0; j <= i; ++j) y = b.Unary(j % 2 ? OpKind::Tanh : OpKind::Sigmoid, b.Binary(OpKind::Mul, y, b.Const(1.5)));
    b.Output(y);
    b.Output(b.Reduce(OpKind::Sum, x, {0}, false));
    passes::PipelineOptions po;
    passes::FusionPlan plan = passes::RunPipeline(b.g, po);
    REQUIRE(lower::LowerGraph(b.g, plan, *m, "tcc_kernel_" + std::to_string(i)).empty());
  }
  codegen::PrepareModule(*m, tm);
  return m;
}

}  // namespace

TEST_CASE("parallel: a module splits into parts that define each function once") {
  codegen::CodegenOptions co;
  std::string err;
  auto tm = codegen::CreateTargetMachine(co, &err);
  REQUIRE(tm);
  llvm::LLVMContext ctx;
  auto m = KernelModule(ctx, *tm, 4);
  std::set<std::string> placed, helpers;
  for (llvm::Function& f : *m) {
    if (f.isDeclaration()) continue;
    (f.hasFnAttribute(llvm::Attribute::AlwaysInline) ? helpers : placed).insert(f.getName().str());
  }
  REQUIRE(placed.size() >= 8);  // 4 kernels and their loop nests
  REQUIRE(!helpers.empty());    // the tanh/sigmoid approximations

  std::vector<codegen::ModulePart> parts = codegen::SplitForThreads(*m, 2, co, &err);
  REQUIRE(err.empty());
  REQUIRE(parts.size() == 2);
  std::map<std::string, int> defined;
  for (auto& part : parts) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    INFO(msg);
    CHECK(!llvm::verifyModule(*part.module, &os));
    CHECK(part.cost > 0);
    for (llvm::Function& f : *part.module)
      if (!f.isDeclaration() && !helpers.count(f.getName().str())) ++defined[f.getName().str()];
  }
  for (const std::string& name : placed) {
    INFO(name);
    CHECK(defined[name] == 1);
  }
  CHECK(defined.size() == placed.size());

  // Optimised on two threads, no part calls a helper: each was inlined where used.
  codegen::ForEachPart(parts, [&](codegen::ModulePart& part) { codegen::OptimizeModule(*part.module, *part.tm, co); });
  for (auto& part : parts) {
    for (llvm::Function& f : *part.module) {
      if (f.isDeclaration()) continue;
      CHECK(!helpers.count(f.getName().str()));
    }
    std::string obj;
    CHECK(codegen::EmitCode(*part.module, *part.tm, false, &obj, &err));
    CHECK(!obj.empty());
  }
}

TEST_CASE("parallel: a module with one function is not split") {
  codegen::CodegenOptions co;
  std::string err;
  auto tm = codegen::CreateTargetMachine(co, &err);
  REQUIRE(tm);
  llvm::LLVMContext ctx;
  llvm::Module m("one", ctx);
  auto* fn = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false),
                                    llvm::Function::ExternalLinkage, "only", m);
  llvm::ReturnInst::Create(ctx, llvm::BasicBlock::Create(ctx, "entry", fn));
  CHECK(codegen::SplitForThreads(m, 2, co, &err).empty());
  CHECK(err.empty());
  CHECK(codegen::SplitForThreads(m, 1, co, &err).empty());
}
