#include "envs/best_arm_mab.h"

#include <cmath>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"
#include "common/status_macros.h"

namespace dprl {

absl::Status BestArmMabOptions::Validate() const {
  if (arm_means.empty()) {
    return absl::InvalidArgumentError("BestArmMabOptions.arm_means is empty, need >= 1 arm");
  }
  for (size_t a = 0; a < arm_means.size(); ++a) {
    const double mean = arm_means[a];
    if (!(std::isfinite(mean) && mean >= 0.0 && mean <= 1.0)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "BestArmMabOptions.arm_means[%d] = %g, must be a Bernoulli mean in [0, 1]", a, mean));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<TabularMdp> MakeBestArmMab(const BestArmMabOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  const int k = static_cast<int>(options.arm_means.size());
  std::vector<double> transitions(k, 1.0);  // P(0 | 0, a) = 1 for every arm
  std::vector<double> rewards = options.arm_means;
  return TabularMdp::Create(absl::StrFormat("best_arm_mab_k%d", k), /*num_states=*/1, k,
                            /*horizon=*/1, std::move(transitions), std::move(rewards), {1.0});
}

}  // namespace dprl
