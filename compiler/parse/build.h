// Defines the converter from the ANTLR parse tree to our AST (internal to
// compiler/parse). build_expr.cpp converts expressions, build_stmt.cpp
// statements, build_literal.cpp number and string literals.
//
// The builder runs only on a tree without syntax errors. It still checks what
// the grammar does not: assignment targets (InvalidTarget), literal values
// (InvalidLiteral), parameter order, and its own recursion depth
// (NestingTooDeep), so its recursion stays bounded whatever the input.
#pragma once

#include "TensorScriptParser.h"
#include "ast/ast.h"
#include "diagnostics/diagnostics.h"
#include "parse/lex.h"

namespace tcc::parse {

namespace g = tsgrammar;
using TSP = tsgrammar::TensorScriptParser;

class AstBuilder {
 public:
  AstBuilder(const SourceFile& file, const Positions& pos, DiagnosticEngine& diags)
      : file_(file), pos_(pos), diags_(diags) {}

  void BuildFile(TSP::File_inputContext* ctx, ast::Block& out);

  // ---- statements (build_stmt.cpp)
  void BuildStmt(TSP::StmtContext* ctx, ast::Block& out);
  ast::StmtPtr BuildSimple(TSP::Simple_stmtContext* ctx);
  ast::StmtPtr BuildExprStmt(TSP::Expr_stmtContext* ctx);
  ast::StmtPtr BuildCompound(TSP::Compound_stmtContext* ctx);
  ast::StmtPtr BuildIf(TSP::If_stmtContext* ctx);
  ast::StmtPtr BuildFuncdef(TSP::FuncdefContext* ctx);
  // Appends a parameter to f, reporting duplicates and a default-less one after defaults.
  void AddParam(ast::FunctionDef& f, antlr4::Token* name, TSP::TestContext* annotation,
                TSP::TestContext* default_value, ast::ParamKind kind = ast::ParamKind::Normal);
  ast::StmtPtr BuildTry(TSP::Try_stmtContext* ctx);
  ast::ExprPtr BuildLambda(TSP::LambdefContext* ctx);
  ast::StmtPtr BuildClassdef(TSP::ClassdefContext* ctx);
  ast::StmtPtr BuildImport(TSP::Import_stmtContext* ctx);
  ast::StmtPtr BuildFromImport(TSP::From_import_stmtContext* ctx);
  ast::Block BuildBlock(TSP::BlockContext* ctx);
  // Reports InvalidTarget unless `e` can be assigned to.
  void CheckTarget(const ast::Expr* e, bool allow_tuple);

  // ---- expressions (build_expr.cpp)
  ast::ExprPtr BuildTestlist(TSP::TestlistContext* ctx);
  // The items of a testlist in order (`*x` items as StarredExpr).
  std::vector<ast::ExprPtr> BuildItems(TSP::TestlistContext* ctx);
  ast::ExprPtr BuildStar(TSP::Star_exprContext* ctx);
  ast::ExprPtr BuildExprlist(TSP::ExprlistContext* ctx);
  ast::ExprPtr BuildTest(TSP::TestContext* ctx);
  ast::ExprPtr BuildOrTest(TSP::Or_testContext* ctx);
  ast::ExprPtr BuildAndTest(TSP::And_testContext* ctx);
  ast::ExprPtr BuildNotTest(TSP::Not_testContext* ctx);
  ast::ExprPtr BuildComparison(TSP::ComparisonContext* ctx);
  ast::ExprPtr BuildExpr(TSP::ExprContext* ctx);
  ast::ExprPtr BuildFactor(TSP::FactorContext* ctx);
  ast::ExprPtr BuildPower(TSP::PowerContext* ctx);
  ast::ExprPtr BuildAtomExpr(TSP::Atom_exprContext* ctx);
  ast::ExprPtr BuildAtom(TSP::AtomContext* ctx);
  ast::ExprPtr BuildSubscripts(TSP::SubscriptlistContext* ctx);
  // [elt for ...] / (elt for ...) / f(elt for ...) (build_comprehension.cpp)
  ast::ExprPtr BuildComprehension(const std::function<ast::ExprPtr()>& build_elt, TSP::Comp_forContext* first,
                                  Range r);
  ast::ExprPtr BuildDictComprehension(TSP::DictmakerContext* ctx, Range r);
  ast::ExprPtr BuildSet(TSP::Testlist_compContext* ctx, Range r);
  // Fills args and keywords of a call from an argument list (may be null).
  void BuildArgs(TSP::ArglistContext* ctx, std::vector<ast::ExprPtr>& args,
                 std::vector<ast::Keyword>& keywords);

  // ---- literals (build_literal.cpp)
  ast::ExprPtr BuildNumber(antlr4::Token* tok, bool is_float);
  ast::ExprPtr BuildStrings(TSP::AtomContext* ctx);  // build_fstring.cpp
  // The expression of an f-string field, parsed where it stands in the file.
  ast::ExprPtr ParseFieldExpr(const std::string& text, size_t cp_offset, Range where);

  // ---- helpers
  Range RangeOf(antlr4::ParserRuleContext* ctx) const;
  Range RangeOf(antlr4::Token* tok) const;
  Loc LocOf(antlr4::Token* tok) const { return pos_.Begin(tok); }
  ast::ExprPtr Placeholder(Range r);  // a NoneLit standing in for a bad node

  template <typename T> std::unique_ptr<T> Make(Range r) {
    auto n = std::make_unique<T>();
    n->range = r;
    return n;
  }

  const SourceFile& file_;
  const Positions& pos_;
  DiagnosticEngine& diags_;
  int depth_ = 0;        // current recursion depth of expression building
  int comprehensions_ = 0;  // numbers the names comprehensions bind (`x#3`)
  bool too_deep_ = false;
};

// Limits the builder's recursion: construct one on entry to a recursive step.
class DepthGuard {
 public:
  explicit DepthGuard(AstBuilder& b) : b_(b) { ++b_.depth_; }
  ~DepthGuard() { --b_.depth_; }
  bool exceeded() const { return b_.depth_ > kMaxBuilderDepth; }
  static constexpr int kMaxBuilderDepth = 1000;

 private:
  AstBuilder& b_;
};

}  // namespace tcc::parse
