#include "audit/tabular_views.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

// The trial stream's children (tabular_views.h): the agent's noise and user u's policy draws.
constexpr uint64_t kNoiseChild = 0;
constexpr uint64_t kPolicyChild = 1;

absl::Status ValidateUser(const TabularUser& user, const TabularShape& shape,
                          const std::string& name) {
  if (!user.respond) return absl::InvalidArgumentError(absl::StrCat(name, ": respond is empty"));
  if (user.initial_state < 0 || user.initial_state >= shape.num_states) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": initial_state ", user.initial_state,
                                                   " is outside [0, ", shape.num_states, ")"));
  }
  return absl::OkStatus();
}

// One run of the protocol on `users` (D, or D' with the target removed or replaced), appending
// what the users other than users[target_index] receive (target_index < 0: none is excluded, for
// D' under add/remove, where the target is absent). `ids[i]` is users[i]'s index in D.
absl::StatusOr<std::vector<double>> RunProtocol(const JdpAuditView& view,
                                                const std::vector<const TabularUser*>& users,
                                                const std::vector<int64_t>& ids,
                                                RandomStream& trial_stream) {
  ASSIGN_OR_RETURN(std::unique_ptr<TabularAgent> agent,
                   view.make_agent(trial_stream.Child(kNoiseChild)));
  const RandomStream policy_streams = trial_stream.Child(kPolicyChild);
  std::vector<double> observation;
  size_t release_length = 0;
  bool first_release = true;
  for (size_t i = 0; i < users.size(); ++i) {
    const TabularUser& user = *users[i];
    const bool observed = ids[i] != view.target;
    agent->BeginEpisode();
    if (observed && view.observation == JdpObservation::kReleases) {
      const std::vector<double> release = view.released(*agent);
      if (first_release) release_length = release.size();
      first_release = false;
      if (release.size() != release_length) {
        return absl::InvalidArgumentError(
            absl::StrCat("released: ", release.size(), " values before user ", ids[i],
                         "'s episode, ", release_length, " before the first"));
      }
      observation.insert(observation.end(), release.begin(), release.end());
    }
    RandomStream policy_stream = policy_streams.Child(static_cast<uint64_t>(ids[i]));
    int state = user.initial_state;
    for (int h = 0; h < view.shape.horizon; ++h) {
      const int action = agent->Act(h, state, policy_stream);
      if (observed && view.observation == JdpObservation::kActions) {
        observation.push_back(static_cast<double>(action));
      }
      const TabularMdp::Transition answer = user.respond(h, state, action);
      absl::Status status = agent->Observe(h, state, action, answer.reward, answer.next_state);
      if (!status.ok()) {
        return absl::Status(status.code(),
                            absl::StrCat("user ", ids[i], " at step ", h, ": ", status.message()));
      }
      state = answer.next_state;
    }
    agent->EndEpisode();
  }
  return observation;
}

}  // namespace

TabularUser MdpUser(std::shared_ptr<const TabularMdp> mdp, const RandomStream& user_stream) {
  TabularUser user;
  RandomStream initial = user_stream.Child(0);
  user.initial_state = mdp->SampleInitialState(initial);
  const RandomStream answers = user_stream.Child(1);
  user.respond = [mdp, answers](int h, int s, int a) {
    RandomStream stream =
        answers.Child(static_cast<uint64_t>(h),
                      static_cast<uint64_t>(s) * static_cast<uint64_t>(mdp->num_actions()) +
                          static_cast<uint64_t>(a));
    return mdp->SampleStep(h, s, a, stream);
  };
  return user;
}

TabularUser ConstantUser(int state, double reward, int next_state) {
  TabularUser user;
  user.initial_state = state;
  user.respond = [reward, next_state](int, int, int) {
    return TabularMdp::Transition{next_state, reward};
  };
  return user;
}

std::string JdpRelationName(JdpRelation relation) {
  return relation == JdpRelation::kAddRemove ? "add/remove" : "replacement";
}

std::string JdpObservationName(JdpObservation observation) {
  return observation == JdpObservation::kActions ? "actions" : "releases";
}

std::string ObservationMeaning(JdpObservation observation) {
  return observation == JdpObservation::kActions
             ? "JDP (the actions the other users receive)"
             : "the billboard premise (the statistics released to the other users), not JDP "
               "itself";
}

absl::Status JdpAuditView::Validate() const {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  if (!make_agent) return absl::InvalidArgumentError("make_agent is empty");
  if (users.size() < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "users: a JDP view needs a target and at least one other user, got ", users.size()));
  }
  if (target < 0 || target >= static_cast<int64_t>(users.size())) {
    return absl::InvalidArgumentError(
        absl::StrCat("target ", target, " is outside [0, ", users.size(), ")"));
  }
  for (size_t u = 0; u < users.size(); ++u) {
    RETURN_IF_ERROR(ValidateUser(users[u], shape, absl::StrCat("users[", u, "]")));
  }
  if (relation == JdpRelation::kReplacement) {
    RETURN_IF_ERROR(ValidateUser(replacement, shape, "replacement"));
  }
  if (observation == JdpObservation::kReleases && !released) {
    return absl::InvalidArgumentError("released is empty (needed to observe releases)");
  }
  return absl::OkStatus();
}

absl::StatusOr<NeighbourSamplers> JdpViewSamplers(const JdpAuditView& view) {
  RETURN_IF_ERROR(view.Validate());
  auto shared = std::make_shared<const JdpAuditView>(view);
  std::vector<const TabularUser*> with_target;
  std::vector<int64_t> all_ids;
  std::vector<const TabularUser*> without_target;
  std::vector<int64_t> other_ids;
  for (size_t u = 0; u < shared->users.size(); ++u) {
    const int64_t id = static_cast<int64_t>(u);
    with_target.push_back(&shared->users[u]);
    all_ids.push_back(id);
    if (id == shared->target) {
      if (shared->relation == JdpRelation::kReplacement) {
        without_target.push_back(&shared->replacement);
        other_ids.push_back(id);
      }
    } else {
      without_target.push_back(&shared->users[u]);
      other_ids.push_back(id);
    }
  }
  NeighbourSamplers samplers;
  samplers.first = [shared, with_target, all_ids](RandomStream& stream) {
    return RunProtocol(*shared, with_target, all_ids, stream);
  };
  samplers.second = [shared, without_target, other_ids](RandomStream& stream) {
    return RunProtocol(*shared, without_target, other_ids, stream);
  };
  return samplers;
}

absl::StatusOr<std::vector<CandidateStatistic>> ActionCountStatistics(const JdpAuditView& view) {
  RETURN_IF_ERROR(view.Validate());
  if (view.observation != JdpObservation::kActions) {
    return absl::InvalidArgumentError("ActionCountStatistics: the view observes releases");
  }
  const int horizon = view.shape.horizon;
  const int num_actions = view.shape.num_actions;
  const int64_t others = static_cast<int64_t>(view.users.size()) - 1;
  std::vector<CandidateStatistic> statistics;
  for (int a = 0; a < num_actions; ++a) {
    statistics.push_back({absl::StrCat("steps with action ", a), [a](const std::vector<double>& o) {
                            double count = 0.0;
                            for (double action : o) count += action == a;
                            return count;
                          }});
    for (int h = 0; h < horizon; ++h) {
      statistics.push_back({absl::StrCat("users with action ", a, " at step ", h),
                            [a, h, horizon, others](const std::vector<double>& o) {
                              double count = 0.0;
                              for (int64_t u = 0; u < others; ++u) {
                                count += o[u * horizon + h] == a;
                              }
                              return count;
                            }});
    }
  }
  // The first other user after the target plays right after it (under add/remove and
  // replacement alike); with the target last, the user before it.
  const int64_t next = view.target < others ? view.target : others - 1;
  for (int h = 0; h < horizon; ++h) {
    statistics.push_back(
        {absl::StrCat("action of the next user at step ", h),
         [next, h, horizon](const std::vector<double>& o) { return o[next * horizon + h]; }});
  }
  return statistics;
}

absl::StatusOr<NeighbourSamplers> LocalViewSamplers(LocalRandomizer randomizer,
                                                    TabularTrajectory first_trajectory,
                                                    TabularTrajectory second_trajectory) {
  if (!randomizer) return absl::InvalidArgumentError("randomizer is empty");
  auto shared = std::make_shared<const LocalRandomizer>(std::move(randomizer));
  auto sampler = [shared](TabularTrajectory trajectory) {
    return [shared, trajectory](RandomStream& stream) { return (*shared)(trajectory, stream); };
  };
  return NeighbourSamplers{sampler(std::move(first_trajectory)),
                           sampler(std::move(second_trajectory))};
}

}  // namespace dprl
