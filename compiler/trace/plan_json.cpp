// Implements PlanToJson: the execution plan of runtime/README.md.
#include <nlohmann/json.hpp>

#include "trace/trace.h"
#include "trace/value.h"

namespace tcc::trace {

namespace {
nlohmann::json OutJson(const OutValue& v) {
  switch (v.kind) {
    case OutValue::Tensor: return {{"kind", "tensor"}, {"index", v.index}};
    case OutValue::Input: return {{"kind", "input"}, {"index", v.index}};
    case OutValue::Const: return {{"kind", "const"}, {"value", nlohmann::json::parse(v.const_json)}};
    case OutValue::Tuple: case OutValue::List: case OutValue::Set: {
      nlohmann::json items = nlohmann::json::array();
      for (const auto& x : v.items) items.push_back(OutJson(x));
      nlohmann::json j = {{"kind", v.kind == OutValue::Tuple ? "tuple" : v.kind == OutValue::Set ? "set" : "list"},
                          {"items", items}};
      if (!v.keys.empty()) j["fields"] = v.keys;  // a named tuple
      if (!v.class_name.empty()) j["name"] = v.class_name;  // its type, or torch.Size
      return j;
    }
    case OutValue::Object: case OutValue::Dict: {
      nlohmann::json items = nlohmann::json::array();
      for (size_t i = 0; i < v.items.size(); ++i) {
        nlohmann::json key = v.kind == OutValue::Object ? nlohmann::json(v.keys[i]) : nlohmann::json::parse(v.keys[i]);
        items.push_back({{"key", key}, {"value", OutJson(v.items[i])}});
      }
      if (v.kind == OutValue::Dict) return {{"kind", "dict"}, {"items", items}};
      return {{"kind", "object"}, {"module", v.class_module}, {"class", v.class_name}, {"attrs", items}};
    }
    case OutValue::Path: return {{"kind", "path"}, {"path", v.path}};
    case OutValue::View: {
      nlohmann::json steps = nlohmann::json::array();
      for (const auto& st : v.views)
        steps.push_back({{"op", graph::OpSpelling(st.op)}, {"axis", st.attrs.axis}, {"axes", st.attrs.axes},
                         {"ints", st.attrs.ints}, {"shape", st.shape}});
      return {{"kind", "view"}, {v.of_output ? "output" : "input", v.index}, {"views", steps}};
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

nlohmann::json PlanToJson(const TraceResult& result) {
  nlohmann::json segs = nlohmann::json::array();
  for (const Segment& s : result.segments) {
    nlohmann::json guards = nlohmann::json::array();
    for (const Guard& g : s.guards) {
      nlohmann::json j = {{"path", g.path}, {"kind", g.kind}};
      if (g.kind == "tensor") {
        j["dtype"] = DTypeSpelling(g.type.dtype);
        nlohmann::json shape = nlohmann::json::array();
        for (size_t i = 0; i < g.type.shape.size(); ++i) {
          const auto& d = g.type.shape[i];
          if (d.is_static()) shape.push_back(d.size);
          else shape.push_back(i < g.shape.size() ? g.shape[i] : "s" + std::to_string(d.sym));  // "s0" or "s0<=16"
        }
        j["shape"] = shape;
      } else if (g.kind == "same") {
        j["as"] = g.same_as;
      } else if (g.kind != "none") {
        j["value"] = nlohmann::json::parse(g.value_json);
      }
      guards.push_back(j);
    }
    nlohmann::json outs = nlohmann::json::array();
    for (const auto& o : s.outputs) outs.push_back({{"target", o.target}, {"value", OutJson(o.value)}});
    nlohmann::json writebacks = nlohmann::json::array();
    for (const auto& w : s.writebacks) writebacks.push_back({{"input", w.input}, {"output", w.output}});
    segs.push_back({{"kernel", s.kernel},
                    {"module", s.module},
                    {"function", s.function},
                    {"def_line", s.def_line},
                    {"block", s.block},
                    {"stmt_begin", s.stmt_begin},
                    {"stmt_end", s.stmt_end},
                    {"ops", RealOps(s.graph)},
                    {"guards", guards},
                    {"inputs", s.inputs},
                    {"scalar_inputs", s.scalar_inputs},
                    {"outputs", outs},
                    {"writebacks", writebacks}});
    if (s.interpret) segs.back()["interpret"] = true;
    if (s.unplanned) segs.back()["unplanned"] = true;
  }
  return {{"version", 1}, {"segments", segs}};
}

}  // namespace tcc::trace
