// sem::LinspaceAt against PyTorch 1.13's torch.linspace bits (CPU, AVX2
// kernel), printed with numpy's .view(uint32) / .view(uint64): the DDPM beta
// schedule linspace(1e-4, 0.02, 1000), in whose first 992 elements vectors of
// 8 floats count up from their base, and a float64 schedule (vectors of 4).
#include <catch2/catch.hpp>

#include <cstring>

#include "semantics/linspace.h"

namespace {

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
uint64_t Bits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

}  // namespace

TEST_CASE("linspace float32 matches torch bit for bit", "[linspace]") {
  const std::pair<int64_t, uint32_t> torch_bits[] = {
      {0, 0x38d1b717},   {1, 0x38fb7d84},   {7, 0x397b120a},   {8, 0x3987faa0},   {9, 0x39926c3b},
      {15, 0x39d115df},  {16, 0x39db877a},  {17, 0x39e5f915},  {499, 0x3c247efc}, {500, 0x3c24d288},
      {501, 0x3c252615}, {503, 0x3c25cd2f}, {504, 0x3c2620ba}, {507, 0x3c271b61}, {983, 0x3ca13aa3},
      {984, 0x3ca1646a}, {990, 0x3ca25f11}, {999, 0x3ca3d70a}};
  for (auto [i, bits] : torch_bits) {
    INFO("element " << i);
    CHECK(Bits(tcc::sem::LinspaceAt<float>(1e-4, 0.02, 1000, i)) == bits);
  }
}

TEST_CASE("linspace float64, one step and integers", "[linspace]") {
  const std::pair<int64_t, uint64_t> torch_bits[] = {
      {0, 0xc008000000000000},  {3, 0xc005f5c28f5c28f6},  {4, 0xc00547ae147ae148},  {5, 0xc00499999999999a},
      {49, 0x3ff2a3d70a3d70a5}, {50, 0x3ff4000000000001}, {51, 0x3ff55c28f5c28f5e}, {52, 0x3ff6b851eb851eb7},
      {95, 0x40144ccccccccccd}, {96, 0x4014a3d70a3d70a4}, {99, 0x4015a8f5c28f5c29}, {100, 0x4016000000000000}};
  for (auto [i, bits] : torch_bits) {
    INFO("element " << i);
    CHECK(Bits(tcc::sem::LinspaceAt<double>(-3.0, 5.5, 101, i)) == bits);
  }
  CHECK(tcc::sem::LinspaceAt<float>(2.5, 7.0, 1, 0) == 2.5f);
  // integers: the endpoints truncate first (torch.linspace(-3.7, 50.5, 5, dtype=torch.int32))
  const int32_t ints[] = {-3, 10, 23, 36, 50};
  for (int64_t i = 0; i < 5; ++i) CHECK(tcc::sem::LinspaceAt<int32_t>(-3.7, 50.5, 5, i) == ints[i]);
}
