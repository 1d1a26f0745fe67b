#include "envs/tabular_mdp.h"

#include <cmath>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

absl::Status Invalid(const std::string& message) {
  return absl::InvalidArgumentError("TabularMdp::Create: " + message);
}

// Checks that every entry of `values` is finite and in [0, 1]. `describe(i)` names entry i.
template <typename Describe>
absl::Status CheckUnitInterval(const std::vector<double>& values, const char* parameter,
                               Describe describe) {
  for (size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (!std::isfinite(v) || v < 0.0 || v > 1.0) {
      return Invalid(
          absl::StrFormat("%s%s = %g, must be finite and in [0, 1]", parameter, describe(i), v));
    }
  }
  return absl::OkStatus();
}

// Checks that the row of `size` entries starting at `row` sums to 1.
absl::Status CheckSumsToOne(const double* row, int size, const std::string& what) {
  double sum = 0.0;
  for (int i = 0; i < size; ++i) sum += row[i];
  if (std::abs(sum - 1.0) > TabularMdp::kProbabilitySumTolerance) {
    return Invalid(absl::StrFormat("%s sums to %.15g, must be 1 within %g", what, sum,
                                   TabularMdp::kProbabilitySumTolerance));
  }
  return absl::OkStatus();
}

}  // namespace

std::string RewardModelName(RewardModel model) {
  return model == RewardModel::kDeterministic ? "deterministic" : "bernoulli";
}

absl::StatusOr<RewardModel> ParseRewardModel(const std::string& name) {
  if (name == "bernoulli") return RewardModel::kBernoulli;
  if (name == "deterministic") return RewardModel::kDeterministic;
  return absl::InvalidArgumentError(
      absl::StrFormat("reward_model must be one of bernoulli, deterministic, got '%s'", name));
}

absl::StatusOr<TabularMdp> TabularMdp::Create(std::string name, int num_states, int num_actions,
                                              int horizon, std::vector<double> transitions,
                                              std::vector<double> mean_rewards,
                                              std::vector<double> initial_distribution,
                                              RewardModel reward_model) {
  if (name.empty()) return Invalid("name must be non-empty");
  if (reward_model != RewardModel::kBernoulli && reward_model != RewardModel::kDeterministic) {
    return Invalid(absl::StrFormat("reward_model = %d, must be kBernoulli or kDeterministic",
                                   static_cast<int>(reward_model)));
  }
  if (num_states < 1) return Invalid(absl::StrFormat("num_states = %d, must be >= 1", num_states));
  if (num_actions < 1) {
    return Invalid(absl::StrFormat("num_actions = %d, must be >= 1", num_actions));
  }
  if (horizon < 1) return Invalid(absl::StrFormat("horizon = %d, must be >= 1", horizon));

  // Sizes in 128-bit arithmetic: S*S*A*H of four ints can exceed 64 bits.
  using Wide = unsigned __int128;
  const Wide num_rows = static_cast<Wide>(horizon) * num_states * num_actions;
  const Wide transitions_size = num_rows * static_cast<Wide>(num_states);
  if (transitions_size != transitions.size()) {
    return Invalid(absl::StrFormat(
        "transitions has size %d, must be horizon * num_states * num_actions * num_states = "
        "%d * %d * %d * %d",
        transitions.size(), horizon, num_states, num_actions, num_states));
  }
  if (num_rows != mean_rewards.size()) {
    return Invalid(absl::StrFormat(
        "mean_rewards has size %d, must be horizon * num_states * num_actions = %d * %d * %d",
        mean_rewards.size(), horizon, num_states, num_actions));
  }
  if (initial_distribution.size() != static_cast<size_t>(num_states)) {
    return Invalid(absl::StrFormat("initial_distribution has size %d, must be num_states = %d",
                                   initial_distribution.size(), num_states));
  }

  const int64_t S = num_states;
  const int64_t A = num_actions;
  auto describe_transition = [&](size_t i) {
    const int64_t next = i % S, row = i / S;
    return absl::StrFormat("[h=%d, s=%d, a=%d, s'=%d]", row / (S * A), (row / A) % S, row % A,
                           next);
  };
  auto describe_reward = [&](size_t i) {
    return absl::StrFormat("[h=%d, s=%d, a=%d]", i / (S * A), (i / A) % S, i % A);
  };
  auto describe_state = [](size_t i) { return absl::StrFormat("[s=%d]", i); };

  RETURN_IF_ERROR(CheckUnitInterval(transitions, "transitions", describe_transition));
  RETURN_IF_ERROR(CheckUnitInterval(mean_rewards, "mean_rewards", describe_reward));
  RETURN_IF_ERROR(CheckUnitInterval(initial_distribution, "initial_distribution", describe_state));

  for (size_t row = 0; row < mean_rewards.size(); ++row) {
    RETURN_IF_ERROR(CheckSumsToOne(transitions.data() + row * S, num_states,
                                   "transitions row " + describe_reward(row)));
  }
  RETURN_IF_ERROR(CheckSumsToOne(initial_distribution.data(), num_states, "initial_distribution"));

  TabularMdp mdp;
  mdp.name_ = std::move(name);
  mdp.num_states_ = num_states;
  mdp.num_actions_ = num_actions;
  mdp.horizon_ = horizon;
  mdp.transitions_ = std::move(transitions);
  mdp.mean_rewards_ = std::move(mean_rewards);
  mdp.reward_model_ = reward_model;
  mdp.initial_distribution_ = std::move(initial_distribution);
  mdp.transition_alias_ = BuildAliasTables(mdp.transitions_, num_states);
  mdp.initial_alias_ = BuildAliasTables(mdp.initial_distribution_, num_states);
  return mdp;
}

// Vose's alias method (Vose, "A linear algorithm for generating random numbers with a given
// distribution", IEEE TSE 1991), one table per row. With q_i = S * p_i, column i keeps its own
// outcome with probability threshold_i and otherwise yields alias_i; the columns together carry
// mass q_i / S = p_i for each outcome i.
std::vector<TabularMdp::AliasEntry> TabularMdp::BuildAliasTables(const std::vector<double>& rows,
                                                                 int row_size) {
  CHECK_GT(row_size, 0);
  CHECK_EQ(rows.size() % row_size, 0u);
  std::vector<AliasEntry> tables(rows.size());
  std::vector<double> scaled(row_size);
  std::vector<int> small, large;
  small.reserve(row_size);
  large.reserve(row_size);
  for (size_t start = 0; start < rows.size(); start += row_size) {
    const double* p = rows.data() + start;
    AliasEntry* table = tables.data() + start;
    // Normalise by the actual sum (within 1e-9 of 1) so the columns carry exactly mass 1.
    double sum = 0.0;
    int heaviest = 0;
    for (int i = 0; i < row_size; ++i) {
      sum += p[i];
      if (p[i] > p[heaviest]) heaviest = i;
    }
    small.clear();
    large.clear();
    for (int i = 0; i < row_size; ++i) {
      scaled[i] = p[i] / sum * row_size;
      table[i] = {1.0, i};
      (scaled[i] < 1.0 ? small : large).push_back(i);
    }
    while (!small.empty() && !large.empty()) {
      const int s = small.back();
      small.pop_back();
      const int l = large.back();
      table[s] = {scaled[s], l};
      scaled[l] = (scaled[l] + scaled[s]) - 1.0;
      if (scaled[l] < 1.0) {
        large.pop_back();
        small.push_back(l);
      }
    }
    // Leftovers carry mass 1 up to rounding. A zero-probability outcome can only be left over
    // through rounding; it must still never be drawn, so it points at the heaviest outcome.
    for (int i : small) table[i] = p[i] > 0.0 ? AliasEntry{1.0, i} : AliasEntry{0.0, heaviest};
    for (int i : large) table[i] = {1.0, i};
  }
  return tables;
}

}  // namespace dprl
