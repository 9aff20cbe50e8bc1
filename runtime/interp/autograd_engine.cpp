// Implements the backward half of eager autograd (autograd.h): torch's engine
// run on the tape. From the roots it finds every node the gradients reach,
// runs each node once all its consumers have given it their gradients
// (dependency counts, as torch.autograd's engine), calls the node's rule,
// and hands each input its gradient summed to its shape: accumulated into a
// leaf's .grad (backward) or captured (autograd.grad).
#include <algorithm>
#include <cctype>
#include <unordered_map>
#include <unordered_set>

#include "interp/autograd_node.h"
#include "interp/code.h"
#include "interp/interpreter.h"

namespace tcc::interp {

namespace {

[[noreturn]] void AutogradErr(std::string m, std::string hint = {}) {
  ThrowError(DiagKind::RtAutogradError, std::move(m), std::move(hint));
}

Value Plain(const rt::Tensor& t) { return Value::Obj(new TensorObj(t)); }

// a + b, recorded when the backward is (create_graph).
Value Add(const Value& a, const Value& b) { return TensorBinary(ast::BinOp::Add, a, b); }

// Whether each parameter of a rule is read by its body (its name appears in
// the body's source text).
const std::vector<bool>& ParamsRead(const FuncCode* c) {
  static std::unordered_map<const FuncCode*, std::vector<bool>> cache;
  auto [it, fresh] = cache.try_emplace(c);
  if (!fresh) return it->second;
  std::unordered_set<std::string> words;
  const SourceFile* src = c->module && c->module->source ? c->module->source.get() : nullptr;
  if (src && c->def && !c->def->body.empty()) {
    for (uint32_t l = c->def->body.front()->range.begin.line; l <= c->def->range.end.line; ++l) {
      std::string_view line = src->Line(l);
      for (size_t i = 0; i < line.size();) {
        if (std::isalpha(static_cast<unsigned char>(line[i])) || line[i] == '_') {
          size_t j = i;
          while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_')) ++j;
          words.emplace(line.substr(i, j - i));
          i = j;
        } else {
          ++i;
        }
      }
    }
  }
  for (const auto& p : c->params) it->second.push_back(!src || words.count(SymName(p.sym)) > 0);
  return it->second;
}

std::string TensorDescription(const Value& t) {
  const rt::Tensor& x = TensorOf(t);
  std::string type = x.dtype() == rt::DType::F64 ? "DoubleTensor" : x.dtype() == rt::DType::F32 ? "FloatTensor"
                                                                     : std::string(rt::dtype_name(x.dtype()));
  std::string s = "[torch." + type + " " + rt::dims_str(x.sizes()) + "]";
  const GradMeta* m = FindMeta(t);
  if (m && m->fn) s += ", which is output " + std::to_string(m->output_nr) + " of " + m->fn->name + ",";
  return s;
}

[[noreturn]] void ModifiedErr(const Value& t, uint32_t now, uint32_t then) {
  AutogradErr("one of the variables needed for gradient computation has been modified by an inplace operation: " +
                  TensorDescription(t) + " is at version " + std::to_string(now) + "; expected version " +
                  std::to_string(then) + " instead.",
              "an in-place update (`x.add_(...)`, `x += ...`, `x[i] = ...`) changed a value backward() needs: "
              "update a copy (`x = x + ...`) instead");
}

// Raises torch's error when a result the rule reads (exp's, tanh's,
// softmax's) was changed in place since. Arguments are not checked: a rule
// may read one for its shape only (view, getitem), which torch does not save.
void CheckVersions(GradNode& n) {
  const FuncCode* c = n.rule.as<FunctionObj>()->code;
  const std::vector<bool>& read = ParamsRead(c);
  auto reads = [&](int32_t param) { return param >= 0 && size_t(param) < read.size() && read[param]; };
  if (reads(1)) {
    for (size_t k = 0; k < n.outs.size() && k < n.out_versions.size(); ++k) {
      uint32_t now = rt::version(TensorOf(n.outs[k]));
      if (now != n.out_versions[k]) {
        Value shown = Value::Obj(new TensorObj(TensorOf(n.outs[k])));
        GradMeta& m = MetaOf(shown);
        m.fn = n.shared_from_this();
        m.output_nr = int32_t(k);
        ModifiedErr(shown, now, n.out_versions[k]);
      }
    }
  }
}

class Engine {
 public:
  Engine(Interp& in, bool create_graph, std::vector<Value> inputs)
      : in_(in), create_(create_graph), inputs_(std::move(inputs)), captured_(inputs_.size()) {}

  void Run(const std::vector<Value>& roots, const std::vector<Value>& grads) {
    std::vector<GradNode*> starts;
    for (size_t i = 0; i < roots.size(); ++i) {
      const GradMeta* m = FindMeta(roots[i]);
      if (!m || !m->requires_grad) {
        AutogradErr("element " + std::to_string(i) + " of tensors does not require grad and does not have a grad_fn",
                    "call backward() on a value computed from tensors that require grad (requires_grad=True, "
                    "nn.Parameter), outside torch.no_grad()");
      }
      if (m->fn) {
        Deliver(m->fn, m->output_nr, grads[i]);
        starts.push_back(m->fn.get());
      } else {
        DeliverLeaf(roots[i], grads[i]);
      }
    }
    Discover(starts);
    std::vector<GradNode*> ready;
    for (GradNode* s : starts)
      if (deps_[s] == 0 && std::find(ready.begin(), ready.end(), s) == ready.end()) ready.push_back(s);
    while (!ready.empty()) {
      GradNode* n = ready.back();
      ready.pop_back();
      if (!inputs_.empty() && !Needed(n)) {
        Release(n, ready);
        continue;
      }
      Execute(*n);
      Release(n, ready);
    }
  }

  // Frees the saved values of every node the backward reached.
  void Free() {
    for (auto& [n, keep] : nodes_) {
      n->released = true;
      n->pos.clear();
      n->kwvals.clear();
      n->outs.clear();
    }
  }

  const std::vector<Value>& captured() const { return captured_; }

 private:
  // Every node reachable from the starts, with the number of edges into it.
  void Discover(const std::vector<GradNode*>& starts) {
    std::vector<GradNode*> stack(starts.begin(), starts.end());
    for (GradNode* s : starts) nodes_.emplace(s, s->shared_from_this());
    while (!stack.empty()) {
      GradNode* n = stack.back();
      stack.pop_back();
      for (const auto& e : n->inputs) {
        if (!e.fn) continue;
        ++deps_[e.fn.get()];
        if (nodes_.emplace(e.fn.get(), e.fn).second) stack.push_back(e.fn.get());
      }
    }
  }

  // autograd.grad: whether n leads to one of the inputs.
  bool Needed(GradNode* n) {
    if (auto it = needed_.find(n); it != needed_.end()) return it->second;
    needed_[n] = false;  // a cycle cannot happen; this also ends the recursion
    bool r = false;
    for (const Value& x : inputs_) {
      const GradMeta* m = FindMeta(x);
      if (m && m->fn.get() == n) r = true;
    }
    for (const auto& e : n->inputs) {
      if (r) break;
      if (e.fn) r = Needed(e.fn.get());
      else for (const Value& x : inputs_) if (x.obj() == e.leaf.obj()) r = true;
    }
    return needed_[n] = r;
  }

  void Release(GradNode* n, std::vector<GradNode*>& ready) {
    for (const auto& e : n->inputs)
      if (e.fn && --deps_[e.fn.get()] == 0) ready.push_back(e.fn.get());
  }

  void Deliver(const std::shared_ptr<GradNode>& n, int32_t nr, const Value& g) {
    auto& slots = buffers_[n.get()];
    if (slots.size() <= size_t(nr)) slots.resize(nr + 1);
    slots[nr] = slots[nr].is_undef() ? g : Add(slots[nr], g);
  }

  void DeliverLeaf(const Value& leaf, const Value& g) {
    if (!inputs_.empty()) {
      for (size_t i = 0; i < inputs_.size(); ++i)
        if (inputs_[i].obj() == leaf.obj()) captured_[i] = captured_[i].is_undef() ? g : Add(captured_[i], g);
      return;
    }
    GradMeta& m = MetaOf(leaf);
    if (m.grad.is_undef() || m.grad.is_none()) {
      m.grad = create_ ? g : Plain(rt::clone(TensorOf(g)));
    } else if (create_ || RequiresGrad(m.grad)) {
      m.grad = Add(m.grad, g);
    } else {
      rt::binary_inplace(rt::BinaryOp::Add, TensorOf(m.grad), TensorOf(g));
    }
  }

  // The node's incoming gradients: zeros for a result nothing used.
  Value Incoming(GradNode& n) {
    auto& slots = buffers_[&n];
    slots.resize(n.outs.size());
    std::vector<Value> gs;
    for (size_t k = 0; k < n.outs.size(); ++k) {
      const rt::Tensor& out = TensorOf(n.outs[k]);
      if (!slots[k].is_undef()) gs.push_back(slots[k]);
      else if (rt::is_floating(out.dtype())) gs.push_back(Plain(rt::zeros_like(out)));
      else gs.push_back(Value::None());
    }
    buffers_.erase(&n);
    return n.multi ? MakeTuple(std::move(gs)) : gs[0];
  }

  void Execute(GradNode& n) {
    if (n.released) {
      AutogradErr("Trying to backward through the graph a second time (or directly access saved tensors after they "
                  "have already been freed). Saved intermediate values of the graph are freed when you call "
                  ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
                  "graph a second time or if you need to access saved tensors after calling backward.");
    }
    Value grad = Incoming(n);
    for (size_t i = 0; i < inputs_.size(); ++i) {
      const GradMeta* m = FindMeta(inputs_[i]);
      if (m && m->fn.get() == &n) captured_[i] = n.multi ? grad.as<TupleObj>()->items[m->output_nr] : grad;
    }
    for (auto& [k, meta] : n.retained) {
      if (auto m = meta.lock()) {
        Value g = n.multi ? grad.as<TupleObj>()->items[k] : grad;
        m->grad = m->grad.is_undef() || m->grad.is_none() ? g : Add(m->grad, g);
      }
    }
    if (n.inputs.empty()) return;
    if (!n.rule.is(OType::Function)) {
      AutogradErr("the derivative for '" + n.op + "' is not implemented",
                  "stdlib/torch/_derivatives.ts lists the derivatives; compute this part under torch.no_grad() or "
                  "detach() its input");
    }
    CheckVersions(n);
    Value result = NodeResult(n, create_);
    std::vector<Value> args{grad, result};
    args.insert(args.end(), n.pos.begin(), n.pos.end());
    args.insert(args.end(), n.kwvals.begin(), n.kwvals.end());
    Value out;
    {
      GradModeScope mode(create_);
      out = in_.Call(n.rule, args.data(), int32_t(2 + n.pos.size()), n.kwnames.data(), args.data() + 2 + n.pos.size(),
                     int32_t(n.kwvals.size()));
    }
    for (const auto& e : n.inputs) {
      Value g = GradOf(n, out, e);
      if (g.is_none() || g.is_undef()) continue;
      if (!g.is(OType::Tensor)) {
        AutogradErr("the derivative of '" + n.op + "' (" + n.name + ") returned a `" + TypeName(g) +
                    "` where a gradient tensor belongs");
      }
      g = Fit(g, e);
      if (e.fn) Deliver(e.fn, e.nr, g);
      else DeliverLeaf(e.leaf, g);
    }
  }

  // The rule's gradient for input e: the entry of its parameter (a tuple of
  // one per parameter, or the one gradient of a one-parameter rule).
  Value GradOf(GradNode& n, const Value& out, const GradNode::Input& e) {
    const FuncCode* c = n.rule.as<FunctionObj>()->code;
    int32_t nparams = 0, varargs = -1, param = -1, item = e.item;
    for (const auto& p : c->params) {
      if (p.kind == ast::ParamKind::VarArgs) varargs = nparams;
      if (p.kind == ast::ParamKind::VarKw) continue;
      ++nparams;
    }
    nparams -= 2;  // grad, result
    if (varargs >= 0) varargs -= 2;
    if (e.pos >= 0) {
      param = e.pos;
      if (varargs >= 0 && e.pos >= varargs) { param = varargs; item = e.pos - varargs; }
    } else {
      for (int32_t j = 2; j < int32_t(c->params.size()); ++j)
        if (c->params[j].sym == n.kwnames[e.kw]) param = j - 2;
    }
    if (param < 0 || param >= nparams) return Value();
    Value g = out;
    if (nparams > 1 && !out.is(OType::Tuple)) {
      if (param != 0) return Value();  // the gradient of the first parameter alone
    } else if (nparams > 1) {  // a tuple; parameters past its end (alpha=, dtype=) have no gradient
      if (int32_t(out.as<TupleObj>()->items.size()) > nparams) {
        AutogradErr("the derivative of '" + n.op + "' (" + n.name + ") must return a tuple of at most one gradient "
                    "per parameter (" + std::to_string(nparams) + ")");
      }
      const auto& items = out.as<TupleObj>()->items;
      if (param >= int32_t(items.size())) return Value();
      g = items[param];
    }
    if (item >= 0) {
      if (g.is_none()) return g;
      const auto* items = g.is(OType::Tuple) ? &g.as<TupleObj>()->items : g.is(OType::List) ? &g.as<ListObj>()->items : nullptr;
      if (!items || int32_t(items->size()) <= item) AutogradErr("the derivative of '" + n.op + "' gave too few gradients");
      g = (*items)[item];
    }
    return g;
  }

  // A gradient summed to its input's shape (broadcasting) and cast to its dtype.
  Value Fit(const Value& g, const GradNode::Input& e) {
    const rt::Tensor& t = TensorOf(g);
    if (t.sizes() == e.shape && t.dtype() == e.dtype) return g;
    Value like = Plain(rt::Tensor::empty(e.shape, e.dtype));
    Value args[2] = {g, like};
    GradModeScope mode(create_);
    return in_.Call(AutogradHook("reduce_grad"), args, 2, nullptr, nullptr, 0);
  }

  Interp& in_;
  bool create_;
  std::vector<Value> inputs_;
  std::vector<Value> captured_;
  std::unordered_map<GradNode*, std::shared_ptr<GradNode>> nodes_;
  std::unordered_map<GradNode*, int32_t> deps_;
  std::unordered_map<GradNode*, bool> needed_;
  std::unordered_map<GradNode*, std::vector<Value>> buffers_;
};

std::vector<Value> Items(const Value& v) {
  if (v.is(OType::List)) return v.as<ListObj>()->items;
  if (v.is(OType::Tuple)) return v.as<TupleObj>()->items;
  if (v.is_none() || v.is_undef()) return {};
  return {v};
}

// __autograd_run(tensors, grad_tensors, retain_graph, create_graph, inputs, allow_unused):
// torch.autograd.backward (inputs None: into the leaves' .grad, returns None)
// and torch.autograd.grad (returns a tuple of gradients, None for an unused
// input when allow_unused). grad_tensors: one per tensor, None for a scalar.
Value RunFn(Interp& in, Args& a) {
  a.Check(6, {});
  std::vector<Value> roots = Items(a.Need(0, "tensors"));
  std::vector<Value> grads = Items(a.Need(1, "grad_tensors"));
  const bool retain = a.Need(2, "retain_graph").to_int() != 0;
  const bool create = a.Need(3, "create_graph").to_int() != 0;
  const Value& inputs_v = a.Need(4, "inputs");
  const bool allow_unused = a.Need(5, "allow_unused").to_int() != 0;
  grads.resize(roots.size());
  for (size_t i = 0; i < roots.size(); ++i) {
    if (!roots[i].is(OType::Tensor)) TypeErr("autograd: the outputs must be tensors, not `" + TypeName(roots[i]) + "`");
    const rt::Tensor& r = TensorOf(roots[i]);
    if (grads[i].is_undef() || grads[i].is_none()) {
      if (r.numel() != 1) AutogradErr("grad can be implicitly created only for scalar outputs",
                                      "pass the gradient of the output: `y.backward(gradient=torch.ones_like(y))`");
      grads[i] = Plain(rt::ones_like(r));
    } else if (!grads[i].is(OType::Tensor) || !(TensorOf(grads[i]).sizes() == r.sizes())) {
      AutogradErr("Mismatch in shape: grad_output[" + std::to_string(i) + "] has a shape of " +
                  (grads[i].is(OType::Tensor) ? rt::dims_str(TensorOf(grads[i]).sizes()) : TypeName(grads[i])) +
                  " and output[" + std::to_string(i) + "] has a shape of " + rt::dims_str(r.sizes()) + ".");
    }
  }
  std::vector<Value> inputs = Items(inputs_v);
  for (const Value& x : inputs) {
    if (!x.is(OType::Tensor) || !RequiresGrad(x)) AutogradErr("One of the differentiated Tensors does not require grad");
  }
  Engine e(in, create, inputs);
  e.Run(roots, grads);
  if (!retain) e.Free();
  if (inputs_v.is_none()) return Value::None();
  std::vector<Value> out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Value& g = e.captured()[i];
    if (g.is_undef()) {
      if (!allow_unused) {
        AutogradErr("One of the differentiated Tensors appears to not have been used in the graph. Set "
                    "allow_unused=True if this is the desired behavior.");
      }
      out.push_back(Value::None());
    } else {
      out.push_back(create ? g : Plain(TensorOf(g)));
    }
  }
  return MakeTuple(std::move(out));
}

}  // namespace

void RegisterAutogradEngine(BuiltinTable& t) { t.AddFn("__autograd_run", RunFn); }

}  // namespace tcc::interp
