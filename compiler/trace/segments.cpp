// Implements execution-plan segments (runtime/README.md).
//
// Each traced frame keeps a segment under construction. A top-level
// statement joins it when it completes without a break and everything it
// binds (and that later statements read) is a tensor or a Python constant;
// otherwise the segment closes before the statement, which runs eagerly. A
// callee's own segments matter only when the caller's statement runs eagerly
// (then the interpreter runs the callee), so they are kept exactly then. At
// close, the tape slice of the segment becomes a graph::Graph whose inputs are
// the tensors and run-time numbers the segment read, named by access paths
// valid at its start; every value it assumed becomes a guard.
#include <algorithm>
#include <tuple>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "plan/schema.h"
#include "trace/segment_paths.h"
#include "trace/tracer.h"

namespace tcc::trace {

void Tracer::NoteLocalRead(const std::string& name, bool global) {
  Frame& f = Cur();
  if (f.eager) return;
  if (!global) {
    if (!f.seg.assigned.count(name) && !f.stmt_assigned.count(name)) f.stmt_reads.insert(name);
    return;
  }
  for (Frame* fr : frames)
    if (!fr->eager && fr->def && fr->module == f.module) fr->stmt_global_reads.insert(name);
}

namespace {
// The module-scope name a class is bound to (empty: none, so a plan cannot name it).
std::string ClassGlobal(const ClassInfo& c) {
  if (!c.module || !c.module->globals) return "";
  auto it = c.module->globals->vars.find(c.name);
  if (it == c.module->globals->vars.end() || it->second->kind != VK::Class || it->second->cls.get() != &c) return "";
  return c.name;
}
}  // namespace

bool Tracer::Expressible(const ValuePtr& v, const Frame& f, int depth) const {
  if (depth > 32) return false;
  switch (v->kind) {
    case VK::Tensor: return v->rank_known;
    case VK::None: case VK::DType: return true;  // a dtype is a constant of the plan
    case VK::Bool: case VK::Int: case VK::Float: case VK::Str: return v->known;
    case VK::Tuple: case VK::List:
      if (v->kind == VK::List && v->born < f.seg_born) return true;  // handed back by its path
      if (!v->known) return false;
      for (const auto& x : v->items)
        if (!Expressible(x, f, depth + 1)) return false;
      return true;
    case VK::Object:
      if (v->born < f.seg_born) return true;  // handed back by its path
      if (!v->cls || ClassGlobal(*v->cls).empty()) return false;
      for (const auto& [k, x] : v->attrs)
        if (!Expressible(x, f, depth + 1)) return false;
      return true;
    case VK::Set:
      if (v->born < f.seg_born) return true;  // handed back by its path
      if (!v->known) return false;
      for (const auto& x : v->items)
        if (!Expressible(x, f, depth + 1)) return false;
      return true;
    case VK::Dict:
      if (v->born < f.seg_born) return true;  // handed back by its path
      for (const auto& k : v->keys)
        if (!(k->kind == VK::Str || k->kind == VK::Int || k->kind == VK::Bool) || !k->known) return false;
      for (const auto& x : v->items)
        if (!Expressible(x, f, depth + 1)) return false;
      return true;
    case VK::Unknown: case VK::Ellipsis: case VK::Slice: case VK::Function: case VK::Builtin:
    case VK::BoundMethod: case VK::Class: case VK::Module: case VK::Wrapper: case VK::Marker: return false;
  }
  return false;
}

void Tracer::MarkMutation(const ValuePtr& target, const std::string& what, Range where) {
  JournalWrite(target);  // a rolled-loop probe may undo it
  for (Frame* f : frames) {
    if (f->eager || target->born >= f->seg_born) continue;
    f->stmt_eager = true;
    if (f->stmt_eager_reason.empty()) {
      f->stmt_eager_reason = what + " made before this code: a Python-side change a kernel cannot make";
      f->stmt_eager_range = f == frames.back() ? where : Range{};
    }
  }
}

bool Tracer::LiveAfter(Frame& f, int index, const std::string& name) {
  if (f.block) return true;  // a loop body: the next iteration or the code after the loop may read it
  if (f.loads_per_stmt.empty() && f.def) {
    for (const auto& s : f.def->body) f.loads_per_stmt.push_back(NamesLoaded(*s));
  }
  for (size_t i = index + 1; i < f.loads_per_stmt.size(); ++i)
    if (f.loads_per_stmt[i].count(name)) return true;
  return false;
}

void Tracer::SegStmtBegin(Frame& f, int index) {
  if (!f.seg.open) {
    f.seg = SegState{};
    f.seg.open = true;
    f.seg.stmt_begin = f.seg.stmt_end = index;
    f.seg.tape_begin = f.seg.tape_end = tape.size();
    f.seg.start_locals = f.locals->vars;
    f.seg_out_values.clear();
    f.seg_born = BornNow();
  }
  f.cur_stmt = index;
  // The statement's writes into values from before it, for a segment that
  // ends before it (SegStmtEnd).
  OpenJournal();
  f.stmt_journal = heap_journal.size();
  f.stmt_journal_levels = journal_levels.size();
  f.stmt_broke = f.stmt_eager = f.stmt_listed = f.stmt_cond_compiled = false;
  f.stmt_eager_reason.clear();
  f.stmt_eager_range = Range{};
  f.stmt_saved_seg = false;
  f.stmt_tape_begin = tape.size();
  f.stmt_assigned.clear();
  f.stmt_writebacks.clear();
  f.stmt_reads.clear();
  f.stmt_global_reads.clear();
  f.child_segs.clear();
}

void Tracer::SegStmtEnd(Frame& f, int index, Flow flow) {
  // `break` and `continue` leave the block: the interpreter must run them.
  bool ok = opts.build_segments && !f.stmt_broke && !f.stmt_eager && flow != Flow::Break && flow != Flow::Continue;
  std::string why = f.stmt_eager_reason;
  if (why.empty() && (flow == Flow::Break || flow == Flow::Continue))
    why = "`break` or `continue` leaves the loop here, which the interpreter does";
  if (ok && flow != Flow::Return) {
    for (const auto& name : f.stmt_assigned) {
      auto it = f.locals->vars.find(name);
      if (it != f.locals->vars.end() && !Expressible(it->second, f) && LiveAfter(f, index, name)) {
        ok = false;
        why = "`" + name + "` holds " + Describe(*it->second) + " here, which a compiled segment cannot hand back";
        break;
      }
    }
  }
  if (ok && flow == Flow::Return && (!f.ret || !Expressible(f.ret, f))) {
    ok = false;
    why = "the function returns " + (f.ret ? Describe(*f.ret) : std::string("a value known only at run time")) +
          ", which a compiled segment cannot hand back";
  }
  if (ok) {
    f.child_segs.clear();  // the callees' ops are part of this segment
    for (auto& wb : f.stmt_writebacks) f.seg.writebacks.push_back(std::move(wb));
    f.stmt_writebacks.clear();
    f.seg.stmt_end = index + 1;
    f.seg.tape_end = tape.size();
    for (const auto& n : f.stmt_reads)
      if (!f.seg.assigned.count(n)) f.seg.reads.insert(n);
    f.seg.global_reads.insert(f.stmt_global_reads.begin(), f.stmt_global_reads.end());
    for (const auto& n : f.stmt_assigned) {
      f.seg.assigned.insert(n);
      auto it = f.locals->vars.find(n);
      if (it != f.locals->vars.end()) f.seg_out_values[n] = it->second;
    }
    if (flow == Flow::Return) {
      f.seg.returned = true;
      f.seg.return_value = f.ret;
      SegClose(f);
    }
    CloseStmtJournal(f);
    return;
  }
  // The statement runs eagerly: the interpreter will run its callees, so
  // their segments are kept; the segment so far ends before it.
  if (opts.build_segments) {
    Range where = f.stmt_eager_range.begin.valid() ? f.stmt_eager_range : f.Body()[index]->range;
    if (why.empty()) why = "this statement runs in the interpreter";
    NoteUncompiled(f, f.stmt_tape_begin, tape.size(), where, why, f.stmt_broke || f.stmt_listed);
    const ast::Stmt& st = *f.Body()[index];
    std::string what = st.kind == ast::StmtKind::ForStmt || st.kind == ast::StmtKind::WhileStmt ? "this loop"
                       : st.kind == ast::StmtKind::IfStmt                                      ? "this `if`"
                       : st.kind == ast::StmtKind::WithStmt                                    ? "this `with`"
                       : st.kind == ast::StmtKind::TryStmt                                     ? "this `try`"
                                                                                               : "";
    if (f.stmt_broke && !what.empty() && !uncompiled.empty() && uncompiled.back().tape_begin == f.stmt_tape_begin) {
      uncompiled.back().range = st.range;
      uncompiled.back().whole_statement =
          f.stmt_cond_compiled
              ? "the branch this `if` takes runs in the interpreter: the graph before it computes the test, the "
                "break is its bool conversion, and the graph resumes only after the `if`"
              : what + " runs in the interpreter: a graph break inside it ends the graph, which resumes only after it";
    }
  }
  for (auto& s : f.child_segs) f.closed.push_back(std::move(s));
  f.child_segs.clear();
  // The segment so far ends before this statement: what it hands back (a
  // list the statement then appends to or pops from, a tensor it updated in
  // place) is as it left it.
  if (f.stmt_saved_seg) {
    f.seg_out_values = std::move(f.stmt_saved_out_values);
    for (size_t i = 0; i < f.seg.writebacks.size() && i < f.stmt_saved_wb_values.size(); ++i)
      f.seg.writebacks[i].value = f.stmt_saved_wb_values[i];
    f.stmt_saved_seg = false;
  }
  WithWritesUndone(f.stmt_journal, [&] {
    SegClose(f);
    if (opts.build_segments) SegInterpretStmt(f, index);
  });
  CloseStmtJournal(f);
}

void Tracer::CloseStmtJournal(Frame& f) {
  while (journal_levels.size() >= f.stmt_journal_levels && !journal_levels.empty()) CloseJournal();
}

namespace {
// A value that is views (static shapes) all the way down to an input: handed
// back as a view of that very input, as torch would. With `of_output`, down
// to any value that is not a view: handed back as a view of that value, made
// a kernel output.
bool ViewOfInput(graph::Graph& g, graph::ValueId id, OutValue& out, bool of_output = false) {
  std::vector<OutValue::ViewStep> steps;
  graph::ValueId cur = id;
  while (g.nodes[cur].op != graph::OpKind::Input) {
    const graph::Node& n = g.nodes[cur];
    if (of_output && !graph::SharesStorage(n.op)) break;
    if (!graph::SharesStorage(n.op) || n.inputs.empty()) return false;
    OutValue::ViewStep st{n.op, n.attrs, {}};
    for (const auto& d : n.type.shape) {
      if (!d.is_static()) return false;
      st.shape.push_back(d.size);
    }
    steps.push_back(std::move(st));
    cur = n.inputs[0];
  }
  if (g.nodes[cur].type.dtype != g.nodes[id].type.dtype) return false;
  out.kind = OutValue::Kind::View;
  out.index = g.nodes[cur].attrs.index;
  if (of_output) {
    if (steps.empty() || g.nodes[cur].op == graph::OpKind::Input) return false;
    auto pos = std::find(g.outputs.begin(), g.outputs.end(), cur);
    out.index = static_cast<int>(pos - g.outputs.begin());
    if (pos == g.outputs.end()) g.outputs.push_back(cur);
    out.of_output = true;
  }
  out.views.assign(steps.rbegin(), steps.rend());
  return true;
}

struct OutContext {
  graph::Graph& g;
  std::unordered_map<const Value*, graph::ValueId>& ids;
  const PathMap& pm;
  int64_t seg_born;
  const ModuleState* module;  // the segment's: classes are named by its globals
  // the values tensors from before the segment were updated to in place
  // (`w.add_(1)`, `w.uniform_()`) -> those tensors: handing one back hands
  // back the tensor itself, as in torch (`return w.add_(1)` is `w`)
  std::unordered_map<const Value*, const Value*> updated_in_place;
};

bool ToOutValue(const ValuePtr& v, OutContext& cx, OutValue& out, int depth = 0) {
  if (depth > 32) return false;
  bool older = v->born < cx.seg_born;
  switch (v->kind) {
    case VK::Tensor: {
      auto it = cx.ids.find(v.get());
      if (auto u = cx.updated_in_place.find(v.get()); u != cx.updated_in_place.end()) it = cx.ids.find(u->second);
      if (it == cx.ids.end()) return false;
      if (cx.g.nodes[it->second].op == graph::OpKind::Input) {  // passed through: the object itself
        out.kind = OutValue::Kind::Input;
        out.index = cx.g.nodes[it->second].attrs.index;
        return true;
      }
      if (ViewOfInput(cx.g, it->second, out)) return true;
      if (ViewOfInput(cx.g, it->second, out, true)) return true;
      auto pos = std::find(cx.g.outputs.begin(), cx.g.outputs.end(), it->second);
      out.kind = OutValue::Kind::Tensor;
      out.index = static_cast<int>(pos - cx.g.outputs.begin());
      if (pos == cx.g.outputs.end()) cx.g.outputs.push_back(it->second);
      return true;
    }
    case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str: case VK::DType:
      if (!v->known) return false;
      out.kind = OutValue::Kind::Const;
      out.const_json = ScalarJson(*v);
      return true;
    case VK::Set:
      if (!older) {
        if (!v->known) return false;
        out.kind = OutValue::Kind::Set;
        for (const auto& x : v->items) {
          OutValue o;
          if (!ToOutValue(x, cx, o, depth + 1)) return false;
          out.items.push_back(std::move(o));
        }
        return true;
      }
      [[fallthrough]];
    case VK::List: case VK::Object:
      if (older) {  // from before the segment: the very object, found by its path
        auto it = cx.pm.visited.find(v.get());
        if (it == cx.pm.visited.end()) return false;
        out.kind = OutValue::Kind::Path;
        out.path = it->second;
        return true;
      }
      if (v->kind == VK::Object) {
        out.kind = OutValue::Kind::Object;
        out.class_name = v->cls && v->cls->module == cx.module ? ClassGlobal(*v->cls) : "";
        if (out.class_name.empty()) return false;
        out.class_module = v->cls->module->name;
        for (const auto& [k, x] : v->attrs) {
          OutValue o;
          if (!ToOutValue(x, cx, o, depth + 1)) return false;
          out.keys.push_back(k);
          out.items.push_back(std::move(o));
        }
        return true;
      }
      [[fallthrough]];
    case VK::Tuple:
      if (!v->known) return false;
      out.kind = v->kind == VK::Tuple ? OutValue::Kind::Tuple : OutValue::Kind::List;
      if (v->kind == VK::Tuple && !v->keys.empty())  // a named tuple
        for (const auto& k : v->keys) out.keys.push_back(k->s);
      if (v->kind == VK::Tuple) out.class_name = v->class_name;  // a named tuple's type, or torch.Size
      for (const auto& x : v->items) {
        OutValue o;
        if (!ToOutValue(x, cx, o, depth + 1)) return false;
        out.items.push_back(std::move(o));
      }
      return true;
    case VK::Dict:
      if (older) {  // the very dict, found by its path
        auto it = cx.pm.visited.find(v.get());
        if (it == cx.pm.visited.end()) return false;
        out.kind = OutValue::Kind::Path;
        out.path = it->second;
        return true;
      }
      out.kind = OutValue::Kind::Dict;
      for (size_t i = 0; i < v->keys.size(); ++i) {
        const Value& k = *v->keys[i];
        if (!(k.kind == VK::Str || k.kind == VK::Int || k.kind == VK::Bool) || !k.known) return false;
        OutValue o;
        if (!ToOutValue(v->items[i], cx, o, depth + 1)) return false;
        out.keys.push_back(ScalarJson(k));
        out.items.push_back(std::move(o));
      }
      return true;
    case VK::Unknown: case VK::Ellipsis: case VK::Slice: case VK::Function: case VK::Builtin:
    case VK::BoundMethod: case VK::Class: case VK::Module: case VK::Wrapper: case VK::Marker: return false;
  }
  return false;
}
}  // namespace

void Tracer::SegClose(Frame& f) {
  SegState& s = f.seg;
  if (!s.open) return;
  s.open = false;
  if (s.stmt_end < s.stmt_begin || (s.stmt_end == s.stmt_begin && !s.cond) || !f.def) return;
  // No tensor op: an `interpret` segment, guards only, so that a call this
  // specialisation covers runs in the interpreter as expected, not as a
  // guard failure of the other specialisations here (compiler/plan_writer/plan_json.cpp; build
  // keeps it only where a kernel segment shares its statement).
  const bool no_ops = s.tape_end <= s.tape_begin;
  if (no_ops && s.cond) return;

  PathMap pm;
  for (const auto& name : s.reads) {
    auto it = s.start_locals.find(name);
    if (it != s.start_locals.end()) WalkPaths(name, it->second, pm);
  }
  if (f.module) {
    for (const auto& name : s.global_reads) {
      if (s.start_locals.count(name)) continue;
      auto it = f.module->globals->vars.find(name);
      if (it != f.module->globals->vars.end()) WalkPaths(name, it->second, pm);
    }
  }
  // Tensors updated in place: the segment reads them by their path at its start
  // (the tracer has since moved every reference to the new value).
  for (const auto& wb : s.writebacks)
    if (pm.paths.emplace(wb.tensor.get(), wb.path).second) pm.keep.push_back(wb.tensor);
  Segment seg;
  seg.graph.file = f.module ? f.module->file : nullptr;
  seg.tape_begin = s.tape_begin;
  seg.tape_end = s.tape_end;
  if (no_ops) {
    seg.interpret = true;
    seg.unplanned = true;
    AddGuards(*this, pm, seg);
    FinishSegment(f, seg);
    return;
  }
  // A segment that cannot be formed runs in the interpreter: say where and why.
  auto fail = [&](const std::string& why) {
    Range where{f.Body()[s.stmt_begin]->range.begin, f.Body()[std::max(s.stmt_end - 1, s.stmt_begin)]->range.end};
    NoteUncompiled(f, s.tape_begin, s.tape_end, where, why, false);
  };
  std::unordered_map<const Value*, graph::ValueId> ids;
  std::vector<ValuePtr> input_values;
  bool ok = BuildGraph(*this, s.tape_begin, s.tape_end, [&](const ValuePtr& v) {
    auto it = pm.paths.find(v.get());
    return it == pm.paths.end() ? std::string() : it->second;
  }, seg.graph, ids, seg.inputs, seg.scalar_inputs, input_values);
  if (!ok) return fail(MissingInputReason(*this, s.tape_begin, s.tape_end, pm));

  // Outputs: the return value, or the names later statements read.
  // A tensor an output holds that the segment did not compute (`y = x`,
  // `return x, h`) is read as an input and passed through.
  std::function<void(const ValuePtr&, int)> pass_through = [&](const ValuePtr& v, int depth) {
    if (depth > 8) return;
    if (v->kind == VK::Tensor && !ids.count(v.get()) && pm.paths.count(v.get())) {
      graph::Node n;
      n.op = graph::OpKind::Input;
      n.type = v->type;
      n.type.shape = syms.Resolve(n.type.shape);
      n.name = pm.paths[v.get()];
      n.attrs.index = static_cast<int32_t>(seg.inputs.size());
      seg.inputs.push_back(n.name);
      ids[v.get()] = seg.graph.Add(n);
    } else if (v->born < f.seg_born &&
               (v->kind == VK::List || v->kind == VK::Object || v->kind == VK::Dict || v->kind == VK::Set)) {
      return;  // handed back by its path, whole
    } else if (v->kind == VK::Tuple || v->kind == VK::List || v->kind == VK::Dict) {
      for (const auto& x : v->items) pass_through(x, depth + 1);
    } else if (v->kind == VK::Object) {
      for (const auto& [k, x] : v->attrs) pass_through(x, depth + 1);
    }
  };
  OutContext cx{seg.graph, ids, pm, f.seg_born, f.module, {}};
  for (const auto& wb : s.writebacks) {
    pass_through(wb.tensor, 0);
    cx.updated_in_place[wb.value.get()] = wb.tensor.get();
  }
  if (s.returned) {
    SegmentOutput o{plan::kReturnTarget, {}};
    pass_through(s.return_value, 0);
    if (!ToOutValue(s.return_value, cx, o.value))
      return fail("the function returns " + Describe(*s.return_value) + ", which a compiled segment cannot hand back");
    seg.outputs.push_back(o);
  } else {
    for (const auto& [name, v] : f.seg_out_values) {
      if (!LiveAfter(f, s.stmt_end - 1, name)) continue;
      SegmentOutput o{name, {}};
      pass_through(v, 0);
      if (!ToOutValue(v, cx, o.value))
        return fail("`" + name + "` holds " + Describe(*v) + ", which a compiled segment cannot hand back");
      seg.outputs.push_back(o);
    }
  }
  if (s.cond) {
    SegmentOutput o{plan::kCondTarget, {}};
    pass_through(s.cond, 0);
    if (!ToOutValue(s.cond, cx, o.value)) return fail("the `if` test " + Describe(*s.cond) + " cannot be handed back");
    seg.outputs.push_back(o);
  }
  for (const auto& wb : s.writebacks) {
    pass_through(wb.tensor, 0);  // a tensor overwritten without being read (`x.zero_()`, `x.copy_(y)`) is still an input
    auto in = ids.find(wb.tensor.get()), out = ids.find(wb.value.get());
    if (in == ids.end() || seg.graph.nodes[in->second].op != graph::OpKind::Input || out == ids.end())
      return fail("an in-place update of `" + wb.path + "` that the kernel cannot write back");
    Segment::Writeback w;
    w.input = seg.graph.nodes[in->second].attrs.index;
    auto pos = std::find(seg.graph.outputs.begin(), seg.graph.outputs.end(), out->second);
    w.output = static_cast<int>(pos - seg.graph.outputs.begin());
    if (pos == seg.graph.outputs.end()) seg.graph.outputs.push_back(out->second);
    seg.writebacks.push_back(w);
  }
  // Dead ops: values no output needs (`max(x, 1).values` leaves the argmax).
  {
    std::vector<uint8_t> live(seg.graph.nodes.size(), 0);
    for (graph::ValueId o : seg.graph.outputs) live[o] = 1;
    for (size_t i = seg.graph.nodes.size(); i-- > 0;) {
      if (graph::HasSideEffect(seg.graph.nodes[i].op)) live[i] = 1;
      if (live[i])
        for (graph::ValueId in : seg.graph.nodes[i].inputs) live[in] = 1;
    }
    seg.dead.assign(s.tape_end - s.tape_begin, 0);
    for (size_t i = s.tape_begin; i < s.tape_end; ++i) {
      auto it = ids.find(tape[i].out.get());
      if (it != ids.end() && !live[it->second]) seg.dead[i - s.tape_begin] = 1;
    }
  }
  AddGuards(*this, pm, seg);
  FinishSegment(f, seg);
}

void Tracer::SegInterpretStmt(Frame& f, int index) {
  if (!f.def) return;
  // The heap is as the statement found it (SegStmtEnd undid its writes); a
  // local it assigned holds its new value, so only the others are guarded.
  PathMap pm;
  for (const auto& name : f.stmt_reads) {
    if (f.stmt_assigned.count(name)) continue;
    auto it = f.locals->vars.find(name);
    if (it != f.locals->vars.end()) WalkPaths(name, it->second, pm);
  }
  if (f.module) {
    for (const auto& name : f.stmt_global_reads) {
      if (f.locals->vars.count(name)) continue;
      auto it = f.module->globals->vars.find(name);
      if (it != f.module->globals->vars.end()) WalkPaths(name, it->second, pm);
    }
  }
  Segment seg;
  seg.graph.file = f.module ? f.module->file : nullptr;
  seg.tape_begin = seg.tape_end = tape.size();
  seg.interpret = true;
  AddGuards(*this, pm, seg);
  SegState saved = f.seg;
  f.seg = SegState{};
  f.seg.stmt_begin = index;
  f.seg.stmt_end = index + 1;
  FinishSegment(f, seg);
  f.seg = std::move(saved);
}

void Tracer::SegFinishFrame(Frame& f, Frame* caller) {
  if (f.eager) return;
  SegClose(f);
  if (caller && !caller->eager && caller->def) {
    for (auto& s : f.closed) caller->child_segs.push_back(std::move(s));
    f.closed.clear();
    return;
  }
  // An entry: its segments run whenever the interpreter runs it.
  for (auto& s : f.closed) {
    DropStoreGuards(s);
    nlohmann::json key = {s.module, s.function, s.def_line, s.block, s.stmt_begin, s.stmt_end, s.cond, s.inputs, s.scalar_inputs};
    for (const auto& g : s.guards) {
      std::string gk = g.path + ":" + plan::Spelling(g.kind) + ":" + g.value_json + ":";
      for (const auto& d : g.shape) gk += d + ",";
      gk += DTypeSpelling(g.type.dtype);
      // the specialisation's guards, each once (explain --guards)
      if (spec >= 0 && spec_guard_keys[spec].insert(gk).second) result.specs[spec].guards.push_back(g);
      key.push_back(std::move(gk));
    }
    MarkCovered(s);
    key.push_back(s.interpret);
    key.push_back(s.unplanned);
    if (!segment_keys.insert(key.dump()).second) continue;
    if (!s.interpret) s.kernel = "tcc_kernel_" + std::to_string(kernel_counter++);
    s.graph.name = s.kernel;
    result.segments.push_back(std::move(s));
  }
  f.closed.clear();
}

}  // namespace tcc::trace
