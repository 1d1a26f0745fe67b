// Broken mechanisms the privacy audit must catch (negative controls). Each one claims a privacy
// level it does not have; an audit that cannot refute these claims is too weak to mean anything.
//
// Specification
// -------------
//   LaplaceOnceCounter        Vietri et al. 2020, "Private Reinforcement Learning with PAC and
//                             Regret Guarantees", Sec. 2.2: one Laplace noise Z drawn once, every
//                             release is true prefix sum + Z. Each single release is
//                             privacy_epsilon-DP, but users t-1 and t+1 together see S_{t-1} + Z
//                             and S_t + Z, whose difference is u_t exactly (private for future
//                             users only). Claimed: privacy_epsilon-DP for the stream.
//   HalfNoiseCounter          The binary counter of binary_counter.h with half the node noise
//                             scale its claim needs (it is 2 claimed_epsilon-DP).
//   ClassicGaussianMechanism  Gaussian mechanism with sigma = Delta sqrt(2 ln(1.25/delta)) / eps
//                             (Dwork and Roth 2014, Thm. A.1), which that theorem proves only for
//                             eps < 1; used at eps > 1 where (eps, delta)-DP fails.
//   FloatingLaplaceSum        Floating-point Laplace noise (samplers.h SampleLaplace, inversion
//                             of a 53-bit uniform) on a sum of real, non-grid inputs: the set of
//                             reachable outputs depends on the sum, so an output can reveal which
//                             input produced it (Mironov, "On significance of the least
//                             significant bits for differential privacy", CCS 2012).
// All four are testonly and Not differentially private (at their claimed level).
#ifndef DPRL_TESTS_PRIVACY_AUDIT_CONTROLS_H_
#define DPRL_TESTS_PRIVACY_AUDIT_CONTROLS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "random/random_stream.h"

namespace dprl {

// Not differentially private: "Laplace once" counter (see above). Integer inputs; Z is exact
// discrete Laplace of scale input_bound / claimed_epsilon, so only the once-drawn noise is wrong.
class LaplaceOnceCounter {
 public:
  // Requires claimed_epsilon > 0 finite and input_bound >= 1 (InvalidArgument otherwise).
  static absl::StatusOr<LaplaceOnceCounter> Create(double claimed_epsilon, int64_t input_bound,
                                                   RandomStream noise_stream);
  // Adds an integer input to the step in progress and closes the step.
  void AddStep(int64_t input);
  // True prefix sum of the closed steps + Z.
  int64_t Release() const { return true_sum_ + noise_; }

 private:
  LaplaceOnceCounter(int64_t noise) : noise_(noise) {}
  int64_t noise_;
  int64_t true_sum_ = 0;
};

// Not differentially private at claimed_epsilon: a BinaryCounterBank of one counter configured
// with privacy_epsilon = 2 claimed_epsilon (half the node noise scale).
absl::StatusOr<BinaryCounterBank> CreateHalfNoiseCounter(double claimed_epsilon,
                                                         int64_t horizon_steps,
                                                         RandomStream noise_stream);

// Not differentially private at (claimed_epsilon, target_delta) when claimed_epsilon > 1 (for
// some target_delta): value + N(0, sigma^2), sigma = l2_sensitivity sqrt(2 ln(1.25 /
// target_delta)) / claimed_epsilon.
double ClassicGaussianStddev(double claimed_epsilon, double target_delta, double l2_sensitivity);
double ClassicGaussianRelease(double value, double claimed_epsilon, double target_delta,
                              double l2_sensitivity, RandomStream& stream);

// Not differentially private: sum of `inputs` (each in [0, 1], sensitivity 1) in floating point
// plus SampleLaplace(1 / claimed_epsilon).
double FloatingLaplaceSum(const std::vector<double>& inputs, double claimed_epsilon,
                          RandomStream& stream);

// The residue test of Mironov 2012 against FloatingLaplaceSum: 1 if `release` is an output that
// SampleLaplace(1 / claimed_epsilon) added to `candidate_sum` can produce (some 53-bit uniform and
// sign give exactly `release`), else 0. Always 1 on outputs of candidate_sum itself.
double FloatingLaplaceResidueTest(double release, double candidate_sum, double claimed_epsilon);

}  // namespace dprl

#endif  // DPRL_TESTS_PRIVACY_AUDIT_CONTROLS_H_
