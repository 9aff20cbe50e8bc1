// Implements in-place augmented assignment on tensors (`x += y`, `w -= g`):
// as in torch, the tensor itself changes, so every other name, container or
// attribute holding it sees the new values, and its dtype and shape stay.
//
// The tracer's tensors are SSA values, so an update is modelled by where the
// tensor came from:
//   - made inside the segment being built (a fresh intermediate): the graph
//     computes the new value and every reference to the old one, in every
//     traced frame, container and object, is redirected to it. Nothing outside
//     the kernel can hold the old tensor, so this is exactly in-place.
//   - read from outside (a function argument, an attribute, a global, a value
//     of an earlier segment): the statement runs in the interpreter, which
//     updates the tensor in place, and the next segment reads it again by
//     path. No graph break is reported (torch.compile compiles input
//     mutations too); the kernel boundary is an execution detail.
// `x[i] op= v` stays a subscript store (a graph break), `x @= y` rebinds.
#include <algorithm>
#include <set>

#include "graph/shape.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {

// The torch.can_cast category rule: the result may not climb from bool to
// integer or from integer to floating point.
bool CategoryFits(graph::DType result, graph::DType into) { return sem::InPlaceFits(result, into); }

// Points every slot that holds `from` at `to`; the containers and
// environments it changes are saved in the tracer's heap journal first.
struct Redirect {
  const Value* from;
  ValuePtr to;
  Tracer& t;
  std::set<const Value*> visited;

  // Whether `slot` holds `from` (and now `to`); else looks inside it.
  bool Slot(ValuePtr& slot, int depth) {
    if (!slot) return false;
    if (slot.get() == from) {
      slot = to;
      return true;
    }
    Into(slot, depth);
    return false;
  }
  void Into(const ValuePtr& v, int depth) {
    if (depth > 8 || !visited.insert(v.get()).second) return;
    auto in = [&](ValuePtr& x) {
      if (x.get() == from) t.JournalWrite(v);
      Slot(x, depth + 1);
    };
    switch (v->kind) {
      case VK::List: case VK::Tuple: case VK::Dict: case VK::Set:
        for (auto& x : v->items) in(x);
        return;
      case VK::Object:
        for (auto& [k, x] : v->attrs) in(x);
        return;
      case VK::BoundMethod:
        in(v->self_value);
        return;
      case VK::Unknown: case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str:
      case VK::Ellipsis: case VK::Slice: case VK::Tensor: case VK::DType: case VK::Function:
      case VK::Builtin: case VK::Class: case VK::Module: case VK::Wrapper: case VK::Marker: return;
    }
  }
  void Env(const EnvPtr& env, int depth) {
    for (auto& [k, x] : env->vars)
      if (x.get() == from) t.JournalEnv(env);
    for (auto& [k, x] : env->vars) Slot(x, depth);
  }
};

}  // namespace

void Tracer::MarkInterpreted(Range where, const std::string& reason) {
  MarkEager(reason, where);
  if (spec < 0 || !Traced()) return;
  // The line explain lists accounts for every frame this makes eager.
  for (Frame* f : frames)
    if (!f->eager && f->stmt_eager_reason == reason) f->stmt_listed = true;
  ListInterpreted(CurFile(), where.begin, reason, UserStack(where.begin));
}

void Tracer::ListInterpreted(const SourceFile* file, Loc at, const std::string& reason,
                             const std::vector<StackFrame>& stack) {
  auto& notes = result.specs[spec].interpreted;
  Specialisation::Interpreted* note = nullptr;
  for (auto& n : notes)
    if (n.file == file && n.loc == at && n.reason == reason) note = &n;
  if (note) ++note->count;
  else note = &notes.emplace_back(Specialisation::Interpreted{file, at, reason, 1, {}});
  for (const StackFrame& f : stack)
    if (f.file && std::find(note->at.begin(), note->at.end(), std::make_pair(f.file, f.loc.line)) == note->at.end())
      note->at.emplace_back(f.file, f.loc.line);
}

ValuePtr Tracer::ReDerive(const ValuePtr& view, const ValuePtr& base, const ValuePtr& now, Range where) {
  if (!IsViewChainOf(view, base)) return nullptr;
  std::vector<TapeOp> chain;  // copies: Emit grows the tape
  for (ValuePtr v = view; v != base; v = tape[v->tape_pos].inputs[0]) chain.push_back(tape[v->tape_pos]);
  ValuePtr y = now;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    std::vector<ValuePtr> ins = it->inputs;
    ins[0] = y;
    y = Emit(it->op, ins, it->attrs, it->out->type, where);
  }
  return y;
}

void Tracer::WarnStaleViews(const ValuePtr& base, Range where, bool rederived) {
  // In eager code a view shares its base's storage; a view a kernel made is
  // its own tensor. Which later reads would see the update eagerly but not here?
  const Value* root = base->view_of ? base->view_of.get() : base.get();
  for (Frame* fr : frames) {
    if (fr->eager) continue;
    for (const auto& [name, x] : fr->locals->vars) {
      if (x.get() == base.get() || x->kind != VK::Tensor || !x->view_of || x->view_of.get() != root) continue;
      if (x->tape_pos < 0 || !LiveAfter(*fr, fr->cur_stmt, name)) continue;
      if (rederived && IsViewChainOf(x, base)) continue;  // made again from the new value
      Issue(DiagKind::StaleView, where,
            "`" + name + "` is a view of the tensor updated here, taken in compiled code: compiled, it is a copy "
            "that keeps the old values; eagerly (and in torch) it sees the update",
            "take the view after the update, or `.clone()` it where the old values are meant");
    }
  }
}

bool Tracer::IsViewChainOf(const ValuePtr& view, const ValuePtr& base) const {
  for (ValuePtr v = view; v != base;) {
    if (!v || v->tape_pos < 0) return false;
    const TapeOp& op = tape[v->tape_pos];
    if (!graph::SharesStorage(op.op) || op.inputs.empty()) return false;
    v = op.inputs[0];
  }
  return true;
}

void Tracer::AugAssignTensor(const ast::AugAssignStmt& s, const ValuePtr& cur, const ValuePtr& v) {
  ValuePtr r = BinaryOp(s.op, cur, v, s.range);
  std::string what = std::string("`") + ast::BinOpSpelling(s.op) + "=`";
  ValuePtr nv = InPlaceUpdate(cur, r, s.range, what, true,
                              "write `x = x " + std::string(ast::BinOpSpelling(s.op)) + " y` for a new tensor of the promoted type");
  // The target itself (a global or closure name not reached by the redirect, or an attribute).
  if (nv != cur && s.target->kind == ast::ExprKind::NameExpr) BindName(ast::cast<ast::NameExpr>(s.target.get())->name, nv);
}

ValuePtr Tracer::InPlaceUpdate(const ValuePtr& cur, const ValuePtr& r, Range where, const std::string& what,
                               bool check_category, const std::string& fix) {
  if (r->kind != VK::Tensor) return cur;  // an error was reported
  if (cur->kind == VK::Tensor) MutatedTensor(cur);
  std::string op = what.starts_with("`") ? what : "`" + what + "`";
  if (check_category && !CategoryFits(r->type.dtype, cur->type.dtype)) {
    Issue(DiagKind::TraceTypeError, where,
          std::string("result type ") + DTypeSpelling(r->type.dtype) + " can't be cast to the desired output type " +
              DTypeSpelling(cur->type.dtype) + " (an in-place " + op + " keeps the tensor's dtype)",
          fix.empty() ? "use the out-of-place form for a new tensor of the promoted type" : fix);
    MarkEager("an in-place update that changes the dtype (an error at run time)", where, true);
    return cur;
  }
  if (cur->rank_known && r->rank_known) {
    Shape a = syms.Resolve(cur->type.shape), b = syms.Resolve(r->type.shape);
    bool same = a.size() == b.size();
    for (size_t i = 0; same && i < a.size(); ++i) {
      if (a[i].is_static() && b[i].is_static()) same = a[i].size == b[i].size;
      else syms.Unify(a[i], b[i]);
    }
    if (!same) {
      ShapeError("output with shape " + graph::ShapeString(a) + " doesn't match the broadcast shape " +
                     graph::ShapeString(b) + " (an in-place " + op + " cannot grow the tensor)",
                 where);
      return cur;
    }
  }
  Frame& f = Cur();
  // An update through a view (`row = x[1]; row.add_(1)`) changes the tensor
  // it views; a kernel's view is a copy, so the interpreter makes the update
  // (on the runtime's real view, which the segment before hands back).
  if (Traced() && cur->view_of) {
    MarkInterpreted(where, "in-place update through a view (" + op + "): it changes the viewed tensor too");
    return cur;
  }
  if (Traced()) WarnStaleViews(cur, where, true);
  bool fresh = Traced() && f.seg.open && cur->tape_pos >= 0 &&
               static_cast<size_t>(cur->tape_pos) >= f.seg.tape_begin;
  // A tensor from outside a frame's segment: the kernel computes the new value
  // and the runtime copies it into that very tensor afterwards (torch.compile's
  // input mutation), so every alias outside sees the update.
  std::vector<std::pair<Frame*, std::string>> targets;
  if (!fresh) {
    if (!Traced()) return cur;  // module scope: the interpreter updates it in place; the names keep it
    for (Frame* fr : frames) {
      if (fr->eager || !fr->seg.open) continue;
      if (cur->tape_pos >= 0 && static_cast<size_t>(cur->tape_pos) >= fr->seg.tape_begin) continue;  // made inside
      std::string path = PathAtSegmentStart(*fr, cur);
      if (path.empty()) {
        MarkInterpreted(where, "in-place update of a tensor the kernel cannot name by a path");
        return cur;
      }
      targets.emplace_back(fr, path);
    }
  }
  ValuePtr nv = EmitCast(r, cur->type.dtype, where);
  for (auto& [fr, path] : targets) fr->stmt_writebacks.push_back(SegState::Writeback{cur, path, nv});
  // Views of the tensor the trace holds (`row = x[0]` before `x += 1`) see the
  // update, as in torch: each is derived again from the new value.
  std::vector<std::pair<ValuePtr, ValuePtr>> views;
  for (Frame* fr : frames) {
    if (fr->eager) continue;
    for (const auto& [name, x] : fr->locals->vars) {
      if (x == cur || x->kind != VK::Tensor || !x->view_of) continue;
      bool seen = false;
      for (const auto& [old, now] : views) seen |= old == x;
      if (seen) continue;
      if (ValuePtr y = ReDerive(x, cur, nv, where)) views.emplace_back(x, y);
    }
  }
  for (Frame* fr : frames) {
    if (fr->stmt_saved_seg) continue;
    fr->stmt_saved_seg = true;
    fr->stmt_saved_out_values = fr->seg_out_values;
    fr->stmt_saved_wb_values.clear();
    for (const auto& wb : fr->seg.writebacks) fr->stmt_saved_wb_values.push_back(wb.value);
  }
  auto redirect = [&](const ValuePtr& from, const ValuePtr& to) {
    to->parameter = from->parameter;  // still the same tensor
    to->requires_grad = from->requires_grad;
    Redirect red{from.get(), to, *this, {}};
    for (Frame* fr : frames) {
      for (auto& wb : fr->stmt_writebacks) red.Slot(wb.value, 0);
      for (auto& wb : fr->seg.writebacks) red.Slot(wb.value, 0);
      for (EnvPtr e = fr->locals; e; e = e->parent) red.Env(e, 0);
      for (auto& [k, x] : fr->seg_out_values) red.Slot(x, 0);
      red.Slot(fr->ret, 0);
      red.Slot(fr->maybe_ret, 0);
      red.Slot(fr->seg.return_value, 0);
    }
    if (f.module && f.module->globals) red.Env(f.module->globals, 0);
  };
  redirect(cur, nv);
  for (const auto& [old, now] : views) redirect(old, now);
  return nv;
}

}  // namespace tcc::trace
