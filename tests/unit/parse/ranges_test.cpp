// Tests source ranges: 1-based lines and columns, begin inclusive, end
// exclusive; calls start where the call expression starts.
#include <catch2/catch.hpp>

#include "ast/ast.h"
#include "test_util.h"

using namespace tcc;
using namespace tcc::ast;

namespace {

std::unique_ptr<Module> Parsed(const std::string& text) {
  DiagnosticEngine diags;
  auto m = test::ParseText(text, diags);
  REQUIRE(diags.diagnostics().empty());
  return m;
}

std::string Str(Range r) {
  return std::to_string(r.begin.line) + ":" + std::to_string(r.begin.col) + "-" +
         std::to_string(r.end.line) + ":" + std::to_string(r.end.col);
}

}  // namespace

TEST_CASE("statement and expression ranges", "[ranges]") {
  auto m = Parsed("x = foo(1, k=2)\n");
  auto* a = cast<AssignStmt>(m->body[0].get());
  CHECK(Str(a->range) == "1:1-1:16");
  CHECK(Str(a->targets[0]->range) == "1:1-1:2");
  auto* call = cast<CallExpr>(a->value.get());
  CHECK(Str(call->range) == "1:5-1:16");
  CHECK(Str(call->func->range) == "1:5-1:8");
  CHECK(call->keywords[0].loc == Loc{1, 12});
}

TEST_CASE("a call's location is the start of the call expression", "[ranges]") {
  auto m = Parsed("def fn(x):\n    x = x + 1\n    graph_break()\n    return tp_mod.forward(x)\n");
  auto* f = cast<FunctionDef>(m->body[0].get());
  CHECK(f->name_loc == Loc{1, 5});
  CHECK(f->params[0].loc == Loc{1, 8});
  auto* es = cast<ExprStmt>(f->body[1].get());
  CHECK(es->value->loc() == Loc{3, 5});
  CHECK(Str(es->value->range) == "3:5-3:18");
  auto* ret = cast<ReturnStmt>(f->body[2].get());
  CHECK(Str(ret->value->range) == "4:12-4:29");
  auto* attr = cast<AttributeExpr>(cast<CallExpr>(ret->value.get())->func.get());
  CHECK(attr->attr_loc == Loc{4, 19});
  // A compound statement spans its whole body and ends at its last token.
  CHECK(Str(f->range) == "1:1-4:29");
}

TEST_CASE("operator locations and parenthesized operands", "[ranges]") {
  auto m = Parsed("y = (a + b) * c\n");
  auto* bin = cast<BinaryExpr>(cast<AssignStmt>(m->body[0].get())->value.get());
  CHECK(Str(bin->range) == "1:5-1:16");
  CHECK(bin->op_loc == Loc{1, 13});
  CHECK(Str(bin->lhs->range) == "1:6-1:11");
}

TEST_CASE("decorators, elif and with ranges", "[ranges]") {
  auto m = Parsed("@fullgraph(True)\ndef f(x):\n    if x:\n        pass\n    elif y:\n        pass\n"
                  "    with error_on_graph_break(False) as c:\n        graph_break()\n");
  auto* f = cast<FunctionDef>(m->body[0].get());
  CHECK(f->decorators[0]->loc() == Loc{1, 2});
  CHECK(f->loc() == Loc{2, 1});
  auto* i = cast<IfStmt>(f->body[0].get());
  REQUIRE(i->orelse_is_elif);
  CHECK(i->orelse[0]->loc() == Loc{5, 5});
  auto* w = cast<WithStmt>(f->body[1].get());
  CHECK(w->as_name == "c");
  CHECK(Str(w->range) == "7:5-8:22");
  CHECK(w->body[0]->loc() == Loc{8, 9});
}

TEST_CASE("columns count bytes and tabs as one column", "[ranges]") {
  auto m = Parsed("s = \"\xc3\xa9t\xc3\xa9\"; y = 1\n");
  CHECK(m->body[1]->loc() == Loc{1, 14});  // `é` is two bytes
  auto* lit = cast<StrLit>(cast<AssignStmt>(m->body[0].get())->value.get());
  CHECK(lit->value == "\xc3\xa9t\xc3\xa9");
  auto t = Parsed("if a:\n\tb = 1\n");
  CHECK(cast<IfStmt>(t->body[0].get())->body[0]->loc() == Loc{2, 2});
}

TEST_CASE("raw strings keep their backslashes", "[ranges]") {
  auto m = Parsed("a = r'x\\ny'\nb = R\"\\d\\\"\"\nc = r'''\\t\n'''\nd = rf'{1}\\n'\n");
  auto value = [&](size_t i) { return cast<AssignStmt>(m->body[i].get())->value.get(); };
  CHECK(cast<StrLit>(value(0))->value == "x\\ny");
  CHECK(cast<StrLit>(value(1))->value == "\\d\\\"");
  CHECK(cast<StrLit>(value(2))->value == "\\t\n");
  auto* d = cast<BinaryExpr>(value(3));  // "" + #format(1) + "\\n"
  CHECK(cast<StrLit>(d->rhs.get())->value == "\\n");
  CHECK(Str(d->rhs->range) == "5:5-5:14");  // line 5: the triple-quoted string spans two
}
