// Defines the interpreter's compiled form of a module: the AST with every
// name resolved (frame slot, closure cell, module global or builtin), every
// attribute and keyword name interned, and literals turned into Values.
// Compile (compile.h) builds it once per module; the evaluator walks it.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "interp/value.h"

namespace tcc::interp {

struct Segment;  // plan.h

enum class XK : uint8_t {
  Const,      // constant
  Local,      // frame slot `slot`
  Cell,       // frame slot `slot` holds a CellObj
  Free,       // closure cell `slot` of the running function
  Global,     // module global `slot`; falls back to builtin `aux`
  List, Tuple, Dict,  // kids (Dict: k0, v0, k1, v1, ...)
  Slice,      // kids: lo, hi, step (null when absent)
  Subscript,  // kids: value, index
  Attr,       // kids: value; `slot` is the attribute symbol
  Call,       // kids: func, positional args..., keyword values...; kwnames (-1: `**d`);
              // op = 1 when an argument is `*xs` or `**d` (spliced at the call)
  Unary,      // op = ast::UnaryOp; kids: operand
  Binary,     // op = ast::BinOp; kids: lhs, rhs
  Compare,    // cmpops; kids: operands
  And, Or,    // kids: values
  IfExp,      // kids: body, test, orelse
  ListComp,   // kids: elt, then per clause target, iter, ifs...; kwnames: the ifs of each clause
  Lambda,     // func: the function `<lambda>`
  Starred,    // kids: value; `*value` in a display, a call or a target
};

struct FuncCode;
struct XNode;
using XPtr = std::unique_ptr<XNode>;
struct XNode {
  XK k = XK::Const;
  uint8_t op = 0;
  Range range;
  Loc op_loc;                    // Binary: the operator; Attr: the attribute name
  int32_t slot = -1;
  int32_t aux = -1;
  Value constant;
  std::vector<XPtr> kids;
  std::vector<int32_t> kwnames;  // Call: symbols of the trailing keyword args
  std::vector<uint8_t> cmpops;   // Compare: ast::CmpOp
  std::string name;              // Local/Cell/Free/Global: the source name (messages)
  const FuncCode* func = nullptr;  // Lambda (owned by ModuleCode)
};

enum class SK : uint8_t {
  Expr, Assign, AugAssign, Def, Class, Return, If, For, While, Break, Continue, Pass,
  With, Import, ImportFrom, Assert,
  Try,        // body, handlers, orelse, finalbody
  Raise,      // value: the exception (null: re-raise), test: the cause
  Del,        // targets
};

struct FuncCode;
struct ClassCode;
struct SNode;
using SPtr = std::unique_ptr<SNode>;
struct SNode {
  SK k = SK::Pass;
  uint8_t op = 0;                // AugAssign: ast::BinOp
  Range range;
  std::vector<XPtr> targets;     // Assign targets / AugAssign / For / With-as target
  XPtr value;                    // Expr, Assign, AugAssign, Return, For iter, With ctx, Assert msg
  XPtr test;                     // If, While, Assert
  std::vector<SPtr> body, orelse;  // For/While: orelse runs when no `break` ended the loop
  struct Handler { XPtr type; XPtr target; std::vector<SPtr> body; Range range; };
  std::vector<Handler> handlers;  // Try
  std::vector<SPtr> finalbody;    // Try
  FuncCode* func = nullptr;      // Def (owned by ModuleCode)
  ClassCode* cls = nullptr;      // Class (owned by ModuleCode)
  std::string module;            // Import/ImportFrom
  // Import: module `name` is imported and module `bound` stored in `target`
  // (`import a.b` binds a, `import a.b as c` a.b); ImportFrom: name -> target
  struct Bind { std::string name; XPtr target; Loc loc; std::string bound; };
  std::vector<Bind> binds;
  // For: plan segments starting before statement i of `body` (a rolled loop
  // whose body runs as kernels; filled in by AttachPlan).
  std::vector<std::vector<const Segment*>> segments_at;
};

struct ParamInfo {
  ast::ParamKind kind = ast::ParamKind::Normal;
  int32_t sym;
  int32_t slot;
  XNode* default_expr = nullptr;  // evaluated at def time in the enclosing scope
  Loc loc;
};

// How a nested function captures one free variable from the scope that
// defines it: that frame's cell slot, or that function's own free cell.
struct FreeRef { bool from_parent_free; int32_t index; };

struct ModuleCode;
struct FuncCode {
  std::string name;       // "forward"
  std::string qualname;   // "Model.forward"
  ModuleCode* module = nullptr;
  const ast::FunctionDef* def = nullptr;
  uint32_t def_line = 0;
  std::vector<ParamInfo> params;
  std::vector<XPtr> defaults;      // owners of ParamInfo::default_expr
  std::vector<XPtr> decorators;    // outermost first
  int32_t nslots = 0;
  std::vector<std::string> slot_names;
  std::vector<int32_t> cell_slots;  // slots holding cells, created at entry
  std::vector<FreeRef> freevars;
  std::vector<SPtr> body;
  // Execution plan: segments starting before top-level statement i
  // (filled in by AttachPlan; empty when the program has no plan).
  std::vector<std::vector<const Segment*>> segments_at;
};

struct ClassCode {
  std::string name;
  Range range;
  const ModuleCode* module = nullptr;
  uint32_t def_line = 0;  // as FuncCode::def_line: the line of the class name
  std::vector<XPtr> decorators, bases;
  struct Field { int32_t sym; XPtr default_expr; Loc loc; };
  std::vector<Field> fields;
  struct Attr { int32_t sym; XPtr value; FuncCode* method = nullptr; };
  std::vector<Attr> attrs;  // methods (method != null) and plain class attributes
};

struct ModuleCode {
  std::string name;  // "main" for the script, else the import name
  SourceFilePtr source;
  std::vector<std::string> global_names;
  std::unordered_map<std::string, int32_t> global_index;
  std::vector<SPtr> body;
  std::vector<std::unique_ptr<FuncCode>> funcs;
  std::vector<std::unique_ptr<ClassCode>> classes;
  int32_t GlobalSlot(const std::string& name);  // finds or adds
};

}  // namespace tcc::interp
