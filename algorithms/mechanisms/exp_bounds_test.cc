#include "algorithms/mechanisms/exp_bounds.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace dprl {
namespace {

using u128 = unsigned __int128;

// The value of a BigUnsigned below 2^128.
u128 ToU128(BigUnsigned v) {
  const uint64_t low = v.LowWord();
  v.ShiftRight(64);
  return (static_cast<u128>(v.LowWord()) << 64) | low;
}

TEST(BigUnsignedTest, ArithmeticMatchesU128) {
  const uint64_t a = 0xfedcba9876543210ULL, b = 0x0123456789abcdefULL;
  BigUnsigned x(a);
  EXPECT_EQ(ToU128(x.Times(BigUnsigned(b))), static_cast<u128>(a) * b);
  BigUnsigned y(a);
  y.MultiplySmall(b);
  EXPECT_EQ(ToU128(y), static_cast<u128>(a) * b);
  EXPECT_EQ(y.DivideSmall(1000003), static_cast<uint64_t>((static_cast<u128>(a) * b) % 1000003));
  EXPECT_EQ(ToU128(y), static_cast<u128>(a) * b / 1000003);
  BigUnsigned z(a);
  z.ShiftLeft(70).ShiftRight(3);
  EXPECT_EQ(ToU128(z), static_cast<u128>(a) << 67 >> 0);
  BigUnsigned c(5);
  c.ShiftRightCeil(1);
  EXPECT_EQ(c.LowWord(), 3u);
  BigUnsigned d(5);
  d.DivideSmallCeil(5);
  EXPECT_EQ(d.LowWord(), 1u);
  BigUnsigned e(7);
  e.SaturatingSubtract(BigUnsigned(9));
  EXPECT_TRUE(e.IsZero());
  EXPECT_EQ(BigUnsigned::PowerOfTwo(130).BitLength(), 131);
  EXPECT_EQ(BigUnsigned(3).Compare(BigUnsigned::PowerOfTwo(64)), -1);
}

TEST(ExpNegBoundsTest, ZeroIsExactlyOne) {
  const ExpNegBoundsResult r = ExpNegBounds(0, 17, 100);
  EXPECT_EQ(r.lower.Compare(BigUnsigned::PowerOfTwo(100)), 0);
  EXPECT_EQ(r.upper.Compare(BigUnsigned::PowerOfTwo(100)), 0);
}

// Against long double expl (64-bit mantissa, error far below the 2^-60 tolerance used) at
// x = N / D over [0, 45], and the width of the bounds.
TEST(ExpNegBoundsTest, BracketsExpAndIsTight) {
  for (uint64_t d : {1ULL, 3ULL, 7ULL, 1000ULL, 1048576ULL, 10000000019ULL}) {
    for (int i = 0; i <= 90; ++i) {
      const u128 n = static_cast<u128>(d) * i / 2 + (i % 7);
      const long double x = static_cast<long double>(n) / static_cast<long double>(d);
      const ExpNegBoundsResult r = ExpNegBounds(n, d, 63);
      const long double exact = expl(-x) * 0x1p63L;
      const long double slack = exact * 0x1p-60L + 1;
      EXPECT_LE(static_cast<long double>(ToU128(r.lower)), exact + slack) << i << " " << d;
      EXPECT_GE(static_cast<long double>(ToU128(r.upper)), exact - slack) << i << " " << d;
      BigUnsigned width = r.upper;
      width.SaturatingSubtract(r.lower);
      EXPECT_LE(width.Compare(BigUnsigned(8)), 0) << i << " " << d;
    }
  }
}

// Bounds at a higher precision, rounded outward to a lower one, lie inside the lower-precision
// bounds' interval widened by the rounding (they bound the same number).
TEST(ExpNegBoundsTest, HigherPrecisionIsNested) {
  for (u128 n : {u128{1}, u128{5}, u128{123456789}, u128{99999999999ULL}}) {
    const uint64_t d = 1234567;
    const ExpNegBoundsResult coarse = ExpNegBounds(n, d, 80);
    const ExpNegBoundsResult fine = ExpNegBounds(n, d, 400);
    BigUnsigned lower = fine.lower, upper = fine.upper;
    lower.ShiftRight(320);
    upper.ShiftRightCeil(320);
    EXPECT_LE(coarse.lower.Compare(upper), 0);
    EXPECT_GE(coarse.upper.Compare(lower), 0);
    BigUnsigned width = fine.upper;
    width.SaturatingSubtract(fine.lower);
    EXPECT_LE(width.Compare(BigUnsigned(8)), 0);
  }
}

TEST(ExpNegBoundsTest, DecreasingInX) {
  for (int i = 0; i < 200; ++i) {
    const ExpNegBoundsResult a = ExpNegBounds(i, 10, 70);
    const ExpNegBoundsResult b = ExpNegBounds(i + 1, 10, 70);
    EXPECT_GT(a.upper.Compare(b.lower), 0) << i;
  }
}

}  // namespace
}  // namespace dprl
