// Defines the deterministic, human-readable AST printer (`tcc parse --dump-ast`).
//
// One node a line, children indented two spaces under their field name, each
// node with its start position `@line:col`, e.g.
//   FunctionDef fn @9:1
//     decorators:
//       CallExpr @8:2
//         func: NameExpr error_on_graph_break @8:2
//         args:
//           BoolLit True @8:22
//     params:
//       Param x @9:8
//     body: ...
// The output depends only on the tree, so golden tests and the serializer's
// round-trip test compare dumps.
#pragma once

#include <string>

#include "ast/ast.h"

namespace tcc::ast {

std::string DumpModule(const Module& m);
std::string DumpStmt(const Stmt& s, int indent = 0);
std::string DumpExpr(const Expr& e, int indent = 0);

}  // namespace tcc::ast
