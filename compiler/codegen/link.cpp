// Implements LinkExecutable: `c++ OBJ... -o OUT -L LIB --start-group <runtime libs>
// --end-group -lpthread -ldl -lm`, run without a shell, with lld when
// installed and without debug info (the runtime's is not needed by users).
#include "codegen/link.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

namespace tcc::codegen {

namespace {

// Runs argv, capturing stdout+stderr; returns the exit status (-1 if it could not run).
int RunCapture(const std::vector<std::string>& argv, std::string* output) {
  int pipefd[2];
  if (pipe(pipefd) != 0) return -1;
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    dup2(pipefd[1], 1);
    dup2(pipefd[1], 2);
    close(pipefd[0]);
    close(pipefd[1]);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(pipefd[1]);
  char buf[4096];
  ssize_t n;
  while ((n = read(pipefd[0], buf, sizeof buf)) > 0) output->append(buf, static_cast<size_t>(n));
  close(pipefd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

bool LinkExecutable(const std::vector<std::string>& objects, const std::string& output, const std::string& lib_dir,
                    std::string* error) {
  // The runtime libraries, users before what they use; the group makes the order forgiving.
  const char* libs[] = {"tcc_interp", "tcc_tensor", "tcc_ast", "tcc_diagnostics", "tcc_base"};
  std::vector<std::string> argv = {"c++"};
  argv.insert(argv.end(), objects.begin(), objects.end());
  argv.insert(argv.end(), {"-o", output, "-L" + lib_dir, "-Wl,--start-group"});
  bool any = false;
  for (const char* l : libs) {
    if (!std::filesystem::exists(lib_dir + "/lib" + l + ".a")) continue;
    argv.push_back(std::string("-l") + l);
    any = true;
  }
  if (!any) {
    *error = "the tcc runtime libraries are missing from " + lib_dir;
    return false;
  }
  argv.insert(argv.end(), {"-Wl,--end-group", "-lpthread", "-ldl", "-lm", "-Wl,--strip-debug"});
#ifdef TCC_LINK_SANITIZERS
  argv.push_back(TCC_LINK_SANITIZERS);  // this tcc's runtime libraries are sanitized
#endif
  // lld links the runtime about 3x faster than bfd ld (compile-time budget: < 1 s).
  for (const char* dir : {"/usr/lib/llvm-19/bin", "/usr/bin"}) {
    if (std::filesystem::exists(std::string(dir) + "/ld.lld")) {
      argv.insert(argv.begin() + 1, {"-fuse-ld=lld", std::string("-B") + dir});
      break;
    }
  }
  std::string out;
  int rc = RunCapture(argv, &out);
  if (rc != 0) {
    *error = (rc == 127 || rc < 0 ? "cannot run the system linker `c++`\n" : "linking failed:\n") + out;
    return false;
  }
  return true;
}

}  // namespace tcc::codegen
