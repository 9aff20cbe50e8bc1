// Defines the HTML report of `tcc explain --format html`, in the spirit of
// Cython's `-a`: one self-contained page (no network: inline CSS and script)
// with the source of every user module, each line shaded by where it runs
// (in a graph, in the interpreter, at a graph break, module-scope glue),
// breaks marked with code and hint; clicking a line expands its graphs (ops,
// fused loop nests, the graph IR) and the LLVM IR of the kernels built from
// it. Summary tables list specialisations, graphs and breaks, and the breaks
// ranked by cost (measured with --profile, else a static estimate, labelled).
//
// The page's script records any script error in #tcc-errors and sets
// body[data-ready]; `report.html#expand=L` expands line L of the main file on
// load (tests/report/html_test.py uses both in headless chromium).
#pragma once

#include <string>
#include <vector>

#include "report/costs.h"
#include "trace/analyze.h"

namespace tcc::report {

// A kernel `tcc build` compiles: its graph segment and generated code.
struct KernelView {
  std::string name;              // "tcc_kernel_3"
  std::string function;          // "train_step"
  std::string file;              // display name of the graph's file
  std::vector<uint32_t> lines;   // source lines of its ops
  std::string graph;             // graph IR after the passes
  std::string plan;              // fused loop nests
  std::string ir;                // LLVM IR of the kernel (empty: not lowered)
};

struct HtmlOptions {
  std::vector<KernelView> kernels;
  CostReport costs;
};

std::string RenderHtml(const trace::Analysis& a, const std::string& file, const HtmlOptions& opts);

}  // namespace tcc::report
