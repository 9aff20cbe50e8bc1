// Implements PlanToJson: the execution plan of runtime/README.md.
#include "plan_writer/plan_json.h"

#include "trace/value.h"

namespace tcc::plan {

using namespace trace;  // the tracer's records, read here

namespace {
namespace pk = key;
using PV = ValueKind;

nlohmann::json OutJson(const OutValue& v) {
  nlohmann::json j = {{pk::Kind, plan::Spelling(v.kind)}};
  switch (v.kind) {
    case PV::Tensor: case PV::Input: j[pk::Index] = v.index; return j;
    case PV::Const: j[pk::Value] = nlohmann::json::parse(v.const_json); return j;
    case PV::Tuple: case PV::List: case PV::Set: {
      nlohmann::json items = nlohmann::json::array();
      for (const auto& x : v.items) items.push_back(OutJson(x));
      j[pk::Items] = items;
      if (!v.keys.empty()) j[pk::Fields] = v.keys;  // a named tuple
      if (!v.class_name.empty()) j[pk::Name] = v.class_name;  // its type, or torch.Size
      return j;
    }
    case PV::Object: case PV::Dict: {
      nlohmann::json items = nlohmann::json::array();
      for (size_t i = 0; i < v.items.size(); ++i) {
        nlohmann::json key = v.kind == PV::Object ? nlohmann::json(v.keys[i]) : nlohmann::json::parse(v.keys[i]);
        items.push_back({{pk::Key, key}, {pk::Value, OutJson(v.items[i])}});
      }
      if (v.kind == PV::Dict) {
        j[pk::Items] = items;
        return j;
      }
      j[pk::Module] = v.class_module;
      j[pk::Class] = v.class_name;
      j[pk::Attrs] = items;
      return j;
    }
    case PV::Path: j[pk::Path] = v.path; return j;
    case PV::View: {
      nlohmann::json steps = nlohmann::json::array();
      for (const auto& st : v.views)
        steps.push_back({{pk::Op, graph::OpSpelling(st.op)}, {pk::Axis, st.attrs.axis}, {pk::Axes, st.attrs.axes},
                         {pk::Ints, st.attrs.ints}, {pk::Shape, st.shape}});
      j[v.of_output ? pk::Output : pk::Input] = v.index;
      j[pk::Views] = steps;
      return j;
    }
  }
  return nullptr;
}
// The real tensor ops of a segment's graph: not its inputs or constants
// (run statistics count these as the kernel's `kernel_ops`).
int64_t RealOps(const graph::Graph& g) {
  int64_t n = 0;
  for (const auto& node : g.nodes) {
    switch (graph::CategoryOf(node.op)) {
      case graph::OpCategory::Input: case graph::OpCategory::Constant: break;
      case graph::OpCategory::Unary: case graph::OpCategory::Binary: case graph::OpCategory::Ternary:
      case graph::OpCategory::Reduce: case graph::OpCategory::Contract: case graph::OpCategory::View:
      case graph::OpCategory::Join: case graph::OpCategory::Create: case graph::OpCategory::Cast:
      case graph::OpCategory::Random: case graph::OpCategory::Scan: case graph::OpCategory::Window:
      case graph::OpCategory::Index: ++n; break;
    }
  }
  return n;
}

}  // namespace

nlohmann::json GuardToJson(const Guard& g) {
  nlohmann::json j = {{pk::Path, g.path}, {pk::Kind, plan::Spelling(g.kind)}};
  switch (g.kind) {
    case plan::GuardKind::Tensor: {
      j[pk::DType] = DTypeSpelling(g.type.dtype);
      nlohmann::json shape = nlohmann::json::array();
      for (size_t i = 0; i < g.type.shape.size(); ++i) {
        const auto& d = g.type.shape[i];
        if (d.is_static()) shape.push_back(d.size);
        else shape.push_back(i < g.shape.size() ? g.shape[i] : "s" + std::to_string(d.sym));  // "s0" or "s0<=16"
      }
      j[pk::Shape] = shape;
      return j;
    }
    case plan::GuardKind::Same: j[pk::As] = g.same_as; return j;
    case plan::GuardKind::None: return j;
    case plan::GuardKind::Int: case plan::GuardKind::Float: case plan::GuardKind::Bool: case plan::GuardKind::Str:
    case plan::GuardKind::Def: case plan::GuardKind::Class: case plan::GuardKind::Len: case plan::GuardKind::Set:
    case plan::GuardKind::DType:
      j[pk::Value] = nlohmann::json::parse(g.value_json);
      return j;
  }
  return j;
}

nlohmann::json PlanToJson(const TraceResult& result) {
  nlohmann::json segs = nlohmann::json::array();
  for (const Segment& s : result.segments) {
    nlohmann::json guards = nlohmann::json::array();
    for (const Guard& g : s.guards) guards.push_back(GuardToJson(g));
    nlohmann::json outs = nlohmann::json::array();
    for (const auto& o : s.outputs) outs.push_back({{pk::Target, o.target}, {pk::Value, OutJson(o.value)}});
    nlohmann::json writebacks = nlohmann::json::array();
    for (const auto& w : s.writebacks) writebacks.push_back({{pk::Input, w.input}, {pk::Output, w.output}});
    segs.push_back({{pk::Kernel, s.kernel},
                    {pk::Module, s.module},
                    {pk::Function, s.function},
                    {pk::DefLine, s.def_line},
                    {pk::Block, s.block},
                    {pk::StmtBegin, s.stmt_begin},
                    {pk::StmtEnd, s.stmt_end},
                    {pk::Ops, RealOps(s.graph)},
                    {pk::Guards, guards},
                    {pk::Inputs, s.inputs},
                    {pk::ScalarInputs, s.scalar_inputs},
                    {pk::Outputs, outs},
                    {pk::Writebacks, writebacks}});
    if (s.interpret) segs.back()[pk::Interpret] = true;
    if (s.unplanned) segs.back()[pk::Unplanned] = true;
  }
  return {{pk::Version, 1}, {pk::Segments, segs}};
}

}  // namespace tcc::plan
