// Implements BuildGraph and BuildRegionGraph: the graph::Graph of a slice
// of the tape, its inputs named by access paths (segments) or by value
// (explain's regions).
#include <functional>
#include <unordered_map>

#include "trace/segment_paths.h"

namespace tcc::trace {

namespace {

graph::TensorType ScalarType(const Value& v) {
  graph::TensorType t;
  t.dtype = v.kind == VK::Float ? graph::DType::F64 : v.kind == VK::Bool ? graph::DType::Bool : graph::DType::I64;
  return t;
}

// A symbolic size of `shape` that a run-time int made (`zeros(n)`) is read
// from that int's scalar input, so the kernel knows it (Graph::size_scalars).
void BindSizeScalars(Tracer& t, const graph::Shape& shape, graph::Graph& g,
                     const std::function<std::optional<graph::ValueId>(const ValuePtr&)>& input_of) {
  for (const graph::Dim& d : shape) {
    if (d.is_static() || t.size_values.empty()) continue;
    bool bound = false;
    for (const auto& [sym, index] : g.size_scalars) bound |= sym == d.sym;
    if (bound) continue;
    ValuePtr v;
    if (auto it = t.size_values.find(d.sym); it != t.size_values.end()) v = it->second;
    for (auto it = t.size_values.begin(); !v && it != t.size_values.end(); ++it)
      if (t.syms.Resolve(graph::Dim::Symbolic(it->first)).sym == d.sym) v = it->second;
    if (!v) continue;
    auto id = input_of(v);
    if (id && g.nodes[*id].op == graph::OpKind::ScalarInput) g.size_scalars.emplace_back(d.sym, g.nodes[*id].attrs.index);
  }
}

// Builds the graph of tape[b, e). `path_of` names a value read from outside
// the range (empty: cannot). Returns false when some input has no name.
}  // namespace

bool BuildGraph(Tracer& t, size_t b, size_t e, const std::function<std::string(const ValuePtr&)>& path_of,
                graph::Graph& g, std::unordered_map<const Value*, graph::ValueId>& ids,
                std::vector<std::string>& inputs, std::vector<std::string>& scalar_inputs,
                std::vector<ValuePtr>& input_values, const std::vector<uint8_t>* keep) {
  std::unordered_map<std::string, graph::ValueId> scalar_ids;
  std::function<std::optional<graph::ValueId>(const ValuePtr&)> input_of;
  input_of = [&](const ValuePtr& v) -> std::optional<graph::ValueId> {
    auto it = ids.find(v.get());
    if (it != ids.end()) return it->second;
    graph::Node n;
    if (v->kind == VK::Tensor) {
      if (!v->rank_known) return std::nullopt;
      std::string p = path_of(v);
      if (p.empty()) return std::nullopt;
      n.op = graph::OpKind::Input;
      n.type = v->type;
      n.type.shape = t.syms.Resolve(n.type.shape);
      n.name = p;
      n.attrs.index = static_cast<int32_t>(inputs.size());
      inputs.push_back(p);
      input_values.push_back(v);
    } else if (v->is_number() && v->known) {
      n.op = graph::OpKind::Constant;
      n.type = ScalarType(*v);
      n.attrs.fvalue = v->as_double();
      graph::ValueId id = g.Add(n);
      return id;  // constants are not shared: each use is its own node
    } else if (v->is_number()) {
      std::string p = path_of(v);
      if (p.empty() && v->num_op) {  // made from others (`i + 1`): computed here, from their nodes
        n.op = *v->num_op;
        n.type = graph::TensorType{v->kind == VK::Float  ? graph::DType::F64
                                   : v->kind == VK::Bool ? graph::DType::Bool
                                                         : graph::DType::I64,
                                   {}};
        for (const auto& x : v->num_args) {
          auto id = input_of(x);
          if (!id) return std::nullopt;
          if (graph::CategoryOf(n.op) == graph::OpCategory::Unary && g.nodes[*id].type.dtype != n.type.dtype) {
            graph::Node c;  // a unary op keeps its operand's dtype: an int scalar input (a double) as int64 first
            c.op = graph::OpKind::Cast;
            c.type = n.type;
            c.inputs = {*id};
            id = g.Add(c);
          }
          n.inputs.push_back(*id);
        }
        graph::ValueId id = g.Add(n);
        ids[v.get()] = id;
        return id;
      }
      if (p.empty()) return std::nullopt;
      n.op = graph::OpKind::ScalarInput;
      n.type = graph::TensorType{graph::DType::F64, {}};
      n.name = p;
      n.attrs.index = static_cast<int32_t>(scalar_inputs.size());
      scalar_inputs.push_back(p);
    } else {
      return std::nullopt;
    }
    graph::ValueId id = g.Add(n);
    ids[v.get()] = id;
    return id;
  };
  for (size_t i = b; i < e; ++i) {
    if (keep && (*keep)[i] != 1) continue;  // not compiled, or dead code (2)
    const TapeOp& op = t.tape[i];
    graph::Node n;
    n.op = op.op;
    n.attrs = op.attrs;
    n.loc = op.loc;
    for (const auto& in : op.inputs) {
      auto id = input_of(in);
      if (!id) return false;
      n.inputs.push_back(*id);
    }
    if (!op.out->rank_known) return false;
    n.type = op.out->type;
    n.type.shape = t.syms.Resolve(n.type.shape);
    ids[op.out.get()] = g.Add(n);
    BindSizeScalars(t, n.type.shape, g, input_of);
  }
  return true;
}
graph::Graph BuildRegionGraph(Tracer& t, size_t begin, size_t end, const std::string& name,
                              const std::vector<uint8_t>* keep) {
  graph::Graph g;
  g.name = name;
  if (!t.tape.empty() && begin < t.tape.size()) g.file = t.tape[begin].file;
  std::unordered_map<const Value*, graph::ValueId> ids;
  std::unordered_map<const Value*, int> names;
  std::vector<std::string> inputs, scalars;
  std::vector<ValuePtr> input_values;
  BuildGraph(t, begin, end, [&](const ValuePtr& v) {
    auto it = names.emplace(v.get(), static_cast<int>(names.size())).first;
    return std::string(v->kind == VK::Tensor ? "t" : "n") + std::to_string(it->second);
  }, g, ids, inputs, scalars, input_values, keep);
  return g;
}

}  // namespace tcc::trace
