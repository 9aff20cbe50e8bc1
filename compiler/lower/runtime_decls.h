// Defines how lowering declares the runtime ABI (runtime_functions.def), the
// libc functions kernels use, and the LLVM form of `ts_tensor`.
#pragma once

#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Module.h>

namespace tcc::lower {

enum class RtFn {
#define TCC_RT_FN(name, Ret, Params) name,
#include "lower/runtime_functions.def"
};

// Declares (once) and returns a runtime ABI function.
llvm::FunctionCallee GetRuntimeFn(llvm::Module& m, RtFn fn);

// libc: aligned_alloc(align, size), free(p); libm scalars used by kernels.
llvm::FunctionCallee GetLibcFn(llvm::Module& m, const char* name);

// struct ts_tensor { ptr data; i64 sizes[8]; i64 strides[8]; i32 ndim; i32 dtype; ptr handle }
llvm::StructType* TensorStructType(llvm::LLVMContext& ctx);
constexpr unsigned kTensorData = 0, kTensorSizes = 1, kTensorStrides = 2, kTensorNdim = 3, kTensorDtype = 4;

}  // namespace tcc::lower
