// unary_scalar.cpp: implements ts_rt_unary_f32/f64/i64, one element of a
// Unary op of ops.def by its scalar meaning (lang/semantics/unary.h). The
// lowering calls them for an op it has no inline form for, so a new
// elementwise op runs compiled as soon as its row and its meaning exist.
#include "semantics/unary.h"
#include "ts_runtime.h"

using tcc::sem::ApplyUnary;
using tcc::sem::OpKind;

extern "C" {
float ts_rt_unary_f32(int32_t op, float x) { return ApplyUnary(static_cast<OpKind>(op), x); }
double ts_rt_unary_f64(int32_t op, double x) { return ApplyUnary(static_cast<OpKind>(op), x); }
int64_t ts_rt_unary_i64(int32_t op, int64_t x) { return ApplyUnary(static_cast<OpKind>(op), x); }
}
