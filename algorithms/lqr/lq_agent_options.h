// The options of the LQ agents of algorithms/lqr/ofu_agent.h (OFU-RL, Private-OFU-RL, private
// certainty equivalence; Chowdhury, Zhou, Shroff 2021): which statistics an agent uses and how they
// are calibrated, how it picks Theta~_k, and their numeric settings. ofu_agent.h specifies what
// each option does; this header holds only the options, so that a reader of results (the LQ agent
// catalogue of //schema, the analysis) knows an agent's options without linking the agent.
#ifndef DPRL_ALGORITHMS_LQR_LQ_AGENT_OPTIONS_H_
#define DPRL_ALGORITHMS_LQR_LQ_AGENT_OPTIONS_H_

#include <string>

#include "absl/status/status.h"
#include "algorithms/lqr/ofu_step_options.h"
#include "algorithms/lqr/private_ofu_params.h"

namespace dprl {

// How V_k and U_k are formed and calibrated (ofu_agent.h's table).
enum class LqCalibration { kNone, kPaper, kTight };
// How Theta~_k is picked (ofu_agent.h's table).
enum class LqPlanner { kOfuStep, kCertaintyEquivalence };
// The point estimate of the certainty-equivalence planner (ofu_agent.h's table).
enum class LqModel { kShrunk, kRidge };

// "none" | "paper" | "tight"; "ofu_step" | "certainty_equivalence"; "shrunk" | "ridge".
const char* LqCalibrationName(LqCalibration calibration);
const char* LqPlannerName(LqPlanner planner);
const char* LqModelName(LqModel model);

// The largest dither_scale: input noise of standard deviation at most 1000 times the control bound
// gamma, far beyond any exploration that informs the estimate (the presets use 0.1), while the
// dithered cost (of order sigma_k^2 = dither_scale^2 gamma^2, private_certainty_equivalence.h)
// stays far from double's overflow: from dither_scale ~ 1e154 it is inf and the regret NaN.
inline constexpr double kMaxDitherScale = 1e3;

// OK when `dither_scale` is finite and in [0, kMaxDitherScale]; else InvalidArgument naming
// `name` (the option, or the grid field that sets it) and the value.
absl::Status ValidateDitherScale(const std::string& name, double dither_scale);

struct LqAgentOptions {
  // Statistics and their calibration (ofu_agent.h's table). Default: Alg. 1's.
  LqCalibration calibration = LqCalibration::kPaper;
  // Theta~_k (ofu_agent.h's table). Default: the OFU step (9).
  LqPlanner planner = LqPlanner::kOfuStep;
  // Point estimate of kCertaintyEquivalence; kRidge needs that planner. Default: kShrunk.
  LqModel model = LqModel::kShrunk;
  // lambda of calibration kNone: H_k = lambda I. Finite, > 0.
  double regularizer = 1.0;
  // K, H, gamma, n, d, C_w, alpha (every agent), and privacy_epsilon, target_delta, neighbour,
  // conversion (private agents). Calibration kTight replaces it by TightCalibration(privacy).
  PrivateOfuOptions privacy;
  // Ceres options of the OFU step (9).
  OfuStepOptions ofu;
  // lambda_ce of model kRidge (private_certainty_equivalence.h). Finite, > 0.
  double ce_ridge = 1.0;
  // Input dither sigma_k = dither_scale * gamma * k^{-1/4} added to K_h x before the clip
  // (ofu_agent.h's table). In [0, kMaxDitherScale] (ValidateDitherScale); 0 (the default): no
  // dither.
  double dither_scale = 0.0;

  // OK, or InvalidArgument naming the option and its bad value (or the two options that do not
  // combine: model kRidge with planner kOfuStep).
  absl::Status Validate() const;
};

// Whether the agent is private (calibration kPaper or kTight).
bool IsPrivate(const LqAgentOptions& options);

// The options an agent runs with: privacy = TightCalibration(privacy) for calibration kTight,
// `options` as given otherwise. LqAgent::Create (ofu_agent.h) applies it; a caller that computes
// the calibration or the confidence radius beside an agent applies it too.
LqAgentOptions WithCalibration(LqAgentOptions options);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_LQ_AGENT_OPTIONS_H_
