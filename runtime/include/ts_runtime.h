/* ts_runtime.h: the C ABI between code that tcc generates and the tcc runtime.
 *
 * This header is the single source of truth for that boundary: the runtime
 * implements these functions, and compiler/lower declares the same functions
 * from lower/runtime_functions.def (a unit test checks the two agree).
 *
 * An executable built by tcc consists of
 *   - the runtime library (tensor kernels, eager interpreter, thread pool),
 *   - one ts_program descriptor emitted by codegen (below), holding the
 *     serialized program (AST of the script and the stdlib modules it uses),
 *     the execution plan (which statement ranges of which function
 *     specialisations run as compiled kernels, with their guards), and the
 *     table of compiled kernels,
 *   - a main() that calls ts_rt_main(argc, argv, &program).
 */
#ifndef TS_RUNTIME_H
#define TS_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* dtypes: the rows of lang/semantics/dtypes.def in order (TS_DTYPE_F32 = 0,
   TS_DTYPE_F64, TS_DTYPE_I64, TS_DTYPE_I32, TS_DTYPE_Bool), the numbering
   of sem::DType (the graph IR's and the runtime's dtype) */
enum ts_dtype {
#define TCC_DTYPE(Name, name, bytes, Category) TS_DTYPE_##Name,
#include "semantics/dtypes.def"
};

#define TS_MAX_DIMS 8

/* A strided view of a tensor, passed by value across the boundary.
 * `handle` is an opaque runtime object that keeps the storage alive; a kernel
 * never frees it: the runtime owns every handle. */
typedef struct ts_tensor {
  void* data;                       /* address of element [0,...,0] */
  int64_t sizes[TS_MAX_DIMS];
  int64_t strides[TS_MAX_DIMS];     /* in elements, not bytes */
  int32_t ndim;
  int32_t dtype;                    /* enum ts_dtype */
  void* handle;
} ts_tensor;

/* A compiled graph kernel. Inputs are the tensors the plan lists; scalar
 * inputs (Python numbers known only at run time) come as doubles. The kernel
 * allocates each output with ts_rt_alloc. Returns 0, or nonzero after calling
 * ts_rt_raise. */
typedef int32_t (*ts_kernel_fn)(const ts_tensor* inputs, int32_t n_inputs,
                                const double* scalars, int32_t n_scalars,
                                ts_tensor* outputs, int32_t n_outputs);

typedef struct ts_kernel_entry {
  const char* name;    /* matches "kernel" in the plan JSON */
  ts_kernel_fn fn;
} ts_kernel_entry;

typedef struct ts_program {
  const uint8_t* ast_blob;         /* serialized modules (lang/ast/serialize.h) */
  uint64_t ast_blob_size;
  const char* plan_json;           /* NUL-terminated; format in runtime/README.md */
  const ts_kernel_entry* kernels;
  int32_t n_kernels;
  const char* tcc_version;
} ts_program;

/* Entry point of a built executable: runs module scope, returns the exit code. */
int ts_rt_main(int argc, char** argv, const ts_program* program);

/* ---- called from generated kernels ---- */

/* Allocates a contiguous tensor (64-byte aligned, uninitialised) into *out. */
void ts_rt_alloc(ts_tensor* out, int32_t dtype, int32_t ndim, const int64_t* sizes);

/* A kernel's temporary buffer of `bytes` (64-byte aligned, uninitialised),
 * from the runtime's block cache, so a kernel called in a loop reuses its
 * temporaries' pages instead of faulting fresh ones in on every call.
 * *handle receives what ts_rt_temp_free takes (NULL is a no-op there).
 * Returns NULL when out of memory. */
void* ts_rt_temp_alloc(int64_t bytes, void** handle);
void ts_rt_temp_free(void* handle);

/* Reports a run-time error at a TensorScript source location; the kernel then
 * returns nonzero and the runtime prints it with a traceback. */
void ts_rt_raise(const char* message, int32_t line, int32_t col);

/* One element of the Unary op `op` (its sem::OpKind value; lang/semantics/ops.def)
 * by its scalar meaning (lang/semantics/unary.h): the lowering's form of an
 * op it emits no inline code for. Integer dtypes compute in int64, bool as 0/1. */
float ts_rt_unary_f32(int32_t op, float x);
double ts_rt_unary_f64(int32_t op, double x);
int64_t ts_rt_unary_i64(int32_t op, int64_t x);

/* C[m,n] = op(A) @ op(B) for row-major float32/float64 matrices, op(X) = X or
 * X^T when trans_x is nonzero; lda/ldb/ldc are the row strides as stored.
 * Runs on OpenBLAS, loaded at the first call (a built-in kernel without it). */
void ts_rt_gemm_f32(int32_t trans_a, int32_t trans_b, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                    const float* b, int64_t ldb, float* c, int64_t ldc);
void ts_rt_gemm_f64(int32_t trans_a, int32_t trans_b, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda,
                    const double* b, int64_t ldb, double* c, int64_t ldc);

/* A batch of such products, one per index of the batch dims: batch holds
 * 4*nb int64, the nb batch sizes, then the batch strides (in elements; 0 for
 * a broadcast dim) of A, of B and of C. float64 when f64 is nonzero. The
 * products run in parallel across the batch, each on one thread, when the
 * batch splits evenly across the threads (one call per head in attention);
 * else one after the other, each threaded by BLAS. */
void ts_rt_gemm_batched(int32_t f64, int32_t trans_a, int32_t trans_b, int64_t m, int64_t n, int64_t k, const void* a,
                        int64_t lda, const void* b, int64_t ldb, void* c, int64_t ldc, int32_t nb, const int64_t* batch);

/* Fills n contiguous float32/float64 elements (dtype: TS_DTYPE_F32/TS_DTYPE_F64)
 * from the program's random generator exactly as rand (normal = 0) or randn
 * (normal != 0) of the same size would, advancing it the same way. */
void ts_rt_random(void* data, int32_t dtype, int64_t n, int32_t normal, double a, double b);
/* torch.randint / torch.randperm on the program's generator (int64 data):
 * n draws in [low, high); a permutation of 0..n-1 (torch's Fisher-Yates). */
void ts_rt_randint(int64_t* data, int64_t n, int64_t low, int64_t high);
void ts_rt_randperm(int64_t* data, int64_t n);
/* The draws of the calling thread come from generator `id` (a torch.Generator;
 * 0 is the program's default) until the next call; returns the previous id.
 * A kernel draws with `generator=g` between two calls, as eager code does. */
int64_t ts_rt_use_generator(int64_t id);

/* Sliding-window ops on [N, C, H, W] views (a 1-d op has H = 1; see
 * lang/semantics/window.h). `params` holds 13 int64: kernel h/w, stride h/w,
 * padding h (before, after), w (before, after), dilation h/w, groups,
 * ceil_mode, count_include_pad. x, w, b may be strided; y is contiguous with
 * the output shape the window rules give; the dtype is x's (float32/float64).
 * ts_rt_conv: y = conv(x, w) (+ b, which is NULL or 1-d [O]).
 * ts_rt_pool: kind 1 max, 2 avg, 3 adaptive avg (params' kernel = output size). */
void ts_rt_conv(const ts_tensor* x, const ts_tensor* w, const ts_tensor* b, const ts_tensor* y, const int64_t* params);
void ts_rt_pool(int32_t kind, const ts_tensor* x, const ts_tensor* y, const int64_t* params);
/* y = pad(x) (any dtype, same rank; y contiguous): pad holds npad int64,
 * (before, after) pairs from the last dim backwards; mode 0 constant (value,
 * negative pads crop), 1 reflect, 2 replicate. */
void ts_rt_pad(int32_t mode, const ts_tensor* x, const ts_tensor* y, const int64_t* pad, int32_t npad, double value);

/* sort / topk (runtime/tensor/sort.cpp): out (int64, contiguous, x's shape
 * but out->sizes[axis] = k) gets the positions of the first k elements of each
 * line of x along axis, ascending or descending (NaN largest, ties by
 * position). */
void ts_rt_argsort(const ts_tensor* x, const ts_tensor* out, int32_t axis, int32_t descending);
/* y (contiguous, x's shape) = x with src combined at index's positions along
 * axis as mode says (lang/semantics/scatter_modes.def's row number: written,
 * added, multiplied, averaged, max, min; torch.scatter, scatter_reduce,
 * index_reduce); include_self 0 leaves x's value out of an updated
 * position's reduction. src 0-d is one value. Returns nonzero if a position
 * is out of range (it is skipped). */
int32_t ts_rt_scatter(const ts_tensor* x, const ts_tensor* index, const ts_tensor* src, const ts_tensor* y,
                      int32_t axis, int32_t mode, int32_t include_self);
/* Runs body(ctx, begin, end) over [0, n) split into chunks across the runtime's
 * thread pool (TCC_NUM_THREADS threads; default: all cores). Blocks until done. */
typedef void (*ts_parallel_body)(void* ctx, int64_t begin, int64_t end);
void ts_rt_parallel_for(int64_t n, int64_t grain, ts_parallel_body body, void* ctx);

#ifdef __cplusplus
}
#endif

#endif /* TS_RUNTIME_H */
