// Defines where tcc finds its installed resources, relative to the running
// executable (see runtime/README.md for the layout):
//   <exe dir>/stdlib  the TensorScript standard library (TCC_STDLIB overrides)
//   <exe dir>/lib     the runtime libraries linked into built programs
#pragma once

#include <string>

namespace tcc {

// The folder holding the running executable (from /proc/self/exe), or "."
// when it cannot be determined.
std::string ExecutableDir();
// $TCC_STDLIB when set and non-empty, else <exe dir>/stdlib.
std::string StdlibDir();
// <exe dir>/lib.
std::string RuntimeLibDir();

}  // namespace tcc
