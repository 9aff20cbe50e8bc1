// Python ints beyond 64 bits: a sign and a magnitude of 32-bit limbs, with
// the operations CPython's int has (floor division and modulo, shifts and
// bitwise operators on two's complement, correctly rounded conversion to
// float, str). pynum.h computes with it where an int64 result would need
// more bits, so the interpreter and the tracer's constant folding give
// Python's exact numbers. Schoolbook algorithms: model code's big ints are a
// few hundred bits (2 ** 100, seeds, hashes), not cryptography.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tcc::sem {

class BigInt {
 public:
  BigInt() = default;
  explicit BigInt(int64_t v) : neg_(v < 0) {
    uint64_t m = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
    for (; m; m >>= 32) mag_.push_back(static_cast<uint32_t>(m));
  }
  // Digits in `base` (2 to 16) with an optional sign ('_' already removed);
  // nullopt if malformed.
  static std::optional<BigInt> FromDigits(std::string_view s, int base) {
    bool neg = !s.empty() && s[0] == '-';
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
    if (s.empty()) return std::nullopt;
    BigInt r;
    for (char c : s) {
      int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : 99;
      if (d >= base) return std::nullopt;
      r.MulAddSmall(static_cast<uint32_t>(base), static_cast<uint32_t>(d));
    }
    r.neg_ = neg && !r.is_zero();
    return r;
  }
  // The integer part of a finite double (truncated toward zero), exactly.
  static BigInt FromDouble(double d) {
    int exp = 0;
    double m = std::frexp(std::trunc(d), &exp);  // |m| in [0.5, 1)
    if (m == 0) return BigInt();
    auto mant = static_cast<int64_t>(std::ldexp(m, 53));
    BigInt r(mant);
    return exp >= 53 ? r.Shl(static_cast<uint64_t>(exp - 53)) : r.ShrFloorMag(static_cast<uint64_t>(53 - exp));
  }

  bool neg() const { return neg_; }
  bool is_zero() const { return mag_.empty(); }
  size_t BitLength() const {
    if (mag_.empty()) return 0;
    return 32 * (mag_.size() - 1) + (32 - static_cast<size_t>(__builtin_clz(mag_.back())));
  }
  std::optional<int64_t> ToInt64() const {
    if (mag_.size() > 2) return std::nullopt;
    uint64_t m = 0;
    for (size_t i = mag_.size(); i-- > 0;) m = (m << 32) | mag_[i];
    if (!neg_ && m <= static_cast<uint64_t>(INT64_MAX)) return static_cast<int64_t>(m);
    if (neg_ && m <= static_cast<uint64_t>(INT64_MAX) + 1) return static_cast<int64_t>(~m + 1);
    return std::nullopt;
  }
  // Correctly rounded (half to even), as CPython's float(int); inf past DBL_MAX.
  double ToDouble() const {
    size_t bits = BitLength();
    if (bits <= 64) return Signed(static_cast<double>(Top64(0)));
    size_t shift = bits - 64;
    uint64_t top = Top64(shift);
    bool sticky = false;  // any 1 below the 64 bits kept: breaks a tie upward
    for (size_t i = 0; i < shift / 32 && !sticky; ++i) sticky = mag_[i] != 0;
    if (shift % 32) sticky = sticky || (mag_[shift / 32] & ((1u << (shift % 32)) - 1)) != 0;
    return Signed(std::ldexp(static_cast<double>(top | (sticky ? 1 : 0)), static_cast<int>(shift)));
  }
  std::string ToString() const {
    if (mag_.empty()) return "0";
    BigInt t = *this;
    std::string digits;
    while (!t.is_zero()) {
      uint32_t rem = t.DivSmall(1000000000u);
      for (int k = 0; k < 9 && (rem || !t.is_zero()); ++k, rem /= 10) digits += static_cast<char>('0' + rem % 10);
    }
    if (neg_) digits += '-';
    std::reverse(digits.begin(), digits.end());
    return digits;
  }
  // Python's hash(int): the value modulo 2**61 - 1, with its sign (-1 is -2).
  int64_t Hash() const {
    const unsigned __int128 p = (static_cast<unsigned __int128>(1) << 61) - 1;
    unsigned __int128 h = 0;
    for (size_t i = mag_.size(); i-- > 0;) h = ((h << 32) | mag_[i]) % p;
    auto r = static_cast<int64_t>(h);
    if (neg_) r = -r;
    return r == -1 ? -2 : r;
  }

  friend int Compare(const BigInt& a, const BigInt& b) {
    if (a.neg_ != b.neg_) return a.neg_ ? -1 : 1;
    int c = CmpMag(a.mag_, b.mag_);
    return a.neg_ ? -c : c;
  }
  BigInt operator-() const {
    BigInt r = *this;
    r.neg_ = !neg_ && !mag_.empty();
    return r;
  }
  friend BigInt operator+(const BigInt& a, const BigInt& b) {
    if (a.neg_ == b.neg_) return Make(AddMag(a.mag_, b.mag_), a.neg_);
    if (CmpMag(a.mag_, b.mag_) >= 0) return Make(SubMag(a.mag_, b.mag_), a.neg_);
    return Make(SubMag(b.mag_, a.mag_), b.neg_);
  }
  friend BigInt operator-(const BigInt& a, const BigInt& b) { return a + -b; }
  friend BigInt operator*(const BigInt& a, const BigInt& b) {
    std::vector<uint32_t> r(a.mag_.size() + b.mag_.size(), 0);
    for (size_t i = 0; i < a.mag_.size(); ++i) {
      uint64_t carry = 0;
      for (size_t j = 0; j < b.mag_.size(); ++j) {
        uint64_t t = static_cast<uint64_t>(a.mag_[i]) * b.mag_[j] + r[i + j] + carry;
        r[i + j] = static_cast<uint32_t>(t);
        carry = t >> 32;
      }
      r[i + b.mag_.size()] = static_cast<uint32_t>(carry);
    }
    return Make(std::move(r), a.neg_ != b.neg_);
  }
  // Python's // and %: the quotient rounds toward -inf, the remainder takes
  // the divisor's sign. Precondition: b is not zero.
  static void DivModFloor(const BigInt& a, const BigInt& b, BigInt* q, BigInt* r) {
    BigInt qm, rm;  // of the magnitudes
    if (b.mag_.size() == 1) {  // a one-limb divisor: short division
      qm = a;
      qm.neg_ = false;
      rm = BigInt(static_cast<int64_t>(qm.DivSmall(b.mag_[0])));
    } else {
      ShiftSubtract(a, b, qm, rm);
    }
    qm.Trim();
    qm.neg_ = (a.neg_ != b.neg_) && !qm.is_zero();
    rm.neg_ = a.neg_ && !rm.is_zero();
    if (!rm.is_zero() && rm.neg_ != b.neg_) {  // truncated -> floored
      qm = qm - BigInt(1);
      rm = rm + b;
    }
    if (q) *q = std::move(qm);
    if (r) *r = std::move(rm);
  }
  // a / b correctly rounded, as CPython's int true division: a quotient of
  // 55 or 56 bits with a sticky bit for the remainder, rounded once to a
  // double (inf past DBL_MAX). Precondition: b is not zero.
  static double TrueDivide(const BigInt& a, const BigInt& b) {
    if (a.BitLength() <= 53 && b.BitLength() <= 53) return a.ToDouble() / b.ToDouble();  // both exact
    BigInt x = a, y = b, q, r;
    x.neg_ = y.neg_ = false;
    auto shift = static_cast<int64_t>(x.BitLength()) - static_cast<int64_t>(y.BitLength()) - 55;
    if (shift >= 0) y = y.Shl(static_cast<uint64_t>(shift));
    else x = x.Shl(static_cast<uint64_t>(-shift));
    DivModFloor(x, y, &q, &r);
    uint64_t top = q.Top64(0) | (r.is_zero() ? 0 : 1);
    double m = std::ldexp(static_cast<double>(top), static_cast<int>(std::clamp<int64_t>(shift, -100000, 100000)));
    return a.neg_ != b.neg_ ? -m : m;
  }
  BigInt Shl(uint64_t n) const {
    if (mag_.empty()) return *this;
    std::vector<uint32_t> r(n / 32, 0);
    uint32_t s = n % 32, carry = 0;
    for (uint32_t limb : mag_) {
      r.push_back(s ? (limb << s) | carry : limb);
      carry = s ? limb >> (32 - s) : 0;
    }
    r.push_back(carry);
    return Make(std::move(r), neg_);
  }
  // Python's >>: floor(a / 2**n).
  BigInt ShrFloor(uint64_t n) const {
    if (!neg_) return ShrFloorMag(n);
    return -((-*this - BigInt(1)).ShrFloorMag(n)) - BigInt(1);  // -((|a| - 1) >> n) - 1
  }
  // & | ^ on two's complement of unbounded width, as Python's; ~a is -a - 1.
  static BigInt Bitwise(char op, const BigInt& a, const BigInt& b) {
    size_t n = std::max(a.mag_.size(), b.mag_.size()) + 1;
    std::vector<uint32_t> x = a.TwosComplement(n), y = b.TwosComplement(n), r(n);
    for (size_t i = 0; i < n; ++i) r[i] = op == '&' ? x[i] & y[i] : op == '|' ? x[i] | y[i] : x[i] ^ y[i];
    bool neg = r.back() >> 31;
    if (neg) Negate(r);
    return Make(std::move(r), neg);
  }
  BigInt Pow(uint64_t e) const {
    BigInt r(1), base = *this;
    for (; e; e >>= 1) {
      if (e & 1) r = r * base;
      if (e > 1) base = base * base;
    }
    return r;
  }

 private:
  bool neg_ = false;
  std::vector<uint32_t> mag_;  // little-endian limbs, no high zero limbs

  static BigInt Make(std::vector<uint32_t> mag, bool neg) {
    BigInt r;
    r.mag_ = std::move(mag);
    r.Trim();
    r.neg_ = neg && !r.mag_.empty();
    return r;
  }
  void Trim() {
    while (!mag_.empty() && mag_.back() == 0) mag_.pop_back();
  }
  double Signed(double m) const { return neg_ ? -m : m; }
  uint64_t Top64(size_t shift) const {  // bits [shift, shift + 64) of the magnitude
    uint64_t r = 0;
    for (size_t k = 0; k < 64; k += 32) {
      size_t bit = shift + k, i = bit / 32, s = bit % 32;
      uint64_t lo = i < mag_.size() ? mag_[i] : 0, hi = i + 1 < mag_.size() ? mag_[i + 1] : 0;
      r |= (((lo >> s) | (s ? hi << (32 - s) : 0)) & 0xffffffffu) << k;
    }
    return r;
  }
  BigInt ShrFloorMag(uint64_t n) const {  // |a| >> n with a's sign
    if (n / 32 >= mag_.size()) return BigInt();
    std::vector<uint32_t> r;
    uint32_t s = n % 32;
    for (size_t i = n / 32; i < mag_.size(); ++i)
      r.push_back(s ? (mag_[i] >> s) | (i + 1 < mag_.size() ? mag_[i + 1] << (32 - s) : 0) : mag_[i]);
    return Make(std::move(r), neg_);
  }
  // |a| / |b| one bit at a time (shift-subtract): q and r of the magnitudes.
  static void ShiftSubtract(const BigInt& a, const BigInt& b, BigInt& q, BigInt& r) {
    q.mag_.assign(a.mag_.size(), 0);
    r.mag_.clear();
    for (size_t i = a.BitLength(); i-- > 0;) {
      uint32_t carry = (a.mag_[i / 32] >> (i % 32)) & 1;  // r = 2r + the next bit of a, in place
      for (uint32_t& limb : r.mag_) {
        uint32_t out = limb >> 31;
        limb = (limb << 1) | carry;
        carry = out;
      }
      if (carry) r.mag_.push_back(carry);
      if (CmpMag(r.mag_, b.mag_) >= 0) {
        r.mag_ = SubMag(r.mag_, b.mag_);
        r.Trim();  // CmpMag compares lengths first
        q.mag_[i / 32] |= 1u << (i % 32);
      }
    }
  }
  void MulAddSmall(uint32_t m, uint32_t add) {
    uint64_t carry = add;
    for (uint32_t& limb : mag_) {
      uint64_t t = static_cast<uint64_t>(limb) * m + carry;
      limb = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry) mag_.push_back(static_cast<uint32_t>(carry));
  }
  uint32_t DivSmall(uint32_t d) {  // magnitude /= d, returns the remainder
    uint64_t rem = 0;
    for (size_t i = mag_.size(); i-- > 0;) {
      uint64_t cur = (rem << 32) | mag_[i];
      mag_[i] = static_cast<uint32_t>(cur / d);
      rem = cur % d;
    }
    Trim();
    return static_cast<uint32_t>(rem);
  }
  std::vector<uint32_t> TwosComplement(size_t n) const {
    std::vector<uint32_t> r(mag_);
    r.resize(n, 0);
    if (neg_) Negate(r);
    return r;
  }
  static void Negate(std::vector<uint32_t>& v) {  // v = ~v + 1, in place
    uint64_t carry = 1;
    for (uint32_t& limb : v) {
      uint64_t t = static_cast<uint64_t>(static_cast<uint32_t>(~limb)) + carry;
      limb = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
  }
  static int CmpMag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    for (size_t i = a.size(); i-- > 0;)
      if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  }
  static std::vector<uint32_t> AddMag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    std::vector<uint32_t> r;
    uint64_t carry = 0;
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
      uint64_t t = carry + (i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
      r.push_back(static_cast<uint32_t>(t));
      carry = t >> 32;
    }
    if (carry) r.push_back(static_cast<uint32_t>(carry));
    return r;
  }
  static std::vector<uint32_t> SubMag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {  // |a| >= |b|
    std::vector<uint32_t> r(a.size());
    int64_t borrow = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      int64_t t = static_cast<int64_t>(a[i]) - (i < b.size() ? b[i] : 0) - borrow;
      borrow = t < 0;
      r[i] = static_cast<uint32_t>(t + (borrow ? (int64_t{1} << 32) : 0));
    }
    return r;
  }
};

}  // namespace tcc::sem
