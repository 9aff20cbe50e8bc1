// The names of the interpreter's tensor methods (`x.sum`, `x.float`, ...),
// for tests/unit/builtins, which checks them against lang/semantics/builtins.def.
#pragma once

#include <string>
#include <vector>

namespace tcc::interp {

std::vector<std::string> TensorMethodNames();

}  // namespace tcc::interp
