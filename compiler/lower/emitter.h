// Defines the internals shared by the lowering files: KernelState (what the
// kernel function knows: buffers, symbolic sizes, scalars) and Emitter (emits
// loops and element values into one function, the kernel itself or an
// outlined nest, capturing kernel values into the nest's context on demand).
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include "graph/graph.h"
#include "passes/plan_fusion.h"
#include "passes/strided_view.h"

namespace tcc::lower {

using graph::DType;
using graph::ValueId;
using Index = std::vector<llvm::Value*>;  // one i64 per dimension

// A strided buffer in the kernel function: element type `dtype`.
struct Buffer {
  llvm::Value* data = nullptr;
  std::vector<llvm::Value*> sizes;
  std::vector<llvm::Value*> strides;  // in elements
  DType dtype = DType::F32;
  // A graph output AllocFor made for one group: contiguous, written only by
  // that group's nest (lower/stream.h may stream its stores).
  bool fresh_output = false;
};

struct KernelState {
  const graph::Graph& g;
  const passes::FusionPlan& plan;
  llvm::Module& m;
  llvm::LLVMContext& c;
  llvm::Function* kernel = nullptr;
  std::string name;
  std::map<ValueId, Buffer> buffers;     // inputs and materialised values
  std::map<int32_t, llvm::Value*> syms;  // symbolic sizes
  std::vector<llvm::Value*> scalars;     // doubles, by ScalarInput index
  llvm::Value* err_flag = nullptr;       // i32 alloca: nonzero after a run-time error
  bool fma = false;                      // LowerOptions::fma
  int64_t stream_min_bytes = 0;          // LowerOptions::stream_min_bytes
  std::vector<std::string> errors;
  int nests = 0;                         // nest functions made so far (`name.nest<i>`)

  KernelState(const graph::Graph& g, const passes::FusionPlan& p, llvm::Module& m)
      : g(g), plan(p), m(m), c(m.getContext()) {}
};

llvm::Type* ElemType(llvm::LLVMContext& c, DType t);   // in registers (bool: i1)
llvm::Type* StoreType(llvm::LLVMContext& c, DType t);  // in memory (bool: i8)

// Vectors an iteration for loops that call a transcendental (Emitter::Loop).
constexpr int kHeavyInterleave = 4;
constexpr int64_t kHeavyMinTrip = 256;  // loops known to be shorter are not interleaved
// Gives the loop whose latch this is the vectoriser hints `hints` (e.g.
// {"llvm.loop.interleave.count", 4}), replacing any loop metadata it had.
void SetLoopHints(llvm::BranchInst* latch, std::initializer_list<std::pair<const char*, int>> hints);

// Whether EvalUnary has an inline form of the Unary op (unary.cpp's table);
// any other Unary op calls the runtime's scalar meaning (ts_rt_unary_*).
bool HasInlineUnary(graph::OpKind op);

class Emitter {
 public:
  // `outlined`: fn is a nest function whose arg 0 is the context pointer.
  Emitter(KernelState& k, llvm::Function* fn, bool outlined);

  llvm::IRBuilder<>& b() { return b_; }
  KernelState& k() { return k_; }

  // ---- kernel values, captured into the context when outlined
  llvm::Value* Cap(llvm::Value* kernel_value);
  llvm::Value* DimSize(const graph::Dim& d);
  llvm::Value* I64(int64_t v) { return b_.getInt64(v); }
  const std::vector<llvm::Value*>& captured() const { return captured_; }

  // ---- control flow
  // for (i = begin; i < end; ++i) body(i); leaves the builder after the loop.
  // Returns the loop's latch branch (where loop metadata goes). An innermost
  // loop whose body calls a transcendental (IsApproxFn) asks the vectoriser
  // for kHeavyInterleave vectors an iteration (unless its bounds are
  // constants less than kHeavyMinTrip apart): such bodies are long
  // dependency chains, and one vector an iteration left Zen 3's out-of-order
  // window idle (bench/RESULTS.md, session 11: the chain 1.3x faster).
  llvm::BranchInst* Loop(llvm::Value* begin, llvm::Value* end, const std::function<void(llvm::Value*)>& body,
            const char* name = "i");
  // Nested loops over `shape` (outermost first).
  void LoopNest(const std::vector<llvm::Value*>& sizes, const std::function<void(const Index&)>& body);
  // Splits a flat index into the coordinates of `sizes` (row-major).
  Index Unflatten(llvm::Value* flat, const std::vector<llvm::Value*>& sizes);
  llvm::Value* EntryAlloca(llvm::Type* t, const char* name);

  // ---- element access
  llvm::Value* ElemPtr(const Buffer& kb, const Index& idx);             // &kb[idx]
  llvm::Value* LoadElem(const Buffer& kb, const Index& idx);            // kb: kernel-level buffer
  void StoreElem(const Buffer& kb, const Index& idx, llvm::Value* v);
  llvm::Value* Convert(llvm::Value* v, DType from, DType to);

  // ---- values: the element of node v at index idx (emitted inline)
  llvm::Value* Eval(ValueId v, const Index& idx);
  // Computes a reduction node at its output index (loops over the reduced axes).
  llvm::Value* EmitReduction(ValueId r, const Index& out_idx);
  // One step of a float max/min reduction (reduce.cpp): returns max(a, x) (a
  // plain vector max, no NaN handling) and adds x into the flag at `any_nan`
  // (a NewNanFlag, NaN once a NaN is seen); FloatMinMaxResult gives NaN when
  // a NaN was seen, as torch does, asking `each_x` (which emits a loop that
  // passes every reduced x to its visitor) only when the flag is NaN.
  using EachInput = std::function<void(const std::function<void(llvm::Value*)>&)>;
  llvm::Value* NewNanFlag(llvm::Type* elem);
  llvm::Value* FloatMinMaxStep(bool is_max, llvm::Value* a, llvm::Value* x, llvm::Value* any_nan);
  llvm::Value* FloatMinMaxResult(llvm::Value* acc, llvm::Value* any_nan, const EachInput& each_x);
  // Computes the group's hoisted reductions for the current row.
  void ComputeHoisted(const passes::FusedGroup& grp, const Index& root_idx);
  // Keeps value v in `row` (the nest's output buffer, same shape and dtype):
  // the first hoisted reduction that computes v stores each element there,
  // every later Eval of v loads it (passes::FusedGroup::row_cached).
  void SetRowCache(ValueId v, const Buffer& row);

  // Index maps from a node's index to its operand's index.
  Index BroadcastIndex(const graph::Shape& in, const graph::Shape& out, const Index& idx);
  Index ViewInputIndex(ValueId v, const Index& idx);      // v: a view other than reshape
  // A view chain as a buffer (its base's, at an offset, with the view's strides); kernel level only.
  Buffer StridedBuffer(const passes::StridedView& sv);
  Index ReduceInputIndex(ValueId r, const Index& out_idx, const Index& reduced);  // reduced: per reduced axis

  // Reports a run-time error (once per kernel call) at loc.
  void RaiseAt(const std::string& msg, Loc loc);

 private:
  friend struct UnaryLowering;  // unary.cpp's inline forms
  llvm::Value* EvalNode(ValueId v, const Index& idx);  // Eval without the row cache
  bool CallsApproxFrom(llvm::BasicBlock* first) const;  // a call of IsApproxFn in `first` or a later block
  llvm::Value* EvalUnary(const graph::Node& n, llvm::Value* x, DType t);  // unary.cpp
  llvm::Value* EvalBinary(const graph::Node& n, llvm::Value* a, llvm::Value* bv, DType t);
  llvm::Value* EvalLinspace(const graph::Node& n, llvm::Value* i);  // element i (linspace.cpp)
  // Integer a ** e (sem::Pow): exact and wrapping, by repeated squaring; a
  // negative exponent gives torch's powi.
  // sem::Maximum (is_max) or sem::Minimum of two values of dtype t.
  llvm::Value* EmitMaxMin(llvm::Value* a, llvm::Value* c, DType t, bool is_max);
  llvm::Value* EmitLerp(llvm::Value* a, llvm::Value* c, llvm::Value* w, DType t);  // sem::Lerp (floats)
  llvm::Value* EmitLibm1(const char* name, llvm::Value* x, DType t);  // libm `name`(double)
  llvm::Value* EmitIntPow(llvm::Value* a, llvm::Value* e, llvm::Type* ty, const graph::Node& n);
  llvm::Value* EvalCreate(const graph::Node& n, const Index& idx);
  llvm::Value* EvalReshape(ValueId v, const Index& idx);
  // take / gather (lower/gather.cpp)
  llvm::Value* EvalIndexOp(ValueId v, const Index& idx);
  llvm::Value* CheckedPosition(llvm::Value* pos, DType pos_type, llvm::Value* size, bool wrap, const graph::Node& n,
                               const std::string& what);
  void FindHoisted(const passes::FusedGroup& grp, ValueId v, const Index& idx);
  llvm::Value* LoadConstData(const graph::Node& n, const Index& idx);

  KernelState& k_;
  llvm::Function* fn_;
  bool outlined_;
  bool inner_loop_seen_ = false;  // Loop: a loop was made inside the current body
  llvm::IRBuilder<> b_;
  llvm::BasicBlock* prologue_ = nullptr;  // outlined: loads of captured values go here
  std::map<llvm::Value*, llvm::Value*> cap_map_;
  std::vector<llvm::Value*> captured_;
  std::map<ValueId, std::pair<Index, llvm::Value*>> hoisted_;  // reduction -> (index, value)
  enum class RowCache { Off, Empty, Filling, Filled };
  RowCache row_state_ = RowCache::Off;
  ValueId row_value_ = -1;
  Buffer row_buf_;
};

}  // namespace tcc::lower
