// Certified dyadic bounds of exp(-x) for rational x >= 0, in integer arithmetic only.
//
// Specification
// -------------
// ExpNegBounds(N, D, P) returns integers lower, upper (arbitrary precision, BigUnsigned) with
//
//     lower <= exp(-N / D) * 2^P <= upper,     upper - lower <= 8     (for P >= 1)
//
// for N >= 0, D >= 1. No floating-point value enters the computation, so the bounds hold on every
// machine; they are what lets the fast discrete-Laplace sampler (discrete_laplace_sampler.h) decide
// "uniform U < exp(-x)" exactly: when U's known bits and the bounds do not decide it, the caller
// asks again with a larger P.
//
// Method: x = n + f with integer n = floor(N / D) and f = (N mod D) / D in [0, 1);
// exp(-x) = exp(-1)^n * exp(-f). exp(-f) and exp(-1) are the alternating Taylor series
// sum_k (-f)^k / k!, whose terms decrease from k = 1 on (f <= 1), so the remainder after the last
// kept term is at most the first omitted one. Every term is computed twice, once rounded down and
// once rounded up, at a working precision of P + guard bits (guard covers the ~k ulps each series
// loses and the n-fold growth of the error in the power); exp(-1)^n is a power by squaring with
// floor / ceiling products. The result is rounded outward to scale 2^P.
//
// Cost: O((P + log n)^2 / 64^2 * (P / log P)) word operations; about a microsecond at P = 128.
#ifndef DPRL_ALGORITHMS_MECHANISMS_EXP_BOUNDS_H_
#define DPRL_ALGORITHMS_MECHANISMS_EXP_BOUNDS_H_

#include <cstdint>
#include <vector>

namespace dprl {

// Non-negative integer of arbitrary size, little-endian 64-bit limbs without leading zero limbs.
// Only the operations the certified exponential and the lazy uniform comparisons need.
class BigUnsigned {
 public:
  BigUnsigned() = default;
  explicit BigUnsigned(uint64_t value);
  static BigUnsigned PowerOfTwo(int exponent);  // 2^exponent, exponent >= 0

  bool IsZero() const { return limbs_.empty(); }
  int BitLength() const;
  // -1, 0 or 1 as *this <, ==, > other.
  int Compare(const BigUnsigned& other) const;

  BigUnsigned& Add(const BigUnsigned& other);
  BigUnsigned& AddSmall(uint64_t value);
  // *this -= other; *this becomes 0 if other > *this (saturating: used for lower bounds only).
  BigUnsigned& SaturatingSubtract(const BigUnsigned& other);
  BigUnsigned& MultiplySmall(uint64_t factor);
  // *this = floor(*this / divisor) (divisor >= 1); returns the remainder.
  uint64_t DivideSmall(uint64_t divisor);
  // *this = ceil(*this / divisor) (divisor >= 1).
  BigUnsigned& DivideSmallCeil(uint64_t divisor);
  BigUnsigned& ShiftLeft(int bits);
  // *this = floor(*this / 2^bits).
  BigUnsigned& ShiftRight(int bits);
  // *this = ceil(*this / 2^bits).
  BigUnsigned& ShiftRightCeil(int bits);
  // The full product.
  BigUnsigned Times(const BigUnsigned& other) const;
  // The lowest 64 bits.
  uint64_t LowWord() const { return limbs_.empty() ? 0 : limbs_[0]; }

 private:
  void Trim();
  std::vector<uint64_t> limbs_;
};

struct ExpNegBoundsResult {
  BigUnsigned lower;  // <= exp(-N/D) 2^P
  BigUnsigned upper;  // >= exp(-N/D) 2^P
};

// Bounds of exp(-numerator / denominator) * 2^precision_bits. CHECKs: denominator >= 1,
// precision_bits in [1, 2^20], numerator / denominator < 2^62.
ExpNegBoundsResult ExpNegBounds(unsigned __int128 numerator, uint64_t denominator,
                                int precision_bits);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_EXP_BOUNDS_H_
