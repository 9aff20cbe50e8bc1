// Defines a node of the autograd tape (autograd.h): one recorded call of a
// builtin, shared by the tape (autograd_tape.cpp) and the engine
// (autograd_engine.cpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interp/autograd.h"

namespace tcc::interp {

struct GradNode : std::enable_shared_from_this<GradNode> {
  std::string name;  // torch's node name: the rule's function name (MulBackward0), else the builtin's
  std::string op;    // the builtin (messages)
  Value rule;        // the derivative (stdlib/torch/_derivatives.ts); Undef: none written yet
  // The call as it was: tensors that require grad are saved with the
  // history they had (SaveArg), an in-place call's receiver as its old value.
  std::vector<Value> pos, kwvals;
  std::vector<int32_t> kwnames;
  // The results, plain (no history): `result` for the rule; several for a
  // builtin that returns a tuple (split, max with a dim).
  std::vector<Value> outs;
  bool multi = false;
  // The storage versions (in-place updates) of outs when the call ran: the
  // engine raises torch's error when a rule reads a result updated since.
  std::vector<uint32_t> out_versions;
  // Where the gradient of each differentiable argument comes from and goes.
  struct Input {
    int32_t pos = -1, kw = -1;  // the argument: positional index or keyword index
    int32_t item = -1;          // an item of a list/tuple argument (cat's tensors)
    Value leaf;                 // a leaf tensor that requires grad: its .grad accumulates
    std::shared_ptr<GradNode> fn;  // or the node that computed it
    int32_t nr = 0;             // and which of its results
    rt::Dims shape;
    rt::DType dtype = rt::DType::F32;
  };
  std::vector<Input> inputs;
  // Non-leaf results whose .grad is kept (retain_grad), by result index.
  std::vector<std::pair<int32_t, std::weak_ptr<GradMeta>>> retained;
  bool released = false;  // backward ran without retain_graph: the saved values are gone
};

// The rule's value for the result(s) and for the incoming gradient(s): one
// value, or a tuple for a node with several results. `self` with grad history
// when the backward itself is recorded (create_graph).
Value NodeResult(GradNode& n, bool with_history);

// The registered hooks of stdlib/torch/autograd.ts (`__autograd_hooks`):
// reduce_grad(grad, like) sums a broadcast gradient to like's shape and dtype;
// grad_fn(name) makes the object `t.grad_fn` is.
const Value& AutogradHook(const char* name);

}  // namespace tcc::interp
