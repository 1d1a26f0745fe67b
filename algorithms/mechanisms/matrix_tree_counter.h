// Tree-based continual release of a matrix-valued stream with exact discrete Gaussian noise.
//
// Specification
// -------------
// The binary mechanism (Chan, Shi, Song, ACM TISSEC 2011, Sec. 3.4) applied entrywise to a stream
// of matrices X_1, X_2, ..., X_T, as the private counters B_1 (sum_h z z', symmetric) and B_2
// (sum_h z x') of S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private
// Linear Quadratic Systems", ISIT 2021, Sec. III-B. The tree index arithmetic is
// algorithms/mechanisms/dyadic_tree.h. After t closed steps Release() returns
//     sum_{s <= t} round(X_s)  +  sum of the noise of the popcount(t) dyadic nodes covering [1, t].
// Symmetric counters (options.symmetric) add noise to the entries p <= q only and mirror it, so
// every release is exactly symmetric (the paper's footnote 3).
//
// Exactness (no floating-point noise on a released value). Every input entry is first rounded,
// unbiasedly at random, to the grid grid_unit() = g = 2^k (E[round(x)] = x, |round(x) - x| < g),
// from a stream owned by the counter. Node sums are then exact int64 multiples of g and the node
// noise is exact discrete Gaussian N_Z(0, v) in grid units (Canonne, Kamath, Steinke, NeurIPS 2020,
// Alg. 3; samplers.h), v = noise_variance_units() an integer. Released values are
// (integer) * g: only post-processing of an exact mechanism.
//
// Privacy. Neighbouring streams differ in the input of one step (the caller fixes the neighbour
// relation through l2_sensitivity: the largest Frobenius distance between two admissible inputs of
// a step, over the released entries -- for a symmetric counter the entries p <= q, whose norm is at
// most the Frobenius norm). Rounding moves each of the D released entries by less than g, so the
// rounded inputs have l2 sensitivity
//     Delta_grid = effective_sensitivity() = l2_sensitivity + 2 g sqrt(D).
// A step's input enters at most m = levels() = floor(log2 T) + 1 nodes. Each node's release is the
// multivariate discrete Gaussian mechanism, (Delta_grid^2 / (2 g^2 v))-zCDP (CKS 2020, Thm. 15 --
// the same rho as the continuous Gaussian), and zCDP composes additively (Bun, Steinke, TCC 2016,
// Lemma 2.3, adaptively), so all releases of the counter are
//     rho_spent() = m Delta_grid^2 / (2 g^2 v)  <=  options.zcdp_rho  -zCDP
// w.r.t. changing one step's input. v is chosen as ceil(m Delta_grid^2 / (2 rho g^2)), and g as
// the power of two 2^(ceil(log2 sigma_0) - kGridBitsBelowSigma), sigma_0 = sqrt(m / (2 rho)) *
// l2_sensitivity, so that v ~ 2^(2 kGridBitsBelowSigma) and the grid adds a relative 2 sqrt(D)
// 2^-28 sigma_0 / l2_sensitivity to the sensitivity.
//
// Accuracy. Release() - (sum of the rounded inputs) at step t has independent entries (p <= q for symmetric),
// each the sum of popcount(t) <= m discrete Gaussians: variance popcount(t) g^2 Var(N_Z(0, v)) <=
// popcount(t) node_noise_stddev()^2 (CKS 2020, Prop. 19: Var N_Z(0, v) <= v), and sub-Gaussian with
// parameter node_noise_stddev() per node (CKS 2020, Prop. 5/Cor. 9). The rounding error of the
// sum is zero-mean with |error| < g per step and entry.
//
// Parameters: MatrixTreeCounterOptions below (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_MECHANISMS_MATRIX_TREE_COUNTER_H_
#define DPRL_ALGORITHMS_MECHANISMS_MATRIX_TREE_COUNTER_H_

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/mechanisms/dyadic_tree.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/random_stream.h"

namespace dprl {

struct MatrixTreeCounterOptions {
  // Matrix rows, >= 1.
  int rows = 1;
  // Matrix columns, >= 1 (== rows when symmetric).
  int cols = 1;
  // Release only the entries p <= q, with mirrored noise; every input must be symmetric.
  bool symmetric = false;
  // T: the number of AddStep calls ever made, in [1, 2^40].
  int64_t horizon_steps = 1;
  // Delta: Frobenius distance of neighbouring step inputs (see Privacy). Finite, > 0.
  double l2_sensitivity = 1.0;
  // Bound on ||X_t||_F, CHECKed on every input. Finite, > 0.
  double input_frobenius_bound = 1.0;
  // rho: the whole counter (all its releases) is rho-zCDP. Finite, > 0.
  double zcdp_rho = 1.0;

  // OK, or InvalidArgument naming the field and its bad value.
  absl::Status Validate() const;
};

// Shared by the matrix counters (this one and matrix_factorization_counter.h). CHECKs that
// `input` is a valid step input for `options`: shape, finite, ||input||_F <= input_frobenius_bound
// (1e-9 relative slack), symmetric for a symmetric counter. `counter` names the caller in messages.
void CheckMatrixCounterInput(const MatrixTreeCounterOptions& options, const Eigen::MatrixXd& input,
                             const char* counter);
// Shared by the matrix counters, before they allocate: D, the number of released entries of
// `options` (rows * cols, or rows (rows + 1) / 2 when symmetric), once a counter keeping
// `values_per_entry` 8-byte values per entry fits this machine's memory (CheckMemoryEstimate of
// common/resource_limits.h: its message names rows, cols and horizon_steps and gives the bytes
// needed). InvalidArgument also when D is above 2^31 - 1. `counter` names the caller in messages.
absl::StatusOr<int> CheckMatrixCounterSize(const MatrixTreeCounterOptions& options,
                                           double values_per_entry, const char* counter);
// The rows x cols matrix of the released entries `packed` (row-major; q >= p only when
// symmetric, mirrored), each times `scale`.
Eigen::MatrixXd UnpackReleasedEntries(const MatrixTreeCounterOptions& options,
                                      const std::vector<double>& packed, double scale);

class MatrixTreeCounter {
 public:
  // The grid sits this many binary orders below the node noise standard deviation.
  static constexpr int kGridBitsBelowSigma = 28;

  // Validates the options; node noise comes from noise_stream.Child(level, index), the rounding
  // bits from noise_stream.Child(0). InvalidArgument also when the grid sums could overflow int64
  // (T * input_frobenius_bound / g too large: privacy far weaker than any meaningful setting),
  // and, before anything is allocated, when the counter's 2 m int64 values per released entry
  // do not fit this machine's memory (CheckMatrixCounterSize).
  static absl::StatusOr<MatrixTreeCounter> Create(const MatrixTreeCounterOptions& options,
                                                  RandomStream noise_stream);

  // Rounds `input` to the grid, closes the step (t <- t + 1) and computes the noisy sum of the
  // node completed at t. CHECKs: shape, finite, ||input||_F <= input_frobenius_bound (1e-9
  // relative slack), symmetric input for a symmetric counter, t < T.
  void AddStep(const Eigen::MatrixXd& input);

  // Private release at step t (rows x cols): rounded true sum of steps 1..t + node noise.
  Eigen::MatrixXd Release() const;

  int64_t steps() const { return steps_; }
  int levels() const { return levels_; }                                   // m = floor(log2 T) + 1
  int released_entries() const { return entries_; }                        // D
  double grid_unit() const { return grid_unit_; }                          // g
  int64_t noise_variance_units() const { return variance_units_; }         // v (grid units^2)
  double node_noise_stddev() const;                                        // g sqrt(v)
  double effective_sensitivity() const { return effective_sensitivity_; }  // Delta_grid
  double rho_spent() const;  // m Delta_grid^2 / (2 g^2 v)
  const MatrixTreeCounterOptions& options() const { return options_; }

 private:
  // Re-derives the node noise to read the true rounded sums behind noisy_; testonly, "Not
  // differentially private" (matrix_counter_testing.h). The class itself keeps no true total.
  friend class MatrixCounterPeer;
  MatrixTreeCounter(const MatrixTreeCounterOptions& options, RandomStream noise_stream);
  Eigen::MatrixXd Unpack(const std::vector<int64_t>& packed) const;
  // The stream of node (level, index)'s noise: noise_stream.Child(level, index), one discrete
  // Gaussian of variance node_noise_variance() per entry, in entry order.
  RandomStream NodeNoiseStream(const DyadicNode& node) const;
  Rational node_noise_variance() const { return Rational{variance_units_, 1}; }

  MatrixTreeCounterOptions options_;
  RandomStream noise_stream_;
  RandomStream rounding_stream_;
  int levels_ = 0;
  int entries_ = 0;
  double grid_unit_ = 1.0;
  int64_t variance_units_ = 1;
  double effective_sensitivity_ = 0.0;
  int64_t steps_ = 0;
  std::vector<std::vector<int64_t>> partial_;  // per level: true sum of the node in progress
  std::vector<std::vector<int64_t>> noisy_;    // per level: noisy sum of the last completed node
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_MATRIX_TREE_COUNTER_H_
