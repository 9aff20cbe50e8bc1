// The table of tensor builtins (lang/semantics/builtins.def) as data: names,
// forms, rule, graph op and signature, and each row's identity (BuiltinId),
// so code that treats rows differently switches on a row or a column, never
// on a spelling.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "semantics/ops.h"
#include "semantics/signature.h"

namespace tcc::sem {

enum class BuiltinForm : uint8_t { Fn, Method, Both, Attr, PyFn, PyBoth };

// Each row's identity: `t_` and its spelling (`BuiltinId::t_exp`; the prefix
// keeps rows such as `float` and `int` from being C++ keywords).
enum class BuiltinId : uint16_t {
#define TCC_BUILTIN(spelling, Forms, Op, Rule, signature) t_##spelling,
#include "semantics/builtins.def"
};

// The Rule column (what each rule means: kRuleDocs below). A row whose rule
// is not one of these does not compile.
#define TCC_BUILTIN_RULES(X)                                                                                  \
  X(Unary) X(Binary) X(Ternary) X(Reduce) X(Scan) X(Composite) X(Contract) X(View) X(Layout) X(Shape) X(Index) \
  X(Sort) X(Scatter) X(Einsum) X(Random) X(Dynamic) X(Join) X(Create) X(Cast) X(InPlace) X(Window) X(Convert)
enum class BuiltinRule : uint8_t {
#define TCC_RULE_ENUM(R) R,
  TCC_BUILTIN_RULES(TCC_RULE_ENUM)
#undef TCC_RULE_ENUM
};
constexpr const char* RuleName(BuiltinRule r) {
  switch (r) {
#define TCC_RULE_NAME(R) \
  case BuiltinRule::R: return #R;
    TCC_BUILTIN_RULES(TCC_RULE_NAME)
#undef TCC_RULE_NAME
  }
  return "?";
}

namespace op_column {  // the Op column's tokens: an OpKind, or None
using enum OpKind;
inline constexpr std::nullopt_t None = std::nullopt;
}  // namespace op_column

struct BuiltinInfo {
  const char* name;
  BuiltinForm form;
  BuiltinRule rule;
  std::optional<OpKind> op;  // the graph op it becomes
  const char* op_name;       // the Op column as written ("Add", "None")
  const char* signature;
  BuiltinId id;
};

inline constexpr BuiltinInfo kBuiltins[] = {
#define TCC_BUILTIN(spelling, Forms, Op, Rule, signature)                                                  \
  {#spelling, BuiltinForm::Forms, BuiltinRule::Rule, std::optional<OpKind>(op_column::Op), #Op, signature, \
   BuiltinId::t_##spelling},
#include "semantics/builtins.def"
};
constexpr const BuiltinInfo& Row(BuiltinId id) { return kBuiltins[static_cast<size_t>(id)]; }

// What each Rule of the table means for a user: the headings of the README's
// language reference (`tcc explain --list-builtins --format markdown`), in
// the order it lists them. tests/unit/builtins checks every rule a row uses
// has an entry here.
struct RuleDoc {
  BuiltinRule rule;
  const char* title;
  const char* text;
};
inline constexpr RuleDoc kRuleDocs[] = {
    {BuiltinRule::Unary, "Elementwise, one operand",
     "Fuse with their neighbours into one loop nest; the dtype follows ops.def (ints become float32 for "
     "`exp`, `sqrt`, ...)."},
    {BuiltinRule::Binary, "Elementwise, two operands",
     "NumPy broadcasting and torch's three-tier type promotion (`lang/semantics/dtype.h`); fuse."},
    {BuiltinRule::Ternary, "Elementwise, three operands", "Broadcasting and promotion as the binary ops; fuse."},
    {BuiltinRule::Reduce, "Reductions",
     "`dim` an int, a tuple or None, `keepdim`; `sum` of ints is int64 and `mean` of ints an error, as in "
     "torch."},
    {BuiltinRule::Scan, "Scans", "Cumulative along a dim, a graph op with its own loop nest (floats accumulate in double)."},
    {BuiltinRule::Composite, "Composites",
     "Made of other graph ops, written once in `lang/semantics/composite.h` for both modes; they fuse."},
    {BuiltinRule::Contract, "Contractions", "`matmul` / `@` with torch's broadcasting of batch dims; BLAS in both modes."},
    {BuiltinRule::View, "Views", "Index arithmetic in the graph; `flip` copies, as in torch."},
    {BuiltinRule::Layout, "Layout", "A copy or the tensor itself (`contiguous`, `clone`)."},
    {BuiltinRule::Shape, "Shape builtins",
     "Traced as the slices, selects, expands, joins and `where`s they are made of (sizes by "
     "`lang/semantics/shape_ops.h`), so they fuse."},
    {BuiltinRule::Index, "Indexing by tensors",
     "Graph ops (`take`, `gather`) with shapes known at compile time; a position out of range raises "
     "IndexError in both modes."},
    {BuiltinRule::Sort, "Sorting",
     "int64 positions in order (graph op `sort`, the runtime kernel the interpreter runs too), values gathered "
     "at them; NaN sorts as largest, ties keep their order."},
    {BuiltinRule::Scatter, "Scattering",
     "A copy with values written or accumulated at index positions (graph op `scatter`); duplicate positions "
     "accumulate, a position out of range raises IndexError in both modes."},
    {BuiltinRule::Einsum, "Einsum",
     "The equation is planned at compile time (`lang/semantics/einsum.h`, shared with the interpreter) into "
     "permutes, reshapes, sums and matmuls."},
    {BuiltinRule::Random, "Sampling", "Draws from the program's generator in program order: compiled and eager agree."},
    {BuiltinRule::Dynamic, "Data-dependent shapes",
     "The output shape depends on the data: eager only; in a compiled function a `dynamic_output_shape` "
     "break, as in torch.compile."},
    {BuiltinRule::Join, "Joins", "`cat` and `stack` of a list of tensors, in the graph."},
    {BuiltinRule::Create, "Creation", "Factories; shapes from Python values known at compile time are graph constants."},
    {BuiltinRule::Cast, "Casts", "dtype conversions (`x.float()`, `x.to(int64)`), in the graph."},
    {BuiltinRule::InPlace, "In-place methods",
     "Update the receiver and return it; compiled, they follow `x += y`'s rules (the tensor passed in is "
     "updated)."},
    {BuiltinRule::Window, "Convolution, pooling and padding",
     "Internal builtins behind `nn.conv2d` and friends: graph ops run by runtime kernels (im2col + BLAS; Winograd for float32 3x3 stride 1)."},
    {BuiltinRule::Convert, "Conversions to Python values",
     "`item`, `tolist`, `shape`, ...: a Python value read from a tensor's data is a graph break unless the "
     "tracer knows it (shapes, dtypes)."},
};

constexpr const RuleDoc* FindRuleDoc(BuiltinRule rule) {
  for (const RuleDoc& d : kRuleDocs)
    if (rule == d.rule) return &d;
  return nullptr;
}

// `exp(x)`: a function (a tensor builtin or a Python builtin taking tensors).
constexpr bool HasFunctionForm(BuiltinForm f) {
  return f == BuiltinForm::Fn || f == BuiltinForm::Both || f == BuiltinForm::PyFn || f == BuiltinForm::PyBoth;
}
// `x.exp()`
constexpr bool HasMethodForm(BuiltinForm f) {
  return f == BuiltinForm::Method || f == BuiltinForm::Both || f == BuiltinForm::PyBoth;
}
// A Python builtin (`abs`, `max`, `sum`): the interpreter's Python-level
// function forwards tensors to the tensor builtin.
constexpr bool IsPythonLevel(BuiltinForm f) { return f == BuiltinForm::PyFn || f == BuiltinForm::PyBoth; }

constexpr const BuiltinInfo* FindBuiltin(std::string_view name) {
  for (const BuiltinInfo& b : kBuiltins)
    if (name == b.name) return &b;
  return nullptr;
}

// The argument error of calling row `b` as `fname` (a function, or with
// `method` a tensor method) with `npos` positional arguments (a method's
// receiver counted) and these keyword names, if any, from the row's
// signature (lang/semantics/signature.h). Rows that are Python builtins too
// (`sum`, `max`) bind as Python's and are not checked here; nor is a name
// called in a form its row does not have (Python's `float(s)`).
inline const SignatureShape& SignatureOf(const BuiltinInfo& b) {
  static const std::vector<SignatureShape> shapes = [] {
    std::vector<SignatureShape> v;
    for (const BuiltinInfo& r : kBuiltins) v.push_back(ParseSignature(r.signature));
    return v;
  }();
  return shapes[static_cast<size_t>(b.id)];
}
template <class Keywords>
std::optional<std::string> RowCallError(const BuiltinInfo& b, bool method, std::string_view fname, size_t npos,
                                        const Keywords& keywords) {
  if (IsPythonLevel(b.form) || !(method ? HasMethodForm(b.form) : HasFunctionForm(b.form))) return std::nullopt;
  return SignatureError(SignatureOf(b), fname, npos, keywords);
}

// Other spellings of tensor builtins (lang/semantics/builtin_aliases.def).
struct BuiltinAlias {
  const char* name;
  const char* target;
  const char* note;
};
inline constexpr BuiltinAlias kBuiltinAliases[] = {
#define TCC_BUILTIN_ALIAS(spelling, target, note) {spelling, target, note},
#include "semantics/builtin_aliases.def"
};
// The row an alias stands for (`clip` -> `clamp`), or `name` itself.
constexpr std::string_view CanonicalBuiltin(std::string_view name) {
  for (const BuiltinAlias& a : kBuiltinAliases)
    if (name == a.name) return a.target;
  return name;
}

// The in-place methods made of an out-of-place row (lang/semantics/inplace_methods.def).
struct InPlaceMethod {
  const char* name;
  const char* target;
};
inline constexpr InPlaceMethod kInPlaceMethods[] = {
#define TCC_INPLACE_METHOD(spelling, target) {spelling, target},
#include "semantics/inplace_methods.def"
};
// `exp_` -> "exp"; nullptr when `name` is not such a method.
constexpr const char* InPlaceTarget(std::string_view name) {
  for (const InPlaceMethod& m : kInPlaceMethods)
    if (name == m.name) return m.target;
  return nullptr;
}

// torch's factory keywords that only say where and how a new tensor lives
// (`device=`, `requires_grad=`, `pin_memory=`, `layout=`): a Create row, or an
// alias of one, takes them. TensorScript runs on the CPU without autograd, so
// both modes check `device` (IsCpuDevice) and drop them before the call.
inline constexpr const char* kFactoryKeywords[] = {"device", "requires_grad", "pin_memory", "layout"};
constexpr bool TakesFactoryKeywords(std::string_view name) {
  const BuiltinInfo* b = FindBuiltin(CanonicalBuiltin(name));
  return b && b->rule == BuiltinRule::Create;
}
// Keywords torch accepts as other spellings on its tensor functions
// (NumPy's): `x.sum(axis=0, keepdims=True)` is `x.sum(dim=0, keepdim=True)`.
// Both modes rename them before a call to a row of builtins.def.
struct KeywordAlias {
  const char* spelling;
  const char* keyword;
};
inline constexpr KeywordAlias kKeywordAliases[] = {{"keepdims", "keepdim"}, {"axis", "dim"}};

// A row that draws random numbers takes `generator=` (a torch.Generator:
// the interpreter draws from it; its signature says so).
constexpr bool TakesGenerator(std::string_view name) {
  const BuiltinInfo* b = FindBuiltin(CanonicalBuiltin(name));
  return b && std::string_view(b->signature).find("generator=") != std::string_view::npos;
}
// logical_and/or/xor: the operands are bool first (nonzero is True), then
// `&` `|` `^` (their rows' signatures say so).
constexpr bool LogicalOperands(std::string_view name) {
  const BuiltinInfo* b = FindBuiltin(CanonicalBuiltin(name));
  return b && std::string_view(b->signature).find("the operands as bool first") != std::string_view::npos;
}
// The one device: "cpu" or "cpu:N" (what `x.device` is, and what a
// `device=` or `x.to(device)` may name); None means the default, the CPU.
constexpr bool IsCpuDevice(std::string_view d) { return d == "cpu" || d.starts_with("cpu:"); }
inline constexpr const char* kDeviceError =
    "TensorScript runs on the CPU: the only device is \"cpu\" (torch.cuda.is_available() is False)";

// The Python-level builtins (lang/semantics/python_builtins.def): len, range,
// the compile controls, I/O.
// Each row's identity: `py_` and its spelling (PyBuiltinId::py_len).
enum class PyBuiltinId : uint16_t {
#define TCC_PYBUILTIN(spelling, Group, Effect, signature, note) py_##spelling,
#include "semantics/python_builtins.def"
};
enum class PyEffect : uint8_t { Pure, Effect };
struct PyBuiltinInfo {
  const char* name;
  const char* group;      // "Python", "Control", "IO", "Random", "Type"
  const char* signature;
  const char* note;       // how it differs from Python / PyTorch
  PyBuiltinId id;
  PyEffect effect;        // Pure: the result depends on the arguments only, and nothing changes
};

inline constexpr PyBuiltinInfo kPyBuiltins[] = {
#define TCC_PYBUILTIN(spelling, Group, Effect, signature, note) \
  {#spelling, #Group, signature, note, PyBuiltinId::py_##spelling, PyEffect::Effect},
#include "semantics/python_builtins.def"
};
constexpr const PyBuiltinInfo* FindPyBuiltin(std::string_view name) {
  for (const PyBuiltinInfo& b : kPyBuiltins)
    if (name == b.name) return &b;
  return nullptr;
}

// The builtin classes `isinstance(x, C)` tests by name, and Python's rule
// for them: a bool is an int. Both modes map their value to a PyClass and ask
// PyIsInstance.
enum class PyClass : uint8_t { Int, Float, Bool, Str, List, Tuple, Dict, Set, Tensor };
inline constexpr std::pair<const char*, PyClass> kPyClassNames[] = {
    {"int", PyClass::Int},     {"float", PyClass::Float}, {"bool", PyClass::Bool},     {"str", PyClass::Str},
    {"list", PyClass::List},   {"tuple", PyClass::Tuple}, {"dict", PyClass::Dict},     {"set", PyClass::Set},
    {"Tensor", PyClass::Tensor}, {"tensor", PyClass::Tensor}};
constexpr std::optional<PyClass> PyClassNamed(std::string_view name) {
  for (const auto& [n, c] : kPyClassNames)
    if (name == n) return c;
  return std::nullopt;
}
constexpr const char* PyClassName(PyClass c) {  // what type(x) is
  for (const auto& [n, k] : kPyClassNames)
    if (k == c) return n;
  return "?";
}
constexpr bool PyIsInstance(PyClass value, PyClass cls) {
  return value == cls || (value == PyClass::Bool && cls == PyClass::Int);
}

// Python's builtin exception classes, each with its base (BaseException has
// none), in an order where a base comes before its subclasses. The
// interpreter makes them classes users can raise, catch and subclass; its
// run-time errors are raised as these (interp/errors.h maps each error kind).
struct PyExceptionInfo {
  const char* name;
  const char* base;
};
inline constexpr PyExceptionInfo kPyExceptions[] = {
    {"BaseException", nullptr},          {"Exception", "BaseException"},
    {"ArithmeticError", "Exception"},    {"ZeroDivisionError", "ArithmeticError"},
    {"LookupError", "Exception"},        {"IndexError", "LookupError"},
    {"KeyError", "LookupError"},         {"ValueError", "Exception"},
    {"TypeError", "Exception"},          {"RuntimeError", "Exception"},
    {"NotImplementedError", "RuntimeError"}, {"RecursionError", "RuntimeError"},
    {"AssertionError", "Exception"},     {"AttributeError", "Exception"},
    {"NameError", "Exception"},          {"StopIteration", "Exception"},
    {"ImportError", "Exception"},        {"OSError", "Exception"},
    {"FileNotFoundError", "OSError"},    {"OverflowError", "ArithmeticError"},
    {"SystemExit", "BaseException"},
};

constexpr const PyExceptionInfo* FindPyException(std::string_view name) {
  for (const PyExceptionInfo& e : kPyExceptions)
    if (name == e.name) return &e;
  return nullptr;
}

// `cls` is `base` or one of its subclasses (both builtin exception names).
constexpr bool PyExceptionIsA(std::string_view cls, std::string_view base) {
  for (const PyExceptionInfo* e = FindPyException(cls); e; e = e->base ? FindPyException(e->base) : nullptr)
    if (base == e->name) return true;
  return false;
}

constexpr const char* FormName(BuiltinForm f) {
  switch (f) {
    case BuiltinForm::Fn: return "function";
    case BuiltinForm::Method: return "method";
    case BuiltinForm::Both: return "function, method";
    case BuiltinForm::Attr: return "attribute";
    case BuiltinForm::PyFn: return "Python builtin";
    case BuiltinForm::PyBoth: return "Python builtin, method";
  }
  return "?";
}

}  // namespace tcc::sem
