#include "algorithms/qlearning/input_perturbation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "absl/status/status.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/distributions.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 2013;  // master seed of every stream of this file

// The learner sees reward + N(0, s^2) with the noise drawn from noise_stream.Child(1): replaying
// that child stream reproduces the update of a plain learner fed the noisy rewards.
TEST(InputPerturbationTest, LearnerSeesTheNoisyRewards) {
  FunctionalNoiseQLearningOptions options;
  options.num_samples = 4;
  options.batch_size = 2;
  const RandomStream noise = TestStream(kSeed, TestPurpose::kPrivacyNoise);
  absl::StatusOr<InputPerturbationQLearning> perturbed = InputPerturbationQLearning::Create(
      options, 3.0, TestStream(kSeed, TestPurpose::kPolicy), noise);
  ASSERT_TRUE(perturbed.ok()) << perturbed.status();
  absl::StatusOr<FunctionalNoiseQLearning> plain = FunctionalNoiseQLearning::Create(
      options, TestStream(kSeed, TestPurpose::kPolicy), noise.Child(0));
  ASSERT_TRUE(plain.ok());
  RandomStream replay = noise.Child(1);
  for (int t = 0; t < 4; ++t) {
    const double s = 0.1 + 0.2 * t;
    const int a = perturbed->Act(s);
    ASSERT_EQ(plain->Act(s), a);
    perturbed->Observe(s, a, 0.25, s, t % 2 == 1);
    plain->Observe(s, a, 0.25 + SampleGaussian(3.0, replay), s, t % 2 == 1);
  }
  EXPECT_EQ(perturbed->learner().q_network().parameters(), plain->q_network().parameters());
}

TEST(InputPerturbationTest, BadNoiseNamed) {
  for (double bad : {-1.0, std::nan(""), HUGE_VAL}) {
    absl::StatusOr<InputPerturbationQLearning> agent = InputPerturbationQLearning::Create(
        FunctionalNoiseQLearningOptions(), bad, TestStream(kSeed, TestPurpose::kPolicy),
        TestStream(kSeed, TestPurpose::kPrivacyNoise));
    EXPECT_THAT(agent, StatusIs(absl::StatusCode::kInvalidArgument,
                                ::testing::HasSubstr("reward_noise_stddev = ")));
  }
  FunctionalNoiseQLearningOptions bad_learner;
  bad_learner.batch_size = 64;
  EXPECT_FALSE(InputPerturbationQLearning::Create(bad_learner, 1.0,
                                                  TestStream(kSeed, TestPurpose::kPolicy),
                                                  TestStream(kSeed, TestPurpose::kPrivacyNoise))
                   .ok());
}

}  // namespace
}  // namespace dprl
