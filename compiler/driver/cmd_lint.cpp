// Implements `tcc lint`.
#include "driver/commands.h"

namespace tcc::driver {

int RunLint(const CommonOptions&, const LintOptions&) { return NotAvailable("`tcc lint`"); }

}  // namespace tcc::driver
