#include "algorithms/lqr/ofu_agent.h"

#include <glog/logging.h>

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/lqr/private_certainty_equivalence.h"
#include "algorithms/lqr/riccati.h"
#include "algorithms/lqr/zero_dynamics_model.h"
#include "common/status_macros.h"
#include "random/distributions.h"

namespace dprl {
namespace {

// v min(1, bound / ||v||), with ||result|| <= bound exactly in floating point (the scaled vector's
// computed norm can exceed bound by an ulp; it is then shrunk further), so that clipping is
// idempotent: a control clipped by Control() passes EndEpisode's clipping unchanged.
Eigen::VectorXd ClipNorm(const Eigen::VectorXd& v, double bound) {
  const double norm = v.norm();
  if (norm <= bound) return v;
  Eigen::VectorXd clipped = v * (bound / norm);
  while (clipped.norm() > bound) clipped *= 1.0 - 1e-15;
  return clipped;
}

absl::Status CheckSpdMatrix(const char* name, const Eigen::MatrixXd& m, int dim) {
  if (m.rows() != dim || m.cols() != dim || !m.allFinite()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s must be a finite %d x %d matrix", name, dim, dim));
  }
  if ((m - m.transpose()).cwiseAbs().maxCoeff() > 1e-12 * std::max(1.0, m.cwiseAbs().maxCoeff())) {
    return absl::InvalidArgumentError(absl::StrFormat("%s is not symmetric", name));
  }
  const double min_eig =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m, Eigen::EigenvaluesOnly).eigenvalues()(0);
  if (!(min_eig > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s is not positive definite (smallest eigenvalue %g)", name, min_eig));
  }
  return absl::OkStatus();
}

}  // namespace

ConfidenceRadiusInputs AgentRadiusInputs(const LqAgentOptions& options,
                                         const PrivateOfuParams* params) {
  const PrivateOfuOptions& p = options.privacy;
  if (IsPrivate(options)) {
    CHECK(params != nullptr) << "AgentRadiusInputs: a private agent needs its calibration";
    return PrivateRadiusInputs(p, *params);
  }
  PrivateOfuParams exact;  // H_k = lambda I, L_k = 0: the constants of Assumption 2
  exact.lambda_min = exact.lambda_max = options.regularizer;
  exact.nu = 0.0;
  return PrivateRadiusInputs(p, exact);
}

LqAgent::LqAgent(const LqAgentOptions& options, RandomStream policy_stream)
    : options_(options), policy_stream_(policy_stream) {}

absl::StatusOr<LqAgent> LqAgent::Create(const LqAgentOptions& options, const Eigen::MatrixXd& q,
                                        const Eigen::MatrixXd& r,
                                        const Eigen::MatrixXd& noise_covariance,
                                        RandomStream noise_stream, RandomStream policy_stream) {
  RETURN_IF_ERROR(options.Validate());
  const int n = options.privacy.state_dim, d = options.privacy.control_dim;
  RETURN_IF_ERROR(CheckSpdMatrix("Q", q, n));
  RETURN_IF_ERROR(CheckSpdMatrix("R", r, d));
  if (noise_covariance.rows() != n || noise_covariance.cols() != n ||
      !noise_covariance.allFinite()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("noise_covariance must be a finite %d x %d matrix", n, n));
  }
  LqAgent agent(WithCalibration(options), policy_stream);
  agent.q_ = q;
  agent.r_ = r;
  agent.w_ = noise_covariance;
  const PrivateOfuOptions& p = agent.options_.privacy;
  if (agent.is_private()) {
    ASSIGN_OR_RETURN(PrivateOfuParams params, ComputePrivateOfuParams(p));
    agent.params_ = params;
    ASSIGN_OR_RETURN(
        PrivateMatrixCounter gram,
        PrivateMatrixCounter::Create(p.counter_mechanism, params.counter1, noise_stream.Child(1)));
    ASSIGN_OR_RETURN(
        PrivateMatrixCounter cross,
        PrivateMatrixCounter::Create(p.counter_mechanism, params.counter2, noise_stream.Child(2)));
    agent.gram_counter_.emplace(std::move(gram));
    agent.cross_counter_.emplace(std::move(cross));
  } else {
    agent.gram_ = Eigen::MatrixXd::Zero(n + d, n + d);
    agent.cross_ = Eigen::MatrixXd::Zero(n + d, n);
  }
  agent.radius_ = AgentRadiusInputs(agent.options_, agent.params_ ? &*agent.params_ : nullptr);
  return agent;
}

const std::vector<Eigen::MatrixXd>& LqAgent::BeginEpisode(const Eigen::VectorXd& initial_state) {
  const PrivateOfuOptions& p = options_.privacy;
  const int n = p.state_dim, d = p.control_dim;
  CHECK(!in_episode_) << "LqAgent: BeginEpisode twice without EndEpisode";
  CHECK_LT(episode_, p.episodes) << "LqAgent: more than K episodes";
  CHECK_EQ(initial_state.size(), n);
  in_episode_ = true;
  ++episode_;
  diagnostics_ = LqEpisodeDiagnostics();
  diagnostics_.episode = episode_;
  // (7): V_k, U_k, Theta^_k.
  Eigen::MatrixXd gram_release, v, u;
  if (is_private()) {
    gram_release = gram_counter_->Release();
    v = gram_release + params_->eta * Eigen::MatrixXd::Identity(n + d, n + d);
    u = cross_counter_->Release();
    const double min_eig =
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(v, Eigen::EigenvaluesOnly).eigenvalues()(0);
    if (!(min_eig > 0.0)) {
      v += (params_->lambda_min - min_eig) * Eigen::MatrixXd::Identity(n + d, n + d);
      diagnostics_.v_repaired = true;
    }
  } else {
    v = gram_ + options_.regularizer * Eigen::MatrixXd::Identity(n + d, n + d);
    u = cross_;
  }
  const Eigen::MatrixXd theta_hat = v.llt().solve(u);
  diagnostics_.v = v;
  diagnostics_.theta_hat = theta_hat;
  diagnostics_.beta = ConfidenceRadius(radius_, episode_);
  Eigen::MatrixXd theta;
  if (options_.planner == LqPlanner::kCertaintyEquivalence) {
    // Diagnostics keep the paper's V_k, Theta^_k, beta_k (Lemma 1's set) for either model.
    diagnostics_.zero_dynamics_feasible =
        NearestZeroDynamicsModel(theta_hat, v).v_distance <= diagnostics_.beta;
    if (options_.model == LqModel::kRidge) {
      // The ridge estimate is on the released sums before eta I (the exact sums for kNone).
      theta =
          RidgeCertaintyEquivalenceModel(is_private() ? gram_release : gram_, u, options_.ce_ridge)
              .theta_tilde;
    } else {
      theta = theta_hat / std::max(1.0, theta_hat.norm());
    }
  } else {
    OfuProblem problem;
    problem.theta_hat = theta_hat;
    problem.v = v;
    problem.beta = diagnostics_.beta;
    problem.q = q_;
    problem.r = r_;
    problem.noise_covariance = w_;
    problem.initial_state = initial_state;
    problem.horizon = p.horizon;
    absl::StatusOr<OfuStepResult> step = SolveOfuStep(
        problem, options_.ofu, previous_theta_ ? &*previous_theta_ : nullptr, policy_stream_);
    CHECK(step.ok()) << "LqAgent: OFU step failed on validated inputs: " << step.status();
    theta = step->theta;
    diagnostics_.ofu_iterations = step->iterations;
    diagnostics_.ofu_seconds = step->seconds;
    diagnostics_.intersection_found = step->intersection_found;
    diagnostics_.zero_dynamics_feasible =
        step->zero_dynamics_feasible ||
        NearestZeroDynamicsModel(theta_hat, v).v_distance <= diagnostics_.beta;
    diagnostics_.ofu_winning_start = step->winning_start;
    diagnostics_.ofu_random_start_gain = step->random_start_gain;
  }
  if (options_.dither_scale > 0.0) {
    diagnostics_.dither_std =
        DitherStandardDeviation(options_.dither_scale, p.control_bound, episode_);
  }
  previous_theta_ = theta;
  diagnostics_.theta_tilde = theta;
  DynMatrix<double> a, b;
  SplitTheta<double>(theta, &a, &b);
  gains_ = SolveRiccati<double>(a, b, q_, r_, p.horizon).k;
  return gains_;
}

Eigen::VectorXd LqAgent::Control(int h, const Eigen::VectorXd& state) {
  CHECK(in_episode_) << "LqAgent: Control outside an episode";
  CHECK(h >= 0 && h < options_.privacy.horizon) << "LqAgent: step " << h << " outside [0, H)";
  CHECK_EQ(state.size(), options_.privacy.state_dim);
  Eigen::VectorXd linear = gains_[h] * state;  // (10)
  if (diagnostics_.dither_std > 0.0) {         // the input dither: noise before the clip
    for (int i = 0; i < linear.size(); ++i) {
      linear(i) += SampleGaussian(diagnostics_.dither_std, policy_stream_);
    }
  }
  if (!is_private()) return linear;
  const Eigen::VectorXd applied = ClipNorm(linear, options_.privacy.control_bound);
  if (applied != linear) ++diagnostics_.clipped_steps;
  return applied;
}

void LqAgent::EndEpisode(const std::vector<Eigen::VectorXd>& states,
                         const std::vector<Eigen::VectorXd>& controls) {
  const PrivateOfuOptions& p = options_.privacy;
  const int n = p.state_dim, d = p.control_dim, H = p.horizon;
  CHECK(in_episode_) << "LqAgent: EndEpisode without BeginEpisode";
  CHECK_EQ(static_cast<int>(states.size()), H + 1);
  CHECK_EQ(static_cast<int>(controls.size()), H);
  in_episode_ = false;
  Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(n + d, n + d);
  Eigen::MatrixXd cross = Eigen::MatrixXd::Zero(n + d, n);
  for (int h = 0; h < H; ++h) {
    CHECK_EQ(states[h].size(), n);
    CHECK_EQ(controls[h].size(), d);
    Eigen::VectorXd z(n + d);
    Eigen::VectorXd next = states[h + 1];
    if (is_private()) {
      const Eigen::VectorXd x = ClipNorm(states[h], 1.0);
      const Eigen::VectorXd u = ClipNorm(controls[h], p.control_bound);
      next = ClipNorm(next, 1.0);
      if (x != states[h] || u != controls[h] || next != states[h + 1]) {
        ++diagnostics_.counter_input_clipped_steps;
      }
      z << x, u;
    } else {
      z << states[h], controls[h];
    }
    gram += z * z.transpose();
    cross += z * next.transpose();
  }
  if (!is_private()) {
    gram_ += gram;
    cross_ += cross;
    return;
  }
  if (episode_ == p.episodes) return;  // episode K's data is never released
  gram = (gram + gram.transpose()) * 0.5;
  gram_counter_->AddStep(gram);
  cross_counter_->AddStep(cross);
}

}  // namespace dprl
