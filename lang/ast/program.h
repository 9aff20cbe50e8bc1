// Defines a whole TensorScript program: the main script and every module it
// imports, transitively, each parsed once.
//
// modules[0] is the script, named "main"; the others follow in the order their
// first import was found (depth-first, in source order). Module names are the
// dotted names used in `import` (`nn`, `pkg.util`). Built by
// parse::LoadProgram; embedded in executables through ast/serialize.h.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"

namespace tcc::ast {

struct ProgramModule {
  std::string name;
  std::unique_ptr<Module> module;
};

struct Program {
  std::vector<ProgramModule> modules;

  // The module with this name, or null.
  const Module* Find(const std::string& name) const {
    for (const auto& m : modules) {
      if (m.name == name) return m.module.get();
    }
    return nullptr;
  }
  const Module& main() const { return *modules.front().module; }
};

}  // namespace tcc::ast
