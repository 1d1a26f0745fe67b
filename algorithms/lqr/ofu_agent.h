// Agents for episodic LQ control: OFU-RL, Private-OFU-RL and private certainty equivalence (as
// the projected estimate, and the ridge / dithered baselines).
//
// Specification
// -------------
// S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private Linear
// Quadratic Systems", ISIT 2021. One class; three orthogonal options of LqAgentOptions say which
// statistics it uses and how it picks Theta~_k, and a fourth adds input dithering:
//
//   calibration (LqCalibration)  statistics (Sec. III)
//     kNone                      V_k = Z_k'Z_k + lambda I, U_k = Z_k'X_k (H_k = lambda I, L_k = 0;
//                                exact sums; non-private)
//     kPaper                     V_k = T_{1,k} + eta I, U_k = T_{2,k} (tree counters B_1, B_2 of
//                                Alg. 1 with the paper's calibration, private_ofu_params.h)
//     kTight                     as kPaper with TightCalibration(privacy) (square-root
//                                factorisation counters; the same (eps, delta)-JDP; beyond the
//                                paper, private_ofu_params.h "the tight calibration")
//   planner (LqPlanner)          Theta~_k
//     kOfuStep                   the OFU step (9) over C_k cap S (algorithms/lqr/ofu_step.h)
//     kCertaintyEquivalence      a point estimate (model below), no optimism
//   model (LqModel; certainty equivalence only)
//     kShrunk                    Theta^_k of (7) projected onto ||.||_F <= 1 (S, Assumption 1(a))
//     kRidge                     ridge estimate on (T_{1,k})_+ + lambda_ce I and T_{2,k}, projected
//                                the same way (private_certainty_equivalence.h; not in the paper)
//   dither_scale                 > 0: u = K_h x + sigma_k xi before the clip, sigma_k =
//                                dither_scale gamma k^{-1/4} (private_certainty_equivalence.h)
// Named presets (OFU-RL = {kNone, kOfuStep}, Private-OFU-RL = {kPaper, kOfuStep}, ...) are the
// LQ agent catalogue of the results schema (schema/lq_agents.h), each with its citation.
//
//   (7) Theta^_k = V_k^{-1} U_k;  (8) C_k = {||Theta - Theta^_k||_{V_k} <= beta_k}, beta_k from
//   Lemma 1 (ConfidenceRadius in private_ofu_params.h; kNone: lambda_min = lambda_max = lambda,
//   nu = 0);  (9) algorithms/lqr/ofu_step.h;  (10) u_{k,h} = K_h(Theta~_k) x_{k,h}, K_h from (3).
// Certainty equivalence is the practitioner's baseline: the same private statistics, no optimism;
// the projection onto S (||Theta||_F <= 1, Assumption 1(a), known to every agent) keeps the gains
// of a wild early estimate bounded.
//
// Privacy (calibration kPaper or kTight: the private agents): (privacy_epsilon, target_delta)-JDP
// for the neighbour relation options.privacy.neighbour (default: one user's episode replaced), by
// the zCDP of the two counters, post-processing and the billboard lemma (private_ofu_params.h).
// Clipping (Sec. IV-A needs ||z_{k,h}|| <= 1 + gamma for the sensitivities, and Lemma 1 needs the
// counted transition (z, x_next) to be the one the system generated). The private agents APPLY the
// clipped control u_{k,h} = clip_gamma(K_h(Theta~_k) x_{k,h}) (Control(); clip_gamma(v) =
// v min(1, gamma / ||v||)), and the counters receive exactly that u. Under Assumption 1
// (||x_1|| <= 1, ||A|| <= C_A, ||B|| <= C_B, ||w|| <= C_w, C_A + gamma C_B + C_w <= 1) induction
// gives ||x_{h+1}|| <= C_A ||x_h|| + C_B ||u_h|| + C_w <= 1, so clipping x to ||x|| <= 1 in
// EndEpisode is then the identity and the counted data are the generated data, which keeps Lemma
// 1's confidence set valid. EndEpisode still clips x, u and x_next (the privacy proof needs the
// bound for ANY input, e.g. from a caller that does not use Control()) and counts the steps where
// that changed the input (counter_input_clipped_steps; 0 whenever the controls came from Control()
// on a system satisfying Assumption 1). A clipped control makes the episode's policy non-linear:
// (2) with the gains is then the cost of the unclipped linear policy (10), not of the applied one;
// the non-private agent (kNone) applies K_h x (+ dither) unclipped. The input of the last episode K
// is never released (releases cover [1, k - 1]), so it is not sent to the counters. If a private
// V_k is not positive definite (probability <= alpha / (2K) per episode by the Lambda bound), the
// agent adds (lambda_min - smallest eigenvalue) I to it -- post-processing, counted in diagnostics
// (v_repaired).
//
// The agent knows Q, R and the noise covariance W (which enters J* (5)); it never sees A, B.
// Randomness: counter noise from `noise_stream` (purpose kPrivacyNoise), the OFU random starts
// and the dither from `policy_stream` (purpose kPolicy).
//
// Parameters: LqAgentOptions (lq_agent_options.h; each field documents its default and range).
#ifndef DPRL_ALGORITHMS_LQR_OFU_AGENT_H_
#define DPRL_ALGORITHMS_LQR_OFU_AGENT_H_

#include <Eigen/Dense>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/lqr/lq_agent_options.h"
#include "algorithms/lqr/ofu_step.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "algorithms/mechanisms/private_matrix_counter.h"
#include "random/random_stream.h"

namespace dprl {

struct LqEpisodeDiagnostics {
  int64_t episode = 0;             // k (1-based)
  double beta = 0.0;               // beta_k
  Eigen::MatrixXd v;               // V_k (after any repair)
  Eigen::MatrixXd theta_hat;       // Theta^_k
  Eigen::MatrixXd theta_tilde;     // Theta~_k (the model the gains come from)
  int ofu_iterations = 0;          // Ceres iterations (0 for certainty equivalence)
  double ofu_seconds = 0.0;        // wall time of the OFU step
  bool intersection_found = true;  // OFU step found C_k cap S non-empty
  bool v_repaired = false;         // private V_k was not positive definite
  // C_k cap S contains a model with A = 0 (zero_dynamics_model.h; every agent): then the OFU
  // step's optimum is u = 0.
  bool zero_dynamics_feasible = false;
  int ofu_winning_start = -1;          // OfuStepResult::winning_start (-1: Ceres not called)
  double ofu_random_start_gain = 0.0;  // OfuStepResult::random_start_gain
  // sigma_k of the input dither (0 when dither_scale = 0).
  double dither_std = 0.0;
  // Steps h of this episode whose applied control was clipped, ||K_h x_h|| > gamma (private agents;
  // set by Control()). The counters receive the clipped (applied) control.
  int clipped_steps = 0;
  // Steps h whose counter input (x_h, u_h, x_{h+1}) EndEpisode changed by clipping (private
  // agents): then the counted transition differs from the one passed in. 0 when the controls came
  // from Control() on a system satisfying Assumption 1.
  int counter_input_clipped_steps = 0;
};

// The Lemma 1 inputs of an agent with `options`: PrivateRadiusInputs(options.privacy, *params) for
// the private agents (params must then be non-null), lambda_min = lambda_max = regularizer and
// nu = 0 for calibration kNone.
ConfidenceRadiusInputs AgentRadiusInputs(const LqAgentOptions& options,
                                         const PrivateOfuParams* params);

class LqAgent {
 public:
  // q (n x n), r (d x d) symmetric positive definite; noise_covariance n x n. Errors name the
  // option or matrix.
  static absl::StatusOr<LqAgent> Create(const LqAgentOptions& options, const Eigen::MatrixXd& q,
                                        const Eigen::MatrixXd& r,
                                        const Eigen::MatrixXd& noise_covariance,
                                        RandomStream noise_stream, RandomStream policy_stream);

  // Start of episode k = episodes_started() + 1 <= K: computes Theta~_k and returns the gains
  // K_1..K_H of (10). CHECKs the state size and that the previous episode was ended.
  const std::vector<Eigen::MatrixXd>& BeginEpisode(const Eigen::VectorXd& initial_state);

  // The control to apply at step h in [0, H) of the current episode in `state`: K_h x (+ the
  // dither sigma_k xi when dither_scale > 0), clipped to clip_gamma(.) by the private agents
  // (counted in last_episode().clipped_steps). CHECKs that an episode is running and the sizes.
  Eigen::VectorXd Control(int h, const Eigen::VectorXd& state);

  // End of the episode: states x_1..x_{H+1} (H + 1 vectors) and controls u_1..u_H (the applied
  // ones, i.e. those returned by Control()).
  void EndEpisode(const std::vector<Eigen::VectorXd>& states,
                  const std::vector<Eigen::VectorXd>& controls);

  const LqEpisodeDiagnostics& last_episode() const { return diagnostics_; }
  int64_t episodes_started() const { return episode_; }
  const LqAgentOptions& options() const { return options_; }
  // Calibration of the private agents (nullopt for calibration kNone).
  const std::optional<PrivateOfuParams>& private_params() const { return params_; }

 private:
  LqAgent(const LqAgentOptions& options, RandomStream policy_stream);
  bool is_private() const { return IsPrivate(options_); }

  LqAgentOptions options_;
  Eigen::MatrixXd q_, r_, w_;
  RandomStream policy_stream_;
  std::optional<PrivateOfuParams> params_;
  std::optional<PrivateMatrixCounter> gram_counter_;   // B_1
  std::optional<PrivateMatrixCounter> cross_counter_;  // B_2
  Eigen::MatrixXd gram_;                               // kNone: Z'Z
  Eigen::MatrixXd cross_;                              // kNone: Z'X^next
  ConfidenceRadiusInputs radius_;
  int64_t episode_ = 0;
  bool in_episode_ = false;
  std::optional<Eigen::MatrixXd> previous_theta_;
  std::vector<Eigen::MatrixXd> gains_;
  LqEpisodeDiagnostics diagnostics_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_OFU_AGENT_H_
