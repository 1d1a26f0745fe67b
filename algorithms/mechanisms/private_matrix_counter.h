// One private prefix-sum counter of a matrix stream, released by either mechanism:
//   kBinaryTree               matrix_tree_counter.h (the binary mechanism; Chowdhury, Zhou,
//                             Shroff, ISIT 2021, Sec. III-B)
//   kSquareRootFactorization  matrix_factorization_counter.h (Denisov et al., NeurIPS 2022; the
//                             square root of the prefix-sum matrix)
// Both take the same MatrixTreeCounterOptions and are options.zcdp_rho-zCDP w.r.t. changing one
// step's input (each file's Privacy section), adaptively chosen inputs included. This class only
// dispatches; it states, for a caller that bounds the release error, two numbers valid for every
// release t <= T:
//   release_noise_scale(): every released entry's noise is the sum of independent discrete
//     Gaussians, sub-Gaussian with this parameter (CKS 2020, Cor. 9), its variance at most its
//     square. Tree: node_noise_stddev() sqrt(m) (popcount(t) <= m nodes). Factorisation:
//     g sqrt(v) ||c||, ||c||^2 = sum_{j<T} c_j^2.
//   release_error_bound(): a bound on the rest of the error per entry, |rounding error|. Tree:
//     g T (|round(x) - x| < g per step). Factorisation: release_error_bound(T).
#ifndef DPRL_ALGORITHMS_MECHANISMS_PRIVATE_MATRIX_COUNTER_H_
#define DPRL_ALGORITHMS_MECHANISMS_PRIVATE_MATRIX_COUNTER_H_

#include <Eigen/Dense>
#include <variant>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/matrix_factorization_counter.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "random/random_stream.h"

namespace dprl {

enum class PrefixSumMechanism { kBinaryTree, kSquareRootFactorization };

// "binary_tree" or "sqrt_factorization".
const char* PrefixSumMechanismName(PrefixSumMechanism mechanism);

class PrivateMatrixCounter {
 public:
  static absl::StatusOr<PrivateMatrixCounter> Create(PrefixSumMechanism mechanism,
                                                     const MatrixTreeCounterOptions& options,
                                                     RandomStream noise_stream);

  void AddStep(const Eigen::MatrixXd& input);
  Eigen::MatrixXd Release() const;

  PrefixSumMechanism mechanism() const;
  // The noise standard deviation of one tree node / one step's z_t.
  double unit_noise_stddev() const;
  double rho_spent() const;
  double release_noise_scale() const;
  double release_error_bound() const;

 private:
  // Reads the counter's true sum; testonly, "Not differentially private"
  // (matrix_counter_testing.h).
  friend class MatrixCounterPeer;
  explicit PrivateMatrixCounter(std::variant<MatrixTreeCounter, MatrixFactorizationCounter> c)
      : counter_(std::move(c)) {}
  std::variant<MatrixTreeCounter, MatrixFactorizationCounter> counter_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_PRIVATE_MATRIX_COUNTER_H_
