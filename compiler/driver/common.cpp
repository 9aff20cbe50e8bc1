// Implements helpers shared by the subcommands.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "driver/commands.h"

namespace tcc::driver {

bool CommonOptions::UseColor() const {
  if (color == "always") return true;
  if (color == "never") return false;
  return isatty(fileno(stderr)) && getenv("NO_COLOR") == nullptr;
}

int NotAvailable(const std::string& what) {
  std::cerr << "tcc: " << what << " is not available yet in this version\n";
  return kExitUsage;
}

}  // namespace tcc::driver
