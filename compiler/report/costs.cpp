// Implements the cost ranking of graph breaks (costs.h).
#include "report/costs.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "semantics/dtype.h"

namespace tcc::report {

using namespace tcc::trace;

namespace {
std::string Where(const Site& b) {
  return (b.file ? b.file->display_name() : "?") + ":" + std::to_string(b.range.begin.line) + ":" +
         std::to_string(b.range.begin.col);
}

BreakCost Base(const TraceResult& r, size_t i) {
  const Site& b = r.breaks[i];
  BreakCost c;
  c.site = static_cast<int>(i);
  c.where = Where(b);
  c.code = InfoOf(b.code).code;
  c.kind = BreakSlug(*b.brk);
  c.function = b.function;
  c.occurrences = b.count;
  return c;
}

// Bytes of the tensors a segment hands out (-1 when a size is symbolic).
long OutputBytes(const graph::Graph& g) {
  long total = 0;
  for (graph::ValueId v : g.outputs) {
    long n = static_cast<long>(sem::DTypeBytes(g.TypeOf(v).dtype));
    for (const auto& d : g.TypeOf(v).shape) {
      if (!d.is_static()) return -1;
      n *= d.size;
    }
    total += n;
  }
  return total;
}

// The static estimate for break i: the segment of the same file whose last op
// comes last before the break hands its outputs to the interpreter.
void Estimate(const TraceResult& r, BreakCost& c) {
  const Site& b = r.breaks[c.site];
  const Segment* before = nullptr;
  uint32_t best = 0;
  for (const Segment& s : r.segments) {
    if (s.graph.file != b.file || s.graph.outputs.empty()) continue;
    uint32_t last = 0;
    for (const auto& n : s.graph.nodes)
      if (n.loc.line < b.range.begin.line) last = std::max(last, n.loc.line);
    if (last > best) {
      best = last;
      before = &s;
    }
  }
  c.est_bytes = before ? OutputBytes(before->graph) : 0;
  c.est_score = c.occurrences * (1.0 + (c.est_bytes > 0 ? c.est_bytes / 1048576.0 : 0));
}

// The statistics name files as the build was given them; explain as it is.
bool SameFile(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code ec;
  auto ca = std::filesystem::weakly_canonical(a, ec), cb = std::filesystem::weakly_canonical(b, ec);
  if (!ec && ca == cb) return true;
  auto ends = [](const std::string& s, const std::string& t) {
    return s.size() > t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0 && s[s.size() - t.size() - 1] == '/';
  };
  return ends(a, b) || ends(b, a);
}

bool Contains(const nlohmann::json& site, const std::string& file, Loc loc) {
  if (!loc.valid() || !SameFile(site.value("file", ""), file)) return false;
  uint32_t line = site.value("line", 0u), end = site.value("end_line", 0u);
  return loc.line >= line && loc.line <= std::max(line, end);
}
}  // namespace

CostReport EstimateCosts(const TraceResult& r) {
  CostReport c;
  for (size_t i = 0; i < r.breaks.size(); ++i) {
    if (r.breaks[i].error) continue;
    BreakCost b = Base(r, i);
    Estimate(r, b);
    c.breaks.push_back(b);
  }
  std::stable_sort(c.breaks.begin(), c.breaks.end(),
                   [](const BreakCost& a, const BreakCost& b) { return a.est_score > b.est_score; });
  return c;
}

CostReport MeasuredCosts(const TraceResult& r, const std::string& stats_path) {
  std::ifstream in(stats_path);
  nlohmann::json j = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
  if (!in || j.is_discarded() || !j.is_object() || !j.contains("entries") || !j.contains("run_seconds")) {
    CostReport c = EstimateCosts(r);
    c.profile = stats_path;
    c.error = !in ? "cannot read `" + stats_path + "`"
                  : "`" + stats_path + "` is not run statistics with timings (TCC_STATS of this tcc)";
    return c;
  }
  CostReport c;
  c.measured = true;
  c.profile = stats_path;
  c.run_seconds = j.value("run_seconds", 0.0);
  c.module_seconds = j.value("module_seconds", 0.0);
  for (const auto& e : j["entries"]) {
    c.kernel_seconds += e.value("kernel_seconds", 0.0);
    c.interpreted_seconds += e.value("interpreted_seconds", 0.0);
  }
  for (size_t i = 0; i < r.breaks.size(); ++i) {
    const Site& b = r.breaks[i];
    if (b.error) continue;
    BreakCost bc = Base(r, i);
    Estimate(r, bc);
    // The statements of an entry that hold the break or a call reaching it.
    for (const auto& e : j["entries"]) {
      if (!e.contains("sites")) continue;
      for (const auto& s : e["sites"]) {
        bool here = b.file && Contains(s, b.file->display_name(), b.range.begin);
        for (const auto& fr : b.user_stack) here = here || (fr.file && Contains(s, fr.file->display_name(), fr.loc));
        if (!here) continue;
        bc.seconds += s.value("seconds", 0.0);
        bc.hits += s.value("count", 0l);
        bc.interpreted_ops += s.value("interpreted_ops", 0l);
      }
    }
    bc.share = c.run_seconds > 0 ? bc.seconds / c.run_seconds : 0;
    c.breaks.push_back(bc);
  }
  for (const auto& e : j["entries"])
    if (e.contains("sites"))
      for (const auto& s : e["sites"])
        c.sites.push_back({s.value("file", ""), s.value("line", 0u), s.value("end_line", 0u), s.value("seconds", 0.0)});
  std::stable_sort(c.breaks.begin(), c.breaks.end(),
                   [](const BreakCost& a, const BreakCost& b) { return a.seconds > b.seconds; });
  return c;
}

LineCosts CostsByLine(const TraceResult& r, const CostReport& c, const std::vector<std::string>& files) {
  LineCosts out;
  out.measured = c.measured;
  auto add = [&](const SourceFile* file, uint32_t line, double cost) {
    if (file && line) out.by_file[file->display_name()][line] += cost;
  };
  if (c.measured) {
    for (const auto& s : c.sites)
      for (const auto& f : files)
        if (SameFile(s.file, f))
          for (uint32_t l = s.line; l <= std::max(s.line, s.end_line); ++l) out.by_file[f][l] += s.seconds;
  } else {
    for (const auto& b : c.breaks) {
      const Site& site = r.breaks[b.site];
      add(site.file, site.range.begin.line, b.est_score);
      for (size_t k = 0; k + 1 < site.user_stack.size(); ++k)
        add(site.user_stack[k].file, site.user_stack[k].loc.line, b.est_score);
    }
    for (const auto& sp : r.specs)
      for (const auto& n : sp.interpreted) add(n.file, n.loc.line, std::max(1, n.count));
  }
  for (const auto& [f, ls] : out.by_file)
    for (const auto& [l, v] : ls) out.max = std::max(out.max, v);
  return out;
}

std::string CostsText(const CostReport& c) {
  std::ostringstream os;
  char buf[256];
  if (c.measured) {
    double outside = c.interpreted_seconds + c.module_seconds;
    std::snprintf(buf, sizeof buf, "cost of graph breaks, measured (%s): run %.3f ms; kernels %.3f ms, "
                  "interpreted statements of entries %.3f ms, module scope %.3f ms; %.1f%% of the run outside graphs\n",
                  c.profile.c_str(), c.run_seconds * 1e3, c.kernel_seconds * 1e3, c.interpreted_seconds * 1e3,
                  c.module_seconds * 1e3, c.run_seconds > 0 ? 100.0 * outside / c.run_seconds : 0.0);
    os << buf;
    if (c.breaks.empty()) os << "  no graph breaks\n";
    int rank = 0;
    for (const auto& b : c.breaks) {
      std::snprintf(buf, sizeof buf, "  %d. %-28s %s %-22s %10.3f ms  %5.1f%% of the run  %ld runs, %ld tensor ops  in %s\n",
                    ++rank, b.where.c_str(), b.code.c_str(), b.kind.c_str(), b.seconds * 1e3, 100.0 * b.share, b.hits,
                    b.interpreted_ops, b.function.c_str());
      os << buf;
    }
    return os.str();
  }
  os << "cost of graph breaks, static estimate (no profile";
  if (!c.error.empty()) os << ": " << c.error;
  os << "; run with TCC_STATS=stats.json and pass --profile stats.json to measure):\n";
  if (c.breaks.empty()) os << "  no graph breaks\n";
  int rank = 0;
  for (const auto& b : c.breaks) {
    std::string bytes = b.est_bytes < 0 ? "unknown (symbolic sizes)" : std::to_string(b.est_bytes) + " bytes";
    std::snprintf(buf, sizeof buf, "  %d. %-28s %s %-22s %d occurrence%s, each 1 extra kernel launch; graph before it hands out %s  in %s\n",
                  ++rank, b.where.c_str(), b.code.c_str(), b.kind.c_str(), b.occurrences, b.occurrences == 1 ? "" : "s",
                  bytes.c_str(), b.function.c_str());
    os << buf;
  }
  return os.str();
}

nlohmann::json CostsJson(const CostReport& c) {
  nlohmann::json breaks = nlohmann::json::array();
  for (const auto& b : c.breaks) {
    nlohmann::json j = {{"where", b.where}, {"code", b.code}, {"kind", b.kind}, {"function", b.function},
                        {"occurrences", b.occurrences}, {"estimated_bytes_out", b.est_bytes}};
    if (c.measured) {
      j["seconds"] = b.seconds;
      j["share"] = b.share;
      j["runs"] = b.hits;
      j["interpreted_ops"] = b.interpreted_ops;
    }
    breaks.push_back(j);
  }
  nlohmann::json j = {{"measured", c.measured}, {"basis", c.measured ? "profile" : "static estimate"},
                      {"breaks", breaks}};
  if (!c.profile.empty()) j["profile"] = c.profile;
  if (!c.error.empty()) j["error"] = c.error;
  if (c.measured) {
    j["run_seconds"] = c.run_seconds;
    j["kernel_seconds"] = c.kernel_seconds;
    j["interpreted_seconds"] = c.interpreted_seconds;
    j["module_seconds"] = c.module_seconds;
  }
  return j;
}

}  // namespace tcc::report
