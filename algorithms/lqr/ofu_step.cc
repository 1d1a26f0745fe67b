#include "algorithms/lqr/ofu_step.h"

#include <ceres/ceres.h>
#include <glog/logging.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <vector>

#include "absl/strings/str_format.h"
#include "algorithms/lqr/riccati.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"
#include "random/distributions.h"

namespace dprl {
namespace {

// Precomputed pieces of the parametrisation.
struct Geometry {
  const OfuProblem* problem = nullptr;
  Eigen::MatrixXd v_inv_sqrt;  // V^{-1/2}
  Eigen::MatrixXd v_sqrt;      // V^{1/2}
  Eigen::MatrixXd centre;      // c
  bool found = true;
  int rows = 0, cols = 0;  // n + d, n
  int size() const { return rows * cols; }
};

Geometry MakeGeometry(const OfuProblem& p) {
  Geometry g;
  g.problem = &p;
  g.rows = static_cast<int>(p.theta_hat.rows());
  g.cols = static_cast<int>(p.theta_hat.cols());
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(p.v);
  g.v_inv_sqrt = eig.operatorInverseSqrt();
  g.v_sqrt = eig.operatorSqrt();
  const double vnorm = VNorm(p.theta_hat, p.v);
  const double fnorm = p.theta_hat.norm();
  // s Theta^ is in C_k iff (1 - s) ||Theta^||_V <= beta, in S iff s ||Theta^||_F <= 1.
  const double s_lo = vnorm > 0.0 ? std::max(0.0, 1.0 - p.beta / vnorm) : 0.0;
  const double s_hi = fnorm > 0.0 ? std::min(1.0, 1.0 / fnorm) : 1.0;
  if (s_lo < s_hi) {
    g.centre = 0.5 * (s_lo + s_hi) * p.theta_hat;
  } else {
    g.found = false;
    g.centre = p.theta_hat / std::max(1.0, fnorm);
  }
  return g;
}

template <typename T>
DynMatrix<T> MapToTheta(const Geometry& g, const T* v) {
  const OfuProblem& p = *g.problem;
  T norm2(0.0);
  for (int i = 0; i < g.size(); ++i) norm2 += v[i] * v[i];
  const T scale = T(1.0) / sqrt(T(1.0) + norm2);
  DynMatrix<T> u(g.rows, g.cols);
  for (int j = 0; j < g.cols; ++j)
    for (int i = 0; i < g.rows; ++i) u(i, j) = v[j * g.rows + i] * scale;
  const DynMatrix<T> theta_e = p.theta_hat.cast<T>() + (g.v_inv_sqrt.cast<T>() * u) * T(p.beta);
  const T fe2 = theta_e.squaredNorm();
  if (fe2 <= T(1.0)) return theta_e;
  const DynMatrix<T> c = g.centre.cast<T>();
  const DynMatrix<T> delta = theta_e - c;
  const T cd = (c.array() * delta.array()).sum();
  const T dd = delta.squaredNorm();
  const T cc = c.squaredNorm();
  const T t = (-cd + sqrt(cd * cd + dd * (T(1.0) - cc))) / dd;
  return c + delta * t;
}

template <typename T>
T Objective(const Geometry& g, const T* v) {
  const OfuProblem& p = *g.problem;
  const DynMatrix<T> theta = MapToTheta<T>(g, v);
  DynMatrix<T> a, b;
  SplitTheta<T>(theta, &a, &b);
  return OptimalCost<T>(a, b, p.q, p.r, p.horizon, p.initial_state, p.noise_covariance);
}

class OfuObjective : public ceres::FirstOrderFunction {
 public:
  explicit OfuObjective(const Geometry* g) : g_(g) {}

  bool Evaluate(const double* x, double* cost, double* gradient) const override {
    const int size = g_->size();
    if (gradient == nullptr) {
      *cost = Objective<double>(*g_, x);
      return std::isfinite(*cost);
    }
    using J = ceres::Jet<double, kJetChunk>;
    std::vector<J> jets(size);
    for (int start = 0; start < size; start += kJetChunk) {
      for (int i = 0; i < size; ++i) {
        jets[i] = J(x[i]);
        if (i >= start && i < start + kJetChunk) jets[i].v[i - start] = 1.0;
      }
      const J value = Objective<J>(*g_, jets.data());
      *cost = value.a;
      for (int i = start; i < std::min(size, start + kJetChunk); ++i) {
        gradient[i] = value.v[i - start];
      }
    }
    if (!std::isfinite(*cost)) return false;
    for (int i = 0; i < size; ++i) {
      if (!std::isfinite(gradient[i])) return false;
    }
    return true;
  }

  int NumParameters() const override { return g_->size(); }

 private:
  const Geometry* g_;
};

// v with MapToTheta(v) = theta when theta is in C_k cap S (U clipped to norm 0.99 otherwise).
Eigen::VectorXd ThetaToParameter(const Geometry& g, const Eigen::MatrixXd& theta) {
  Eigen::MatrixXd u = g.v_sqrt * (theta - g.problem->theta_hat) / g.problem->beta;
  const double norm = u.norm();
  if (norm >= 0.99) u *= 0.99 / norm;
  const double scale = 1.0 / std::sqrt(1.0 - u.squaredNorm());
  return Eigen::Map<const Eigen::VectorXd>(u.data(), u.size()) * scale;
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

absl::Status OfuStepOptions::Validate() const {
  if (random_starts < 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("random_starts must be >= 0, got %d", random_starts));
  }
  if (max_iterations < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("max_iterations must be >= 1, got %d", max_iterations));
  }
  if (!(std::isfinite(function_tolerance) && function_tolerance > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("function_tolerance must be finite and > 0, got %g", function_tolerance));
  }
  return absl::OkStatus();
}

double VNorm(const Eigen::MatrixXd& m, const Eigen::MatrixXd& v) {
  return std::sqrt(std::max(0.0, (m.transpose() * v * m).trace()));
}

bool OfuParameterToTheta(const OfuProblem& problem, const Eigen::VectorXd& v,
                         Eigen::MatrixXd* theta) {
  const Geometry g = MakeGeometry(problem);
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
  const Geometry g = MakeGeometry(problem);
  OfuStepResult result;
  if (!g.found) {
    result.theta = g.centre;
    result.intersection_found = false;
    DynMatrix<double> a, b;
    SplitTheta<double>(result.theta, &a, &b);
    result.optimal_cost = OptimalCost<double>(a, b, problem.q, problem.r, problem.horizon,
                                              problem.initial_state, problem.noise_covariance);
  } else {
    std::vector<Eigen::VectorXd> starts;
    starts.push_back(Eigen::VectorXd::Zero(g.size()));
    if (warm_start != nullptr) {
      CHECK_EQ(warm_start->rows(), g.rows);
      CHECK_EQ(warm_start->cols(), g.cols);
      starts.push_back(ThetaToParameter(g, *warm_start));
    }
    for (int i = 0; i < options.random_starts; ++i)
      starts.push_back(RandomParameter(g.size(), stream));
    ceres::GradientProblem gradient_problem(new OfuObjective(&g));
    ceres::GradientProblemSolver::Options solver_options;
    solver_options.max_num_iterations = options.max_iterations;
    solver_options.function_tolerance = options.function_tolerance;
    solver_options.logging_type = ceres::SILENT;
    double best = std::numeric_limits<double>::infinity();
    Eigen::VectorXd best_v = starts.front();
    for (Eigen::VectorXd& v : starts) {
      ceres::GradientProblemSolver::Summary summary;
      ceres::Solve(solver_options, gradient_problem, v.data(), &summary);
      result.iterations += static_cast<int>(summary.iterations.size());
      ++result.starts;
      const double value = Objective<double>(g, v.data());
      if (std::isfinite(value) && value < best) {
        best = value;
        best_v = v;
      }
    }
    result.theta = MapToTheta<double>(g, best_v.data());
    result.optimal_cost = Objective<double>(g, best_v.data());
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  return result;
}

}  // namespace dprl
