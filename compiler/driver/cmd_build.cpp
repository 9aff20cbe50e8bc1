// Implements `tcc build` and the build half of compiled `tcc run`:
//
//   LoadProgram -> TraceProgram (errors: exit 1) -> per segment graph:
//   passes (fold, cse, dce, fuse) -> LowerGraph -> one LLVM module with the
//   program descriptor and main() -> optimise -> object -> link with the
//   runtime libraries in <dir of tcc>/lib.
//
// A graph the backend cannot lower is dropped from the plan with a TS6001
// warning: its statements then run in the eager interpreter, which is always
// correct, only slower.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <tuple>
#include <sstream>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_os_ostream.h>
#include <llvm/Support/raw_ostream.h>
#include <nlohmann/json.hpp>

#include "ast/serialize.h"
#include "base/resources.h"
#include "codegen/codegen.h"
#include "codegen/stream_stores.h"
#include "codegen/dedupe.h"
#include "codegen/parallel.h"
#include "codegen/program.h"
#include "driver/build_output.h"
#include "plan_writer/plan_json.h"
#include "driver/commands.h"
#include "driver/phase_timer.h"
#include "graph/print.h"
#include "graph/verify.h"
#include "lower/lower.h"
#include "parse/load.h"
#include "passes/pipeline.h"
#include "plan_writer/plan_json.h"
#include "trace/trace.h"

#ifndef TCC_VERSION
#define TCC_VERSION "0.0.0"
#endif

namespace tcc::driver {

namespace {

namespace fs = std::filesystem;

// Renders everything but the accepted graph breaks (the summary line counts those).
void RenderNonBreak(const DiagnosticEngine& diags, const CommonOptions& common) {
  DiagnosticEngine shown;
  for (const Diagnostic& d : diags.diagnostics()) {
    if (d.severity != Severity::Error && std::string(InfoOf(d.kind).code).rfind("TS4", 0) == 0) continue;
    Diagnostic& c = shown.Report(d.kind, d.file, d.range, d.message);
    c.severity = d.severity;
    c.hint = d.hint;
    c.notes = d.notes;
  }
  Render(shown, common);
}

uint64_t Fnv1a(const std::string& s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string CacheDir() {
  if (const char* x = getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/tcc";
  if (const char* h = getenv("HOME"); h && *h) return std::string(h) + "/.cache/tcc";
  return (fs::temp_directory_path() / "tcc-cache").string();
}

// The identity of this tcc binary: its size and modification time.
std::string SelfStamp() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return TCC_VERSION;
  auto size = fs::file_size(self, ec);
  auto time = fs::last_write_time(self, ec).time_since_epoch().count();
  return std::string(TCC_VERSION) + ":" + std::to_string(size) + ":" + std::to_string(time);
}

// "2 graph breaks accepted: fn.ts:13 graph_break_call, ..."
std::string BreakSummary(const trace::TraceResult& tr) {
  std::string list;
  int sites = 0;
  for (const auto& b : tr.breaks) {
    if (b.error) continue;
    std::string name = b.file ? fs::path(b.file->display_name()).filename().string() : "?";
    list += (sites++ ? ", " : "") + name + ":" + std::to_string(b.range.begin.line) + " " + trace::BreakSlug(*b.brk);
    if (b.count > 1) list += " (x" + std::to_string(b.count) + ")";
  }
  int n = tr.graph_break_count();
  std::string s = std::to_string(n) + (n == 1 ? " graph break" : " graph breaks") + " accepted";
  return sites ? s + ": " + list : s;
}

// The kernels of a trace's segments: each graph through the pass pipeline
// and lowered into `module` (a graph that fails verification or lowering
// runs eagerly, with a warning), identical kernels emitted once.
struct LoweredSegments {
  std::vector<std::string> kernels, impls;  // a kernel's name, and the one whose code it runs (dedupe)
  std::vector<trace::Segment> kept;         // the segments with a kernel or views to make
  std::vector<trace::Segment> interpret;    // specialisations with no tensor op (trace.h Segment::interpret)
  std::string graph_text;                   // --emit graph
  double passes_total = 0, lower_total = 0, dedupe_total = 0;
  int deduped = 0, graphs = 0;
};

LoweredSegments LowerSegments(const trace::TraceResult& tr, const BuildOptions& opts, const passes::PipelineOptions& po,
                              const lower::LowerOptions& lo, llvm::Module& module, DiagnosticEngine& diags) {
  LoweredSegments r;
  std::map<std::string, std::string> kernel_code;  // KernelKey -> the kernel emitted for it
  std::ostringstream graph_text;
  for (const trace::Segment& seg : tr.segments) {
    if (seg.interpret) {
      r.interpret.push_back(seg);
      continue;
    }
    // Nothing traced (only sizes or Python values came out of it): the
    // interpreter runs these statements at no cost worth a kernel. A segment
    // whose ops all became views of its inputs still runs (with no kernel:
    // the plan makes the views), so explain's graphs never run interpreted.
    bool traced_ops = std::any_of(seg.graph.nodes.begin(), seg.graph.nodes.end(), [](const graph::Node& n) {
      return n.op != graph::OpKind::Input && n.op != graph::OpKind::ScalarInput && n.op != graph::OpKind::Constant;
    });
    if (seg.graph.outputs.empty()) {
      if (traced_ops) {  // views of inputs only: the plan makes them, no kernel to call
        r.kept.push_back(seg);
        r.kept.back().kernel.clear();
      }
      continue;
    }
    graph::Graph g = seg.graph;
    g.name = seg.kernel;
    auto problems = graph::VerifyGraph(g);
    passes::FusionPlan plan;
    ++r.graphs;
    auto t0 = PhaseTimer::Start();
    if (problems.empty()) {
      plan = passes::RunPipeline(g, po);
      problems = graph::VerifyGraph(g);
    }
    r.passes_total += PhaseTimer::Since(t0);
    t0 = PhaseTimer::Start();
    if (problems.empty()) problems = lower::LowerGraph(g, plan, module, seg.kernel, lo);
    r.lower_total += PhaseTimer::Since(t0);
    if (!problems.empty()) {
      if (auto* f = module.getFunction(seg.kernel)) f->setName(seg.kernel + ".failed");
      const SourceFile* file = g.file;
      Loc loc = g.nodes.empty() ? Loc{} : g.nodes.front().loc;
      diags.Report(DiagKind::KernelRunsEagerly, file, loc,
                   "graph `" + seg.kernel + "` of `" + seg.function + "` runs eagerly: " + problems.front());
      continue;
    }
    t0 = PhaseTimer::Start();
    std::string impl = seg.kernel;
    if (opts.dedupe)
      impl = codegen::DedupeKernel(module, seg.kernel, codegen::KernelKey(g, plan, codegen::KernelRaises(module, seg.kernel)),
                                   kernel_code);
    r.impls.push_back(impl);
    if (r.impls.back() != seg.kernel) ++r.deduped;
    r.dedupe_total += PhaseTimer::Since(t0);
    r.kernels.push_back(seg.kernel);
    r.kept.push_back(seg);
    if (opts.emit == "graph") graph_text << graph::PrintGraph(g) << passes::PrintFusionPlan(g, plan) << "\n";
  }
  // Remove the kernels that failed (their partial IR) before optimising.
  for (auto it = module.begin(); it != module.end();) {
    llvm::Function& f = *it++;
    if (f.getName().ends_with(".failed")) f.eraseFromParent();
  }
  r.graph_text = graph_text.str();
  return r;
}

// The program descriptor: the AST and the plan (low.kept, and the
// interpret segments at statements compiled code reaches; after the kernels,
// so a call a kernel covers never stops at one), with the kernel table.
void EmitPlan(LoweredSegments& low, const std::string& ast_blob, llvm::Module& module) {
  auto site = [](const trace::Segment& s) {
    return std::make_tuple(s.module, s.function, s.def_line, s.block, s.stmt_begin);
  };
  std::set<decltype(site(low.kept.front()))> compiled_sites;
  for (const auto& s : low.kept) compiled_sites.insert(site(s));
  for (auto& s : low.interpret)
    if (compiled_sites.count(site(s))) low.kept.push_back(std::move(s));
  trace::TraceResult plan_tr;
  plan_tr.segments = std::move(low.kept);
  codegen::ProgramParts parts;
  parts.ast_blob = ast_blob;
  parts.plan_json = plan::PlanToJson(plan_tr).dump();
  parts.kernel_names = low.kernels;
  parts.kernel_impls = low.impls;
  parts.version = TCC_VERSION;
  codegen::EmitProgram(module, parts);
}

// Machine code (or assembly) of each part, on its thread; the first error, or "".
std::string EmitObjects(std::vector<codegen::ModulePart>& split, const BuildOptions& opts,
                        std::vector<std::string>* objects) {
  codegen::ForEachPart(split, [&](codegen::ModulePart& part) {
    auto t0 = PhaseTimer::Start();
    if (!codegen::EmitCode(*part.module, *part.tm, opts.emit == "asm", &part.object, &part.error) &&
        part.error.empty())
      part.error = "code generation failed";
    part.codegen_ms = PhaseTimer::Since(t0);
  });
  if (opts.time_passes && split.size() > 1)
    for (size_t i = 0; i < split.size(); ++i)
      std::fprintf(stderr, "  part %zu: cost %zu, optimize %.3f ms, codegen %.3f ms\n", i, split[i].cost,
                   split[i].optimize_ms, split[i].codegen_ms);
  std::string err;
  for (auto& part : split) {
    if (!part.error.empty()) err = part.error;
    objects->push_back(std::move(part.object));
  }
  return err;
}

// The module in parts that optimise and compile on their own threads
// (codegen/parallel.h), or whole as one part (--emit, --remarks, one job).
// The parts may refer to the whole module, which the caller keeps alive.
std::vector<codegen::ModulePart> SplitModule(std::unique_ptr<llvm::LLVMContext>& ctx, std::unique_ptr<llvm::Module>& module,
                                             std::unique_ptr<llvm::TargetMachine>& tm, const BuildOptions& opts,
                                             const codegen::CodegenOptions& co, std::string* err) {
  unsigned jobs = opts.jobs > 0 ? static_cast<unsigned>(opts.jobs) : codegen::DefaultJobs();
  std::vector<codegen::ModulePart> split;
  if (opts.emit.empty() && !opts.remarks && jobs > 1) split = codegen::SplitForThreads(*module, jobs, co, err);
  if (split.empty()) {
    split.emplace_back();
    split[0].ctx = std::move(ctx);
    split[0].module = std::move(module);
    split[0].tm = std::move(tm);
  }
  return split;
}

// --dump-after names passes of the pipeline (or `all`); false after the error.
bool CheckDumpAfter(const BuildOptions& opts) {
  for (const std::string& p : opts.dump_after) {
    const auto& names = passes::PassNames();
    if (p != "all" && std::find(names.begin(), names.end(), p) == names.end()) {
      std::cerr << "tcc: unknown pass `" << p << "` for --dump-after (passes: fold-constants, cse, dce, fuse, all)\n";
      return false;
    }
  }
  return true;
}

}  // namespace

std::string CheckTargetCpu(const std::string& cpu) { return codegen::CheckTargetCpu(cpu); }

int BuildProgram(const CommonOptions& common, const BuildOptions& opts, std::string* cached_exe) {
  PhaseTimer timer(opts.time_passes);
  DiagnosticEngine diags;
  std::error_code ec;
  if (!CheckDumpAfter(opts)) return kExitUsage;

  int exit_code = kExitOk;
  std::unique_ptr<ast::Program> program = LoadForCommand(opts.file, common, diags, &exit_code);
  if (!program) return exit_code;
  timer.Mark("load");

  trace::TraceResult tr = trace::TraceProgram(*program, diags);
  timer.Mark("trace");
  if (!tr.ok() || diags.has_errors()) {
    Render(diags, common);
    return kExitProgramError;
  }

  std::string ast_blob = ast::SerializeProgram(*program);
  std::string output = opts.output;
  if (cached_exe) {
    std::string key = ast_blob + "\n" + std::to_string(opts.opt_level) + "\n" + opts.target_cpu + "\n" + SelfStamp();
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(Fnv1a(key)));
    std::string dir = CacheDir();
    fs::create_directories(dir, ec);
    output = dir + "/" + fs::path(opts.file).stem().string() + "-" + hex;
    *cached_exe = output;
    if (fs::exists(output, ec)) return kExitOk;
  }
  if (output.empty()) {
    output = fs::path(opts.file).stem().string();
    if (opts.emit == "obj") output += ".o";
  }
  // A folder that is not there is the user's mistake, said before the work.
  if (fs::path dir = fs::path(output).parent_path(); !dir.empty() && !fs::is_directory(dir, ec)) {
    diags.Report(DiagKind::CannotWriteOutput, nullptr, Loc{},
                 "cannot write `" + output + "`: the folder `" + dir.string() + "` does not exist");
    Render(diags, common);
    return kExitProgramError;
  }

  // ---- graphs -> kernels
  codegen::CodegenOptions co;
  co.opt_level = opts.opt_level;
  co.target_cpu = opts.target_cpu;
  co.remarks = opts.remarks;
  co.loop_unroll = opts.loop_unroll;
  co.remarks_out = &std::cerr;
  std::string err;
  auto tm = codegen::CreateTargetMachine(co, &err);
  if (!tm) {
    diags.Report(DiagKind::CodegenFailed, nullptr, Loc{}, err);
    Render(diags, common);
    return kExitInternal;
  }
  lower::LowerOptions lo;
  lo.fma = codegen::TargetHasFma(*tm);
  lo.stream_min_bytes = codegen::StreamMinBytes(*tm, codegen::IsNativeCpu(co.target_cpu));
  auto ctx = std::make_unique<llvm::LLVMContext>();
  auto module = std::make_unique<llvm::Module>(fs::path(opts.file).filename().string(), *ctx);
  passes::PipelineOptions po;
  po.dump_after = opts.dump_after;
  po.time_passes = opts.time_passes;
  po.log = opts.time_passes && opts.dump_after.empty() ? &std::cerr : &std::cout;
  std::map<std::string, double> pass_ms;
  if (opts.time_passes) {
    po.time_passes = false;  // per graph, too many lines: the totals are printed below
    po.pass_ms = &pass_ms;
  }
  LoweredSegments low = LowerSegments(tr, opts, po, lo, *module, diags);
  timer.Report("passes", low.passes_total);
  for (const auto& [pass, ms] : pass_ms) std::fprintf(stderr, "  pass %-16s %8.3f ms  (%d graphs)\n", pass.c_str(), ms, low.graphs);
  timer.Report("lower", low.lower_total);
  timer.Report("dedupe", low.dedupe_total);
  if (opts.time_passes) std::fprintf(stderr, "  %d of %zu kernels identical to an earlier one: emitted once\n", low.deduped, low.kernels.size());
  if (opts.emit == "graph") {
    RenderNonBreak(diags, common);
    std::cout << low.graph_text;
    return kExitOk;
  }

  EmitPlan(low, ast_blob, *module);
  timer.Mark("plan");

  codegen::PrepareModule(*module, *tm);
  std::string verify_msg;
  llvm::raw_string_ostream vos(verify_msg);
  if (llvm::verifyModule(*module, &vos)) {
    diags.Report(DiagKind::CodegenFailed, nullptr, Loc{}, "generated invalid LLVM IR: " + verify_msg);
    Render(diags, common);
    return kExitInternal;
  }
  // Executables are optimised and emitted on every core (codegen/parallel.h);
  // --emit prints one module, and remarks come from one thread, in order.
  std::vector<codegen::ModulePart> split = SplitModule(ctx, module, tm, opts, co, &err);
  if (!err.empty()) {
    diags.Report(DiagKind::CodegenFailed, nullptr, Loc{}, err);
    Render(diags, common);
    return kExitInternal;
  }
  if (split.size() > 1) timer.Mark("split");
  codegen::ForEachPart(split, [&](codegen::ModulePart& part) {
    auto t0 = PhaseTimer::Start();
    codegen::OptimizeModule(*part.module, *part.tm, co);
    part.optimize_ms = PhaseTimer::Since(t0);
  });
  timer.Mark("optimize");
  RenderNonBreak(diags, common);  // warnings such as kernels that run eagerly
  if (opts.emit == "llvm") {
    llvm::raw_os_ostream os(std::cout);
    split[0].module->print(os, nullptr);
    return kExitOk;
  }
  if (opts.emit == "kernels") {  // without the program descriptor (AST, plan): what lowering made
    llvm::raw_os_ostream os(std::cout);
    for (const llvm::Function& f : *split[0].module)
      if (!f.isDeclaration() && f.getName().starts_with("tcc_kernel_")) f.print(os);
    return kExitOk;
  }
  std::vector<std::string> objects;
  err = EmitObjects(split, opts, &objects);
  if (!err.empty()) {
    DiagnosticEngine d2;
    d2.Report(DiagKind::CodegenFailed, nullptr, Loc{}, err);
    Render(d2, common);
    return kExitInternal;
  }
  timer.Mark("codegen");
  if (opts.emit == "asm") {
    std::cout << objects.front();
    return kExitOk;
  }
  if (opts.emit == "obj") {
    if (!WriteFile(output, objects.front())) {
      std::cerr << "tcc: error: cannot write `" << output << "` [TS6004 cannot_write_output]\n";
      return kExitProgramError;
    }
    return kExitOk;
  }
  if (int rc = WriteExecutable(objects, output); rc != kExitOk) return rc;
  timer.Mark("link");
  timer.Total();
  if (!opts.quiet)
    std::cerr << "tcc: built " << output << ": " << tr.graph_count() << (tr.graph_count() == 1 ? " graph, " : " graphs, ")
              << low.kernels.size() << (low.kernels.size() == 1 ? " kernel; " : " kernels; ") << BreakSummary(tr) << "\n";
  return kExitOk;
}

int RunBuild(const CommonOptions& common, const BuildOptions& opts) { return BuildProgram(common, opts, nullptr); }

}  // namespace tcc::driver
