// Declares KernelLowering, the lowering of one fused graph to one kernel
// function (LowerGraph's worker): kernel.cpp has its prologue, buffers and
// groups, matmul.cpp its BLAS calls. Internal to compiler/lower.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include <llvm/IR/Intrinsics.h>

#include "graph/shape.h"
#include "lower/lower.h"
#include "lower/emitter.h"
#include "lower/nest.h"
#include "lower/runtime_decls.h"
#include "lower/temp_lifetimes.h"
#include "passes/plan_fusion.h"
#include "passes/strided_view.h"

namespace tcc::lower {

using graph::Node;
using graph::OpKind;
using llvm::Value;

class KernelLowering {
 public:
  KernelLowering(KernelState& k) : k_(k) {}

  void Run();

 private:
  Value* TensorField(Value* base, Value* index, unsigned field, unsigned sub = ~0u);

  void BindInputs();

  // A size, when the inputs (or an earlier derived size) determine it; else null.
  Value* KnownSize(const graph::Dim& d);

  // Symbolic sizes no input binds but the graph determines, computed at kernel
  // entry: the length of a slice of a run-time dimension (x[::3] of an s0),
  // a cat along run-time dimensions, and the inferred dimension of a
  // reshape(-1). Others stay unbound (the graph then runs eagerly).
  void BindDerivedSizes();

  std::vector<Value*> ContiguousStrides(const std::vector<Value*>& sizes);

  Value* Numel(const std::vector<Value*>& sizes);

  // A materialised value's buffer: from the runtime's block cache (ts_rt_temp_alloc),
  // freed after the last group that reads it (temp_lifetimes.h) or at the kernel's end.
  Value* AllocTemp(DType t, const std::vector<Value*>& sizes);

  // A contiguous version of `in`: itself when already contiguous, else a copy.
  Buffer EnsureContiguous(const Buffer& in);
  // in.data where `ok` holds at run time, else a copy of `in` with `strides`
  // (a libc block freed at the kernel's end); the two blocks are named.
  Value* DataOrCopy(Value* ok, const Buffer& in, const std::vector<Value*>& strides, const char* copy_name,
                    const char* merge_name);

  // Allocates the buffer a group writes: an output tensor or a temporary.
  Buffer AllocFor(ValueId v, int output_slot);

  int FirstOutputSlot(ValueId v);

  void EmitGroup(const passes::FusedGroup& grp);

  // The matmul result under permute p, as a strided view of p's contiguous buffer.
  Buffer MatMulLayoutView(ValueId p, const Buffer& pbuf);

  // rand/randn/randint/randperm: the runtime fills the (contiguous) buffer
  // from the program's generator, as eager code would at this point of the
  // program.
  // An operand (a 0-d int64 scalar input) is a torch.Generator's id: the
  // draw comes from it (`generator=g`), as eager code's would.
  void EmitRandom(ValueId root, const Buffer& dest);

  // Rand's {from, to} and RandN's {mean, std} (attrs.fvalues; rand(), randn() leave them empty)
  Value* RandomParam(const Node& n, size_t i, double dflt);

  void EmitJoin(ValueId root, const Buffer& dest);

  // The strided view a matmul operand denotes (a buffer, or a transpose of one).
  Buffer OperandView(ValueId v);

  // How BLAS reads one operand: its matrix strides decide NoTrans/Trans and
  // the leading dimension; anything else is copied to a contiguous temporary.
  struct BlasOperand {
    Value* data;
    Value* trans;                       // i32: 111 NoTrans, 112 Trans
    Value* ld;                          // i64
    std::vector<Value*> batch_strides;  // per batch dim of the operand
  };

  BlasOperand PrepareOperand(const Buffer& view, bool vec_lhs, bool vec_rhs);

  Value* AllocRaw(DType t, const std::vector<Value*>& sizes);

  void EmitMatMul(ValueId root, const Buffer& c);

  // A float matmul with batch dims: one ts_rt_gemm_batched call (the runtime
  // spreads the batch over the threads) with each operand's batch strides
  // (0 where it broadcasts) and C's (contiguous, or a permuted layout).
  void EmitBatchedGemm(DType t, Value* M, Value* N, Value* K, const BlasOperand& pa, const BlasOperand& pb,
                       const graph::Shape& sa, const graph::Shape& sb, const std::vector<Value*>& bsizes,
                       const std::vector<Value*>& c_strides, Value* ldc, const Buffer& c);

  // Outputs that repeat a value, or that are graph inputs, get their own copy.
  void FinishOutputs();

  KernelState& k_;
  std::unique_ptr<Emitter> ke_;
  std::vector<Value*> temps_;     // libc blocks (run-time contiguous copies), or null
  // ts_rt_temp_alloc blocks: (data pointer, the alloca holding its handle), in allocation order
  std::vector<std::pair<Value*, Value*>> temp_handles_;
  std::map<int, Buffer> out_bufs_;
  std::map<ValueId, ValueId> epilogue_of_;  // matmul result -> the group root that overwrites it in place
  std::map<ValueId, Buffer> shared_;        // an epilogue root -> the buffer its matmul already wrote
  Value* sizes_arr_ = nullptr;
};

}  // namespace tcc::lower
