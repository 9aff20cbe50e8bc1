// Implements `tcc parse FILE [--dump-ast]`: parses one file, prints its
// diagnostics to stderr (text or JSON) and, on request, the AST to stdout.
// Exit codes: 0 parsed cleanly, 1 the file has errors, 2 it cannot be read.
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "ast/dump.h"
#include "driver/commands.h"
#include "parse/parse.h"

namespace tcc::driver {

int RunParse(const CommonOptions& common, const ParseOptions& opts) {
  DiagnosticEngine diags;
  std::string error;
  std::error_code ec;
  std::optional<SourceFile> file;
  if (std::filesystem::is_directory(opts.file, ec)) {
    error = "`" + opts.file + "` is a directory";
  } else {
    file = SourceFile::Read(opts.file, &error);
  }
  if (!file) {
    diags.Report(DiagKind::CannotReadFile, nullptr, Loc{}, error);
    if (common.diagnostic_format == "json") {
      std::cerr << ToJson(diags).dump(2) << '\n';
    } else {
      RenderAllText(diags, std::cerr, common.UseColor());
    }
    return kExitUsage;
  }
  auto source = std::make_shared<const SourceFile>(std::move(*file));
  std::unique_ptr<ast::Module> module = parse::Parse(source, diags);
  if (common.diagnostic_format == "json") {
    std::cerr << ToJson(diags).dump(2) << '\n';
  } else {
    RenderAllText(diags, std::cerr, common.UseColor());
  }
  if (diags.has_errors()) return kExitProgramError;
  if (opts.dump_ast) std::cout << ast::DumpModule(*module);
  return kExitOk;
}

}  // namespace tcc::driver
