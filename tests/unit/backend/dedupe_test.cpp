// Tests the key that decides which kernels are emitted once (codegen/dedupe.h):
// it tells apart every difference the lowered code depends on and ignores
// names and, for kernels that cannot raise, source locations.
#include <catch2/catch.hpp>

#include <cmath>

#include "codegen/dedupe.h"
#include "graph_builder.h"
#include "passes/pipeline.h"

using namespace tcc;
using namespace tcc::graph;
using tcc::testing::GraphBuilder;

namespace {

struct Variant {
  std::string input = "x";
  double constant = 0.1;
  int64_t size = 64;
  uint32_t line = 3;
};

std::string Key(const Variant& v, bool with_locations) {
  GraphBuilder b("k");
  auto x = b.Input(v.input, DType::F32, GraphBuilder::S({v.size}));
  auto y = b.Unary(OpKind::Tanh, b.Binary(OpKind::Mul, x, b.Const(v.constant)));
  for (auto& n : b.g.nodes) n.loc = tcc::Loc{v.line, 5};
  b.Output(y);
  passes::PipelineOptions po;
  passes::FusionPlan plan = passes::RunPipeline(b.g, po);
  return codegen::KernelKey(b.g, plan, with_locations);
}

}  // namespace

TEST_CASE("dedupe: the kernel key sees what the code depends on") {
  Variant base;
  CHECK(Key(base, false) == Key(base, false));
  Variant renamed = base;
  renamed.input = "self.w";
  CHECK(Key(renamed, false) == Key(base, false));  // a name is not code
  Variant moved = base;
  moved.line = 40;
  CHECK(Key(moved, false) == Key(base, false));
  CHECK(Key(moved, true) != Key(base, true));  // a kernel that raises reports its line
  Variant ulp = base;
  ulp.constant = std::nextafter(0.1, 1.0);
  CHECK(Key(ulp, false) != Key(base, false));  // constants by their bits, not as printed
  Variant bigger = base;
  bigger.size = 65;
  CHECK(Key(bigger, false) != Key(base, false));
}
