// Implements the HTML report (html.h).
#include "report/html.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "base/resources.h"
#include "graph/print.h"
#include "report/explain.h"

namespace tcc::report {

namespace {
std::string Esc(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

enum class Where { Plain, Glue, Graph, Interp, Break };
const char* ClassOf(Where w) {
  switch (w) {
    case Where::Plain: return "plain";
    case Where::Glue: return "glue";
    case Where::Graph: return "graph";
    case Where::Interp: return "interp";
    case Where::Break: return "brk";
  }
  return "plain";
}

struct LineInfo {
  Where where = Where::Plain;
  std::vector<std::string> details;  // HTML fragments shown when the line is expanded
  std::string mark;                  // short label at the right of the line
};

void Raise(LineInfo& l, Where w) {
  if (static_cast<int>(w) > static_cast<int>(l.where)) l.where = w;
}

// An interpreter or break line's background, darker where more of the cost
// goes (share: its cost over the costliest line's, 0..1), as Cython's -a.
std::string Shade(Where w, double share) {
  if ((w != Where::Interp && w != Where::Break) || share <= 0) return "";
  double t = 0.15 + 0.85 * std::min(1.0, share);
  int lo[3] = {253, 240, 220}, hi[3] = {246, 178, 90};  // light to dark amber; text stays readable
  if (w == Where::Break) lo[1] = lo[2] = 215, hi[0] = 240, hi[1] = hi[2] = 125;
  char buf[48];
  std::snprintf(buf, sizeof buf, " style=\"background:#%02x%02x%02x\"", static_cast<int>(lo[0] + t * (hi[0] - lo[0])),
                static_cast<int>(lo[1] + t * (hi[1] - lo[1])), static_cast<int>(lo[2] + t * (hi[2] - lo[2])));
  return buf;
}

std::string CostLabel(const LineCosts& lc, double v) {
  char buf[64];
  if (lc.measured) std::snprintf(buf, sizeof buf, "%.3f ms", v * 1e3);
  else std::snprintf(buf, sizeof buf, "est. cost %.1f", v);
  return buf;
}

const char* kStyle = R"css(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.3em} h2{font-size:1.1em;margin-top:1.5em}
table.sum{border-collapse:collapse;margin:.5em 0} table.sum td,table.sum th{border:1px solid #ccc;padding:2px 8px;text-align:left}
table.src{border-collapse:collapse;font:13px/1.35 ui-monospace,monospace;width:100%}
table.src td.n{color:#888;text-align:right;padding-right:8px;user-select:none;width:3em}
table.src td.c{white-space:pre;padding-left:6px}
table.src td.m{color:#555;font-size:12px;white-space:nowrap;padding-left:1em}
tr.line{cursor:pointer} tr.line:hover td{outline:1px solid #aaa}
tr.graph td.c{background:#e2f5e2} tr.interp td.c{background:#fde8c8} tr.brk td.c{background:#f9c6c6}
tr.glue td.c{background:#eeeeee} tr.plain td.c{background:#fff}
tr.det{display:none} tr.det.open{display:table-row}
tr.det td{background:#fafafa;border-left:3px solid #888;padding:6px 10px;white-space:normal}
pre{background:#f4f4f4;padding:6px;overflow:auto;max-height:30em;font-size:12px}
.key span{display:inline-block;padding:1px 8px;margin-right:6px;border:1px solid #ccc}
.code{font-weight:bold;color:#a00}
#tcc-errors:empty{display:none} #tcc-errors{color:#fff;background:#a00;padding:4px}
)css";

const char* kScript = R"js(
(function(){
  var errs=document.getElementById('tcc-errors');
  window.addEventListener('error',function(e){var d=document.createElement('div');d.className='tcc-error';d.textContent=String(e.message);errs.appendChild(d);});
  function toggle(tr){var d=document.getElementById('det-'+tr.dataset.id);if(d){d.classList.toggle('open');tr.setAttribute('aria-expanded',d.classList.contains('open'));}}
  document.querySelectorAll('tr.line').forEach(function(tr){tr.addEventListener('click',function(){toggle(tr);});});
  var m=/expand=(\d+)/.exec(location.hash);
  if(m){var t=document.querySelector('tr.line[data-main="1"][data-line="'+m[1]+'"]');if(t)t.dispatchEvent(new MouseEvent('click',{bubbles:true}));}
  document.body.setAttribute('data-ready','1');
})();
)js";
// Per file (display name), per line: where it runs and what to show: the
// graphs, interpreted statements, rolled loops, breaks, errors and kernels.
using LineMap = std::map<std::string, std::map<uint32_t, LineInfo>>;
LineMap LinesOf(const trace::TraceResult& r, const HtmlOptions& opts) {
  LineMap lines;
  auto line_of = [&](const std::string& f, uint32_t l) -> LineInfo& { return lines[f][l]; };
  for (const auto& sp : r.specs) {
    for (size_t gi = 0; gi < sp.graphs.size(); ++gi) {
      const auto& g = sp.graphs[gi];
      std::ostringstream d;
      d << "<div class=\"graph-detail\"><b>graph " << gi + 1 << "</b> of " << Esc(sp.function)
        << Esc(sp.signature) << " (" << g.op_names.size() << " ops";
      if (g.loop_nests >= 0) d << ", " << g.loop_nests << " loop nests";
      d << ")";
      if (!g.kernels_text.empty()) d << "<br>fused into " << Esc(g.kernels_text);
      d << "<pre>" << Esc(graph::PrintGraph(g.graph)) << "</pre></div>";
      for (const auto& loc : g.locations) {
        size_t colon = loc.rfind(':');
        if (colon == std::string::npos) continue;
        uint32_t l = static_cast<uint32_t>(std::stoul(loc.substr(colon + 1)));
        LineInfo& li = line_of(loc.substr(0, colon), l);
        Raise(li, Where::Graph);
        li.details.push_back(d.str());
        if (li.mark.empty()) li.mark = "graph " + std::to_string(gi + 1) + " of " + sp.function;
      }
      // A call whose callee's ops run in this graph (into the standard
      // library or another function) runs compiled too.
      for (const auto& [file, line] : g.call_sites) {
        LineInfo& li = line_of(file->display_name(), line);
        Raise(li, Where::Graph);
        if (li.mark.empty()) li.mark = "graph " + std::to_string(gi + 1) + " of " + sp.function + " (through a call)";
      }
    }
    for (const auto& n : sp.interpreted) {
      if (!n.file) continue;
      LineInfo& li = line_of(n.file->display_name(), n.loc.line);
      Raise(li, Where::Interp);
      li.details.push_back("<div>runs in the interpreter: " + Esc(n.reason) + "</div>");
      li.mark = "interp";
    }
    for (const auto& n : sp.loops) {
      if (!n.file) continue;
      LineInfo& li = line_of(n.file->display_name(), n.loc.line);
      Raise(li, Where::Interp);
      li.details.push_back("<div>rolled loop (the interpreter runs it; its body runs as kernels): " + Esc(n.reason) +
                           "</div>");
      li.mark = "rolled loop";
    }
  }
  for (const auto& b : r.breaks) {
    if (!b.file) continue;
    LineInfo& li = line_of(b.file->display_name(), b.range.begin.line);
    Raise(li, Where::Break);
    std::ostringstream d;
    d << "<div class=\"break-detail\"><span class=\"code\">" << InfoOf(b.code).code << " " << trace::BreakSlug(*b.brk)
      << "</span> " << (b.error ? "(error) " : b.allowed ? "(allowed) " : "") << Esc(b.message) << "<br><i>why:</i> "
      << Esc(trace::BreakExplanation(*b.brk)) << "<br><i>hint:</i> " << Esc(trace::BreakHint(*b.brk));
    if (b.user_stack.size() > 1) {
      d << "<br><i>user stack:</i> ";
      for (size_t i = 0; i < b.user_stack.size(); ++i)
        d << (i ? " &rarr; " : "") << Esc(b.user_stack[i].function) << ":" << b.user_stack[i].loc.line;
    }
    d << "</div>";
    li.details.insert(li.details.begin(), d.str());
    li.mark = std::string(InfoOf(b.code).code) + " " + trace::BreakSlug(*b.brk) + ": " + trace::BreakHint(*b.brk);
  }
  for (const auto& e : r.errors) {
    if (!e.file) continue;
    LineInfo& li = line_of(e.file->display_name(), e.range.begin.line);
    Raise(li, Where::Break);
    li.details.insert(li.details.begin(), "<div class=\"break-detail\"><span class=\"code\">" +
                                              std::string(InfoOf(e.code).code) + "</span> " + Esc(e.message) +
                                              (e.hint.empty() ? "" : "<br><i>hint:</i> " + Esc(e.hint)) + "</div>");
    li.mark = std::string(InfoOf(e.code).code) + " " + e.message;
  }
  for (const auto& k : opts.kernels) {
    std::ostringstream d;
    d << "<details class=\"kernel\"><summary>kernel <code>" << Esc(k.name) << "</code> of " << Esc(k.function)
      << (k.plan.empty() ? "" : ": " + Esc(k.plan)) << "</summary><pre class=\"graph-ir\">" << Esc(k.graph)
      << "</pre>";
    if (!k.ir.empty()) d << "<pre class=\"llvm-ir\">" << Esc(k.ir) << "</pre>";
    d << "</details>";
    // A graph's node locations carry no file (inlined stdlib ops have their
    // own lines): attach a kernel only to lines the regions place in a graph.
    auto& in_file = lines[k.file];
    for (uint32_t l : k.lines) {
      auto it = in_file.find(l);
      if (it == in_file.end() || it->second.where != Where::Graph) continue;
      it->second.details.push_back(d.str());
    }
  }
  return lines;
}

}  // namespace

std::string RenderHtml(const trace::Analysis& a, const std::string& file, const HtmlOptions& opts) {
  const trace::TraceResult& r = a.result;
  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>tcc explain " << Esc(file)
     << "</title><style>" << kStyle << "</style></head><body>\n";
  os << "<div id=\"tcc-errors\"></div>\n<h1>tcc explain " << Esc(file) << "</h1>\n";
  int sites = 0;
  for (const auto& b : r.breaks) sites += b.error ? 0 : 1;
  os << "<p>" << r.graph_count() << " graphs, " << r.graph_break_count() << " graph breaks at " << sites
     << " sites, " << r.error_count() << " errors, " << r.specs.size() << " specialisations, " << opts.kernels.size()
     << " kernels.</p>\n";
  os << "<p class=\"key\"><span class=\"k-graph\" style=\"background:#e2f5e2\">in a graph (compiled)</span>"
        "<span style=\"background:#fde8c8\">in the interpreter</span><span style=\"background:#f9c6c6\">graph break "
        "or error</span><span style=\"background:#eee\">module-scope glue</span> Interpreter and break lines are "
        "darker where more time goes ("
     << (opts.costs.measured ? "measured: " + Esc(opts.costs.profile) : std::string("estimated; pass --profile stats.json to measure"))
     << "). Click a line to expand it.</p>\n";

  // Summary: specialisations.
  os << "<h2>Specialisations</h2>\n<table class=\"sum\" id=\"specs\"><tr><th>function</th><th>signature</th>"
        "<th>policy</th><th>graphs</th><th>breaks</th><th>entered at</th></tr>\n";
  for (const auto& sp : r.specs) {
    std::string from;
    if (!sp.entered_from.empty() && sp.entered_from[0].file)
      from = sp.entered_from[0].file->display_name() + ":" + std::to_string(sp.entered_from[0].loc.line);
    os << "<tr><td>" << Esc(sp.function) << "</td><td>" << Esc(sp.signature) << "</td><td>" << Esc(sp.policy)
       << "</td><td>" << sp.graphs.size() << "</td><td>" << sp.break_occurrences << "</td><td>" << Esc(from)
       << "</td></tr>\n";
  }
  os << "</table>\n";
  // Summary: breaks and errors.
  os << "<h2>Graph breaks and errors</h2>\n<table class=\"sum\" id=\"breaks\"><tr><th>where</th><th>code</th>"
        "<th>kind</th><th>function</th><th>reason</th><th>count</th><th></th></tr>\n";
  for (const auto& b : r.breaks) {
    std::string where = (b.file ? b.file->display_name() : "?") + ":" + std::to_string(b.range.begin.line) + ":" +
                        std::to_string(b.range.begin.col);
    os << "<tr><td>" << Esc(where) << "</td><td class=\"code\">" << InfoOf(b.code).code << "</td><td>"
       << trace::BreakSlug(*b.brk) << "</td><td>" << Esc(b.function) << "</td><td>" << Esc(b.message) << "</td><td>"
       << b.count << "</td><td>" << (b.error ? "error" : b.allowed ? "allowed" : "break") << "</td></tr>\n";
  }
  for (const auto& e : r.errors) {
    std::string where = (e.file ? e.file->display_name() : "?") + ":" + std::to_string(e.range.begin.line);
    os << "<tr><td>" << Esc(where) << "</td><td class=\"code\">" << InfoOf(e.code).code << "</td><td>"
       << InfoOf(e.code).slug << "</td><td>" << Esc(e.function) << "</td><td>" << Esc(e.message) << "</td><td>"
       << e.count << "</td><td>error</td></tr>\n";
  }
  os << "</table>\n";
  // Costs: the breaks ranked.
  const CostReport& c = opts.costs;
  os << "<h2>Cost of graph breaks (" << (c.measured ? "measured: " + Esc(c.profile) : "static estimate")
     << ")</h2>\n<pre id=\"costs\">" << Esc(CostsText(c)) << "</pre>\n";

  // Per file, per line: where it runs and what to show.
  LineMap lines = LinesOf(r, opts);

  // The sources: every module that is not the standard library.
  std::vector<std::string> shown;
  for (size_t mi = 0; a.program && mi < a.program->modules.size(); ++mi) {
    const auto& pm = a.program->modules[mi];
    if (pm.module && pm.module->source && (mi == 0 || !InStdlib(pm.module->source->path())))
      shown.push_back(pm.module->source->display_name());
  }
  LineCosts costs = CostsByLine(r, opts.costs, shown);
  int id = 0;
  for (size_t mi = 0; a.program && mi < a.program->modules.size(); ++mi) {
    const auto& pm = a.program->modules[mi];
    if (!pm.module || !pm.module->source) continue;
    const SourceFile& src = *pm.module->source;
    if (mi > 0 && InStdlib(src.path())) continue;
    auto& info = lines[src.display_name()];
    for (const auto& st : pm.module->body) {
      if (st->kind == ast::StmtKind::FunctionDef || st->kind == ast::StmtKind::ClassDef) continue;
      for (uint32_t l = st->range.begin.line; l <= std::max(st->range.begin.line, st->range.end.line); ++l)
        Raise(info[l], Where::Glue);
    }
    os << "<h2>" << Esc(src.display_name()) << (mi == 0 ? "" : " (module " + Esc(pm.name) + ")") << "</h2>\n"
       << "<table class=\"src\" data-file=\"" << Esc(src.display_name()) << "\">\n";
    auto& file_costs = costs.by_file[src.display_name()];
    for (uint32_t l = 1; l <= src.line_count(); ++l) {
      LineInfo& li = info[l];
      ++id;
      auto cost = file_costs.find(l);
      bool costed = cost != file_costs.end() && cost->second > 0 && (li.where == Where::Interp || li.where == Where::Break);
      std::string mark = li.mark;
      if (costed) mark += (mark.empty() ? "" : " \u00b7 ") + CostLabel(costs, cost->second);
      os << "<tr class=\"line " << ClassOf(li.where) << "\" data-id=\"" << id << "\" data-line=\"" << l << "\""
         << (mi == 0 ? " data-main=\"1\"" : "")
         << (costed ? " data-cost=\"" + std::to_string(cost->second / costs.max) + "\"" : std::string())
         << "><td class=\"n\">" << l << "</td><td class=\"c\"" << (costed ? Shade(li.where, cost->second / costs.max) : "")
         << ">" << Esc(src.Line(l)) << "</td><td class=\"m\">" << Esc(mark) << "</td></tr>\n";
      if (!li.details.empty()) {
        os << "<tr class=\"det\" id=\"det-" << id << "\"><td></td><td colspan=\"2\">";
        for (const auto& d : li.details) os << d;
        os << "</td></tr>\n";
      }
    }
    os << "</table>\n";
  }
  os << "<script>" << kScript << "</script>\n</body></html>\n";
  return os.str();
}

}  // namespace tcc::report
