// Implements SummarizeKernels on top of RunPipeline.
#include "passes/summarize_kernels.h"

#include <map>

#include "graph/shape.h"
#include "passes/pipeline.h"

namespace tcc::passes {

std::vector<KernelSummary> SummarizeKernels(const graph::Graph& g) {
  graph::Graph copy = g;
  FusionPlan plan = RunPipeline(copy, PipelineOptions{});
  std::vector<KernelSummary> out;
  std::map<graph::ValueId, size_t> entry;  // group root -> its entry
  for (const FusedGroup& grp : plan.groups) {
    if (grp.in_place_of >= 0 && WritesMatMulInLayout(copy, grp.root) && entry.count(grp.in_place_of)) {
      out[entry[grp.in_place_of]].ops.push_back(graph::OpSpelling(copy.nodes[grp.root].op));
      continue;
    }
    entry[grp.root] = out.size();
    KernelSummary k;
    if (grp.in_place_of >= 0) k.in_place_over = graph::OpSpelling(copy.nodes[grp.in_place_of].op);
    k.kind = GroupKindName(grp.kind);
    for (graph::ValueId v : grp.nodes) {
      graph::OpKind op = copy.nodes[v].op;
      if (op == graph::OpKind::Constant || op == graph::OpKind::Input || op == graph::OpKind::ScalarInput) continue;
      k.ops.push_back(graph::OpSpelling(op));
    }
    if (k.ops.empty()) k.ops.push_back(graph::OpSpelling(copy.nodes[grp.root].op));
    for (graph::ValueId v : grp.hoisted) k.per_row.push_back(graph::OpSpelling(copy.nodes[v].op));
    if (grp.row_cached >= 0) k.row_cached = graph::OpSpelling(copy.nodes[grp.row_cached].op);
    k.output = graph::TypeString(copy.TypeOf(grp.root));
    out.push_back(std::move(k));
  }
  return out;
}

std::string KernelSummaryText(const std::vector<KernelSummary>& kernels) {
  std::string s = std::to_string(kernels.size()) + (kernels.size() == 1 ? " loop nest" : " loop nests");
  for (size_t i = 0; i < kernels.size(); ++i) {
    const auto& k = kernels[i];
    s += (i ? "; [" : ": [") + k.kind + "]";
    for (size_t j = 0; j < k.ops.size(); ++j) s += (j ? ", " : " ") + k.ops[j];
    if (!k.per_row.empty()) {
      s += " (per row:";
      for (size_t j = 0; j < k.per_row.size(); ++j) s += (j ? ", " : " ") + k.per_row[j];
      if (!k.row_cached.empty()) s += "; " + k.row_cached + " kept in the row";
      s += ")";
    }
    if (!k.in_place_over.empty()) s += " (in place over the " + k.in_place_over + ")";
  }
  return s;
}

}  // namespace tcc::passes
