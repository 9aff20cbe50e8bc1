// Defines the compile step of the interpreter: AST module -> ModuleCode.
//
// Scope analysis (compile_scope.cpp) decides for every name in every function
// whether it is a frame slot, a closure cell, or a module global (falling back
// to a builtin), with Python's rules: a name assigned anywhere in a function
// body is local to it; a nested function reads its enclosing functions'
// locals through cells; class bodies do not form a scope for their methods.
// compile_expr.cpp / compile_stmt.cpp then build the resolved tree.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ast/ast.h"
#include "interp/code.h"

namespace tcc::interp {

// Compiles one parsed module. Throws TsError (with a range) for constructs the
// interpreter does not support, e.g. a `for` statement in a class body.
std::unique_ptr<ModuleCode> CompileModule(const ast::Module& module, const std::string& name);

// ---- internals shared by the compile_*.cpp files

struct Scope {
  bool is_function = false;
  Scope* parent = nullptr;
  std::vector<std::string> locals_order;
  std::unordered_set<std::string> locals;
  std::unordered_set<std::string> used;
  std::set<std::string> cells;
  std::vector<std::string> frees;
  std::unordered_map<std::string, int32_t> free_index;
  std::unordered_map<std::string, int32_t> slots;  // filled when compiling
  std::vector<std::unique_ptr<Scope>> children;
  std::set<std::string> globals, nonlocals;  // declared `global` / `nonlocal` in this function
  void AddLocal(const std::string& n) {
    if (globals.count(n) || nonlocals.count(n)) return;
    if (locals.insert(n).second) locals_order.push_back(n);
  }
};

// Builds the scope tree of a module; `by_def` maps each FunctionDef to its scope.
std::unique_ptr<Scope> AnalyzeScopes(const ast::Module& module,
                                     std::unordered_map<const ast::FunctionDef*, Scope*>& by_def);

class Compiler {
 public:
  Compiler(ModuleCode& mod, std::unordered_map<const ast::FunctionDef*, Scope*>& by_def)
      : mod_(mod), by_def_(by_def) {}
  XPtr Expr(const ast::Expr* e);
  XPtr Target(const ast::Expr* e);
  XPtr NameRef(const std::string& name, Range range);
  std::vector<SPtr> Block(const ast::Block& b);
  SPtr Stmt(const ast::Stmt* s);
  void set_scope(Scope* s) { scope_ = s; }

 private:
  FuncCode* Function(const ast::FunctionDef* d, const std::string& qual_prefix);
  ClassCode* Class(const ast::ClassDef* d);
  ModuleCode& mod_;
  std::unordered_map<const ast::FunctionDef*, Scope*>& by_def_;
  Scope* scope_ = nullptr;
  std::string qual_prefix_;
};

[[noreturn]] void CompileError(Range range, const std::string& message);

}  // namespace tcc::interp
