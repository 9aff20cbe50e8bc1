// Implements the kernel views of `tcc explain --format html`: the graph
// segments `tcc build` compiles, each through the same passes and lowering
// as the build (passes::RunPipeline, lower::LowerGraph), with its LLVM IR
// before optimisation. A segment the backend cannot lower is shown without IR.
#include "driver/explain_html.h"

#include <set>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include "graph/print.h"
#include "graph/verify.h"
#include "lower/lower.h"
#include "passes/pipeline.h"

namespace tcc::driver {

std::vector<report::KernelView> KernelViews(const trace::TraceResult& r) {
  std::vector<report::KernelView> out;
  llvm::LLVMContext ctx;
  for (const trace::Segment& seg : r.segments) {
    if (seg.graph.outputs.empty()) continue;
    report::KernelView k;
    k.name = seg.kernel;
    k.function = seg.function;
    k.file = seg.graph.file ? seg.graph.file->display_name() : "";
    std::set<uint32_t> lines;
    for (const auto& n : seg.graph.nodes)
      if (n.loc.valid() && n.op != graph::OpKind::Input && n.op != graph::OpKind::ScalarInput) lines.insert(n.loc.line);
    k.lines.assign(lines.begin(), lines.end());
    graph::Graph g = seg.graph;
    g.name = seg.kernel;
    try {
      if (!graph::VerifyGraph(g).empty()) continue;
      passes::PipelineOptions po;
      passes::FusionPlan plan = passes::RunPipeline(g, po);
      k.graph = graph::PrintGraph(g);
      k.plan = passes::PrintFusionPlan(g, plan);
      while (!k.plan.empty() && k.plan.back() == '\n') k.plan.pop_back();
      llvm::Module m(seg.kernel, ctx);
      if (lower::LowerGraph(g, plan, m, seg.kernel, {}).empty()) {
        llvm::raw_string_ostream os(k.ir);
        m.print(os, nullptr);
      }
    } catch (const std::exception&) {
      // Shown without IR: the build would run it eagerly (TS6001).
    }
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace tcc::driver
