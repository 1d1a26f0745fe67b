#include "algorithms/tabular/dp_nash_vi/noisy_counts.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "algorithms/tabular/dp_nash_vi/count_post_processing.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr TabularShape kCells{3, 2, 4};  // S = 3, J = 2, H = 4

// Feeds `episodes` random trajectories to `counts` and returns their exact counts (visits per
// cell, then transitions per cell and next state).
struct ExactCounts {
  std::vector<int64_t> visits, transitions;
};
ExactCounts Feed(NoisyCounts& counts, int episodes, uint64_t seed) {
  ExactCounts exact{std::vector<int64_t>(kCells.StateActionSteps(), 0),
                    std::vector<int64_t>(kCells.StateActionSteps() * kCells.num_states, 0)};
  RandomStream stream = TestStream(seed, TestPurpose::kEnvironment);
  for (int k = 0; k < episodes; ++k) {
    int s = 0;
    for (int h = 0; h < kCells.horizon; ++h) {
      // A skewed policy and dynamics so that some cells are rare.
      const int j = stream.UniformInt(4) == 0 ? 1 : 0;
      const int next = static_cast<int>(stream.UniformInt(j == 0 ? 2 : 3));
      const int64_t cell = kCells.Index(h, s, j);
      counts.RecordStep(h, cell, next);
      ++exact.visits[cell];
      ++exact.transitions[cell * kCells.num_states + next];
      s = next;
    }
    counts.EndEpisode();
  }
  return exact;
}

DpNashViOptions OptionsFor(DpNashViPrivatizer privatizer, int64_t episodes) {
  DpNashViOptions options;
  options.privatizer = privatizer;
  options.num_episodes = episodes;
  options.privacy_epsilon = 2.0;
  options.failure_probability = 1e-6;
  return options;
}

TEST(NoisyCountsTest, NoPrivatizerKeepsExactCounts) {
  NoisyCounts counts = NoisyCounts::Create(kCells, OptionsFor(DpNashViPrivatizer::kNone, 50),
                                           TestStream(1, TestPurpose::kPrivacyNoise))
                           .value();
  const ExactCounts exact = Feed(counts, 50, 7);
  std::vector<int64_t> next(kCells.num_states);
  for (int64_t cell = 0; cell < kCells.StateActionSteps(); ++cell) {
    EXPECT_EQ(counts.NoisyVisits(cell), exact.visits[cell]);
    counts.NoisyTransitions(cell, next.data());
    for (int s = 0; s < kCells.num_states; ++s) {
      EXPECT_EQ(next[s], exact.transitions[cell * kCells.num_states + s]);
    }
  }
  EXPECT_EQ(counts.visit_counters(), nullptr);
  EXPECT_EQ(counts.local_randomizer(), nullptr);
}

TEST(NoisyCountsTest, CentralReleasesAreTheCountersExactReleases) {
  NoisyCounts counts = NoisyCounts::Create(kCells, OptionsFor(DpNashViPrivatizer::kCentral, 64),
                                           TestStream(2, TestPurpose::kPrivacyNoise))
                           .value();
  Feed(counts, 37, 8);
  ASSERT_NE(counts.visit_counters(), nullptr);
  EXPECT_EQ(counts.visit_counters()->steps(), 37);
  // eps_c = eps / (2H) (add/remove, stated epsilon): node scale L / eps_c = 7 * 4 = 28.
  EXPECT_DOUBLE_EQ(counts.visit_counters()->node_noise_scale(), 28.0);
  std::vector<int64_t> next(kCells.num_states);
  for (int64_t cell = 0; cell < kCells.StateActionSteps(); ++cell) {
    EXPECT_EQ(counts.NoisyVisits(cell), counts.visit_counters()->ExactRelease(cell));
    counts.NoisyTransitions(cell, next.data());
    for (int s = 0; s < kCells.num_states; ++s) {
      EXPECT_EQ(next[s], counts.transition_counters()->ExactRelease(cell * kCells.num_states + s));
    }
  }
}

// The report is the indicators plus noise that does not depend on the trajectory: two different
// trajectories reported from copies of one stream differ by exactly their indicators.
TEST(NoisyCountsTest, LocalReportIsIndicatorsPlusDataIndependentNoise) {
  const LocalRandomizer randomizer = LocalRandomizer::Create(kCells, {16, 1}).value();
  const std::vector<int64_t> first_cells{kCells.Index(0, 0, 0), kCells.Index(1, 1, 1),
                                         kCells.Index(2, 2, 0), kCells.Index(3, 0, 1)};
  const std::vector<int> first_next{1, 2, 0, 2};
  const std::vector<int64_t> second_cells{kCells.Index(0, 0, 1), kCells.Index(1, 2, 1),
                                          kCells.Index(2, 2, 0), kCells.Index(3, 1, 0)};
  const std::vector<int> second_next{2, 2, 1, 0};
  const int64_t n = kCells.StateActionSteps();
  std::vector<int64_t> v1(n), t1(n * 3), v2(n), t2(n * 3);
  RandomStream stream1 = TestStream(3, TestPurpose::kPrivacyNoise);
  RandomStream stream2 = TestStream(3, TestPurpose::kPrivacyNoise);
  randomizer.Report(first_cells.data(), first_next.data(), 4, stream1, v1.data(), t1.data());
  randomizer.Report(second_cells.data(), second_next.data(), 4, stream2, v2.data(), t2.data());
  std::vector<int64_t> expected_v(n, 0), expected_t(n * 3, 0);
  for (int h = 0; h < 4; ++h) {
    ++expected_v[first_cells[h]];
    --expected_v[second_cells[h]];
    ++expected_t[first_cells[h] * 3 + first_next[h]];
    --expected_t[second_cells[h] * 3 + second_next[h]];
  }
  int64_t nonzero_noise = 0;
  for (int64_t c = 0; c < n; ++c) {
    EXPECT_EQ(v1[c] - v2[c], expected_v[c]);
    nonzero_noise += v1[c] != expected_v[c];
  }
  for (int64_t c = 0; c < n * 3; ++c) EXPECT_EQ(t1[c] - t2[c], expected_t[c]);
  EXPECT_GT(nonzero_noise, n / 2);  // scale 16: P(noise = 0) = (1-q)/(1+q) ~ 0.03
}

TEST(NoisyCountsTest, LocalTotalsAreTheSumsOfTheUsersReports) {
  const DpNashViOptions options = OptionsFor(DpNashViPrivatizer::kLocal, 30);
  const RandomStream noise = TestStream(4, TestPurpose::kPrivacyNoise);
  NoisyCounts counts = NoisyCounts::Create(kCells, options, noise).value();
  ASSERT_NE(counts.local_randomizer(), nullptr);
  // b = 4H / eps = 8.
  EXPECT_EQ(counts.local_randomizer()->scale().numerator, 8);
  const ExactCounts exact = Feed(counts, 30, 9);
  // Replay: the noise alone, from the users' streams Child(k) with an all-zero-reporting
  // trajectory subtracted out, is the totals minus the exact counts.
  const int64_t n = kCells.StateActionSteps();
  std::vector<int64_t> noise_v(n, 0), noise_t(n * 3, 0), v(n), t(n * 3);
  const std::vector<int64_t> cells{kCells.Index(0, 0, 0), kCells.Index(1, 0, 0),
                                   kCells.Index(2, 0, 0), kCells.Index(3, 0, 0)};
  const std::vector<int> next{0, 0, 0, 0};
  for (int k = 0; k < 30; ++k) {
    RandomStream user = noise.Child(k);
    counts.local_randomizer()->Report(cells.data(), next.data(), 4, user, v.data(), t.data());
    for (int h = 0; h < 4; ++h) {
      --v[cells[h]];
      --t[cells[h] * 3];
    }
    for (int64_t c = 0; c < n; ++c) noise_v[c] += v[c];
    for (int64_t c = 0; c < n * 3; ++c) noise_t[c] += t[c];
  }
  std::vector<int64_t> released(3);
  for (int64_t c = 0; c < n; ++c) {
    EXPECT_EQ(counts.NoisyVisits(c), exact.visits[c] + noise_v[c]);
    counts.NoisyTransitions(c, released.data());
    for (int s = 0; s < 3; ++s) {
      EXPECT_EQ(released[s], exact.transitions[c * 3 + s] + noise_t[c * 3 + s]);
    }
  }
}

// Lemma 5.8 on the event of Assumption 3.1: with every noisy count within E/4 of its true count
// (probability >= 1 - beta / 3 by the choice of E; beta = 1e-6 here, so a false failure of this
// test has probability below 1e-6 per privatizer), the post-processed counts satisfy (1)-(2):
// |N~ - N| <= E, N~ >= N, N~(s') > 0, N~ = sum N~(s').
TEST(NoisyCountsTest, PostProcessedCountsSatisfyAssumptionThreeOne) {
  for (const DpNashViPrivatizer privatizer :
       {DpNashViPrivatizer::kCentral, DpNashViPrivatizer::kLocal}) {
    const DpNashViOptions options = OptionsFor(privatizer, 200);
    const double error_bound = DpNashViErrorBound(kCells, options).value();
    NoisyCounts counts =
        NoisyCounts::Create(kCells, options, TestStream(5, TestPurpose::kPrivacyNoise)).value();
    const ExactCounts exact = Feed(counts, 200, 10);
    std::vector<int64_t> noisy(3);
    std::vector<double> private_next(3), scratch(3);
    for (int64_t c = 0; c < kCells.StateActionSteps(); ++c) {
      counts.NoisyTransitions(c, noisy.data());
      const int64_t noisy_visits = counts.NoisyVisits(c);
      ASSERT_LE(std::abs(static_cast<double>(noisy_visits - exact.visits[c])), error_bound / 4);
      const PostProcessedCell cell = PostProcessCounts(noisy.data(), 3, noisy_visits, error_bound,
                                                       private_next.data(), scratch.data());
      EXPECT_NE(cell.solved, PostProcessingCase::kInfeasible);
      EXPECT_GE(cell.visits, static_cast<double>(exact.visits[c]));
      EXPECT_LE(cell.visits, static_cast<double>(exact.visits[c]) + error_bound);
      double sum = 0.0;
      for (int s = 0; s < 3; ++s) {
        EXPECT_GT(private_next[s], 0.0);
        EXPECT_LE(std::abs(private_next[s] - static_cast<double>(exact.transitions[c * 3 + s])),
                  error_bound);
        sum += private_next[s];
      }
      EXPECT_EQ(sum, cell.visits);
    }
  }
}

TEST(NoisyCountsTest, RefusesBadOptions) {
  DpNashViOptions options = OptionsFor(DpNashViPrivatizer::kLocal, 10);
  options.privacy_epsilon = 0.0;
  EXPECT_THAT(NoisyCounts::Create(kCells, options, TestStream(6, TestPurpose::kPrivacyNoise)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
  EXPECT_THAT(LocalRandomizer::Create(kCells, {0, 1}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("local noise scale")));
}

}  // namespace
}  // namespace dprl
