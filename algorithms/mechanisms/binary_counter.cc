#include "algorithms/mechanisms/binary_counter.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "algorithms/mechanisms/dyadic_tree.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {
namespace {

constexpr int64_t kMaxHorizonSteps = int64_t{1} << 50;  // node index (< 2^50) << 6 fits in 64 bits
constexpr double kMaxExactInteger = 0x1p53;

// Node identifier for the pair child stream: level in the low 6 bits, index above.
inline uint64_t NodeKey(int level, int64_t index) {
  return (static_cast<uint64_t>(index) << 6) | static_cast<uint64_t>(level);
}

// The stream parent.Child(a, b), derived in place on the first call: no allocation, and nothing
// written on the common path where it is never asked for (a std::optional<RandomStream> is
// zero-filled on construction, 128 bytes per node).
class LazyPairChild {
 public:
  LazyPairChild(const RandomStream& parent, uint64_t a, uint64_t b)
      : parent_(parent), a_(a), b_(b) {}
  LazyPairChild(const LazyPairChild&) = delete;
  LazyPairChild& operator=(const LazyPairChild&) = delete;

  RandomStream& operator()() {
    if (!derived_) {
      new (&stream_) RandomStream(parent_.Child(a_, b_));
      derived_ = true;
    }
    return stream_;
  }

 private:
  static_assert(std::is_trivially_destructible_v<RandomStream>);
  const RandomStream& parent_;
  const uint64_t a_, b_;
  bool derived_ = false;
  union {
    RandomStream stream_;  // live once derived_
  };
};

}  // namespace

absl::Status BinaryCounterOptions::Validate() const {
  RETURN_IF_ERROR(ValidateFinitePositive("privacy_epsilon", privacy_epsilon));
  if (horizon_steps < 1 || horizon_steps > kMaxHorizonSteps) {
    return absl::InvalidArgumentError(
        absl::StrCat("horizon_steps must be in [1, 2^50], got ", horizon_steps));
  }
  if (!std::isfinite(input_bound) || input_bound < 1.0 || input_bound != std::floor(input_bound)) {
    return absl::InvalidArgumentError(
        absl::StrCat("input_bound must be an integer >= 1, got ", input_bound));
  }
  if (input_bound * static_cast<double>(horizon_steps) > kMaxExactInteger) {
    return absl::InvalidArgumentError(absl::StrCat(
        "input_bound * horizon_steps must be <= 2^53 (exact integer sums), got input_bound = ",
        input_bound, ", horizon_steps = ", horizon_steps));
  }
  return absl::OkStatus();
}

absl::StatusOr<BinaryCounterBank> BinaryCounterBank::Create(int64_t num_counters,
                                                            const BinaryCounterOptions& options,
                                                            RandomStream noise_stream) {
  if (num_counters < 0 || num_counters > std::numeric_limits<int32_t>::max()) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_counters must be in [0, 2^31 - 1], got ", num_counters));
  }
  // Checked from 1 GB on (reading the machine's limit costs file reads, too much for the
  // hundreds of thousands of small banks a privacy audit builds).
  const double bytes = kBytesPerCounter * static_cast<double>(num_counters);
  if (bytes >= kCheckedBytes) {
    RETURN_IF_ERROR(CheckMemoryEstimate(absl::StrCat("num_counters = ", num_counters), bytes));
  }
  RETURN_IF_ERROR(options.Validate());
  BinaryCounterBank bank(num_counters, options, std::move(noise_stream));
  const double scale = bank.levels_ * options.input_bound / options.privacy_epsilon;
  if (!std::isfinite(scale)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "node noise scale levels * input_bound / privacy_epsilon is not finite: ", bank.levels_,
        " * ", options.input_bound, " / ", options.privacy_epsilon));
  }
  // The scale is finite and > 0 here, so the rounding fails only where it is too large for an
  // int64 numerator.
  absl::StatusOr<Rational> rational = RationalAtLeast(scale, kScaleMaxDenominator);
  if (!rational.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "node noise scale levels * input_bound / privacy_epsilon = ", scale,
        " is too large for exact discrete noise (a rational of int64 numerator); raise "
        "privacy_epsilon (", options.privacy_epsilon, ") or lower input_bound (",
        options.input_bound, ")"));
  }
  // Node noise beyond the samplers' range would CHECK-fail in a release: refuse it here.
  if (absl::Status in_range = ValidateDiscreteLaplaceScale(
          "node noise scale levels * input_bound / privacy_epsilon", *rational);
      !in_range.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(in_range.message(), "; raise privacy_epsilon (", options.privacy_epsilon,
                     ") or lower input_bound (", options.input_bound, ")"));
  }
  bank.discrete_scale_ = *rational;
  bank.node_scale_ = RationalToDouble(*rational);
  if (bank.node_scale_ <= DiscreteLaplaceSampler::kMaxScale) {
    ASSIGN_OR_RETURN(DiscreteLaplaceSampler sampler, DiscreteLaplaceSampler::Create(*rational));
    bank.sampler_.emplace(std::move(sampler));
  }
  return bank;
}

BinaryCounterBank::BinaryCounterBank(int64_t num_counters, const BinaryCounterOptions& options,
                                     RandomStream noise_stream)
    : num_counters_(num_counters),
      options_(options),
      noise_stream_(std::move(noise_stream)),
      overflow_stream_(noise_stream_.Child(0)),
      levels_(DyadicLevels(options.horizon_steps)),
      node_scale_(0.0),
      true_sum_(num_counters, 0),
      pending_(num_counters, 0),
      tracked_slot_(num_counters, -1) {}

int64_t BinaryCounterBank::NodeNoiseUnits(int64_t counter, int level, int64_t index) const {
  const uint64_t key = NodeKey(level, index);
  const uint64_t counter_id = static_cast<uint64_t>(counter);
  if (!sampler_.has_value()) {
    RandomStream stream = overflow_stream_.Child(counter_id, key);
    return SampleDiscreteLaplace(discrete_scale_, stream);
  }
  const uint64_t group = static_cast<uint64_t>(counter / kCountersPerBlock);
  std::array<uint64_t, 3> words;
  noise_stream_.PairChildFirstWords(&group, key, 1, &words);
  return SampleNodeNoise(counter, key, CounterWord(counter, words));
}

uint32_t BinaryCounterBank::CounterWord(int64_t counter, const std::array<uint64_t, 3>& words) {
  const int slot = static_cast<int>(counter % kCountersPerBlock);
  return static_cast<uint32_t>(words[slot / 2] >> (32 * (slot % 2)));
}

int64_t BinaryCounterBank::SampleNodeNoise(int64_t counter, uint64_t node_key,
                                           uint32_t word) const {
  // Further bits (rare: redraws and undecided cells) from a per-(counter, node) stream, derived
  // only when asked for.
  LazyPairChild more(overflow_stream_, static_cast<uint64_t>(counter), node_key);
  return sampler_->Sample(word, more);
}

template <typename Use>
void BinaryCounterBank::ForEachTrackedNodeNoise(int level, int64_t index, Use&& use) {
  const size_t tracked = tracked_ids_.size();
  if (!sampler_.has_value()) {
    for (size_t slot = 0; slot < tracked; ++slot) {
      use(slot, NodeNoiseUnits(tracked_ids_[slot], level, index));
    }
    return;
  }
  const uint64_t key = NodeKey(level, index);
  // One block per run of tracked counters in one group (block_groups_, kept by Track).
  block_words_.resize(block_groups_.size());
  noise_stream_.PairChildFirstWords(
      block_groups_.data(), key, static_cast<int64_t>(block_groups_.size()), block_words_.data());
  // The blocks as 32-bit halves: half h of block i is word 6 i + h (CounterWord's), read at
  // tracked_word_[slot]; each counter's sampler table entry is prefetched kPrefetchAhead
  // counters ahead, so that the loads overlap.
  static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "32-bit halves of the block words");
  const char* halves = reinterpret_cast<const char*>(block_words_.data());
  auto word_at = [&](size_t slot) {
    uint32_t word;
    std::memcpy(&word, halves + sizeof(uint32_t) * tracked_word_[slot], sizeof word);
    return word;
  };
  constexpr size_t kPrefetchAhead = 16;
  for (size_t slot = 0; slot < std::min(tracked, kPrefetchAhead); ++slot) {
    sampler_->Prefetch(word_at(slot));
  }
  for (size_t slot = 0; slot < tracked; ++slot) {
    if (slot + kPrefetchAhead < tracked) sampler_->Prefetch(word_at(slot + kPrefetchAhead));
    use(slot, SampleNodeNoise(tracked_ids_[slot], key, word_at(slot)));
  }
}

int64_t BinaryCounterBank::NoiseSumUnits(int64_t counter, int64_t t) const {
  int64_t sum = 0;
  ForEachCoveringNode(
      t, [&](const DyadicNode& node) { sum += NodeNoiseUnits(counter, node.level, node.index); });
  return sum;
}

namespace {

// Add's failures, out of its hot path (glog's CHECKs there set up their message objects in every
// call's frame): the same messages, then abort.
[[noreturn, gnu::cold, gnu::noinline]] void FailAdd(int64_t counter, double value,
                                                    int64_t num_counters, int64_t steps,
                                                    int64_t horizon_steps, double input_bound,
                                                    int64_t pending) {
  CHECK_GE(counter, 0);
  CHECK_LT(counter, num_counters);
  CHECK_LT(steps, horizon_steps) << "Add after the last step of the horizon";
  CHECK(value == 1.0 || (std::isfinite(value) && value == std::floor(value)))
      << "counter " << counter << ": inputs must be integers, got " << value;
  CHECK_LE(std::fabs(value), input_bound)
      << "counter " << counter << ": input " << value << " exceeds input_bound " << input_bound;
  LOG(FATAL) << "counter " << counter << ": step input " << pending << " exceeds input_bound "
             << input_bound;
  __builtin_unreachable();
}

}  // namespace

void BinaryCounterBank::Add(int64_t counter, double value) {
  if (counter < 0 || counter >= num_counters_ || steps_ >= options_.horizon_steps) {
    FailAdd(counter, value, num_counters_, steps_, options_.horizon_steps, options_.input_bound, 0);
  }
  if (value == 0.0) return;
  // 1 (every visit) is an integer: the check (a libm floor call) only for other values.
  // |value| <= input_bound <= 2^53 (an integer double: exact as int64) once this passed; checked
  // before the conversion so that no value overflows it.
  if (!(value == 1.0 || (std::isfinite(value) && value == std::floor(value))) ||
      !(std::fabs(value) <= options_.input_bound)) {
    FailAdd(counter, value, num_counters_, steps_, options_.horizon_steps, options_.input_bound, 0);
  }
  int64_t& pending = pending_[counter];
  if (pending == 0) touched_.push_back(counter);
  pending += static_cast<int64_t>(value);
  if (!(std::fabs(static_cast<double>(pending)) <= options_.input_bound)) {
    FailAdd(counter, value, num_counters_, steps_, options_.horizon_steps, options_.input_bound,
            pending);
  }
}

void BinaryCounterBank::EndStep() {
  CHECK_LT(steps_, options_.horizon_steps) << "EndStep beyond horizon_steps";
  for (const int64_t counter : touched_) {
    true_sum_[counter] += pending_[counter];
    pending_[counter] = 0;
  }
  touched_.clear();
  ++steps_;
  if (tracked_ids_.empty()) return;
  // t-1 -> t: nodes of levels 0..k-1 covering t-1 stop covering; the node completed at t,
  // (k, (t >> k) - 1) with k = ctz(t), starts. Node by node over all tracked counters, so that
  // consecutive counters share one Philox block per node.
  const int64_t t = steps_;
  const DyadicNode completed = NodeCompletedAt(t);
  const int k = completed.level;
  // Levels 0..k-1 are all set bits of t-1. Above kCachedLevels their nodes are re-derived
  // (amortized re-derivations per step: sum_{k > c} (k - c) 2^-(k+1) = 2^-c); below it they are
  // cached, and removed in the pass that adds the completed node (exact integer sums: the order
  // of the additions does not change Z(t)).
  for (int level = kCachedLevels; level < k; ++level) {
    ForEachTrackedNodeNoise(level, ((t - 1) >> level) - 1, [this](size_t slot, int64_t removed) {
      tracked_noise_[slot] -= removed;
    });
  }
  const int cached_removed = std::min(k, kCachedLevels);
  ForEachTrackedNodeNoise(k, completed.index,
                          [this, k, cached_removed](size_t slot, int64_t added) {
                            int64_t* cached = &tracked_low_nodes_[slot * kCachedLevels];
                            int64_t change = added;
                            for (int level = 0; level < cached_removed; ++level)
                              change -= cached[level];
                            if (k < kCachedLevels) cached[k] = added;
                            tracked_noise_[slot] += change;
                          });
}

[[gnu::always_inline]] inline int64_t BinaryCounterBank::CurrentNoiseSum(int64_t counter) const {
  const int32_t slot = tracked_slot_[counter];
  return slot >= 0 ? tracked_noise_[slot] : NoiseSumUnits(counter, steps_);
}

// Inlined into ReleaseAll's loop (a call per counter there measured as a share of PUCB's episode).
[[gnu::always_inline]] inline int64_t BinaryCounterBank::ReleaseWithNoise(int64_t counter,
                                                                         int64_t noise_sum) const {
  int64_t release = 0;
  CHECK(!__builtin_add_overflow(true_sum_[counter], noise_sum, &release))
      << "counter " << counter << ": release beyond int64";
  return release;
}

[[gnu::always_inline]] inline int64_t BinaryCounterBank::UncheckedRelease(int64_t counter) const {
  return ReleaseWithNoise(counter, CurrentNoiseSum(counter));
}

int64_t BinaryCounterBank::ExactRelease(int64_t counter) const {
  CHECK_GE(counter, 0);
  CHECK_LT(counter, num_counters_);
  return UncheckedRelease(counter);
}

double BinaryCounterBank::Release(int64_t counter) const {
  return static_cast<double>(ExactRelease(counter));
}

void BinaryCounterBank::ReleaseAll(double* released) const {
  if (static_cast<int64_t>(tracked_ids_.size()) == num_counters_ && tracked_in_counter_order_) {
    // Every counter tracked, slot = counter (PUCB's visits): the noise sums without indirection.
    for (int64_t counter = 0; counter < num_counters_; ++counter) {
      released[counter] = static_cast<double>(ReleaseWithNoise(counter, tracked_noise_[counter]));
    }
    return;
  }
  // Every counter is in range: no per-counter range check.
  for (int64_t counter = 0; counter < num_counters_; ++counter) {
    released[counter] = static_cast<double>(UncheckedRelease(counter));
  }
}

void BinaryCounterBank::Track(int64_t counter) {
  CHECK_GE(counter, 0);
  CHECK_LT(counter, num_counters_);
  if (tracked_slot_[counter] >= 0) return;
  tracked_slot_[counter] = static_cast<int32_t>(tracked_ids_.size());
  tracked_in_counter_order_ =
      tracked_in_counter_order_ && counter == static_cast<int64_t>(tracked_ids_.size());
  tracked_ids_.push_back(counter);
  // A run of consecutive tracked counters of one group shares that group's block.
  const uint64_t group = static_cast<uint64_t>(counter / kCountersPerBlock);
  if (block_groups_.empty() || block_groups_.back() != group) block_groups_.push_back(group);
  tracked_word_.push_back(static_cast<uint32_t>(kCountersPerBlock * (block_groups_.size() - 1) +
                                                counter % kCountersPerBlock));
  tracked_noise_.push_back(NoiseSumUnits(counter, steps_));
  // Cache the covering nodes of steps_ below kCachedLevels (other entries are never read: a
  // level is only removed while its bit is set).
  for (int level = 0; level < kCachedLevels; ++level) {
    const bool covering = (steps_ >> level) & 1;
    tracked_low_nodes_.push_back(covering ? NodeNoiseUnits(counter, level, (steps_ >> level) - 1)
                                          : 0);
  }
}

bool BinaryCounterBank::IsTracked(int64_t counter) const {
  CHECK_GE(counter, 0);
  CHECK_LT(counter, num_counters_);
  return tracked_slot_[counter] >= 0;
}

double BinaryCounterBank::NodeNoiseVariance() const {
  // q = exp(-1/b); 2q / (1-q)^2 with 1 - q = -expm1(-1/b) for accuracy at large b.
  const double inverse_scale = 1.0 / node_scale_;
  const double q = std::exp(-inverse_scale);
  const double one_minus_q = -std::expm1(-inverse_scale);
  return 2.0 * q / (one_minus_q * one_minus_q);
}

int64_t BinaryCounterBank::memory_bytes() const {
  return static_cast<int64_t>(
      true_sum_.capacity() * sizeof(int64_t) + pending_.capacity() * sizeof(int64_t) +
      tracked_slot_.capacity() * sizeof(int32_t) + touched_.capacity() * sizeof(int64_t) +
      tracked_ids_.capacity() * sizeof(int64_t) + tracked_noise_.capacity() * sizeof(int64_t) +
      tracked_low_nodes_.capacity() * sizeof(int64_t) +
      block_groups_.capacity() * sizeof(uint64_t) + tracked_word_.capacity() * sizeof(uint32_t) +
      block_words_.capacity() * sizeof(std::array<uint64_t, 3>));
}

}  // namespace dprl
