// Implements EmitProgram: private constant globals for the descriptor and a
// main() that hands them to the runtime.
#include "codegen/program.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>

#include "lower/runtime_decls.h"

namespace tcc::codegen {

namespace {

llvm::Constant* StringGlobal(llvm::Module& m, const std::string& s, const char* name, bool nul) {
  auto* init = llvm::ConstantDataArray::getString(m.getContext(), s, nul);
  auto* gv = new llvm::GlobalVariable(m, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init, name);
  gv->setAlignment(llvm::Align(16));
  return gv;
}

}  // namespace

void EmitProgram(llvm::Module& m, const ProgramParts& parts) {
  auto& c = m.getContext();
  auto* ptr = llvm::PointerType::get(c, 0);
  auto* i32 = llvm::Type::getInt32Ty(c);
  auto* i64 = llvm::Type::getInt64Ty(c);

  llvm::Constant* ast = StringGlobal(m, parts.ast_blob, "tcc.ast", false);
  llvm::Constant* plan = StringGlobal(m, parts.plan_json, "tcc.plan", true);
  llvm::Constant* version = StringGlobal(m, parts.version, "tcc.version", true);

  auto* entry_t = llvm::StructType::get(c, {ptr, ptr});
  std::vector<llvm::Constant*> entries;
  for (size_t i = 0; i < parts.kernel_names.size(); ++i) {
    const std::string& k = parts.kernel_names[i];
    const std::string& impl = i < parts.kernel_impls.size() && !parts.kernel_impls[i].empty() ? parts.kernel_impls[i] : k;
    llvm::Function* fn = m.getFunction(impl);
    if (!fn) continue;
    entries.push_back(llvm::ConstantStruct::get(entry_t, {StringGlobal(m, k, "tcc.kname", true), fn}));
  }
  auto* table_t = llvm::ArrayType::get(entry_t, entries.size());
  auto* table = new llvm::GlobalVariable(m, table_t, true, llvm::GlobalValue::PrivateLinkage,
                                         llvm::ConstantArray::get(table_t, entries), "tcc.kernels");

  auto* prog_t = llvm::StructType::get(c, {ptr, i64, ptr, ptr, i32, ptr});
  auto* prog_init = llvm::ConstantStruct::get(
      prog_t, {ast, llvm::ConstantInt::get(i64, parts.ast_blob.size()), plan, table,
               llvm::ConstantInt::get(i32, entries.size()), version});
  auto* prog = new llvm::GlobalVariable(m, prog_t, true, llvm::GlobalValue::PrivateLinkage, prog_init, "tcc.program");

  auto* main_t = llvm::FunctionType::get(i32, {i32, ptr}, false);
  auto* main_fn = llvm::Function::Create(main_t, llvm::Function::ExternalLinkage, "main", m);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", main_fn));
  // Keep freed large blocks in the heap instead of returning them to the OS:
  // kernels allocate big outputs on every call, and fresh pages cost a page
  // fault each (measured: 18 ms of a 2^24-element kernel call).
  // glibc: M_TRIM_THRESHOLD = -1, M_MMAP_THRESHOLD = -3.
  auto mallopt = m.getOrInsertFunction("mallopt", llvm::FunctionType::get(i32, {i32, i32}, false));
  b.CreateCall(mallopt, {b.getInt32(-1), b.getInt32(1 << 30)});
  b.CreateCall(mallopt, {b.getInt32(-3), b.getInt32(1 << 30)});
  auto rt_main = lower::GetRuntimeFn(m, lower::RtFn::ts_rt_main);
  b.CreateRet(b.CreateCall(rt_main, {main_fn->getArg(0), main_fn->getArg(1), prog}));
}

}  // namespace tcc::codegen
