#include "algorithms/mechanisms/exp_bounds.h"

#include <glog/logging.h>

#include <algorithm>
#include <cstdint>
#include <utility>

namespace dprl {
namespace {

using u128 = unsigned __int128;

int BitLength64(uint64_t v) { return v == 0 ? 0 : 64 - __builtin_clzll(v); }

// Lower and upper bounds of one real number at a common scale.
struct Interval {
  BigUnsigned lower;
  BigUnsigned upper;
};

// [lower, upper] of exp(-r / d) * 2^w for 0 <= r <= d, d >= 1 (f = r/d in [0, 1]): the alternating
// Taylor series, each term bounded from below and above; the terms decrease from k = 1 on.
Interval ExpNegFraction(uint64_t r, uint64_t d, int w) {
  Interval result{BigUnsigned::PowerOfTwo(w), BigUnsigned::PowerOfTwo(w)};
  if (r == 0) return result;  // exp(0) = 1 exactly
  BigUnsigned term_lower = BigUnsigned::PowerOfTwo(w);
  BigUnsigned term_upper = BigUnsigned::PowerOfTwo(w);
  BigUnsigned odd_lower, odd_upper;  // sums of the terms with odd k (subtracted)
  for (uint64_t k = 1;; ++k) {
    // T_k = T_{k-1} * (r / d) / k, rounded down (lower) and up (upper).
    term_lower.MultiplySmall(r).DivideSmall(d);
    term_lower.DivideSmall(k);
    term_upper.MultiplySmall(r).DivideSmallCeil(d);
    term_upper.DivideSmallCeil(k);
    if (k % 2 == 1) {
      odd_lower.Add(term_lower);
      odd_upper.Add(term_upper);
    } else {
      result.lower.Add(term_lower);
      result.upper.Add(term_upper);
    }
    // The omitted remainder is at most T_{k+1} <= T_k <= term_upper <= 1 ulp.
    if (term_upper.Compare(BigUnsigned(1)) <= 0) break;
  }
  result.lower.SaturatingSubtract(odd_upper).SaturatingSubtract(BigUnsigned(1));
  result.upper.SaturatingSubtract(odd_lower).AddSmall(1);
  return result;
}

// Floor (lower) and ceiling (upper) of the product of two intervals at scale 2^w.
Interval Multiply(const Interval& a, const Interval& b, int w) {
  Interval product{a.lower.Times(b.lower), a.upper.Times(b.upper)};
  product.lower.ShiftRight(w);
  product.upper.ShiftRightCeil(w);
  return product;
}

}  // namespace

BigUnsigned::BigUnsigned(uint64_t value) {
  if (value != 0) limbs_.push_back(value);
}

BigUnsigned BigUnsigned::PowerOfTwo(int exponent) {
  CHECK_GE(exponent, 0);
  BigUnsigned result;
  result.limbs_.assign(exponent / 64 + 1, 0);
  result.limbs_.back() = uint64_t{1} << (exponent % 64);
  return result;
}

void BigUnsigned::Trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

int BigUnsigned::BitLength() const {
  return limbs_.empty() ? 0
                        : 64 * (static_cast<int>(limbs_.size()) - 1) + BitLength64(limbs_.back());
}

int BigUnsigned::Compare(const BigUnsigned& other) const {
  if (limbs_.size() != other.limbs_.size()) return limbs_.size() < other.limbs_.size() ? -1 : 1;
  for (size_t i = limbs_.size(); i-- > 0;) {
    if (limbs_[i] != other.limbs_[i]) return limbs_[i] < other.limbs_[i] ? -1 : 1;
  }
  return 0;
}

BigUnsigned& BigUnsigned::Add(const BigUnsigned& other) {
  if (limbs_.size() < other.limbs_.size()) limbs_.resize(other.limbs_.size(), 0);
  uint64_t carry = 0;
  for (size_t i = 0; i < limbs_.size(); ++i) {
    const u128 sum =
        static_cast<u128>(limbs_[i]) + (i < other.limbs_.size() ? other.limbs_[i] : 0) + carry;
    limbs_[i] = static_cast<uint64_t>(sum);
    carry = static_cast<uint64_t>(sum >> 64);
    if (carry == 0 && i >= other.limbs_.size()) break;
  }
  if (carry != 0) limbs_.push_back(carry);
  return *this;
}

BigUnsigned& BigUnsigned::AddSmall(uint64_t value) { return Add(BigUnsigned(value)); }

BigUnsigned& BigUnsigned::SaturatingSubtract(const BigUnsigned& other) {
  if (Compare(other) <= 0) {
    limbs_.clear();
    return *this;
  }
  uint64_t borrow = 0;
  for (size_t i = 0; i < limbs_.size(); ++i) {
    const uint64_t subtrahend = i < other.limbs_.size() ? other.limbs_[i] : 0;
    const u128 difference = static_cast<u128>(limbs_[i]) - subtrahend - borrow;
    limbs_[i] = static_cast<uint64_t>(difference);
    borrow = static_cast<uint64_t>(difference >> 64) != 0 ? 1 : 0;
  }
  Trim();
  return *this;
}

BigUnsigned& BigUnsigned::MultiplySmall(uint64_t factor) {
  uint64_t carry = 0;
  for (uint64_t& limb : limbs_) {
    const u128 product = static_cast<u128>(limb) * factor + carry;
    limb = static_cast<uint64_t>(product);
    carry = static_cast<uint64_t>(product >> 64);
  }
  if (carry != 0) limbs_.push_back(carry);
  Trim();
  return *this;
}

uint64_t BigUnsigned::DivideSmall(uint64_t divisor) {
  CHECK_GE(divisor, 1u);
  u128 remainder = 0;
  for (size_t i = limbs_.size(); i-- > 0;) {
    const u128 current = (remainder << 64) | limbs_[i];
    limbs_[i] = static_cast<uint64_t>(current / divisor);
    remainder = current % divisor;
  }
  Trim();
  return static_cast<uint64_t>(remainder);
}

BigUnsigned& BigUnsigned::DivideSmallCeil(uint64_t divisor) {
  if (DivideSmall(divisor) != 0) AddSmall(1);
  return *this;
}

BigUnsigned& BigUnsigned::ShiftLeft(int bits) {
  CHECK_GE(bits, 0);
  if (limbs_.empty() || bits == 0) return *this;
  const int limb_shift = bits / 64, bit_shift = bits % 64;
  std::vector<uint64_t> out(limbs_.size() + limb_shift + 1, 0);
  for (size_t i = 0; i < limbs_.size(); ++i) {
    out[i + limb_shift] |= limbs_[i] << bit_shift;
    if (bit_shift != 0) out[i + limb_shift + 1] |= limbs_[i] >> (64 - bit_shift);
  }
  limbs_ = std::move(out);
  Trim();
  return *this;
}

BigUnsigned& BigUnsigned::ShiftRight(int bits) {
  CHECK_GE(bits, 0);
  const size_t limb_shift = static_cast<size_t>(bits / 64);
  const int bit_shift = bits % 64;
  if (limb_shift >= limbs_.size()) {
    limbs_.clear();
    return *this;
  }
  std::vector<uint64_t> out(limbs_.size() - limb_shift, 0);
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = limbs_[i + limb_shift] >> bit_shift;
    if (bit_shift != 0 && i + limb_shift + 1 < limbs_.size()) {
      out[i] |= limbs_[i + limb_shift + 1] << (64 - bit_shift);
    }
  }
  limbs_ = std::move(out);
  Trim();
  return *this;
}

BigUnsigned& BigUnsigned::ShiftRightCeil(int bits) {
  BigUnsigned floor = *this;
  floor.ShiftRight(bits);
  BigUnsigned back = floor;
  back.ShiftLeft(bits);
  const bool exact = back.Compare(*this) == 0;
  *this = std::move(floor);
  if (!exact) AddSmall(1);
  return *this;
}

BigUnsigned BigUnsigned::Times(const BigUnsigned& other) const {
  BigUnsigned product;
  if (IsZero() || other.IsZero()) return product;
  product.limbs_.assign(limbs_.size() + other.limbs_.size(), 0);
  for (size_t i = 0; i < limbs_.size(); ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < other.limbs_.size(); ++j) {
      const u128 current =
          static_cast<u128>(limbs_[i]) * other.limbs_[j] + product.limbs_[i + j] + carry;
      product.limbs_[i + j] = static_cast<uint64_t>(current);
      carry = static_cast<uint64_t>(current >> 64);
    }
    product.limbs_[i + other.limbs_.size()] = carry;
  }
  product.Trim();
  return product;
}

ExpNegBoundsResult ExpNegBounds(u128 numerator, uint64_t denominator, int precision_bits) {
  CHECK_GE(denominator, 1u);
  CHECK_GE(precision_bits, 1);
  CHECK_LE(precision_bits, 1 << 20);
  const u128 whole = numerator / denominator;
  CHECK(whole < (u128{1} << 62)) << "ExpNegBounds: x must be < 2^62";
  const uint64_t n = static_cast<uint64_t>(whole);
  const uint64_t r = static_cast<uint64_t>(numerator % denominator);
  // Each series loses at most ~(number of terms) ulps per bound (< 2^(log2(P) + 2) for the
  // P-bit precision this is used at), and the power multiplies an error by at most n (values
  // <= 1, error of a product <= sum of the errors + 1): 2 log2(n) + log2(w) + 16 guard bits.
  const int guard = 2 * BitLength64(n) + BitLength64(static_cast<uint64_t>(precision_bits)) + 24;
  const int w = precision_bits + guard;
  Interval value = ExpNegFraction(r, denominator, w);
  if (n > 0) {
    Interval power{BigUnsigned::PowerOfTwo(w), BigUnsigned::PowerOfTwo(w)};  // 1
    Interval base = ExpNegFraction(1, 1, w);                                 // exp(-1)
    for (uint64_t e = n;;) {
      if (e & 1) power = Multiply(power, base, w);
      e >>= 1;
      if (e == 0) break;
      base = Multiply(base, base, w);
    }
    value = Multiply(value, power, w);
  }
  value.lower.ShiftRight(guard);
  value.upper.ShiftRightCeil(guard);
  return {std::move(value.lower), std::move(value.upper)};
}

}  // namespace dprl
