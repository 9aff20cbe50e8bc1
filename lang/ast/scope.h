// Defines Python's rule for which names are local to a function: a name bound
// anywhere in the body (assignment, augmented assignment, `for` target, `with
// ... as`, `def`, `class`, `import`, a comprehension's renamed targets) or a
// parameter is local everywhere in it, so reading it before it is bound is an
// UnboundLocalError even when a global or builtin has that name.
#pragma once

#include <set>
#include <string>

#include "ast/ast.h"

namespace tcc::ast {

// The local names of `fn` (parameters included); nested functions and
// lambdas have their own scopes and add nothing.
// Names the body declares `global` or `nonlocal` are not local.
std::set<std::string> LocalNames(const FunctionDef& fn);

// The names `fn`'s body (not its nested functions) declares with `kind`
// (StmtKind::GlobalStmt or StmtKind::NonlocalStmt).
std::set<std::string> DeclaredNames(const FunctionDef& fn, StmtKind kind);

}  // namespace tcc::ast
