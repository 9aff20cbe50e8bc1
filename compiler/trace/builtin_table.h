// The tracer's reading of the builtins table (lang/semantics/builtins.def): which
// names it knows as tensor functions and methods, and the graph op of a row.
// tests/unit/builtins checks the interpreter registers the same names.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "graph/graph.h"
#include "semantics/builtins.h"

namespace tcc::trace {

// Rows with a function form that are not Python builtins (`exp`, `zeros`).
const std::set<std::string>& TableFunctions();
// Rows with a method form (`x.exp()`, `x.float()`).
const std::set<std::string>& TableMethods();
// The Python builtins the tracer knows (`len`, `range`, `abs`, ...).
const std::set<std::string>& PythonBuiltinNames();

// The row `name` is (lang/semantics/builtins.def; python_builtins.def), if
// any: a handler of several rows tells them apart by id, not by spelling.
inline std::optional<sem::BuiltinId> IdOf(std::string_view name) {
  const sem::BuiltinInfo* b = sem::FindBuiltin(name);
  return b ? std::optional<sem::BuiltinId>(b->id) : std::nullopt;
}
inline std::optional<sem::PyBuiltinId> PyIdOf(std::string_view name) {
  const sem::PyBuiltinInfo* b = sem::FindPyBuiltin(name);
  return b ? std::optional<sem::PyBuiltinId>(b->id) : std::nullopt;
}

// The graph op of a row of the given rule (Unary, Reduce, ...), if any.
std::optional<graph::OpKind> BuiltinOp(const std::string& name, sem::BuiltinRule rule);

}  // namespace tcc::trace
