// Tests .npy save/load round trips, error messages for missing and
// malformed files, and interop with NumPy (files written by /usr/bin/python3
// with numpy; the test is skipped with a warning when numpy is unavailable).
#include <cstdlib>
#include <fstream>

#include "test_util.h"

using namespace tt;

namespace {
std::string tmp(const std::string& name) { return std::string(TCC_TEST_TMP) + "/" + name; }
bool have_numpy() {
  std::string cmd = std::string(TCC_PYTHON3) + " -c 'import numpy' 2>/dev/null";
  return std::string(TCC_PYTHON3).size() > 0 && std::system(cmd.c_str()) == 0;
}
int py(const std::string& code) {
  std::string cmd = std::string(TCC_PYTHON3) + " -c \"" + code + "\"";
  return std::system(cmd.c_str());
}
void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f << bytes;
}
}  // namespace

TEST_CASE("npy round trip for every dtype", "[npy]") {
  std::vector<Tensor> ts = {F({1.5, -2, 3, 4, 5, 6}, Dims{2, 3}), F({1, 2}, {}, DType::F64),
                            I({1, -2, 3}), I({7}, {}, DType::I32), B({1, 0, 1}),
                            Tensor::scalar(S(2.5)), zeros(Dims{0, 4})};
  for (size_t i = 0; i < ts.size(); ++i) {
    std::string path = tmp("rt" + std::to_string(i) + ".npy");
    save_npy(path, ts[i]);
    Tensor back = load_npy(path);
    CHECK(back.dtype() == ts[i].dtype());
    CHECK(shape(back) == shape(ts[i]));
    CHECK(vals(back) == vals(ts[i]));
  }
  // a strided view is saved in logical (C) order
  save_npy(tmp("view.npy"), t_T(reshape(arange(Si(6)), Dims{2, 3})));
  CHECK(vals(load_npy(tmp("view.npy"))) == std::vector<double>{0, 3, 1, 4, 2, 5});
}

TEST_CASE("npy errors", "[npy][error]") {
  CHECK_TENSOR_ERROR(load_npy(tmp("does_not_exist.npy")), "load: cannot open");
  write_bytes(tmp("bad_magic.npy"), "hello world, not numpy");
  CHECK_TENSOR_ERROR(load_npy(tmp("bad_magic.npy")), "is not a .npy file (bad magic)");
  std::string h = "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }";
  write_bytes(tmp("complex.npy"), std::string("\x93NUMPY\x01\x00", 8) + char(h.size()) + '\0' + h);
  CHECK_TENSOR_ERROR(load_npy(tmp("complex.npy")), "unsupported dtype '<c8'");
  std::string h2 = "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }";
  write_bytes(tmp("short.npy"), std::string("\x93NUMPY\x01\x00", 8) + char(h2.size()) + '\0' + h2 + "abcd");
  CHECK_TENSOR_ERROR(load_npy(tmp("short.npy")), "is truncated (expected 16 data bytes, found 4)");
  std::string h3 = "{'descr': '<f4', 'shape': (4,), }";
  write_bytes(tmp("noorder.npy"), std::string("\x93NUMPY\x01\x00", 8) + char(h3.size()) + '\0' + h3);
  CHECK_TENSOR_ERROR(load_npy(tmp("noorder.npy")), "malformed header");
  write_bytes(tmp("trunc_header.npy"), std::string("\x93NUMPY\x01\x00\x50\x00{'descr'", 17));
  CHECK_TENSOR_ERROR(load_npy(tmp("trunc_header.npy")), "truncated");
  CHECK_TENSOR_ERROR(save_npy("/nonexistent_dir/x.npy", F({1})), "save: cannot open");
}

TEST_CASE("npy interop with NumPy", "[npy][numpy]") {
  if (!have_numpy()) {
    WARN("python3-numpy not available: skipping NumPy interop");
    return;
  }
  std::string d = TCC_TEST_TMP;
  // NumPy writes: C and Fortran order, v2 header, big-endian, each dtype
  REQUIRE(py("import numpy as np; d='" + d + "'; "
             "np.save(d+'/np_f4.npy', np.arange(6, dtype='<f4').reshape(2,3)/4); "
             "np.save(d+'/np_fortran.npy', np.asfortranarray(np.arange(6, dtype='<i8').reshape(2,3))); "
             "np.save(d+'/np_b1.npy', np.array([True, False, True])); "
             "np.save(d+'/np_i4.npy', np.array([[-1, 2]], dtype='<i4')); "
             "np.save(d+'/np_be.npy', np.array([1.5, -2.0], dtype='>f8')); "
             "np.save(d+'/np_scalar.npy', np.float64(7.25)); "
             "np.lib.format.write_array(open(d+'/np_v2.npy','wb'), np.ones(3, dtype='<f4'), version=(2,0))") == 0);
  Tensor f4 = load_npy(d + "/np_f4.npy");
  CHECK(f4.dtype() == DType::F32);
  CHECK(vals(f4) == std::vector<double>{0, 0.25, 0.5, 0.75, 1, 1.25});
  Tensor fo = load_npy(d + "/np_fortran.npy");
  CHECK(shape(fo) == std::vector<int64_t>{2, 3});
  CHECK(vals(fo) == std::vector<double>{0, 1, 2, 3, 4, 5});
  CHECK(vals(load_npy(d + "/np_b1.npy")) == std::vector<double>{1, 0, 1});
  Tensor i4 = load_npy(d + "/np_i4.npy");
  CHECK(i4.dtype() == DType::I32);
  CHECK(vals(i4) == std::vector<double>{-1, 2});
  CHECK(vals(load_npy(d + "/np_be.npy")) == std::vector<double>{1.5, -2.0});
  Tensor sc = load_npy(d + "/np_scalar.npy");
  CHECK(sc.dim() == 0);
  CHECK(sc.item().to_double() == 7.25);
  CHECK(vals(load_npy(d + "/np_v2.npy")) == std::vector<double>{1, 1, 1});

  // we write, NumPy reads back identically
  save_npy(d + "/ours_f4.npy", binary(BinaryOp::Mul, f4, S(2.0)));
  save_npy(d + "/ours_b1.npy", B({0, 1}));
  save_npy(d + "/ours_i8.npy", reshape(arange(Si(24)), Dims{2, 3, 4}));
  save_npy(d + "/ours_f8.npy", Tensor::scalar(S(0.1), DType::F64));
  CHECK(py("import numpy as np; d='" + d + "'; "
           "a=np.load(d+'/ours_f4.npy'); assert a.dtype==np.float32 and a.shape==(2,3) and (a==np.arange(6,dtype='f4').reshape(2,3)/2).all(); "
           "b=np.load(d+'/ours_b1.npy'); assert b.dtype==np.bool_ and b.tolist()==[False, True]; "
           "c=np.load(d+'/ours_i8.npy'); assert c.dtype==np.int64 and (c==np.arange(24).reshape(2,3,4)).all(); "
           "e=np.load(d+'/ours_f8.npy'); assert e.shape==() and e==0.1") == 0);
}
