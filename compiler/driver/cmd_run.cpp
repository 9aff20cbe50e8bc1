// Implements `tcc run`.
#include "driver/commands.h"

namespace tcc::driver {

int RunRun(const CommonOptions&, const RunOptions&) { return NotAvailable("`tcc run`"); }

}  // namespace tcc::driver
