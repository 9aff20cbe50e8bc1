// Implements reading the execution plan JSON and attaching its segments to
// compiled functions; also ts_rt_raise, through which kernels report errors.
#include "interp/plan.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <nlohmann/json.hpp>

#include "interp/objects.h"

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
      out->steps.push_back({true, Intern(a), 0});
    } else if (text[i] == '[') {
      size_t close = text.find(']', i);
      if (close == std::string::npos) { *error = "bad path `" + text + "`"; return false; }
      try {
        out->steps.push_back({false, -1, std::stoll(text.substr(i + 1, close - i - 1))});
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

Value ConstOf(const json& j) {
  if (j.is_null()) return Value::None();
  if (j.is_boolean()) return Value::Bool(j.get<bool>());
  if (j.is_number_integer()) return Value::Int(j.get<int64_t>());
  if (j.is_number()) return Value::Float(j.get<double>());
  if (j.is_string()) return MakeStr(j.get<std::string>());
  return Value::None();
}

void ParseValue(const json& j, PlanValue* out, int32_t* max_index) {
  std::string kind = j.at("kind").get<std::string>();
  if (kind == "tensor") {
    out->kind = PlanValue::kTensor;
    out->index = j.at("index").get<int32_t>();
    *max_index = std::max(*max_index, out->index + 1);
  } else if (kind == "input") {
    out->kind = PlanValue::kInput;
    out->index = j.at("index").get<int32_t>();
  } else if (kind == "const") {
    out->kind = PlanValue::kConst;
    out->constant = ConstOf(j.at("value"));
  } else if (kind == "tuple" || kind == "list") {
    out->kind = kind == "tuple" ? PlanValue::kTuple : PlanValue::kList;
    for (auto& item : j.at("items")) {
      out->items.emplace_back();
      ParseValue(item, &out->items.back(), max_index);
    }
  } else {
    throw std::runtime_error("unknown output value kind `" + kind + "`");
  }
}

}  // namespace

std::optional<Plan> ParsePlan(const std::string& text, const ts_kernel_entry* kernels, int32_t n_kernels,
                              std::string* error) {
  Plan plan;
  try {
    json j = json::parse(text);
    if (!j.contains("segments")) return plan;
    for (auto& js : j.at("segments")) {
      Segment s;
      s.kernel = js.at("kernel").get<std::string>();
      for (int32_t k = 0; k < n_kernels; ++k) {
        if (kernels[k].name && s.kernel == kernels[k].name) s.fn = kernels[k].fn;
      }
      if (!s.fn) { *error = "the plan names kernel `" + s.kernel + "`, which the kernel table lacks"; return std::nullopt; }
      s.module = js.value("module", "main");
      s.function = js.at("function").get<std::string>();
      s.def_line = js.value("def_line", 0u);
      s.stmt_begin = js.at("stmt_begin").get<int32_t>();
      s.stmt_end = js.at("stmt_end").get<int32_t>();
      s.ops = js.value("ops", int64_t{0});
      std::vector<std::string> symbols;
      for (auto& jg : js.value("guards", json::array())) {
        PlanGuard g;
        if (!ParsePath(jg.at("path").get<std::string>(), &g.path, error)) return std::nullopt;
        std::string kind = jg.at("kind").get<std::string>();
        if (kind == "tensor") {
          g.kind = PlanGuard::kTensor;
          if (!rt::dtype_from_name(jg.at("dtype").get<std::string>(), &g.dtype)) {
            *error = "unknown dtype in guard for `" + g.path.text + "`";
            return std::nullopt;
          }
          for (auto& d : jg.at("shape")) {
            if (d.is_string()) {
              std::string name = d.get<std::string>();
              auto it = std::find(symbols.begin(), symbols.end(), name);
              int32_t id = static_cast<int32_t>(it - symbols.begin());
              if (it == symbols.end()) symbols.push_back(name);
              g.shape.push_back({0, id});
            } else {
              g.shape.push_back({d.get<int64_t>(), -1});
            }
          }
        } else if (kind == "int") { g.kind = PlanGuard::kInt; g.int_value = jg.at("value").get<int64_t>(); }
        else if (kind == "float") { g.kind = PlanGuard::kFloat; g.float_value = jg.at("value").get<double>(); }
        else if (kind == "bool") { g.kind = PlanGuard::kBool; g.bool_value = jg.at("value").get<bool>(); }
        else if (kind == "str") { g.kind = PlanGuard::kStr; g.str_value = jg.at("value").get<std::string>(); }
        else if (kind == "none") { g.kind = PlanGuard::kNone; }
        else if (kind == "same") {
          g.kind = PlanGuard::kSame;
          if (!ParsePath(jg.at("as").get<std::string>(), &g.same_as, error)) return std::nullopt;
        }
        else { *error = "unknown guard kind `" + kind + "`"; return std::nullopt; }
        s.guards.push_back(std::move(g));
      }
      s.n_symbols = static_cast<int32_t>(symbols.size());
      for (auto& p : js.value("inputs", json::array())) {
        s.inputs.emplace_back();
        if (!ParsePath(p.get<std::string>(), &s.inputs.back(), error)) return std::nullopt;
      }
      for (auto& p : js.value("scalar_inputs", json::array())) {
        s.scalar_inputs.emplace_back();
        if (!ParsePath(p.get<std::string>(), &s.scalar_inputs.back(), error)) return std::nullopt;
      }
      for (auto& jo : js.value("outputs", json::array())) {
        PlanOutput o;
        o.target = jo.at("target").get<std::string>();
        o.is_return = o.target == "<return>";
        ParseValue(jo.at("value"), &o.value, &s.n_tensor_outputs);
        s.outputs.push_back(std::move(o));
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
    const int32_t n = target ? static_cast<int32_t>(target->body.size()) : 0;
    if (!target || s.stmt_begin < 0 || s.stmt_begin >= s.stmt_end || s.stmt_end > n) {
      if (error) *error += "plan segment `" + s.kernel + "` does not match function `" + s.function + "`\n";
      ok = false;
      continue;
    }
    for (auto& g : s.guards) {
      ResolveRoot(g.path, *target);
      if (g.kind == PlanGuard::kSame) ResolveRoot(g.same_as, *target);
    }
    for (auto& p : s.inputs) ResolveRoot(p, *target);
    for (auto& p : s.scalar_inputs) ResolveRoot(p, *target);
    for (auto& o : s.outputs) {
      if (o.is_return) continue;
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
    target->segments_at.resize(target->body.size());
    target->segments_at[s.stmt_begin].push_back(&s);
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
