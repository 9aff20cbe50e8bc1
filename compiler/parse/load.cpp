// Implements LoadProgram: the script, then its imports, depth-first.
#include "parse/load.h"

#include <filesystem>
#include <set>

#include "base/resources.h"
#include "parse/parse.h"

namespace tcc::parse {

namespace {

namespace fs = std::filesystem;
using namespace ast;

struct ImportRef {
  std::string module;
  Loc loc;
  bool optional = false;  // `from a import b`: `a.b` is loaded when it is a module file
};

// `import a.b.c` imports a, then a.b, then a.b.c, as Python does.
void AddWithParents(const std::string& dotted, Loc loc, std::vector<ImportRef>& out) {
  for (size_t dot = dotted.find('.'); dot != std::string::npos; dot = dotted.find('.', dot + 1))
    out.push_back({dotted.substr(0, dot), loc});
  out.push_back({dotted, loc});
}

void CollectImports(const Block& block, std::vector<ImportRef>& out) {
  for (const auto& s : block) {
    switch (s->kind) {
      case StmtKind::ImportStmt:
        for (const Alias& a : cast<ImportStmt>(s.get())->names) AddWithParents(a.name, a.loc, out);
        break;
      case StmtKind::ImportFromStmt: {
        const auto* f = cast<ImportFromStmt>(s.get());
        AddWithParents(f->module, s->loc(), out);
        for (const Alias& a : f->names) out.push_back({f->module + "." + a.name, a.loc, true});
        break;
      }
      case StmtKind::FunctionDef: CollectImports(cast<FunctionDef>(s.get())->body, out); break;
      case StmtKind::ClassDef: CollectImports(cast<ClassDef>(s.get())->body, out); break;
      case StmtKind::IfStmt:
        CollectImports(cast<IfStmt>(s.get())->body, out);
        CollectImports(cast<IfStmt>(s.get())->orelse, out);
        break;
      case StmtKind::ForStmt: CollectImports(cast<ForStmt>(s.get())->body, out); break;
      case StmtKind::WhileStmt: CollectImports(cast<WhileStmt>(s.get())->body, out); break;
      case StmtKind::WithStmt: CollectImports(cast<WithStmt>(s.get())->body, out); break;
      case StmtKind::ExprStmt: case StmtKind::AssignStmt: case StmtKind::AugAssignStmt:
      case StmtKind::AnnAssignStmt: case StmtKind::ReturnStmt: case StmtKind::BreakStmt:
      case StmtKind::ContinueStmt: case StmtKind::PassStmt: case StmtKind::AssertStmt:
      case StmtKind::TryStmt: case StmtKind::RaiseStmt: case StmtKind::GlobalStmt:
      case StmtKind::NonlocalStmt: case StmtKind::DelStmt: break;
    }
  }
}

std::string ModulePath(const std::string& dotted) {
  std::string rel = dotted;
  for (char& c : rel) {
    if (c == '.') c = '/';
  }
  return rel + ".ts";
}

class Loader {
 public:
  Loader(std::string script_dir, std::string stdlib_dir, DiagnosticEngine& diags)
      : script_dir_(std::move(script_dir)), stdlib_dir_(std::move(stdlib_dir)), diags_(diags) {}

  void Load(const std::string& name, SourceFilePtr file, Program& program, bool stdlib = false) {
    loaded_.insert(name);
    std::unique_ptr<Module> module = Parse(file, diags_);
    std::vector<ImportRef> imports;
    CollectImports(module->body, imports);
    const SourceFile* importer = file.get();
    program.modules.push_back(ProgramModule{name, std::move(module), stdlib});
    for (const ImportRef& ref : imports) {
      if (loaded_.count(ref.module)) continue;
      bool in_stdlib = false;
      std::string path = Resolve(ref.module, &in_stdlib);
      if (ref.optional && path.empty()) continue;
      std::string error;
      std::optional<SourceFile> src;
      if (path == kPackageDir) src = SourceFile(ModulePath(ref.module), "");  // a folder: an empty package
      else if (!path.empty()) src = SourceFile::Read(path, &error);
      if (!src) {
        Diagnostic& d = diags_.Report(DiagKind::UnknownModule, importer, ref.loc,
                                      "no module named `" + ref.module + "`");
        d.hint = "looked for `" + ModulePath(ref.module) + "` in `" + DisplayDir(script_dir_) +
                 "` and in the standard library `" + stdlib_dir_ + "`";
        loaded_.insert(ref.module);  // report each missing module once
        continue;
      }
      Load(ref.module, std::make_shared<const SourceFile>(std::move(*src)), program, in_stdlib);
    }
  }

 private:
  static std::string DisplayDir(const std::string& d) { return d.empty() ? "." : d; }

  static constexpr const char* kPackageDir = "<package>";

  // `a.b` is the file a/b.ts, else (a package without a file of its own)
  // the folder a/b, in the script's folder, then the standard library.
  std::string Resolve(const std::string& module, bool* in_stdlib) const {
    std::string rel = ModulePath(module);
    std::string folder = rel.substr(0, rel.size() - 3);
    std::error_code ec;
    for (const std::string* dirp : {&script_dir_, &stdlib_dir_}) {
      const std::string& dir = *dirp;
      *in_stdlib = dirp == &stdlib_dir_;
      fs::path p = dir.empty() ? fs::path(rel) : fs::path(dir) / rel;
      if (fs::is_regular_file(p, ec)) return p.string();
      fs::path d = dir.empty() ? fs::path(folder) : fs::path(dir) / folder;
      if (fs::is_directory(d, ec)) return kPackageDir;
    }
    return "";
  }

  std::string script_dir_;
  std::string stdlib_dir_;
  DiagnosticEngine& diags_;
  std::set<std::string> loaded_;
};

}  // namespace

std::unique_ptr<Program> LoadProgram(const std::string& main_path, const std::string& stdlib_dir,
                                     DiagnosticEngine& diags) {
  std::string error;
  std::error_code ec;
  std::optional<SourceFile> src;
  if (fs::is_directory(main_path, ec)) {
    error = "`" + main_path + "` is a directory";
  } else {
    src = SourceFile::Read(main_path, &error);
  }
  if (!src) {
    diags.Report(DiagKind::CannotReadFile, nullptr, Loc{}, error);
    return nullptr;
  }
  auto program = std::make_unique<Program>();
  Loader loader(fs::path(main_path).parent_path().string(), stdlib_dir, diags);
  loader.Load("main", std::make_shared<const SourceFile>(std::move(*src)), *program);
  return program;
}

std::unique_ptr<Program> LoadProgram(const std::string& main_path, DiagnosticEngine& diags) {
  return LoadProgram(main_path, StdlibDir(), diags);
}

}  // namespace tcc::parse
