#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/counter_error_tail.h"
#include "algorithms/mechanisms/samplers.h"
#include "algorithms/tabular/tabular_agent.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "random/random_stream.h"

namespace dprl {

std::string DpNashViPrivatizerName(DpNashViPrivatizer privatizer) {
  switch (privatizer) {
    case DpNashViPrivatizer::kCentral:
      return "central";
    case DpNashViPrivatizer::kLocal:
      return "local";
    case DpNashViPrivatizer::kNone:
      return "none";
  }
  return absl::StrCat("privatizer_", static_cast<int>(privatizer));
}

absl::StatusOr<DpNashViPrivatizer> ParseDpNashViPrivatizer(const std::string& name) {
  for (const DpNashViPrivatizer privatizer :
       {DpNashViPrivatizer::kCentral, DpNashViPrivatizer::kLocal, DpNashViPrivatizer::kNone}) {
    if (name == DpNashViPrivatizerName(privatizer)) return privatizer;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("privatizer must be central, local or none, got '", name, "'"));
}

std::string DpNashViCalibrationName(DpNashViCalibration calibration) {
  switch (calibration) {
    case DpNashViCalibration::kStatedEpsilon:
      return "stated_epsilon";
    case DpNashViCalibration::kAsPrinted:
      return "as_printed";
  }
  return absl::StrCat("calibration_", static_cast<int>(calibration));
}

absl::StatusOr<DpNashViCalibration> ParseDpNashViCalibration(const std::string& name) {
  for (const DpNashViCalibration calibration :
       {DpNashViCalibration::kStatedEpsilon, DpNashViCalibration::kAsPrinted}) {
    if (name == DpNashViCalibrationName(calibration)) return calibration;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("noise_calibration must be stated_epsilon or as_printed, got '", name, "'"));
}

absl::Status DpNashViOptions::Validate() const {
  if (privatizer != DpNashViPrivatizer::kCentral && privatizer != DpNashViPrivatizer::kLocal &&
      privatizer != DpNashViPrivatizer::kNone) {
    return absl::InvalidArgumentError(absl::StrCat(
        "privatizer must be kCentral, kLocal or kNone, got ", static_cast<int>(privatizer)));
  }
  if (noise_calibration != DpNashViCalibration::kStatedEpsilon &&
      noise_calibration != DpNashViCalibration::kAsPrinted) {
    return absl::InvalidArgumentError(
        absl::StrCat("noise_calibration must be kStatedEpsilon or kAsPrinted, got ",
                     static_cast<int>(noise_calibration)));
  }
  if (neighbour_relation != PucbNeighbourRelation::kAddRemove &&
      neighbour_relation != PucbNeighbourRelation::kReplacement) {
    return absl::InvalidArgumentError(
        absl::StrCat("neighbour_relation must be kAddRemove or kReplacement, got ",
                     static_cast<int>(neighbour_relation)));
  }
  if (privatizer != DpNashViPrivatizer::kNone) {
    RETURN_IF_ERROR(ValidateFinitePositive("privacy_epsilon", privacy_epsilon));
  }
  RETURN_IF_ERROR(ValidateOpenUnitInterval("failure_probability", failure_probability));
  RETURN_IF_ERROR(ValidateAtLeastOne("num_episodes", num_episodes));
  if (privatizer == DpNashViPrivatizer::kCentral &&
      noise_calibration == DpNashViCalibration::kAsPrinted && num_episodes < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "num_episodes must be >= 2 with the as_printed central calibration (eps' = eps / (2 H "
        "log K) divides by log K = 0 at K = 1), got ",
        num_episodes));
  }
  RETURN_IF_ERROR(ValidateFiniteNonNegative("gap_constant", gap_constant));
  RETURN_IF_ERROR(ValidateFiniteNonNegative("bonus_constant", bonus_constant));
  return absl::OkStatus();
}

int DpNashViTreeLevels(int64_t num_episodes) {
  int levels = 0;
  for (int64_t k = num_episodes; k > 0; k >>= 1) ++levels;
  return levels;
}

double DpNashViCounterEpsilon(int horizon, const DpNashViOptions& options) {
  const double h = horizon, eps = options.privacy_epsilon;
  if (options.noise_calibration == DpNashViCalibration::kAsPrinted) {
    // Node scale 2 H log2(K) / eps = L / eps_c.
    const double log2_episodes = std::log2(static_cast<double>(options.num_episodes));
    return DpNashViTreeLevels(options.num_episodes) * eps / (2.0 * h * log2_episodes);
  }
  return options.neighbour_relation == PucbNeighbourRelation::kAddRemove ? eps / (2.0 * h)
                                                                         : eps / (4.0 * h);
}

double DpNashViLocalNoiseScale(int horizon, const DpNashViOptions& options) {
  const double h = horizon;
  return options.noise_calibration == DpNashViCalibration::kAsPrinted
             ? 2.0 * h / options.privacy_epsilon
             : 4.0 * h / options.privacy_epsilon;
}

absl::StatusOr<Rational> DpNashViLocalDiscreteScale(int horizon, const DpNashViOptions& options) {
  absl::StatusOr<Rational> scale = RationalAtLeast(DpNashViLocalNoiseScale(horizon, options),
                                                   BinaryCounterBank::kScaleMaxDenominator);
  if (scale.ok()) {
    const absl::Status valid = ValidateDiscreteLaplaceScale("local noise scale", *scale);
    if (valid.ok()) return scale;
    scale = valid;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("privacy_epsilon ", options.privacy_epsilon,
                   " gives no valid local noise scale: ", scale.status().message()));
}

double DpNashViDeliveredEpsilon(int horizon, const DpNashViOptions& options,
                                PucbNeighbourRelation relation) {
  const double h = horizon;
  switch (options.privatizer) {
    case DpNashViPrivatizer::kCentral: {
      const double per_stream = DpNashViCounterEpsilon(horizon, options);
      return (relation == PucbNeighbourRelation::kAddRemove ? 2.0 : 4.0) * h * per_stream;
    }
    case DpNashViPrivatizer::kLocal:
      return 4.0 * h / DpNashViLocalNoiseScale(horizon, options);
    case DpNashViPrivatizer::kNone:
      break;
  }
  return std::numeric_limits<double>::infinity();
}

double DpNashViLogTerm(const TabularShape& cells, const DpNashViOptions& options) {
  return std::log(30.0 * static_cast<double>(cells.StateActionSteps()) *
                  static_cast<double>(options.num_episodes) / options.failure_probability);
}

absl::StatusOr<double> DpNashViErrorBound(const TabularShape& cells,
                                          const DpNashViOptions& options) {
  RETURN_IF_ERROR(ValidateTabularShape(cells));
  RETURN_IF_ERROR(options.Validate());
  if (options.privatizer == DpNashViPrivatizer::kNone) return 0.0;
  const double streams = static_cast<double>(cells.StateActionSteps()) * (cells.num_states + 1);
  const double stream_failure_probability = options.failure_probability / (3.0 * streams);
  absl::StatusOr<double> quarter;
  if (options.privatizer == DpNashViPrivatizer::kCentral) {
    BinaryCounterOptions counter;
    counter.privacy_epsilon = DpNashViCounterEpsilon(cells.horizon, options);
    counter.horizon_steps = options.num_episodes;
    counter.input_bound = 1.0;
    // An empty bank with the agent's counter options: its node noise is exactly the agent's.
    ASSIGN_OR_RETURN(BinaryCounterBank bank,
                     BinaryCounterBank::Create(0, counter, RandomStream(StreamKey())));
    quarter =
        CounterErrorTailBound(options.num_episodes, NodeNoiseOf(bank), stream_failure_probability);
  } else {
    ASSIGN_OR_RETURN(const Rational scale, DpNashViLocalDiscreteScale(cells.horizon, options));
    quarter =
        DiscreteLaplaceRunningSumTailBound(scale, options.num_episodes, stream_failure_probability);
  }
  if (!quarter.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("DP-Nash-VI's error bound E: ", quarter.status().message()));
  }
  return 4.0 * *quarter;
}

}  // namespace dprl
