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
//   3. Cell table (scales t/s <= kMaxCellTableScale): U's first cell_bits() bits name a coarse
//      cell of width 2^-cell_bits(); a table built at construction with the same certified bounds
//      as step 4 holds, per coarse cell, the Y of every U in it (the cell holds no threshold), or
//      the y0 with Y in {y0, y0 + 1} (one threshold, y0 + 1, inside: one comparison at 31 bits
//      decides Y), or nothing (two or more thresholds). A hit decides exactly what step 4 decides
//      from the same 31 bits (samplers_test checks the two against each other).
//   4. A guess y0 ~ floor(-ln(U) t/s) (integer tables, see Guess) is checked, never trusted: the
//   thresholds
//      exp(-y s/t) = E1[y mod M] * E2[y div M] come from two tables of certified 63-bit bounds
//      (exp_bounds.h) built at construction, and "U < exp(-y s/t)" counts as decided only when
//      U's whole 31-bit cell lies on one side of the threshold's bounds. The guess is moved by
//      +-1 while a check decides against it.
//   5. When the 31 bits cannot decide (the cell straddles a threshold's bounds: probability about
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
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/random_stream.h"

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

  // Starts loading the cell-table entry that Sample(word, ...) reads first (no effect without a
  // table, nothing read or drawn): callers that hold many words prefetch them all, then sample.
  void Prefetch(uint32_t word) const {
    if (cell_entries_ != nullptr) __builtin_prefetch(cell_entries_ + ((word >> 1) >> cell_shift_));
  }

  // Number of tabulated thresholds (|E1| * |E2|); guesses beyond them take the exact path.
  int64_t num_thresholds() const { return threshold_count_; }

  // Step 3's coarse cells: U's first cell_bits() bits. Thresholds lie about U s/t apart, so a
  // cell holds one with probability about (t/s) 2^-cell_bits / U, and the table's hits become
  // rarer and its branches unpredictable as that grows: cell_bits() is the smallest number of
  // bits >= kMinCellBits with (t/s) 2^-cell_bits <= 2^-kCellScaleMarginBits (a table of
  // 2^cell_bits int16 entries: 8 kB up to t/s = 128, 128 kB from 1024 to 2048), and no table is
  // built above kMaxCellTableScale, where it would need more than kMaxCellBits bits.
  // samplers_benchmark, ns per sample without / with the table: at t/s = 1500, 14.2 / 19.5 with
  // 12 bits, 14.2 / 9.5 with 16 bits (this rule); at t/s = 300, 11.6 with 12 bits, 8.7 with 14.
  static constexpr int kMinCellBits = 12;
  static constexpr int kMaxCellBits = 16;
  static constexpr int kCellScaleMarginBits = 5;
  static constexpr double kMaxCellTableScale = 2048.0;  // 2^(kMaxCellBits - kCellScaleMarginBits)
  // The number of coarse-cell bits (see above); 0 when there is no table.
  int cell_bits() const { return cell_bits_; }
  // U's bits in the 32-bit word.
  static constexpr int kPrefixBits = 31;
  // Thresholds exp(-y s/t) are bounded at scale 2^kBoundScaleBits (products of two table bounds
  // at scale 2^63); U's cells are compared with them at that scale.
  static constexpr int kBoundScaleBits = 126;

 private:
  friend class DiscreteLaplaceSamplerTestPeer;  // drives the exact path directly in tests
  DiscreteLaplaceSampler() = default;
  static absl::StatusOr<DiscreteLaplaceSampler> Build(Rational scale);

  // The common case inline (the cell table or the guess decides, and no negative zero); the
  // rest, which may read `more`, out of line.
  template <bool force_exact, typename MoreBits>
  int64_t SampleImpl(uint32_t word, MoreBits& more) const {
    const bool negative = (word & 1) != 0;
    const int64_t y = force_exact ? -1 : FastGeometric(word >> 1);
    if (y > 0 || (y == 0 && !negative)) return negative ? -y : y;
    return SampleRedrawing<force_exact>(word, more);
  }

  // CKS Alg. 2 in full from `word`: the exact path for an undecided cell, and a new word from
  // `more` after a negative zero. Repeats SampleImpl's fast check on `word` (no bits read).
  template <bool force_exact, typename MoreBits>
  [[gnu::noinline]] int64_t SampleRedrawing(uint32_t word, MoreBits& more) const {
    while (true) {
      const bool negative = (word & 1) != 0;
      const uint32_t prefix = word >> 1;
      int64_t y = force_exact ? -1 : FastGeometric(prefix);
      if (y < 0) y = ExactGeometric(prefix, more());
      if (!(negative && y == 0)) return negative ? -y : y;
      word = static_cast<uint32_t>(more().NextU64());  // CKS Alg. 2: reject the negative zero
    }
  }

  using u128 = unsigned __int128;

  // For U in [cell_low, cell_high) 2^-126: +1 if U < exp(-y s/t) for every such U, -1 if
  // U >= exp(-y s/t) for every such U, 0 if the table bounds cannot tell. Requires
  // y < threshold_count_.
  [[gnu::always_inline]] int CompareCell(u128 cell_low, u128 cell_high, int64_t y) const {
    const ThresholdBounds bounds = Threshold(y);
    if (cell_high <= bounds.lower) return 1;
    if (cell_low >= bounds.upper) return -1;
    return 0;
  }
  // Bounds of exp(-y s/t) 2^126 from the tables E1[y mod M] E2[y div M]. Requires
  // y < threshold_count_.
  struct ThresholdBounds {
    u128 lower, upper;
  };
  [[gnu::always_inline]] ThresholdBounds Threshold(int64_t y) const {
    const int64_t r = y & ((int64_t{1} << low_bits_) - 1), a = y >> low_bits_;
    return {static_cast<u128>(e1_lower_[r]) * e2_lower_[a],
            static_cast<u128>(e1_upper_[r]) * e2_upper_[a]};
  }
  // CompareCell for U's 31-bit cell.
  [[gnu::always_inline]] int ComparePrefix(uint32_t prefix, int64_t y) const {
    constexpr int kShift = kBoundScaleBits - kPrefixBits;
    return CompareCell(static_cast<u128>(prefix) << kShift,
                       static_cast<u128>(prefix + uint64_t{1}) << kShift, y);
  }

  // Y from U's 31-bit prefix if the table bounds decide it, else -1: the cell table (step 3,
  // inlined into every caller of Sample), then the guess (step 4). A hit on a cell with one
  // threshold gives Y = y0 + [U < exp(-(y0 + 1) s/t)] without a data-dependent branch (the two
  // outcomes are about equally likely).
  [[gnu::always_inline]] int64_t FastGeometric(uint32_t prefix) const {
    if (cell_entries_ != nullptr) {
      const int32_t entry = cell_entries_[prefix >> cell_shift_];
      if (entry >= 0) {
        const int64_t y0 = entry >> 1;
        if ((entry & 1) == 0) return y0;
        constexpr int kShift = kBoundScaleBits - kPrefixBits;
        const ThresholdBounds next = Threshold(y0 + 1);
        const bool below = (static_cast<u128>(prefix + uint64_t{1}) << kShift) <= next.lower;
        const bool above = (static_cast<u128>(prefix) << kShift) >= next.upper;
        if (!(below | above)) return -1;  // the threshold's bounds straddle U's 31-bit cell
        return y0 + static_cast<int64_t>(below);
      }
    }
    return GuessedGeometric(prefix);
  }

  // About floor(-ln(U) t/s) for U at the centre of its 31-bit cell, from integer tables. Inlined
  // into GuessedGeometric.
  [[gnu::always_inline]] int64_t Guess(uint32_t prefix) const;
  // Step 4 alone: Y from U's 31-bit prefix if the table bounds decide it, else -1.
  int64_t GuessedGeometric(uint32_t prefix) const;
  // Fills cell_table_ (step 3) from the threshold bounds.
  void BuildCellTable();
  // Y exactly: U = (prefix + V) 2^-31 with V's bits from `more` (exp_bounds.h at growing
  // precision).
  int64_t ExactGeometric(uint32_t prefix, RandomStream& more) const;

  Rational scale_{1, 1};
  double scale_double_ = 1.0;    // t / s, for the guess only
  int low_bits_ = 0;             // log2 M
  int64_t threshold_count_ = 0;  // M * |E2|: thresholds y < threshold_count_ are tabulated
  // Bounds of exp(-r s/t) (E1, r < M) and exp(-a M s/t) (E2) at scale 2^63.
  std::vector<uint64_t> e1_lower_, e1_upper_, e2_lower_, e2_upper_;
  // Per coarse cell (step 3): 2 Y (Y decided), 2 y0 + 1 (Y in {y0, y0 + 1}, decided by the
  // threshold y0 + 1), or -1 (take step 4). Absent above kMaxCellTableScale. Shared by the
  // copies of a sampler (Create's cache and every counter bank of the same scale hold one table).
  std::shared_ptr<const std::vector<int16_t>> cell_table_;
  const int16_t* cell_entries_ = nullptr;  // cell_table_->data(), or null without a table
  int cell_bits_ = 0;
  int cell_shift_ = 0;  // kPrefixBits - cell_bits_
  // The guess's tables (fixed point, 2^-32): octave e of U, and J = guess_bits_ mantissa bits.
  int guess_bits_ = 6;
  std::array<int64_t, 32> guess_octave_{};
  std::vector<int64_t> guess_offset_;
  std::vector<uint64_t> guess_slope_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_DISCRETE_LAPLACE_SAMPLER_H_
