// Episodic linear-quadratic (LQ) control systems.
//
// Specification
// -------------
// The stochastic LQ problem of S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of
// Differentially Private Linear Quadratic Systems", ISIT 2021, Sec. II-A, eq. (1):
//
//   x_{h+1} = A x_h + B u_h + w_h,      c_h = x_h' Q x_h + u_h' R u_h,      h = 1..H,
//
// state x in R^n, control u in R^d, Theta = [A, B]' in R^{(n+d) x n}, x_1 fixed. Indices in code
// are 0-based (h = 0..H-1).
//
// Noise model. w_h is uniform in the Euclidean ball of radius C_w = noise_bound, independent of
// everything else (Assumption 1(d)): zero mean, ||w|| <= C_w, covariance
//   W = E[w w'] = C_w^2 / (n + 2) I_n     (NoiseCovariance(); enters the optimal cost (5) as
//                                          sum_h E[w' P_{h+1} w] = sum_h tr(P_{h+1} W)).
// Sampling: w = C_w U^{1/n} g / ||g|| with g ~ N(0, I_n) (n Box-Muller draws, 2n words) and U an
// open uniform (1 word); every SampleNoise/Step call reads exactly 2n + 1 words of the stream.
//
// Assumption 1 of the paper, checked by Create (each violation is InvalidArgument naming the
// system, the condition and the offending value):
//   (a) ||Theta||_F <= 1 and (A, B) controllable (rank [B, AB, ..., A^{n-1}B] = n, SVD with
//       relative threshold kControllabilityTolerance);
//   (b) ||A||_2 <= C_A < 1, ||B||_2 <= C_B < 1; Q, R symmetric positive definite (||Q||, ||R|| <= C
//       is then true for C = max(||Q||, ||R||));
//   (c) ||x_1|| <= 1;
//   (d) 0 <= C_w < 1 (noise as above);
//   (e) gamma >= 0 and C_A + gamma C_B + C_w <= 1.
// Consequence used by the private counters: if every control satisfies ||u_h|| <= gamma, then
// ||x_h|| <= 1 for all h (induction with (b)-(e)), hence ||z_h|| = ||[x_h; u_h]|| <= 1 + gamma.
//
// Named systems (MakeNamedLqSystem; relay_n2 below differs in Q, R and x_1): Q = I_n, R = I_d,
// x_1 = (1, ..., 1)/sqrt(n), C_w = 0.1,
// C_A = ||A|| and C_B = ||B|| rounded UP to 1e-2, gamma = (1 - C_A - C_w)/C_B rounded DOWN to 1e-2.
// E_d is the n x d matrix with E[2i+1, i] = 1 (control i drives state 2i+1, 0-based), n = 2d.
//   name         n  d  A                                     B
//   chain_n2     2  1  0.5 I + 0.3 J (J: ones on superdiag)  0.5 E
//   chain_n4     4  2  0.35 I + 0.2 J                        0.35 E
//   chain_n8     8  4  0.25 I + 0.15 J                       0.25 E
//   rotation_n2  2  1  0.6 Rot(pi/6)                         0.4 E
//   rotation_n4  4  2  0.42 diag(Rot(pi/6), Rot(pi/3))       0.35 E
//   rotation_n8  8  4  0.3 diag(Rot(k pi/6), k = 1..4)       0.25 E
// "chain" systems are upper bidiagonal (each state is pushed by the next one, controls act on odd
// states); "rotation" systems are damped rotations of every pair of states, one control per pair.
//
// relay_n2 (n = 2, d = 1), a system where control matters: A = [0 0.45; 0.3 0], B = [0.6; 0],
// Q = diag(3, 1), R = 0.3, x_1 = (0, 1), the same C_w and rounding (C_A = 0.45, C_B = 0.6,
// gamma = 0.75, ||Theta||_F = 0.808). The unweighted, unactuated state 2 feeds the weighted state
// 1 ("relay"), which the control acts on directly: at H = 5 doing nothing (u = 0) costs
// 1.6828 = 1.432 J* (J* = 1.1747, eq. (5)), against 0.4-9% above J* for the systems above, and the
// optimal gains satisfy max_h ||K_h*|| = 0.591 <= gamma, so the optimal policy is never clipped
// (exact values: algorithms/lqr/control_matters_test). It satisfies every part of Assumption 1;
// marginally stable or unstable A (||A|| >= 1) would violate Assumption 1(b).
//
// Parameters: LqSystemParameters below (each field documents its meaning and constraint).
#ifndef DPRL_ENVS_LQ_SYSTEM_H_
#define DPRL_ENVS_LQ_SYSTEM_H_

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "random/random_stream.h"

namespace dprl {

struct LqSystemParameters {
  // Identifies the system in outputs. Non-empty.
  std::string name;
  // A: n x n, finite; dynamics unknown to agents.
  Eigen::MatrixXd a;
  // B: n x d, finite; dynamics unknown to agents.
  Eigen::MatrixXd b;
  // Q: n x n cost matrix, symmetric positive definite; known to agents.
  Eigen::MatrixXd q;
  // R: d x d cost matrix, symmetric positive definite; known to agents.
  Eigen::MatrixXd r;
  // x_1, ||x_1|| <= 1.
  Eigen::VectorXd initial_state;
  // H >= 1.
  int horizon = 10;
  // C_w in [0, 1): ||w|| <= C_w.
  double noise_bound = 0.1;
  // C_A: ||A||_2 <= C_A < 1.
  double a_norm_bound = 0.9;
  // C_B: ||B||_2 <= C_B < 1.
  double b_norm_bound = 0.9;
  // gamma >= 0 with C_A + gamma C_B + C_w <= 1.
  double control_bound = 0.0;
};

class LqSystem {
 public:
  // Tolerance of the symmetry check of Q and R (relative to their norm), of the norm checks, and
  // the relative singular-value threshold of the controllability rank.
  static constexpr double kSymmetryTolerance = 1e-12;
  static constexpr double kNormTolerance = 1e-12;
  static constexpr double kControllabilityTolerance = 1e-9;

  // Validates Assumption 1 (see the header comment); the error names the violated condition.
  static absl::StatusOr<LqSystem> Create(LqSystemParameters parameters);

  const std::string& name() const { return p_.name; }
  int state_dim() const { return static_cast<int>(p_.a.rows()); }    // n
  int control_dim() const { return static_cast<int>(p_.b.cols()); }  // d
  int horizon() const { return p_.horizon; }                         // H
  const Eigen::MatrixXd& a() const { return p_.a; }
  const Eigen::MatrixXd& b() const { return p_.b; }
  const Eigen::MatrixXd& q() const { return p_.q; }
  const Eigen::MatrixXd& r() const { return p_.r; }
  const Eigen::VectorXd& initial_state() const { return p_.initial_state; }
  double noise_bound() const { return p_.noise_bound; }      // C_w
  double a_norm_bound() const { return p_.a_norm_bound; }    // C_A
  double b_norm_bound() const { return p_.b_norm_bound; }    // C_B
  double control_bound() const { return p_.control_bound; }  // gamma
  const LqSystemParameters& parameters() const { return p_; }

  // Theta = [A, B]', (n + d) x n.
  Eigen::MatrixXd Theta() const;
  // W = C_w^2 / (n + 2) I_n, the covariance of the noise.
  Eigen::MatrixXd NoiseCovariance() const;

  // One noise vector w (uniform in the C_w ball); reads exactly 2n + 1 words.
  Eigen::VectorXd SampleNoise(RandomStream& stream) const;
  // x' = A x + B u + w with w = SampleNoise(stream). CHECKs the dimensions.
  Eigen::VectorXd Step(const Eigen::VectorXd& x, const Eigen::VectorXd& u,
                       RandomStream& stream) const;
  // c = x'Qx + u'Ru. CHECKs the dimensions.
  double Cost(const Eigen::VectorXd& x, const Eigen::VectorXd& u) const;

 private:
  explicit LqSystem(LqSystemParameters p) : p_(std::move(p)) {}
  LqSystemParameters p_;
};

// Names accepted by MakeNamedLqSystem, in table order.
std::vector<std::string> NamedLqSystems();

// One of the named systems above with horizon H. InvalidArgument for an unknown name (the message
// lists the known ones) or horizon < 1.
absl::StatusOr<LqSystem> MakeNamedLqSystem(const std::string& name, int horizon);

}  // namespace dprl

#endif  // DPRL_ENVS_LQ_SYSTEM_H_
