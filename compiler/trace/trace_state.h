// Defines the records the Tracer keeps while it walks a program: module and
// function environments, the tape of tensor ops, the break policy (Mode),
// call frames with the segment under construction, notes of code that will
// run uncompiled, and a call's arguments. Internal to compiler/trace
// (tracer.h holds the Tracer class itself).
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "trace/trace.h"
#include "trace/value.h"

namespace tcc::trace {

struct ProbeState;  // a rolled-loop probe's snapshot (loop_probe.cpp)

struct Env {
  std::unordered_map<std::string, ValuePtr> vars;
  EnvPtr parent;  // enclosing function's locals (closures)
};

struct ModuleState {
  std::string name;                  // "main" or the import name
  const ast::Module* ast = nullptr;
  const SourceFile* file = nullptr;
  EnvPtr globals;
  ValuePtr value;                    // VK::Module value for `import`
  bool evaluated = false;
  // Module-scope assignment sites per name (nonstrict global warnings).
  std::map<std::string, std::vector<Loc>> assigns;
};

// One recorded tensor op (the tape is the linear trace of an entry).
struct TapeOp {
  graph::OpKind op;
  std::vector<ValuePtr> inputs;      // tensors or Python numbers
  graph::Attrs attrs;
  ValuePtr out;
  const SourceFile* file = nullptr;
  Loc loc;
  // The calls inside the entry that reach it (outermost first): lines that
  // run in a graph through a call (the HTML report shades them compiled).
  std::vector<std::pair<const SourceFile*, uint32_t>> via;
};

// The dynamic break policy: fullgraph > error_on_graph_break > default.
struct Mode {
  bool fullgraph = false;
  enum Eogb : uint8_t { Default, Off, On } eogb = Default;
  bool nonstrict = false;
  std::string nonstrict_fn;          // the nonstrict function being run
};

// Counts a frame as inside a construct whose parts may not run (Frame::nested)
// for as long as it lives.
struct NestGuard {
  explicit NestGuard(struct Frame* f);
  ~NestGuard();
  NestGuard(const NestGuard&) = delete;
  NestGuard& operator=(const NestGuard&) = delete;
  struct Frame* frame;
};

// The segment under construction in one frame (see segments.cpp).
struct SegState {
  bool open = false;
  int stmt_begin = 0, stmt_end = 0;
  size_t tape_begin = 0, tape_end = 0;
  std::unordered_map<std::string, ValuePtr> start_locals;
  std::set<std::string> assigned, reads, global_reads;
  bool returned = false;
  ValuePtr return_value;
  // In-place updates of tensors from before the segment: the tensor, its path
  // at the segment's start, and the value the kernel computes for it.
  struct Writeback { ValuePtr tensor; std::string path; ValuePtr value; };
  std::vector<Writeback> writebacks;
  // The segment also evaluates the test of the `if` at stmt_end, a tensor the
  // interpreter's `if` then converts to bool (segment_cond.cpp).
  ValuePtr cond;
};

struct Frame {
  std::string qualname;              // "fn", "Model.forward"
  const ast::FunctionDef* def = nullptr;  // null at module scope
  ModuleState* module = nullptr;
  EnvPtr locals;
  ValuePtr self;                     // a method's bound instance (`super()`)
  const ClassInfo* owner = nullptr;  // the class that defines the method
  const SourceFile* call_file = nullptr;  // the call site, in the caller
  Loc call_loc;
  bool eager = true;                 // module scope and constructors: not traced
  bool disabled = false;             // a torch.compiler.disable function: not traced or linted; its calls are
                                     // entries, as from module scope
  int nested = 0;                    // `if`s, loops, `try`s, `with`s and conditional expressions being run:
                                     // inside one, what the tracer sees may not run (CertainToRun)
  bool stmt_broke = false;           // the current top-level statement broke
  bool stmt_eager = false;           // ... or must run eagerly for another reason
  bool stmt_listed = false;          // ... and `tcc explain` lists it (Specialisation::interpreted)
  bool stmt_cond_compiled = false;   // ... its `if` test joined the segment before it (segment_cond.cpp)
  std::string stmt_eager_reason;     // why it runs eagerly (the first reason given)
  Range stmt_eager_range;            // where (invalid: the statement)
  size_t stmt_tape_begin = 0;        // tape size when the statement began
  size_t stmt_journal = 0;           // heap journal entry and level count when it began
  size_t stmt_journal_levels = 0;
  ValuePtr ret;
  SegState seg;
  int64_t seg_born = 0;              // BornNow() when `seg` opened: values made inside it are born later
  std::vector<Segment> closed;       // this frame's segments
  std::vector<Segment> child_segs;   // callee segments from the current statement
  std::set<std::string> stmt_assigned, stmt_reads, stmt_global_reads;
  std::vector<SegState::Writeback> stmt_writebacks;  // join seg.writebacks when the statement joins
  std::map<std::string, ValuePtr> seg_out_values;  // assigned names at the segment's end
  // The segment's out values and writeback values before the current
  // statement redirected them (an in-place update in it, InPlaceUpdate):
  // a statement that then runs eagerly leaves the segment as it found it.
  bool stmt_saved_seg = false;
  std::map<std::string, ValuePtr> stmt_saved_out_values;
  std::vector<ValuePtr> stmt_saved_wb_values;
  std::vector<std::set<std::string>> loads_per_stmt;  // names each top-level statement loads
  // The block whose statements segments are being formed of: the body, or
  // the body of a rolled loop (loops.cpp), named by the statement indices
  // leading to that `for` (empty: the function body).
  const ast::Block* block = nullptr;
  std::vector<int> block_path;
  const ast::Block& Body() const { return block ? *block : def->body; }
  int cur_stmt = -1;
  ValuePtr maybe_ret;                // a return on one side of an unknown branch
};

// Raise: a `raise` known at compile time is unwinding (Tracer::raising).
enum class Flow { Normal, Return, Break, Continue, Raise };

// Code of a traced function that will run in the interpreter although no break
// was reported for it yet: a statement that could not join a segment, or a
// segment that could not be formed. At the end of the entry (coverage.cpp) the
// tape ops that no emitted segment compiles are attributed to the innermost such
// note, which is then reported as a graph break.
struct UncompiledNote {
  size_t tape_begin = 0, tape_end = 0;
  const SourceFile* file = nullptr;
  Range range;
  std::string reason;
  bool explained = false;            // a break or an `interp` line already says so
  // A compound statement (a loop, `if`, `with`, `try`) that runs in the
  // interpreter because a graph break is inside it: the break explains its
  // own statement, not the other tensor ops of the compound, which explain
  // lists as an `interp` line with this text.
  std::string whole_statement;
  std::vector<StackFrame> stack;
  Mode mode;
};

// The part of the tracer's state a rolled-loop probe copies and puts back
// whole (loop_probe.cpp): Tracer derives from it, so a field added here is
// saved and restored with the rest. The append-only records (tape,
// diagnostics, segments, regions) are put back by truncation instead, and
// the heap by the journal.
struct ProbedState {
  Mode mode;
  size_t region_begin = 0;           // tape index where the open graph region starts
  ValuePtr raising;                  // the exception a Flow::Raise carries
  // An exception known at compile time that left a called function while a
  // traced `try` encloses the call: the rest of the caller's statement is not
  // evaluated (Eval returns unknowns) and the statement ends in Flow::Raise.
  ValuePtr raise_pending;
  long uncertain_raises = 0;         // raises whose path is known only at run time, or that left a function
  std::map<std::string, size_t> site_by_key, issue_by_key;  // a break site's / issue's index in `result`
  std::set<std::string> nonstrict_warned;
  std::set<std::string> segment_keys;
  int kernel_counter = 0;
  long steps = 0;                    // statements traced in the current entry
  bool exhausted = false;            // the current entry ran out of steps
};

// The tape range one CloseRegion ended (a graph of explain, once coverage is known).
struct RegionBounds {
  size_t begin = 0, end = 0;
};

struct CallArgs {
  std::vector<ValuePtr> pos;
  std::vector<std::pair<std::string, ValuePtr>> kw;
  const ast::CallExpr* expr = nullptr;  // for locations; may be null
  Range range;
  ValuePtr Kw(const std::string& name) const {
    for (const auto& [k, v] : kw)
      if (k == name) return v;
    return nullptr;
  }
  // Positional argument i, else keyword `name`, else null.
  ValuePtr Arg(size_t i, const std::string& name) const {
    if (i < pos.size()) return pos[i];
    return Kw(name);
  }
};

// A call of a tensor builtin as its handler sees it (tensor_builtin_handlers.def).
struct TensorCall {
  const std::string& name;
  ValuePtr x;          // the receiver, or the function form's first argument
  CallArgs rest;       // the arguments after it
  graph::DType dt;     // x's dtype
  Range where;
  ValuePtr self;       // the receiver (null for the function form)
  CallArgs& args;      // the call as written
};

}  // namespace tcc::trace
