// Defines the run statistics of one program run (TCC_STATS, runtime/README.md
// "Run statistics") and the bookkeeping for plan guard failures.
//
// An *entry* is a call from module scope into a user function, as the tracer
// defines it (compiler/trace/trace.h): a constructor's `__init__` run at
// module scope is not one (it is module-scope code), and calls made inside an
// entry are part of it. One EntryStats per (function, run-time signature).
//
// A *tensor op* (the unit of `interpreted_ops` and `module_ops`) is one
// interpreter operation that makes a tensor value (MakeTensor: operators,
// tensor builtins and methods, `.T`, indexing, iteration rows) or writes into
// an existing tensor (`t[i] = v`, an in-place `t op= v`). Reading metadata
// (`shape`, `dtype`, `len`, `item()`, printing) is not a tensor op. Tensors
// a compiled kernel returns are not counted as interpreted ops: kernel work
// is `kernel_ops`, the real ops (not inputs or constants) of its graph.
//
// Counting is one increment through g_tensor_op_counter (op_count.h), which
// points at the current entry's `interpreted_ops`, at `module_ops`, or at a
// sink when statistics are off. Entry bookkeeping (a map lookup and a
// signature string per module-scope call) happens only when they are on.
#pragma once

#include <cstdint>
#include <deque>
#include <iosfwd>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "interp/code.h"
#include "interp/op_count.h"

namespace tcc::interp {

struct Segment;
struct Frame;

struct GuardFailureStat {
  std::string file;
  uint32_t line = 0, col = 0;
  std::string guard;     // the access path ("x", "self.w1")
  std::string expected;  // "float32[2, 3]", "int=3", "the same tensor as `x`"
  std::string saw;       // "float32[2, 5]", "int=4", "a different tensor", "missing"
  uint64_t count = 0;
};

// A statement of an entry's own body that ran in the interpreter (a graph
// break, an `interp` statement, a rolled loop, a statement whose guards
// failed): where, how often, its time net of the kernels it launched.
struct SiteStat {
  std::string file;
  uint32_t line = 0, col = 0, end_line = 0;
  uint64_t count = 0, interpreted_ops = 0;
  double seconds = 0;
};

struct EntryStats {
  std::string function, module, signature, file, entered_from;
  uint32_t line = 0;
  uint64_t calls = 0, kernel_launches = 0, kernel_ops = 0, interpreted_ops = 0;
  std::vector<GuardFailureStat> guard_failures;
  // Wall time inside the entry, in its kernels, and in its interpreted
  // statements (`sites`, net of kernels they launched); the rest is plan
  // overhead (guards, handing values to and from kernels).
  double seconds = 0, kernel_seconds = 0, interpreted_seconds = 0;
  std::vector<SiteStat> sites;
};

// What a failed guard expected and saw (plan_exec.cpp).
struct GuardMismatch {
  std::string guard, expected, saw;
};

class RunStats {
 public:
  RunStats();
  ~RunStats();
  RunStats(const RunStats&) = delete;
  RunStats& operator=(const RunStats&) = delete;

  // Turns entry bookkeeping on; `mode` is "compiled" or "eager".
  void Enable(std::string mode);
  bool enabled() const { return enabled_; }

  // Called for every user-function call; returns the entry it starts, or
  // null when the call is not an entry (already inside one, inside a
  // module-scope constructor, or statistics off). `slots` are the bound
  // parameters; `caller` the module frame making the call.
  EntryStats* BeginEntry(const FuncCode* code, const Value* slots, const Frame& caller);
  // Ends the entry BeginEntry returned (also when the call throws).
  void EndEntry(EntryStats* e);

  // A module-scope constructor call: its `__init__` is module-scope code.
  void EnterConstructor() { ++constructor_depth_; }
  void LeaveConstructor() { --constructor_depth_; }
  bool at_module_scope() const { return current_ == nullptr; }

  void CountKernel(const Segment& seg);
  // Kernel timing (plan_exec.cpp): KernelClock() before the launch, the
  // value to CountKernel's `started` after it. 0 when statistics are off.
  double KernelClock() const { return enabled_ ? Now() : 0; }
  void CountKernel(const Segment& seg, double started);
  // Around a statement the interpreter runs at the top of an entry's body
  // (call.cpp RunPlanned): returns a token for EndStatement, or -1 when not
  // timed (statistics off, outside an entry, or nested in a timed statement).
  double BeginStatement();
  void EndStatement(double token, const std::string& file, Range range);
  // Whether GuardFailure at this site would record or warn anything (false
  // once warned with statistics off: the caller then skips describing it).
  bool WantsGuardFailure(const Segment& first) const { return enabled_ || !warned_.count(&first); }
  // Records a statement that has plan segments none of whose guards held
  // (the statements run eagerly); warns on `err` once per segment site.
  void GuardFailure(const Segment& first, const GuardMismatch& why, size_t n_segments, std::ostream& err,
                    bool color);

  // The statistics as JSON text (runtime/README.md "Run statistics").
  std::string Json() const;
  // Writes Json() to `path` ("-": `err`); false (and a message on `err`) on failure.
  bool Write(const std::string& path, std::ostream& err) const;

 private:
  bool enabled_ = false;
  std::string mode_ = "eager";
  std::deque<EntryStats> entries_;  // stable addresses
  std::map<std::pair<const FuncCode*, std::string>, EntryStats*> index_;
  static constexpr int kMaxSignatures = 256;
  std::map<const FuncCode*, int> signatures_;  // distinct signatures seen per function
  EntryStats* current_ = nullptr;
  int constructor_depth_ = 0;
  uint64_t module_ops_ = 0, module_kernel_launches_ = 0, module_kernel_ops_ = 0;
  std::vector<GuardFailureStat> module_guard_failures_;  // segments reached outside any entry
  std::set<const Segment*> warned_;
  static double Now();
  double start_ = 0;               // Enable()
  double entry_start_ = 0;         // BeginEntry of current_
  double kernel_total_ = 0;        // all kernel time so far
  double stmt_kernel_before_ = 0;  // kernel_total_ at BeginStatement
  uint64_t stmt_ops_before_ = 0;
  int stmt_depth_ = 0;
};

// "(self: Model, x: float32[2, 3], n: int=3)": tensors as dtype[shape],
// bool/int/float/str/None by value, lists and tuples item by item (the first
// 8), instances by class name, anything else by type name.
std::string RuntimeSignature(const FuncCode* code, const Value* slots);
// One value as RuntimeSignature shows it ("float32[2, 3]", "int=3", "Model").
std::string DescribeValue(const Value& v);

}  // namespace tcc::interp
