// io.h: declares tensor printing (torch's format) and .npy file I/O.
#pragma once

#include <string>

#include "tensor.h"

namespace tcc::rt {

// Formats a tensor exactly as torch's repr/str does (precision 4, linewidth
// 80, threshold 1000, edgeitems 3): "tensor([1.0000, 2.5000])",
// "tensor([1, 2, 3])", "tensor([ True, False])", "tensor(3.)", scientific
// notation, column alignment, nested rows, `...` summaries. A non-default
// dtype adds a suffix in TensorScript spelling: ", dtype=int32",
// ", dtype=float64" (torch would say torch.int32). Empty tensors print
// "tensor([])" (plus ", size=(0, 3)" and a dtype when not float32).
// `extra`: one more suffix after the dtype (autograd's `grad_fn=<MulBackward0>`).
std::string format_tensor(const Tensor& t, const std::string& extra = {});

// Loads a .npy file (format versions 1.0, 2.0 and 3.0; dtypes '<f4' '<f8'
// '<i8' '<i4' '|b1' and their '=' / big-endian spellings; C or Fortran
// order). Throws TensorError with the file name: "load: cannot open
// 'x.npy': No such file or directory", "load: 'x.npy' is not a .npy file
// (bad magic)", "load: 'x.npy': unsupported dtype '<c8'", "load: 'x.npy' is
// truncated (expected 48 data bytes, found 20)".
Tensor load_npy(const std::string& path);
// Saves in format 1.0 (C order, little-endian descr as above).
void save_npy(const std::string& path, const Tensor& t);

}  // namespace tcc::rt
