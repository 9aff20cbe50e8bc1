// Case labels for every op of chosen categories of ops.def, so that a switch
// over OpKind can list "all the ops of the other categories" without naming
// each one (a row added to a handled category is still a -Werror=switch
// error at every switch that must handle it; a row of another category needs
// no edit there).
//
// Usage, inside a switch (flags in the order of graph::OpCategory: Input,
// Constant, Unary, Binary, Ternary, Reduce, Contract, View, Join, Create,
// Cast, Random, Scan, Index, Window; 1 = emit a case label for each op of that category):
//
//   #define TCC_CASE_FLAGS 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
//   #include "graph/op_cases.inc"
//     break;
//
// A new category in OpCategory needs a TCC_SEL_<Category> line here and a
// flag at each use.
#pragma once

#define TCC_CASE_1(Name) case ::tcc::graph::OpKind::Name:
#define TCC_CASE_0(Name)
#define TCC_SEL_APPLY(sel, ...) sel(__VA_ARGS__)
#define TCC_SEL_Input(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##i
#define TCC_SEL_Constant(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##k
#define TCC_SEL_Unary(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##u
#define TCC_SEL_Binary(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##b
#define TCC_SEL_Ternary(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##t
#define TCC_SEL_Reduce(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##r
#define TCC_SEL_Contract(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##c
#define TCC_SEL_View(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##v
#define TCC_SEL_Join(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##j
#define TCC_SEL_Create(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##m
#define TCC_SEL_Cast(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##a
#define TCC_SEL_Random(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##x
#define TCC_SEL_Scan(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##s
#define TCC_SEL_Index(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##g
#define TCC_SEL_Window(i, k, u, b, t, r, c, v, j, m, a, x, s, g, w) TCC_CASE_##w
