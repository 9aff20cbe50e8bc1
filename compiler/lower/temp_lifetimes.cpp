// Implements FreeTempsAtLastUse (see temp_lifetimes.h).
#include "lower/temp_lifetimes.h"

#include <algorithm>
#include <climits>
#include <set>

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>

#include "lower/runtime_decls.h"

namespace tcc::lower {

void FreeTempsAtLastUse(KernelState& k, std::vector<llvm::Instruction*>& after_group,
                        const std::vector<std::pair<llvm::Value*, llvm::Value*>>& handles) {
  std::map<llvm::Value*, int> last;  // temporary -> the last group reading it (INT_MAX: an output's)
  std::set<llvm::Value*> is_temp;
  for (const auto& h : handles) is_temp.insert(h.first);
  auto touch = [&](graph::ValueId v, int gi) {
    auto it = k.buffers.find(v);
    if (it == k.buffers.end() || !it->second.data) return;
    llvm::Value* base = llvm::getUnderlyingObject(it->second.data);  // through views' offsets
    if (!is_temp.count(base)) return;
    int& l = last.try_emplace(base, gi).first->second;
    l = std::max(l, gi);
  };
  const auto& groups = k.plan.groups;
  for (size_t i = 0; i < groups.size(); ++i) {
    int gi = static_cast<int>(i);
    touch(groups[i].root, gi);
    for (graph::ValueId v : groups[i].siblings) touch(v, gi);
    if (groups[i].in_place_of >= 0) touch(groups[i].in_place_of, gi);
    for (graph::ValueId v : groups[i].reads) touch(v, gi);
  }
  for (graph::ValueId v : k.g.outputs) touch(v, INT_MAX);
  for (const auto& [data, handle] : handles) {
    auto it = last.find(data);
    if (it == last.end() || it->second == INT_MAX) continue;
    llvm::IRBuilder<> b(after_group[static_cast<size_t>(it->second)]);
    b.CreateCall(GetRuntimeFn(k.m, RtFn::ts_rt_temp_free), {b.CreateLoad(b.getPtrTy(), handle)});
    b.CreateStore(llvm::ConstantPointerNull::get(b.getPtrTy()), handle);
  }
  for (llvm::Instruction* mark : after_group) mark->eraseFromParent();
  after_group.clear();
}

}  // namespace tcc::lower
