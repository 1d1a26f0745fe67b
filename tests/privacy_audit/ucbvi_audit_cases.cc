#include "tests/privacy_audit/ucbvi_audit_cases.h"

#include <glog/logging.h>

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "algorithms/tabular/private_ucbvi.h"
#include "algorithms/tabular/ucbvi_jdp_as_run.h"
#include "audit/tabular_views.h"

namespace dprl {
namespace {

constexpr double kClaimedEpsilon = 1.0;
constexpr char kCollusionView[] =
    "add/remove user 1's episode; users 2..K collude (S = A = H = 1, K = 64)";
// The one-episode case's claim: large enough that the 3H counters' shifts are visible.
constexpr double kOneEpisodeEpsilon = 6.0;
constexpr char kActionsView[] =
    "user 1's episode replaced; users 2..K collude, observing their actions (S = 2, A = 2, H = 4, "
    "K = 64)";
constexpr TabularShape kActionsViewShape{2, 2, 4};

template <typename Agent>
absl::StatusOr<std::unique_ptr<TabularAgent>> AsAgent(
    absl::StatusOr<std::unique_ptr<Agent>> agent) {
  if (!agent.ok()) return agent.status();
  return std::unique_ptr<TabularAgent>(std::move(*agent));
}

// The view of the header for an agent whose release before each episode is `release(agent)`,
// offset by the pseudo-visits the agent starts with (`initial_count`).
template <typename Agent, typename Release>
double MeanReleaseShift(Agent& agent, bool target_present, double initial_count,
                        const Release& release) {
  double sum = 0.0;
  for (int64_t episode = 1; episode <= kUcbviAuditEpisodes; ++episode) {
    agent.BeginEpisode();
    if (episode >= 2) {
      const double others = initial_count + static_cast<double>(episode - 2);
      sum += release(agent) - others;
    }
    if (episode >= 2 || target_present) CHECK(agent.Observe(0, 0, 0, 0.0, 0).ok());
    agent.EndEpisode();
  }
  return sum / static_cast<double>(kUcbviAuditEpisodes - 1);
}

ObservationSampler PrivateUcbviView(bool target_present) {
  return [=](RandomStream& stream) {
    PrivateUcbviOptions options;
    options.privacy_epsilon = kClaimedEpsilon;
    options.num_episodes = kUcbviAuditEpisodes;
    std::unique_ptr<PrivateUcbviAgent> agent =
        PrivateUcbviAgent::Create({1, 1, 1}, options, stream).value();
    return MeanReleaseShift(*agent, target_present, 0.0, [](const PrivateUcbviAgent& a) {
      return a.released_visit_counts()[0];
    });
  };
}

ObservationSampler UcbviJdpAsRunView(bool target_present) {
  return [=](RandomStream& stream) {
    UcbviJdpAsRunOptions options;
    options.privacy_epsilon = kClaimedEpsilon;
    std::unique_ptr<UcbviJdpAsRunAgent> agent =
        UcbviJdpAsRunAgent::Create({1, 1, 1}, options, stream).value();
    // The code's reward count starts at one pseudo-visit.
    return MeanReleaseShift(*agent, target_present, 1.0, [](const UcbviJdpAsRunAgent& a) {
      return a.released_reward_counts()[0];
    });
  };
}

// One episode (K = 1, S = 2, A = 1, H = 2) of the trajectory (h, s) = (0, 0) -> 1, (1, 1) -> 0 with
// rewards 1 (rounded to the bit 1), or of the empty user. Observation: the number of the
// trajectory's 3H counters (N~, R~, N~(s')) whose release is >= 1.
ObservationSampler PrivateUcbviOneEpisode(bool target_present) {
  return [=](RandomStream& stream) {
    PrivateUcbviOptions options;
    options.privacy_epsilon = kOneEpisodeEpsilon;
    options.num_episodes = 1;
    const TabularShape shape{2, 1, 2};
    std::unique_ptr<PrivateUcbviAgent> agent =
        PrivateUcbviAgent::Create(shape, options, stream).value();
    constexpr int kStates[2] = {0, 1};
    agent->BeginEpisode();
    if (target_present) {
      for (int h = 0; h < 2; ++h) CHECK(agent->Observe(h, kStates[h], 0, 1.0, 1 - h).ok());
    }
    agent->EndEpisode();
    int statistic = 0;
    for (int h = 0; h < 2; ++h) {
      const int64_t index = shape.Index(h, kStates[h], 0);
      for (double release :
           {agent->visit_counters().Release(index), agent->reward_counters().Release(index),
            agent->transition_counters().Release(index * shape.num_states + (1 - h))}) {
        statistic += release >= 1.0;
      }
    }
    return static_cast<double>(statistic);
  };
}

// The JDP view on actions (ucbvi_audit_cases.h): S = 2, A = 2, H = 4, K = kUcbviAuditEpisodes
// users in state 0; the target (user 0) is paid 1 at every step, its replacement and the other
// users 0.
JdpAuditView ActionsView(
    std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(const RandomStream&)> make_agent) {
  JdpAuditView view;
  view.shape = kActionsViewShape;
  view.make_agent = std::move(make_agent);
  view.users.assign(kUcbviAuditEpisodes, ConstantUser(0, 0.0, 0));
  view.users[0] = ConstantUser(0, 1.0, 0);
  view.target = 0;
  view.relation = JdpRelation::kReplacement;
  view.replacement = ConstantUser(0, 0.0, 0);
  view.observation = JdpObservation::kActions;
  return view;
}

AuditCase ActionsCase(std::string name, bool is_control, int64_t fast_trials,
                      const JdpAuditView& view) {
  AuditCase c;
  c.name = std::move(name);
  c.neighbour_relation = kActionsView;
  c.claimed_epsilon = kClaimedEpsilon;
  c.is_control = is_control;
  c.fast_trials = fast_trials;
  NeighbourSamplers samplers = JdpViewSamplers(view).value();
  c.first = std::move(samplers.first);
  c.second = std::move(samplers.second);
  c.statistics = ActionCountStatistics(view).value();
  return c;
}


}  // namespace

AuditCase PrivateUcbviAuditCase() {
  return ScalarAuditCase(
      "private_ucbvi_jdp_view", kCollusionView, kClaimedEpsilon, /*target_delta=*/0.0,
      /*is_control=*/false, 10000, PrivateUcbviView(true), PrivateUcbviView(false));
}

AuditCase PrivateUcbviOneEpisodeAuditCase() {
  return ScalarAuditCase("private_ucbvi_add_remove",
                         "add/remove one user's episode (S=2, A=1, H=2, K=1)", kOneEpisodeEpsilon,
                         /*target_delta=*/0.0, /*is_control=*/false, 20000,
                         PrivateUcbviOneEpisode(true), PrivateUcbviOneEpisode(false));
}

AuditCase UcbviJdpAsRunAuditCase() {
  return ScalarAuditCase(
      "refuted_claim_ucbvi_jdp_as_run", kCollusionView, kClaimedEpsilon, /*target_delta=*/0.0,
      /*is_control=*/true, 4000, UcbviJdpAsRunView(true), UcbviJdpAsRunView(false));
}

AuditCase PrivateUcbviActionsAuditCase() {
  return ActionsCase(
      "private_ucbvi_jdp_actions", /*is_control=*/false, 4000,
      ActionsView([](const RandomStream& noise) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
        PrivateUcbviOptions options;
        options.privacy_epsilon = kClaimedEpsilon;
        options.num_episodes = kUcbviAuditEpisodes;
        options.neighbour_relation = PucbNeighbourRelation::kReplacement;
        return AsAgent(PrivateUcbviAgent::Create(kActionsViewShape, options, noise));
      }));
}

AuditCase UcbviJdpAsRunActionsAuditCase() {
  return ActionsCase(
      "refuted_claim_ucbvi_jdp_as_run_actions", /*is_control=*/true, 8000,
      ActionsView([](const RandomStream& noise) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
        UcbviJdpAsRunOptions options;
        options.privacy_epsilon = kClaimedEpsilon;
        return AsAgent(UcbviJdpAsRunAgent::Create(kActionsViewShape, options, noise));
      }));
}

}  // namespace dprl
