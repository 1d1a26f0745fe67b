// The neighbouring inputs of private episodic RL, as samplers for the auditor (auditor.h): the
// joint-DP view of an episodic tabular agent (one user's episode added, removed or replaced, the
// other users colluding) and the local-DP view of a local randomizer (one trajectory against
// another).
//
// Specification
// -------------
// Users (Vietri et al. 2020, Sec. 2.2: a user is a tree of the state and reward answers it would
// give to every sequence of actions; here a user answers as a function of (h, s, a), a subset of
// those trees, which is enough to refute: a violation on some users is a violation). User u_k of
// a sequence D = (u_1, ..., u_K) plays episode k of the protocol of
// algorithms/tabular/tabular_agent.h: BeginEpisode; for h = 0..H-1 the agent acts a = Act(h, s)
// and the user answers (r, s') = respond(h, s, a); EndEpisode. A user's answers are a fixed
// function of (h, s, a) (TabularUser), so a colluder's input is identical under D and D': keyed by
// (user, step), never by the trial. MdpUser draws one such user from an MDP with a stream of its
// own (a fixed stream: the same user in every trial).
//
// Joint DP (Vietri et al. 2020, Def. 3; Qiao & Wang 2024, Def. 2.2): a mechanism is eps-JDP
// when for every target user k, every pair D, D' that differ in user k only, and every event E
// on the outputs of the OTHER users, P(M_{-k}(D) in E) <= e^eps P(M_{-k}(D') in E). The relation
// (JdpRelation; Def. 3 changes one user, i.e. replacement; the add/remove form is the one the
// counters' calibration of PUCB and Private-UCB-VI states):
//   kAddRemove    D' is D without user k (the agent runs one episode fewer; the users after k
//                 play one episode earlier), the relation of PUCB's and Private-UCB-VI's
//                 add/remove calibration;
//   kReplacement  D' is D with user k replaced by `replacement` (Vietri et al.'s t-neighbouring
//                 sequences; Qiao & Wang 2024: "different on the k-th pair of users").
// The observation (JdpObservation) is what the other users receive, user k's own episode
// excluded, in the users' order (D's indices, k skipped), step by step:
//   kActions   the action a_{u,h} every other user u receives at every step h (K - 1) H entries.
//              This is JDP itself: a refutation on actions refutes the agent's JDP claim.
//   kReleases  the statistics `released(agent)` the agent publishes before each other user's
//              episode (read after BeginEpisode, before the first action), concatenated. A
//              refutation on released statistics refutes the BILLBOARD premise of a JDP proof
//              (the policy is post-processing of a DP release: Vietri et al. 2020, Lemma 2,
//              after Hsu et al. 2016), not JDP itself; ObservationMeaning says so.
// Per trial all randomness comes from the trial's stream: the agent's privacy noise from
// Child(0) (make_agent builds a fresh agent from it) and user u's policy draws from
// Child(1).Child(u), so a user's action draws are keyed by the user, whichever episode it plays.
// The target's position, the users and the replacement are the same in every trial.
//
// Local DP (Qiao & Wang 2024, Def. 2.3; Duchi et al. 2013): a local randomizer R is eps-LDP when
// for ANY two trajectories tau, tau' and every event E, P(R(tau) in E) <= e^eps P(R(tau') in E):
// the user privatizes before sending, so the relation is "any two trajectories", with no
// colluders (the agent sees only R's outputs, and anything it computes is post-processing).
// LocalViewSamplers audits R on one pair of trajectories; the observation is R's output vector.
#ifndef DPRL_AUDIT_TABULAR_VIEWS_H_
#define DPRL_AUDIT_TABULAR_VIEWS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/tabular_agent.h"
#include "audit/auditor.h"
#include "envs/tabular_mdp.h"
#include "random/random_stream.h"

namespace dprl {

// One user's input: its initial state and its answer at step h to action a in state s.
struct TabularUser {
  int initial_state = 0;
  // (reward in [0, 1], next state in [0, S)); a fixed function: the same answer every call.
  std::function<TabularMdp::Transition(int h, int s, int a)> respond;
};

// The user whose initial state is drawn from mdp's p0 with user_stream.Child(0) and whose answer
// at (h, s, a) is mdp.SampleStep(h, s, a) with user_stream.Child(1).Child(h, s * A + a): one
// fixed draw of a user of that MDP (every (h, s, a) answered once and for all).
TabularUser MdpUser(std::shared_ptr<const TabularMdp> mdp, const RandomStream& user_stream);

// The user that starts in `state` and answers every step with (reward, next_state).
TabularUser ConstantUser(int state, double reward, int next_state);

enum class JdpRelation { kAddRemove, kReplacement };
// "add/remove" | "replacement".
std::string JdpRelationName(JdpRelation relation);

enum class JdpObservation { kActions, kReleases };
// "actions" | "releases".
std::string JdpObservationName(JdpObservation observation);
// What a refutation on this observation refutes: "JDP (the actions the other users receive)" or
// "the billboard premise (the statistics released to the other users), not JDP itself".
std::string ObservationMeaning(JdpObservation observation);

struct JdpAuditView {
  // The agent's shape; every user's states, actions and answers must lie in it.
  TabularShape shape;
  // A fresh agent whose privacy noise comes from `noise_stream` (the trial's Child(0)); the same
  // options for D and D' (e.g. num_episodes = users.size()).
  std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(const RandomStream& noise_stream)>
      make_agent;
  // D in the protocol's order; at least two users (one target, one colluder).
  std::vector<TabularUser> users;
  // The index in `users` of the user that differs (0-based).
  int64_t target = 0;
  JdpRelation relation = JdpRelation::kAddRemove;
  // kReplacement: the user that takes the target's place in D'. Unused for kAddRemove.
  TabularUser replacement;
  JdpObservation observation = JdpObservation::kActions;
  // kReleases: the statistics the agent publishes, read after each other user's BeginEpisode
  // (the same length every call). Unused for kActions.
  std::function<std::vector<double>(const TabularAgent& agent)> released;

  // OK, or InvalidArgument naming the field: fewer than two users, target outside them, a user
  // or replacement without respond, an initial state outside the shape, make_agent missing, or
  // kReleases without released.
  absl::Status Validate() const;
};

// The samplers of an audit: first on D, second on D'.
struct NeighbourSamplers {
  FallibleObservationSampler first;
  FallibleObservationSampler second;
};

// The two samplers of `view` (above). Errors: the view's validation. A trial fails (ending the
// audit with its message, auditor.h) when make_agent fails, a user's answer is outside the shape
// or its reward outside [0, 1] (Observe's error, naming the user and the step), or a release
// changes length.
absl::StatusOr<NeighbourSamplers> JdpViewSamplers(const JdpAuditView& view);

// Candidate statistics of the kActions observation of `view` (its K - 1 other users, H steps,
// A actions): for every action a, "steps with action a" (over all other users and steps) and,
// for every step h, "users with action a at step h"; and for every step h, "action of the next
// user at step h", the user right after the target (right before it when the target is last).
// (1 + H) A + H in all. Errors: the view's validation, or a kReleases view.
absl::StatusOr<std::vector<CandidateStatistic>> ActionCountStatistics(const JdpAuditView& view);

// One step of a trajectory a user sends.
struct TabularStep {
  int h = 0;
  int state = 0;
  int action = 0;
  double reward = 0.0;
  int next_state = 0;
};
using TabularTrajectory = std::vector<TabularStep>;

// A local randomizer: the message a user sends for its trajectory, all randomness from `stream`.
using LocalRandomizer = std::function<absl::StatusOr<std::vector<double>>(
    const TabularTrajectory& trajectory, RandomStream& stream)>;

// The local-DP view: first = randomizer(first_trajectory), second = randomizer(second_trajectory),
// each trial's stream passed to the randomizer. Errors (InvalidArgument): no randomizer.
absl::StatusOr<NeighbourSamplers> LocalViewSamplers(LocalRandomizer randomizer,
                                                    TabularTrajectory first_trajectory,
                                                    TabularTrajectory second_trajectory);

}  // namespace dprl

#endif  // DPRL_AUDIT_TABULAR_VIEWS_H_
