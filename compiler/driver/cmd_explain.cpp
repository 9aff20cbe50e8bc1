// Implements `tcc explain`.
#include "driver/commands.h"

namespace tcc::driver {

int RunExplain(const CommonOptions&, const ExplainOptions&) { return NotAvailable("`tcc explain`"); }

}  // namespace tcc::driver
