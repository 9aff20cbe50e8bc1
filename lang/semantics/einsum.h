// einsum(equation, *operands), planned once from the equation and the
// operands' shapes into a short program of tensor ops that both modes run:
// the tracer emits each step as a graph op (trace/trace_einsum.cpp), the
// interpreter runs it on the runtime's kernels (interp/builtins_einsum.cpp).
//
// The plan: per operand, repeated labels become diagonals ("ii->i") and
// labels used nowhere else are summed out; then operands are combined left to
// right, each pair as one (batched) matmul: A permuted to [batch, A-only,
// contracted] and reshaped to [batch..., M, K], B to [batch..., K, N]; the
// product is reshaped back to [batch..., A-only..., B-only...]. Finally the
// result is permuted into the output's order. "bij,bjk->bik" is one matmul,
// "bhqd,bhkd->bhqk" a matmul of a transposed operand, "ij,j->i" a
// matrix-vector product, "i,j->ij" an outer product.
//
// Equation syntax as torch: letters a-z and A-Z, at most one `...` per term,
// spaces ignored; without `->` the output is the ellipsis dims followed by the
// labels used exactly once, in alphabetical order (uppercase first). A label's
// size 1 broadcasts against a larger one.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tcc::sem {

enum class EinOpKind {
  Permute,   // ints = permutation
  Diagonal,  // the diagonal of the last two dims (equal sizes): both go, one is appended
  Sum,       // ints = dims reduced (keepdim false)
  Expand,    // ints = the new shape
  Reshape,   // ints = the new shape
  MatMul,    // a @ b
};

// One step: its value is number (operands + position in ops).
struct EinOp {
  EinOpKind kind;
  int a = 0, b = -1;
  std::vector<int64_t> ints;
};

struct EinsumPlan {
  std::vector<EinOp> ops;
  int result = 0;               // the value that is the einsum's result
  std::vector<int64_t> shape;   // its shape
  std::string error;            // torch's complaint, when the equation does not fit
};

namespace einsum_detail {

constexpr int kEllipsisBase = 52;  // labels 0..51 are letters; ellipsis dims count from here

inline int LetterLabel(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return 26 + (c - 'a');
  return -1;
}

// One term's labels, `...` as -1.
inline bool ParseTerm(std::string_view t, std::vector<int>& out, std::string& err) {
  bool ell = false;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '.') {
      if (ell || t.substr(i, 3) != "...") {
        err = "einsum(): found '.' for operand that is not part of any ellipsis";
        return false;
      }
      ell = true;
      out.push_back(-1);
      i += 2;
      continue;
    }
    int l = LetterLabel(t[i]);
    if (l < 0) {
      err = std::string("einsum(): invalid subscript given at index ") + std::to_string(i) +
            " in the equation string, subscripts must be in [a-zA-Z]";
      return false;
    }
    out.push_back(l);
  }
  return true;
}

struct Builder {
  EinsumPlan plan;
  int n_inputs = 0;
  int Add(EinOp op) {
    plan.ops.push_back(std::move(op));
    return n_inputs + static_cast<int>(plan.ops.size()) - 1;
  }
};

struct EinOperand {
  int value;
  std::vector<int> labels;
  std::vector<int64_t> sizes;
};

inline void PermuteTo(Builder& b, EinOperand& x, const std::vector<int>& order) {
  std::vector<int64_t> perm;
  std::vector<int64_t> sizes;
  bool identity = true;
  for (int l : order) {
    int64_t at = std::find(x.labels.begin(), x.labels.end(), l) - x.labels.begin();
    identity = identity && at == static_cast<int64_t>(perm.size());
    perm.push_back(at);
    sizes.push_back(x.sizes[at]);
  }
  if (!identity) x.value = b.Add({EinOpKind::Permute, x.value, -1, perm});
  x.labels = order;
  x.sizes = sizes;
}

inline void ReshapeTo(Builder& b, EinOperand& x, const std::vector<int64_t>& shape) {
  if (shape != x.sizes) x.value = b.Add({EinOpKind::Reshape, x.value, -1, shape});
  x.sizes = shape;
}

inline void SumOut(Builder& b, EinOperand& x, const std::vector<int>& drop) {
  std::vector<int64_t> axes;
  std::vector<int> labels;
  std::vector<int64_t> sizes;
  for (size_t i = 0; i < x.labels.size(); ++i) {
    if (std::find(drop.begin(), drop.end(), x.labels[i]) != drop.end()) axes.push_back(static_cast<int64_t>(i));
    else labels.push_back(x.labels[i]), sizes.push_back(x.sizes[i]);
  }
  if (axes.empty()) return;
  x.value = b.Add({EinOpKind::Sum, x.value, -1, axes});
  x.labels = labels;
  x.sizes = sizes;
}

inline bool Has(const std::vector<int>& v, int l) { return std::find(v.begin(), v.end(), l) != v.end(); }

}  // namespace einsum_detail

inline EinsumPlan PlanEinsum(std::string_view equation, const std::vector<std::vector<int64_t>>& shapes) {
  using namespace einsum_detail;
  Builder b;
  b.n_inputs = static_cast<int>(shapes.size());
  EinsumPlan& plan = b.plan;
  std::string eq;
  for (char c : equation)
    if (c != ' ') eq.push_back(c);
  size_t arrow = eq.find("->");
  std::string lhs = eq.substr(0, arrow);
  std::vector<std::vector<int>> terms(1);
  std::vector<std::string> texts(1);
  for (char c : lhs) {
    if (c == ',') terms.emplace_back(), texts.emplace_back();
    else texts.back().push_back(c);
  }
  if (shapes.empty()) { plan.error = "einsum(): must provide at least one operand"; return plan; }
  if (texts.size() != shapes.size()) {
    plan.error = "einsum(): more operands were provided than specified in the equation";
    if (texts.size() > shapes.size()) plan.error = "einsum(): fewer operands were provided than specified in the equation";
    return plan;
  }
  // labels per dim, the ellipsis expanded right-aligned
  std::vector<EinOperand> ops(shapes.size());
  int max_ell = 0;
  std::vector<std::vector<int>> parsed(shapes.size());
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (!ParseTerm(texts[i], parsed[i], plan.error)) return plan;
    int64_t letters = std::count_if(parsed[i].begin(), parsed[i].end(), [](int l) { return l >= 0; });
    bool ell = Has(parsed[i], -1);
    int64_t rank = static_cast<int64_t>(shapes[i].size());
    if (ell ? letters > rank : letters != rank) {
      plan.error = "einsum(): the number of subscripts in the equation (" + std::to_string(letters) +
                   ") does not match the number of dimensions (" + std::to_string(rank) + ") for operand " +
                   std::to_string(i) + (ell ? "" : " and no ellipsis was given");
      return plan;
    }
    if (ell) max_ell = std::max<int>(max_ell, static_cast<int>(rank - letters));
  }
  for (size_t i = 0; i < shapes.size(); ++i) {
    int64_t rank = static_cast<int64_t>(shapes[i].size());
    int64_t letters = std::count_if(parsed[i].begin(), parsed[i].end(), [](int l) { return l >= 0; });
    int e = static_cast<int>(rank - letters);
    ops[i].value = static_cast<int>(i);
    ops[i].sizes = shapes[i];
    for (int l : parsed[i]) {
      if (l >= 0) ops[i].labels.push_back(l);
      else
        for (int j = 0; j < e; ++j) ops[i].labels.push_back(kEllipsisBase + max_ell - e + j);
    }
  }
  // the output's labels
  std::vector<int> out;
  std::vector<int> count(kEllipsisBase + 64, 0);
  for (auto& o : ops)
    for (int l : o.labels) count[l]++;
  if (arrow == std::string::npos) {
    for (int j = 0; j < max_ell; ++j) out.push_back(kEllipsisBase + j);
    for (int l = 0; l < kEllipsisBase; ++l)
      if (count[l] == 1) out.push_back(l);
  } else {
    std::vector<int> t;
    if (!ParseTerm(eq.substr(arrow + 2), t, plan.error)) return plan;
    for (int l : t) {
      if (l < 0) {
        for (int j = 0; j < max_ell; ++j) out.push_back(kEllipsisBase + j);
        continue;
      }
      if (Has(out, l)) { plan.error = "einsum(): output subscript appears more than once in the output"; return plan; }
      if (!count[l]) { plan.error = "einsum(): output subscript does not appear in the equation for any input operand"; return plan; }
      out.push_back(l);
    }
  }
  // each label's size (1 broadcasts)
  std::vector<int64_t> size(count.size(), 1);
  for (auto& o : ops)
    for (size_t d = 0; d < o.labels.size(); ++d) {
      int64_t& s = size[o.labels[d]];
      if (o.sizes[d] != 1) {
        if (s != 1 && s != o.sizes[d]) {
          plan.error = "einsum(): operands do not broadcast with remapped shapes (original->remapped)";
          return plan;
        }
        s = o.sizes[d];
      }
    }
  // per operand: diagonals of repeated labels
  for (auto& o : ops) {
    for (;;) {
      int p = -1, q = -1;
      for (size_t i = 0; i < o.labels.size() && p < 0; ++i)
        for (size_t j = i + 1; j < o.labels.size(); ++j)
          if (o.labels[i] == o.labels[j]) { p = static_cast<int>(i), q = static_cast<int>(j); break; }
      if (p < 0) break;
      if (o.sizes[p] != o.sizes[q]) {
        plan.error = "einsum(): subscript " + std::string(1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[o.labels[p] % 52]) +
                     " is repeated for operand but the sizes don't match, " + std::to_string(o.sizes[p]) +
                     " != " + std::to_string(o.sizes[q]);
        return plan;
      }
      std::vector<int64_t> perm;
      std::vector<int> labels;
      std::vector<int64_t> sizes;
      for (size_t i = 0; i < o.labels.size(); ++i)
        if (static_cast<int>(i) != p && static_cast<int>(i) != q)
          perm.push_back(static_cast<int64_t>(i)), labels.push_back(o.labels[i]), sizes.push_back(o.sizes[i]);
      perm.push_back(p), perm.push_back(q);
      bool identity = true;
      for (size_t i = 0; i < perm.size(); ++i) identity = identity && perm[i] == static_cast<int64_t>(i);
      if (!identity) o.value = b.Add({EinOpKind::Permute, o.value, -1, perm});
      o.value = b.Add({EinOpKind::Diagonal, o.value, -1, {}});
      labels.push_back(o.labels[p]);
      sizes.push_back(o.sizes[p]);
      o.labels = labels;
      o.sizes = sizes;
    }
  }
  // labels needed after operand k: the output's and those of later operands
  auto needed_after = [&](size_t k) {
    std::vector<int> need = out;
    for (size_t j = k + 1; j < ops.size(); ++j) need.insert(need.end(), ops[j].labels.begin(), ops[j].labels.end());
    return need;
  };
  auto sum_unused = [&](EinOperand& x, const std::vector<int>& need, const EinOperand* other) {
    std::vector<int> drop;
    for (int l : x.labels)
      if (!Has(need, l) && !(other && Has(other->labels, l))) drop.push_back(l);
    SumOut(b, x, drop);
  };
  EinOperand cur = ops[0];
  sum_unused(cur, needed_after(0), ops.size() > 1 ? &ops[1] : nullptr);
  for (size_t k = 1; k < ops.size(); ++k) {
    EinOperand rhs = ops[k];
    std::vector<int> need = needed_after(k);
    sum_unused(rhs, need, &cur);
    std::vector<int> batch, aonly, contracted, bonly;
    for (int l : cur.labels) {
      if (Has(rhs.labels, l)) (Has(need, l) ? batch : contracted).push_back(l);
      else aonly.push_back(l);
    }
    for (int l : rhs.labels)
      if (!Has(cur.labels, l)) bonly.push_back(l);
    // broadcast the shared labels to their size
    auto expand = [&](EinOperand& x) {
      std::vector<int64_t> to = x.sizes;
      for (size_t d = 0; d < x.labels.size(); ++d)
        if (Has(batch, x.labels[d]) || Has(contracted, x.labels[d])) to[d] = size[x.labels[d]];
      if (to != x.sizes) x.value = b.Add({EinOpKind::Expand, x.value, -1, to}), x.sizes = to;
    };
    expand(cur);
    expand(rhs);
    auto prod = [&](const std::vector<int>& ls) {
      int64_t p = 1;
      for (int l : ls) p *= size[l];
      return p;
    };
    auto sizes_of = [&](const EinOperand& x, const std::vector<int>& ls) {
      std::vector<int64_t> s;
      for (int l : ls) s.push_back(x.sizes[std::find(x.labels.begin(), x.labels.end(), l) - x.labels.begin()]);
      return s;
    };
    std::vector<int64_t> bsz = sizes_of(cur, batch), asz = sizes_of(cur, aonly), csz = sizes_of(rhs, bonly);
    std::vector<int> order_a = batch, order_b = batch;
    order_a.insert(order_a.end(), aonly.begin(), aonly.end());
    order_a.insert(order_a.end(), contracted.begin(), contracted.end());
    order_b.insert(order_b.end(), contracted.begin(), contracted.end());
    order_b.insert(order_b.end(), bonly.begin(), bonly.end());
    PermuteTo(b, cur, order_a);
    PermuteTo(b, rhs, order_b);
    int64_t m = 1, n = 1, kk = prod(contracted);
    for (int64_t s : asz) m *= s;
    for (int64_t s : csz) n *= s;
    std::vector<int64_t> sa = bsz, sb = bsz;
    sa.push_back(m), sa.push_back(kk);
    sb.push_back(kk), sb.push_back(n);
    ReshapeTo(b, cur, sa);
    ReshapeTo(b, rhs, sb);
    EinOperand r;
    r.value = b.Add({EinOpKind::MatMul, cur.value, rhs.value, {}});
    r.sizes = bsz;
    r.sizes.push_back(m), r.sizes.push_back(n);
    std::vector<int64_t> back = bsz;
    back.insert(back.end(), asz.begin(), asz.end());
    back.insert(back.end(), csz.begin(), csz.end());
    ReshapeTo(b, r, back);
    r.labels = batch;
    r.labels.insert(r.labels.end(), aonly.begin(), aonly.end());
    r.labels.insert(r.labels.end(), bonly.begin(), bonly.end());
    cur = r;
  }
  PermuteTo(b, cur, out);
  plan.result = cur.value;
  plan.shape = cur.sizes;
  return plan;
}

}  // namespace tcc::sem
