// Statistical test of the regulariser of Private-OFU-RL (Thm. 3 proof), for the paper's
// calibration (tree counter, the paper's constant) and the tight one (square-root factorisation
// counter, matrix sub-Gaussian series bound): with the counter B_1 built from
// ComputePrivateOfuParams, ||N_k|| <= Lambda for each k with probability >= 1 - alpha/(2K), so
// H_k = N_k + eta I (eta = 2 Lambda) is positive definite with lambda_min(H_k) >= Lambda for all
// k = 1..K with probability >= 1 - alpha/2. We run `kRuns` independent counters (zero inputs: N_k
// is the release) and count runs with some ||N_k|| > Lambda; the count must not exceed the
// BinomialUpperQuantile(kRuns, alpha/2, 1e-6): failure probability 1e-6 for a correct bound. Also
// reported (not asserted): the largest ||N_k|| / Lambda seen.
#include <gtest/gtest.h>

#include <algorithm>

#include "algorithms/lqr/private_ofu_params.h"
#include "algorithms/mechanisms/private_matrix_counter.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

void CheckRegulariser(bool tight) {
  constexpr int kRuns = 400;
  PrivateOfuOptions o;
  o.episodes = 32;
  o.horizon = 3;
  o.state_dim = 2;
  o.control_dim = 1;
  o.confidence_alpha = 0.05;
  if (tight) o = TightCalibration(o);
  absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
  ASSERT_THAT(p, IsOk());
  const int nd = 3;
  int failed_runs = 0;
  double worst = 0.0;
  for (int run = 0; run < kRuns; ++run) {
    absl::StatusOr<PrivateMatrixCounter> c = PrivateMatrixCounter::Create(
        o.counter_mechanism, p->counter1, TestStream(31, TestPurpose::kTest, run));
    ASSERT_THAT(c, IsOk());
    bool failed = false;
    for (int64_t k = 2; k <= o.episodes; ++k) {
      c->AddStep(Eigen::MatrixXd::Zero(nd, nd));
      const Eigen::MatrixXd noise = c->Release();
      ASSERT_EQ(noise, noise.transpose());
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(noise);
      const double norm = eig.eigenvalues().cwiseAbs().maxCoeff();
      worst = std::max(worst, norm / p->big_lambda);
      const Eigen::MatrixXd h = noise + p->eta * Eigen::MatrixXd::Identity(nd, nd);
      const double min_h =
          Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(h).eigenvalues().minCoeff();
      if (norm > p->big_lambda || min_h < p->big_lambda) failed = true;
    }
    failed_runs += failed ? 1 : 0;
  }
  ::testing::Test::RecordProperty(tight ? "tight_worst_norm_over_lambda" : "worst_norm_over_lambda",
                                  std::to_string(worst));
  EXPECT_LE(failed_runs, BinomialUpperQuantile(kRuns, o.confidence_alpha / 2, 1e-6))
      << "largest ||N_k|| / Lambda = " << worst;
}

TEST(PrivateOfuRegularizerStatisticalTest, RegulariserIsPositiveDefinite) {
  CheckRegulariser(false);
}

TEST(PrivateOfuRegularizerStatisticalTest, TightRegulariserIsPositiveDefinite) {
  CheckRegulariser(true);
}

}  // namespace
}  // namespace dprl
