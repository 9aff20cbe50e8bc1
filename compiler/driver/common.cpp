// Implements helpers shared by the subcommands.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "driver/commands.h"
#include "parse/load.h"

namespace tcc::driver {

bool CommonOptions::UseColor() const {
  if (color == "always") return true;
  if (color == "never") return false;
  return isatty(fileno(stderr)) && getenv("NO_COLOR") == nullptr;
}

void Render(const DiagnosticEngine& diags, const CommonOptions& common) {
  if (common.diagnostic_format == "json") {
    if (!diags.diagnostics().empty()) std::cerr << ToJson(diags).dump(2) << '\n';
  } else {
    RenderAllText(diags, std::cerr, common.UseColor());
  }
}

std::unique_ptr<ast::Program> LoadForCommand(const std::string& file, const CommonOptions& common,
                                             DiagnosticEngine& diags, int* exit_code) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    diags.Report(DiagKind::CannotReadFile, nullptr, Loc{}, "`" + file + "` is a directory");
    Render(diags, common);
    *exit_code = kExitUsage;
    return nullptr;
  }
  std::unique_ptr<ast::Program> program = parse::LoadProgram(file, diags);
  if (!program || diags.has_errors()) {
    Render(diags, common);
    *exit_code = program ? kExitProgramError : kExitUsage;
    return nullptr;
  }
  return program;
}

int NotAvailable(const std::string& what) {
  std::cerr << "tcc: " << what << " is not available yet in this version\n";
  return kExitUsage;
}

}  // namespace tcc::driver
