// The identity of a `def` or `class` statement, as execution-plan guards name
// it (runtime/README.md, "Execution plan"): "module.name@line", the line of
// the `def`/`class` keyword's name (below any decorators). The tracer writes
// it for the functions, classes and instances a compiled segment assumed;
// the interpreter computes it from its FuncCode/ClassCode to check them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tcc::sem {

inline std::string DefIdentity(std::string_view module, std::string_view name, uint32_t line) {
  return std::string(module) + "." + std::string(name) + "@" + std::to_string(line);
}

}  // namespace tcc::sem
