// Implements the lowering's half of streaming stores (stream.h): which nests
// stream, the peeled row loop with its aligned base pointer, and the marker.
#include "lower/stream.h"

#include <algorithm>

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include "graph/shape.h"

namespace tcc::lower {

using llvm::Value;

namespace {

constexpr int64_t kLineBytes = 64;  // a cache line
constexpr int64_t kLongRowBytes = 4096;
constexpr int64_t kStreamAlign = kLineBytes;  // and an AVX-512 vector (AVX and SSE need 32 and 16, which it implies)
constexpr char kStreamDomain[] = "tcc.stream";

// Keeps the vectoriser off a loop (a peel of at most a few elements).
void NoVectorize(llvm::BranchInst* latch) {
  SetLoopHints(latch, {{"llvm.loop.vectorize.width", 1}, {"llvm.loop.interleave.count", 1}});
}

}  // namespace

bool StreamsDest(const KernelState& k, const graph::Shape& shape, const Buffer& dest, const passes::FusedGroup* grp) {
  if (k.stream_min_bytes <= 0 || !dest.fresh_output || shape.empty()) return false;
  if (dest.dtype != DType::F32 && dest.dtype != DType::F64) return false;
  if (grp && grp->in_place_of >= 0) return false;  // an epilogue reads what it overwrites
  if (grp)  // another nest of the kernel reads the buffer back: it may still find it in the cache
    for (const graph::Node& n : k.g.nodes)
      if (std::find(n.inputs.begin(), n.inputs.end(), grp->root) != n.inputs.end()) return false;
  auto numel = graph::StaticNumel(shape);
  int64_t bytes = graph::DTypeBytes(dest.dtype);
  if (!numel || *numel * bytes < k.stream_min_bytes) return false;
  // Short rows must fill whole cache lines: else every row's plain tail
  // stores (the vectoriser's remainder loop) share a line with the next row's
  // streamed head, and such lines are written to memory piecemeal (measured:
  // bench/kernels.ts conv2d, whose relu writes [8, 64, 56, 56] in rows of
  // 224 bytes: 14.5 ms per call with streaming stores, 10.3 ms with plain
  // ones). In rows of kLongRowBytes or more that is at most one line in 64.
  int64_t row = shape.back().size * bytes;
  if (row % kLineBytes != 0 && row < kLongRowBytes) return false;
  // A row cache reads the output back (softmax's exp(x - max)). Moving it to
  // a stack row measured slower than keeping it in the output (bench: softmax
  // [4096, 1024], CPU per call 3.8-4.7 ms against 3.1-4.3 ms): the cached row's
  // write-allocate read overlaps the exp pass's arithmetic, a non-temporal
  // final pass waits for memory instead.
  return !grp || grp->row_cached < 0;
}

void EmitStreamedRow(Emitter& e, const Buffer& dest, const Index& outer, Value* lo, Value* hi,
                     const std::function<Value*(Value* i)>& value) {
  auto& b = e.b();
  llvm::Type* st = StoreType(e.k().c, dest.dtype);
  int64_t es = graph::DTypeBytes(dest.dtype);
  Index first = outer;
  first.push_back(lo);
  Value* p = e.ElemPtr(dest, first);
  // q: p rounded up to the boundary, known aligned to the IR (ptrmask), so
  // every vector store the vectoriser makes from q[j] is aligned too.
  Value* q = b.CreateIntrinsic(llvm::Intrinsic::ptrmask, {b.getPtrTy(), b.getInt64Ty()},
                               {b.CreateConstGEP1_64(b.getInt8Ty(), p, kStreamAlign - 1), b.getInt64(-kStreamAlign)});
  Value* gap = b.CreateSub(b.CreatePtrToInt(q, b.getInt64Ty()), b.CreatePtrToInt(p, b.getInt64Ty()));
  // Buffers are element-aligned (ts_rt_alloc: 64 bytes), so q = p + head elements.
  Value* head = b.CreateUDiv(gap, b.getInt64(es));
  Value* mid = b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, b.CreateAdd(lo, head), hi);
  NoVectorize(e.Loop(lo, mid, [&](Value* i) {
    Index idx = outer;
    idx.push_back(i);
    e.StoreElem(dest, idx, value(i));
  }, "peel"));
  e.Loop(b.getInt64(0), b.CreateSub(hi, mid), [&](Value* j) {
    Value* v = value(b.CreateAdd(mid, j));
    MarkStreamStore(b.CreateStore(v, b.CreateInBoundsGEP(st, q, j)));
  }, "j");
}

void MarkStreamStore(llvm::StoreInst* st) {
  llvm::MDBuilder mb(st->getContext());
  llvm::MDNode* scope = mb.createAliasScope("tcc.stream.out", mb.createAliasScopeDomain(kStreamDomain));
  st->setMetadata(llvm::LLVMContext::MD_alias_scope,
                  llvm::MDNode::concatenate(st->getMetadata(llvm::LLVMContext::MD_alias_scope),
                                            llvm::MDNode::get(st->getContext(), {scope})));
}

bool IsStreamStore(const llvm::StoreInst& st) {
  const llvm::MDNode* list = st.getMetadata(llvm::LLVMContext::MD_alias_scope);
  if (!list) return false;
  for (const llvm::MDOperand& op : list->operands()) {
    auto* scope = llvm::dyn_cast<llvm::MDNode>(op);
    if (!scope || scope->getNumOperands() < 2) continue;
    auto* domain = llvm::dyn_cast<llvm::MDNode>(scope->getOperand(1));
    if (!domain || domain->getNumOperands() < 1) continue;
    auto* name = llvm::dyn_cast<llvm::MDString>(domain->getOperand(0));
    if (name && name->getString() == kStreamDomain) return true;
  }
  return false;
}

}  // namespace tcc::lower
