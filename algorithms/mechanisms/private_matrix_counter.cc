#include "algorithms/mechanisms/private_matrix_counter.h"

#include <cmath>

#include "common/status_macros.h"

namespace dprl {

const char* PrefixSumMechanismName(PrefixSumMechanism mechanism) {
  return mechanism == PrefixSumMechanism::kBinaryTree ? "binary_tree" : "sqrt_factorization";
}

absl::StatusOr<PrivateMatrixCounter> PrivateMatrixCounter::Create(
    PrefixSumMechanism mechanism, const MatrixTreeCounterOptions& options,
    RandomStream noise_stream) {
  if (mechanism == PrefixSumMechanism::kBinaryTree) {
    ASSIGN_OR_RETURN(MatrixTreeCounter tree, MatrixTreeCounter::Create(options, noise_stream));
    return PrivateMatrixCounter(std::move(tree));
  }
  ASSIGN_OR_RETURN(MatrixFactorizationCounter factorization,
                   MatrixFactorizationCounter::Create(options, noise_stream));
  return PrivateMatrixCounter(std::move(factorization));
}

void PrivateMatrixCounter::AddStep(const Eigen::MatrixXd& input) {
  std::visit([&](auto& c) { c.AddStep(input); }, counter_);
}

Eigen::MatrixXd PrivateMatrixCounter::Release() const {
  return std::visit([](const auto& c) { return c.Release(); }, counter_);
}

PrefixSumMechanism PrivateMatrixCounter::mechanism() const {
  return std::holds_alternative<MatrixTreeCounter>(counter_)
             ? PrefixSumMechanism::kBinaryTree
             : PrefixSumMechanism::kSquareRootFactorization;
}

double PrivateMatrixCounter::unit_noise_stddev() const {
  if (const auto* tree = std::get_if<MatrixTreeCounter>(&counter_)) {
    return tree->node_noise_stddev();
  }
  return std::get<MatrixFactorizationCounter>(counter_).step_noise_stddev();
}

double PrivateMatrixCounter::rho_spent() const {
  return std::visit([](const auto& c) { return c.rho_spent(); }, counter_);
}

double PrivateMatrixCounter::release_noise_scale() const {
  if (const auto* tree = std::get_if<MatrixTreeCounter>(&counter_)) {
    return tree->node_noise_stddev() * std::sqrt(static_cast<double>(tree->levels()));
  }
  const auto& f = std::get<MatrixFactorizationCounter>(counter_);
  return f.release_noise_scale(f.options().horizon_steps);
}

double PrivateMatrixCounter::release_error_bound() const {
  if (const auto* tree = std::get_if<MatrixTreeCounter>(&counter_)) {
    return tree->grid_unit() * static_cast<double>(tree->options().horizon_steps);
  }
  const auto& f = std::get<MatrixFactorizationCounter>(counter_);
  return f.release_error_bound(f.options().horizon_steps);
}

}  // namespace dprl
