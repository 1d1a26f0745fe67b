#include "envs/continuous_walk.h"

#include <glog/logging.h>

#include "absl/strings/str_format.h"
#include "common/status_macros.h"

namespace dprl {

absl::Status ContinuousWalkOptions::Validate() const {
  if (!(std::isfinite(max_step) && max_step > 0.0 && max_step <= 1.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "ContinuousWalkOptions.max_step = %g, must be finite and in (0, 1]", max_step));
  }
  if (episode_length < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("ContinuousWalkOptions.episode_length = %d, must be >= 1", episode_length));
  }
  return absl::OkStatus();
}

absl::StatusOr<ContinuousWalk> ContinuousWalk::Create(const ContinuousWalkOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  return ContinuousWalk(options);
}

ContinuousWalk::ContinuousWalk(const ContinuousWalkOptions& options)
    : options_(options),
      name_(absl::StrFormat("continuous_walk_step%g_len%d", options.max_step,
                            options.episode_length)) {}

ContinuousWalk::Transition ContinuousWalk::SampleStep(double state, int action,
                                                      RandomStream& stream) const {
  CHECK(action == kWalkLeft || action == kWalkRight) << "action = " << action;
  DCHECK(state >= kStateLow && state <= kStateHigh) << "state = " << state;
  const double move = options_.max_step * stream.NextOpenUniform();
  Transition result;
  result.next_state =
      action == kWalkRight ? std::min(state + move, kStateHigh) : std::max(state - move, kStateLow);
  result.reward = Reward(result.next_state);
  return result;
}

double ContinuousWalk::NextStateCdf(double state, int action, double x) const {
  const double w = options_.max_step;
  if (action == kWalkRight) {
    // s' = min(s + u, 1): uniform on [s, s + w] with the mass beyond 1 at 1.
    if (x < state) return 0.0;
    if (x >= kStateHigh) return 1.0;
    return std::min((x - state) / w, 1.0);
  }
  // s' = max(s - u, 0): uniform on [s - w, s] with the mass below 0 at 0.
  if (x < kStateLow) return 0.0;
  if (x >= state) return 1.0;
  return std::max(1.0 - (state - x) / w, 0.0);
}

}  // namespace dprl
