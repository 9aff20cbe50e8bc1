// Checks that lower/runtime_functions.def declares each runtime function with
// the parameter kinds of its prototype in ts_runtime.h.
#include <catch2/catch.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "ts_runtime.h"

namespace {

enum class K { Void, Ptr, I32, I64, F32, F64, Other };

template <typename T>
constexpr K KindOf() {
  if constexpr (std::is_void_v<T>) return K::Void;
  else if constexpr (std::is_pointer_v<T>) return K::Ptr;
  else if constexpr (std::is_same_v<T, int32_t>) return K::I32;
  else if constexpr (std::is_same_v<T, int64_t>) return K::I64;
  else if constexpr (std::is_same_v<T, float>) return K::F32;
  else if constexpr (std::is_same_v<T, double>) return K::F64;
  else return K::Other;
}

template <typename R, typename... A>
std::vector<K> Signature(R (*)(A...)) {
  return {KindOf<R>(), KindOf<A>()...};
}

}  // namespace

TEST_CASE("runtime_functions.def matches ts_runtime.h") {
  int checked = 0;
#define TCC_UNPAREN(...) __VA_ARGS__
#define TCC_RT_FN(name, Ret, Params)                                      \
  {                                                                       \
    [[maybe_unused]] K Void = K::Void, Ptr = K::Ptr, I32 = K::I32, I64 = K::I64, F32 = K::F32, F64 = K::F64; \
    std::vector<K> declared = {Ret, TCC_UNPAREN Params};                  \
    INFO(#name);                                                          \
    CHECK(Signature(&name) == declared);                                  \
    ++checked;                                                            \
  }
#include "lower/runtime_functions.def"
#undef TCC_UNPAREN
  CHECK(checked == 21);  // every entry of the .def
}
