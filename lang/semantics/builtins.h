// The table of tensor builtins (lang/semantics/builtins.def) as data: names,
// forms, rule and signature. The graph op column is read by the tracer
// (trace/builtin_ops.h), which knows the graph IR.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tcc::sem {

enum class BuiltinForm : uint8_t { Fn, Method, Both, Attr, PyFn, PyBoth };

struct BuiltinInfo {
  const char* name;
  BuiltinForm form;
  const char* rule;       // "Unary", "Reduce", ...
  const char* op;         // the graph op's enumerator name, "None" if none
  const char* signature;
};

inline constexpr BuiltinInfo kBuiltins[] = {
#define TCC_BUILTIN(spelling, Forms, Op, Rule, signature) {spelling, BuiltinForm::Forms, #Rule, #Op, signature},
#include "semantics/builtins.def"
};

// What each Rule of the table means for a user: the headings of the README's
// language reference (`tcc explain --list-builtins --format markdown`), in
// the order it lists them. tests/unit/builtins checks every rule a row uses
// has an entry here.
struct RuleDoc {
  const char* rule;
  const char* title;
  const char* text;
};
inline constexpr RuleDoc kRuleDocs[] = {
    {"Unary", "Elementwise, one operand",
     "Fuse with their neighbours into one loop nest; the dtype follows ops.def (ints become float32 for "
     "`exp`, `sqrt`, ...)."},
    {"Binary", "Elementwise, two operands",
     "NumPy broadcasting and torch's three-tier type promotion (`lang/semantics/dtype.h`); fuse."},
    {"Ternary", "Elementwise, three operands", "Broadcasting and promotion as the binary ops; fuse."},
    {"Reduce", "Reductions",
     "`dim` an int, a tuple or None, `keepdim`; `sum` of ints is int64 and `mean` of ints an error, as in "
     "torch."},
    {"Scan", "Scans", "Cumulative along a dim, a graph op with its own loop nest (floats accumulate in double)."},
    {"Composite", "Composites",
     "Made of other graph ops, written once in `lang/semantics/composite.h` for both modes; they fuse."},
    {"Contract", "Contractions", "`matmul` / `@` with torch's broadcasting of batch dims; BLAS in both modes."},
    {"View", "Views", "Index arithmetic in the graph; `flip` copies, as in torch."},
    {"Layout", "Layout", "A copy or the tensor itself (`contiguous`, `clone`)."},
    {"Shape", "Shape builtins",
     "Traced as the slices, selects, expands, joins and `where`s they are made of (sizes by "
     "`lang/semantics/shape_ops.h`), so they fuse."},
    {"Index", "Indexing by tensors",
     "Graph ops (`take`, `gather`) with shapes known at compile time; a position out of range raises "
     "IndexError in both modes."},
    {"Sort", "Sorting",
     "int64 positions in order (graph op `sort`, the runtime kernel the interpreter runs too), values gathered "
     "at them; NaN sorts as largest, ties keep their order."},
    {"Scatter", "Scattering",
     "A copy with values written or accumulated at index positions (graph op `scatter`); duplicate positions "
     "accumulate, a position out of range raises IndexError in both modes."},
    {"Einsum", "Einsum",
     "The equation is planned at compile time (`lang/semantics/einsum.h`, shared with the interpreter) into "
     "permutes, reshapes, sums and matmuls."},
    {"Random", "Sampling", "Draws from the program's generator in program order: compiled and eager agree."},
    {"Dynamic", "Data-dependent shapes",
     "The output shape depends on the data: eager only; in a compiled function a `dynamic_output_shape` "
     "break, as in torch.compile."},
    {"Join", "Joins", "`cat` and `stack` of a list of tensors, in the graph."},
    {"Create", "Creation", "Factories; shapes from Python values known at compile time are graph constants."},
    {"Cast", "Casts", "dtype conversions (`x.float()`, `x.to(int64)`), in the graph."},
    {"InPlace", "In-place methods",
     "Update the receiver and return it; compiled, they follow `x += y`'s rules (the tensor passed in is "
     "updated)."},
    {"Window", "Convolution, pooling and padding",
     "Internal builtins behind `nn.conv2d` and friends: graph ops run by runtime kernels (im2col + BLAS; Winograd for float32 3x3 stride 1)."},
    {"Convert", "Conversions to Python values",
     "`item`, `tolist`, `shape`, ...: a Python value read from a tensor's data is a graph break unless the "
     "tracer knows it (shapes, dtypes)."},
};

constexpr const RuleDoc* FindRuleDoc(std::string_view rule) {
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
  return b && std::string_view(b->rule) == "Create";
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
struct PyBuiltinInfo {
  const char* name;
  const char* group;      // "Python", "Control", "IO", "Random", "Type"
  const char* signature;
  const char* note;       // how it differs from Python / PyTorch
};

inline constexpr PyBuiltinInfo kPyBuiltins[] = {
#define TCC_PYBUILTIN(spelling, Group, signature, note) {spelling, #Group, signature, note},
#include "semantics/python_builtins.def"
};

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
