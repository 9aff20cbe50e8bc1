// Implements `tcc explain --list-builtins [--format text|json|markdown]`:
// the language's builtins from the tables that define them, so the listing
// cannot drift from what the tracer and the interpreter accept:
//   lang/semantics/builtins.def         tensor builtins (functions and methods)
//   lang/semantics/python_builtins.def  Python-level builtins and compile controls
//   lang/semantics/container_methods.def  methods of lists, dicts, sets and strs
//   lang/semantics/builtins.h           Python's exception classes, rule headings
//   lang/semantics/dtypes.def           dtypes and their aliases
//   lang/semantics/inplace_methods.def  in-place methods made of an out-of-place builtin
//   stdlib/nn.ts                   the nn module's public functions
//   stdlib/torch/_composite.ts     torch functions written in TensorScript
//   stdlib/torch/_derivatives.ts   each builtin's derivative (its __derivatives table)
// The markdown form is docs/language.md (tools/update_docs.py
// rewrites it; ctest docs.langref fails when it is stale).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/resources.h"
#include "driver/commands.h"
#include "semantics/builtins.h"
#include "semantics/containers.h"
#include "semantics/dtype.h"

namespace tcc::driver {

namespace {

struct NnFunction {
  std::string name, params, doc;
};

// The public functions of a stdlib module (stdlib/nn.ts, stdlib/torch/_composite.ts):
// `def name(params):` at column 0 (a leading `_` is private), documented by the
// comment block right above.
std::vector<NnFunction> StdlibFunctions(const std::string& file) {
  std::vector<NnFunction> out;
  std::ifstream in(StdlibDir() + "/" + file);
  std::string line, comment;
  static const std::regex def_re(R"(^def ([A-Za-z]\w*)\((.*)\)\s*(->.*)?:\s*$)");
  while (std::getline(in, line)) {
    std::smatch m;
    if (line.rfind("# ", 0) == 0 || line == "#") {
      comment += (comment.empty() ? "" : " ") + (line.size() > 2 ? line.substr(2) : "");
      continue;
    }
    if (std::regex_match(line, m, def_re)) out.push_back({m[1], m[2], comment});
    comment.clear();
  }
  return out;
}

// The derivative of each builtin, from stdlib/torch/_derivatives.ts's
// `__derivatives(name=Rule, ...)` table (the one the interpreter's tape
// runs): name -> the rule (torch's node name), or "None" (not differentiable).
const std::map<std::string, std::string>& DerivativeRules() {
  static const std::map<std::string, std::string> rules = [] {
    std::map<std::string, std::string> r;
    std::ifstream in(StdlibDir() + "/torch/_derivatives.ts");
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    size_t at = text.find("\n__derivatives(");
    if (at == std::string::npos) return r;
    size_t end = text.find("\n)", at);
    std::string table = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    static const std::regex entry(R"((\w+)=(\w+))");
    for (std::sregex_iterator it(table.begin(), table.end(), entry), stop; it != stop; ++it) r[(*it)[1]] = (*it)[2];
    return r;
  }();
  return rules;
}

// A builtin's derivative column: its rule, "no" (not differentiable) or "-" (none: integer or bool
// results, or not written yet).
std::string Derivative(std::string_view name) {
  auto it = DerivativeRules().find(std::string(name));
  if (it == DerivativeRules().end() && name.size() > 1 && name.back() == '_')  // add_: add's, as the tape finds it
    it = DerivativeRules().find(std::string(name.substr(0, name.size() - 1)));
  if (it == DerivativeRules().end()) return "-";
  return it->second == "None" ? "no" : it->second;
}

// The stdlib files of torch functions written in TensorScript, and the name
// each file's functions have (torch.X, torch.linalg.X).
struct CompositeFile {
  const char* file;
  const char* prefix;
};
constexpr CompositeFile kComposites[] = {
    {"torch/_composite.ts", "torch."}, {"torch/_elementwise.ts", "torch."}, {"torch/_layout.ts", "torch."},
    {"torch/_reductions.ts", "torch."}, {"torch/linalg.ts", "torch.linalg."},
};

// "sig; note" -> {sig, note}
std::pair<std::string, std::string> SplitSignature(std::string_view s) {
  size_t semi = s.find("; ");
  if (semi == std::string_view::npos) return {std::string(s), ""};
  return {std::string(s.substr(0, semi)), std::string(s.substr(semi + 2))};
}

// Text safe inside a markdown table cell.
std::string Cell(std::string_view s) {
  std::string r;
  for (char c : s) {
    if (c == '|') r += "\\|";
    else r += c;
  }
  return r;
}

std::string Code(std::string_view s) { return s.empty() ? "" : "`" + Cell(s) + "`"; }

// The first sentence of a comment block.
std::string FirstSentence(const std::string& s) {
  size_t end = s.find(". ");
  std::string r = end == std::string::npos ? s : s.substr(0, end + 1);
  return r;
}

void PrintMarkdown() {
  std::cout << "<!-- Generated by `tcc explain --list-builtins --format markdown` from lang/semantics/builtins.def,\n"
               "     lang/semantics/python_builtins.def, lang/semantics/container_methods.def, lang/semantics/dtypes.def,\n"
               "     lang/semantics/inplace_methods.def, stdlib/nn.ts and stdlib/torch/_composite.ts.\n"
               "     Do not edit by hand: run `python3 tools/update_docs.py build/tcc`. -->\n\n";
  std::cout << "#### Tensor builtins\n\n"
               "Names follow PyTorch: `torch.X` is the builtin `X`, `Tensor.X` is the method `x.X`, "
               "`torch.nn.functional.X` is `nn.X` (after `import nn`). Every row works with `--eager` and "
               "compiled; the rule says what a row becomes in a graph. The derivative is the row's rule in "
               "stdlib/torch/_derivatives.ts (torch's name of its autograd node; `no`: its results never require "
               "grad; `-`: none, for integer or bool results or not written yet).\n";
  for (const sem::RuleDoc& d : sem::kRuleDocs) {
    bool any = false;
    for (const auto& b : sem::kBuiltins) any |= b.rule == d.rule;
    if (!any) continue;
    std::cout << "\n**" << d.title << "** (" << sem::RuleName(d.rule) << "). " << d.text << "\n\n";
    std::cout << "| builtin | forms | graph op | derivative | signature | notes |\n|---|---|---|---|---|---|\n";
    for (const auto& b : sem::kBuiltins) {
      if (b.rule != d.rule) continue;
      auto [sig, note] = SplitSignature(b.signature);
      std::cout << "| " << Code(b.name) << " | " << sem::FormName(b.form) << " | "
                << (b.op ? b.op_name : "-") << " | " << Derivative(b.name) << " | " << Code(sig) << " | " << Cell(note)
                << " |\n";
    }
  }
  std::cout << "\nOther spellings (`lang/semantics/builtin_aliases.def`), each its target in every form:";
  for (size_t i = 0; i < std::size(sem::kBuiltinAliases); ++i) {
    const auto& a = sem::kBuiltinAliases[i];
    std::cout << (i ? ", " : " ") << Code(a.name) << " = " << Code(a.target)
              << (std::string_view(a.note).empty() ? "" : " (" + Cell(a.note) + ")");
  }
  std::cout << ".\n";
  std::cout << "\nIn-place methods (`lang/semantics/inplace_methods.def`): `x.NAME_(...)` is `x.NAME(...)` written into x, "
               "which it returns (the result keeps x's shape and must fit its dtype, as torch):";
  for (size_t i = 0; i < std::size(sem::kInPlaceMethods); ++i)
    std::cout << (i ? ", " : " ") << Code(sem::kInPlaceMethods[i].name);
  std::cout << ".\n";
  std::cout << "\n#### `torch` functions written in TensorScript (stdlib/torch/_composite.ts, _elementwise.ts, "
               "_layout.ts, _reductions.ts, linalg.ts)\n\n"
               "`torch.X` for each; the ones torch also has as tensor methods are methods too (`x.log10()`, "
               "`p.addcdiv_(m, d, value=-lr)`). The tracer inlines them into the caller's graph.\n\n"
               "| function | signature | what it computes |\n|---|---|---|\n";
  for (const auto& c : kComposites)
    for (const auto& f : StdlibFunctions(c.file))
      std::cout << "| " << Code(c.prefix + f.name) << " | " << Code("(" + f.params + ")") << " | "
                << Cell(FirstSentence(f.doc)) << " |\n";
  std::cout << "\n#### Python builtins\n\n| builtin | group | signature | differences from Python / PyTorch |\n"
               "|---|---|---|---|\n";
  for (const auto& b : sem::kPyBuiltins)
    std::cout << "| " << Code(b.name) << " | " << b.group << " | " << Code(b.signature) << " | " << Cell(b.note)
              << " |\n";
  std::cout << "\n#### Methods of lists, dicts, sets and strings\n\nA method that changes its receiver (mutates) "
               "makes compiled code hand the container back as Python would; the tracer folds the others on values "
               "it knows.\n\n| type | method | mutates | signature | differences from Python |\n|---|---|---|---|---|\n";
  for (const auto& m : sem::kContainerMethods)
    std::cout << "| " << sem::ContainerTypeName(m.type) << " | " << Code(m.name) << " | "
              << (m.effect == sem::MethodEffect::Mutate ? "yes" : "no") << " | " << Code(m.signature) << " | "
              << Cell(m.note) << " |\n";
  std::cout << "\nException classes (raise, catch and subclass them; the interpreter's run-time errors are "
               "raised as these):";
  for (size_t i = 0; i < std::size(sem::kPyExceptions); ++i)
    std::cout << (i ? ", " : " ") << Code(sem::kPyExceptions[i].name);
  std::cout << ".\n\nDtypes:";
  bool first = true;
#define TCC_DTYPE(Name, name, bytes, Category) \
  std::cout << (first ? " " : ", ") << Code(name) << " (" #Category ", " #bytes << (bytes == 1 ? " byte)" : " bytes)"); \
  first = false;
#include "semantics/dtypes.def"
  std::cout << "; torch's aliases";
  first = true;
#define TCC_DTYPE_ALIAS(spelling, Name, how)                                                   \
  if (std::string_view(#how) == "Torch") {                                                    \
    std::cout << (first ? " " : ", ") << Code(spelling) << " = " << sem::DTypeName(sem::DType::Name); \
    first = false;                                                                            \
  }
#include "semantics/dtypes.def"
  std::cout << "; Python types as dtypes";
  first = true;
#define TCC_DTYPE_ALIAS(spelling, Name, how)                                                            \
  if (std::string_view(#how) == "PyType") {                                                            \
    std::cout << (first ? " " : ", ") << "`dtype=" << spelling << "` is " << sem::DTypeName(sem::DType::Name); \
    first = false;                                                                                     \
  }
#include "semantics/dtypes.def"
  std::cout << ".\n\n#### `nn` (stdlib/nn.ts)\n\n"
               "Written in TensorScript with the builtins above, so the tracer traces through them into the "
               "caller's graph.\n\n| function | signature | what it computes |\n|---|---|---|\n";
  for (const auto& f : StdlibFunctions("nn.ts"))
    std::cout << "| " << Code("nn." + f.name) << " | " << Code("(" + f.params + ")") << " | "
              << Cell(FirstSentence(f.doc)) << " |\n";
}

}  // namespace

int ListBuiltins(const ExplainOptions& opts) {
  if (opts.format == "json") {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& b : sem::kBuiltins)
      rows.push_back({{"name", b.name}, {"forms", sem::FormName(b.form)}, {"op", b.op_name}, {"rule", sem::RuleName(b.rule)},
                      {"derivative", Derivative(b.name)}, {"signature", b.signature}});
    nlohmann::json py = nlohmann::json::array();
    for (const auto& b : sem::kPyBuiltins)
      py.push_back({{"name", b.name}, {"group", b.group}, {"signature", b.signature}, {"note", b.note}});
    nlohmann::json nn = nlohmann::json::array();
    for (const auto& f : StdlibFunctions("nn.ts")) nn.push_back({{"name", f.name}, {"params", f.params}, {"doc", f.doc}});
    nlohmann::json composite = nlohmann::json::array();
    for (const auto& c : kComposites)
      for (const auto& f : StdlibFunctions(c.file))
        composite.push_back({{"name", c.prefix + f.name}, {"params", f.params}, {"doc", f.doc}});
    nlohmann::json inplace = nlohmann::json::array();
    for (const auto& m : sem::kInPlaceMethods) inplace.push_back({{"name", m.name}, {"target", m.target}});
    nlohmann::json aliases = nlohmann::json::array();
    for (const auto& a : sem::kBuiltinAliases)
      aliases.push_back({{"name", a.name}, {"target", a.target}, {"note", a.note}});
    nlohmann::json methods = nlohmann::json::array();
    for (const auto& m : sem::kContainerMethods)
      methods.push_back({{"type", sem::ContainerTypeName(m.type)}, {"name", m.name},
                         {"mutates", m.effect == sem::MethodEffect::Mutate}, {"signature", m.signature},
                         {"note", m.note}});
    std::cout << nlohmann::json{{"tensor", rows}, {"python", py}, {"aliases", aliases}, {"methods", methods}, {"nn", nn},
                              {"inplace", inplace}, {"torch", composite}}.dump(2) << '\n';
    return kExitOk;
  }
  if (opts.format == "markdown") {
    PrintMarkdown();
    return kExitOk;
  }
  if (opts.format != "text") {
    std::cerr << "tcc explain --list-builtins: --format must be text, json or markdown\n";
    return kExitUsage;
  }
  std::printf("%-18s %-24s %-10s %-9s %-22s %s\n", "name", "forms", "graph op", "rule", "derivative", "signature");
  for (const auto& b : sem::kBuiltins)
    std::printf("%-18s %-24s %-10s %-9s %-22s %s\n", b.name, sem::FormName(b.form), b.op ? b.op_name : "-",
                sem::RuleName(b.rule), Derivative(b.name).c_str(), b.signature);
  std::printf("\n%-18s %s\n", "alias", "of");
  for (const auto& a : sem::kBuiltinAliases) std::printf("%-18s %s\n", a.name, a.target);
  std::printf("\n%-18s %s\n", "in-place method", "of");
  for (const auto& m : sem::kInPlaceMethods) std::printf("%-18s %s\n", m.name, m.target);
  std::printf("\n%-22s %-8s %s\n", "Python builtin", "group", "signature");
  for (const auto& b : sem::kPyBuiltins) std::printf("%-22s %-8s %s\n", b.name, b.group, b.signature);
  std::printf("\n%-34s %-7s %s\n", "method", "mutates", "signature");
  for (const auto& m : sem::kContainerMethods)
    std::printf("%-34s %-7s %s\n", (std::string(sem::ContainerTypeName(m.type)) + "." + m.name).c_str(),
                m.effect == sem::MethodEffect::Mutate ? "yes" : "no", m.signature);
  return kExitOk;
}

}  // namespace tcc::driver
