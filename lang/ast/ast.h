// Defines the TensorScript abstract syntax tree.
//
// The parse phase builds this tree straight from the ANTLR parse tree; no later
// phase sees ANTLR. Every node carries the source Range it came from. Nodes own
// their children through unique_ptr; a Module owns all its statements.
//
// Node classes are listed in node_kinds.def. Use `isa<T>` / `cast<T>` /
// `dyn_cast<T>` (below) to inspect a node's class.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/source.h"

namespace tcc::ast {

enum class ExprKind : uint8_t {
#define TCC_EXPR(Name) Name,
#include "ast/node_kinds.def"
};
enum class StmtKind : uint8_t {
#define TCC_STMT(Name) Name,
#include "ast/node_kinds.def"
};

const char* ExprKindName(ExprKind k);
const char* StmtKindName(StmtKind k);

struct Node {
  Range range;
  Loc loc() const { return range.begin; }
};

struct Expr : Node {
  explicit Expr(ExprKind k) : kind(k) {}
  virtual ~Expr() = default;
  const ExprKind kind;
};
using ExprPtr = std::unique_ptr<Expr>;

struct Stmt : Node {
  explicit Stmt(StmtKind k) : kind(k) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

// ---------------------------------------------------------------- expressions

struct NameExpr : Expr {
  NameExpr() : Expr(ExprKind::NameExpr) {}
  std::string name;
};
struct IntLit : Expr {
  IntLit() : Expr(ExprKind::IntLit) {}
  int64_t value = 0;
  std::string big;  // the decimal digits of a literal beyond int64 (then value is 0), else empty
};
struct FloatLit : Expr {
  FloatLit() : Expr(ExprKind::FloatLit) {}
  double value = 0;
};
struct BoolLit : Expr {
  BoolLit() : Expr(ExprKind::BoolLit) {}
  bool value = false;
};
struct NoneLit : Expr {
  NoneLit() : Expr(ExprKind::NoneLit) {}
};
struct StrLit : Expr {
  StrLit() : Expr(ExprKind::StrLit) {}
  std::string value;  // decoded (escapes resolved, quotes removed)
};
struct EllipsisLit : Expr {
  EllipsisLit() : Expr(ExprKind::EllipsisLit) {}
};
struct ListExpr : Expr {
  ListExpr() : Expr(ExprKind::ListExpr) {}
  std::vector<ExprPtr> elts;
};
struct TupleExpr : Expr {
  TupleExpr() : Expr(ExprKind::TupleExpr) {}
  std::vector<ExprPtr> elts;
  bool parenthesized = false;
};
struct DictExpr : Expr {
  DictExpr() : Expr(ExprKind::DictExpr) {}
  std::vector<ExprPtr> keys;  // a null key: `**values[i]` splices a dict in
  std::vector<ExprPtr> values;
};
// `lower:upper:step` inside brackets; absent parts are null.
struct SliceExpr : Expr {
  SliceExpr() : Expr(ExprKind::SliceExpr) {}
  ExprPtr lower, upper, step;
};
// value[index]. With several comma-separated indices, `index` is a TupleExpr.
struct SubscriptExpr : Expr {
  SubscriptExpr() : Expr(ExprKind::SubscriptExpr) {}
  ExprPtr value;
  ExprPtr index;
};
struct AttributeExpr : Expr {
  AttributeExpr() : Expr(ExprKind::AttributeExpr) {}
  ExprPtr value;
  std::string attr;
  Loc attr_loc;  // where the attribute name starts
};
// `name=value`; an empty name is `**value` (a dict spliced into the keywords).
struct Keyword {
  std::string name;
  ExprPtr value;
  Loc loc;
};
struct CallExpr : Expr {
  CallExpr() : Expr(ExprKind::CallExpr) {}
  ExprPtr func;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
};

enum class UnaryOp : uint8_t { Neg, Pos, Invert, Not };
const char* UnaryOpSpelling(UnaryOp op);  // "-", "+", "~", "not"
struct UnaryExpr : Expr {
  UnaryExpr() : Expr(ExprKind::UnaryExpr) {}
  UnaryOp op = UnaryOp::Neg;
  ExprPtr operand;
};

enum class BinOp : uint8_t {
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, LShift, RShift
};
const char* BinOpSpelling(BinOp op);  // "+", "@", ...
struct BinaryExpr : Expr {
  BinaryExpr() : Expr(ExprKind::BinaryExpr) {}
  BinOp op = BinOp::Add;
  ExprPtr lhs, rhs;
  Loc op_loc;  // where the operator token is
};

enum class CmpOp : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
const char* CmpOpSpelling(CmpOp op);
// a < b <= c: ops = {Lt, LtE}, operands = {a, b, c}.
struct CompareExpr : Expr {
  CompareExpr() : Expr(ExprKind::CompareExpr) {}
  std::vector<CmpOp> ops;
  std::vector<ExprPtr> operands;
};

enum class BoolOp : uint8_t { And, Or };
const char* BoolOpSpelling(BoolOp op);  // "and", "or"
struct BoolOpExpr : Expr {
  BoolOpExpr() : Expr(ExprKind::BoolOpExpr) {}
  BoolOp op = BoolOp::And;
  std::vector<ExprPtr> values;
};
struct IfExpr : Expr {
  IfExpr() : Expr(ExprKind::IfExpr) {}
  ExprPtr body, test, orelse;  // body if test else orelse
};
// One `for target in iter if c1 if c2` clause of a comprehension.
struct Comprehension {
  ExprPtr target;              // names, tuples or lists of names
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};
// [elt for ... for ... if ...]: the clauses nest left to right. The builder
// renames the names the clauses bind apart from every other name (`x` ->
// `x#3`), so they act as the comprehension's own scope (Python 3) while every
// later phase treats them as ordinary locals.
struct ListCompExpr : Expr {
  ListCompExpr() : Expr(ExprKind::ListCompExpr) {}
  ExprPtr elt;
  std::vector<Comprehension> generators;
};

struct FunctionDef;
// lambda params: expr, as the function `<lambda>` whose body returns expr.
struct LambdaExpr : Expr {
  LambdaExpr();
  ~LambdaExpr() override;
  std::unique_ptr<FunctionDef> fn;
};

// `*value`: spliced into a list or tuple display or a call's positional
// arguments; as an assignment target it takes the rest as a list.
struct StarredExpr : Expr {
  StarredExpr() : Expr(ExprKind::StarredExpr) {}
  ExprPtr value;
};

// ----------------------------------------------------------------- statements

struct ExprStmt : Stmt {
  ExprStmt() : Stmt(StmtKind::ExprStmt) {}
  ExprPtr value;
};
// targets[0] = targets[1] = ... = value
struct AssignStmt : Stmt {
  AssignStmt() : Stmt(StmtKind::AssignStmt) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
};
struct AugAssignStmt : Stmt {
  AugAssignStmt() : Stmt(StmtKind::AugAssignStmt) {}
  ExprPtr target;
  BinOp op = BinOp::Add;
  ExprPtr value;
};
// target: annotation [= value]
struct AnnAssignStmt : Stmt {
  AnnAssignStmt() : Stmt(StmtKind::AnnAssignStmt) {}
  ExprPtr target;
  ExprPtr annotation;
  ExprPtr value;  // may be null
};

// Normal: positional or keyword; KwOnly: after `*` or `*args`; VarArgs:
// `*args` (a tuple of the extra positionals); VarKw: `**kwargs` (a dict).
enum class ParamKind : uint8_t { Normal, KwOnly, VarArgs, VarKw };
const char* ParamKindName(ParamKind k);
struct Param {
  ParamKind kind = ParamKind::Normal;
  std::string name;
  ExprPtr annotation;  // may be null
  ExprPtr default_value;  // may be null
  Loc loc;
};
struct FunctionDef : Stmt {
  FunctionDef() : Stmt(StmtKind::FunctionDef) {}
  std::string name;
  Loc name_loc;
  std::vector<ExprPtr> decorators;  // outermost first, as written
  std::vector<Param> params;
  ExprPtr returns;  // may be null
  Block body;
};
struct ClassDef : Stmt {
  ClassDef() : Stmt(StmtKind::ClassDef) {}
  std::string name;
  Loc name_loc;
  std::vector<ExprPtr> decorators;
  std::vector<ExprPtr> bases;
  Block body;
};
struct ReturnStmt : Stmt {
  ReturnStmt() : Stmt(StmtKind::ReturnStmt) {}
  ExprPtr value;  // may be null
};
struct IfStmt : Stmt {
  IfStmt() : Stmt(StmtKind::IfStmt) {}
  ExprPtr test;
  Block body;
  Block orelse;  // `elif` is a single nested IfStmt here
  bool orelse_is_elif = false;
};
struct ForStmt : Stmt {
  ForStmt() : Stmt(StmtKind::ForStmt) {}
  ExprPtr target;  // a NameExpr or a TupleExpr of names
  ExprPtr iter;
  Block body;
  Block orelse;  // runs when the loop ends without `break`
};
struct WhileStmt : Stmt {
  WhileStmt() : Stmt(StmtKind::WhileStmt) {}
  ExprPtr test;
  Block body;
  Block orelse;  // runs when the loop ends without `break`
};
struct BreakStmt : Stmt {
  BreakStmt() : Stmt(StmtKind::BreakStmt) {}
};
struct ContinueStmt : Stmt {
  ContinueStmt() : Stmt(StmtKind::ContinueStmt) {}
};
struct PassStmt : Stmt {
  PassStmt() : Stmt(StmtKind::PassStmt) {}
};
struct WithStmt : Stmt {
  WithStmt() : Stmt(StmtKind::WithStmt) {}
  ExprPtr context;
  std::string as_name;  // empty when there is no `as`
  Block body;
};
struct Alias {
  std::string name;    // dotted module name for `import`, plain name for `from`
  std::string asname;  // empty when there is no `as`
  Loc loc;
};
struct ImportStmt : Stmt {
  ImportStmt() : Stmt(StmtKind::ImportStmt) {}
  std::vector<Alias> names;
};
struct ImportFromStmt : Stmt {
  ImportFromStmt() : Stmt(StmtKind::ImportFromStmt) {}
  std::string module;
  std::vector<Alias> names;
};
struct AssertStmt : Stmt {
  AssertStmt() : Stmt(StmtKind::AssertStmt) {}
  ExprPtr test;
  ExprPtr msg;  // may be null
};

// `except [type [as name]]: body`
struct ExceptHandler {
  ExprPtr type;      // null: a bare `except:`
  std::string name;  // empty when there is no `as`
  Range range;       // the `except` line
  Block body;
};
struct TryStmt : Stmt {
  TryStmt() : Stmt(StmtKind::TryStmt) {}
  Block body;
  std::vector<ExceptHandler> handlers;
  Block orelse;     // runs when the body raised nothing
  Block finalbody;  // runs however the statement ends
};
struct RaiseStmt : Stmt {
  RaiseStmt() : Stmt(StmtKind::RaiseStmt) {}
  ExprPtr exc;    // null: re-raise the exception being handled
  ExprPtr cause;  // `from cause`; may be null
};
struct GlobalStmt : Stmt {
  GlobalStmt() : Stmt(StmtKind::GlobalStmt) {}
  std::vector<std::string> names;
};
struct NonlocalStmt : Stmt {
  NonlocalStmt() : Stmt(StmtKind::NonlocalStmt) {}
  std::vector<std::string> names;
};
struct DelStmt : Stmt {
  DelStmt() : Stmt(StmtKind::DelStmt) {}
  std::vector<ExprPtr> targets;  // names, subscripts, attributes
};

// One parsed .ts file.
struct Module {
  SourceFilePtr source;
  Block body;
};

// ---------------------------------------------------------------- casting

template <typename T> struct KindOf;
#define TCC_EXPR(Name) \
  template <> struct KindOf<Name> { static constexpr ExprKind value = ExprKind::Name; };
#define TCC_STMT(Name) \
  template <> struct KindOf<Name> { static constexpr StmtKind value = StmtKind::Name; };
#include "ast/node_kinds.def"

template <typename T, typename N> bool isa(const N* n) {
  return n && n->kind == KindOf<T>::value;
}
template <typename T, typename N> T* cast(N* n) { return static_cast<T*>(n); }
template <typename T, typename N> const T* cast(const N* n) { return static_cast<const T*>(n); }
template <typename T, typename N> T* dyn_cast(N* n) { return isa<T>(n) ? static_cast<T*>(n) : nullptr; }
template <typename T, typename N> const T* dyn_cast(const N* n) {
  return isa<T>(n) ? static_cast<const T*>(n) : nullptr;
}

}  // namespace tcc::ast
