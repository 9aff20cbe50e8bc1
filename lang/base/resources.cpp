// Implements resource folder lookup (see resources.h).
#include "base/resources.h"

#include <cstdlib>
#include <filesystem>
#include <initializer_list>

namespace tcc {

std::string ExecutableDir() {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return ".";
  return exe.parent_path().string();
}

namespace {
// The first of `dirs` that exists, else the first.
std::string FirstDir(std::initializer_list<std::string> dirs) {
  std::error_code ec;
  for (const std::string& d : dirs)
    if (std::filesystem::is_directory(d, ec)) return d;
  return *dirs.begin();
}
}  // namespace

std::string StdlibDir() {
  const char* env = std::getenv("TCC_STDLIB");
  if (env && *env) return env;
  std::string exe = ExecutableDir();
  return FirstDir({exe + "/stdlib", exe + "/../share/tcc/stdlib", std::string(TCC_BUILD_DIR) + "/stdlib"});
}

bool InStdlib(const std::string& path) {
  static const std::string lib = StdlibDir();
  return !lib.empty() && path.rfind(lib, 0) == 0;
}

std::string RuntimeLibDir() {
  std::string exe = ExecutableDir();
  return FirstDir({exe + "/lib", exe + "/../lib/tcc", std::string(TCC_BUILD_DIR) + "/lib"});
}

}  // namespace tcc
