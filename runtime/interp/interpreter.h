// Defines the Interp class: the tree-walking evaluator over compiled modules
// (code.h), its frame stack, call protocol and the builtin-argument view.
//
// Contracts:
//  - Frames are C++ objects on the native stack; each records the statement
//    or operation it is executing (`at`), so errors need no location. When an
//    error unwinds a frame, the frame appends itself to `unwound_` (innermost
//    first): that is the traceback.
//  - Call depth is limited (kMaxDepth) and the interpreter runs on a thread
//    with a large native stack, so runaway recursion is a TsError, never a
//    crash.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string_view>
#include <string>
#include <unordered_map>
#include <vector>

#include "interp/code.h"
#include "interp/errors.h"
#include "interp/objects.h"
#include "interp/stats.h"
#include "semantics/containers.h"

namespace tcc::interp {

struct Plan;

// The arguments of a builtin call: positional values, then keyword values
// named by interned symbols.
struct Args {
  const Value* pos = nullptr;
  int32_t npos = 0;
  const int32_t* kwnames = nullptr;
  const Value* kwvals = nullptr;
  int32_t nkw = 0;
  const char* fname = "";

  // Positional `i` or keyword `name`; Undef when absent.
  const Value& Get(int32_t i, const char* name) const;
  // As Get, but a missing argument is an error.
  const Value& Need(int32_t i, const char* name) const;
  // Errors unless the call has at most `max_pos` positionals and only the
  // listed keywords (nullptr-terminated).
  void Check(int32_t max_pos, std::initializer_list<const char*> keywords) const;
  // Errors when the call does not fit the signature of `row`, the callee's
  // builtins.def row (BuiltinRowOf; null: not a row): lang/semantics/signature.h,
  // which the tracer checks at compile time too.
  void CheckRow(const sem::BuiltinInfo* row, bool method) const;
  // Tests: called with what each Check allows (a builtin's hand-written
  // parameters, compared with its row's signature by tests/unit/builtins).
  static inline void (*check_hook)(const char* fname, int32_t max_pos,
                                   std::initializer_list<const char*> keywords) = nullptr;
};

// A keyword Interp::Call rewrites before calling a builtin (`device=`,
// `generator=`, `keepdims=`, ...): tensor methods called with one go through it.
bool HasCallKeywordHooks(const int32_t* kwnames, int32_t nkw);

struct Frame;

struct TraceEntry {
  std::string function;
  const SourceFile* file;
  Range range;
};

class Interp {
 public:
  static constexpr int kMaxDepth = 1000;

  Interp(std::ostream& out, std::vector<std::string> argv);
  ~Interp();

  // ---- modules
  // Registers a compiled module under its name; the first registered is main.
  void AddModule(std::unique_ptr<ModuleCode> code);
  // Runs module `name` once (later calls return the same module object).
  Ref<ModuleObj> Import(const std::string& name);
  bool HasModule(const std::string& name) const;  // the program has it (loaded by the compiler)
  void SetPlan(const Plan* plan);
  // Run statistics (stats.h) and where run-time warnings go (default std::cerr).
  RunStats& stats() { return stats_; }
  void SetWarnings(std::ostream* err, bool color) { warn_ = err; warn_color_ = color; }

  // ---- evaluation
  Value Eval(const XNode* n, Frame& f);
  enum class Flow : uint8_t { Normal, Break, Continue, Return };
  Flow ExecBlock(const std::vector<SPtr>& body, Frame& f);
  Flow Exec(const SNode* s, Frame& f);
  void Store(const XNode* target, Value v, Frame& f);

  // ---- calls
  Value Call(const Value& callee, const Value* pos, int32_t npos, const int32_t* kwnames,
             const Value* kwvals, int32_t nkw);
  Value Call0(const Value& callee) { return Call(callee, nullptr, 0, nullptr, nullptr, 0); }
  Value Call1(const Value& callee, Value a) { return Call(callee, &a, 1, nullptr, nullptr, 0); }
  Value CallFunction(FunctionObj* fn, const Value* self, const Value* pos, int32_t npos,
                     const int32_t* kwnames, const Value* kwvals, int32_t nkw);
  Value Instantiate(ClassObj* cls, const Value* pos, int32_t npos, const int32_t* kwnames,
                    const Value* kwvals, int32_t nkw);

  // ---- attributes
  Value GetAttr(const Value& obj, int32_t sym);
  void SetAttr(const Value& obj, int32_t sym, Value v);

  // ---- output and process state
  std::ostream& out() { return out_; }
  const std::vector<std::string>& argv() const { return argv_; }
  const std::string& program() const { return program_; }  // sys.argv[0]
  void SetProgram(std::string path) { program_ = std::move(path); }
  std::ostream& err() { return warn_ ? *warn_ : out_; }  // sys.stderr

  // The traceback of the error being handled: innermost frame first.
  std::vector<TraceEntry>& unwound() { return unwound_; }
  Frame* top() const { return top_; }

  // The value stack that holds frame slots and call arguments.
  Value* Push(int32_t n);
  void Pop(int32_t n);
  size_t sp() const { return sp_; }

 private:
  friend struct Frame;
  Value EvalCall(const XNode* n, Frame& f);
  Value EvalAttr(const XNode* n, Frame& f);
  Value DefineFunction(const FuncCode* code, Frame& f);
  Value DefineClass(const ClassCode* code, Frame& f);
  Flow ExecFor(const SNode* s, Frame& f);
  // The `if` statement s with its test already evaluated to t (by Exec, or by
  // a kernel's `<cond>` output): t's truth picks the branch run.
  Flow ExecIf(const SNode* s, const Value& t, Frame& f);
  // The `assert` statement s with its test evaluated to t (as ExecIf).
  void ExecAssert(const SNode* s, const Value& t, Frame& f);
  // Calls body(item) for each item of an iterable until it returns false;
  // false when it stopped early. `where`: the iterable (for messages).
  bool Iterate(const Value& it, const Range& where, Frame& f, const std::function<bool(Value)>& body);
  // Appends the values of comprehension n (XK::ListComp) from clause `clause` on.
  void EvalComprehension(const XNode* n, size_t clause, size_t kid, Frame& f, std::vector<Value>& out);
  Flow ExecWith(const SNode* s, Frame& f);
  // try/except/else/finally, raise, del (exceptions.cpp)
  Flow ExecTry(const SNode* s, Frame& f);
  [[noreturn]] void ExecRaise(const SNode* s, Frame& f);
  void ExecDel(const SNode* s, Frame& f);
  // The values of a display's items, `*xs` items spliced in.
  std::vector<Value> EvalItems(const std::vector<XPtr>& kids, size_t from, Frame& f);
  Value EvalCallSpliced(const XNode* n, Frame& f);
  void ExecImport(const SNode* s, Frame& f);
  Value RunBody(const FuncCode* code, Frame& f);
  // Runs a block whose statements may start plan segments (segments[i]: those
  // starting before statement i); a segment's `<return>` sets f.ret.
  Flow RunPlanned(const std::vector<SPtr>& body, const std::vector<std::vector<const Segment*>>& segments, Frame& f);
  void EndTimed(double timed, const Range& range, Frame& f);  // stats_.EndStatement for body statement `range`
  // `cond`: the segment's `<cond>` output (Segment::cond), else left alone.
  bool TryPlan(const Segment* seg, Frame& f, int32_t* next, bool* returned, Value* ret, Value* cond);
  bool GuardsHold(const Segment* seg, Frame& f);  // an interpret segment's: the statements run here

  std::ostream& out_;
  std::vector<std::string> argv_;
  std::string program_;
  std::vector<std::unique_ptr<ModuleCode>> codes_;
  std::unordered_map<std::string, Ref<ModuleObj>> modules_;
  const Plan* plan_ = nullptr;
  Frame* top_ = nullptr;
  int depth_ = 0;
  std::vector<Value> stack_;
  size_t sp_ = 0;
  std::vector<TraceEntry> unwound_;
  std::vector<TsError> handling_;  // the exceptions `except` clauses are handling (bare `raise`)
  Range kernel_error_range_;
  RunStats stats_;
  // As the tracer: a call from module scope is an entry, whose callees run
  // its compiled segments; a constructor called from module scope (and all
  // it calls) is module-scope code, traced by nothing, so it runs no plan,
  // nor do the callees of an `unplanned` interpret segment (traced inline).
  int entry_depth_ = 0;
  int unplanned_depth_ = 0;
  std::ostream* warn_ = nullptr;
  bool warn_color_ = false;
};

// Which guard (or input) of `seg` does not hold in frame `f`, what it
// expected and what it saw (plan_exec.cpp).
GuardMismatch DescribeGuardFailure(const Segment& seg, Frame& f);

// One activation: a function call or a module body.
struct Frame {
  Frame(Interp& in, const FuncCode* c, FunctionObj* f, ModuleObj* m, int32_t nslots, std::string_view name);
  ~Frame();
  Interp& interp;
  const FuncCode* code;       // null for module bodies
  FunctionObj* fn;            // null for module bodies
  ModuleObj* module;
  Value* slots;
  int32_t nslots;
  const Range* at = nullptr;  // what this frame is executing
  Frame* prev;
  std::string_view name;
  Value ret;
  bool done = false;          // set on normal exit; else the dtor records a traceback entry
};

// The interpreter running on this thread (user `__str__`/`__repr__` from format.cpp).
Interp* CurrentInterp();

// Python semantics helpers (ops_scalar.cpp, format.cpp).
bool Truthy(const Value& v);
Value BinaryOp(ast::BinOp op, const Value& a, const Value& b);
Value UnaryOp(ast::UnaryOp op, const Value& a);
Value CompareOp(ast::CmpOp op, const Value& a, const Value& b);
bool ValuesEqual(const Value& a, const Value& b);
std::string Repr(const Value& v);
std::string Str(const Value& v);
std::string FormatFloat(double d);
// format(v, spec): Python's format-spec mini-language (format_spec.cpp).
std::string FormatWithSpec(const Value& v, const std::string& spec);
int64_t Len(const Value& v);
Value GetItem(const Value& obj, const Value& index);
void SetItem(const Value& obj, const Value& index, const Value& v);
void DelItem(const Value& obj, const Value& index);  // `del obj[index]` (lists, dicts)
void DelAttr(const Value& obj, int32_t sym);           // `del obj.name`, delattr(obj, "name")
// str() of an exception instance: its args as Python shows them.
std::string ExceptionMessage(const Value& exc);
// An uncaught SystemExit (sys.exit) ends the program quietly, as Python's:
// its exit status (`code` attribute, else its argument: None 0, an int
// itself; anything else is printed to `err` and gives 1). Empty for any other error.
std::optional<int> SystemExitStatus(const TsError& e, std::ostream& err);
// A KeyError whose exception object holds `key` (str(e) is its repr, as in
// Python), reported as `message` when nothing catches it.
[[noreturn]] void ThrowKeyError(const Value& key, std::string message, std::string hint = {});
// The elements of an iterable (list, tuple, dict keys, str characters, range,
// tensor rows) as a vector.
std::vector<Value> Materialize(const Value& iterable);

// Sets (builtins_set.cpp): the operators `|`, `&`, `-`, `^` on two sets,
// their augmented forms (in place), `a <= b`, and the methods by name.
Value SetBinary(sem::SetOp op, const Value& a, const Value& b);
void SetAugmented(sem::SetOp op, const Value& a, const Value& b);
bool SetLessEqual(const Value& a, const Value& b);
BuiltinFn SetMethodImpl(std::string_view name);
// The implementation of lang/semantics/container_methods.def's row (type, name),
// or nullptr (builtins_methods.cpp; tests/unit/builtins checks every row has one).
BuiltinFn ContainerMethodImpl(sem::ContainerType type, std::string_view name);

// The builtin namespace.
struct BuiltinTable {
  std::vector<std::string> names;
  std::vector<Value> values;
  std::unordered_map<std::string, int32_t> index;
  void Add(const std::string& name, Value v);
  void AddFn(const char* name, BuiltinFn fn);
};
const BuiltinTable& Builtins();
void RegisterCoreBuiltins(BuiltinTable& t);
void RegisterExceptionBuiltins(BuiltinTable& t);
void RegisterGraphBuiltins(BuiltinTable& t);
void RegisterTensorBuiltins(BuiltinTable& t);
void RegisterPythonBuiltins(BuiltinTable& t);  // map, filter, divmod, math (builtins_python.cpp)

}  // namespace tcc::interp
