#include "envs/random_mdp.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "random/distributions.h"

namespace dprl {
namespace {

absl::Status Invalid(const std::string& message) {
  return absl::InvalidArgumentError("RandomMdpOptions." + message);
}

}  // namespace

absl::Status RandomMdpOptions::Validate() const {
  if (num_states < 1) return Invalid(absl::StrFormat("num_states = %d, must be >= 1", num_states));
  if (num_actions < 1) {
    return Invalid(absl::StrFormat("num_actions = %d, must be >= 1", num_actions));
  }
  if (horizon < 1) return Invalid(absl::StrFormat("horizon = %d, must be >= 1", horizon));
  // A scale (common/validation.h): at 5e-324 every log-Gamma draw is -inf and the row NaN.
  RETURN_IF_ERROR(
      ValidateScale("RandomMdpOptions.dirichlet_concentration", dirichlet_concentration));
  // In double: the product of four ints can overflow 64 bits, and only its size matters here.
  const double entries = static_cast<double>(num_states) * num_states * num_actions * horizon;
  if (entries > static_cast<double>(kMaxRandomMdpTransitionEntries)) {
    return Invalid(absl::StrFormat(
        "num_states * num_states * num_actions * horizon = %.0f transition entries, must be <= %d "
        "(num_states = %d, num_actions = %d, horizon = %d)",
        entries, kMaxRandomMdpTransitionEntries, num_states, num_actions, horizon));
  }
  return absl::OkStatus();
}

absl::StatusOr<TabularMdp> MakeRandomDirichletMdp(const RandomMdpOptions& options,
                                                  RandomStream& stream) {
  RETURN_IF_ERROR(options.Validate());
  const int S = options.num_states;
  const int A = options.num_actions;
  const int H = options.horizon;
  const int drawn_steps = options.time_homogeneous ? 1 : H;
  const size_t rows_per_step = static_cast<size_t>(S) * A;

  std::vector<double> transitions(rows_per_step * H * S);
  std::vector<double> rewards(rows_per_step * H);
  for (size_t row = 0; row < rows_per_step * drawn_steps; ++row) {
    SampleDirichlet(options.dirichlet_concentration, S, stream, transitions.data() + row * S);
  }
  for (size_t row = 0; row < rows_per_step * drawn_steps; ++row) {
    rewards[row] = stream.NextOpenUniform();
  }
  // Time-homogeneous: copy step 0 to every later step.
  for (int h = drawn_steps; h < H; ++h) {
    std::copy(transitions.begin(), transitions.begin() + rows_per_step * S,
              transitions.begin() + h * rows_per_step * S);
    std::copy(rewards.begin(), rewards.begin() + rows_per_step,
              rewards.begin() + h * rows_per_step);
  }
  std::vector<double> initial(S, 1.0 / S);
  std::string name = absl::StrFormat("random_dirichlet_S%d_A%d_H%d_c%g%s", S, A, H,
                                     options.dirichlet_concentration,
                                     options.time_homogeneous ? "_homogeneous" : "");
  return TabularMdp::Create(std::move(name), S, A, H, std::move(transitions), std::move(rewards),
                            std::move(initial));
}

}  // namespace dprl
