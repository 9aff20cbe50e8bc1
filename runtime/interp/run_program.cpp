// Implements RunProgram: compile, attach the plan, run the main module on a
// thread with a large stack, and report run-time errors with a traceback.
#include <pthread.h>

#include <cstdlib>
#include <iostream>
#include <new>

#include <nlohmann/json.hpp>

#include "interp/autograd.h"
#include "interp/compile.h"
#include "interp/interp.h"
#include "interp/interpreter.h"
#include "interp/plan.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

namespace {

constexpr size_t kStackBytes = size_t(256) << 20;  // virtual; pages are touched only when used

void Report(const TsError& e, const std::vector<TraceEntry>& trace, std::ostream& err, const RunConfig& cfg) {
  Diagnostic d{e.kind, Severity::Error, e.message, e.file, e.range, e.hint, {}};
  if (!d.file && !trace.empty()) {
    d.file = trace.front().file;
    d.range = trace.front().range;
  }
  if (cfg.json_diagnostics) {
    for (const TraceEntry& t : trace) d.notes.push_back({"in `" + t.function + "`", t.file, t.range});
    nlohmann::json j = {{"diagnostics", nlohmann::json::array({ToJson(d)})}};
    err << j.dump(2) << '\n';
    return;
  }
  RenderText(d, err, cfg.color);
  if (trace.empty()) return;
  err << "traceback (most recent call first):\n";
  // Deep recursion: the first 10 and the last 5 frames.
  const size_t n = trace.size();
  for (size_t i = 0; i < n; ++i) {
    if (n > 20 && i == 10) {
      err << "  ... " << (n - 15) << " more frames ...\n";
      i = n - 6;
      continue;
    }
    const TraceEntry& t = trace[i];
    err << "  at " << t.function << " (" << (t.file ? t.file->display_name() : "?");
    if (t.range.begin.valid()) err << ':' << t.range.begin.line << ':' << t.range.begin.col;
    err << ")\n";
  }
}

struct Job {
  const ast::Program* program;
  const RunConfig* config;
  int result = 0;
};

int Run(const ast::Program& program, const RunConfig& cfg) {
  std::ostream& out = cfg.out ? *cfg.out : std::cout;
  std::ostream& err = cfg.err ? *cfg.err : std::cerr;
  Interp in(out, cfg.argv);
  SetTapeEnabled(ast::UsesAutograd(program));
  in.SetProgram(cfg.program);
  in.SetWarnings(&err, cfg.color);
  std::string stats_path = cfg.stats_path;
  if (stats_path.empty()) {
    const char* env = std::getenv("TCC_STATS");
    if (env) stats_path = env;
  }
  if (!stats_path.empty()) in.stats().Enable(cfg.plan_json.empty() ? "eager" : "compiled");
  // At every exit once the program has started (also after a run-time error).
  auto finish = [&](int code) {
    out.flush();
    if (!stats_path.empty()) in.stats().Write(stats_path, err);
    return code;
  };
  std::vector<ModuleCode*> codes;
  try {
    for (const auto& m : program.modules) {
      auto code = CompileModule(*m.module, m.name);
      codes.push_back(code.get());
      in.AddModule(std::move(code));
    }
  } catch (const TsError& e) {
    out.flush();
    Report(e, {}, err, cfg);
    return 1;
  }
  std::optional<Plan> plan;
  if (!cfg.plan_json.empty()) {
    std::string error;
    plan = ParsePlan(cfg.plan_json, cfg.kernels, cfg.n_kernels, &error);
    if (!plan) {
      err << "tcc: internal error: " << error << "\n";
      return 3;
    }
    if (!AttachPlan(*plan, codes, &error)) err << "tcc: warning: " << error;
    in.SetPlan(&*plan);
  }
  auto fail = [&](const TsError& e) {
    out.flush();
    if (std::optional<int> status = SystemExitStatus(e, err)) return finish(*status);
    Report(e, in.unwound(), err, cfg);
    return finish(1);
  };
  try {
    in.Import(program.modules.front().name);
  } catch (const TsError& e) {
    return fail(e);
  } catch (const rt::TensorError& e) {
    try {
      RethrowTensorError(e);
    } catch (const TsError& te) {
      return fail(te);
    }
  } catch (const std::bad_alloc&) {
    return fail(TsError(DiagKind::RtValueError, "out of memory", "the tensors are too large for this machine"));
  }
  return finish(0);
}

void* RunThread(void* arg) {
  auto* job = static_cast<Job*>(arg);
  try {
    job->result = Run(*job->program, *job->config);
  } catch (const std::exception& e) {
    (job->config->err ? *job->config->err : std::cerr)
        << "tcc: internal error: " << e.what() << "\nThis is a bug in tcc; please report it with the input that caused it.\n";
    job->result = 3;
  }
  return nullptr;
}

}  // namespace

int RunProgram(const ast::Program& program, const RunConfig& config) {
  if (program.modules.empty()) return 0;
  Job job{&program, &config};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  pthread_t thread;
  if (pthread_create(&thread, &attr, RunThread, &job) != 0) {
    pthread_attr_destroy(&attr);
    RunThread(&job);  // fall back to the calling thread
    return job.result;
  }
  pthread_attr_destroy(&attr);
  pthread_join(thread, nullptr);
  return job.result;
}

}  // namespace tcc::interp
