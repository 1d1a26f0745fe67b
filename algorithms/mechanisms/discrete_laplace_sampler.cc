#include "algorithms/mechanisms/discrete_laplace_sampler.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <mutex>
#include <utility>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/exp_bounds.h"

namespace dprl {
namespace {

using u128 = unsigned __int128;

constexpr int kPrefixBits = DiscreteLaplaceSampler::kPrefixBits;
constexpr int kTableScaleBits = 63;  // table entries are bounds of exp(-x) * 2^63
static_assert(2 * kTableScaleBits == DiscreteLaplaceSampler::kBoundScaleBits);
constexpr double kLn2 = 0.693147180559945309417232121458;
// Thresholds exp(-y s/t) >= 2^-32 have y <= 32 ln 2 * t/s; the tables cover them all.
constexpr double kTabulatedLogRange = 32 * kLn2;

// Bounds of exp(-k x) * 2^63, k = 0 .. count - 1, for x = numerator / denominator, as 64-bit
// words: exp(-x) is bounded once at 2^-128 (ExpNegBounds) and its powers by floor / ceiling
// products at that precision (k steps lose at most ~2k units of 2^-128), then rounded outward.
void PowerTable(u128 numerator, uint64_t denominator, int64_t count, std::vector<uint64_t>& lower,
                std::vector<uint64_t>& upper) {
  constexpr int kWork = 128;
  const ExpNegBoundsResult base = ExpNegBounds(numerator, denominator, kWork);
  BigUnsigned power_lower = BigUnsigned::PowerOfTwo(kWork);
  BigUnsigned power_upper = BigUnsigned::PowerOfTwo(kWork);
  lower.resize(count);
  upper.resize(count);
  for (int64_t k = 0; k < count; ++k) {
    if (k > 0) {
      power_lower = power_lower.Times(base.lower).ShiftRight(kWork);
      power_upper = power_upper.Times(base.upper).ShiftRightCeil(kWork);
    }
    BigUnsigned entry_lower = power_lower, entry_upper = power_upper;
    entry_lower.ShiftRight(kWork - kTableScaleBits);
    entry_upper.ShiftRightCeil(kWork - kTableScaleBits);
    CHECK_LE(entry_upper.BitLength(), 64);
    lower[k] = entry_lower.LowWord();
    upper[k] = entry_upper.LowWord();
  }
}

// U = (prefix bits so far) * 2^-bits, refined with 64 more bits at a time from a stream.
class LazyUniform {
 public:
  LazyUniform(uint32_t prefix, RandomStream& more)
      : value_(prefix), bits_(kPrefixBits), more_(more) {}

  // Makes at least `bits` bits known.
  void Extend(int bits) {
    while (bits_ < bits) {
      value_.ShiftLeft(64).Add(BigUnsigned(more_.NextU64()));
      bits_ += 64;
    }
  }

  const BigUnsigned& value() const { return value_; }
  int bits() const { return bits_; }

  // ln of the known prefix's value (an approximation of ln U, for guesses only).
  double ApproximateLog() const {
    const int length = value_.BitLength();
    if (length == 0) return -static_cast<double>(bits_) * kLn2;
    const int drop = std::max(0, length - 63);
    BigUnsigned top = value_;
    top.ShiftRight(drop);
    return std::log(static_cast<double>(top.LowWord())) + (drop - bits_) * kLn2;
  }

 private:
  BigUnsigned value_;
  int bits_;
  RandomStream& more_;
};

}  // namespace

absl::StatusOr<DiscreteLaplaceSampler> DiscreteLaplaceSampler::Create(Rational scale) {
  // Experiments build many counter banks with the same scale (three per PUCB agent): tables are
  // built once per scale and process, and copied from then on (a few kB of bound and guess
  // tables; the cell table is shared by the copies, not copied).
  static std::mutex* const mutex = new std::mutex();
  static auto* const cache = new std::map<std::pair<int64_t, int64_t>, DiscreteLaplaceSampler>();
  constexpr size_t kMaxCachedScales = 64;
  const std::pair<int64_t, int64_t> key(scale.numerator, scale.denominator);
  {
    std::lock_guard<std::mutex> lock(*mutex);
    if (auto it = cache->find(key); it != cache->end()) return it->second;
  }
  absl::StatusOr<DiscreteLaplaceSampler> sampler = Build(scale);
  if (sampler.ok()) {
    std::lock_guard<std::mutex> lock(*mutex);
    if (cache->size() < kMaxCachedScales) cache->emplace(key, *sampler);
  }
  return sampler;
}

absl::StatusOr<DiscreteLaplaceSampler> DiscreteLaplaceSampler::Build(Rational scale) {
  if (scale.numerator < 1 || scale.denominator < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("discrete Laplace scale must be t/s with t, s >= 1, got ", scale.numerator,
                     "/", scale.denominator));
  }
  // Below 2^-40 every sample is 0 but with probability 2 exp(-2^40); the exp(-s/t) tables need
  // s/t < 2^61 (ExpNegBounds), which this keeps far away.
  if (static_cast<u128>(scale.denominator) > (static_cast<u128>(scale.numerator) << 40)) {
    return absl::InvalidArgumentError(absl::StrCat("discrete Laplace scale ", scale.numerator, "/",
                                                   scale.denominator, " is below 2^-40"));
  }
  const double scale_double = RationalToDouble(scale);
  if (!(scale_double <= kMaxScale)) {
    return absl::InvalidArgumentError(absl::StrCat("discrete Laplace scale ", scale.numerator, "/",
                                                   scale.denominator, " exceeds 2^22"));
  }
  DiscreteLaplaceSampler sampler;
  sampler.scale_ = scale;
  sampler.scale_double_ = scale_double;
  const uint64_t t = static_cast<uint64_t>(scale.numerator);
  const uint64_t s = static_cast<uint64_t>(scale.denominator);
  // Thresholds y = 0 .. needed - 1 (the guess y needs y + 1 tabulated too).
  const int64_t needed = static_cast<int64_t>(kTabulatedLogRange * scale_double) + 3;
  while ((int64_t{1} << (2 * sampler.low_bits_)) < needed) ++sampler.low_bits_;
  const int64_t m = int64_t{1} << sampler.low_bits_;
  const int64_t blocks = (needed + m - 1) / m;
  sampler.threshold_count_ = m * blocks;
  PowerTable(s, t, m, sampler.e1_lower_, sampler.e1_upper_);  // exp(-r s/t)
  PowerTable(static_cast<u128>(m) * s, t, blocks, sampler.e2_lower_,
             sampler.e2_upper_);  // exp(-a m s/t)
  // Guess tables (see FastGeometric): -ln U = (32 - e) ln 2 - ln c_j - (m - c_j) / c_j + O(d^2),
  // d = (m - c_j) / c_j < 2^-J, so the guess is off by about b 2^(-2J) / 2; J grows with b.
  while (sampler.guess_bits_ < 12 && std::ldexp(1.0, 2 * sampler.guess_bits_) < 10 * scale_double) {
    ++sampler.guess_bits_;
  }
  const long double b = static_cast<long double>(scale.numerator) / scale.denominator;
  for (int e = 0; e < 32; ++e) {
    sampler.guess_octave_[e] = std::llround(b * (32 - e) * kLn2 * 0x1p32L);
  }
  const int cells = 1 << sampler.guess_bits_;
  sampler.guess_offset_.resize(cells);
  sampler.guess_slope_.resize(cells);
  for (int j = 0; j < cells; ++j) {
    const long double c = 1 + std::ldexp(static_cast<long double>(j), -sampler.guess_bits_);
    sampler.guess_offset_[j] = std::llround(-b * std::log(c) * 0x1p32L);
    sampler.guess_slope_[j] = static_cast<uint64_t>(std::llround(2 * b / c * 0x1p16L));
  }
  if (scale_double <= kMaxCellTableScale) {
    sampler.cell_bits_ = kMinCellBits;
    while (std::ldexp(scale_double, kCellScaleMarginBits - sampler.cell_bits_) > 1.0) {
      ++sampler.cell_bits_;
    }
    CHECK_LE(sampler.cell_bits_, kMaxCellBits);
    sampler.cell_shift_ = kPrefixBits - sampler.cell_bits_;
    sampler.BuildCellTable();
  }
  return sampler;
}

void DiscreteLaplaceSampler::BuildCellTable() {
  const int cells = 1 << cell_bits_;
  const int shift = kBoundScaleBits - cell_bits_;
  auto table = std::make_shared<std::vector<int16_t>>(cells, -1);
  // Entries are int16 (half the cache footprint of int32). Cells with an entry hold at most one
  // threshold, so their width in y, about (t/s) 2^-cell_bits / U, is below 2: U >~ (t/s)
  // 2^-(cell_bits + 1) >= 2^-(kCellScaleMarginBits + 1), so Y <~ (t/s) (kCellScaleMarginBits + 1)
  // ln 2 <= 4.2 t/s <= 8.6e3 and 2 Y + 1 fits (checked).
  constexpr int64_t kMaxEntry = std::numeric_limits<int16_t>::max();
  // From the top cell down, y = the largest y with the whole cell below threshold y (Y >= y on
  // it). exp(0) = 1 is exact in the tables, so y = 0 holds for the top cell; y only grows as the
  // cells move down.
  int64_t y = 0;
  for (int cell = cells - 1; cell >= 0; --cell) {
    const u128 low = static_cast<u128>(cell) << shift;
    const u128 high = static_cast<u128>(cell + 1) << shift;
    while (y + 1 < threshold_count_ && CompareCell(low, high, y + 1) > 0) ++y;
    // Step 4 needs y + 1 tabulated after a guess; keep a margin of one threshold beyond it.
    if (y + 2 >= threshold_count_) continue;
    int64_t entry;
    if (CompareCell(low, high, y + 1) < 0) {
      entry = 2 * y;  // Y = y on the whole cell
    } else if (CompareCell(low, high, y + 2) < 0) {
      entry = 2 * y + 1;  // one threshold (y + 1) inside
    } else {
      continue;
    }
    CHECK_LE(entry, kMaxEntry) << "cell table entry of cell " << cell << " at scale "
                               << scale_double_;
    (*table)[cell] = static_cast<int16_t>(entry);
  }
  cell_entries_ = table->data();
  cell_table_ = std::move(table);
}

inline int64_t DiscreteLaplaceSampler::Guess(uint32_t prefix) const {
  // U's cell centre v 2^-32 with v = 2 prefix + 1 = 2^e m, m = w 2^-31 in [1, 2), w = c_j 2^31 +
  // rem; floor(-ln(U) b) ~ (octave[e] + offset[j] - rem * slope[j] 2^-16) 2^-32, in integers.
  const uint64_t v = 2 * static_cast<uint64_t>(prefix) + 1;
  const int e = 63 - __builtin_clzll(v);
  const uint64_t w = v << (31 - e);
  const int shift = 31 - guess_bits_;
  const uint64_t j = (w >> shift) & ((uint64_t{1} << guess_bits_) - 1);
  const uint64_t rem = w & ((uint64_t{1} << shift) - 1);
  const int64_t fixed =
      guess_octave_[e] + guess_offset_[j] - static_cast<int64_t>((rem * guess_slope_[j]) >> 16);
  return fixed > 0 ? fixed >> 32 : 0;
}

int64_t DiscreteLaplaceSampler::GuessedGeometric(uint32_t prefix) const {
  // +1: U < exp(-y s/t) for sure; -1: U >= it for sure; 0: undecided at 31 bits.
  auto compare = [&](int64_t y) { return ComparePrefix(prefix, y); };
  int64_t y = Guess(prefix);
  if (y + 1 >= threshold_count_) return -1;
  for (int step = 0; step < 4; ++step) {
    const int below_y = compare(y);  // Y >= y iff U < exp(-y s/t)
    if (below_y == 0) return -1;
    if (below_y < 0) {
      --y;  // y >= 1 here: exp(0) = 1 is exact in the table, so U < 1 is always decided
      continue;
    }
    if (y + 1 >= threshold_count_) return -1;
    const int below_next = compare(y + 1);
    if (below_next == 0) return -1;
    if (below_next > 0) {
      ++y;
      continue;
    }
    return y;
  }
  return -1;
}

int64_t DiscreteLaplaceSampler::ExactGeometric(uint32_t prefix, RandomStream& more) const {
  const uint64_t t = static_cast<uint64_t>(scale_.numerator);
  const uint64_t s = static_cast<uint64_t>(scale_.denominator);
  LazyUniform uniform(prefix, more);
  // U < exp(-y s/t), decided exactly: U's cell [v, v + 1) 2^-P against bounds at scale 2^P.
  auto below = [&](int64_t y) {
    for (int extra_words = 2;; extra_words *= 2) {
      uniform.Extend(kPrefixBits + 64 * extra_words);
      const int precision = uniform.bits();
      const ExpNegBoundsResult bounds = ExpNegBounds(static_cast<u128>(y) * s, t, precision);
      BigUnsigned cell_high = uniform.value();
      cell_high.AddSmall(1);
      if (cell_high.Compare(bounds.lower) <= 0) return true;
      if (uniform.value().Compare(bounds.upper) >= 0) return false;
    }
  };
  uniform.Extend(kPrefixBits + 64);
  const double guess = -uniform.ApproximateLog() * scale_double_;
  int64_t y = guess > 0 ? static_cast<int64_t>(std::min(guess, 0x1p62)) : 0;
  while (!below(y)) --y;  // terminates: U < exp(0) = 1
  while (below(y + 1)) ++y;
  return y;
}

}  // namespace dprl
