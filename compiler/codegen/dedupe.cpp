// Implements dedupe.h. The key is built from the graph and plan, not from the
// kernel's printed IR: printing a function numbers the whole module's values,
// which made the check quadratic in the number of kernels (5.3 s for the 200
// kernels of a 10,000-line program).
#include "codegen/dedupe.h"

#include <algorithm>
#include <bit>
#include <vector>

#include <llvm/IR/Instructions.h>

#include "lower/runtime_decls.h"

namespace tcc::codegen {

namespace {

class KeyWriter {
 public:
  void Int(int64_t v) { out_ += std::to_string(v) + ','; }
  void Real(double v) { Int(static_cast<int64_t>(std::bit_cast<uint64_t>(v))); }
  template <typename T>
  void Ints(const std::vector<T>& v) {
    Int(static_cast<int64_t>(v.size()));
    for (T x : v) Int(static_cast<int64_t>(x));
  }
  void Tag(char c) { out_ += c; }
  std::string Take() { return std::move(out_); }

 private:
  std::string out_;
};

std::vector<llvm::Function*> KernelFunctions(llvm::Module& m, const std::string& name) {
  std::vector<llvm::Function*> fns;
  llvm::Function* kernel = m.getFunction(name);
  if (!kernel) return fns;
  fns.push_back(kernel);
  for (int i = 0;; ++i) {
    llvm::Function* n = m.getFunction(name + ".nest" + std::to_string(i));
    if (!n) break;
    fns.push_back(n);
  }
  return fns;
}

}  // namespace

std::string KernelKey(const graph::Graph& g, const passes::FusionPlan& plan, bool with_locations) {
  KeyWriter w;
  for (const graph::Node& n : g.nodes) {
    w.Tag('n');
    w.Int(static_cast<int64_t>(n.op));
    w.Ints(n.inputs);
    w.Int(static_cast<int64_t>(n.type.dtype));
    w.Int(static_cast<int64_t>(n.type.shape.size()));
    for (const graph::Dim& d : n.type.shape) {
      w.Int(d.size);
      w.Int(d.sym);
    }
    const graph::Attrs& a = n.attrs;
    w.Ints(a.axes);
    w.Int(a.axis);
    w.Int(a.keepdim);
    w.Ints(a.ints);
    w.Real(a.fvalue);
    w.Int(static_cast<int64_t>(a.fvalues.size()));
    for (double v : a.fvalues) w.Real(v);
    w.Int(a.index);
    if (with_locations) {
      w.Int(n.loc.line);
      w.Int(n.loc.col);
    }
  }
  w.Tag('o');
  w.Ints(g.outputs);
  for (const passes::FusedGroup& grp : plan.groups) {
    w.Tag('g');
    w.Int(static_cast<int64_t>(grp.kind));
    w.Int(grp.root);
    w.Ints(grp.nodes);
    w.Ints(grp.hoisted);
    w.Ints(grp.reads);
    w.Int(grp.row_cached);
    w.Int(grp.in_place_of);
    w.Ints(grp.siblings);
  }
  w.Tag('m');
  w.Ints(plan.materialised);
  w.Tag('s');
  for (const auto& [sym, index] : g.size_scalars) {
    w.Int(sym);
    w.Int(index);
  }
  return w.Take();
}

bool KernelRaises(llvm::Module& m, const std::string& name) {
  auto* raise = llvm::dyn_cast<llvm::Function>(lower::GetRuntimeFn(m, lower::RtFn::ts_rt_raise).getCallee());
  if (!raise) return false;
  std::vector<llvm::Function*> fns = KernelFunctions(m, name);
  for (llvm::User* u : raise->users()) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(u);
    if (call && std::find(fns.begin(), fns.end(), call->getFunction()) != fns.end()) return true;
  }
  return false;
}

std::string DedupeKernel(llvm::Module& m, const std::string& name, std::string key,
                         std::map<std::string, std::string>& seen) {
  auto [it, fresh] = seen.emplace(std::move(key), name);
  if (fresh) return name;
  for (llvm::Function* f : KernelFunctions(m, name)) f->eraseFromParent();  // the kernel first: it refers to its nests
  return it->second;
}

}  // namespace tcc::codegen
