// The header of a NumPy .npy file (format 1.0/2.0/3.0), parsed once for the
// runtime's `load` (runtime/tensor/npy.cpp) and the tracer, which reads the
// dtype and rank of a file found at compile time (trace/npy_header.cpp).
// dtype codes come from dtypes.def: kind (f, i, b) and size, `<f4`, `|b1`.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <istream>
#include <sstream>
#include <string>
#include <vector>

#include "semantics/dtype.h"

namespace tcc::sem {

// "<f4", "<i8", "|b1": the little-endian descr of a dtype.
inline std::string NpyDescr(DType t) {
  char kind = IsFloating(t) ? 'f' : IsIntegral(t) ? 'i' : 'b';
  return std::string(DTypeBytes(t) == 1 ? "|" : "<") + kind + std::to_string(DTypeBytes(t));
}

struct NpyHeader {
  DType dtype = DType::F32;
  bool big_endian = false;
  bool fortran_order = false;
  std::vector<int64_t> shape;
};

namespace npy_detail {
// The value text after 'key': in the header dict (up to the next , or }
// outside parentheses and quotes); empty when the key is missing.
inline std::string DictValue(const std::string& h, const std::string& key, bool* found) {
  size_t k = h.find("'" + key + "'");
  if (k == std::string::npos) k = h.find("\"" + key + "\"");
  size_t c = k == std::string::npos ? k : h.find(':', k + key.size() + 2);
  *found = c != std::string::npos;
  if (!*found) return "";
  size_t i = c + 1;
  while (i < h.size() && h[i] == ' ') ++i;
  size_t j = i;
  int depth = 0;
  char quote = 0;
  for (; j < h.size(); ++j) {
    char ch = h[j];
    if (quote) { if (ch == quote) quote = 0; continue; }
    if (ch == '\'' || ch == '"') quote = ch;
    else if (ch == '(') ++depth;
    else if (ch == ')') --depth;
    else if ((ch == ',' || ch == '}') && depth == 0) break;
  }
  std::string v = h.substr(i, j - i);
  while (!v.empty() && v.back() == ' ') v.pop_back();
  return v;
}
}  // namespace npy_detail

// Reads the magic, version and header of the .npy stream `in`, leaving it at
// the data. Returns "" or what is wrong, in the words of load's errors
// ("is truncated (header)").
inline std::string ReadNpyHeader(std::istream& in, NpyHeader* out) {
  char magic[8];
  if (!in.read(magic, 8) || std::string(magic, 6) != "\x93NUMPY") return "is not a .npy file (bad magic)";
  int major = static_cast<unsigned char>(magic[6]);
  uint32_t hlen = 0;
  unsigned char b[4] = {0, 0, 0, 0};
  if (major == 1) {
    if (!in.read(reinterpret_cast<char*>(b), 2)) return "is truncated (header)";
  } else if (major == 2 || major == 3) {
    if (!in.read(reinterpret_cast<char*>(b), 4)) return "is truncated (header)";
  } else {
    return "has unsupported .npy format version " + std::to_string(major);
  }
  hlen = b[0] | (uint32_t(b[1]) << 8) | (uint32_t(b[2]) << 16) | (uint32_t(b[3]) << 24);
  if (hlen > (1u << 24)) return "has a malformed header (too long)";
  std::string h(hlen, '\0');
  if (!in.read(h.data(), hlen)) return "is truncated (header)";
  bool found;
  std::string descr = npy_detail::DictValue(h, "descr", &found);
  if (!found) return "has a malformed header (no 'descr')";
  std::string forder = npy_detail::DictValue(h, "fortran_order", &found);
  if (!found) return "has a malformed header (no 'fortran_order')";
  std::string shape_s = npy_detail::DictValue(h, "shape", &found);
  if (!found) return "has a malformed header (no 'shape')";
  if (descr.size() < 4 || (descr[0] != '\'' && descr[0] != '"')) return "has a malformed header (descr)";
  descr = descr.substr(1, descr.size() - 2);
  char order = descr[0];
  bool known = false;
  for (int i = 0; i < kNumDTypes && !known; ++i) {
    std::string want = NpyDescr(DType(i)).substr(1);
    if (descr.substr(1) == want) { out->dtype = DType(i); known = true; }
  }
  if (!known) return "has unsupported dtype '" + descr + "' (supported: <f4 <f8 <i8 <i4 |b1)";
  if (order != '<' && order != '>' && order != '|' && order != '=') return "has unsupported dtype '" + descr + "'";
  out->big_endian = order == '>' && DTypeBytes(out->dtype) > 1;
  if (forder == "True") out->fortran_order = true;
  else if (forder == "False") out->fortran_order = false;
  else return "has a malformed header (fortran_order)";
  if (shape_s.size() < 2 || shape_s.front() != '(' || shape_s.back() != ')') return "has a malformed header (shape)";
  out->shape.clear();
  std::stringstream ss(shape_s.substr(1, shape_s.size() - 2));
  std::string item;
  while (std::getline(ss, item, ',')) {
    size_t a = item.find_first_not_of(' '), e = item.find_last_not_of(" L");
    if (a == std::string::npos) continue;
    std::string num = item.substr(a, e - a + 1);
    char* end = nullptr;
    long long v = std::strtoll(num.c_str(), &end, 10);
    if (num.empty() || *end != '\0' || v < 0) return "has a malformed header (shape)";
    out->shape.push_back(v);
  }
  return "";
}

}  // namespace tcc::sem
