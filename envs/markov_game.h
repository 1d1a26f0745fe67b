// Two-player zero-sum episodic Markov games (Qiao & Wang 2024, "Differentially Private
// Reinforcement Learning with Self-Play", Sec. 2.1; Shapley 1953).
//
// Specification
// -------------
// MG = (S, A, B, H, {P_h}, {r_h}, s_1): the max-player picks a in [0, A), the min-player b in
// [0, B), simultaneously; the reward r_h(s, a, b) in [0, 1] goes to the max-player (the
// min-player pays it) and the next state is s' ~ P_h(. | s, a, b). A game is stored as the
// TabularMdp of its joint actions j = a B + b (envs/tabular_mdp.h: P_h(. | s, j), r_h(s, j) at
// its flat indices, the initial distribution p0), so its sampling, validation and conformance
// suite are the MDP's (envs/testing/tabular_mdp_conformance.h). The rewards are known and
// deterministic (the paper's assumption): the joint MDP has RewardModel::kDeterministic.
//
// Families:
//   MakeRandomMarkovGame   P_h(. | s, a, b) ~ Dirichlet(dirichlet_concentration 1_S) and
//                          r_h(s, a, b) ~ Uniform(0, 1), independently per (h, s, a, b): the
//                          random Dirichlet MDP of envs/random_mdp.h over the A B joint actions,
//                          drawn from `generation` exactly as it draws (same words, same order),
//                          with p0 the point mass at s_1 = 0 (the paper's fixed initial state).
//   MakeMatchingPennies    S = 1, A = B = 2, any H: r_h = 1 when a = b, 0 otherwise. Its Nash
//                          equilibrium is both players uniform at every step, value V*_h = (H -
//                          h)/2 in closed form (0-based h): each step is matching pennies, value
//                          1/2.
#ifndef DPRL_ENVS_MARKOV_GAME_H_
#define DPRL_ENVS_MARKOV_GAME_H_

#include <utility>

#include "absl/status/statusor.h"
#include "envs/tabular_mdp.h"
#include "random/random_stream.h"

namespace dprl {

class MarkovGame {
 public:
  // `joint` has num_actions = num_max_actions * num_min_actions (each >= 1) and deterministic
  // rewards; InvalidArgument naming the parameter otherwise.
  static absl::StatusOr<MarkovGame> Create(TabularMdp joint, int num_max_actions,
                                           int num_min_actions);

  const TabularMdp& joint() const { return joint_; }
  int num_states() const { return joint_.num_states(); }    // S
  int num_max_actions() const { return num_max_actions_; }  // A
  int num_min_actions() const { return num_min_actions_; }  // B
  int horizon() const { return joint_.horizon(); }          // H
  // j = a B + b.
  int JointAction(int a, int b) const { return a * num_min_actions_ + b; }

 private:
  MarkovGame(TabularMdp joint, int num_max_actions, int num_min_actions)
      : joint_(std::move(joint)),
        num_max_actions_(num_max_actions),
        num_min_actions_(num_min_actions) {}

  TabularMdp joint_;
  int num_max_actions_;
  int num_min_actions_;
};

struct RandomMarkovGameOptions {
  int num_states = 3;       // S >= 1
  int num_max_actions = 2;  // A >= 1
  int num_min_actions = 2;  // B >= 1
  int horizon = 3;          // H >= 1
  // alpha of the Dirichlet rows; finite, > 0.
  double dirichlet_concentration = 1.0;

  // OK, or InvalidArgument naming the field (and the random MDP's own limits).
  absl::Status Validate() const;
};

// Named "random_game_S<S>_A<A>_B<B>_H<H>_c<concentration>".
absl::StatusOr<MarkovGame> MakeRandomMarkovGame(const RandomMarkovGameOptions& options,
                                                RandomStream& generation);
// Named "matching_pennies_H<H>"; horizon >= 1.
absl::StatusOr<MarkovGame> MakeMatchingPennies(int horizon);

}  // namespace dprl

#endif  // DPRL_ENVS_MARKOV_GAME_H_
