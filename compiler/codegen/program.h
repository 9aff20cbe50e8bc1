// Defines the IR that turns a module of kernels into a program: the
// `ts_program` descriptor of ts_runtime.h (serialized AST, plan JSON, kernel
// table, version) and `int main(argc, argv)` calling ts_rt_main.
#pragma once

#include <string>
#include <vector>

#include <llvm/IR/Module.h>

namespace tcc::codegen {

struct ProgramParts {
  std::string ast_blob;                  // lang/ast/serialize.h
  std::string plan_json;                 // runtime/README.md
  std::vector<std::string> kernel_names; // functions already defined in the module
  // Per kernel name, the function that implements it when another kernel's
  // code is identical (dedupe.h); empty or "": the function of that name.
  std::vector<std::string> kernel_impls;
  std::string version;
};

void EmitProgram(llvm::Module& m, const ProgramParts& parts);

}  // namespace tcc::codegen
