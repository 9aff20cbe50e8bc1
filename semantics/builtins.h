// The table of tensor builtins (semantics/builtins.def) as data: names,
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

// The Python-level builtins (semantics/python_builtins.def): len, range,
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
