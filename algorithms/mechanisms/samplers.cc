#include "algorithms/mechanisms/samplers.h"

#include <glog/logging.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace dprl {
namespace {

using u128 = unsigned __int128;

// The exact samplers' inner loops are a handful of instructions per call; GCC does not inline
// them on its own at -O2.
#define DPRL_ALWAYS_INLINE inline __attribute__((always_inline))

int BitLength(u128 v) {
  int n = 0;
  while (v != 0) {
    ++n;
    v >>= 1;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Exact comparison of a fraction with a double (for RationalAtLeast).

// Sign of p/q - g for integers p >= 0, q >= 1 and a double 0 <= g < 1, computed exactly.
int CompareFractionWithDouble(uint64_t p, uint64_t q, double g) {
  if (g == 0.0) return p > 0 ? 1 : 0;
  if (p == 0) return -1;
  int exponent = 0;
  const double mantissa = std::frexp(g, &exponent);  // g = mantissa * 2^exponent, exponent <= 0
  const uint64_t m = static_cast<uint64_t>(std::ldexp(mantissa, 53));  // exact, < 2^53
  const int k = 53 - exponent;                                          // g = m / 2^k, k >= 53
  // Compare p * 2^k with q * m < 2^116.
  const u128 qm = static_cast<u128>(q) * m;
  if (BitLength(p) + k > 117) return 1;  // p * 2^k >= 2^116 > q * m
  const u128 lhs = static_cast<u128>(p) << k;
  return lhs > qm ? 1 : (lhs < qm ? -1 : 0);
}

// ---------------------------------------------------------------------------------------------
// Bernoulli trials with rational success probabilities (integer comparisons only).

// Random bits for the exact samplers, taken from a 64-bit reservoir refilled from a RandomStream:
// 1 bit per fair coin, 16 bits per uniform integer below 2^12, 32 bits below 2^32, so that a
// discrete Laplace sample costs ~2.5 stream words instead of ~8. A refill discards the reservoir's
// remaining bits, and bits left when a sampler returns are dropped; samples are still a
// deterministic function of the stream state.
class RandomBits {
 public:
  explicit RandomBits(RandomStream& stream) : stream_(stream) {}

  // `n` uniformly random bits, 1 <= n <= 32.
  DPRL_ALWAYS_INLINE uint64_t Take(int n) {
    if (reservoir_bits_ < n) {
      reservoir_ = stream_.NextU64();
      reservoir_bits_ = 64;
    }
    const uint64_t out = reservoir_ & ((uint64_t{1} << n) - 1);
    reservoir_ >>= n;
    reservoir_bits_ -= n;
    return out;
  }

  DPRL_ALWAYS_INLINE bool Bit() { return Take(1) != 0; }

  // Uniform integer in [0, bound), exactly: Lemire's multiply-and-reject ("Fast random integer
  // generation in an interval", TOMACS 2019) on b = 16 or 32 random bits (b = 64 via the stream
  // above 2^32). Requires bound > 0.
  DPRL_ALWAYS_INLINE uint64_t UniformInt(uint64_t bound) {
    if (bound <= (uint64_t{1} << 12)) return UniformIntWithBits(bound, 16);
    if (bound <= (uint64_t{1} << 32)) return UniformIntWithBits(bound, 32);
    return stream_.UniformInt(bound);
  }

 private:
  // Lemire with b-bit randomness r: m = r * bound, accept unless (m mod 2^b) < 2^b mod bound;
  // the result m >> b is then exactly uniform. Requires bound <= 2^b.
  DPRL_ALWAYS_INLINE uint64_t UniformIntWithBits(uint64_t bound, int b) {
    const uint64_t mask = (uint64_t{1} << b) - 1;
    uint64_t m = Take(b) * bound;
    if ((m & mask) < bound) {
      const uint64_t threshold = ((mask - bound) + 1) % bound;  // 2^b mod bound
      while ((m & mask) < threshold) m = Take(b) * bound;
    }
    return m >> b;
  }

  RandomStream& stream_;
  uint64_t reservoir_ = 0;
  int reservoir_bits_ = 0;
};

// Bernoulli(num / den) for den >= 1; num >= den gives true.
DPRL_ALWAYS_INLINE bool BernoulliFraction(uint64_t num, uint64_t den, RandomBits& bits) {
  if (num >= den) return true;
  if (num == 0) return false;
  return bits.UniformInt(den) < num;
}

// Bernoulli(num / (den * k)) for num <= den, k >= 1. If den * k overflows 64 bits, it is sampled
// as the product of the independent Bernoulli(num / den) and Bernoulli(1 / k).
DPRL_ALWAYS_INLINE bool BernoulliFractionOverK(uint64_t num, uint64_t den, uint64_t k, RandomBits& bits) {
  const u128 product = static_cast<u128>(den) * k;
  if (product <= std::numeric_limits<uint64_t>::max()) {
    return BernoulliFraction(num, static_cast<uint64_t>(product), bits);
  }
  return BernoulliFraction(1, k, bits) && BernoulliFraction(num, den, bits);
}

// Bernoulli(exp(-num/den)) for 0 <= num <= den (CKS 2020, Alg. 1, case gamma in [0, 1]):
// K <- 1; while Bernoulli(gamma / K) = 1: K <- K + 1; return [K is odd].
// P(K odd) = sum_m (-gamma)^m / m! = exp(-gamma).
DPRL_ALWAYS_INLINE bool BernoulliExpAtMostOne(uint64_t num, uint64_t den, RandomBits& bits) {
  uint64_t k = 1;
  while (BernoulliFractionOverK(num, den, k, bits)) ++k;
  return (k & 1) == 1;
}

// Bernoulli(exp(-1)): the hot case of CKS Alg. 1 (gamma = 1, so the K = 1 trial is certain and
// the K = 2 trial is a fair coin).
DPRL_ALWAYS_INLINE bool BernoulliExpMinusOne(RandomBits& bits) {
  if (!bits.Bit()) return false;  // K = 2 is even
  uint64_t k = 3;
  while (bits.UniformInt(k) == 0) ++k;
  return (k & 1) == 1;
}

// ---------------------------------------------------------------------------------------------
// 384-bit unsigned integers for the discrete Gaussian's acceptance exponent.

class Wide {
 public:
  static constexpr int kLimbs = 6;  // little-endian 64-bit limbs

  static Wide From(u128 v) {
    Wide w;
    w.limb_[0] = static_cast<uint64_t>(v);
    w.limb_[1] = static_cast<uint64_t>(v >> 64);
    return w;
  }

  bool IsZero() const {
    for (uint64_t l : limb_) {
      if (l != 0) return false;
    }
    return true;
  }

  int Compare(const Wide& o) const {
    for (int i = kLimbs - 1; i >= 0; --i) {
      if (limb_[i] != o.limb_[i]) return limb_[i] < o.limb_[i] ? -1 : 1;
    }
    return 0;
  }

  // *this -= o; requires *this >= o.
  void Subtract(const Wide& o) {
    uint64_t borrow = 0;
    for (int i = 0; i < kLimbs; ++i) {
      const u128 d = static_cast<u128>(limb_[i]) - o.limb_[i] - borrow;
      limb_[i] = static_cast<uint64_t>(d);
      borrow = static_cast<uint64_t>(d >> 64) != 0 ? 1 : 0;
    }
    CHECK_EQ(borrow, 0u) << "Wide::Subtract underflow";
  }

  // *this <<= 1; requires the top bit to be clear.
  void ShiftLeftOne() {
    CHECK_EQ(limb_[kLimbs - 1] >> 63, 0u) << "Wide::ShiftLeftOne overflow";
    for (int i = kLimbs - 1; i > 0; --i) limb_[i] = (limb_[i] << 1) | (limb_[i - 1] >> 63);
    limb_[0] <<= 1;
  }

  // Full product; CHECKs that it fits in 384 bits.
  Wide Times(const Wide& o) const {
    std::array<uint64_t, 2 * kLimbs> out{};
    for (int i = 0; i < kLimbs; ++i) {
      uint64_t carry = 0;
      for (int j = 0; j < kLimbs; ++j) {
        const u128 cur = static_cast<u128>(limb_[i]) * o.limb_[j] + out[i + j] + carry;
        out[i + j] = static_cast<uint64_t>(cur);
        carry = static_cast<uint64_t>(cur >> 64);
      }
      out[i + kLimbs] = carry;
    }
    Wide w;
    for (int i = 0; i < kLimbs; ++i) {
      w.limb_[i] = out[i];
      CHECK_EQ(out[i + kLimbs], 0u) << "Wide::Times overflow";
    }
    return w;
  }

 private:
  std::array<uint64_t, kLimbs> limb_{};
};

// Bernoulli(a / b) for 0 <= a <= b, b > 0: compares a uniform U in [0, 1), read bit by bit, with
// the binary expansion of a/b produced by long division (expected 2 bits).
bool BernoulliWide(Wide a, const Wide& b, RandomBits& bits) {
  if (a.Compare(b) >= 0) return true;
  if (a.IsZero()) return false;
  while (true) {
    a.ShiftLeftOne();  // a < b < 2^383, so 2a fits
    int digit = 0;
    if (a.Compare(b) >= 0) {
      a.Subtract(b);
      digit = 1;
    }
    const int random_digit = bits.Bit() ? 1 : 0;
    if (random_digit != digit) return random_digit < digit;  // U < a/b iff first difference 0 < 1
    if (a.IsZero()) return false;  // a/b's expansion ends; U >= a/b with probability 1
  }
}

// Bernoulli(exp(-a/b)) for a >= 0, b > 0 (CKS 2020, Alg. 1). The integer part of gamma is consumed
// one Bernoulli(exp(-1)) at a time (stopping at the first failure, so O(1) expected steps); the
// fractional part uses Bernoulli(gamma / K) = Bernoulli(gamma) * Bernoulli(1 / K).
bool BernoulliExpWide(Wide a, const Wide& b, RandomBits& bits) {
  while (a.Compare(b) > 0) {
    if (!BernoulliExpMinusOne(bits)) return false;
    a.Subtract(b);
  }
  uint64_t k = 1;
  while (BernoulliFraction(1, k, bits) && BernoulliWide(a, b, bits)) ++k;
  return (k & 1) == 1;
}

// floor(sqrt(x)), exactly.
uint64_t IntegerSqrt(uint64_t x) {
  uint64_t r = static_cast<uint64_t>(std::sqrt(static_cast<double>(x)));
  while (static_cast<u128>(r) * r > x) --r;
  while (static_cast<u128>(r + 1) * (r + 1) <= x) ++r;
  return r;
}

}  // namespace

double RationalToDouble(Rational r) {
  return static_cast<double>(r.numerator) / static_cast<double>(r.denominator);
}

absl::StatusOr<Rational> RationalAtLeast(double x, int64_t max_denominator) {
  if (!std::isfinite(x)) {
    return absl::InvalidArgumentError(absl::StrCat("RationalAtLeast: x must be finite, got ", x));
  }
  if (max_denominator < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("RationalAtLeast: max_denominator must be >= 1, got ", max_denominator));
  }
  const double floor_x = std::floor(x);
  if (floor_x < -0x1p63 || floor_x >= 0x1p63) {
    return absl::OutOfRangeError(
        absl::StrCat("RationalAtLeast: x = ", x, " does not fit in int64"));
  }
  const int64_t n = static_cast<int64_t>(floor_x);
  if (floor_x == x) return Rational{n, 1};
  // Find the smallest p/q >= f := x - n in (0, 1). For x >= 1 or x <= -1, f = x - floor(x) is an
  // exact double (Sterbenz); for -1 < x < 0, f = 1 - g with g = -x, so p/q >= f iff (q-p)/q <= g.
  const bool small_negative = x < 0.0 && x > -1.0;
  const double f = small_negative ? 0.0 : x - floor_x;
  const double g = -x;
  auto at_least = [&](uint64_t p, uint64_t q) {
    return small_negative ? CompareFractionWithDouble(q - p, q, g) <= 0
                          : CompareFractionWithDouble(p, q, f) >= 0;
  };
  // Stern-Brocot search between adjacent fractions a/b < f <= c/d, moving the endpoints by whole
  // continued-fraction runs (galloping + bisection on the run length j).
  const uint64_t limit = static_cast<uint64_t>(max_denominator);
  uint64_t a = 0, b = 1, c = 1, d = 1;
  while (b + d <= limit) {
    const bool move_right_endpoint = at_least(a + c, b + d);
    // Run j: right endpoint -> (c + j a)/(d + j b) while still >= f; left endpoint ->
    // (a + j c)/(b + j d) while still < f. pred(1) holds; pred is monotone in j.
    auto pred = [&](uint64_t j) {
      return move_right_endpoint ? at_least(c + j * a, d + j * b) : !at_least(a + j * c, b + j * d);
    };
    const uint64_t j_max = move_right_endpoint ? (limit - d) / b : (limit - b) / d;
    uint64_t good = 1, bad = j_max + 1;  // pred(good) holds; bad is out of range or fails
    for (uint64_t step = 2; step <= j_max; step *= 2) {
      if (!pred(step)) {
        bad = step;
        break;
      }
      good = step;
      if (step > j_max / 2) break;
    }
    while (bad - good > 1) {
      const uint64_t mid = good + (bad - good) / 2;
      if (pred(mid)) {
        good = mid;
      } else {
        bad = mid;
      }
    }
    if (move_right_endpoint) {
      c += good * a;
      d += good * b;
    } else {
      a += good * c;
      b += good * d;
    }
  }
  const __int128 numerator = static_cast<__int128>(n) * d + c;
  if (numerator > std::numeric_limits<int64_t>::max() ||
      numerator < std::numeric_limits<int64_t>::min()) {
    return absl::OutOfRangeError(absl::StrCat("RationalAtLeast: numerator for x = ", x,
                                              " with max_denominator = ", max_denominator,
                                              " does not fit in int64"));
  }
  return Rational{static_cast<int64_t>(numerator), static_cast<int64_t>(d)};
}

double SampleLaplace(double scale, RandomStream& stream) {
  CHECK(scale > 0.0 && std::isfinite(scale)) << "SampleLaplace: scale must be finite and > 0";
  // Inversion of the CDF in two halves: sign from bit 0, |x| = -scale * ln(u) from bits 11..63.
  const uint64_t word = stream.NextU64();
  const double u = (static_cast<double>(word >> 11) + 0.5) * 0x1.0p-53;
  const double magnitude = -scale * std::log(u);
  return (word & 1) != 0 ? -magnitude : magnitude;
}

bool SampleBernoulliExp(Rational gamma, RandomStream& stream) {
  CHECK_GE(gamma.numerator, 0) << "SampleBernoulliExp: gamma must be >= 0";
  CHECK_GT(gamma.denominator, 0) << "SampleBernoulliExp: denominator must be > 0";
  RandomBits bits(stream);
  uint64_t num = static_cast<uint64_t>(gamma.numerator);
  const uint64_t den = static_cast<uint64_t>(gamma.denominator);
  // CKS Alg. 1, gamma > 1: one Bernoulli(exp(-1)) per unit of gamma, then the remainder in (0, 1].
  while (num > den) {
    if (!BernoulliExpMinusOne(bits)) return false;
    num -= den;
  }
  return BernoulliExpAtMostOne(num, den, bits);
}

namespace {

// CKS 2020, Alg. 2 on a RandomBits source.
int64_t DiscreteLaplace(Rational scale, RandomBits& bits) {
  const uint64_t t = static_cast<uint64_t>(scale.numerator);
  const uint64_t s = static_cast<uint64_t>(scale.denominator);
  // CKS 2020, Alg. 2.
  while (true) {
    // U ~ Uniform{0..t-1}; accept with probability exp(-U/t).
    const uint64_t u = t == 1 ? 0 : bits.UniformInt(t);
    if (!BernoulliExpAtMostOne(u, t, bits)) continue;
    // V ~ Geometric: count of Bernoulli(exp(-1)) successes before the first failure.
    uint64_t v = 0;
    while (BernoulliExpMinusOne(bits)) ++v;
    // X = U + t V ~ Geometric(1 - exp(-1/t)); Y = floor(X / s) ~ Geometric(1 - exp(-s/t)).
    const u128 x = static_cast<u128>(u) + static_cast<u128>(t) * v;
    u128 y;
    if (s == 1) {
      y = x;
    } else if (x <= std::numeric_limits<uint64_t>::max()) {
      y = static_cast<uint64_t>(x) / s;
    } else {
      y = x / s;
    }
    // Random sign; reject the negative zero so that 0 is not counted twice.
    const bool negative = bits.Bit();
    if (negative && y == 0) continue;
    CHECK(y <= static_cast<u128>(std::numeric_limits<int64_t>::max()))
        << "SampleDiscreteLaplace: sample exceeds int64";
    return negative ? -static_cast<int64_t>(y) : static_cast<int64_t>(y);
  }
}

}  // namespace

absl::Status ValidateDiscreteLaplaceScale(const std::string& name, Rational scale) {
  if (scale.denominator < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ".denominator must be >= 1, got ", scale.denominator));
  }
  if (scale.numerator < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ".numerator must be >= 1, got ", scale.numerator));
  }
  if (static_cast<__int128>(scale.numerator) >
      static_cast<__int128>(kMaxDiscreteLaplaceScale) * scale.denominator) {
    return absl::InvalidArgumentError(absl::StrCat(
        name, " = ", scale.numerator, "/", scale.denominator,
        " must be <= 2^52 (a larger discrete Laplace scale gives samples beyond int64)"));
  }
  return absl::OkStatus();
}

int64_t SampleDiscreteLaplace(Rational scale, RandomStream& stream) {
  CHECK_GT(scale.numerator, 0) << "SampleDiscreteLaplace: scale must be > 0";
  CHECK_GT(scale.denominator, 0) << "SampleDiscreteLaplace: denominator must be > 0";
  RandomBits bits(stream);
  return DiscreteLaplace(scale, bits);
}

int64_t SampleDiscreteGaussian(Rational sigma_squared, RandomStream& stream) {
  CHECK_GT(sigma_squared.numerator, 0) << "SampleDiscreteGaussian: sigma_squared must be > 0";
  CHECK_GT(sigma_squared.denominator, 0) << "SampleDiscreteGaussian: denominator must be > 0";
  const int64_t common = std::gcd(sigma_squared.numerator, sigma_squared.denominator);
  const uint64_t n = static_cast<uint64_t>(sigma_squared.numerator / common);
  const uint64_t d = static_cast<uint64_t>(sigma_squared.denominator / common);
  // CKS 2020, Alg. 3: t = floor(sigma) + 1 (floor(sqrt(n/d)) = isqrt(floor(n/d))), proposal
  // Y ~ DiscreteLaplace(t), accepted with probability exp(-(|Y| - sigma^2/t)^2 / (2 sigma^2)).
  // With sigma^2 = n/d the exponent is (|Y| d t - n)^2 / (2 n d t^2), evaluated in 384 bits.
  const uint64_t t = IntegerSqrt(n / d) + 1;
  const Rational proposal_scale{static_cast<int64_t>(t), 1};
  const Wide wide_t = Wide::From(t);
  const Wide dt = Wide::From(d).Times(wide_t);
  const Wide denominator = Wide::From(2 * static_cast<u128>(n) * d).Times(wide_t).Times(wide_t);
  const Wide wide_n = Wide::From(n);
  RandomBits bits(stream);
  while (true) {
    const int64_t y = DiscreteLaplace(proposal_scale, bits);
    const uint64_t abs_y = y < 0 ? static_cast<uint64_t>(-(y + 1)) + 1 : static_cast<uint64_t>(y);
    Wide diff = Wide::From(abs_y).Times(dt);
    if (diff.Compare(wide_n) >= 0) {
      diff.Subtract(wide_n);
    } else {
      Wide tmp = wide_n;
      tmp.Subtract(diff);
      diff = tmp;
    }
    if (BernoulliExpWide(diff.Times(diff), denominator, bits)) return y;
  }
}

#undef DPRL_ALWAYS_INLINE

}  // namespace dprl
