// Tests lang/semantics/bigint.h: Python's ints beyond 64 bits, against values
// CPython 3.11 prints.
#include <catch2/catch.hpp>

#include "semantics/bigint.h"
#include "semantics/pymath.h"

using tcc::sem::BigInt;

namespace {
BigInt B(const char* digits, int base = 10) { return *BigInt::FromDigits(digits, base); }
std::string S(const BigInt& b) { return b.ToString(); }
}  // namespace

TEST_CASE("big ints parse and print in any base Python literals use") {
  CHECK(S(B("ff" "ffffffffffffffffffffffffffffffffffffff", 16)) == "1461501637330902918203684832716283019655932542975");
  CHECK(S(B("-000123456789012345678901234567890")) == "-123456789012345678901234567890");
  CHECK(S(B("0")) == "0");
  CHECK(S(B("-0")) == "0");
  CHECK(!BigInt::FromDigits("12a", 10));
  CHECK(!BigInt::FromDigits("", 10));
  CHECK(!BigInt::FromDigits("2", 2));
  CHECK(B("9223372036854775807").ToInt64() == INT64_MAX);
  CHECK(B("-9223372036854775808").ToInt64() == INT64_MIN);
  CHECK(!B("9223372036854775808").ToInt64());
}

TEST_CASE("big int arithmetic is exact, with Python's floor division") {
  BigInt a = BigInt(2).Pow(100) + BigInt(12345), b = BigInt(2).Pow(70) + BigInt(3), q, r;
  BigInt::DivModFloor(a, b, &q, &r);
  CHECK(S(q) == "1073741823");
  CHECK(S(r) == "1180591620714190090300");
  CHECK(S(q * b + r) == S(a));
  BigInt::DivModFloor(-a, b, &q, &r);  // the remainder takes the divisor's sign
  CHECK(S(q * b + r) == S(-a));
  CHECK(!r.neg());
  BigInt::DivModFloor(-BigInt(2).Pow(100), BigInt(2).Pow(70), &q, &r);  // exact: no floor correction
  CHECK(S(q) == "-1073741824");
  CHECK(r.is_zero());
  BigInt::DivModFloor(BigInt(10).Pow(30), BigInt(7), &q, &r);  // a one-limb divisor
  CHECK(S(q) == "142857142857142857142857142857");
  CHECK(S(r) == "1");
  CHECK(Compare(a, b) > 0);
  CHECK(Compare(-a, b) < 0);
  CHECK(Compare(a - a, BigInt()) == 0);
}

TEST_CASE("big int shifts and bitwise operators act on two's complement") {
  BigInt p = BigInt(2).Pow(100);
  CHECK(S(BigInt::Bitwise('&', -p, BigInt(2).Pow(80) + BigInt(7))) == "0");
  CHECK(S(BigInt::Bitwise('|', p, BigInt(-1024))) == "-1024");
  CHECK(S((-p).ShrFloor(70)) == "-1073741824");
  CHECK(S((-p - BigInt(1)).ShrFloor(100)) == "-2");
  CHECK(S(p.Shl(3)) == "10141204801825835211973625643008");
}

TEST_CASE("big ints convert to float correctly rounded and hash as CPython") {
  CHECK((BigInt(2).Pow(64) + BigInt(2048) + BigInt(1)).ToDouble() == 1.8446744073709556e+19);  // above the tie
  CHECK((BigInt(2).Pow(64) + BigInt(2048)).ToDouble() == 1.8446744073709552e+19);               // a tie: to even
  CHECK(std::isinf(BigInt(10).Pow(400).ToDouble()));
  CHECK(S(BigInt::FromDouble(1e30)) == "1000000000000000019884624838656");
  CHECK(S(BigInt::FromDouble(-1e19)) == "-10000000000000000000");
  CHECK(BigInt(2).Pow(100).Hash() == 549755813888);
  CHECK((-BigInt(2).Pow(100)).Hash() == -549755813888);
  CHECK(BigInt(10).Pow(30).Hash() == 465258685558744706);
}

TEST_CASE("math's integer functions return big ints past 64 bits") {
  auto r = tcc::sem::PyMath("factorial", {tcc::sem::PyNumber::Int(25)});
  REQUIRE(r.ok());
  CHECK(r.value.big->ToString() == "15511210043330985984000000");
  auto c = tcc::sem::PyMath("comb", {tcc::sem::PyNumber::Int(100), tcc::sem::PyNumber::Int(50)});
  CHECK(c.value.big->ToString() == "100891344545564193334812497256");
  auto f = tcc::sem::PyMath("floor", {tcc::sem::PyNumber::Float(1e20)});
  CHECK(f.value.big->ToString() == "100000000000000000000");
}
