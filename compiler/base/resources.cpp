// Implements resource folder lookup (see resources.h).
#include "base/resources.h"

#include <cstdlib>
#include <filesystem>

namespace tcc {

std::string ExecutableDir() {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return ".";
  return exe.parent_path().string();
}

std::string StdlibDir() {
  const char* env = std::getenv("TCC_STDLIB");
  if (env && *env) return env;
  return ExecutableDir() + "/stdlib";
}

std::string RuntimeLibDir() { return ExecutableDir() + "/lib"; }

}  // namespace tcc
