// Defines eager autograd: the tape the interpreter records while grad mode is
// on and a tensor argument requires grad, and the engine that runs it
// backwards (autograd.cpp).
//
// What is written once: the derivative of every builtin is a TensorScript
// function in stdlib/torch/_derivatives.ts, registered by name with
// `__derivatives(mul=MulBackward0, ...)`. A node of the tape is one call of a
// builtin: the rule, the call's arguments as they were, and its results. The
// engine calls rule(grad, result, *args, **kwargs), which returns the
// gradients of the rule's parameters (a tuple, or the first one's alone); it sums a gradient to its input's shape (broadcasting)
// and casts it to its input's dtype, as torch's engine does. With
// create_graph the rules run with grad mode on, so the backward is recorded
// too and differentiates again (second and third derivatives).
//
// A composite written in TensorScript (nn.functional, torch.* composites)
// records the builtins it is made of, so it differentiates through its
// definition unless it has a rule of its own.
//
// Recording is on for programs that use autograd (ast::UsesAutograd: the user's
// code mentions backward, autograd, grad_fn, retain_grad or is_leaf); in
// others it is off, as under torch.inference_mode, in both modes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interp/objects.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

struct GradNode;
struct BuiltinTable;
struct FuncCode;

// A tensor's autograd state (TensorObj::ag; null: a plain tensor).
struct GradMeta {
  bool requires_grad = false;
  bool retains_grad = false;
  Value grad;                     // Undef until a backward() reaches a leaf (or a retained non-leaf)
  std::shared_ptr<GradNode> fn;   // grad_fn; null on a leaf
  int32_t output_nr = 0;          // which of fn's results this tensor is
  // A view recorded from a tensor that requires grad (it shares its storage):
  // the base, and how the view was made, so that an in-place update of the
  // view records the base's update too (torch's CopySlices): for a subscript
  // (`x[i]`) the index; for a View builtin over all of the base (reshape,
  // transpose, permute, ...) the builtin and its other arguments.
  Value view_base;
  Value view_index;     // Undef: not a subscript
  std::string view_op;
  Value view_args;      // a tuple: the View builtin's arguments after the tensor
  Value view_kwargs;    // a dict: its keyword arguments
};

// What an in-place update records (SnapshotForInPlace): the receiver's old
// value with its history, and each base it is a subscript view of with its
// old value, innermost first.
struct InPlaceSnapshot {
  Value old;  // Undef: nothing to record
  std::vector<std::pair<Value, Value>> bases;
};

// Whether the program records (set once at start: RunConfig::autograd).
void SetTapeEnabled(bool on);
bool TapeEnabled();
// torch.is_grad_enabled(); grad mode is per program (the interpreter is one thread).
bool GradEnabled();
void SetGradEnabled(bool on);
// Recording happens now: the tape is enabled and grad mode is on.
bool Recording();

struct GradModeScope {
  explicit GradModeScope(bool on) : prev(GradEnabled()) { SetGradEnabled(on); }
  ~GradModeScope() { SetGradEnabled(prev); }
  GradModeScope(const GradModeScope&) = delete;
  GradModeScope& operator=(const GradModeScope&) = delete;
  bool prev;
};

bool RequiresGrad(const Value& v);          // a tensor whose meta requires grad
GradMeta& MetaOf(const Value& tensor);      // made on first use
const GradMeta* FindMeta(const Value& tensor);

// Calls a builtin (fn(in, a), `name` its registered name): when recording and an
// argument requires grad, records the call as a node of the tape (an in-place
// call `x.mul_(y)` records x's old value and makes the node x's grad_fn).
Value CallTaped(Interp& in, BuiltinFn fn, Args& a);
// For the operators (tensor_ops.cpp): records `result`, computed from `a` by
// the builtin `name` (`x * y` is mul), when recording. `inplace`: the result
// is a.pos[0] itself, updated; `old` is its value before (a snapshot made by
// SnapshotForInPlace).
void RecordResult(const char* name, Args& a, Value& result);
// Before an in-place update of `target` by the builtin `name` (`x += y`,
// `x[i] = v`): when recording and the update involves a tensor that requires
// grad, copies target's value with its autograd history, which the node
// records in target's place (and so for each base target is a view of).
// Raises torch's error for an in-place update of a leaf that requires grad or
// of a view of one, and "not supported yet" for a view that is neither a
// subscript nor a View builtin over the whole base (narrow, diagonal).
InPlaceSnapshot SnapshotForInPlace(const Value& target, const Args& a);
void RecordInPlace(const char* name, Args& a, const InPlaceSnapshot& snapshot);
bool AnyGradArg(const Args& a);  // an argument (or an item of a list/tuple argument) requires grad

// A function written in TensorScript with a rule of its own
// (`__composite_derivatives(nn.mse_loss, MseLossBackward0)`): when recording,
// Interp::CallFunction runs it without recording and records one node.
const Value* CompositeRule(const FuncCode* code);  // null: none, or not recording
bool RecordComposite(const Value& rule, Args& a, Value& result);

// `grad_fn=<MulBackward0>` / `requires_grad=True` for a printed tensor, or "".
std::string GradSuffix(const Value& tensor);

// Tensor attributes of autograd (`requires_grad`, `grad`, `grad_fn`, `is_leaf`):
// true when `sym` is one, with its value in *out.
bool AutogradAttr(Interp& in, const Value& t, int32_t sym, Value* out);
bool SetAutogradAttr(const Value& t, int32_t sym, const Value& v);

void RegisterAutogradBuiltins(BuiltinTable& t);

// A copy of a function object (a decorator's wrapper: the same code).
Value CopyFunction(const Value& fn);
// @no_grad() / @enable_grad(): a copy of fn that runs in grad mode `mode`.
Value WrapGradMode(const Value& fn, bool mode);

}  // namespace tcc::interp
