// Implements the AST's kind names and operator spellings.
#include "ast/ast.h"

namespace tcc::ast {

const char* ExprKindName(ExprKind k) {
  switch (k) {
#define TCC_EXPR(Name) case ExprKind::Name: return #Name;
#include "ast/node_kinds.def"
  }
  return "?";
}

const char* StmtKindName(StmtKind k) {
  switch (k) {
#define TCC_STMT(Name) case StmtKind::Name: return #Name;
#include "ast/node_kinds.def"
  }
  return "?";
}

const char* BinOpSpelling(BinOp op) {
  switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::Div: return "/";
    case BinOp::FloorDiv: return "//";
    case BinOp::Mod: return "%";
    case BinOp::Pow: return "**";
    case BinOp::MatMul: return "@";
    case BinOp::BitAnd: return "&";
    case BinOp::BitOr: return "|";
    case BinOp::BitXor: return "^";
    case BinOp::LShift: return "<<";
    case BinOp::RShift: return ">>";
  }
  return "?";
}

const char* CmpOpSpelling(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return "==";
    case CmpOp::NotEq: return "!=";
    case CmpOp::Lt: return "<";
    case CmpOp::LtE: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::GtE: return ">=";
    case CmpOp::Is: return "is";
    case CmpOp::IsNot: return "is not";
    case CmpOp::In: return "in";
    case CmpOp::NotIn: return "not in";
  }
  return "?";
}

const char* UnaryOpSpelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::Pos: return "+";
    case UnaryOp::Invert: return "~";
    case UnaryOp::Not: return "not";
  }
  return "?";
}

const char* ParamKindName(ParamKind k) {
  switch (k) {
    case ParamKind::Normal: return "normal";
    case ParamKind::KwOnly: return "kwonly";
    case ParamKind::VarArgs: return "varargs";
    case ParamKind::VarKw: return "varkw";
  }
  return "?";
}

const char* BoolOpSpelling(BoolOp op) { return op == BoolOp::And ? "and" : "or"; }

}  // namespace tcc::ast

namespace tcc::ast {
LambdaExpr::LambdaExpr() : Expr(ExprKind::LambdaExpr) {}
LambdaExpr::~LambdaExpr() = default;
}  // namespace tcc::ast
