#include "algorithms/mechanisms/matrix_tree_counter.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/dyadic_tree.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr int64_t kMaxHorizonSteps = int64_t{1} << 40;
constexpr double kMaxUnits = 0x1.0p61;  // bound on |grid sums| (int64 headroom for the noise)

bool FinitePositive(double x) { return std::isfinite(x) && x > 0.0; }

}  // namespace

absl::Status MatrixTreeCounterOptions::Validate() const {
  if (rows < 1)
    return absl::InvalidArgumentError(absl::StrFormat("rows must be >= 1, got %d", rows));
  if (cols < 1)
    return absl::InvalidArgumentError(absl::StrFormat("cols must be >= 1, got %d", cols));
  if (symmetric && rows != cols) {
    return absl::InvalidArgumentError(
        absl::StrFormat("symmetric requires rows == cols, got %d x %d", rows, cols));
  }
  if (horizon_steps < 1 || horizon_steps > kMaxHorizonSteps) {
    return absl::InvalidArgumentError(
        absl::StrFormat("horizon_steps must be in [1, 2^40], got %d", horizon_steps));
  }
  if (!FinitePositive(l2_sensitivity)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("l2_sensitivity must be finite and > 0, got %g", l2_sensitivity));
  }
  if (!FinitePositive(input_frobenius_bound)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "input_frobenius_bound must be finite and > 0, got %g", input_frobenius_bound));
  }
  if (!FinitePositive(zcdp_rho)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("zcdp_rho must be finite and > 0, got %g", zcdp_rho));
  }
  return absl::OkStatus();
}

void CheckMatrixCounterInput(const MatrixTreeCounterOptions& options, const Eigen::MatrixXd& input,
                             const char* counter) {
  CHECK_EQ(input.rows(), options.rows) << counter;
  CHECK_EQ(input.cols(), options.cols) << counter;
  CHECK(input.allFinite()) << counter << ": non-finite input";
  CHECK_LE(input.norm(), options.input_frobenius_bound * (1.0 + 1e-9))
      << counter << ": input exceeds input_frobenius_bound";
  if (options.symmetric) {
    CHECK_LE((input - input.transpose()).cwiseAbs().maxCoeff(),
             1e-12 * std::max(1.0, input.cwiseAbs().maxCoeff()))
        << counter << ": symmetric counter given a non-symmetric input";
  }
}

absl::StatusOr<int> CheckMatrixCounterSize(const MatrixTreeCounterOptions& options,
                                           double values_per_entry, const char* counter) {
  const double rows = options.rows;
  const double entries = options.symmetric ? rows * (rows + 1.0) / 2.0 : rows * options.cols;
  const std::string subject =
      absl::StrFormat("%s with rows = %d, cols = %d, horizon_steps = %d (%.0f released entries)",
                      counter, options.rows, options.cols, options.horizon_steps, entries);
  if (entries > std::numeric_limits<int>::max()) {
    return absl::InvalidArgumentError(
        absl::StrCat(subject, ": at most 2^31 - 1 released entries are supported"));
  }
  RETURN_IF_ERROR(CheckMemoryEstimate(subject, entries * values_per_entry * sizeof(int64_t)));
  return static_cast<int>(entries);
}

Eigen::MatrixXd UnpackReleasedEntries(const MatrixTreeCounterOptions& options,
                                      const std::vector<double>& packed, double scale) {
  Eigen::MatrixXd out(options.rows, options.cols);
  size_t e = 0;
  for (int p = 0; p < options.rows; ++p) {
    for (int q = options.symmetric ? p : 0; q < options.cols; ++q) {
      out(p, q) = packed[e++] * scale;
      if (options.symmetric) out(q, p) = out(p, q);
    }
  }
  return out;
}

MatrixTreeCounter::MatrixTreeCounter(const MatrixTreeCounterOptions& options,
                                     RandomStream noise_stream)
    : options_(options), noise_stream_(noise_stream), rounding_stream_(noise_stream.Child(0)) {}

absl::StatusOr<MatrixTreeCounter> MatrixTreeCounter::Create(const MatrixTreeCounterOptions& options,
                                                            RandomStream noise_stream) {
  RETURN_IF_ERROR(options.Validate());
  MatrixTreeCounter c(options, noise_stream);
  c.levels_ = DyadicLevels(options.horizon_steps);
  // Per entry: the true sum of the node in progress and the noisy sum of the last completed node
  // at each level.
  ASSIGN_OR_RETURN(c.entries_, CheckMatrixCounterSize(options, 2.0 * c.levels_,
                                                      "MatrixTreeCounter"));
  const double m = c.levels_;
  const double sigma0 = std::sqrt(m / (2.0 * options.zcdp_rho)) * options.l2_sensitivity;
  const int exponent = static_cast<int>(std::ceil(std::log2(sigma0))) - kGridBitsBelowSigma;
  c.grid_unit_ = std::ldexp(1.0, exponent);
  c.effective_sensitivity_ =
      options.l2_sensitivity + 2.0 * c.grid_unit_ * std::sqrt(static_cast<double>(c.entries_));
  const double ratio = c.effective_sensitivity_ / c.grid_unit_;
  const double variance = std::ceil(m * ratio * ratio / (2.0 * options.zcdp_rho));
  if (!(variance < 0x1.0p62)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "node noise variance of %g grid units does not fit in int64 (zcdp_rho = %g)", variance,
        options.zcdp_rho));
  }
  c.variance_units_ = static_cast<int64_t>(variance);
  const double max_units = static_cast<double>(options.horizon_steps) *
                           (options.input_frobenius_bound / c.grid_unit_ + 1.0);
  if (!(max_units < kMaxUnits)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "grid sums could overflow int64: horizon_steps * input_frobenius_bound / grid_unit = %g "
        "(zcdp_rho = %g is too large for input_frobenius_bound = %g)",
        max_units, options.zcdp_rho, options.input_frobenius_bound));
  }
  c.partial_.assign(c.levels_, std::vector<int64_t>(c.entries_, 0));
  c.noisy_.assign(c.levels_, std::vector<int64_t>(c.entries_, 0));
  return c;
}

void MatrixTreeCounter::AddStep(const Eigen::MatrixXd& input) {
  CHECK_LT(steps_, options_.horizon_steps) << "MatrixTreeCounter: more steps than horizon_steps";
  CheckMatrixCounterInput(options_, input, "MatrixTreeCounter");
  std::vector<int64_t> units(entries_);
  int e = 0;
  for (int p = 0; p < options_.rows; ++p) {
    for (int q = options_.symmetric ? p : 0; q < options_.cols; ++q) {
      const double y = input(p, q) / grid_unit_;  // exact: grid_unit_ is a power of two
      const double lower = std::floor(y);
      const double fraction = y - lower;  // exact, in [0, 1)
      const bool up = fraction > 0.0 && rounding_stream_.NextOpenUniform() < fraction;
      units[e++] = static_cast<int64_t>(lower) + (up ? 1 : 0);
    }
  }
  ++steps_;
  const DyadicNode node = NodeCompletedAt(steps_);
  std::vector<int64_t>& sum = partial_[node.level];
  sum = units;
  for (int l = 0; l < node.level; ++l) {
    for (int i = 0; i < entries_; ++i) sum[i] += partial_[l][i];
    std::fill(partial_[l].begin(), partial_[l].end(), 0);
  }
  RandomStream node_stream = NodeNoiseStream(node);
  std::vector<int64_t>& noisy = noisy_[node.level];
  for (int i = 0; i < entries_; ++i) {
    noisy[i] = sum[i] + SampleDiscreteGaussian(node_noise_variance(), node_stream);
  }
}

RandomStream MatrixTreeCounter::NodeNoiseStream(const DyadicNode& node) const {
  return noise_stream_.Child(static_cast<uint64_t>(node.level), static_cast<uint64_t>(node.index));
}

Eigen::MatrixXd MatrixTreeCounter::Unpack(const std::vector<int64_t>& packed) const {
  return UnpackReleasedEntries(options_, std::vector<double>(packed.begin(), packed.end()),
                               grid_unit_);
}

Eigen::MatrixXd MatrixTreeCounter::Release() const {
  std::vector<int64_t> total(entries_, 0);
  for (const DyadicNode& node : CoveringNodes(steps_)) {
    for (int i = 0; i < entries_; ++i) total[i] += noisy_[node.level][i];
  }
  return Unpack(total);
}


double MatrixTreeCounter::node_noise_stddev() const {
  return grid_unit_ * std::sqrt(static_cast<double>(variance_units_));
}

double MatrixTreeCounter::rho_spent() const {
  const double ratio = effective_sensitivity_ / grid_unit_;
  return levels_ * ratio * ratio / (2.0 * static_cast<double>(variance_units_));
}

}  // namespace dprl
