#include "algorithms/lqr/ofu_step.h"

#include <LBFGS.h>
#include <ceres/ceres.h>
#include <glog/logging.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <vector>

#include "absl/strings/str_format.h"
#include "algorithms/lqr/riccati.h"
#include "algorithms/lqr/zero_dynamics_model.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"
#include "random/distributions.h"

namespace dprl {
namespace {

class OfuObjective : public ceres::FirstOrderFunction {
 public:
  explicit OfuObjective(const OfuGeometry* g) : g_(g) {}

  bool Evaluate(const double* x, double* cost, double* gradient) const override {
    *cost = OfuObjectiveAndGradient(*g_, x, gradient);
    if (!std::isfinite(*cost)) return false;
    if (gradient != nullptr) {
      for (int i = 0; i < g_->size(); ++i) {
        if (!std::isfinite(gradient[i])) return false;
      }
    }
    return true;
  }

  int NumParameters() const override { return g_->size(); }

 private:
  const OfuGeometry* g_;
};

// L-BFGS memory: Ceres' default max_lbfgs_rank. LBFGS++ keeps at most as many pairs as there are
// parameters (its two-loop recursion costs O(rank) per iteration; at n = 2, d = 1 the rank 6
// against 20 made its steps about 1.5x faster with end points as good; docs/private_ofu_rl.md).
constexpr int kLbfgsRank = 20;

// One start of OfuMinimiser::kLbfgspp from v (in: the start; out: the best point the start
// evaluated, which is where LBFGS++ stops unless its line search throws). Returns its iterations,
// or, when the line search threw, its number of evaluations (an upper bound).
//
// The line search is LBFGS++'s LineSearchBracketing (weak Wolfe conditions, step doubled until a
// bracket is found, then bisection; a NaN value counts as too large). LBFGS++'s strong-Wolfe
// LineSearchNocedalWright, used before, threw ("insufficient numeric precision") on 19 % of the
// private agent's starts in a chain_n2 run and stopped higher than Ceres on 7-14 % of its steps
// (docs/private_ofu_rl.md).
int MinimiseWithLbfgspp(const OfuGeometry& g, const OfuStepOptions& options, Eigen::VectorXd& v) {
  LBFGSpp::LBFGSParam<double> param;
  param.m = std::min(kLbfgsRank, g.size());
  param.epsilon = 1e-10;  // Ceres' default gradient_tolerance
  param.epsilon_rel = 0.0;
  param.past = 1;
  param.delta = options.function_tolerance;
  param.max_iterations = options.max_iterations;
  param.linesearch = LBFGSpp::LBFGS_LINESEARCH_BACKTRACKING_WOLFE;
  LBFGSpp::LBFGSSolver<double, LBFGSpp::LineSearchBracketing> solver(param);
  double best = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best_v = v;
  int evaluations = 0;
  auto objective = [&](const Eigen::VectorXd& x, Eigen::VectorXd& gradient) {
    ++evaluations;
    const double value = OfuObjectiveAndGradient(g, x.data(), gradient.data());
    if (std::isfinite(value) && value < best) {
      best = value;
      best_v = x;
    }
    return value;
  };
  int iterations = 0;
  try {
    double value = 0.0;
    iterations = solver.minimize(objective, v, value);
  } catch (const std::exception&) {
    iterations = evaluations;
  }
  v = best_v;
  return iterations;
}

double OfuCost(const OfuProblem& p, const Eigen::MatrixXd& theta) {
  DynMatrix<double> a, b;
  SplitTheta<double>(theta, &a, &b);
  return OptimalCost<double>(a, b, p.q, p.r, p.horizon, p.initial_state, p.noise_covariance);
}

Eigen::VectorXd RandomParameter(int size, RandomStream& stream) {
  Eigen::VectorXd u(size);
  for (int i = 0; i < size; ++i) u(i) = SampleGaussian(1.0, stream);
  const double radius = std::pow(stream.NextOpenUniform(), 1.0 / size);
  u *= std::min(radius, 0.999) / u.norm();
  return u / std::sqrt(1.0 - u.squaredNorm());
}

absl::Status ValidateProblem(const OfuProblem& p) {
  const int n = static_cast<int>(p.theta_hat.cols());
  const int rows = static_cast<int>(p.theta_hat.rows());
  const int d = rows - n;
  if (n < 1 || d < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("theta_hat must be (n + d) x n with n, d >= 1, got %d x %d", rows, n));
  }
  if (!p.theta_hat.allFinite()) return absl::InvalidArgumentError("theta_hat is not finite");
  if (p.v.rows() != rows || p.v.cols() != rows || !p.v.allFinite()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("v must be a finite %d x %d matrix", rows, rows));
  }
  const double min_eig =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(p.v, Eigen::EigenvaluesOnly).eigenvalues()(0);
  if (!(min_eig > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("v must be positive definite, smallest eigenvalue %g", min_eig));
  }
  if (!(std::isfinite(p.beta) && p.beta > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("beta must be finite and > 0, got %g", p.beta));
  }
  if (p.q.rows() != n || p.q.cols() != n || p.r.rows() != d || p.r.cols() != d ||
      p.noise_covariance.rows() != n || p.noise_covariance.cols() != n ||
      p.initial_state.size() != n) {
    return absl::InvalidArgumentError("q, r, noise_covariance or initial_state has a wrong shape");
  }
  if (p.horizon < 1) {
    return absl::InvalidArgumentError(absl::StrFormat("horizon must be >= 1, got %d", p.horizon));
  }
  return absl::OkStatus();
}

}  // namespace

bool OfuParameterToTheta(const OfuProblem& problem, const Eigen::VectorXd& v,
                         Eigen::MatrixXd* theta) {
  const OfuGeometry g = MakeOfuGeometry(problem);
  CHECK_EQ(v.size(), g.size());
  if (!g.found) {
    *theta = g.centre;
    return false;
  }
  *theta = MapToTheta<double>(g, v.data());
  return true;
}

absl::StatusOr<OfuStepResult> SolveOfuStep(const OfuProblem& problem, const OfuStepOptions& options,
                                           const Eigen::MatrixXd* warm_start,
                                           RandomStream& stream) {
  RETURN_IF_ERROR(options.Validate());
  RETURN_IF_ERROR(ValidateProblem(problem));
  const auto begin = std::chrono::steady_clock::now();
  OfuStepResult result;
  const ZeroDynamicsModel zero = NearestZeroDynamicsModel(problem.theta_hat, problem.v);
  const OfuGeometry g = MakeOfuGeometry(problem);
  if (options.zero_dynamics_shortcut && zero.v_distance <= problem.beta) {  // global minimiser (zero_dynamics_model.h)
    result.theta = zero.theta;
    result.zero_dynamics_feasible = true;
    result.optimal_cost = OfuCost(problem, result.theta);
  } else if (!g.found) {
    result.theta = g.centre;
    result.intersection_found = false;
    result.optimal_cost = OfuCost(problem, result.theta);
  } else {
    std::vector<Eigen::VectorXd> starts;
    starts.push_back(Eigen::VectorXd::Zero(g.size()));
    if (warm_start != nullptr) {
      CHECK_EQ(warm_start->rows(), g.rows);
      CHECK_EQ(warm_start->cols(), g.cols);
      starts.push_back(ThetaToParameter(g, *warm_start));
    }
    const int deterministic_starts = static_cast<int>(starts.size());
    for (int i = 0; i < options.random_starts; ++i)
      starts.push_back(RandomParameter(g.size(), stream));
    ceres::GradientProblem gradient_problem(new OfuObjective(&g));
    ceres::GradientProblemSolver::Options solver_options;
    solver_options.max_num_iterations = options.max_iterations;
    solver_options.function_tolerance = options.function_tolerance;
    solver_options.logging_type = ceres::SILENT;
    double best = std::numeric_limits<double>::infinity();
    double best_deterministic = std::numeric_limits<double>::infinity();
    Eigen::VectorXd best_v = starts.front();
    for (int i = 0; i < static_cast<int>(starts.size()); ++i) {
      Eigen::VectorXd& v = starts[i];
      if (options.minimiser == OfuMinimiser::kLbfgspp) {
        result.iterations += MinimiseWithLbfgspp(g, options, v);
      } else {
        ceres::GradientProblemSolver::Summary summary;
        ceres::Solve(solver_options, gradient_problem, v.data(), &summary);
        result.iterations += static_cast<int>(summary.iterations.size());
      }
      ++result.starts;
      const double value = OfuObjectiveAndGradient(g, v.data(), nullptr);
      if (!std::isfinite(value)) continue;
      if (i < deterministic_starts) best_deterministic = std::min(best_deterministic, value);
      if (value < best) {
        best = value;
        best_v = v;
        result.winning_start = i;
      }
    }
    result.theta = MapToTheta<double>(g, best_v.data());
    // The winner's value was evaluated above (the same deterministic function of best_v).
    result.optimal_cost =
        result.winning_start >= 0 ? best : OfuObjectiveAndGradient(g, best_v.data(), nullptr);
    if (result.winning_start >= deterministic_starts && std::isfinite(best_deterministic)) {
      result.random_start_gain = best_deterministic - result.optimal_cost;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  return result;
}

}  // namespace dprl
