// Defines how `tcc build` writes what it made: files written whole, and the
// executable linked from its objects through temporary files, then renamed
// into place (or written through, for a device such as /dev/null).
#pragma once

#include <string>
#include <vector>

namespace tcc::driver {

// Writes `data` to `path`; false when the file cannot be written.
bool WriteFile(const std::string& path, const std::string& data);

// Links the object files' contents with the runtime into `output`. Returns
// kExitOk, or prints the error and returns the exit code.
int WriteExecutable(const std::vector<std::string>& objects, const std::string& output);

}  // namespace tcc::driver
