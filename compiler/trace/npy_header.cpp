// Implements ReadNpyType: the dtype and rank of a .npy file found at compile
// time, so tensors that `load` reads at run time get a known rank and dtype
// (their sizes stay symbolic: the data may differ at run time; guards check).
#include <fstream>
#include <regex>

#include "trace/tracer.h"

namespace tcc::trace {

std::optional<graph::TensorType> ReadNpyType(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  char magic[8];
  if (!in.read(magic, 8) || std::string(magic, 6) != "\x93NUMPY") return std::nullopt;
  uint32_t len = 0;
  if (magic[6] == 1) {
    unsigned char b[2];
    if (!in.read(reinterpret_cast<char*>(b), 2)) return std::nullopt;
    len = b[0] | (b[1] << 8);
  } else {
    unsigned char b[4];
    if (!in.read(reinterpret_cast<char*>(b), 4)) return std::nullopt;
    len = b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<uint32_t>(b[3]) << 24);
  }
  if (len > 1 << 20) return std::nullopt;
  std::string header(len, '\0');
  if (!in.read(header.data(), len)) return std::nullopt;
  std::smatch m;
  if (!std::regex_search(header, m, std::regex("'descr'\\s*:\\s*'([<>|=]?)([a-z])(\\d+)'"))) return std::nullopt;
  graph::TensorType t;
  std::string kind = m[2], size = m[3];
  if (kind == "f" && size == "4") t.dtype = graph::DType::F32;
  else if (kind == "f" && size == "8") t.dtype = graph::DType::F64;
  else if (kind == "i" && size == "8") t.dtype = graph::DType::I64;
  else if (kind == "i" && size == "4") t.dtype = graph::DType::I32;
  else if (kind == "b" && size == "1") t.dtype = graph::DType::Bool;
  else return std::nullopt;
  if (!std::regex_search(header, m, std::regex("'shape'\\s*:\\s*\\(([^)]*)\\)"))) return std::nullopt;
  std::string dims = m[1];
  std::regex num("\\d+");
  for (auto it = std::sregex_iterator(dims.begin(), dims.end(), num); it != std::sregex_iterator(); ++it)
    t.shape.push_back(graph::Dim::Static(std::stoll(it->str())));
  return t;
}

}  // namespace tcc::trace
