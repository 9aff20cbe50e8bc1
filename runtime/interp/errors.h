// Defines run-time errors of the eager interpreter.
//
// Code that finds an error throws TsError with a DiagKind from the TS3xxx
// group and a message in user terms; it does not need to know where in the
// program it is: the interpreter's frame stack records the statement and
// operation each frame is executing, and RunProgram turns the innermost one
// into `file:line:col` with the source line and a caret, then prints the
// traceback. `try`/`except` (exec_stmt.cpp) catches a TsError as the Python
// exception PythonExceptionName names for its kind (an IndexError, ...); a
// `raise` throws one of kind RtUncaughtException carrying the exception
// object, which keeps today's report when nothing catches it. Throwing is the
// error path only; the normal path never throws.
#pragma once

#include <exception>
#include <string>

#include "base/source.h"
#include "diagnostics/diagnostics.h"
#include "interp/value.h"

namespace tcc::interp {

struct TsError : std::exception {
  TsError(DiagKind k, std::string m, std::string h = {}) : kind(k), message(std::move(m)), hint(std::move(h)) {}
  const char* what() const noexcept override { return message.c_str(); }
  DiagKind kind;
  std::string message;
  std::string hint;
  // Set when the error belongs to a specific place other than the operation
  // the innermost frame is executing (e.g. a parameter's default value).
  const SourceFile* file = nullptr;
  Range range;
  // The exception object (an instance of an exception class) for a `raise`,
  // or once an `except` clause has made one for a run-time error.
  Value exc;
};

// The builtin exception class (lang/semantics/builtins.h kPyExceptions) a
// run-time error of `kind` is caught as: RtIndexError -> "IndexError", ...
const char* PythonExceptionName(DiagKind kind);

[[noreturn]] void ThrowError(DiagKind kind, std::string message, std::string hint = {});
[[noreturn]] inline void TypeErr(std::string m, std::string h = {}) { ThrowError(DiagKind::RtTypeError, std::move(m), std::move(h)); }
[[noreturn]] inline void ValueErr(std::string m, std::string h = {}) { ThrowError(DiagKind::RtValueError, std::move(m), std::move(h)); }
[[noreturn]] inline void OverflowErr(std::string m) {
  ThrowError(DiagKind::RtOverflowError, std::move(m),
             "Python ints are exact, but an index, a size, a tensor element or a float holds a bounded number");
}

}  // namespace tcc::interp
