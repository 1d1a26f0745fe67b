// Continual release of a matrix-valued stream by the square-root factorisation (matrix) mechanism,
// with exact discrete Gaussian noise.
//
// Specification
// -------------
// The factorisation mechanism for prefix sums (Li, Miklau, Hay, McGregor, Rastogi, "The matrix
// mechanism", VLDB J. 2015; Denisov, McMahan, Rush, Smith, Thakurta, "Improved differential
// privacy for SGD via optimal private linear operators on adaptive streams", NeurIPS 2022,
// Sec. 2 and Thm. 2.1; Fichtenberger, Henzinger, Upadhyay, "Constant matters: fine-grained error
// bound on differentially private continual observation", ICML 2023, for the square root of the
// all-ones lower-triangular matrix). The prefix-sum matrix A (T x T, A_ts = 1 for s <= t) equals
// C C with C lower-triangular Toeplitz, C_ts = c_{t-s},
//     c_j = binom(2j, j) / 4^j   (c_0 = 1, c_j = c_{j-1} (2j - 1) / (2j)),
// the coefficients of (1 - x)^{-1/2}, whose square is (1 - x)^{-1} (FHU 2023, Sec. 1). The counter
// releases, after step t (entrywise over the D released entries; p <= q for a symmetric counter,
// mirrored as in the paper's footnote 3 -- Chowdhury, Zhou, Shroff, ISIT 2021, Sec. III-B):
//     y_t = R((C X)_t / g) + z_t   (an integer: the private output; z_t ~ N_Z(0, v) i.i.d.)
//     Release_t = g (C y)_t = sum_{s <= t} X_s + g (C z)_t + g (C e)_t
// where R is unbiased randomised rounding to the integers (E R(w) = w, |R(w) - w| < 1), e_t the
// rounding (and floating-point) error of y_t, and g = grid_unit() a power of two. y_t is an exact
// integer: the discrete Gaussian is added on the grid, so no floating-point noise ever touches a
// data-dependent value (Mironov, CCS 2012); Release is floating-point post-processing of y.
//
// Privacy (neighbour relation: the input of ONE step changes, the caller fixes how through
// l2_sensitivity = Delta, the largest Frobenius distance of two admissible inputs of a step over
// the released entries). Inputs may be chosen adaptively: X_t may depend on y_1..y_{t-1} (the
// agent's controls depend on the releases). Fix the rounding randomness U (the same for both
// streams). Conditional on y_1..y_{t-1}, all inputs X_{t'} with t' != s (s the changed step) are
// the same on both sides, so the mean of y_t differs by at most
//     d_t = c_{t-s} Delta / g + sqrt(D) delta_fp  (t >= s; 0 for t < s),
// where delta_fp = 2 + 2 fp_error_units() bounds the change of R(fl(w)) beyond that of w entrywise
// (rounding with shared U moves each entry by < 1 per side; fl error: see fp_error_units()).
// Step t is then the multivariate discrete Gaussian mechanism, (d_t^2 / (2 v))-zCDP (Canonne,
// Kamath, Steinke, NeurIPS 2020, Thm. 15), and zCDP composes adaptively (Bun, Steinke, TCC 2016,
// Lemma 2.3) -- this sequential argument is Denisov et al.'s Thm. 2.1 for lower-triangular C. By
// Minkowski, sum_t d_t^2 <= (||c||_2 Delta / g + sqrt(T D) delta_fp)^2 with ||c||_2^2 =
// sum_{j < T} c_j^2 the largest column norm of C. The mixture over U keeps the bound (joint
// quasi-convexity of Renyi divergence). So all releases are
//     rho_spent() = (||c|| Delta / g + sqrt(T D) delta_fp)^2 / (2 v)  <=  options.zcdp_rho  -zCDP
// w.r.t. changing one step's input. v = ceil(...) makes rho_spent() <= zcdp_rho; g is chosen as
// 2^(ceil(log2 sigma_0) - kGridBitsBelowSigma), sigma_0 = ||c|| Delta / sqrt(2 rho).
//
// Noise on the release (exact accounting). Release_t - sum_{s<=t} X_s = g (C z)_t + g (C e)_t:
//  * g (C z)_t: independent entries (p <= q), each sum_{j < t} c_j g z_{t-j}, variance
//    g^2 Var(N_Z(0, v)) sum_{j<t} c_j^2 <= release_noise_scale(t)^2 (CKS 2020, Prop. 19: Var <= v)
//    and sub-Gaussian with that parameter: each N_Z(0, v) is v-sub-Gaussian (CKS 2020, Cor. 9),
//    and sub-Gaussianity adds over independent terms. release_noise_scale(t) = g sqrt(v)
//    ||c_{<t}||.
//  * g (C e)_t: deterministic-size, |entry| <= release_error_bound(t) = g (1 + fp) sum_{j<t} c_j
//    (|e| < 1 + fp_error_units() per step and entry), far below g sqrt(v) (g = 2^-28 sigma_0).
// Post-processing (C y in double) adds a relative error below 2^-30 of |C| |y|; it does not affect
// privacy; callers' bounds carry a relative safety margin for it.
//
// Cost: O(t D) per step (the convolution over the history): T = 65536 steps of D = 6 entries take
// ~2.6e10 multiply-adds in all. Memory: the inputs' and outputs' history, 16 T D bytes.
//
// Parameters: MatrixTreeCounterOptions (matrix_tree_counter.h; the same fields and ranges, with
// "steps" instead of "tree": this counter has no tree).
#ifndef DPRL_ALGORITHMS_MECHANISMS_MATRIX_FACTORIZATION_COUNTER_H_
#define DPRL_ALGORITHMS_MECHANISMS_MATRIX_FACTORIZATION_COUNTER_H_

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "random/random_stream.h"

namespace dprl {

// c_0..c_{count-1} of the square root of the prefix-sum matrix: c_j = binom(2j, j) / 4^j.
std::vector<double> SquareRootFactorCoefficients(int64_t count);

class MatrixFactorizationCounter {
 public:
  static constexpr int kGridBitsBelowSigma = 28;

  // Validates the options; z_t comes from noise_stream.Child(1, t), the rounding bits from
  // noise_stream.Child(0). InvalidArgument when the variance in grid units does not fit in int64.
  static absl::StatusOr<MatrixFactorizationCounter> Create(const MatrixTreeCounterOptions& options,
                                                           RandomStream noise_stream);

  // Closes step t <- t + 1 with `input` and computes y_t and the release. CHECKs: shape, finite,
  // ||input||_F <= input_frobenius_bound (1e-9 relative slack), symmetric input for a symmetric
  // counter, t < T.
  void AddStep(const Eigen::MatrixXd& input);

  // Private release after t steps (rows x cols): sum of steps 1..t + g (C z)_t + g (C e)_t.
  Eigen::MatrixXd Release() const;

  int64_t steps() const { return steps_; }
  int released_entries() const { return entries_; }                 // D
  double grid_unit() const { return grid_unit_; }                   // g
  int64_t noise_variance_units() const { return variance_units_; }  // v (grid units^2)
  double step_noise_stddev() const;                                 // g sqrt(v): of g z_t
  double column_norm() const { return column_norm_; }               // ||c||_2 over j < T
  // Bound on the floating-point error of (C X)_t / g in grid units, for every admissible input.
  double fp_error_units() const { return fp_error_units_; }
  double rho_spent() const;
  // Sub-Gaussian parameter (and variance bound) of each released entry's Gaussian noise after
  // t steps: g sqrt(v) ||c_{<t}||. Largest at t = T.
  double release_noise_scale(int64_t t) const;
  // Bound on |g (C e)_t| per entry after t steps (rounding and floating-point error).
  double release_error_bound(int64_t t) const;
  const MatrixTreeCounterOptions& options() const { return options_; }

 private:
  // Sums the stored inputs; testonly, "Not differentially private" (matrix_counter_testing.h).
  friend class MatrixCounterPeer;
  MatrixFactorizationCounter(const MatrixTreeCounterOptions& options, RandomStream noise_stream);

  MatrixTreeCounterOptions options_;
  RandomStream noise_stream_;
  RandomStream rounding_stream_;
  int entries_ = 0;
  double grid_unit_ = 1.0;
  int64_t variance_units_ = 1;
  double column_norm_ = 0.0;
  double fp_error_units_ = 0.0;
  double shift_units_ = 0.0;              // ||c|| Delta / g + sqrt(T D) delta_fp (see Privacy)
  std::vector<double> coefficients_;      // c~_0..c~_{T-1}
  std::vector<double> coefficient_sums_;  // upper bound of sum_{j < t} c~_j, t = 0..T
  std::vector<double> coefficient_sq_;    // upper bound of sum_{j < t} c~_j^2, t = 0..T
  int64_t steps_ = 0;
  std::vector<double> inputs_;    // X_s packed, s = 1..t (entries_ per step)
  std::vector<int64_t> outputs_;  // y_s packed
  std::vector<double> release_;   // g (C y)_t packed
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_MATRIX_FACTORIZATION_COUNTER_H_
