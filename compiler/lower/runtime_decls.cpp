// Implements the declarations of runtime_decls.h from runtime_functions.def.
#include "lower/runtime_decls.h"

#include <llvm/IR/Type.h>

namespace tcc::lower {

namespace {

struct Types {
  llvm::Type *Void, *Ptr, *I32, *I64, *F32, *F64;
  explicit Types(llvm::LLVMContext& c)
      : Void(llvm::Type::getVoidTy(c)),
        Ptr(llvm::PointerType::get(c, 0)),
        I32(llvm::Type::getInt32Ty(c)),
        I64(llvm::Type::getInt64Ty(c)),
        F32(llvm::Type::getFloatTy(c)),
        F64(llvm::Type::getDoubleTy(c)) {}
};

}  // namespace

llvm::FunctionCallee GetRuntimeFn(llvm::Module& m, RtFn fn) {
  Types t(m.getContext());
  switch (fn) {
#define TCC_RT_FN(name, Ret, Params)                                                   \
  case RtFn::name: {                                                                   \
    auto [Void, Ptr, I32, I64, F32, F64] = std::tuple{t.Void, t.Ptr, t.I32, t.I64, t.F32, t.F64}; \
    (void)Void, (void)Ptr, (void)I32, (void)I64, (void)F32, (void)F64;                           \
    llvm::Type* params[] = {TCC_UNPAREN Params};                                       \
    return m.getOrInsertFunction(#name, llvm::FunctionType::get(Ret, params, false));  \
  }
#define TCC_UNPAREN(...) __VA_ARGS__
#include "lower/runtime_functions.def"
#undef TCC_UNPAREN
  }
  return {};
}

llvm::FunctionCallee GetLibcFn(llvm::Module& m, const char* name) {
  Types t(m.getContext());
  std::string n = name;
  llvm::FunctionType* ft = nullptr;
  if (n == "aligned_alloc") ft = llvm::FunctionType::get(t.Ptr, {t.I64, t.I64}, false);
  else if (n == "free") ft = llvm::FunctionType::get(t.Void, {t.Ptr}, false);
  else if (n == "erff") {
    auto* f = llvm::Type::getFloatTy(m.getContext());
    ft = llvm::FunctionType::get(f, {f}, false);
  } else  // double -> double libm functions: erf, tanh, ...
    ft = llvm::FunctionType::get(t.F64, {t.F64}, false);
  return m.getOrInsertFunction(name, ft);
}

llvm::StructType* TensorStructType(llvm::LLVMContext& c) {
  if (auto* existing = llvm::StructType::getTypeByName(c, "ts_tensor")) return existing;
  auto* i64 = llvm::Type::getInt64Ty(c);
  auto* i32 = llvm::Type::getInt32Ty(c);
  auto* ptr = llvm::PointerType::get(c, 0);
  auto* arr = llvm::ArrayType::get(i64, 8);
  return llvm::StructType::create(c, {ptr, arr, arr, i32, i32, ptr}, "ts_tensor");
}

}  // namespace tcc::lower
