// Defines the one list of each expression kind's sub-expressions, so passes
// that walk expressions (renaming, collecting names, scope analysis) handle
// only the kinds they care about and recurse through the rest.
#pragma once

#include <functional>

#include "ast/ast.h"

namespace tcc::ast {

// Calls fn on every direct sub-expression of e that is present, in source
// order (for a comprehension: the element, then each clause's target, iterable
// and conditions; for a lambda: its parameters' defaults, not its body).
void ForEachChild(Expr& e, const std::function<void(Expr&)>& fn);
void ForEachChild(const Expr& e, const std::function<void(const Expr&)>& fn);

}  // namespace tcc::ast
