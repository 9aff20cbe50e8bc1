// Implements `tcc parse`.
#include "driver/commands.h"

namespace tcc::driver {

int RunParse(const CommonOptions&, const ParseOptions&) { return NotAvailable("`tcc parse`"); }

}  // namespace tcc::driver
