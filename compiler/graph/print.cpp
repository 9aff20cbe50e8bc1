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

std::string AttrText(const Node& n) {
  const auto& a = n.attrs;
  switch (n.op) {
    case OpKind::Take: case OpKind::Gather: return " axis=" + std::to_string(a.axis);
    case OpKind::Flip: return " axes=" + Ints(a.axes);
    case OpKind::Input: return " #" + std::to_string(a.index) + " \"" + n.name + "\"";
    case OpKind::ScalarInput:
      return " #" + std::to_string(a.index) + (n.name.empty() ? "" : " \"" + n.name + "\"");
    case OpKind::Constant:
    case OpKind::Full:
      if (!a.fvalues.empty()) {
        std::string s = " [";
        for (size_t i = 0; i < a.fvalues.size(); ++i) s += (i ? ", " : "") + FormatNumber(a.fvalues[i]);
        return s + "]";
      }
      return " " + FormatNumber(a.fvalue);
    case OpKind::Round: return a.ints.empty() || a.ints[0] == 0 ? "" : " decimals=" + std::to_string(a.ints[0]);
    case OpKind::RandInt: return a.ints.size() == 2 ? " [" + std::to_string(a.ints[0]) + ", " + std::to_string(a.ints[1]) + ")" : "";
    case OpKind::RandPerm: return "";
    case OpKind::NanToNum:
    case OpKind::Arange:
    case OpKind::Linspace: {
      std::string s;
      for (double v : a.fvalues) s += " " + FormatNumber(v);
      return s;
    }
    case OpKind::Neg: case OpKind::Abs: case OpKind::Exp: case OpKind::Log: case OpKind::Sqrt: case OpKind::Rsqrt:
    case OpKind::Sin: case OpKind::Cos: case OpKind::Tanh: case OpKind::Sigmoid: case OpKind::Relu:
    case OpKind::Gelu: case OpKind::Not: case OpKind::BitNot: case OpKind::Add: case OpKind::Sub: case OpKind::Mul:
    case OpKind::Div: case OpKind::FloorDiv: case OpKind::Mod: case OpKind::Pow: case OpKind::Maximum:
    case OpKind::Minimum: case OpKind::Eq: case OpKind::Ne: case OpKind::Lt: case OpKind::Le: case OpKind::Gt:
    case OpKind::Ge: case OpKind::And: case OpKind::Or: case OpKind::Xor: case OpKind::Where: case OpKind::Clamp:
    case OpKind::Sum: case OpKind::Mean: case OpKind::Max: case OpKind::Min: case OpKind::Prod: case OpKind::ArgMax:
    case OpKind::ArgMin: case OpKind::All: case OpKind::Any: case OpKind::MatMul: case OpKind::Transpose:
    case OpKind::Permute: case OpKind::Reshape: case OpKind::Expand: case OpKind::Slice: case OpKind::Select:
    case OpKind::Unsqueeze: case OpKind::Squeeze: case OpKind::Cat: case OpKind::Stack: case OpKind::Eye:
    case OpKind::Erf: case OpKind::Log1p: case OpKind::Expm1: case OpKind::Log2: case OpKind::Exp2: case OpKind::Tan: case OpKind::Asin: case OpKind::Acos: case OpKind::Atan: case OpKind::Sinh:  // issue 11
    case OpKind::Cosh: case OpKind::Reciprocal: case OpKind::Floor: case OpKind::Ceil: case OpKind::Trunc: case OpKind::Sign: case OpKind::IsNan: case OpKind::IsInf: case OpKind::Atan2: case OpKind::Lerp:
    case OpKind::CumSum: case OpKind::CumProd:  // issue 11
    case OpKind::Cast: case OpKind::Rand: case OpKind::RandN:
    case OpKind::Conv: case OpKind::MaxPool: case OpKind::AvgPool: case OpKind::AdaptiveAvgPool: case OpKind::Pad:
    case OpKind::Sort: case OpKind::Scatter: break;
  }
  switch (CategoryOf(n.op)) {
    case OpCategory::Reduce:
      return " axes=" + Ints(a.axes) + (a.keepdim ? " keepdim" : "");
    case OpCategory::Join:
    case OpCategory::Scan: return " axis=" + std::to_string(a.axis);
    case OpCategory::Index: return "";
    case OpCategory::View:
      switch (n.op) {
        case OpKind::Take: case OpKind::Gather: case OpKind::Flip: return "";
        case OpKind::Transpose:
        case OpKind::Permute:
        case OpKind::Squeeze: return " axes=" + Ints(a.axes);
        case OpKind::Slice:
        case OpKind::Select: return " axis=" + std::to_string(a.axis) + " " + Ints(a.ints);
        case OpKind::Unsqueeze: return " axis=" + std::to_string(a.axis);
        case OpKind::Input: case OpKind::ScalarInput: case OpKind::Constant: case OpKind::Neg: case OpKind::Abs:
        case OpKind::Exp: case OpKind::Log: case OpKind::Sqrt: case OpKind::Rsqrt: case OpKind::Sin:
        case OpKind::Cos: case OpKind::Tanh: case OpKind::Sigmoid: case OpKind::Relu: case OpKind::Gelu:
        case OpKind::Not: case OpKind::BitNot: case OpKind::Add: case OpKind::Sub: case OpKind::Mul:
        case OpKind::Div: case OpKind::FloorDiv: case OpKind::Mod: case OpKind::Pow: case OpKind::Maximum:
        case OpKind::Minimum: case OpKind::Eq: case OpKind::Ne: case OpKind::Lt: case OpKind::Le: case OpKind::Gt:
        case OpKind::Ge: case OpKind::And: case OpKind::Or: case OpKind::Xor: case OpKind::Where: case OpKind::Clamp:
        case OpKind::Sum: case OpKind::Mean: case OpKind::Max: case OpKind::Min: case OpKind::Prod:
        case OpKind::ArgMax: case OpKind::ArgMin: case OpKind::All: case OpKind::Any: case OpKind::MatMul:
        case OpKind::Reshape: case OpKind::Expand: case OpKind::Cat: case OpKind::Stack: case OpKind::Full:
        case OpKind::Arange: case OpKind::Linspace: case OpKind::Eye: case OpKind::Cast: case OpKind::Rand:
        case OpKind::Erf: case OpKind::Log1p: case OpKind::Expm1: case OpKind::Log2: case OpKind::Exp2: case OpKind::Tan: case OpKind::Asin: case OpKind::Acos: case OpKind::Atan: case OpKind::Sinh: case OpKind::Cosh:  // issue 11
        case OpKind::Reciprocal: case OpKind::Floor: case OpKind::Ceil: case OpKind::Trunc: case OpKind::Round: case OpKind::Sign: case OpKind::NanToNum: case OpKind::IsNan: case OpKind::IsInf: case OpKind::Atan2: case OpKind::Lerp:
    case OpKind::CumSum: case OpKind::CumProd:  // issue 11
        case OpKind::RandN: case OpKind::RandInt: case OpKind::RandPerm:
    case OpKind::Conv: case OpKind::MaxPool: case OpKind::AvgPool: case OpKind::AdaptiveAvgPool: case OpKind::Pad:
    case OpKind::Sort: case OpKind::Scatter: return "";
      }
      return "";
    case OpCategory::Input: case OpCategory::Constant: case OpCategory::Unary: case OpCategory::Binary:
    case OpCategory::Ternary: case OpCategory::Contract: case OpCategory::Create: case OpCategory::Cast:
    case OpCategory::Random: return "";
    case OpCategory::Window:
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
