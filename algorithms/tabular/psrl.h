// PSRL: posterior sampling for reinforcement learning, a non-private Bayesian baseline for the
// tabular experiments. I. Osband, D. Russo, B. Van Roy, "(More) Efficient Reinforcement Learning
// via Posterior Sampling", NeurIPS 2013, Algorithm 1, with the conjugate priors of the authors'
// code (iosband/TabulaRL, finite_tabular_agents.py, class PSRL: alpha0 = 1, mu0 = 0, tau0 = 1,
// tau = 1). RiverSwim, one of the experiments' environments, is that paper's benchmark.
//
// Two posteriors, one class (PsrlOptions::pool_over_steps):
//   pooled (registered as `psrl`, the default): the paper's algorithm for a time-homogeneous MDP,
//     as TabulaRL runs it: one posterior per (s, a), fed by the transitions of every step h, and
//     one sampled (P~(. | s, a), r~(s, a)) used at every step of the episode's plan. On an MDP
//     whose P_h, R_h depend on h (envs/tabular_mdp.h allows it) this is a misspecified model;
//     its regret is still measured exactly.
//   per-step (registered as `psrl_per_step`): one posterior per (h, s, a), like every other tabular
//     agent's statistics; correct for step-dependent MDPs, and H times less data per posterior on a
//     time-homogeneous one (RiverSwim, S = 6, H = 20, 10^4 episodes, 10 seeds: final regret 2933
//     against the pooled one's 224, docs/extending.md).
//
// Algorithm (code steps h = 0..H-1; a posterior index i is (s, a) when pooled, (h, s, a) per step;
// statistics N, R, N(s') of episodes 1..k-1 at i, as EmpiricalCounts keeps them)
// ------------------------------------------------------------------------------------------
// Episode k (BeginEpisode samples M_k and plans pi^k from episodes 1..k-1 only):
//   for every posterior index i, from the episode's own sub-stream, in index order:
//     P~_i(.) ~ Dirichlet(alpha0 + N_i(s'), s' = 0..S-1)                 (transition posterior)
//     tau_post = tau0 + tau N_i,  mu_post = (tau0 mu0 + tau R_i) / tau_post
//     r~_i ~ Normal(mu_post, 1 / tau_post)                               (reward posterior: Normal
//                      prior on the mean, Normal likelihood of known precision tau)
//   Q~_h(s, a) = r~_i + sum_{s'} P~_i(s') V~_{h+1}(s'), i = i(h, s, a),  V~_H = 0,
//   V~_h(s) = max_a Q~_h(s, a),  pi^k_h(s) = argmax (uniform over exact ties)   (M_k's optimum)
//   roll out pi^k (Act), then add the trajectory to N, R, N(s') at i(h, s, a) (Observe).
//
// Reading: the reward model is TabulaRL's Normal one even though rewards lie in [0, 1]: sampled
// means are not clipped (Q~ may leave [0, H]; planning does not need it to stay there).
// PSRL is not differentially private; it takes the registry's per-agent stream for its posterior
// samples (noise_stream below) because that stream is the agent's own, keyed by its group.
#ifndef DPRL_ALGORITHMS_TABULAR_PSRL_H_
#define DPRL_ALGORITHMS_TABULAR_PSRL_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/empirical_counts.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"
#include "random/random_stream.h"

namespace dprl {

struct PsrlOptions {
  // alpha0: weight of each next state in the Dirichlet prior of P_h(. | s, a). Finite, >= 1e-300
  // (the Gamma sampler's log U / alpha0 must stay finite: below it an unvisited row's sample
  // would be 0/0).
  double dirichlet_prior = 1.0;
  // mu0: prior mean of every mean reward. Finite, |mu0| <= 1e100.
  double reward_prior_mean = 0.0;
  // tau0: precision of the Normal prior on a mean reward. Finite, in (0, 1e100].
  double reward_prior_precision = 1.0;
  // tau: precision of one observed reward around its mean (known, not learned). Finite, in
  // (0, 1e100]. With the bounds on mu0 and tau0, tau0 mu0 + tau R and tau0 + tau N stay finite for
  // any data (N < 2^63 visits, rewards in [0, 1]), so every sampled model is finite.
  double reward_noise_precision = 1.0;
  // true: one posterior per (s, a) pooled over the steps h (the paper's PSRL for a
  // time-homogeneous MDP, registered as `psrl`); false: one per (h, s, a) (`psrl_per_step`).
  bool pool_over_steps = true;

  absl::Status Validate() const;
};

class PsrlAgent : public TabularAgent {
 public:
  // `sampling_stream` must be reserved for this agent's posterior samples.
  static absl::StatusOr<std::unique_ptr<PsrlAgent>> Create(const TabularShape& shape,
                                                           const PsrlOptions& options,
                                                           const RandomStream& sampling_stream);

  const TabularShape& shape() const override { return shape_; }
  // Samples M_k and plans its optimal policy for episode k = episodes_done() + 1.
  void BeginEpisode() override;
  void EndEpisode() override { ++episodes_done_; }
  const OptimisticPlan& plan() const override { return plan_; }

  // Completed episodes (k - 1 during episode k).
  int64_t episodes_done() const { return episodes_done_; }
  // The posterior index of (h, s, a): Index(0, s, a) of posterior_shape() when pooled (s A + a),
  // TabularShape::Index(h, s, a) per step.
  int64_t PosteriorIndex(int h, int s, int a) const {
    return posterior_shape_.Index(options_.pool_over_steps ? 0 : h, s, a);
  }
  // (S, A, 1) when pooled, shape() per step: the shape the posteriors and counts are indexed by.
  const TabularShape& posterior_shape() const { return posterior_shape_; }
  // r~_i of the last BeginEpisode at posterior index i = PosteriorIndex(h, s, a).
  const std::vector<double>& sampled_rewards() const { return sampled_rewards_; }
  // P~_i(s') of the last BeginEpisode at i * S + s'.
  const std::vector<double>& sampled_transitions() const { return sampled_transitions_; }
  // Exact statistics N, R, N(s') of the completed episodes, at posterior indices.
  const EmpiricalCounts& counts() const { return counts_; }

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  PsrlAgent(const TabularShape& shape, const PsrlOptions& options,
            const RandomStream& sampling_stream);

  TabularShape shape_;
  PsrlOptions options_;
  TabularShape posterior_shape_;
  RandomStream sampling_stream_;
  EmpiricalCounts counts_;
  std::vector<double> sampled_rewards_;
  std::vector<double> sampled_transitions_;
  std::vector<double> concentrations_;  // scratch: alpha0 + N(s') of one row
  int64_t episodes_done_ = 0;
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_PSRL_H_
