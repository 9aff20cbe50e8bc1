// Implements the run statistics (stats.h): entries per (function, run-time
// signature), kernel and tensor-op counts, guard failures and their one-time
// warnings, and the JSON written for TCC_STATS.
#include "interp/stats.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "diagnostics/diagnostics.h"
#include "interp/interpreter.h"
#include "interp/plan.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

namespace {

std::string FileOf(const FuncCode* code) {
  return code && code->module && code->module->source ? code->module->source->display_name() : "";
}

std::string ValueSignature(const Value& v, int depth) {
  if (v.is_undef()) return "?";
  if (v.is_none()) return "None";
  if (v.is_bool()) return std::string("bool=") + (v.as_bool() ? "True" : "False");
  if (v.is_int()) return "int=" + std::to_string(v.as_int());
  if (v.is_float()) return "float=" + FormatFloat(v.as_float());
  if (v.is(OType::Str)) return "str=" + Repr(v);
  if (v.is(OType::Tensor)) {
    const rt::Tensor& t = TensorOf(v);
    std::string s = std::string(rt::dtype_name(t.dtype())) + "[";
    for (int d = 0; d < t.dim(); ++d) s += (d ? ", " : "") + std::to_string(t.sizes()[d]);
    return s + "]";
  }
  if (v.is(OType::Instance)) return v.as<InstanceObj>()->cls->name;
  if ((v.is(OType::List) || v.is(OType::Tuple)) && depth < 4) {
    const bool list = v.is(OType::List);
    const auto& items = list ? v.as<ListObj>()->items : v.as<TupleObj>()->items;
    std::string s = list ? "[" : "(";
    for (size_t i = 0; i < items.size() && i < 8; ++i) s += (i ? ", " : "") + ValueSignature(items[i], depth + 1);
    if (items.size() > 8) s += ", ... (" + std::to_string(items.size()) + " items)";
    return s + (list ? "]" : ")");
  }
  return TypeName(v);
}

nlohmann::ordered_json FailuresJson(const std::vector<GuardFailureStat>& fs) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto& g : fs)
    a.push_back({{"file", g.file}, {"line", g.line}, {"column", g.col}, {"guard", g.guard},
                 {"expected", g.expected}, {"saw", g.saw}, {"count", g.count}});
  return a;
}

nlohmann::ordered_json SitesJson(const std::vector<SiteStat>& sites) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto& s : sites)
    a.push_back({{"file", s.file}, {"line", s.line}, {"column", s.col}, {"end_line", s.end_line},
                 {"count", s.count}, {"interpreted_ops", s.interpreted_ops}, {"seconds", s.seconds}});
  return a;
}

}  // namespace

std::string DescribeValue(const Value& v) { return ValueSignature(v, 0); }

std::string RuntimeSignature(const FuncCode* code, const Value* slots) {
  std::string s = "(";
  for (size_t i = 0; i < code->params.size(); ++i) {
    if (i) s += ", ";
    s += SymName(code->params[i].sym) + ": " + ValueSignature(slots[code->params[i].slot], 0);
  }
  return s + ")";
}

RunStats::RunStats() { g_tensor_op_counter = &g_tensor_op_sink; }
RunStats::~RunStats() { g_tensor_op_counter = &g_tensor_op_sink; }

double RunStats::Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void RunStats::Enable(std::string mode) {
  enabled_ = true;
  start_ = Now();
  mode_ = std::move(mode);
  g_tensor_op_counter = &module_ops_;
}

EntryStats* RunStats::BeginEntry(const FuncCode* code, const Value* slots, const Frame& caller) {
  if (!enabled_ || current_ || constructor_depth_ > 0) return nullptr;
  auto key = std::make_pair(code, RuntimeSignature(code, slots));
  auto found = index_.find(key);
  // Past kMaxSignatures distinct signatures of one function (an int argument
  // that changes every call), further ones share one record.
  if (found == index_.end() && ++signatures_[code] > kMaxSignatures) {
    key.second = "(other signatures)";
    found = index_.find(key);
  }
  if (found == index_.end()) found = index_.emplace(key, nullptr).first;
  EntryStats*& e = found->second;
  if (!e) {
    e = &entries_.emplace_back();
    e->function = code->qualname;
    e->module = code->module ? code->module->name : "main";
    e->signature = key.second;
    e->file = FileOf(code);
    e->line = code->def_line;
    std::string from;
    if (caller.module && caller.module->code && caller.module->code->source)
      from = caller.module->code->source->display_name();
    if (caller.at) from += ":" + std::to_string(caller.at->begin.line);
    e->entered_from = from;
  }
  ++e->calls;
  current_ = e;
  entry_start_ = Now();
  g_tensor_op_counter = &e->interpreted_ops;
  return e;
}

void RunStats::EndEntry(EntryStats* e) {
  if (!e) return;
  e->seconds += Now() - entry_start_;
  stmt_depth_ = 0;  // a statement that threw is not ended
  current_ = nullptr;
  g_tensor_op_counter = &module_ops_;
}

void RunStats::CountKernel(const Segment& seg, double started) {
  if (!enabled_) return;
  double t = Now() - started;
  kernel_total_ += t;
  if (current_) current_->kernel_seconds += t;
  CountKernel(seg);
}

double RunStats::BeginStatement() {
  if (!enabled_ || !current_ || stmt_depth_++ > 0) return -1;
  stmt_kernel_before_ = kernel_total_;
  stmt_ops_before_ = current_->interpreted_ops;
  return Now();
}

void RunStats::EndStatement(double token, const std::string& file, Range range) {
  if (token < 0) {
    if (stmt_depth_ > 0) --stmt_depth_;
    return;
  }
  stmt_depth_ = 0;
  if (!current_) return;
  double t = Now() - token - (kernel_total_ - stmt_kernel_before_);
  if (t < 0) t = 0;
  SiteStat* site = nullptr;
  for (auto& s : current_->sites)
    if (s.line == range.begin.line && s.col == range.begin.col && s.file == file) site = &s;
  if (!site) {
    site = &current_->sites.emplace_back();
    site->file = file;
    site->line = range.begin.line;
    site->col = range.begin.col;
    site->end_line = std::max(range.begin.line, range.end.line);
  }
  ++site->count;
  site->seconds += t;
  site->interpreted_ops += current_->interpreted_ops - stmt_ops_before_;
  current_->interpreted_seconds += t;
}

void RunStats::CountKernel(const Segment& seg) {
  if (!enabled_) return;
  if (current_) {
    ++current_->kernel_launches;
    current_->kernel_ops += seg.ops;
  } else {
    ++module_kernel_launches_;
    module_kernel_ops_ += seg.ops;
  }
}

void RunStats::GuardFailure(const Segment& first, const GuardMismatch& why, size_t n_segments, std::ostream& err,
                            bool color) {
  const FuncCode* code = first.func;
  const SNode* stmt = code ? code->body[first.stmt_begin].get() : nullptr;
  const Loc at = stmt ? stmt->range.begin : Loc{};
  if (enabled_) {
    auto& list = current_ ? current_->guard_failures : module_guard_failures_;
    GuardFailureStat* rec = nullptr;
    for (auto& g : list)
      if (g.line == at.line && g.col == at.col && g.guard == why.guard && g.saw == why.saw) rec = &g;
    if (!rec) {
      rec = &list.emplace_back();
      *rec = GuardFailureStat{FileOf(code), at.line, at.col, why.guard, why.expected, why.saw, 0};
    }
    ++rec->count;
  }
  if (!warned_.insert(&first).second) return;
  const uint32_t last = code ? code->body[first.stmt_end - 1]->range.end.line : at.line;
  std::string lines = last > at.line ? "lines " + std::to_string(at.line) + "-" + std::to_string(last)
                                     : "line " + std::to_string(at.line);
  std::string msg = "compiled code for `" + first.function + "` did not run: guard `" + why.guard + "` expected " +
                    why.expected + ", saw " + why.saw + "; " + lines + " ran in the interpreter";
  if (n_segments > 1)
    msg += " (none of the " + std::to_string(n_segments) + " compiled specialisations here matched; the first is shown)";
  Diagnostic d{DiagKind::RtGuardFailed, Severity::Warning, msg, code && code->module ? code->module->source.get() : nullptr,
               stmt ? stmt->range : Range{}, "", {}};
  d.hint = "`tcc explain` lists the specialisations that were compiled; this warning is shown once per site, "
           "TCC_STATS=- counts every failure";
  RenderText(d, err, color);
}

std::string RunStats::Json() const {
  double entry_seconds = 0;
  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  for (const EntryStats& e : entries_) {
    entries.push_back({{"function", e.function},
                       {"module", e.module},
                       {"signature", e.signature},
                       {"file", e.file},
                       {"line", e.line},
                       {"entered_from", e.entered_from},
                       {"calls", e.calls},
                       {"kernel_launches", e.kernel_launches},
                       {"kernel_ops", e.kernel_ops},
                       {"interpreted_ops", e.interpreted_ops},
                       {"guard_failures", FailuresJson(e.guard_failures)},
                       {"seconds", e.seconds},
                       {"kernel_seconds", e.kernel_seconds},
                       {"interpreted_seconds", e.interpreted_seconds},
                       {"sites", SitesJson(e.sites)}});
    entry_seconds += e.seconds;
  }
  nlohmann::ordered_json j = {{"version", 1},
                      {"mode", mode_},
                      {"entries", entries},
                      {"module_ops", module_ops_},
                      {"module_kernel_launches", module_kernel_launches_},
                      {"module_kernel_ops", module_kernel_ops_},
                      {"module_guard_failures", FailuresJson(module_guard_failures_)},
                      {"run_seconds", enabled_ ? Now() - start_ : 0.0},
                      {"module_seconds", enabled_ ? std::max(0.0, Now() - start_ - entry_seconds) : 0.0}};
  // Strings come from the program (str arguments, paths): never throw on bad UTF-8.
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

bool RunStats::Write(const std::string& path, std::ostream& err) const {
  if (path == "-") {
    err << Json();
    err.flush();
    return true;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << Json();
  if (!out) {
    err << "tcc: warning: cannot write run statistics to `" << path << "` (TCC_STATS)\n";
    return false;
  }
  return true;
}

}  // namespace tcc::interp
