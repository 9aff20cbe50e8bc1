// Implements the tracer's handlers of the compile controls (graph_break,
// error_on_graph_break, fullgraph, grad modes, nonstrict_trace,
// torch.compiler.disable, pytree), I/O (print/save/load/torch.load: side
// effects, with what a file present at build time tells) and the values known
// only at run time (argv, generators, nn.Parameter's mark). Rows:
// builtin_handlers.def.
#include "trace/builtin_table.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::PyBuiltinId;

ValuePtr Tracer::GraphBreakBuiltin(const std::string&, CallArgs& args) {
  const Range where = args.range;
  Break(BreakKind::GraphBreakCall, where, "call to `graph_break()`");
  return MakeNone();
}

ValuePtr Tracer::CompileFlagBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  const Range where = args.range;
  WrapKind k = id == py_fullgraph ? WrapKind::Fullgraph : WrapKind::Eogb;
  ValuePtr a = args.Arg(0, id == py_fullgraph ? "enabled" : "error_on_graph_break");
  if (!a && id == py_fullgraph) a = MakeBool(true);
  if (a && (a->kind == VK::Function || a->kind == VK::BoundMethod || a->kind == VK::Wrapper)) {
    if (k == WrapKind::Fullgraph) return MakeWrapper(k, true, a);
  }
  auto m = MakeUnknown();
  m->kind = VK::Marker;
  m->wrap = k;
  auto truth = a ? KnownTruth(*a) : std::nullopt;
  if (!truth) {
    Issue(DiagKind::TraceTypeError, where, "`" + name + "(...)` needs True or False known at compile time");
    truth = k == WrapKind::Fullgraph;
  }
  m->flag = *truth;
  return m;
}

ValuePtr Tracer::GradModeBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  const ValuePtr f = args.pos.size() == 1 ? args.pos[0] : nullptr;  // `@no_grad` (no parentheses): the function
  if (id != py_set_grad_enabled && f && (f->kind == VK::Function || f->kind == VK::BoundMethod || f->kind == VK::Wrapper))
    return f;
  auto m = MakeUnknown();
  m->kind = VK::Marker;
  m->wrap = WrapKind::GradMode;
  return m;
}

ValuePtr Tracer::NonstrictTraceBuiltin(const std::string&, CallArgs& args) {
  const Range where = args.range;
  ValuePtr f = args.Arg(0, "fn");
  if (!f) {
    Issue(DiagKind::TraceArgumentError, where, "`nonstrict_trace` takes the function to trace");
    return MakeUnknown();
  }
  return MakeWrapper(WrapKind::Nonstrict, true, f);
}

ValuePtr Tracer::CompilerDisableBuiltin(const std::string&, CallArgs& args) {
  // @torch.compiler.disable, torch.compiler.disable(fn), disable(recursive=...)
  ValuePtr f = args.Arg(0, "fn");
  ValuePtr w = MakeWrapper(WrapKind::Disable, true, f);
  if (!f) w->kind = VK::Marker;  // `@disable(recursive=False)`: applied to the function next
  return w;
}

ValuePtr Tracer::PytreeBuiltin(const std::string&, CallArgs& args) {
  ValuePtr c = args.Arg(0, "cls");
  if (c && c->kind == VK::Class) c->cls->pytree = true;
  return c ? c : MakeUnknown();
}

ValuePtr Tracer::TorchLoadBuiltin(const std::string&, CallArgs& args) {
  // torch.load: the checkpoint's structure, read now (npy_header.cpp)
  const Range where = args.range;
  Break(BreakKind::SideEffectIO, where, "`torch.load(...)` inside a compiled function");
  ValuePtr p = args.Arg(0, "f");
  if (p && p->kind == VK::Str && p->known && !p->s.empty()) {
    std::string error;
    if (ValuePtr v = TorchLoadValue(p->s, &error)) return v;
    if (p->s[0] != '/' && !main_dir.empty())
      if (ValuePtr v = TorchLoadValue(main_dir + "/" + p->s, &error)) return v;
    Issue(DiagKind::LoadTypeUnknown, where,
          "`torch.load(\"" + p->s + "\")` at build time: " + error +
              "; what it holds is known only at run time, so the code that uses it cannot be compiled",
          "run `tcc build` in the folder the program runs in (relative paths are read from the working folder, "
          "then from the program's folder), or give a path that exists when building");
  }
  return MakeUnknown();
}

ValuePtr Tracer::IoBuiltin(const std::string& name, CallArgs& args) {
  const auto id = PyIdOf(name);
  const Range where = args.range;
  Break(BreakKind::SideEffectIO, where, "`" + name + "(...)` inside a compiled function");
  if (id == py_load) {
    // The data is read at run time; a file present now gives dtype and rank.
    ValuePtr p = args.Arg(0, "path");
    if (p && p->kind == VK::Str && !p->s.empty()) {
      std::optional<graph::TensorType> ty = ReadNpyType(p->s);
      if (!ty && p->s[0] != '/' && !main_dir.empty()) ty = ReadNpyType(main_dir + "/" + p->s);
      if (ty) {
        for (auto& d : ty->shape) d = syms.Fresh();
        return MakeTensor(*ty);
      }
      // Code that uses the tensor fails later with messages about a
      // tensor of unknown rank: say here why its type is unknown.
      std::string tried = p->s[0] == '/' || main_dir.empty() || main_dir == "." ? "`" + p->s + "`"
                                                              : "`" + p->s + "` and `" + main_dir + "/" + p->s + "`";
      Issue(DiagKind::LoadTypeUnknown, where,
            "`load(\"" + p->s + "\")`" + (p->known ? "" : " (the likely path)") +
                ": no readable .npy file at build time (tried " + tried +
                "), so its dtype and rank are known only at run time and the code that uses it cannot be compiled",
            "run `tcc build` in the folder the program runs in (relative paths are read from the working "
            "folder, then from the program's folder), or give a path that exists when building");
    }
    auto t = MakeTensor({graph::DType::F32, {}});
    t->rank_known = false;
    return t;
  }
  return MakeNone();
}

ValuePtr Tracer::StderrWriteBuiltin(const std::string&, CallArgs& args) {  // stdlib/sys.ts
  Break(BreakKind::SideEffectIO, args.range, "`sys.stderr.write(...)` inside a compiled function");
  return MakeNone();
}

ValuePtr Tracer::RuntimeValueBuiltin(const std::string&, CallArgs&) {
  // the value itself, known only when the program runs
  return MakeUnknown();
}

ValuePtr Tracer::ArgvBuiltin(const std::string&, CallArgs&) {
  // known only at run time
  auto l = MakeSeq(VK::List, {MakeUnknownOf(VK::Str)});
  l->known = false;
  return l;
}

ValuePtr Tracer::ManualSeedBuiltin(const std::string&, CallArgs& args) {
  const Range where = args.range;
  Break(BreakKind::Unsupported, where, "`manual_seed` inside a compiled function changes the random state");
  return MakeNone();
}

// nn.Parameter's mark (stdlib/torch/nn.ts), and whether a value has it
ValuePtr Tracer::IsParameterBuiltin(const std::string&, CallArgs& args) {
  ValuePtr t = args.Arg(0, "data");
  if (!t) return MakeUnknown();
  return t->kind == VK::Tensor ? MakeBool(t->parameter) : t->kind == VK::Unknown ? MakeUnknownOf(VK::Bool) : MakeBool(false);
}
ValuePtr Tracer::ParameterBuiltin(const std::string&, CallArgs& args) {
  const Range where = args.range;
  ValuePtr t = args.Arg(0, "data");
  if (!t) return MakeUnknown();
  // the mark is no plan output: a traced statement that sets it runs in the interpreter
  if (Traced()) MarkEager("`nn.Parameter` marks a tensor in the interpreter", where);
  ValuePtr rg = args.Arg(1, "requires_grad");
  if (t->kind == VK::Tensor) {
    t->parameter = true;
    t->requires_grad = !rg || rg->kind != VK::Bool || rg->b;
  }
  return t;
}

// stdlib/torch/_derivatives.ts's registrations: the interpreter's tape reads
// them; a traced program records nothing (a program that computes gradients
// runs in the interpreter: trace_program.cpp InterpretForAutograd).
ValuePtr Tracer::AutogradTableBuiltin(const std::string&, CallArgs&) { return MakeNone(); }

// torch.Generator's state lives in the interpreter (as its draws do): its id
// and seed are run-time ints, manual_seed returns None
ValuePtr Tracer::GeneratorBuiltin(const std::string&, CallArgs& args) {
  if (Traced()) MarkInterpreted(args.range, "a torch.Generator's state (the interpreter keeps it)");
  return MakeUnknownOf(VK::Int);
}
ValuePtr Tracer::GeneratorSeedBuiltin(const std::string& name, CallArgs& args) {
  GeneratorBuiltin(name, args);
  return MakeNone();
}
}  // namespace tcc::trace
