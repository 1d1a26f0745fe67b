#include "tests/privacy_audit/ucbvi_audit_cases.h"

#include <glog/logging.h>

#include <memory>
#include <utility>

#include "algorithms/tabular/private_ucbvi.h"
#include "algorithms/tabular/ucbvi_jdp_as_run.h"

namespace dprl {
namespace {

constexpr double kClaimedEpsilon = 1.0;

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

AuditCase MakeCase(std::string name, bool is_control, int64_t fast_trials, ObservationSampler first,
                   ObservationSampler second) {
  AuditCase c;
  c.name = std::move(name);
  c.neighbour_relation = "add/remove user 1's episode; users 2..K collude (S = A = H = 1, K = 64)";
  c.claimed_epsilon = kClaimedEpsilon;
  c.target_delta = 0.0;
  c.is_control = is_control;
  c.fast_trials = fast_trials;
  c.first = std::move(first);
  c.second = std::move(second);
  return c;
}

}  // namespace

AuditCase PrivateUcbviAuditCase() {
  return MakeCase("private_ucbvi_jdp_view", false, 10000, PrivateUcbviView(true),
                  PrivateUcbviView(false));
}

AuditCase UcbviJdpAsRunAuditCase() {
  return MakeCase("refuted_claim_ucbvi_jdp_as_run", true, 4000, UcbviJdpAsRunView(true),
                  UcbviJdpAsRunView(false));
}

}  // namespace dprl
