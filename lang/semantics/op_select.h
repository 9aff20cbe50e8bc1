// Selects the rows of ops.def by category, so that code generated from the
// table can take "every op of these categories" without naming each one: the
// case labels of a switch over OpKind (semantics/op_cases.inc), the runtime's
// dense UnaryOp / BinaryOp / ReduceOp enums (runtime/tensor/ops.h) and their
// per-op switches.
//
// TCC_OP_SELECT(Category, flags) expands to TCC_PICK_1 or TCC_PICK_0 for the
// category's flag; flags come in the order of sem::OpCategory: Input,
// Constant, Unary, Binary, Ternary, Reduce, Contract, View, Join, Create,
// Cast, Random, Scan, Index, Window (1 = pick that category's rows). A
// picked row becomes TCC_PICKED(Name), which the includer defines:
//
//   #define TCC_PICKED(Name) Name,
//   #define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_UNARY)(Name)
//   #include "semantics/ops.def"
//
// A new category in OpCategory needs a TCC_SEL_<Category> line here and a
// flag at each use.
#pragma once

#define TCC_PICK_1(Name) TCC_PICKED(Name)
#define TCC_PICK_0(Name)
#define TCC_SEL_APPLY(sel, ...) sel(__VA_ARGS__)
#define TCC_OP_SELECT(Category, ...) TCC_SEL_APPLY(TCC_SEL_##Category, __VA_ARGS__)
#define TCC_SEL_Input(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##i
#define TCC_SEL_Constant(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##k
#define TCC_SEL_Unary(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##u
#define TCC_SEL_Binary(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##b
#define TCC_SEL_Ternary(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##t
#define TCC_SEL_Reduce(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##r
#define TCC_SEL_Contract(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##c
#define TCC_SEL_View(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##v
#define TCC_SEL_Join(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##j
#define TCC_SEL_Create(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##m
#define TCC_SEL_Cast(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##a
#define TCC_SEL_Random(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##x
#define TCC_SEL_Scan(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##s
#define TCC_SEL_Index(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##g
#define TCC_SEL_Window(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_PICK_##w

// The flags of one category alone.
#define TCC_ONLY_UNARY 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
#define TCC_ONLY_BINARY 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
#define TCC_ONLY_REDUCE 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0
