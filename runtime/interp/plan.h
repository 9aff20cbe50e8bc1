// Defines the execution plan as the interpreter uses it (format:
// runtime/README.md, "Execution plan"): segments of function bodies that run
// as compiled kernels, their guards, inputs and outputs.
//
// ParsePlan reads the JSON and binds kernel names to the kernel table;
// AttachPlan resolves each segment's function and the roots of its paths
// (local slot or module global) once, and files the segment under
// FuncCode::segments_at[stmt_begin], so running a function costs one vector
// check per statement when a plan is present and nothing otherwise.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interp/code.h"
#include "plan/schema.h"
#include "tensor/tensor.h"
#include "ts_runtime.h"

namespace tcc::interp {

// `x`, `self.w1`, `params[0]`, `params["wte"]`: a root name then attribute,
// index (a list or tuple's item, or a dict's entry by an int key) and str-key
// (a dict's entry) steps.
struct PlanPath {
  std::string text;
  std::string root;
  struct Step {
    bool is_attr;
    int32_t sym;
    int64_t index;
    std::string key;      // a str key (is_key)
    bool is_key = false;
  };
  std::vector<Step> steps;
  // Resolved by AttachPlan:
  bool root_local = false;  // frame slot `root_slot`, else module global `root_slot`
  bool root_cell = false;   // the frame slot holds a closure cell
  int32_t root_slot = -1;
};

struct PlanGuard {
  PlanPath path;
  // kDef: the function or class defined by one statement (str_value: its
  // lang/semantics/identity.h identity); kClass: an instance of that class; kSet:
  // a set of exactly `set_items` (in any order).
  using Kind = plan::GuardKind;  // lang/plan/schema.def
  Kind kind = Kind::Tensor;
  std::vector<Value> set_items;
  PlanPath same_as;           // kSame: must hold the very same tensor object as `path`
  rt::DType dtype = rt::DType::F32;
  // Shape entries: a static size (sym < 0) or a symbol id (equal ids, equal sizes).
  struct DimSpec { int64_t size; int32_t sym; int64_t max = -1; };  // max: "s0<=16", an upper bound
  std::vector<DimSpec> shape;
  int64_t int_value = 0;  // kInt, kLen; kDType: the dtype (lang/semantics/dtypes.def order)
  double float_value = 0;
  bool bool_value = false;
  std::string str_value;
  // kDef / kClass, resolved by AttachPlan from str_value (null: no such
  // definition in the program, so the guard never holds).
  const FuncCode* func_code = nullptr;
  const ClassCode* class_code = nullptr;
};

struct PlanValue {
  using Kind = plan::ValueKind;  // lang/plan/schema.def
  Kind kind = Kind::Const;
  // kView: a view of input `index` (of_output: of kernel output `index`),
  // these steps applied in order.
  struct ViewStep {
    enum Op { kTranspose, kPermute, kReshape, kExpand, kSlice, kSelect, kSqueeze } op = kReshape;
    int64_t axis = 0;
    std::vector<int64_t> axes, ints, shape;
  };
  std::vector<ViewStep> views;
  bool of_output = false;     // kView
  int32_t index = 0;          // kTensor: output index; kInput: input index (the object itself)
  Value constant;             // kConst (None, bool, int, float, str)
  std::vector<PlanValue> items;  // kTuple, kList; kObject attribute values; kDict values
  std::vector<int32_t> fields;   // kTuple: a named tuple's field symbols (else empty)
  std::string tuple_name;        // kTuple: a named tuple's type
  std::vector<int32_t> attrs; // kObject: attribute symbols
  std::vector<Value> keys;    // kDict: keys
  PlanPath path;              // kObject: the class (a global); kPath: the value at segment start
};

struct PlanOutput {
  std::string target;         // a local name, or "<return>"
  bool is_return = false;
  bool is_cond = false;       // "<cond>": the test of the `if` at stmt_end (Segment::cond)
  int32_t slot = -1;          // resolved local slot
  bool slot_is_cell = false;
  PlanValue value;
};

// After the kernel, tensor output `output` is copied into input `input` in
// place: an in-place update of a tensor from outside the segment.
struct PlanWriteback {
  int32_t input = 0, output = 0;
};

struct Segment {
  std::string kernel;
  ts_kernel_fn fn = nullptr;
  std::string module, function;
  uint32_t def_line = 0;
  std::vector<int32_t> block;  // statement indices to the `for` whose body holds it (empty: the body)
  int32_t stmt_begin = 0, stmt_end = 0;
  // The segment also computes the test of the `if` at stmt_end (its `<cond>`
  // output): RunPlanned runs that `if` with it, so only the bool conversion
  // and the branch taken are interpreted. stmt_begin == stmt_end is allowed.
  bool cond = false;
  std::vector<PlanGuard> guards;
  std::vector<PlanPath> inputs;
  std::vector<PlanPath> scalar_inputs;
  std::vector<PlanOutput> outputs;
  std::vector<PlanWriteback> writebacks;
  int32_t n_tensor_outputs = 0;
  int32_t n_symbols = 0;
  int64_t ops = 0;                 // real ops of the kernel's graph (run statistics' kernel_ops)
  // No kernel: a specialisation that traced no tensor op (or a statement
  // it runs in the interpreter). Its guards holding means the statements
  // run in the interpreter, as compiled; `unplanned`: with no compiled code
  // in their callees either (the tracer inlined them).
  bool interpret = false;
  bool unplanned = false;
  const FuncCode* func = nullptr;  // resolved by AttachPlan
};

struct Plan {
  std::vector<Segment> segments;
};

// Parses plan JSON. Returns nullopt and fills `error` on malformed input or
// a kernel name missing from `kernels`.
std::optional<Plan> ParsePlan(const std::string& json, const ts_kernel_entry* kernels, int32_t n_kernels,
                              std::string* error);

// Files each segment under its function's segments_at; segments whose
// function is not in `modules` are reported in `error` (and skipped).
bool AttachPlan(Plan& plan, std::vector<ModuleCode*> modules, std::string* error);

// Set by ts_rt_raise (called from a kernel), consumed by the plan executor.
struct KernelError {
  bool raised = false;
  std::string message;
  int32_t line = 0, col = 0;
};
KernelError& PendingKernelError();

}  // namespace tcc::interp
