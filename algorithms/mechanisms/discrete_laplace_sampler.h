// A fast exact sampler of the discrete Laplace distribution with a fixed scale.
//
// Specification
// -------------
// For the rational scale t/s (t, s >= 1) it draws Z in Z with
//
//     P(Z = z) = (1 - q) / (1 + q) * q^|z|,   q = exp(-s/t),
//
// exactly: the same distribution as SampleDiscreteLaplace (samplers.h, CKS 2020 Alg. 2), with no
// floating-point value deciding any outcome. It is what the binary counters' node noise uses; it
// draws most samples from 32 random bits, so a tree counter can cut one Philox block into several
// nodes' noise (binary_counter.h).
//
// Method (inversion of the geometric distribution, certified by integer bounds):
//   1. As in CKS 2020 Alg. 2, Z = (1 - 2B) Y with B a fair bit and Y ~ Geometric(1 - q),
//      P(Y >= y) = q^y = exp(-y s/t); the outcome (B = 1, Y = 0) is rejected and drawn again.
//   2. Y = max{ y : U < exp(-y s/t) } for U uniform in (0, 1) (inversion). U is a lazily
//      generated real number: its first 31 bits come with B in one 32-bit word, more bits are
//      drawn only when needed.
//   3. A guess y0 ~ floor(-ln(U) t/s) (integer tables, see Guess) is checked, never trusted: the
//   thresholds
//      exp(-y s/t) = E1[y mod M] * E2[y div M] come from two tables of certified 63-bit bounds
//      (exp_bounds.h) built at construction, and "U < exp(-y s/t)" counts as decided only when
//      U's whole 31-bit cell lies on one side of the threshold's bounds. The guess is moved by
//      +-1 while a check decides against it.
//   4. When the 31 bits cannot decide (the cell straddles a threshold's bounds: probability about
//      (number of thresholds above 2^-31) * 2^-31, below 2e-5 for scales up to 1e3), U gets more
//      bits from the `more` stream and the thresholds are recomputed with ExpNegBounds at a
//      precision that doubles until every comparison is decided. This path is exact at any
//      depth; it is slow (microseconds) and rare.
// Tables: M is a power of two near sqrt(22.2 t/s) so that E1 and E2 together cover every
// threshold above 2^-32 with about 2 sqrt(22.2 t/s) entries. Scales t/s above 2^22 are refused by
// Create (the tables would exceed ~2^14 entries each); SampleDiscreteLaplace has no such limit.
//
// Randomness: Sample(word, more) uses the 32-bit `word` (bit 0 = B, bits 1..31 = U's first bits)
// and calls more() (a RandomStream&) only for further bits and redraws, so the sample is a
// deterministic function of (word, more's stream).
#ifndef DPRL_ALGORITHMS_MECHANISMS_DISCRETE_LAPLACE_SAMPLER_H_
#define DPRL_ALGORITHMS_MECHANISMS_DISCRETE_LAPLACE_SAMPLER_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "random/random_stream.h"
#include "algorithms/mechanisms/samplers.h"

namespace dprl {

class DiscreteLaplaceSampler {
 public:
  // Largest scale t/s the tables are built for.
  static constexpr double kMaxScale = 4194304.0;  // 2^22

  // Builds the tables (0.5 ms at scale 1e4; cached per scale, so later calls with the same scale
  // copy them). InvalidArgument if t < 1, s < 1, t/s > kMaxScale or t/s < 2^-40. Thread-safe.
  static absl::StatusOr<DiscreteLaplaceSampler> Create(Rational scale);

  Rational scale() const { return scale_; }

  // One exact sample from the 32-bit `word` and, only if needed, from `more()` (see above).
  template <typename MoreBits>
  int64_t Sample(uint32_t word, MoreBits&& more) const {
    return SampleImpl</*force_exact=*/false>(word, more);
  }

  // Same, all bits from `stream`.
  int64_t Sample(RandomStream& stream) const {
    return Sample(static_cast<uint32_t>(stream.NextU64()),
                  [&stream]() -> RandomStream& { return stream; });
  }

  // Number of tabulated thresholds (|E1| * |E2|); guesses beyond them take the exact path.
  int64_t num_thresholds() const { return threshold_count_; }

 private:
  friend class DiscreteLaplaceSamplerTestPeer;  // drives the exact path directly in tests
  DiscreteLaplaceSampler() = default;
  static absl::StatusOr<DiscreteLaplaceSampler> Build(Rational scale);

  template <bool force_exact, typename MoreBits>
  int64_t SampleImpl(uint32_t word, MoreBits& more) const {
    while (true) {
      const bool negative = (word & 1) != 0;
      const uint32_t prefix = word >> 1;
      int64_t y = force_exact ? -1 : FastGeometric(prefix);
      if (y < 0) y = ExactGeometric(prefix, more());
      if (!(negative && y == 0)) return negative ? -y : y;
      word = static_cast<uint32_t>(more().NextU64());  // CKS Alg. 2: reject the negative zero
    }
  }

  // About floor(-ln(U) t/s) for U at the centre of its 31-bit cell, from integer tables. Inlined
  // into FastGeometric, the path of nearly every sample.
  [[gnu::always_inline]] int64_t Guess(uint32_t prefix) const;
  // Y from U's 31-bit prefix if the table bounds decide it, else -1.
  int64_t FastGeometric(uint32_t prefix) const;
  // Y exactly: U = (prefix + V) 2^-31 with V's bits from `more` (exp_bounds.h at growing
  // precision).
  int64_t ExactGeometric(uint32_t prefix, RandomStream& more) const;

  Rational scale_{1, 1};
  double scale_double_ = 1.0;    // t / s, for the guess only
  int low_bits_ = 0;             // log2 M
  int64_t threshold_count_ = 0;  // M * |E2|: thresholds y < threshold_count_ are tabulated
  // Bounds of exp(-r s/t) (E1, r < M) and exp(-a M s/t) (E2) at scale 2^63.
  std::vector<uint64_t> e1_lower_, e1_upper_, e2_lower_, e2_upper_;
  // The guess's tables (fixed point, 2^-32): octave e of U, and J = guess_bits_ mantissa bits.
  int guess_bits_ = 6;
  std::array<int64_t, 32> guess_octave_{};
  std::vector<int64_t> guess_offset_;
  std::vector<uint64_t> guess_slope_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_DISCRETE_LAPLACE_SAMPLER_H_
