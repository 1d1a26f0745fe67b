#include "envs/lq_system.h"

#include <glog/logging.h>

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "common/status_macros.h"
#include "random/distributions.h"

namespace dprl {
namespace {

constexpr double kPi = 3.14159265358979323846;

double SpectralNorm(const Eigen::MatrixXd& m) {
  if (m.size() == 0) return 0.0;
  return Eigen::JacobiSVD<Eigen::MatrixXd>(m).singularValues()(0);
}

bool AllFinite(const Eigen::MatrixXd& m) { return m.allFinite(); }

absl::Status Invalid(const std::string& system, const std::string& message) {
  return absl::InvalidArgumentError(absl::StrCat("LQ system '", system, "': ", message));
}

// Symmetric positive definite check; `what` is "Q" or "R".
absl::Status CheckSpd(const std::string& system, const char* what, const Eigen::MatrixXd& m,
                      int expected_dim) {
  if (m.rows() != expected_dim || m.cols() != expected_dim) {
    return Invalid(system, absl::StrFormat("%s must be %d x %d, got %d x %d", what, expected_dim,
                                           expected_dim, m.rows(), m.cols()));
  }
  if (!AllFinite(m)) return Invalid(system, absl::StrCat(what, " has a non-finite entry"));
  const double scale = std::max(1.0, m.cwiseAbs().maxCoeff());
  const double asym = (m - m.transpose()).cwiseAbs().maxCoeff();
  if (asym > LqSystem::kSymmetryTolerance * scale) {
    return Invalid(system, absl::StrFormat("%s is not symmetric (max |%s - %s'| = %g)", what, what,
                                           what, asym));
  }
  const double min_eig = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m, Eigen::EigenvaluesOnly)
                             .eigenvalues()
                             .minCoeff();
  if (!(min_eig > 0.0)) {
    return Invalid(system, absl::StrFormat("%s is not positive definite (smallest eigenvalue %g)",
                                           what, min_eig));
  }
  return absl::OkStatus();
}

Eigen::MatrixXd Rotation(double angle) {
  Eigen::MatrixXd r(2, 2);
  r << std::cos(angle), -std::sin(angle), std::sin(angle), std::cos(angle);
  return r;
}

// n x d with E[2i+1, i] = 1.
Eigen::MatrixXd PairInput(int d) {
  Eigen::MatrixXd e = Eigen::MatrixXd::Zero(2 * d, d);
  for (int i = 0; i < d; ++i) e(2 * i + 1, i) = 1.0;
  return e;
}

// The bounds every named system shares: C_w = 0.1, C_A = ||A|| and C_B = ||B|| rounded up to
// 1e-2, gamma = (1 - C_A - C_w) / C_B rounded down to 1e-2 (Assumption 1(b), (d), (e)).
void SetNamedBounds(LqSystemParameters& p) {
  p.noise_bound = 0.1;
  p.a_norm_bound = std::ceil(SpectralNorm(p.a) * 100.0 - 1e-9) / 100.0;
  p.b_norm_bound = std::ceil(SpectralNorm(p.b) * 100.0 - 1e-9) / 100.0;
  p.control_bound =
      std::floor((1.0 - p.a_norm_bound - p.noise_bound) / p.b_norm_bound * 100.0 + 1e-9) / 100.0;
}

}  // namespace

absl::StatusOr<LqSystem> LqSystem::Create(LqSystemParameters p) {
  if (p.name.empty()) return absl::InvalidArgumentError("LQ system: name must be non-empty");
  const std::string& s = p.name;
  const int n = static_cast<int>(p.a.rows());
  if (n < 1 || p.a.cols() != n) {
    return Invalid(
        s, absl::StrFormat("A must be square and non-empty, got %d x %d", p.a.rows(), p.a.cols()));
  }
  if (p.b.rows() != n || p.b.cols() < 1) {
    return Invalid(
        s, absl::StrFormat("B must be %d x d with d >= 1, got %d x %d", n, p.b.rows(), p.b.cols()));
  }
  const int d = static_cast<int>(p.b.cols());
  if (!AllFinite(p.a)) return Invalid(s, "A has a non-finite entry");
  if (!AllFinite(p.b)) return Invalid(s, "B has a non-finite entry");
  RETURN_IF_ERROR(CheckSpd(s, "Q", p.q, n));
  RETURN_IF_ERROR(CheckSpd(s, "R", p.r, d));
  if (p.horizon < 1) return Invalid(s, absl::StrFormat("horizon must be >= 1, got %d", p.horizon));
  if (p.initial_state.size() != n || !p.initial_state.allFinite()) {
    return Invalid(s, absl::StrFormat("initial_state must be a finite vector of size %d", n));
  }
  // (a) ||Theta||_F <= 1 and controllable.
  const double theta_f = std::sqrt(p.a.squaredNorm() + p.b.squaredNorm());
  if (theta_f > 1.0 + kNormTolerance) {
    return Invalid(s, absl::StrFormat("Assumption 1(a) violated: ||Theta||_F = %.6g > 1", theta_f));
  }
  Eigen::MatrixXd ctrb(n, n * d);
  Eigen::MatrixXd block = p.b;
  for (int i = 0; i < n; ++i) {
    ctrb.block(0, i * d, n, d) = block;
    block = p.a * block;
  }
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(ctrb);
  const Eigen::VectorXd sv = svd.singularValues();
  int rank = 0;
  for (int i = 0; i < sv.size(); ++i) {
    if (sv(i) > kControllabilityTolerance * std::max(sv(0), 1e-300)) ++rank;
  }
  if (rank < n) {
    return Invalid(s, absl::StrFormat("Assumption 1(a) violated: (A, B) is not controllable "
                                      "(rank of [B, AB, ..., A^{n-1}B] = %d < n = %d)",
                                      rank, n));
  }
  // (b) operator norms.
  const double a_norm = SpectralNorm(p.a), b_norm = SpectralNorm(p.b);
  if (!(p.a_norm_bound < 1.0) || !(p.a_norm_bound >= 0.0)) {
    return Invalid(s, absl::StrFormat("Assumption 1(b) violated: a_norm_bound C_A = %g is not in "
                                      "[0, 1)",
                                      p.a_norm_bound));
  }
  if (!(p.b_norm_bound < 1.0) || !(p.b_norm_bound >= 0.0)) {
    return Invalid(s, absl::StrFormat("Assumption 1(b) violated: b_norm_bound C_B = %g is not in "
                                      "[0, 1)",
                                      p.b_norm_bound));
  }
  if (a_norm > p.a_norm_bound + kNormTolerance) {
    return Invalid(s, absl::StrFormat("Assumption 1(b) violated: ||A|| = %.6g > C_A = %g", a_norm,
                                      p.a_norm_bound));
  }
  if (b_norm > p.b_norm_bound + kNormTolerance) {
    return Invalid(s, absl::StrFormat("Assumption 1(b) violated: ||B|| = %.6g > C_B = %g", b_norm,
                                      p.b_norm_bound));
  }
  // (c) initial state.
  if (p.initial_state.norm() > 1.0 + kNormTolerance) {
    return Invalid(
        s, absl::StrFormat("Assumption 1(c) violated: ||x_1|| = %.6g > 1", p.initial_state.norm()));
  }
  // (d) noise bound.
  if (!(p.noise_bound >= 0.0 && p.noise_bound < 1.0)) {
    return Invalid(
        s, absl::StrFormat("Assumption 1(d) violated: noise_bound C_w = %g is not in [0, 1)",
                           p.noise_bound));
  }
  // (e) gamma.
  if (!(p.control_bound >= 0.0) || !std::isfinite(p.control_bound)) {
    return Invalid(
        s, absl::StrFormat("Assumption 1(e) violated: control_bound gamma = %g is not finite and "
                           ">= 0",
                           p.control_bound));
  }
  const double budget = p.a_norm_bound + p.control_bound * p.b_norm_bound + p.noise_bound;
  if (budget > 1.0 + kNormTolerance) {
    return Invalid(
        s, absl::StrFormat("Assumption 1(e) violated: C_A + gamma C_B + C_w = %g + %g * "
                           "%g + %g = %.6g > 1",
                           p.a_norm_bound, p.control_bound, p.b_norm_bound, p.noise_bound, budget));
  }
  return LqSystem(std::move(p));
}

Eigen::MatrixXd LqSystem::Theta() const {
  Eigen::MatrixXd theta(state_dim() + control_dim(), state_dim());
  theta.topRows(state_dim()) = p_.a.transpose();
  theta.bottomRows(control_dim()) = p_.b.transpose();
  return theta;
}

Eigen::MatrixXd LqSystem::NoiseCovariance() const {
  const int n = state_dim();
  return Eigen::MatrixXd::Identity(n, n) * (p_.noise_bound * p_.noise_bound / (n + 2.0));
}

Eigen::VectorXd LqSystem::SampleNoise(RandomStream& stream) const {
  const int n = state_dim();
  Eigen::VectorXd g(n);
  for (int i = 0; i < n; ++i) g(i) = SampleGaussian(1.0, stream);
  const double u = stream.NextOpenUniform();
  const double norm = g.norm();
  // norm == 0 has probability 0 (and Box-Muller never returns exactly 0 for all n coordinates
  // in practice); guard anyway so that w stays in the ball.
  if (!(norm > 0.0)) return Eigen::VectorXd::Zero(n);
  return g * (p_.noise_bound * std::pow(u, 1.0 / n) / norm);
}

Eigen::VectorXd LqSystem::Step(const Eigen::VectorXd& x, const Eigen::VectorXd& u,
                               RandomStream& stream) const {
  CHECK_EQ(x.size(), state_dim());
  CHECK_EQ(u.size(), control_dim());
  return p_.a * x + p_.b * u + SampleNoise(stream);
}

double LqSystem::Cost(const Eigen::VectorXd& x, const Eigen::VectorXd& u) const {
  CHECK_EQ(x.size(), state_dim());
  CHECK_EQ(u.size(), control_dim());
  return x.dot(p_.q * x) + u.dot(p_.r * u);
}

std::vector<std::string> NamedLqSystems() {
  return {"chain_n2",    "chain_n4",    "chain_n8", "rotation_n2",
          "rotation_n4", "rotation_n8", "relay_n2"};
}

absl::StatusOr<LqSystem> MakeNamedLqSystem(const std::string& name, int horizon) {
  LqSystemParameters p;
  p.name = name;
  p.horizon = horizon;
  if (name == "relay_n2") {
    // See the header's table: the unactuated state 2 feeds the weighted, actuated state 1.
    p.a = Eigen::MatrixXd::Zero(2, 2);
    p.a(0, 1) = 0.45;
    p.a(1, 0) = 0.3;
    p.b = Eigen::MatrixXd::Zero(2, 1);
    p.b(0, 0) = 0.6;
    p.q = Eigen::MatrixXd::Identity(2, 2);
    p.q(0, 0) = 3.0;
    p.r = 0.3 * Eigen::MatrixXd::Identity(1, 1);
    p.initial_state = Eigen::VectorXd::Zero(2);
    p.initial_state(1) = 1.0;
    SetNamedBounds(p);
    return LqSystem::Create(std::move(p));
  }
  int d = 0;
  if (name == "chain_n2" || name == "chain_n4" || name == "chain_n8") {
    d = name == "chain_n2" ? 1 : name == "chain_n4" ? 2 : 4;
    const double diag = d == 1 ? 0.5 : d == 2 ? 0.35 : 0.25;
    const double super = d == 1 ? 0.3 : d == 2 ? 0.2 : 0.15;
    const double input = diag;
    const int n = 2 * d;
    p.a = diag * Eigen::MatrixXd::Identity(n, n);
    for (int i = 0; i + 1 < n; ++i) p.a(i, i + 1) = super;
    p.b = input * PairInput(d);
  } else if (name == "rotation_n2" || name == "rotation_n4" || name == "rotation_n8") {
    d = name == "rotation_n2" ? 1 : name == "rotation_n4" ? 2 : 4;
    const double radius = d == 1 ? 0.6 : d == 2 ? 0.42 : 0.3;
    const double input = d == 1 ? 0.4 : d == 2 ? 0.35 : 0.25;
    const int n = 2 * d;
    p.a = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < d; ++i)
      p.a.block(2 * i, 2 * i, 2, 2) = radius * Rotation((i + 1) * kPi / 6);
    p.b = input * PairInput(d);
  } else {
    return absl::InvalidArgumentError(absl::StrCat(
        "unknown LQ system name '", name, "'; known: ", absl::StrJoin(NamedLqSystems(), ", ")));
  }
  const int n = 2 * d;
  p.q = Eigen::MatrixXd::Identity(n, n);
  p.r = Eigen::MatrixXd::Identity(d, d);
  p.initial_state = Eigen::VectorXd::Ones(n) / std::sqrt(static_cast<double>(n));
  SetNamedBounds(p);
  return LqSystem::Create(std::move(p));
}

}  // namespace dprl
