// Defines linking an object file with the tcc runtime into an executable,
// using the system `c++` driver and the static libraries in <dir of tcc>/lib.
#pragma once

#include <string>

namespace tcc::codegen {

// Links `object` into `output`. Returns false with the linker's output in *error.
bool LinkExecutable(const std::string& object, const std::string& output, const std::string& lib_dir,
                    std::string* error);

}  // namespace tcc::codegen
