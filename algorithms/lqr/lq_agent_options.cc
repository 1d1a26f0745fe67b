#include "algorithms/lqr/lq_agent_options.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

const char* LqCalibrationName(LqCalibration calibration) {
  switch (calibration) {
    case LqCalibration::kNone:
      return "none";
    case LqCalibration::kPaper:
      return "paper";
    case LqCalibration::kTight:
      return "tight";
  }
  return "unknown";
}

const char* LqPlannerName(LqPlanner planner) {
  return planner == LqPlanner::kOfuStep ? "ofu_step" : "certainty_equivalence";
}

const char* LqModelName(LqModel model) { return model == LqModel::kShrunk ? "shrunk" : "ridge"; }

bool IsPrivate(const LqAgentOptions& options) {
  return options.calibration != LqCalibration::kNone;
}

LqAgentOptions WithCalibration(LqAgentOptions options) {
  if (options.calibration == LqCalibration::kTight) {
    options.privacy = TightCalibration(options.privacy);
  }
  return options;
}

absl::Status ValidateDitherScale(const std::string& name, double dither_scale) {
  if (!(std::isfinite(dither_scale) && dither_scale >= 0.0 && dither_scale <= kMaxDitherScale)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s must be finite and in [0, %g] (input noise at most %g times the control bound), got %g",
        name, kMaxDitherScale, kMaxDitherScale, dither_scale));
  }
  return absl::OkStatus();
}

absl::Status LqAgentOptions::Validate() const {
  RETURN_IF_ERROR(ValidateScale("regularizer", regularizer));
  RETURN_IF_ERROR(ValidateScale("ce_ridge", ce_ridge));
  RETURN_IF_ERROR(ValidateDitherScale("dither_scale", dither_scale));
  if (model == LqModel::kRidge && planner != LqPlanner::kCertaintyEquivalence) {
    return absl::InvalidArgumentError(absl::StrCat("model ", LqModelName(model), " needs planner ",
                                                   LqPlannerName(LqPlanner::kCertaintyEquivalence),
                                                   ", got planner ", LqPlannerName(planner)));
  }
  RETURN_IF_ERROR(privacy.Validate());
  return ofu.Validate();
}

}  // namespace dprl
