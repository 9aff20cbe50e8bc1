// Implements the access paths and guards of execution-plan segments
// (segment_paths.h): every value a segment reads is named by a path valid at
// its start ("self.fc.weight", "xs[2]"), and everything it assumed about
// what it reached becomes a guard.
#include "trace/segment_paths.h"

#include <algorithm>
#include <functional>
#include <set>

#include <nlohmann/json.hpp>

namespace tcc::trace {

namespace {
std::string DimName(const Dim& d) { return d.is_static() ? std::to_string(d.size) : "s" + std::to_string(d.sym); }

}  // namespace

// Every value reachable from `path`, at any depth (cycles and shared parts are
// walked once; the budget bounds huge structures).
void WalkPaths(const std::string& path, const ValuePtr& v, PathMap& pm) {
  if (!v || pm.budget == 0) return;
  --pm.budget;
  switch (v->kind) {
    case VK::Tensor: case VK::Int: case VK::Float: case VK::Bool: case VK::Str: case VK::None:
      if (v->kind == VK::Tensor || !v->known) {
        auto [it, added] = pm.paths.emplace(v.get(), path);
        if (added) pm.keep.push_back(v);
        else if (v->kind == VK::Tensor && it->second != path) pm.aliases.emplace_back(path, it->second);
      } else {
        pm.scalars.emplace_back(path, v);
      }
      return;
    case VK::List: case VK::Tuple: case VK::Object: {
      auto [it, added] = pm.visited.emplace(v.get(), path);
      if (!added) {
        if (v->kind != VK::Tuple && it->second != path) pm.aliases.emplace_back(path, it->second);
        return;
      }
      if (v->kind == VK::Object) {
        if (std::string id = DefinitionOf(*v); !id.empty()) pm.defs.emplace_back(path, plan::GuardKind::Class, id);
        for (const auto& [k, x] : v->attrs) {
          pm.attr_paths.push_back({path + "." + k, v.get(), k});
          WalkPaths(path + "." + k, x, pm);
        }
      } else {
        if (v->known) pm.lengths.emplace_back(path, v->items.size());
        for (size_t i = 0; i < v->items.size(); ++i) WalkPaths(path + "[" + std::to_string(i) + "]", v->items[i], pm);
      }
      return;
    }
    case VK::Dict: case VK::Set: {
      // A dict's entries by key (`params["wte.weight"]`, keys known str, int
      // or bool); a set has no paths into it, only its own.
      auto [it, added] = pm.visited.emplace(v.get(), path);
      if (!added) {
        if (it->second != path) pm.aliases.emplace_back(path, it->second);
        return;
      }
      if (!v->known) return;
      if (v->kind == VK::Set) {  // its items, when all are known scalars; else its length
        nlohmann::json items = nlohmann::json::array();
        for (const auto& x : v->items) {
          const bool scalar = x->known && (x->kind == VK::Str || x->kind == VK::Int || x->kind == VK::Float ||
                                           x->kind == VK::Bool || x->kind == VK::None);
          if (!scalar) return (void)pm.lengths.emplace_back(path, v->items.size());
          items.push_back(nlohmann::json::parse(ScalarJson(*x)));
        }
        pm.sets.emplace_back(path, items.dump());
        return;
      }
      pm.lengths.emplace_back(path, v->keys.size());
      for (size_t i = 0; i < v->keys.size() && i < v->items.size(); ++i) {
        const Value& k = *v->keys[i];
        if (!k.known || !(k.kind == VK::Str || k.kind == VK::Int || k.kind == VK::Bool)) continue;
        WalkPaths(path + "[" + (k.kind == VK::Bool ? std::to_string(int(k.b)) : ScalarJson(k)) + "]", v->items[i], pm);
      }
      return;
    }
    case VK::Function: case VK::Class: case VK::Wrapper:
      if (std::string id = DefinitionOf(*v); !id.empty()) pm.defs.emplace_back(path, plan::GuardKind::Def, id);
      return;
    case VK::DType:  // the traced code may bake it in (`x.to(dt)`): guarded by value
      pm.scalars.emplace_back(path, v);
      return;
    case VK::Unknown: case VK::Ellipsis: case VK::Slice: case VK::Builtin:
    case VK::BoundMethod: case VK::Module: case VK::Marker: return;
  }
}


std::string Tracer::PathAtSegmentStart(Frame& f, const ValuePtr& v) {
  PathMap pm;
  std::vector<std::string> names;
  for (const auto& [name, x] : f.seg.start_locals) names.push_back(name);
  std::sort(names.begin(), names.end());
  for (const auto& name : names) {
    WalkPaths(name, f.seg.start_locals[name], pm);
    if (auto it = pm.paths.find(v.get()); it != pm.paths.end()) return it->second;
  }
  if (f.module && f.module->globals)
    for (const auto& [name, x] : f.module->globals->vars) {
      if (f.seg.start_locals.count(name)) continue;
      WalkPaths(name, x, pm);
      if (auto it = pm.paths.find(v.get()); it != pm.paths.end()) return it->second;
    }
  return "";
}

// Why BuildGraph failed: the first op input of tape[b, e) that has no access path.
std::string MissingInputReason(Tracer& t, size_t b, size_t e, const PathMap& pm) {
  std::set<const Value*> made;
  std::function<bool(const ValuePtr&)> computable = [&](const ValuePtr& v) {  // a number made from reachable ones
    if ((v->is_number() && v->known) || pm.paths.count(v.get()) || made.count(v.get())) return true;
    if (!v->num_op) return false;
    for (const auto& x : v->num_args)
      if (!computable(x)) return false;
    return true;
  };
  for (size_t i = b; i < e; ++i) {
    const TapeOp& op = t.tape[i];
    for (const auto& in : op.inputs) {
      if (made.count(in.get()) || (in->is_number() && in->known)) continue;
      if (in->kind == VK::Tensor && !in->rank_known) return "a tensor of unknown rank reaches `" + std::string(graph::OpSpelling(op.op)) + "`";
      if (!computable(in))
        return "`" + std::string(graph::OpSpelling(op.op)) + "` reads " + Describe(*in) +
               " that is not reachable from the function's arguments or globals by attributes and indices";
    }
    if (!op.out->rank_known) return "the result of `" + std::string(graph::OpSpelling(op.op)) + "` has a rank known only at run time";
    made.insert(op.out.get());
  }
  return "its inputs cannot be named";
}

// Guards: every tensor and Python value reached from what the segment read.
void AddGuards(Tracer& t, const PathMap& pm, Segment& seg) {
  seg.attr_paths = pm.attr_paths;
  using GK = plan::GuardKind;
  auto add = [&](const std::string& path, GK kind, std::string value_json) {
    Guard g;
    g.path = path;
    g.kind = kind;
    g.value_json = std::move(value_json);
    seg.guards.push_back(std::move(g));
  };
  // Lengths first: a list that grew or shrank fails its length, not an item.
  for (const auto& [p, n] : pm.lengths) add(p, GK::Len, std::to_string(n));
  std::vector<std::pair<std::string, const Value*>> tensors;
  for (const auto& [v, p] : pm.paths) tensors.emplace_back(p, v);
  std::sort(tensors.begin(), tensors.end());
  for (const auto& [p, v] : tensors) {
    Guard g;
    g.path = p;
    if (v->kind == VK::Tensor) {
      g.kind = GK::Tensor;
      g.type = v->type;
      g.type.shape = t.syms.Resolve(g.type.shape);
      for (const auto& d : g.type.shape) {
        g.shape.push_back(DimName(d));
        if (auto m = t.syms.MaxOf(d)) g.shape.back() += "<=" + std::to_string(*m);  // checked by the guard
      }
    } else {
      continue;  // run-time numbers are scalar inputs, not assumptions
    }
    seg.guards.push_back(g);
  }
  // The graph reads an aliased tensor (or a tensor of an aliased object) once:
  // the alias itself is an assumption.
  for (const auto& [p, first] : pm.aliases) {
    Guard g;
    g.path = p;
    g.kind = GK::Same;
    g.same_as = first;
    seg.guards.push_back(g);
  }
  for (const auto& [p, items] : pm.sets) add(p, GK::Set, items);
  for (const auto& [p, kind, id] : pm.defs) add(p, kind, nlohmann::json(id).dump());
  for (const auto& [p, v] : pm.scalars) {
    if (v->kind == VK::DType) {
      add(p, GK::DType, nlohmann::json(graph::DTypeName(v->type.dtype)).dump());
      continue;
    }
    add(p, v->kind == VK::Float ? GK::Float : v->kind == VK::Bool ? GK::Bool : v->kind == VK::Str ? GK::Str
           : v->kind == VK::None ? GK::None : GK::Int,
        ScalarJson(*v));
  }
}

void FinishSegment(Frame& f, Segment& seg) {
  const SegState& s = f.seg;
  seg.module = f.module ? f.module->name : "main";
  seg.function = f.qualname;
  seg.def_line = f.def->name_loc.valid() ? f.def->name_loc.line : f.def->range.begin.line;
  seg.block = f.block_path;
  seg.stmt_begin = s.stmt_begin;
  seg.stmt_end = s.stmt_end;
  seg.cond = s.cond != nullptr;
  f.closed.push_back(std::move(seg));
}

}  // namespace tcc::trace
