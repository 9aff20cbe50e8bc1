// Fails when a builtin exists in one mode but not the other: every row of
// lang/semantics/builtins.def is registered by the interpreter in each of its
// forms, every tensor builtin the interpreter registers is a row, and every
// Python builtin the interpreter has is one the tracer knows (and back).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <set>

#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "interp/tensor_method_names.h"
#include "semantics/builtins.h"
#include "semantics/return_types.h"
#include "trace/builtin_table.h"

using namespace tcc;

namespace {
std::set<std::string> InterpFunctions() {
  const auto& names = interp::Builtins().names;
  return {names.begin(), names.end()};
}
std::set<std::string> InterpMethods() {
  auto v = interp::TensorMethodNames();
  return {v.begin(), v.end()};
}
}  // namespace

TEST_CASE("every row is registered by the interpreter in each of its forms") {
  auto fns = InterpFunctions();
  auto methods = InterpMethods();
  for (const auto& b : sem::kBuiltins) {
    INFO(b.name << " (" << sem::FormName(b.form) << ")");
    if (sem::HasFunctionForm(b.form)) CHECK(fns.count(b.name) == 1);
    if (sem::HasMethodForm(b.form)) CHECK(methods.count(b.name) == 1);
    if (!sem::HasMethodForm(b.form)) CHECK(methods.count(b.name) == 0);
    if (sem::IsPythonLevel(b.form)) CHECK(trace::PythonBuiltinNames().count(b.name) == 1);
  }
}

TEST_CASE("every tensor method of the interpreter is a row the tracer knows") {
  for (const auto& m : InterpMethods()) {
    INFO("x." << m << "()");
    std::string_view name = m;
    if (const char* t = sem::InPlaceTarget(m)) name = t;  // x.exp_(): lang/semantics/inplace_methods.def's target
    const sem::BuiltinInfo* row = sem::FindBuiltin(sem::CanonicalBuiltin(name));  // an alias: its target's row
    REQUIRE(row != nullptr);
    CHECK(sem::HasMethodForm(row->form));
    CHECK(trace::TableMethods().count(m) == 1);
  }
}

TEST_CASE("every in-place method is a method of both modes, made of a row with a method form") {
  auto methods = InterpMethods();
  for (const auto& m : sem::kInPlaceMethods) {
    INFO("x." << m.name << "() of " << m.target);
    const sem::BuiltinInfo* row = sem::FindBuiltin(sem::CanonicalBuiltin(m.target));
    REQUIRE(row != nullptr);
    CHECK(sem::HasMethodForm(row->form));
    CHECK(methods.count(m.name) == 1);
    CHECK(trace::TableMethods().count(m.name) == 1);
    CHECK(sem::FindBuiltin(m.name) == nullptr);  // not also a row of its own
  }
}

TEST_CASE("every builtin function exists in both modes") {
  auto fns = InterpFunctions();
  for (const auto& f : fns) {
    INFO(f << "(...) in the interpreter");
    CHECK((trace::TableFunctions().count(f) + trace::PythonBuiltinNames().count(f)) >= 1);
  }
  for (const auto& f : trace::TableFunctions()) {
    INFO(f << "(...) in the tracer");
    CHECK(fns.count(f) == 1);
  }
  for (const auto& f : trace::PythonBuiltinNames()) {
    INFO(f << "(...) in the tracer");
    CHECK(fns.count(f) == 1);
  }
}

TEST_CASE("the graph op column names ops the tracer emits for elementwise and reduction rows") {
  using R = sem::BuiltinRule;
  for (const auto& b : sem::kBuiltins) {
    if (b.rule != R::Unary && b.rule != R::Binary && b.rule != R::Reduce) continue;
    INFO(b.name);
    auto op = trace::BuiltinOp(b.name, b.rule);
    REQUIRE(op.has_value());
    CHECK(std::string(graph::OpSpelling(*op)) != "");
    graph::OpCategory want = b.rule == R::Unary    ? graph::OpCategory::Unary
                             : b.rule == R::Binary ? graph::OpCategory::Binary
                                                   : graph::OpCategory::Reduce;
    CHECK(graph::CategoryOf(*op) == want);
  }
}

TEST_CASE("every rule a row uses has a heading in the language reference") {
  for (const auto& b : sem::kBuiltins) {
    INFO(b.name << " (rule " << sem::RuleName(b.rule) << ")");
    CHECK(sem::FindRuleDoc(b.rule) != nullptr);
  }
}

TEST_CASE("a row's id is its position in the table, and its spelling names it") {
  for (size_t i = 0; i < std::size(sem::kBuiltins); ++i) {
    const auto& b = sem::kBuiltins[i];
    CHECK(static_cast<size_t>(b.id) == i);
    CHECK(&sem::Row(b.id) == &b);
    CHECK(sem::FindBuiltin(b.name) == &b);
  }
  for (const auto& b : sem::kPyBuiltins) CHECK(sem::FindPyBuiltin(b.name) == &b);
}

TEST_CASE("every Python builtin row is one name, registered by the interpreter") {
  auto fns = InterpFunctions();
  std::set<std::string> seen;
  for (const auto& b : sem::kPyBuiltins) {
    INFO(b.name);
    CHECK(seen.insert(b.name).second);
    CHECK(fns.count(b.name) == 1);
  }
}

TEST_CASE("every container method row has an interpreter implementation, and only rows") {
  for (const auto& m : sem::kContainerMethods) {
    INFO(sem::ContainerTypeName(m.type) << "." << m.name);
    CHECK(interp::ContainerMethodImpl(m.type, m.name) != nullptr);
    CHECK(sem::FindContainerMethod(m.type, m.name) == &m);  // one row per (type, name)
  }
  // Names the interpreter implements that are not rows: a call would find no
  // row and fail, so the table and the implementations must list the same.
  for (auto type : {sem::ContainerType::List, sem::ContainerType::Dict, sem::ContainerType::Set,
                    sem::ContainerType::Str}) {
    for (const char* name : {"append", "add", "update", "sort", "format", "get", "discard", "union", "keys",
                             "setdefault", "remove", "copy", "join", "issubset", "popitem", "clear"}) {
      INFO(sem::ContainerTypeName(type) << "." << name);
      if (interp::ContainerMethodImpl(type, name)) CHECK(sem::FindContainerMethod(type, name) != nullptr);
    }
  }
  CHECK(sem::IsMutatingContainerMethod("add"));
  CHECK(sem::IsMutatingContainerMethod("setdefault"));
  CHECK_FALSE(sem::IsMutatingContainerMethod("union"));
}

TEST_CASE("set algebra keeps insertion order, left operand first") {
  std::vector<int> a = {3, 1, 2}, b = {2, 5, 3};
  auto in = [](const std::vector<int>& s) {
    return [&s](int x) { return std::optional<bool>(std::find(s.begin(), s.end(), x) != s.end()); };
  };
  CHECK(*sem::CombineSets(sem::SetOp::Union, a, b, in(a), in(b)) == std::vector<int>{3, 1, 2, 5});
  CHECK(*sem::CombineSets(sem::SetOp::Intersection, a, b, in(a), in(b)) == std::vector<int>{3, 2});
  CHECK(*sem::CombineSets(sem::SetOp::Difference, a, b, in(a), in(b)) == std::vector<int>{1});
  CHECK(*sem::CombineSets(sem::SetOp::SymmetricDifference, a, b, in(a), in(b)) == std::vector<int>{1, 5});
  auto unknown = [](int) { return std::optional<bool>(); };
  CHECK_FALSE(sem::CombineSets(sem::SetOp::Intersection, a, b, in(a), unknown).has_value());
  CHECK(*sem::AllIn(std::vector<int>{1, 3}, in(a)));
  CHECK_FALSE(*sem::AllIn(std::vector<int>{1, 4}, in(a)));
}

TEST_CASE("every alias names a row, and both modes know it in the target's forms") {
  auto fns = InterpFunctions();
  auto methods = InterpMethods();
  for (const auto& a : sem::kBuiltinAliases) {
    INFO(a.name << " -> " << a.target);
    const sem::BuiltinInfo* row = sem::FindBuiltin(a.target);
    REQUIRE(row != nullptr);
    CHECK(sem::FindBuiltin(a.name) == nullptr);  // an alias is not also a row
    if (sem::HasFunctionForm(row->form)) CHECK(fns.count(a.name) == 1);
    if (sem::HasFunctionForm(row->form)) CHECK(trace::TableFunctions().count(a.name) == 1);
    if (sem::HasMethodForm(row->form)) CHECK(methods.count(a.name) == 1);
    if (sem::HasMethodForm(row->form)) CHECK(trace::TableMethods().count(a.name) == 1);
    CHECK(sem::CanonicalBuiltin(a.name) == a.target);
  }
}

TEST_CASE("every torch.return_types the stdlib builds is a row of return_types.def") {
  std::set<std::string> rows;
  for (const auto& r : sem::kReturnTypes) {
    INFO(r.type);
    CHECK(rows.insert(std::string(r.type)).second);  // one row per type
    CHECK(r.count >= 2);
    CHECK(r.count <= sem::kMaxReturnFields);
  }
  // __return_types("TYPE", item, ...) in stdlib/**/*.ts: TYPE must be a row
  const std::regex call(R"re(__return_types\("([A-Za-z_0-9]+)")re");
  int calls = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(TCC_SOURCE_DIR "/stdlib")) {
    if (e.path().extension() != ".ts") continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string src = text.str();
    for (std::sregex_iterator m(src.begin(), src.end(), call), end; m != end; ++m, ++calls) {
      INFO(e.path().string() << ": " << (*m)[1].str());
      CHECK(rows.count((*m)[1].str()) == 1);
    }
  }
  CHECK(calls > 0);
}

TEST_CASE("the interpreter's named tuples take their fields from the table") {
  interp::Value t = interp::NamedPair("aminmax", rt::Tensor::scalar(rt::Scalar::from_float(1.0)),
                                      rt::Tensor::scalar(rt::Scalar::from_float(2.0)));
  const auto* tuple = t.as<interp::TupleObj>();
  REQUIRE(tuple->fields.size() == 2);
  CHECK(interp::SymName(tuple->fields[0]) == "min");
  CHECK(interp::SymName(tuple->fields[1]) == "max");
  CHECK(tuple->name == "aminmax");
  CHECK_THROWS(interp::MakeNamedTuple("no_such_type", {}));
}

namespace {
// What one of the interpreter's hand-written Args::Check calls allows: the
// first Check of a builtin's implementation, captured and stopped there.
struct HandCheck {
  int max_pos = 0;
  std::vector<std::string> keywords;
};
std::optional<HandCheck> g_hand;
struct StopAtCheck {};
void CaptureCheck(const char*, int32_t max_pos, std::initializer_list<const char*> keywords) {
  g_hand = HandCheck{max_pos, {keywords.begin(), keywords.end()}};
  throw StopAtCheck{};
}
template <class Call>
std::optional<HandCheck> HandCheckOf(Call call) {
  g_hand.reset();
  interp::Args::check_hook = CaptureCheck;
  try {
    call();
  } catch (...) {
  }
  interp::Args::check_hook = nullptr;
  return g_hand;
}
// The hand-written check may allow no more than the row's signature does: a
// call the interpreter runs is one the tracer's check (the same signature)
// accepts at compile time.
// Where one implementation serves several rows, it may allow more than one
// row's signature does; these rows are narrower on purpose, as torch's are
// ("#positional": more positional arguments).
const std::set<std::pair<std::string, std::string>> kNarrowerOnPurpose = {
    {"argmax", "dtype"},          {"argmin", "dtype"},          {"mul_", "alpha"},
    {"div_", "alpha"},            {"type", "device"},           {"type", "copy"},
    {"type", "non_blocking"},     {"type", "#positional"},      {"repeat", "input"},
    {"scatter", "#positional"},   {"scatter_", "#positional"},  {"scatter_", "input"},
    {"scatter_add_", "input"},    {"scatter_reduce_", "input"}, {"index_add_", "input"},
    {"index_reduce_", "input"}};
void CheckAgainstRow(const sem::BuiltinInfo& b, const HandCheck& h) {
  const sem::SignatureShape& s = sem::SignatureOf(b);
  auto narrower = [&](const std::string& what) { return kNarrowerOnPurpose.count({b.name, what}) > 0; };
  if (s.plain && s.max_positional >= 0 && !narrower("#positional")) CHECK(h.max_pos <= s.max_positional);
  for (const std::string& k : h.keywords) {
    INFO("keyword " << k);
    CHECK((s.any_keyword || std::find(s.keywords.begin(), s.keywords.end(), k) != s.keywords.end() ||
           sem::signature_detail::MentionsWord(s.text, k) || narrower(k)));
  }
}
}  // namespace

TEST_CASE("a row's signature allows whatever the interpreter's implementation of it takes") {
  std::ostringstream out;
  interp::Interp in(out, {});
  const auto& table = interp::Builtins();
  int compared = 0;
  for (const auto& b : sem::kBuiltins) {
    if (sem::IsPythonLevel(b.form)) continue;
    INFO(b.name << " (" << sem::FormName(b.form) << ")");
    if (sem::HasFunctionForm(b.form)) {
      auto it = std::find(table.names.begin(), table.names.end(), b.name);
      REQUIRE(it != table.names.end());
      const interp::Value& fn = table.values[it - table.names.begin()];
      auto hand = HandCheckOf([&] {
        std::vector<interp::Value> pos(12, interp::Value::None());
        interp::Args a{pos.data(), 12, nullptr, nullptr, 0, b.name};
        fn.as<interp::BuiltinObj>()->fn(in, a);
      });
      if (hand) CheckAgainstRow(b, *hand), ++compared;
    }
    if (sem::HasMethodForm(b.form)) {
      auto hand = HandCheckOf([&] {
        interp::Value self = interp::MakeTensor(rt::Tensor::scalar(rt::Scalar::from_float(1.0)));
        interp::Args a{&self, 1, nullptr, nullptr, 0, b.name};
        interp::TensorCallMethod(in, interp::Intern(b.name), a);
      });
      if (hand) CheckAgainstRow(b, *hand), ++compared;
    }
  }
  CHECK(compared > 150);
}

TEST_CASE("a signature is read as Python reads a parameter list") {
  auto s = sem::ParseSignature("(input, dim=None, keepdim=False, *, dtype=None) -> int64; a note");
  CHECK(s.plain);
  CHECK(s.max_positional == 3);
  CHECK(s.keywords == std::vector<std::string_view>{"input", "dim", "keepdim", "dtype"});
  auto v = sem::ParseSignature("(*size, dtype=float32, sep=' ', default=<none>, key=(1, 2))");
  CHECK(v.max_positional == -1);
  CHECK(v.keywords == std::vector<std::string_view>{"size", "dtype", "sep", "default", "key"});
  CHECK_FALSE(sem::ParseSignature("(input, dim=None); (input, other) elementwise").plain);
  std::vector<std::string> kws = {"split_size"};
  auto split = sem::ParseSignature("(input, split_size_or_sections, dim=0); the keyword may be spelt split_size");
  CHECK_FALSE(sem::SignatureError(split, "split", 2, kws).has_value());
  CHECK(sem::SignatureError(split, "split", 4, std::vector<std::string>{}) ==
        "`split()` takes at most 3 positional arguments but 4 were given");
  CHECK(sem::SignatureError(split, "split", 1, std::vector<std::string>{"axis2"}) ==
        "`split()` got an unexpected keyword argument `axis2`");
}
