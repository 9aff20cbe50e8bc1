// Defines linking object files with the tcc runtime into an executable,
// using the system `c++` driver and the static libraries in <dir of tcc>/lib.
#pragma once

#include <string>
#include <vector>

namespace tcc::codegen {

// Links `objects` (one per part of a split module) into `output`. Returns
// false with the linker's output in *error.
bool LinkExecutable(const std::vector<std::string>& objects, const std::string& output, const std::string& lib_dir,
                    std::string* error);

}  // namespace tcc::codegen
