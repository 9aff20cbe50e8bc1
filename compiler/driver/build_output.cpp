// Implements build_output.h.
#include "driver/build_output.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "base/resources.h"
#include "codegen/link.h"
#include "driver/commands.h"

namespace tcc::driver {

namespace fs = std::filesystem;

bool WriteFile(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary);
  f.write(data.data(), static_cast<std::streamsize>(data.size()));
  return static_cast<bool>(f);
}

int WriteExecutable(const std::vector<std::string>& objects, const std::string& output) {
  std::error_code ec;
  if (fs::is_directory(output, ec)) {
    std::cerr << "tcc: error: cannot write `" << output << "`: it is a directory [TS6004 cannot_write_output]\n";
    return kExitProgramError;
  }
  bool special = fs::exists(output, ec) && !fs::is_regular_file(output, ec);
  std::string pid = std::to_string(getpid());
  std::string tmp_out = special ? (fs::temp_directory_path() / ("tcc-out-" + pid)).string() : output + ".tmp" + pid;
  // The objects go through temporary files next to nothing the user owns.
  std::vector<std::string> paths;
  auto remove_objects = [&] {
    for (const auto& p : paths) fs::remove(p, ec);
  };
  for (size_t i = 0; i < objects.size(); ++i) {
    paths.push_back((fs::temp_directory_path() / ("tcc-" + pid + "-" + std::to_string(i) + ".o")).string());
    if (!WriteFile(paths.back(), objects[i])) {
      std::cerr << "tcc: error: cannot write `" << paths.back() << "` [TS6004 cannot_write_output]\n";
      remove_objects();
      return kExitProgramError;
    }
  }
  std::string err;
  bool linked = codegen::LinkExecutable(paths, tmp_out, RuntimeLibDir(), &err);
  remove_objects();
  if (!linked) {
    fs::remove(tmp_out, ec);
    std::cerr << "tcc: error: " << err << " [TS6003 link_failed]\n";
    return kExitInternal;
  }
  ec.clear();
  if (special) {
    // A device such as /dev/null (or a FIFO): write into it, never replace it.
    std::ifstream in(tmp_out, std::ios::binary);
    std::ofstream out(output, std::ios::binary);
    out << in.rdbuf();
    bool ok = static_cast<bool>(out);
    fs::remove(tmp_out, ec);
    if (!ok) {
      std::cerr << "tcc: error: cannot write `" << output << "` [TS6004 cannot_write_output]\n";
      return kExitProgramError;
    }
    ec.clear();
  } else {
    fs::rename(tmp_out, output, ec);  // atomic: a concurrent `tcc run` never sees half a file
  }
  if (ec) {
    std::cerr << "tcc: error: cannot write `" << output << "`: " << ec.message() << " [TS6004 cannot_write_output]\n";
    return kExitProgramError;
  }
  return kExitOk;
}

}  // namespace tcc::driver
