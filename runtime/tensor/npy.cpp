// npy.cpp: implements load_npy / save_npy (NumPy .npy format 1.0/2.0/3.0;
// dtypes f4 f8 i8 i4 b1 in either byte order; C and Fortran order).
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "semantics/npy_header.h"
#include "tensor/internal.h"
#include "tensor/io.h"

namespace tcc::rt {
using namespace detail;

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw TensorError("load: '" + path + "' " + what);
}

}  // namespace

Tensor load_npy(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw TensorError("load: cannot open '" + path + "': " + std::strerror(errno));
  sem::NpyHeader hdr;  // lang/semantics/npy_header.h, shared with the tracer
  std::string bad = sem::ReadNpyHeader(f, &hdr);
  if (!bad.empty()) fail(path, bad);
  DType dt = hdr.dtype;
  bool swap = hdr.big_endian;
  bool fortran = hdr.fortran_order;
  if (hdr.shape.size() > size_t(kMaxDims)) fail(path, "has more than 8 dimensions");
  Dims shape;
  for (int64_t d : hdr.shape) shape.push_back(d);
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
  std::string descr = sem::NpyDescr(t.dtype());
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
