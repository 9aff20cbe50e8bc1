// Implements reading the execution plan JSON and attaching its segments to
// compiled functions; also ts_rt_raise, through which kernels report errors.
#include "interp/plan.h"

#include <algorithm>
#include <functional>
#include <cctype>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <mutex>
#include <nlohmann/json.hpp>

#include "interp/objects.h"
#include "interp/tensor_value.h"
#include "semantics/dtype.h"
#include "semantics/ops.h"
#include "semantics/identity.h"

namespace tcc::interp {

namespace {

using json = nlohmann::json;

bool ParsePath(const std::string& text, PlanPath* out, std::string* error) {
  out->text = text;
  size_t i = 0;
  auto ident = [&]() {
    size_t b = i;
    // '#': names the parser gives comprehension variables (`i#2`)
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_' || text[i] == '#'))
      ++i;
    return text.substr(b, i - b);
  };
  out->root = ident();
  if (out->root.empty()) { *error = "bad path `" + text + "`"; return false; }
  while (i < text.size()) {
    if (text[i] == '.') {
      ++i;
      std::string a = ident();
      if (a.empty()) { *error = "bad path `" + text + "`"; return false; }
      out->steps.push_back({true, Intern(a), 0, {}, false});
    } else if (text[i] == '[' && i + 1 < text.size() && text[i + 1] == '"') {
      // a dict entry by a str key, as JSON text: `params["h.0.w"]`
      size_t j = i + 2;
      while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
      if (j + 1 >= text.size() || text[j + 1] != ']') { *error = "bad key in path `" + text + "`"; return false; }
      try {
        out->steps.push_back({false, -1, 0, json::parse(text.substr(i + 1, j - i)).get<std::string>(), true});
      } catch (...) {
        *error = "bad key in path `" + text + "`";
        return false;
      }
      i = j + 2;
    } else if (text[i] == '[') {
      size_t close = text.find(']', i);
      if (close == std::string::npos) { *error = "bad path `" + text + "`"; return false; }
      try {
        out->steps.push_back({false, -1, std::stoll(text.substr(i + 1, close - i - 1)), {}, false});
      } catch (...) {
        *error = "bad index in path `" + text + "`";
        return false;
      }
      i = close + 1;
    } else {
      *error = "bad path `" + text + "`";
      return false;
    }
  }
  return true;
}

// A float of the plan: a JSON number, or {"float": "inf" | "-inf" | "nan"}
// (JSON has no non-finite numbers; compiler/trace/value.cpp ScalarJson).
double PlanFloat(const json& j) {
  if (j.is_object()) {
    std::string s = j.at(plan::key::Float).get<std::string>();
    if (auto v = plan::NonFiniteOf(s)) return *v;
    throw std::runtime_error("bad float `" + s + "`");
  }
  return j.get<double>();
}

Value ConstOf(const json& j) {
  if (j.is_null()) return Value::None();
  if (j.is_object() && j.contains(plan::key::Float)) return Value::Float(PlanFloat(j));
  if (j.is_object() && j.contains(plan::key::DType)) {  // a dtype value (x.dtype handed back)
    const std::string name = j.at(plan::key::DType).get<std::string>();
    auto d = sem::DTypeFromName(name);
    if (!d) throw std::runtime_error("bad dtype `" + name + "`");
    return MakeDType(static_cast<rt::DType>(*d));
  }
  if (j.is_boolean()) return Value::Bool(j.get<bool>());
  if (j.is_number_integer()) return Value::Int(j.get<int64_t>());
  if (j.is_number()) return Value::Float(j.get<double>());
  if (j.is_string()) return MakeStr(j.get<std::string>());
  return Value::None();
}

// A view step of a `view` output value: the graph op's spelling.
PlanValue::ViewStep ParseViewStep(const json& js) {
  namespace k = plan::key;
  PlanValue::ViewStep st;
  const std::string op = js.at(k::Op).get<std::string>();
  using V = PlanValue::ViewStep;
  using sem::OpKind;
  static constexpr std::pair<OpKind, decltype(V::op)> kSteps[] = {
      {OpKind::Transpose, V::kTranspose}, {OpKind::Permute, V::kPermute}, {OpKind::Reshape, V::kReshape},
      {OpKind::Expand, V::kExpand},       {OpKind::Slice, V::kSlice},     {OpKind::Select, V::kSelect},
      {OpKind::Squeeze, V::kSqueeze},     {OpKind::Unsqueeze, V::kSqueeze}};  // squeezes: to the static result shape
  const std::optional<OpKind> kind = sem::OpKindOfSpelling(op);
  const auto* step = std::find_if(std::begin(kSteps), std::end(kSteps), [&](const auto& e) { return e.first == kind; });
  if (step == std::end(kSteps)) throw std::runtime_error("unknown view op `" + op + "`");
  st.op = step->second;
  st.axis = js.value(k::Axis, int64_t{0});
  st.axes = js.value(k::Axes, std::vector<int64_t>{});
  st.ints = js.value(k::Ints, std::vector<int64_t>{});
  st.shape = js.value(k::Shape, std::vector<int64_t>{});
  return st;
}

// A dim of a tensor guard: a size, or a symbol ("s0", bounded: "s0<=16").
PlanGuard::DimSpec ParseDim(const json& d, std::vector<std::string>& symbols) {
  if (!d.is_string()) return {d.get<int64_t>(), -1};
  std::string name = d.get<std::string>();
  int64_t max = -1;
  if (size_t le = name.find("<="); le != std::string::npos) {
    max = std::stoll(name.substr(le + 2));
    name.resize(le);
  }
  auto it = std::find(symbols.begin(), symbols.end(), name);
  int32_t id = static_cast<int32_t>(it - symbols.begin());
  if (it == symbols.end()) symbols.push_back(name);
  return {0, id, max};
}

void ParseValue(const json& j, PlanValue* out, int32_t* max_index) {
  namespace k = plan::key;
  const std::string kind = j.at(k::Kind).get<std::string>();
  const std::optional<plan::ValueKind> vk = plan::ParseValueKind(kind);
  if (!vk) throw std::runtime_error("unknown output value kind `" + kind + "`");
  out->kind = *vk;
  std::string error;
  switch (*vk) {
    case PlanValue::Kind::Tensor:
      out->index = j.at(k::Index).get<int32_t>();
      *max_index = std::max(*max_index, out->index + 1);
      return;
    case PlanValue::Kind::Input: out->index = j.at(k::Index).get<int32_t>(); return;
    case PlanValue::Kind::Const: out->constant = ConstOf(j.at(k::Value)); return;
    case PlanValue::Kind::Tuple: case PlanValue::Kind::List: case PlanValue::Kind::Set:
      if (j.contains(k::Fields))
        for (auto& f : j.at(k::Fields)) out->fields.push_back(Intern(f.get<std::string>()));
      out->tuple_name = j.value(k::Name, "");  // a named tuple's type, or torch.Size
      for (auto& item : j.at(k::Items)) {
        out->items.emplace_back();
        ParseValue(item, &out->items.back(), max_index);
      }
      return;
    case PlanValue::Kind::Object: case PlanValue::Kind::Dict: {
      const bool object = *vk == PlanValue::Kind::Object;
      if (object && !ParsePath(j.at(k::Class).get<std::string>(), &out->path, &error)) throw std::runtime_error(error);
      for (auto& item : j.at(object ? k::Attrs : k::Items)) {
        if (object) out->attrs.push_back(Intern(item.at(k::Key).get<std::string>()));
        else out->keys.push_back(ConstOf(item.at(k::Key)));
        out->items.emplace_back();
        ParseValue(item.at(k::Value), &out->items.back(), max_index);
      }
      return;
    }
    case PlanValue::Kind::View:
      out->of_output = j.contains(k::Output);
      out->index = j.at(out->of_output ? k::Output : k::Input).get<int32_t>();
      if (out->of_output) *max_index = std::max(*max_index, out->index + 1);
      for (auto& js : j.at(k::Views)) out->views.push_back(ParseViewStep(js));
      return;
    case PlanValue::Kind::Path:
      if (!ParsePath(j.at(k::Path).get<std::string>(), &out->path, &error)) throw std::runtime_error(error);
      return;
  }
}

// One guard; `symbols` numbers the symbolic sizes of the segment's guards.
std::optional<PlanGuard> ParseGuard(const json& jg, std::vector<std::string>& symbols, std::string* error) {
  namespace k = plan::key;
  PlanGuard g;
  if (!ParsePath(jg.at(k::Path).get<std::string>(), &g.path, error)) return std::nullopt;
  const std::string kind = jg.at(k::Kind).get<std::string>();
  const std::optional<plan::GuardKind> gk = plan::ParseGuardKind(kind);
  if (!gk) {
    *error = "unknown guard kind `" + kind + "`";
    return std::nullopt;
  }
  g.kind = *gk;
  switch (*gk) {
    case PlanGuard::Kind::Tensor:
      if (!rt::dtype_from_name(jg.at(k::DType).get<std::string>(), &g.dtype)) {
        *error = "unknown dtype in guard for `" + g.path.text + "`";
        return std::nullopt;
      }
      for (auto& d : jg.at(k::Shape)) g.shape.push_back(ParseDim(d, symbols));
      break;
    case PlanGuard::Kind::Int: case PlanGuard::Kind::Len: g.int_value = jg.at(k::Value).get<int64_t>(); break;
    case PlanGuard::Kind::Float: g.float_value = PlanFloat(jg.at(k::Value)); break;
    case PlanGuard::Kind::Bool: g.bool_value = jg.at(k::Value).get<bool>(); break;
    case PlanGuard::Kind::Str: case PlanGuard::Kind::Def: case PlanGuard::Kind::Class:
      g.str_value = jg.at(k::Value).get<std::string>();
      break;
    case PlanGuard::Kind::None: break;
    case PlanGuard::Kind::DType: {
      auto d = sem::DTypeFromName(jg.at(k::Value).get<std::string>());
      if (!d) throw std::runtime_error("bad dtype guard");
      g.int_value = static_cast<int64_t>(*d);
      break;
    }
    case PlanGuard::Kind::Set:
      for (const auto& item : jg.at(k::Value)) g.set_items.push_back(ConstOf(item));
      break;
    case PlanGuard::Kind::Same:
      if (!ParsePath(jg.at(k::As).get<std::string>(), &g.same_as, error)) return std::nullopt;
      break;
  }
  return g;
}

}  // namespace

std::optional<Plan> ParsePlan(const std::string& text, const ts_kernel_entry* kernels, int32_t n_kernels,
                              std::string* error) {
  namespace k = plan::key;
  Plan plan;
  try {
    json j = json::parse(text);
    if (!j.contains(k::Segments)) return plan;
    for (auto& js : j.at(k::Segments)) {
      Segment s;
      s.kernel = js.at(k::Kernel).get<std::string>();
      s.interpret = js.value(k::Interpret, false);
      s.unplanned = js.value(k::Unplanned, false);
      for (int32_t k = 0; k < n_kernels; ++k) {
        if (kernels[k].name && s.kernel == kernels[k].name) s.fn = kernels[k].fn;
      }
      if (!s.fn && !s.kernel.empty()) { *error = "the plan names kernel `" + s.kernel + "`, which the kernel table lacks"; return std::nullopt; }
      s.module = js.value(k::Module, "main");
      s.function = js.at(k::Function).get<std::string>();
      s.def_line = js.value(k::DefLine, 0u);
      s.block = js.value(k::Block, std::vector<int32_t>{});
      s.stmt_begin = js.at(k::StmtBegin).get<int32_t>();
      s.stmt_end = js.at(k::StmtEnd).get<int32_t>();
      s.ops = js.value(k::Ops, int64_t{0});
      std::vector<std::string> symbols;
      for (auto& jg : js.value(k::Guards, json::array())) {
        std::optional<PlanGuard> g = ParseGuard(jg, symbols, error);
        if (!g) return std::nullopt;
        s.guards.push_back(std::move(*g));
      }
      s.n_symbols = static_cast<int32_t>(symbols.size());
      for (auto& p : js.value(k::Inputs, json::array())) {
        s.inputs.emplace_back();
        if (!ParsePath(p.get<std::string>(), &s.inputs.back(), error)) return std::nullopt;
      }
      for (auto& p : js.value(k::ScalarInputs, json::array())) {
        s.scalar_inputs.emplace_back();
        if (!ParsePath(p.get<std::string>(), &s.scalar_inputs.back(), error)) return std::nullopt;
      }
      for (auto& jo : js.value(k::Outputs, json::array())) {
        PlanOutput o;
        o.target = jo.at(k::Target).get<std::string>();
        o.is_return = o.target == plan::kReturnTarget;
        o.is_cond = o.target == plan::kCondTarget;
        if (o.is_cond) s.cond = true;
        ParseValue(jo.at(k::Value), &o.value, &s.n_tensor_outputs);
        s.outputs.push_back(std::move(o));
      }
      for (auto& jw : js.value(k::Writebacks, json::array())) {
        PlanWriteback w{jw.at(k::Input).get<int32_t>(), jw.at(k::Output).get<int32_t>()};
        if (w.input < 0 || w.input >= static_cast<int32_t>(s.inputs.size()) || w.output < 0)
          throw std::runtime_error("writeback names no input or output");
        s.n_tensor_outputs = std::max(s.n_tensor_outputs, w.output + 1);
        s.writebacks.push_back(w);
      }
      plan.segments.push_back(std::move(s));
    }
  } catch (const std::exception& e) {
    *error = std::string("malformed execution plan: ") + e.what();
    return std::nullopt;
  }
  return plan;
}

namespace {

bool ResolveRoot(PlanPath& p, const FuncCode& f) {
  for (size_t i = 0; i < f.slot_names.size(); ++i) {
    if (f.slot_names[i] == p.root) {
      p.root_local = true;
      p.root_slot = static_cast<int32_t>(i);
      p.root_cell = std::find(f.cell_slots.begin(), f.cell_slots.end(), p.root_slot) != f.cell_slots.end();
      return true;
    }
  }
  p.root_local = false;
  p.root_slot = f.module->GlobalSlot(p.root);
  return true;
}

// The FuncCode or ClassCode a def/class guard names (lang/semantics/identity.h).
void ResolveDefinition(PlanGuard& g, const std::vector<ModuleCode*>& modules) {
  for (const ModuleCode* m : modules) {
    for (const auto& f : m->funcs)
      if (sem::DefIdentity(m->name, f->name, f->def_line) == g.str_value) g.func_code = f.get();
    for (const auto& c : m->classes)
      if (sem::DefIdentity(m->name, c->name, c->def_line) == g.str_value) g.class_code = c.get();
  }
}

}  // namespace

bool AttachPlan(Plan& plan, std::vector<ModuleCode*> modules, std::string* error) {
  bool ok = true;
  for (Segment& s : plan.segments) {
    FuncCode* target = nullptr;
    for (ModuleCode* m : modules) {
      if (m->name != s.module) continue;
      for (auto& f : m->funcs) {
        if (f->qualname == s.function && (s.def_line == 0 || f->def_line == s.def_line)) target = f.get();
      }
    }
    // The block: the body, or the body of the `for` that `block` leads to.
    std::vector<SPtr>* body = target ? &target->body : nullptr;
    std::vector<std::vector<const Segment*>>* at = target ? &target->segments_at : nullptr;
    for (int32_t k : s.block) {
      if (!body || k < 0 || k >= static_cast<int32_t>(body->size()) || (*body)[k]->k != SK::For) {
        body = nullptr;
        break;
      }
      SNode* loop = (*body)[k].get();
      body = &loop->body;
      at = &loop->segments_at;
    }
    const int32_t n = body ? static_cast<int32_t>(body->size()) : 0;
    if (!body || s.stmt_begin < 0 || s.stmt_begin > s.stmt_end || (s.stmt_begin == s.stmt_end && !s.cond) ||
        s.stmt_end > n || (s.cond && (s.stmt_end == n || ((*body)[s.stmt_end]->k != SK::If && (*body)[s.stmt_end]->k != SK::Assert)))) {
      if (error) *error += "plan segment `" + s.kernel + "` does not match function `" + s.function + "`\n";
      ok = false;
      continue;
    }
    for (auto& g : s.guards) {
      ResolveRoot(g.path, *target);
      if (g.kind == PlanGuard::Kind::Same) ResolveRoot(g.same_as, *target);
      if (g.kind == PlanGuard::Kind::Def || g.kind == PlanGuard::Kind::Class) ResolveDefinition(g, modules);
    }
    for (auto& p : s.inputs) ResolveRoot(p, *target);
    for (auto& p : s.scalar_inputs) ResolveRoot(p, *target);
    std::function<void(PlanValue&)> resolve_paths = [&](PlanValue& v) {
      if (v.kind == PlanValue::Kind::Object || v.kind == PlanValue::Kind::Path) ResolveRoot(v.path, *target);
      for (auto& x : v.items) resolve_paths(x);
    };
    for (auto& o : s.outputs) {
      resolve_paths(o.value);
      if (o.is_return || o.is_cond) continue;
      PlanPath p;
      p.root = o.target;
      ResolveRoot(p, *target);
      if (!p.root_local) {
        if (error) *error += "plan output `" + o.target + "` is not a local of `" + s.function + "`\n";
        ok = false;
      }
      o.slot = p.root_slot;
      o.slot_is_cell = p.root_cell;
    }
    s.func = target;
    at->resize(body->size());
    (*at)[s.stmt_begin].push_back(&s);
  }
  return ok;
}

KernelError& PendingKernelError() {
  static KernelError e;
  return e;
}

namespace {
std::mutex& KernelErrorMutex() {
  static std::mutex mu;
  return mu;
}
}  // namespace

}  // namespace tcc::interp

extern "C" void ts_rt_raise(const char* message, int32_t line, int32_t col) {
  // Kernels may raise from thread-pool workers.
  std::lock_guard<std::mutex> lock(tcc::interp::KernelErrorMutex());
  auto& e = tcc::interp::PendingKernelError();
  if (e.raised) return;  // keep the first
  e.raised = true;
  e.message = message ? message : "error in compiled code";
  e.line = line;
  e.col = col;
}
