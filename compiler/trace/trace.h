// Defines the static tracer's entry point and its result: graph regions,
// graph breaks, errors and execution-plan segments of a whole program.
//
// TraceProgram walks the program ahead of time with abstract values (see
// value.h). Module scope is eager glue; each call from module scope into a
// user function is an *entry*, traced once per distinct abstract signature
// (a *specialisation*). Calls between functions are inlined. A graph break
// ends the current graph region; the breaking statement runs eagerly; a new
// region starts after it. Whether a break is a fallback or a compile error
// follows fullgraph > error_on_graph_break(b) > default (False).
//
// Consumers:
//   - `tcc explain` / `tcc lint` render `specs`, `breaks`, `errors`;
//   - the backend compiles every `segments[i].graph` into a kernel named
//     `segments[i].kernel` and embeds plan::PlanToJson(result) (compiler/plan_writer) (runtime/README.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "base/source.h"
#include "diagnostics/diagnostics.h"
#include "graph/graph.h"
#include "plan/schema.h"

namespace tcc::ast {
struct Program;
struct Module;
}  // namespace tcc::ast

namespace tcc::trace {

// The graph-break kinds; their codes, reasons, explanations and hints live in
// trace/break_kinds.def (one table).
enum class BreakKind : uint8_t {
#define TCC_BREAK(Name, Diag, Slug, Reason, Explanation, Hint) Name,
#include "trace/break_kinds.def"
};

// One frame of a user stack, outermost first ("<module>" for module scope).
struct StackFrame {
  std::string function;             // qualified name: "fn", "Model.forward", "nn.linear"
  const SourceFile* file = nullptr;
  Loc loc;                          // the call (or, for the last frame, the break)
};

// One located problem the tracer found, at one source location however
// many times it was reached: a graph-break site (`brk` is its kind) or a
// compile error or warning that is not a break (nonstrict_trace
// requirements, shape errors, undefined names, ...). explain (text, JSON),
// lint, SARIF and the HTML report all read this one record
// (report/explain_json.cpp SiteJson is its serialiser).
struct Site {
  std::optional<BreakKind> brk;     // a graph break of this kind
  DiagKind code;                    // diagnostics kind (a break's: TS4xxx)
  Severity severity = Severity::Warning;  // not a break: the kind's, or its Strict one (kinds.def) where that applies
  const SourceFile* file = nullptr;
  Range range;                      // points at the construct
  std::string function;             // function containing the construct
  std::string message;              // one line, specific to this site (a break's reason)
  std::string hint;                 // not a break (a break's is its kind's: BreakHint)
  std::vector<StackFrame> user_stack;  // of the first occurrence
  int count = 0;                    // occurrences in the traced program
  // A break only:
  bool error = false;               // under fullgraph or error_on_graph_break(True)
  bool allowed = false;             // accepted inside an explicit error_on_graph_break(False)
  bool under_fullgraph = false;     // error because of fullgraph (not eogb)
};

// One graph region of a specialisation as explain shows it: the ops traced
// between two breaks (in execution order, through inlined calls).
struct RegionInfo {
  std::string name;                     // "fn_s0_g1"
  std::vector<std::string> op_names;    // spelling of each op, in order ("add", "matmul")
  std::vector<std::string> locations;   // distinct "file:line" of the ops, in order
  std::vector<uint32_t> lines;          // distinct lines of ops in the entry's file, sorted
  std::vector<std::pair<const SourceFile*, uint32_t>> call_sites;  // distinct calls reaching its ops (TapeOp::via)
  graph::Graph graph;                   // the ops; inputs named by tensor ("t3") not by path
  // The fused loop nests the backend makes of `graph`, filled in by the driver
  // (the tracer does not depend on passes/): "2 loop nests: [matmul] ...".
  std::string kernels_text;
  int loop_nests = -1;                  // -1: not computed
  // The body of a rolled loop: "runs 1000 times (loop at fit.ts:3)" (empty: runs once per pass).
  std::string runs;
};

struct Guard {
  std::string path;                 // "x", "self.w1", "params[0]"
  plan::GuardKind kind = plan::GuardKind::Tensor;  // lang/plan/schema.def
  std::string same_as;              // kind == same: the path that must hold the same tensor
  graph::TensorType type;           // kind == tensor
  std::vector<std::string> shape;   // kind == tensor: "256" or "s0" per dim
  std::string value_json;           // scalar kinds: the JSON text of the value; len: of the length; def/class: of the
                                    // identity (lang/semantics/identity.h) of the function or class
                                    // (def) or of the instance's class (class)
};

// One entry specialisation: a function entered from module scope with one
// abstract signature.
struct Specialisation {
  std::string function;             // qualified name
  std::string module;               // "main" or the module name
  std::string signature;            // "(x: float32[3], n: int=2)"
  std::string policy;               // decorators/wrappers/`with` in force at entry: "fullgraph", ...
  const SourceFile* file = nullptr;
  Loc def_loc;
  std::vector<StackFrame> entered_from;  // module-scope call site(s), first one
  std::vector<RegionInfo> graphs;   // regions with >= 1 tensor op
  std::vector<int> breaks;          // indices into TraceResult::breaks (distinct)
  // What its compiled code assumes and checks when called: its segments'
  // guards, each once (`tcc explain --guards`; torch.compile's guard log).
  std::vector<Guard> guards;
  std::vector<int> break_counts;    // occurrences of each of `breaks` in this specialisation
  int break_occurrences = 0;        // accepted fallbacks traced in this specialisation
  // Statements that are not graph breaks but run in the interpreter between
  // kernels (in-place updates of tensors from outside the kernel): `tcc
  // explain` lists them, since they cost what an eager op costs.
  struct Interpreted {
    const SourceFile* file = nullptr;
    Loc loc;
    std::string reason;
    int count = 0;
    // The lines of the calls that reach it (its user stacks' frames): the
    // entry's statement that runs it is one of them (the truth test matches
    // them with the run statistics' sites).
    std::vector<std::pair<const SourceFile*, uint32_t>> at;
  };
  std::vector<Interpreted> interpreted;
  // Rolled loops: `for` loops the interpreter runs whose body runs as the same
  // kernels on every iteration (loops.cpp); `reason` says why it is not unrolled.
  std::vector<Interpreted> loops;
  int error_occurrences = 0;
};

// ---- execution plan (runtime/README.md)


// An output value of a segment (runtime/README.md "Output values").
struct OutValue {
  // Input: a tensor the segment only passes through (`y = x`, `return x, h`):
  // the very object at kernel input `index`, not a copy (aliasing and `is` hold).
  // Object: a new instance of class_module.class_name with attributes keys[i] =
  // items[i], made without running __init__ (the tracer ran it). Dict: a new
  // dict, keys[i] the JSON text of each key. Path: the value at `path` when the
  // segment began (a list or object from before it: the very object).
  // View: a view of input `index` (transpose, slice, select, ...), made by the
  // runtime from the input itself with `views`, so it shares the input's
  // storage as in torch (a later in-place update of the input shows through it);
  // with `of_output`, a view of kernel output `index` (`row = y[1]` after
  // `y = x * 2`: an in-place update of `row` changes `y`, as in torch).
  using Kind = plan::ValueKind;  // lang/plan/schema.def
  Kind kind = Kind::Const;
  struct ViewStep {
    graph::OpKind op;
    graph::Attrs attrs;
    std::vector<int64_t> shape;     // the result's (static) shape: reshape, expand
  };
  std::vector<ViewStep> views;      // View: applied in order
  bool of_output = false;           // View: of a kernel output, not an input
  int index = 0;                    // Tensor: index into graph.outputs; Input: into Segment::inputs
  std::string const_json = "null";  // Const: JSON scalar text
  std::vector<OutValue> items;      // Tuple / List / Object / Dict / Set
  std::vector<std::string> keys;    // Object: attribute names; Dict: JSON keys; Tuple: a named tuple's fields
  std::string class_module, class_name;  // Object; a named Tuple's type (class_name)
  std::string path;                 // Path
};

struct SegmentOutput {
  std::string target;               // local name, or "<return>"
  OutValue value;
};

// A half-open range of top-level statements of one function body that runs
// as one compiled kernel (no break inside, including inlined calls).
struct Segment {
  std::string kernel;               // "tcc_kernel_<n>", unique in the program; = graph.name
  std::string module;               // "main" or module name
  std::string function;             // qualified name within the module
  uint32_t def_line = 0;
  // Statements [stmt_begin, stmt_end) of the function body, or, with `block`,
  // of the body of the `for` at body[block[0]].body[block[1]]... (a loop the
  // interpreter runs whose body runs as kernels).
  std::vector<int> block;
  int stmt_begin = 0, stmt_end = 0;
  // The segment also evaluates the test of the `if` at stmt_end (output
  // `<cond>`: the test's tensor); the interpreter then runs that `if` with
  // it, converting it to bool (the graph break). stmt_begin == stmt_end is
  // then allowed: the segment is the test alone.
  bool cond = false;
  // Per tape op of [tape_begin, tape_end): 1 when no output needs its value
  // (dead code: the kernel does not compute it; explain does not list it).
  std::vector<uint8_t> dead;
  std::vector<Guard> guards;
  std::vector<std::string> inputs;        // tensor paths, kernel input order (= Input attrs.index)
  std::vector<std::string> scalar_inputs; // runtime numbers (= ScalarInput attrs.index)
  std::vector<SegmentOutput> outputs;
  graph::Graph graph;               // Input/ScalarInput nodes named by path; outputs set
  // In-place updates of tensors from outside (`w -= lr * g` on an argument):
  // after the kernel, output `output` is copied into the tensor of input `input`.
  struct Writeback { int input = 0, output = 0; };
  std::vector<Writeback> writebacks;
  size_t tape_begin = 0, tape_end = 0;  // the traced ops it compiles (tracer-internal)
  // No kernel and no outputs: a specialisation whose statements trace no
  // tensor op, or a statement it runs in the interpreter (a break in a
  // callee). Its guards holding means the interpreter runs the statements
  // as explain says ("no graph"), not that compiled code failed to match.
  bool interpret = false;
  // An interpret segment whose callees the tracer traced inline (no tensor
  // op): the interpreter runs them without their own compiled code, which
  // was traced for other calls.
  bool unplanned = false;
  // Tracer-internal: the object attributes its guards' paths pass through.
  struct AttrPath {
    std::string path;
    const void* object;
    std::string attr;
  };
  std::vector<AttrPath> attr_paths;
};

struct TraceOptions {
  bool lint = false;                // treat every entry as under error_on_graph_break(True)
  bool build_segments = true;       // form execution-plan segments
  int max_unroll = 4096;            // loop iterations unrolled before giving up
  int roll_min = 16;                // a `for` of more iterations than this runs rolled when it can (loops.cpp)
  int max_inline_depth = 64;        // inlining depth before `unsupported` (recursion)
  long max_steps = 200000;          // statements traced per entry before giving up on it
  long max_ops = 50000;             // tensor ops traced per entry before giving up on it
};

struct TraceResult {
  std::vector<Specialisation> specs;
  std::vector<Site> breaks;         // distinct break sites, accepted and erroneous, in discovery order
  std::vector<Site> errors;         // non-break compile errors (distinct sites)
  std::vector<Site> warnings;
  std::vector<Segment> segments;

  int graph_count() const;          // sum of graphs over specs
  int graph_break_count() const;    // accepted fallbacks, per occurrence
  int error_count() const;          // break sites that are errors + errors
  bool ok() const { return error_count() == 0; }
};

// Traces `program` (its main module and the modules it imports). Every break
// and issue is also reported to `diags` (breaks as TS4xxx, severity Error when
// they are errors, Warning when accepted), with the user stack as notes.
TraceResult TraceProgram(const ast::Program& program, DiagnosticEngine& diags,
                         const TraceOptions& options = {});

// Same, for a single module without imports (tests).
TraceResult TraceModule(const ast::Module& module, DiagnosticEngine& diags,
                        const TraceOptions& options = {});


// Registry accessors for break kinds (break_kinds.def).
const char* BreakSlug(BreakKind k);          // "graph_break_call"
const char* BreakReason(BreakKind k);        // generic one-line reason
const char* BreakExplanation(BreakKind k);
const char* BreakHint(BreakKind k);
DiagKind BreakDiag(BreakKind k);
const std::vector<BreakKind>& AllBreakKinds();

}  // namespace tcc::trace
