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
  bool stdlib = false;  // found in the standard library, not next to the script
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

// Whether the program's own code (not the standard library's) computes
// gradients: it mentions `backward`, `autograd`, `grad_fn`, `retain_grad` or
// `is_leaf`. Only then do the interpreter and the tracer keep autograd's tape
// (runtime/interp/autograd.h); otherwise tensors are used as under
// torch.inference_mode (no grad_fn), in both modes.
bool UsesAutograd(const Program& program);
// The first such name: its module and position (line 0: none).
struct AutogradUse {
  const ProgramModule* module = nullptr;
  uint32_t line = 0, col = 0;
  std::string name;
};
AutogradUse FindAutogradUse(const Program& program);

}  // namespace tcc::ast
