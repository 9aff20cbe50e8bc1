// Declares the kernel views the HTML report shows (explain_html.cpp).
#pragma once

#include <vector>

#include "report/html.h"
#include "trace/trace.h"

namespace tcc::driver {

std::vector<report::KernelView> KernelViews(const trace::TraceResult& r);

}  // namespace tcc::driver
