// Implements tensor op emission: every tensor operation makes a new abstract
// tensor and, inside a traced function, appends a TapeOp (the linear trace
// that graph regions and segments are cut from).
#include <limits>

#include "trace/promote.h"
#include "trace/tracer.h"

namespace tcc::trace {

ValuePtr Tracer::Emit(graph::OpKind op, std::vector<ValuePtr> inputs, graph::Attrs attrs, graph::TensorType out,
                      Range where) {
  if (syms.unverified) {  // a shape assumption no guard can check: run the statement eagerly
    syms.unverified = false;
    if (Traced())
      MarkEager("a tensor size assumed equal to another that no guard can check (a size derived at run time)", where);
  }
  out.shape = syms.Resolve(out.shape);
  ValuePtr v = MakeTensor(out);
  for (const auto& in : inputs)
    if (in->kind == VK::Tensor && !in->rank_known) v->rank_known = false;
  if (graph::SharesStorage(op) && !inputs.empty() && inputs[0]->kind == VK::Tensor)
    v->view_of = inputs[0]->view_of ? inputs[0]->view_of : inputs[0];
  if (!Traced()) FoldKnownData(op, inputs, attrs, v);
  if (draw_generator && graph::CategoryOf(op) == graph::OpCategory::Random) inputs.push_back(draw_generator);
  if (Traced()) {
    v->tape_pos = static_cast<int64_t>(tape.size());
    tape.push_back(TapeOp{op, std::move(inputs), std::move(attrs), v, CurFile(), where.begin, {}});
    size_t entry = 0;
    while (entry < frames.size() && frames[entry]->eager) ++entry;
    for (size_t k = entry + 1; k < frames.size(); ++k)
      if (frames[k]->call_file && frames[k]->call_loc.valid())
        tape.back().via.emplace_back(frames[k]->call_file, frames[k]->call_loc.line);
  }
  return v;
}

ValuePtr Tracer::ShapeError(const std::string& msg, Range where) {
  Issue(DiagKind::TraceShapeError, where, msg, "check the shapes of the operands; this fails at run time");
  MarkEager("shapes that do not fit (" + msg + ")", where, true);
  return MakeUnknown();
}

ValuePtr Tracer::EmitBinary(graph::OpKind op, const ValuePtr& a, const ValuePtr& b, Range where, bool compare) {
  auto rank_unknown = [](const ValuePtr& v) { return v->kind == VK::Tensor && !v->rank_known; };
  graph::DType dt = ResultDType({a.get(), b.get()});
  if (op == graph::OpKind::Div) dt = sem::TrueDivDType(dt);
  if ((op == graph::OpKind::And || op == graph::OpKind::Or || op == graph::OpKind::Xor) && IsFloatType(dt)) {
    Issue(DiagKind::TraceTypeError, where, std::string("bitwise `") + graph::OpSpelling(op) + "` needs bool or integer tensors");
    return MakeUnknown();
  }
  if (op == graph::OpKind::Pow && a->kind == VK::Tensor && !IsFloatType(dt) && b->kind == VK::Int && b->known &&
      b->i < 0) {  // torch's error for a Python int exponent, raised at run time
    Issue(DiagKind::TraceTypeError, where, "integers to negative integer powers are not allowed");
    MarkEager();
    return MakeUnknown();
  }
  if (compare) dt = graph::DType::Bool;
  Shape sa = a->kind == VK::Tensor ? a->type.shape : Shape{};
  Shape sb = b->kind == VK::Tensor ? b->type.shape : Shape{};
  if (rank_unknown(a) || rank_unknown(b)) {
    ValuePtr r = Emit(op, {a, b}, {}, {dt, {}}, where);
    r->rank_known = false;
    return r;
  }
  auto s = Broadcast(syms, sa, sb);
  if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, where);
  return Emit(op, {a, b}, {}, {dt, std::get<Shape>(s)}, where);
}

// The result dtype is ops.def's DType column; the flag of the signature
// (tracer.h) is no longer read.
ValuePtr Tracer::EmitUnary(graph::OpKind op, const ValuePtr& a, Range where, bool /*float_result*/) {
  graph::DType dt = graph::UnaryResultDType(op, a->type.dtype).value_or(a->type.dtype);
  if (op == graph::OpKind::Neg && dt == graph::DType::Bool) {
    Issue(DiagKind::TraceTypeError, where, "negation of a bool tensor; use `~` instead");
    return MakeUnknown();
  }
  return Emit(op, {a}, {}, {dt, a->type.shape}, where);
}

ValuePtr Tracer::EmitCast(const ValuePtr& a, graph::DType to, Range where) {
  if (a->type.dtype == to) return a;
  return Emit(graph::OpKind::Cast, {a}, {}, {to, a->type.shape}, where);
}

std::vector<graph::Dim> Tracer::DimsFromArgs(const std::vector<ValuePtr>& vals0, std::vector<bool>* infer,
                                             Range where, bool* ok) {
  *ok = true;
  std::vector<ValuePtr> vals = vals0;
  if (vals.size() == 1 && (vals[0]->kind == VK::List || vals[0]->kind == VK::Tuple)) vals = vals[0]->items;
  std::vector<graph::Dim> dims;
  for (const auto& v : vals) {
    if (v->kind == VK::Int && v->known) {
      if (v->i == -1 && infer) {
        infer->push_back(true);
        dims.push_back(Dim::Static(1));
        continue;
      }
      if (v->i < 0) {
        Issue(DiagKind::TraceShapeError, where, "negative size " + std::to_string(v->i) + " in a shape");
        *ok = false;
        return {};
      }
      dims.push_back(Dim::Static(v->i));
    } else if (v->kind == VK::Int) {  // a size known only at run time: the int's own symbol
      if (v->size_sym < 0) {
        v->size_sym = syms.Fresh().sym;
        size_values[v->size_sym] = v;
      }
      dims.push_back(Dim::Symbolic(v->size_sym));
    } else if (v->kind == VK::Unknown) {
      dims.push_back(syms.Fresh());  // a size known only at run time
    } else {
      Issue(DiagKind::TraceTypeError, where, "a shape needs integer sizes, got " + Describe(*v));
      *ok = false;
      return {};
    }
    if (infer) infer->push_back(false);
  }
  return dims;
}

ValuePtr Tracer::ToTensorOperand(const ValuePtr& v, Range where) {
  if (v->kind == VK::Tensor || v->is_number()) return v;
  if (v->kind != VK::Unknown) Issue(DiagKind::TraceTypeError, where, "expected a tensor or a number, got " + Describe(*v));
  return nullptr;
}

std::optional<graph::DType> Tracer::DTypeArg(const ValuePtr& v) {
  if (!v || v->kind == VK::None) return std::nullopt;
  if (v->kind == VK::DType) return v->type.dtype;
  if (v->kind == VK::Builtin) return sem::DTypeOfPyType(v->s);  // dtype=float is float64, as in torch
  if (v->kind == VK::Str && v->known) return sem::DTypeFromName(v->s);
  return std::nullopt;
}

}  // namespace tcc::trace
