// Implements `tcc build`.
#include "driver/commands.h"

namespace tcc::driver {

int RunBuild(const CommonOptions&, const BuildOptions&) { return NotAvailable("`tcc build`"); }

}  // namespace tcc::driver
