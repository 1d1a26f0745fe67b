// When does the OFU step (9) return u = 0? The nearest model with A = 0 to the estimate.
//
// Specification
// -------------
// S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private Linear
// Quadratic Systems", ISIT 2021, eqs. (4), (5), (8), (9).
// Fact: A = 0 minimises J_1*(., x) over every set of models. By (4), P_{H+1} = 0, P_H = Q and
//   P_h = Q + A' (P_{h+1} - P_{h+1} B (R + B' P_{h+1} B)^{-1} B' P_{h+1}) A  >=  Q   (h < H),
// the bracket being positive semidefinite (it is the value of the one-step control problem with
// P_{h+1} >= 0). So J_1*(Theta, x) = x' P_1 x + sum_h tr(P_{h+1} W) >= x' Q x + (H - 1) tr(Q W),
// with equality at every Theta = [0, B]' (then P_h = Q for h <= H and K_h = 0 by (3)). Hence if
// C_k cap S contains a model [0, B]', that model is a global minimiser of (9) and the optimistic
// policy is u = 0 -- however small C_k is otherwise.
//
// NearestZeroDynamicsModel solves
//   min { ||[0, B]' - Theta^||_V : ||B||_F <= 1 }          (a model with A = 0 in S)
// exactly: writing Theta^ = [Theta^_A; Theta^_B] (n and d rows) and V in the same blocks, the
// objective is a convex quadratic in M = B' with Hessian 2 V_BB (positive definite), minimised
// over the Frobenius ball: M(mu) = (V_BB + mu I)^{-1} (V_BB Theta^_B + V_BA Theta^_A), mu = 0 if
// ||M(0)||_F <= 1, else the mu > 0 with ||M(mu)||_F = 1 (KKT of the trust-region problem; no hard
// case since V_BB is positive definite), found by bisection on [0, ||V_BB Theta^_B + V_BA
// Theta^_A||_F], returning the end point with ||M||_F <= 1, so the model returned is always in S.
// C_k cap S contains an A = 0 model iff the returned distance is <= beta_k.
#ifndef DPRL_ALGORITHMS_LQR_ZERO_DYNAMICS_MODEL_H_
#define DPRL_ALGORITHMS_LQR_ZERO_DYNAMICS_MODEL_H_

#include <cstdint>

#include <Eigen/Dense>

#include "algorithms/lqr/private_ofu_params.h"

namespace dprl {

struct ZeroDynamicsModel {
  Eigen::MatrixXd theta;  // [0, B]', (n + d) x n, ||B||_F <= 1
  double v_distance = 0;  // ||theta - Theta^||_V
};

// theta_hat: (n + d) x n; v: (n + d) x (n + d) symmetric positive definite (CHECKed sizes).
ZeroDynamicsModel NearestZeroDynamicsModel(const Eigen::MatrixXd& theta_hat,
                                           const Eigen::MatrixXd& v);

// Predicted onset of learning: the first episode k <= max_episodes at which C_k cap S no longer
// contains an A = 0 model, for an agent that played u = 0 in episodes 1..k-1, with the released
// statistics replaced by their noiseless expectations. Under u = 0, z_h = [x_h; 0] and
//   G = sum_{h=1..H} E[z_h z_h'] = [[sum_h Sigma_h, 0], [0, 0]],  Sigma_1 = x_1 x_1',
//   Sigma_{h+1} = A Sigma_h A' + W;   sum_h E[z_h x_{h+1}'] = G Theta*  (w zero-mean, independent),
//   V_k = (k - 1) G + eta I,  Theta^_k = V_k^{-1} (k - 1) G Theta*,
// and the prediction is min { k : NearestZeroDynamicsModel(Theta^_k, V_k).v_distance > beta_k }
// with beta_k = ConfidenceRadius(radius, k). The counter noise N_k, L_k and the noise martingale
// Z'W are left out: this is a prediction to compare with the measured onset, not a bound.
// Returns 0 if there is no such k <= max_episodes.
int64_t PredictZeroDynamicsOnset(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b,
                                 const Eigen::MatrixXd& noise_covariance,
                                 const Eigen::VectorXd& initial_state, int horizon, double eta,
                                 const ConfidenceRadiusInputs& radius, int64_t max_episodes);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_ZERO_DYNAMICS_MODEL_H_
