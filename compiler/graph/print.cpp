// Implements PrintGraph: one line per node, attributes in a fixed order.
#include "graph/print.h"

#include <cctype>
#include <charconv>
#include <cmath>

#include "graph/shape.h"
#include "semantics/scatter.h"

namespace tcc::graph {

namespace {

std::string Ints(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

// A constant's (or full's) value: its one number, or its small tensor's list.
std::string ConstValues(const Attrs& a) {
  if (a.fvalues.empty()) return " " + FormatNumber(a.fvalue);
  std::string s = " [";
  for (size_t i = 0; i < a.fvalues.size(); ++i) s += (i ? ", " : "") + FormatNumber(a.fvalues[i]);
  return s + "]";
}

// The numbers a factory or nan_to_num reads (arange's start, step; ...).
std::string ListValues(const Attrs& a) {
  std::string s;
  for (double v : a.fvalues) s += " " + FormatNumber(v);
  return s;
}

std::string ViewAttrs(const Node& n) {
  const auto& a = n.attrs;
  switch (n.op) {
    case OpKind::Flip: case OpKind::Transpose: case OpKind::Permute: case OpKind::Squeeze:
      return " axes=" + Ints(a.axes);
    case OpKind::Slice: case OpKind::Select: return " axis=" + std::to_string(a.axis) + " " + Ints(a.ints);
    case OpKind::Unsqueeze: return " axis=" + std::to_string(a.axis);
    case OpKind::Reshape: case OpKind::Expand: return "";  // the result type says it all
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1
#include "semantics/op_cases.inc"
      return "";
  }
  return "";
}

std::string WindowAttrs(const Node& n) {
  const auto& a = n.attrs;
  if (n.op == OpKind::Sort)
    return " axis=" + std::to_string(a.axis) + (a.ints.size() == 2 && a.ints[0] ? " descending" : "") +
           (a.ints.size() == 2 && a.ints[1] >= 0 ? " k=" + std::to_string(a.ints[1]) : "");
  if (n.op == OpKind::Scatter) {
    std::string out = " axis=" + std::to_string(a.axis);
    const sem::ScatterModeRow* row = sem::FindScatterMode(a.ints.empty() ? 0 : a.ints[0]);
    if (row && row->mode != sem::ScatterMode::Assign) {
      out += " ";
      for (char ch : row->name) out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
    if (a.ints.size() > 1 && !a.ints[1]) out += " exclude_self";
    return out;
  }
  if (n.op == OpKind::Pad)
    return " pad=" + Ints(a.ints) + " mode=" + std::to_string(a.axis) + " value=" + FormatNumber(a.fvalue);
  return " spatial=" + std::to_string(a.axis) + " params=" + Ints(a.ints);
}

// The attributes a node's category carries (ops.def's Category column).
std::string AttrText(const Node& n) {
  const auto& a = n.attrs;
  switch (CategoryOf(n.op)) {
    case OpCategory::Input:  // a scalar input may be unnamed
      return " #" + std::to_string(a.index) + (n.op == OpKind::Input || !n.name.empty() ? " \"" + n.name + "\"" : "");
    case OpCategory::Constant: return ConstValues(a);
    case OpCategory::Create:
      if (n.op == OpKind::Full) return ConstValues(a);
      return n.op == OpKind::Eye ? "" : ListValues(a);  // arange, linspace
    case OpCategory::Unary:
      if (n.op == OpKind::Round) return a.ints.empty() || a.ints[0] == 0 ? "" : " decimals=" + std::to_string(a.ints[0]);
      return n.op == OpKind::NanToNum ? ListValues(a) : "";
    case OpCategory::Random:
      if (n.op == OpKind::RandInt && a.ints.size() == 2)
        return " [" + std::to_string(a.ints[0]) + ", " + std::to_string(a.ints[1]) + ")";
      return "";
    case OpCategory::Reduce: return " axes=" + Ints(a.axes) + (a.keepdim ? " keepdim" : "");
    case OpCategory::Join: case OpCategory::Scan: case OpCategory::Index: return " axis=" + std::to_string(a.axis);
    case OpCategory::View: return ViewAttrs(n);
    case OpCategory::Window: return WindowAttrs(n);
    case OpCategory::Binary: case OpCategory::Ternary: case OpCategory::Contract: case OpCategory::Cast: return "";
  }
  return "";
}

}  // namespace

std::string FormatNumber(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string PrintNode(const Graph& g, ValueId id) {
  const Node& n = g.nodes[id];
  std::string s = "%" + std::to_string(id) + " = " + OpSpelling(n.op);
  for (size_t i = 0; i < n.inputs.size(); ++i) s += (i ? ", %" : " %") + std::to_string(n.inputs[i]);
  s += AttrText(n);
  s += " : " + TypeString(n.type);
  if (n.loc.valid()) s += "  // line " + std::to_string(n.loc.line);
  return s;
}

std::string PrintGraph(const Graph& g) {
  std::string s = "graph " + g.name + " {\n";
  for (size_t i = 0; i < g.nodes.size(); ++i) s += "  " + PrintNode(g, static_cast<ValueId>(i)) + "\n";
  s += "  return";
  for (size_t i = 0; i < g.outputs.size(); ++i) s += (i ? ", %" : " %") + std::to_string(g.outputs[i]);
  return s + "\n}\n";
}

}  // namespace tcc::graph
