// Unit tests of compiler/report: BREAKS.md (the one source of long
// explanations) stays in step with kinds.def and break_kinds.def; the
// suppression scanner finds comments outside strings only; fingerprints do not
// depend on line numbers.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "report/codes.h"
#include "report/finding.h"
#include "report/suppressions.h"
#include "trace/trace.h"

using namespace tcc;

TEST_CASE("every graph-break kind, tracer error and lint kind has a long explanation in BREAKS.md") {
  for (const auto& k : AllDiagKinds()) {
    std::string code = k.code;
    if (code.rfind("TS4", 0) != 0 && code.rfind("TS5", 0) != 0 && code.rfind("TS7", 0) != 0) continue;
    INFO(code << " " << k.slug);
    auto doc = report::DocFor(code);
    REQUIRE(doc.has_value());
    CHECK(doc->slug == k.slug);
    CHECK(doc->markdown.find("**Cause.**") != std::string::npos);
    CHECK(doc->markdown.find("**Fix.**") != std::string::npos);
  }
}

TEST_CASE("graph-break sections of BREAKS.md have an example and match break_kinds.def") {
  for (trace::BreakKind b : trace::AllBreakKinds()) {
    const DiagKindInfo& k = InfoOf(trace::BreakDiag(b));
    INFO(k.code);
    auto doc = report::DocFor(k.code);
    REQUIRE(doc.has_value());
    CHECK(doc->slug == trace::BreakSlug(b));
    CHECK(doc->markdown.find("```") != std::string::npos);  // an example
  }
}

TEST_CASE("every code BREAKS.md documents exists in kinds.def, once") {
  std::set<std::string> seen;
  for (const auto& d : report::DocumentedCodes()) {
    INFO(d.code);
    const DiagKindInfo* k = report::FindKind(d.code);
    REQUIRE(k != nullptr);
    CHECK(d.slug == k->slug);
    CHECK(seen.insert(d.code).second);
  }
}

TEST_CASE("explain --code text has the summary and the explanation") {
  const DiagKindInfo* k = report::FindKind("TS4003");
  REQUIRE(k);
  std::string t = report::ExplainCodeText(*k);
  CHECK(t.find("tensor_to_scalar") != std::string::npos);
  CHECK(t.find(".item()") != std::string::npos);
  CHECK(report::FindKind("tensor_to_scalar") == k);
  CHECK(report::FindKind("TensorToScalar") == k);
  CHECK(report::FindKind("shape_error") == nullptr);  // two kinds share it
  CHECK(report::FindKind("TS9999") == nullptr);
}

TEST_CASE("comments are found outside string literals only") {
  SourceFile f("t.ts",
               "x = '#not' # one\n"
               "s = \"\"\"\n# inside\n\"\"\"  # two\n"
               "    # three\n"
               "y = \"a\\\"#\"\n");
  auto cs = report::Comments(f);
  REQUIRE(cs.size() == 3);
  CHECK(cs[0].line == 1);
  CHECK(cs[0].text == " one");
  CHECK_FALSE(cs[0].alone);
  CHECK(cs[1].line == 4);
  CHECK(cs[2].line == 5);
  CHECK(cs[2].alone);
}

TEST_CASE("normalised source collapses whitespace and ignores position") {
  SourceFile a("a.ts", "def f(x):\n    print( x,\t1 )\n");
  SourceFile b("b.ts", "\n\n\ndef f(x):\n        print( x,  1 )\n");
  std::string sa = report::NormalisedSource(a, Range{Loc{2, 5}, Loc{2, 18}});
  std::string sb = report::NormalisedSource(b, Range{Loc{5, 9}, Loc{5, 23}});
  CHECK(sa == "print( x, 1 )");
  CHECK(sa == sb);
  CHECK(report::NormalisedLines(a, Range{Loc{2, 5}, Loc{2, 18}}) == "print( x, 1 )");
  SourceFile c("c.ts", "    n = x.sum().item()   # tcc: allow[tensor_to_scalar] '#' in a comment\n    s = '#' # x\n");
  CHECK(report::NormalisedLines(c, Range{Loc{1, 17}, Loc{1, 23}}) == "n = x.sum().item()");
  CHECK(report::NormalisedLines(c, Range{Loc{2, 5}, Loc{2, 6}}) == "s = '#'");
  CHECK(report::HashHex("a") != report::HashHex("b"));
  CHECK(report::HashHex("a").size() == 16);
}
