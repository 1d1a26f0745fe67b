// Shared conformance suite for continuous-state LQ environments (testonly, GoogleTest).
//
// Every LqSystem's test calls, in one line:
//
//   ExpectLqSystemConforms(system);
//
// It is the continuous-state counterpart of tabular_mdp_conformance.h (same contract: reset/step,
// bounds, seed determinism, the documented distribution). Checks, each failure a gtest non-fatal
// failure naming the system:
//   1. Shape and Assumption 1: n, d, H >= 1; Q, R symmetric positive definite; ||Theta||_F <= 1;
//      ||A|| <= C_A < 1; ||B|| <= C_B < 1; ||x_1|| <= 1; C_w in [0, 1);
//      C_A + gamma C_B + C_w <= 1 (re-checked independently of LqSystem::Create).
//   2. Step contract: Step(x, u, s) == A x + B u + SampleNoise(s') for an identical copy s' of s
//      (bit-for-bit), and both read the same number of stream words; Cost(x, u) = x'Qx + u'Ru >= 0.
//   3. Determinism: two streams with the same key, and a copy of the system, give identical
//      trajectories.
//   4. Bounds: options.trajectories episodes of H steps from x_1 with random controls of norm
//      <= gamma keep every ||x_h|| <= 1 (+1e-12) and every ||w|| <= C_w (+1e-12).
//   5. Noise distribution, options.noise_samples draws: every coordinate mean is within the
//      Hoeffding half-width C_w sqrt(2 ln(2 / p) / N) of 0, and every entry of the empirical second
//      moment (1/N) sum w w' is within 2 C_w^2 sqrt(ln(2 / p) / (2N)) of NoiseCovariance(),
//      p = failure_probability / (n + n(n+1)/2) (Bonferroni; Hoeffding is exact for variables
//      bounded in [-C_w, C_w] and [-C_w^2, C_w^2]).
// False-failure probability of a correct system: at most failure_probability = 1e-6 by default;
// the stream key is fixed, so every run is deterministic.
#ifndef DPRL_ENVS_TESTING_LQ_SYSTEM_CONFORMANCE_H_
#define DPRL_ENVS_TESTING_LQ_SYSTEM_CONFORMANCE_H_

#include <cstdint>

#include "envs/lq_system.h"

namespace dprl {
namespace testing {

struct LqSystemConformanceOptions {
  int trajectories = 200;             // episodes of check 4
  int noise_samples = 20000;          // draws of check 5
  double failure_probability = 1e-6;  // total false-failure probability of check 5
  uint64_t seed = 20210712;           // master_seed of the kTest streams used
};

void ExpectLqSystemConforms(const LqSystem& system);
void ExpectLqSystemConforms(const LqSystem& system, const LqSystemConformanceOptions& options);

}  // namespace testing
}  // namespace dprl

#endif  // DPRL_ENVS_TESTING_LQ_SYSTEM_CONFORMANCE_H_
