// Implements comprehensions: `[e for x in xs if c]` and generator arguments
// `f(e for x in xs)` become ListCompExpr, with the names the `for` clauses
// bind renamed apart (`x` -> `x#N`, a spelling no source name can have) in
// everything the comprehension evaluates after binding them. The renamed
// names are then ordinary locals to every later phase, yet a comprehension
// never reads or clobbers a variable of the enclosing code, as in Python 3.
// A dict comprehension is a list comprehension of pairs given to dict(); a set
// display or comprehension is a list display or comprehension given to set().
#include <functional>
#include <map>

#include "ast/visit.h"
#include "parse/build.h"

namespace tcc::parse {

using namespace ast;

namespace {

using Renames = std::map<std::string, std::string>;

void CollectTargets(const Expr* e, Renames& r, int id) {
  if (auto* n = dyn_cast<NameExpr>(e)) {
    r[n->name] = n->name + "#" + std::to_string(id);
    return;
  }
  if (auto* t = dyn_cast<TupleExpr>(e)) for (auto& x : t->elts) CollectTargets(x.get(), r, id);
  if (auto* l = dyn_cast<ListExpr>(e)) for (auto& x : l->elts) CollectTargets(x.get(), r, id);
}

void Rename(Expr* e, const Renames& r) {
  if (!e) return;
  if (auto* n = dyn_cast<NameExpr>(e)) {
    auto it = r.find(n->name);
    if (it != r.end()) n->name = it->second;
    return;
  }
  if (auto* l = dyn_cast<LambdaExpr>(e)) {
    // its body may read the comprehension's names, unless a parameter shadows them
    Renames inner = r;
    for (const Param& p : l->fn->params) inner.erase(p.name);
    for (auto& st : l->fn->body)
      if (auto* ret = dyn_cast<ReturnStmt>(st.get())) Rename(ret->value.get(), inner);
  }
  // An inner comprehension's own names are renamed already (`x#N` matches no
  // source name); the rest of it may read the outer comprehension's names.
  ForEachChild(*e, [&](Expr& x) { Rename(&x, r); });
}

// `name(arg)`, `name` a builtin under a spelling no source name can have
// (`#dict`, `#set`), so user code cannot shadow it.
ExprPtr CallHidden(const char* name, ExprPtr arg, Range r) {
  auto call = std::make_unique<CallExpr>();
  call->range = r;
  auto fn = std::make_unique<NameExpr>();
  fn->range = r;
  fn->name = name;
  call->func = std::move(fn);
  call->args.push_back(std::move(arg));
  return call;
}

}  // namespace

ExprPtr AstBuilder::BuildComprehension(const std::function<ExprPtr()>& build_elt, TSP::Comp_forContext* first,
                                       Range r) {
  DepthGuard guard(*this);
  if (guard.exceeded()) return Placeholder(r);
  auto comp = Make<ListCompExpr>(r);
  Renames renames;
  int id = ++comprehensions_;
  for (auto* cf = first; cf;) {
    Comprehension g;
    g.target = BuildExprlist(cf->exprlist());
    CheckTarget(g.target.get(), true);
    g.iter = BuildOrTest(cf->or_test());
    Rename(g.iter.get(), renames);  // may read the names of earlier clauses
    CollectTargets(g.target.get(), renames, id);
    Rename(g.target.get(), renames);
    TSP::Comp_iterContext* it = cf->comp_iter();
    cf = nullptr;
    while (it) {
      if (it->comp_for()) {
        cf = it->comp_for();
        break;
      }
      auto* ci = it->comp_if();
      g.ifs.push_back(BuildOrTest(ci->or_test()));
      Rename(g.ifs.back().get(), renames);
      it = ci->comp_iter();
    }
    comp->generators.push_back(std::move(g));
  }
  comp->elt = build_elt();
  Rename(comp->elt.get(), renames);
  return comp;
}

ExprPtr AstBuilder::BuildDictComprehension(TSP::DictmakerContext* ctx, Range r) {
  // {k: v for ...} is #dict([(k, v) for ...]): `#dict` is the builtin dict,
  // under a name user code cannot shadow.
  auto pairs = BuildComprehension(
      [&] {
        auto t = Make<TupleExpr>(RangeOf(ctx));
        t->elts.push_back(BuildTest(ctx->test(0)));
        t->elts.push_back(BuildTest(ctx->test(1)));
        return ExprPtr(std::move(t));
      },
      ctx->comp_for(), r);
  return CallHidden("#dict", std::move(pairs), r);
}

ExprPtr AstBuilder::BuildSet(TSP::Testlist_compContext* ctx, Range r) {
  // {a, *b} is #set([a, *b]) and {e for ...} is #set([e for ...]), `#set`
  // being the builtin set under a name user code cannot shadow.
  ExprPtr items;
  if (ctx->comp_for()) {
    items = BuildComprehension([&] { return BuildTest(ctx->test()); }, ctx->comp_for(), r);
  } else {
    auto list = Make<ListExpr>(r);
    list->elts = BuildItems(ctx->testlist());
    items = std::move(list);
  }
  return CallHidden("#set", std::move(items), r);
}

}  // namespace tcc::parse
