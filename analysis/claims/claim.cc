#include "analysis/claims/claim.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/binomial_bounds.h"

namespace dprl {

absl::Status BootstrapOptions::Validate() const {
  if (replicates < 100) {
    return absl::InvalidArgumentError(
        absl::StrCat("bootstrap replicates must be >= 100, got ", replicates));
  }
  if (max_replicates < replicates) {
    return absl::InvalidArgumentError(absl::StrCat("max_replicates must be >= replicates (",
                                                   replicates, "), got ", max_replicates));
  }
  if (min_seeds < 2) {
    return absl::InvalidArgumentError(absl::StrCat("min_seeds must be >= 2, got ", min_seeds));
  }
  return absl::OkStatus();
}

std::string VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kHolds:
      return "holds";
    case Verdict::kFails:
      return "fails";
    case Verdict::kInconclusive:
      return "inconclusive";
    case Verdict::kOutOfRegime:
      return "out of regime";
    case Verdict::kUndefined:
      return "undefined";
    case Verdict::kNotRun:
      return "not run";
    case Verdict::kObserved:
      return "observed";
    case Verdict::kRefuted:
      return "refuted";
    case Verdict::kNotRefuted:
      return "not refuted";
    case Verdict::kReproduced:
      return "reproduced";
    case Verdict::kNotReproduced:
      return "not reproduced";
    case Verdict::kNoVerdict:
      return "no verdict";
  }
  return "unknown";
}

std::string KindName(ClaimKind kind) {
  switch (kind) {
    case ClaimKind::kExplicitBound:
      return "explicit_bound";
    case ClaimKind::kImpliedConstant:
      return "implied_constant";
    case ClaimKind::kEmpirical:
      return "empirical";
    case ClaimKind::kConsistencyCheck:
      return "consistency";
    case ClaimKind::kObservation:
      return "observation";
    case ClaimKind::kLowerBound:
      return "lower_bound";
    case ClaimKind::kArithmetic:
      return "arithmetic";
  }
  return "unknown";
}

bool IsDecidedKind(ClaimKind kind) {
  return kind == ClaimKind::kExplicitBound || kind == ClaimKind::kEmpirical;
}

Verdict VerdictOfKind(ClaimKind kind, Verdict judged) {
  const bool measured =
      judged == Verdict::kHolds || judged == Verdict::kFails || judged == Verdict::kInconclusive;
  switch (kind) {
    case ClaimKind::kExplicitBound:
      if (judged == Verdict::kHolds) return Verdict::kNotRefuted;
      if (judged == Verdict::kFails) return Verdict::kRefuted;
      return judged;
    case ClaimKind::kEmpirical:
      if (judged == Verdict::kHolds) return Verdict::kReproduced;
      if (judged == Verdict::kFails) return Verdict::kNotReproduced;
      return judged;
    case ClaimKind::kImpliedConstant:
      return measured ? Verdict::kNoVerdict : judged;
    case ClaimKind::kObservation:
      return measured ? Verdict::kObserved : judged;
    case ClaimKind::kLowerBound:
    case ClaimKind::kArithmetic:
    case ClaimKind::kConsistencyCheck:
      return judged;
  }
  return judged;
}

double BinomialPValue(const BinomialTest& test) {
  return BinomialUpperTail(test.trials, test.allowed_probability, test.violations);
}

std::pair<double, double> AcceptanceRegion(const Expectation& expectation) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  switch (expectation.comparison) {
    case Comparison::kNear:
      return {expectation.target - expectation.tolerance,
              expectation.target + expectation.tolerance};
    case Comparison::kAtLeast:
      return {expectation.target - expectation.tolerance, kInf};
    case Comparison::kAtMost:
      return {-kInf, expectation.target + expectation.tolerance};
  }
  return {-kInf, kInf};
}

namespace {

double Widening(const Measurement& measurement) {
  return measurement.systematic + measurement.time_systematic;
}

}  // namespace

double BoundaryMargin(const Measurement& measurement, const Expectation& expectation) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (measurement.resamples.empty()) return kInf;
  const auto [accept_low, accept_high] = AcceptanceRegion(expectation);
  const double low = measurement.low - Widening(measurement);
  const double high = measurement.high + Widening(measurement);
  double margin = kInf;
  for (double boundary : {accept_low, accept_high}) {
    if (!std::isfinite(boundary)) continue;
    margin = std::min({margin, std::abs(low - boundary), std::abs(high - boundary)});
  }
  return margin;
}

double MonteCarloError(const Measurement& measurement) {
  const std::vector<double>& r = measurement.resamples;
  if (r.size() < 2) return 0.0;
  double mean = 0;
  for (double v : r) mean += v;
  mean /= r.size();
  double squares = 0;
  for (double v : r) squares += (v - mean) * (v - mean);
  const double sd = std::sqrt(squares / (r.size() - 1));
  // phi(1.96) = 0.05845: the standard normal density at the 97.5% quantile.
  return sd * std::sqrt(0.025 * 0.975 / r.size()) / 0.058445;
}

absl::StatusOr<Measurement> RefineToMonteCarloPrecision(Measurement measured,
                                                        const RemeasureFunction& remeasure,
                                                        const Expectation& expected,
                                                        const BootstrapOptions& bootstrap) {
  BootstrapOptions more = bootstrap;
  while (measured.defined && !measured.resamples.empty()) {
    // Only a holds / fails can be an artefact of too few resamples.
    const Verdict verdict = Judge(measured, expected, bootstrap.min_seeds);
    if (verdict != Verdict::kHolds && verdict != Verdict::kFails) break;
    const double margin = BoundaryMargin(measured, expected);
    const double error = MonteCarloError(measured);
    if (error <= margin / 3.0) break;
    if (more.replicates >= more.max_replicates) {
      measured.inconclusive_reason = absl::StrFormat(
          "the margin to the boundary, %.3g, is within 3 Monte Carlo errors (%.3g) of the "
          "interval ends at %d resamples",
          margin, error, more.replicates);
      break;
    }
    const double needed = more.replicates * std::pow(3.0 * error / std::max(margin, 1e-300), 2);
    more.replicates = static_cast<int>(
        std::min<double>(more.max_replicates, std::max(2.0 * more.replicates, std::ceil(needed))));
    absl::StatusOr<Measurement> again = remeasure(more);
    if (!again.ok()) return again.status();
    measured = *std::move(again);
  }
  return measured;
}

ClaimPValues BootstrapPValues(const Measurement& measurement, const Expectation& expectation) {
  ClaimPValues p;
  const std::vector<double>& r = measurement.resamples;
  if (r.empty()) return p;
  const auto [accept_low, accept_high] = AcceptanceRegion(expectation);
  const double widening = Widening(measurement);
  int inside_widened = 0, outside_narrowed = 0;
  for (double v : r) {
    // Refutation's null (inside A): a resample counts for it if it is inside A after moving it
    // toward A by the widening. Support's null (outside A): inside the region narrowed by it.
    if (v + widening >= accept_low && v - widening <= accept_high) ++inside_widened;
    if (!(v - widening >= accept_low && v + widening <= accept_high)) ++outside_narrowed;
  }
  p.refuted = (1.0 + inside_widened) / (1.0 + r.size());
  p.supported = (1.0 + outside_narrowed) / (1.0 + r.size());
  return p;
}

namespace {

// Holm's step-down count of rejections among `p_values` at family-wise `level`.
int HolmRejections(std::vector<double> p_values, double level) {
  std::sort(p_values.begin(), p_values.end());
  const int m = static_cast<int>(p_values.size());
  int rejected = 0;
  for (int i = 0; i < m; ++i) {
    if (p_values[i] > level / (m - i)) break;
    ++rejected;
  }
  return rejected;
}

}  // namespace

FamilyWiseCount FamilyWiseCounts(const std::vector<std::pair<Measurement, Expectation>>& claims,
                                 int min_seeds, double level) {
  std::vector<double> refuted, supported;
  for (const auto& [measurement, expectation] : claims) {
    const Verdict verdict = Judge(measurement, expectation, min_seeds);
    if (verdict == Verdict::kUndefined || verdict == Verdict::kOutOfRegime ||
        verdict == Verdict::kNotRun) {
      continue;
    }
    if (!measurement.inconclusive_reason.empty()) {
      refuted.push_back(1.0);
      supported.push_back(1.0);
      continue;
    }
    if (measurement.binomial.has_value()) {  // an explicit bound: refutable, never supported
      const bool enough_seeds = measurement.binomial->trials >= min_seeds;
      refuted.push_back(enough_seeds ? BinomialPValue(*measurement.binomial) : 1.0);
      supported.push_back(1.0);
      continue;
    }
    if (measurement.resamples.empty()) {  // deterministic: decided exactly, or not at all
      refuted.push_back(verdict == Verdict::kFails ? 0.0 : 1.0);
      supported.push_back(verdict == Verdict::kHolds ? 0.0 : 1.0);
      continue;
    }
    const bool enough_seeds = measurement.seeds >= min_seeds;
    const ClaimPValues p = BootstrapPValues(measurement, expectation);
    refuted.push_back(enough_seeds ? p.refuted : 1.0);
    supported.push_back(enough_seeds ? p.supported : 1.0);
  }
  FamilyWiseCount count;
  count.family = static_cast<int>(refuted.size());
  count.refuted = HolmRejections(refuted, level);
  count.supported = HolmRejections(supported, level);
  return count;
}

Verdict Judge(const Measurement& measurement, const Expectation& expectation, int min_seeds) {
  if (!measurement.regime_missed.empty()) return Verdict::kOutOfRegime;
  if (!measurement.defined) return Verdict::kUndefined;
  if (!measurement.inconclusive_reason.empty()) return Verdict::kInconclusive;
  if (measurement.binomial.has_value()) {
    const BinomialTest& test = *measurement.binomial;
    if (test.trials < min_seeds) return Verdict::kInconclusive;
    return BinomialPValue(test) < test.level ? Verdict::kFails : Verdict::kHolds;
  }
  const auto [accept_low, accept_high] = AcceptanceRegion(expectation);
  const double low = measurement.low - Widening(measurement);
  const double high = measurement.high + Widening(measurement);
  const bool enough_seeds = measurement.seeds == 0 || measurement.seeds >= min_seeds;
  if (!enough_seeds) return Verdict::kInconclusive;
  if (low >= accept_low && high <= accept_high) return Verdict::kHolds;
  if (high < accept_low || low > accept_high) return Verdict::kFails;
  return Verdict::kInconclusive;
}

std::string ExpectationText(const Expectation& expectation) {
  switch (expectation.comparison) {
    case Comparison::kNear:
      return absl::StrFormat("%g ± %g", expectation.target, expectation.tolerance);
    case Comparison::kAtLeast:
      return absl::StrFormat(">= %g", expectation.target - expectation.tolerance);
    case Comparison::kAtMost:
      return absl::StrFormat("<= %g", expectation.target + expectation.tolerance);
  }
  return "";
}

}  // namespace dprl
