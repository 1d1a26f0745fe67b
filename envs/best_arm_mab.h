// The Bernoulli multi-armed bandit of the private best-arm lower bound (Vietri et al. 2020,
// Sec. 6.1), as a one-state TabularMdp with horizon 1.
//
// Specification
// -------------
// Vietri, Balle, Krishnamurthy, Wu, "Private Reinforcement Learning with PAC and Regret
// Guarantees", ICML 2020, Sec. 6.1 (Algorithm 4, Lemmas 7 and 8): k independent arms, arm a pays a
// Bernoulli reward with mean P_a (the paper's \bar P_a), an instance is the vector
// P = (P_a)_{a in [k]}. One round of the MAB protocol (Alg. 4) is one episode of the MDP:
//
//   S = 1 (state 0), A = k (paper arm a in [k] -> action a - 1), H = 1
//   P(0 | 0, a) = 1,   r(0, a) = P_a   (Bernoulli rewards, exactly the TabularMdp reward model)
//   p0 = delta_0
//
// Closed forms (derived in best_arm_mab_test.cc): the value of arm a is rho^a = P_a and the
// optimal value is rho* = max_a P_a; arm a is (rho* - P_a)-suboptimal (Lemma 8's alpha).
//
// Parameters: BestArmMabOptions below (its field documents its default and range).
#ifndef DPRL_ENVS_BEST_ARM_MAB_H_
#define DPRL_ENVS_BEST_ARM_MAB_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "envs/tabular_mdp.h"

namespace dprl {

struct BestArmMabOptions {
  // P_a: Bernoulli mean of arm a (action a). k = size >= 1, each finite and in [0, 1]. The paper
  // fixes no default instance; this one has a 0.1-suboptimal arm.
  std::vector<double> arm_means = {0.5, 0.6};

  absl::Status Validate() const;
};

// The MDP is named "best_arm_mab_k<k>".
absl::StatusOr<TabularMdp> MakeBestArmMab(const BestArmMabOptions& options);

}  // namespace dprl

#endif  // DPRL_ENVS_BEST_ARM_MAB_H_
