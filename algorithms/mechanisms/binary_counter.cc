#include "algorithms/mechanisms/binary_counter.h"

#include <glog/logging.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/dyadic_tree.h"
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
  if (absl::Status status = options.Validate(); !status.ok()) return status;
  BinaryCounterBank bank(num_counters, options, std::move(noise_stream));
  const double scale = bank.levels_ * options.input_bound / options.privacy_epsilon;
  if (!std::isfinite(scale)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "node noise scale levels * input_bound / privacy_epsilon is not finite: ", bank.levels_,
        " * ", options.input_bound, " / ", options.privacy_epsilon));
  }
  absl::StatusOr<Rational> rational = RationalAtLeast(scale, kScaleMaxDenominator);
  if (!rational.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("node noise scale levels * input_bound / privacy_epsilon = ", scale,
                     " cannot be rounded to a rational: ", rational.status().message()));
  }
  bank.discrete_scale_ = *rational;
  bank.node_scale_ = RationalToDouble(*rational);
  return bank;
}

BinaryCounterBank::BinaryCounterBank(int64_t num_counters, const BinaryCounterOptions& options,
                                     RandomStream noise_stream)
    : num_counters_(num_counters),
      options_(options),
      noise_stream_(std::move(noise_stream)),
      levels_(DyadicLevels(options.horizon_steps)),
      node_scale_(0.0),
      true_sum_(num_counters, 0.0),
      pending_(num_counters, 0.0),
      tracked_slot_(num_counters, -1) {}

int64_t BinaryCounterBank::NodeNoiseUnits(int64_t counter, int level, int64_t index) const {
  RandomStream stream = noise_stream_.Child(static_cast<uint64_t>(counter), NodeKey(level, index));
  return SampleDiscreteLaplace(discrete_scale_, stream);
}

int64_t BinaryCounterBank::NoiseSumUnits(int64_t counter, int64_t t) const {
  int64_t sum = 0;
  ForEachCoveringNode(t, [&](const DyadicNode& node) {
    sum += NodeNoiseUnits(counter, node.level, node.index);
  });
  return sum;
}

void BinaryCounterBank::Add(int64_t counter, double value) {
  CHECK_GE(counter, 0);
  CHECK_LT(counter, num_counters_);
  CHECK_LT(steps_, options_.horizon_steps) << "Add after the last step of the horizon";
  CHECK(std::isfinite(value) && value == std::floor(value))
      << "counter " << counter << ": inputs must be integers, got " << value;
  if (value == 0.0) return;
  if (pending_[counter] == 0.0) touched_.push_back(counter);
  pending_[counter] += value;
  CHECK_LE(std::fabs(pending_[counter]), options_.input_bound)
      << "counter " << counter << ": step input " << pending_[counter] << " exceeds input_bound "
      << options_.input_bound;
}

void BinaryCounterBank::EndStep() {
  CHECK_LT(steps_, options_.horizon_steps) << "EndStep beyond horizon_steps";
  for (const int64_t counter : touched_) {
    true_sum_[counter] += pending_[counter];
    pending_[counter] = 0.0;
  }
  touched_.clear();
  ++steps_;
  if (tracked_ids_.empty()) return;
  // t-1 -> t: nodes of levels 0..k-1 covering t-1 stop covering; the node completed at t,
  // (k, (t >> k) - 1) with k = ctz(t), starts.
  const int64_t t = steps_;
  const DyadicNode completed = NodeCompletedAt(t);
  const int k = completed.level;
  const int64_t new_index = completed.index;
  for (size_t slot = 0; slot < tracked_ids_.size(); ++slot) {
    const int64_t counter = tracked_ids_[slot];
    int64_t* cached = &tracked_low_nodes_[slot * kCachedLevels];
    int64_t z = tracked_noise_[slot];
    // Levels 0..k-1 are all set bits of t-1: their nodes are the cached ones below kCachedLevels
    // (amortized re-derivations per step: sum_{k > c} (k - c) 2^-(k+1) = 2^-c).
    for (int level = 0; level < k; ++level) {
      z -= level < kCachedLevels ? cached[level]
                                 : NodeNoiseUnits(counter, level, ((t - 1) >> level) - 1);
    }
    const int64_t added = NodeNoiseUnits(counter, k, new_index);
    if (k < kCachedLevels) cached[k] = added;
    tracked_noise_[slot] = z + added;
  }
}

double BinaryCounterBank::Release(int64_t counter) const {
  CHECK_GE(counter, 0);
  CHECK_LT(counter, num_counters_);
  const int32_t slot = tracked_slot_[counter];
  const int64_t noise = slot >= 0 ? tracked_noise_[slot] : NoiseSumUnits(counter, steps_);
  return true_sum_[counter] + static_cast<double>(noise);
}

void BinaryCounterBank::Track(int64_t counter) {
  CHECK_GE(counter, 0);
  CHECK_LT(counter, num_counters_);
  if (tracked_slot_[counter] >= 0) return;
  tracked_slot_[counter] = static_cast<int32_t>(tracked_ids_.size());
  tracked_ids_.push_back(counter);
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
      true_sum_.capacity() * sizeof(double) + pending_.capacity() * sizeof(double) +
      tracked_slot_.capacity() * sizeof(int32_t) + touched_.capacity() * sizeof(int64_t) +
      tracked_ids_.capacity() * sizeof(int64_t) + tracked_noise_.capacity() * sizeof(int64_t) +
      tracked_low_nodes_.capacity() * sizeof(int64_t));
}

}  // namespace dprl
