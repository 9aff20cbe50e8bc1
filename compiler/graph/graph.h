// Defines the tensor graph IR: the compiled form of one graph region.
//
// A Graph is a list of Nodes in topological order (a node's inputs are
// produced by earlier nodes). Each node produces exactly one Value with a
// dtype and a shape whose dimensions are static or symbolic. Graph inputs are
// Input/ScalarInput nodes; `outputs` lists the values the region hands back
// to the interpreter. The tracer builds graphs; passes rewrite them; lower
// turns them into loop nests.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/source.h"
#include "semantics/dtype.h"
#include "semantics/ops.h"

namespace tcc::graph {

// Tensor dtypes are the semantics library's (lang/semantics/dtypes.def; = ts_dtype).
using sem::DType;
using sem::DTypeName;  // "float32", ...

// The op table (lang/semantics/ops.def) and its lookups are the semantics
// library's, shared with the runtime.
using sem::OpKind;
using sem::OpCategory;
using sem::DTypeRule;
using sem::OpSpelling;
using sem::CategoryOf;
using sem::DTypeRuleOf;
using sem::ElementCostOf;
using sem::UnaryResultDType;
// Ops that change state outside their value (the random generator): passes
// never merge, drop or reorder them.
inline bool HasSideEffect(OpKind op) { return CategoryOf(op) == OpCategory::Random; }
// View ops whose result shares its operand's storage, as torch's views do
// (flip is an index map in kernels but a copy in torch).
inline bool SharesStorage(OpKind op) { return CategoryOf(op) == OpCategory::View && op != OpKind::Flip; }


// One dimension: static when `sym < 0`, otherwise the symbolic size `s<sym>`
// (the same symbol means the same size everywhere in a graph).
struct Dim {
  int64_t size = 0;
  int32_t sym = -1;
  static Dim Static(int64_t n) { return Dim{n, -1}; }
  static Dim Symbolic(int32_t s) { return Dim{0, s}; }
  bool is_static() const { return sym < 0; }
  friend bool operator==(const Dim&, const Dim&) = default;
};
using Shape = std::vector<Dim>;

using ValueId = int32_t;

struct TensorType {
  DType dtype = DType::F32;
  Shape shape;
  friend bool operator==(const TensorType&, const TensorType&) = default;
};

struct Attrs {
  std::vector<int64_t> axes;     // reduce axes, transpose/permute order, squeeze dims
  int64_t axis = 0;              // slice/select/unsqueeze/cat/stack axis
  bool keepdim = false;
  std::vector<int64_t> ints;     // slice {start, stop, step}, select {index}
  double fvalue = 0;             // constant / full value
  std::vector<double> fvalues;   // arange {start, step}, linspace {start, stop}, small tensor data
  int32_t index = 0;             // Input: position in the inputs; ScalarInput: in scalars
};

struct Node {
  OpKind op = OpKind::Input;
  std::vector<ValueId> inputs;
  Attrs attrs;
  TensorType type;               // type of the value this node produces
  Loc loc;                       // the TensorScript construct it came from
  std::string name;              // for Input nodes: the access path ("x", "self.w1")
};

struct Graph {
  std::string name;              // unique within a program, e.g. "fn_g0"
  std::vector<Node> nodes;       // ValueId i is produced by nodes[i]
  std::vector<ValueId> outputs;
  const SourceFile* file = nullptr;
  // Symbolic sizes no input tensor has, read from a scalar input (`zeros(n)`
  // of a run-time int n): {symbol, scalar input index}.
  std::vector<std::pair<int32_t, int32_t>> size_scalars;

  ValueId Add(Node n) {
    nodes.push_back(std::move(n));
    return static_cast<ValueId>(nodes.size() - 1);
  }
  const TensorType& TypeOf(ValueId v) const { return nodes[v].type; }
  int NumTensorInputs() const;
  int NumScalarInputs() const;
};

}  // namespace tcc::graph
