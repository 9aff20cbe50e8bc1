// Defines where tcc finds its resources, relative to the running executable
// (see runtime/README.md for the layout). The first folder that exists wins:
//   stdlib  $TCC_STDLIB; <exe dir>/stdlib (the build tree);
//           <exe dir>/../share/tcc/stdlib (`cmake --install`); the build
//           tree tcc was built in (a copied binary)
//   lib     <exe dir>/lib; <exe dir>/../lib/tcc; the build tree's lib
#pragma once

#include <string>

namespace tcc {

// The folder holding the running executable (from /proc/self/exe), or "."
// when it cannot be determined.
std::string ExecutableDir();
// The standard library's folder (see above).
std::string StdlibDir();
// Whether `path` is a file of the standard library (under StdlibDir()).
bool InStdlib(const std::string& path);
// The runtime libraries linked into built programs (see above).
std::string RuntimeLibDir();

}  // namespace tcc
