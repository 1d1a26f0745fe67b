// Certainty-equivalence baselines on Private-OFU-RL's private statistics: a small ridge instead of
// eta = 2 Lambda, with and without exploratory dithering. NOT in Chowdhury, Zhou, Shroff (ISIT
// 2021), which runs no experiments and states no baseline; these are the standard practitioner's
// alternatives to optimism, run here on the same private counters so that the comparison is at the
// same privacy guarantee.
//
// Specification
// -------------
// Input at episode k: the counter releases T_{1,k} (private Z_k'Z_k, symmetric) and T_{2,k}
// (private Z_k'X_k^next) of Alg. 1 (algorithms/lqr/ofu_agent.h), before the paper's eta I is added.
//
// Ridge certainty equivalence (RidgeCertaintyEquivalenceModel):
//   V_k^ridge = (T_{1,k})_+ + lambda_ce I,   (T)_+ = T with negative eigenvalues set to 0
//   Theta^_k  = (V_k^ridge)^{-1} T_{2,k}                                   (ridge regression (7))
//   Theta~_k  = Theta^_k / max(1, ||Theta^_k||_F)   (projection onto S's norm ball, Assumption
//   1(a)) u_{k,h}   = clip_gamma(K_h(Theta~_k) x_{k,h})                          (K_h from (3))
// The paper needs eta = 2 Lambda >= 2 ||N_k|| so that its confidence set (Lemma 1) holds; certainty
// equivalence uses no confidence set, so only positive definiteness is needed, which the
// eigenvalue floor and lambda_ce > 0 give for every release. lambda_ce is a small constant (default
// 1, the non-private OFU-RL's lambda).
//
// Dithered certainty equivalence (DitherStandardDeviation): the same Theta~_k and
//   u_{k,h} = clip_gamma(K_h(Theta~_k) x_{k,h} + sigma_k xi_{k,h}),   xi_{k,h} ~ N(0, I_d) i.i.d.,
//   sigma_k = dither_scale * gamma * k^{-1/4}       (exploration variance sigma_k^2 ~ k^{-1/2}).
// Certainty equivalence with exploratory input noise is the standard baseline of learning LQR:
// Mania, Tu, Recht, "Certainty Equivalence is Efficient for Linear Quadratic Control", NeurIPS 2019
// (the CE policy's suboptimality is quadratic in the model error), and Simchowitz, Foster, "Naive
// Exploration is Optimal for Online LQR", ICML 2020 (CE with Gaussian input noise of variance
// ~ T^{-1/2} attains sqrt(T) regret; their epochs double, here the variance decays per episode as
// k^{-1/2}, the same rate). The noise is added before the clip, so the applied control is the
// counted one and ||u|| <= gamma (Assumption 1 then keeps ||x|| <= 1; ofu_agent.h).
//
// Privacy. Both agents read only the counters' releases, which are (eps, delta)-DP for the
// neighbour relation of the counters (ofu_agent.h, private_ofu_params.h); the model, the gains
// and the dither are post-processing of the releases and of randomness independent of the data
// (the dither comes from the policy stream), and each user's controls are a function of the
// common releases and that user's own states: the billboard lemma gives the same (eps, delta)-JDP
// as Private-OFU-RL with the same noise calibration (sigma_1, sigma_2).
//
// Regret. The exact expected cost (2) of the dithered linear policy u_h = G_h x_h + sigma xi_h
// (DitheredLinearPolicyCost): the state is driven by the extra independent noise B sigma xi_h, so
//   J = x' S_1 x + sum_h tr(S_{h+1} (W + sigma^2 B B')) + H sigma^2 tr(R),
// i.e. LinearPolicyCost with noise covariance W + sigma^2 B B' plus the dither's own control cost.
// (As for every private agent, the clip is not part of this cost: it is exact in episodes where
// the clip does not act, which clipped_steps counts.)
#ifndef DPRL_ALGORITHMS_LQR_PRIVATE_CERTAINTY_EQUIVALENCE_H_
#define DPRL_ALGORITHMS_LQR_PRIVATE_CERTAINTY_EQUIVALENCE_H_

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

namespace dprl {

struct RidgeCertaintyEquivalence {
  Eigen::MatrixXd v;            // V_k^ridge = (T_1)_+ + lambda_ce I
  Eigen::MatrixXd theta_hat;    // (V_k^ridge)^{-1} T_2
  Eigen::MatrixXd theta_tilde;  // theta_hat projected onto ||Theta||_F <= 1
};

// The ridge certainty-equivalence model above from the releases gram_release (T_1, symmetric,
// (n + d) x (n + d)) and cross_release (T_2, (n + d) x n). CHECKs ridge > 0 and the shapes.
RidgeCertaintyEquivalence RidgeCertaintyEquivalenceModel(const Eigen::MatrixXd& gram_release,
                                                         const Eigen::MatrixXd& cross_release,
                                                         double ridge);

// sigma_k = dither_scale * control_bound * k^{-1/4} for episode k >= 1 (CHECKed).
double DitherStandardDeviation(double dither_scale, double control_bound, int64_t episode);

// Exact expected cost (2) of u_h = gains[h - 1] x_h + sigma xi_h, xi_h ~ N(0, I_d) i.i.d.
// (sigma = dither_std), from x_1 = x on (A, B, Q, R, W); the formula above. dither_std = 0 gives
// LinearPolicyCost (riccati.h).
double DitheredLinearPolicyCost(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b,
                                const Eigen::MatrixXd& q, const Eigen::MatrixXd& r,
                                const std::vector<Eigen::MatrixXd>& gains, const Eigen::VectorXd& x,
                                const Eigen::MatrixXd& noise_covariance, double dither_std);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_PRIVATE_CERTAINTY_EQUIVALENCE_H_
