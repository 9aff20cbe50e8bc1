// conv_winograd.h: float32 3x3 stride-1 convolution by Winograd's minimal
// filtering F(2x2, 3x3) (Lavin & Gray, "Fast Algorithms for Convolutional
// Neural Networks", 2016): each 2x2 block of outputs costs 16 multiplies per
// (input, output) channel pair instead of 36, done as 16 GEMMs per block of
// tiles, so 2.25x fewer flops than im2col + GEMM. Used by conv.cpp when
// WinogradApplies; any padding, any strides of the input, groups, bias.
//
// Accuracy (tests/unit/tensor/conv_test.cpp measures it against a double
// reference): the transforms only add, subtract and halve, so the error is
// that of float32 sums over 16 * Cg products; observed max |err| / max |y|
// 1e-7 to 4e-7 (4e-7 for Cg = 64; im2col + sgemm: ~2e-7), bounded by 1e-6
// in the test.
#pragma once

#include "semantics/window.h"
#include "tensor/conv_view.h"

namespace tcc::rt {

// Whether the Winograd kernel takes this convolution: 3x3, stride 1,
// dilation 1, at least 8 input and output channels per group (below that
// the transforms cost more than the multiplies they save), Og * Cg weights
// of at most 256 KiB per group (a position's transformed weight stays in
// L2) and at least 32 tiles of 2x2 outputs per image (measured in the .cpp).
bool WinogradApplies(const ConvDims& d, const sem::WindowParams& p);

// y = conv(x, w) (+ bias) for WinogradApplies shapes; w is the contiguous
// [O, Cg, 3, 3] weight, bias (stride bias_stride elements) may be null, y is
// the contiguous [N, O, OH, OW] output.
void ConvWinograd(const View4& x, const float* w, const float* bias, int64_t bias_stride, float* y,
                  const ConvDims& d, const sem::WindowParams& p);

}  // namespace tcc::rt
