// npy.cpp: implements load_npy / save_npy (NumPy .npy format 1.0/2.0/3.0;
// dtypes f4 f8 i8 i4 b1 in either byte order; C and Fortran order).
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "tensor/internal.h"
#include "tensor/io.h"

namespace tcc::rt {
using namespace detail;

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw TensorError("load: '" + path + "' " + what);
}

// Value text after 'key': in the header dict (trimmed at the next , or }
// outside parentheses/quotes).
std::string dict_value(const std::string& h, const std::string& key, const std::string& path) {
  size_t k = h.find("'" + key + "'");
  if (k == std::string::npos) k = h.find("\"" + key + "\"");
  if (k == std::string::npos) fail(path, "has a malformed header (no '" + key + "')");
  size_t c = h.find(':', k + key.size() + 2);
  if (c == std::string::npos) fail(path, "has a malformed header");
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

}  // namespace

Tensor load_npy(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw TensorError("load: cannot open '" + path + "': " + std::strerror(errno));
  char magic[8];
  if (!f.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0) fail(path, "is not a .npy file (bad magic)");
  int major = static_cast<unsigned char>(magic[6]);
  uint32_t hlen = 0;
  if (major == 1) {
    unsigned char b[2];
    if (!f.read(reinterpret_cast<char*>(b), 2)) fail(path, "is truncated (header)");
    hlen = b[0] | (uint32_t(b[1]) << 8);
  } else if (major == 2 || major == 3) {
    unsigned char b[4];
    if (!f.read(reinterpret_cast<char*>(b), 4)) fail(path, "is truncated (header)");
    hlen = b[0] | (uint32_t(b[1]) << 8) | (uint32_t(b[2]) << 16) | (uint32_t(b[3]) << 24);
  } else {
    fail(path, "has unsupported .npy format version " + std::to_string(major));
  }
  if (hlen > (1u << 24)) fail(path, "has a malformed header (too long)");
  std::string h(hlen, '\0');
  if (!f.read(h.data(), hlen)) fail(path, "is truncated (header)");
  std::string descr = dict_value(h, "descr", path);
  std::string forder = dict_value(h, "fortran_order", path);
  std::string shape_s = dict_value(h, "shape", path);
  if (descr.size() < 4 || (descr[0] != '\'' && descr[0] != '"')) fail(path, "has a malformed header (descr)");
  descr = descr.substr(1, descr.size() - 2);
  char order = descr[0];
  std::string code = descr.substr(1);
  DType dt;
  if (code == "f4") dt = DType::Float32;
  else if (code == "f8") dt = DType::Float64;
  else if (code == "i8") dt = DType::Int64;
  else if (code == "i4") dt = DType::Int32;
  else if (code == "b1") dt = DType::Bool;
  else fail(path, "has unsupported dtype '" + descr + "' (supported: <f4 <f8 <i8 <i4 |b1)");
  if (order != '<' && order != '>' && order != '|' && order != '=')
    fail(path, "has unsupported dtype '" + descr + "'");
  bool swap = order == '>' && dtype_size(dt) > 1;
  bool fortran;
  if (forder == "True") fortran = true;
  else if (forder == "False") fortran = false;
  else fail(path, "has a malformed header (fortran_order)");
  if (shape_s.size() < 2 || shape_s.front() != '(' || shape_s.back() != ')')
    fail(path, "has a malformed header (shape)");
  Dims shape;
  {
    std::string inner = shape_s.substr(1, shape_s.size() - 2);
    std::stringstream ss(inner);
    std::string item;
    while (std::getline(ss, item, ',')) {
      size_t a = item.find_first_not_of(' '), b = item.find_last_not_of(" L");
      if (a == std::string::npos) continue;
      std::string num = item.substr(a, b - a + 1);
      char* end = nullptr;
      long long v = std::strtoll(num.c_str(), &end, 10);
      if (num.empty() || *end != '\0' || v < 0) fail(path, "has a malformed header (shape)");
      if (shape.size() >= kMaxDims) fail(path, "has more than 8 dimensions");
      shape.push_back(v);
    }
  }
  Dims storage_shape = shape;
  if (fortran) std::reverse(storage_shape.begin(), storage_shape.end());
  Tensor t = Tensor::empty(storage_shape, dt);
  size_t want = size_t(t.numel()) * dtype_size(dt);
  f.read(static_cast<char*>(t.data_ptr()), std::streamsize(want));
  size_t got = size_t(f.gcount());
  if (got != want)
    fail(path, "is truncated (expected " + std::to_string(want) + " data bytes, found " + std::to_string(got) + ")");
  char* p = static_cast<char*>(t.data_ptr());
  size_t w = dtype_size(dt);
  if (swap)
    for (size_t i = 0; i < want; i += w) std::reverse(p + i, p + i + w);
  if (dt == DType::Bool)
    for (size_t i = 0; i < want; ++i) p[i] = p[i] != 0;
  if (fortran) {
    Dims perm;
    for (int i = shape.size() - 1; i >= 0; --i) perm.push_back(i);
    return contiguous(permute(t, perm));
  }
  return t;
}

void save_npy(const std::string& path, const Tensor& t0) {
  if (!t0.defined()) throw TensorError("save: undefined tensor");
  Tensor t = contiguous(t0);
  const char* descr = "<f4";
  switch (t.dtype()) {
    case DType::Float32: descr = "<f4"; break;
    case DType::Float64: descr = "<f8"; break;
    case DType::Int64: descr = "<i8"; break;
    case DType::Int32: descr = "<i4"; break;
    case DType::Bool: descr = "|b1"; break;
  }
  std::string shape = "(";
  for (int i = 0; i < t.dim(); ++i) {
    if (i) shape += ", ";
    shape += std::to_string(t.sizes()[i]);
  }
  if (t.dim() == 1) shape += ",";
  shape += ")";
  std::string h = std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + h.size() + 1;
  size_t pad = (64 - total % 64) % 64;
  h.append(pad, ' ');
  h += '\n';
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw TensorError("save: cannot open '" + path + "' for writing: " + std::strerror(errno));
  f.write("\x93NUMPY\x01\x00", 8);
  unsigned char len[2] = {static_cast<unsigned char>(h.size() & 0xff), static_cast<unsigned char>(h.size() >> 8)};
  f.write(reinterpret_cast<const char*>(len), 2);
  f.write(h.data(), std::streamsize(h.size()));
  f.write(static_cast<const char*>(t.data_ptr()), std::streamsize(size_t(t.numel()) * dtype_size(t.dtype())));
  if (!f) throw TensorError("save: failed writing '" + path + "'");
}

}  // namespace tcc::rt
