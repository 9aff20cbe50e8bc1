// Implements ReadNpyType: the dtype and rank of a .npy file found at compile
// time, so tensors that `load` reads at run time get a known rank and dtype
// (their sizes stay symbolic: the data may differ at run time; guards check).
#include <fstream>

#include "semantics/npy_header.h"
#include "trace/tracer.h"

namespace tcc::trace {

std::optional<graph::TensorType> ReadNpyType(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  sem::NpyHeader h;  // the runtime's parser (semantics/npy_header.h)
  if (!sem::ReadNpyHeader(in, &h).empty()) return std::nullopt;
  graph::TensorType t;
  t.dtype = h.dtype;
  for (int64_t d : h.shape) t.shape.push_back(graph::Dim::Static(d));
  return t;
}

}  // namespace tcc::trace
