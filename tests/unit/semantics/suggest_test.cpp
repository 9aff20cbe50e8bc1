// Tests lang/semantics/suggest.h: "did you mean" picks what CPython 3.12 picks.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "semantics/suggest.h"

using namespace tcc::sem;

TEST_CASE("suggest: the distance counts a case-only change as half an edit", "[suggest]") {
  CHECK(SuggestDistance("relu", "relu") == 0);
  CHECK(SuggestDistance("relux", "relu") == 2);   // one deletion
  CHECK(SuggestDistance("Relu", "relu") == 1);    // case only
  CHECK(SuggestDistance("sigmod", "sigmoid") == 2);
  CHECK(SuggestDistance("", "abc") == 6);
}

TEST_CASE("suggest: the closest name within CPython's limit, else none", "[suggest]") {
  std::vector<std::string> names = {"relu", "gelu", "sigmoid", "softmax", "hidden", "factor"};
  CHECK(Suggest("relux", names) == std::optional<std::string>("relu"));
  CHECK(Suggest("sigmod", names) == std::optional<std::string>("sigmoid"));
  CHECK(Suggest("hiden", names) == std::optional<std::string>("hidden"));
  CHECK(Suggest("factr", names) == std::optional<std::string>("factor"));
  CHECK_FALSE(Suggest("matmul", names).has_value());     // nothing close
  CHECK(Suggest("relu", names) == std::optional<std::string>("gelu"));  // never the name itself
  CHECK_FALSE(Suggest("x", std::vector<std::string>{"yz"}).has_value());
  CHECK(DidYouMean("gelux", names) == "; did you mean `gelu`?");
  CHECK(DidYouMean("zzzzzz", names).empty());
}

TEST_CASE("suggest: the first of equally close names wins", "[suggest]") {
  CHECK(Suggest("rel", std::vector<std::string>{"relu", "reli"}) == std::optional<std::string>("relu"));
}
