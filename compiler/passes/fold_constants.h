// Defines the pass that evaluates at compile time every elementwise node whose
// operands are all 0-d scalar constants (turning it into a constant with the
// same type), and removes identities that cannot change a value or a type:
// x*1, x/1, x-0 and a cast to the operand's own type.
// Leaves replaced nodes dead; run EliminateDeadCode after it.
#pragma once

#include "graph/graph.h"

namespace tcc::passes {

bool FoldConstants(graph::Graph& g);  // true if anything was folded

}  // namespace tcc::passes
