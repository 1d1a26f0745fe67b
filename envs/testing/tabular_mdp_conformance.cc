#include "envs/testing/tabular_mdp_conformance.h"

#include <glog/logging.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"

namespace dprl {
namespace testing {
namespace {

// Stop reporting a family of failures after this many messages.
constexpr int kMaxReportedFailures = 5;

// Returns whether p[0 .. size-1] is a probability vector; reports a failure if not.
bool ExpectProbabilityVector(const double* p, int size, const std::string& what) {
  double sum = 0.0;
  for (int i = 0; i < size; ++i) {
    if (!(std::isfinite(p[i]) && p[i] >= 0.0 && p[i] <= 1.0)) {
      ADD_FAILURE() << what << "[" << i << "] = " << p[i] << " is not in [0, 1]";
      return false;
    }
    sum += p[i];
  }
  if (std::abs(sum - 1.0) > TabularMdp::kProbabilitySumTolerance) {
    ADD_FAILURE() << what << " sums to " << sum << ", not 1";
    return false;
  }
  return true;
}

void ExpectShape(const TabularMdp& mdp) {
  const int S = mdp.num_states(), A = mdp.num_actions(), H = mdp.horizon();
  ASSERT_GE(S, 1);
  ASSERT_GE(A, 1);
  ASSERT_GE(H, 1);
  EXPECT_FALSE(mdp.name().empty());
  ASSERT_EQ(mdp.transitions().size(), static_cast<size_t>(H) * S * A * S);
  ASSERT_EQ(mdp.mean_rewards().size(), static_cast<size_t>(H) * S * A);
  ASSERT_EQ(mdp.initial_distribution().size(), static_cast<size_t>(S));
  for (int h = 0; h < H; ++h) {
    for (int s = 0; s < S; ++s) {
      for (int a = 0; a < A; ++a) {
        const int64_t index = (static_cast<int64_t>(h) * S + s) * A + a;
        ASSERT_EQ(mdp.Index(h, s, a), index);
        ASSERT_EQ(mdp.TransitionRow(h, s, a), mdp.transitions().data() + index * S);
        ASSERT_EQ(mdp.MeanReward(h, s, a), mdp.mean_rewards()[index]);
      }
    }
  }
}

void ExpectValidModel(const TabularMdp& mdp) {
  const int S = mdp.num_states(), A = mdp.num_actions(), H = mdp.horizon();
  int failures = 0;
  for (int h = 0; h < H; ++h) {
    for (int s = 0; s < S; ++s) {
      for (int a = 0; a < A; ++a) {
        if (failures >= kMaxReportedFailures) return;
        bool ok = ExpectProbabilityVector(mdp.TransitionRow(h, s, a), S,
                                          absl::StrFormat("P(. | h=%d, s=%d, a=%d)", h, s, a));
        const double r = mdp.MeanReward(h, s, a);
        if (!(std::isfinite(r) && r >= 0.0 && r <= 1.0)) {
          ADD_FAILURE() << "MeanReward(h=" << h << ", s=" << s << ", a=" << a << ") = " << r
                        << " is not in [0, 1]";
          ok = false;
        }
        if (!ok) ++failures;
      }
    }
  }
  ExpectProbabilityVector(mdp.initial_distribution().data(), S, "initial_distribution");
}

void ExpectDeterministic(const TabularMdp& mdp) {
  const TabularMdp copy = mdp;
  RandomStream first = TestStream(1, TestPurpose::kTest, 0);
  RandomStream second = TestStream(1, TestPurpose::kTest, 0);
  const int A = mdp.num_actions();
  for (int episode = 0; episode < 200; ++episode) {
    int s1 = mdp.SampleInitialState(first);
    int s2 = copy.SampleInitialState(second);
    ASSERT_EQ(s1, s2) << "SampleInitialState differs for equal streams, episode " << episode;
    for (int h = 0; h < mdp.horizon(); ++h) {
      const int a = (episode + 7 * h) % A;
      const TabularMdp::Transition t1 = mdp.SampleStep(h, s1, a, first);
      const TabularMdp::Transition t2 = copy.SampleStep(h, s2, a, second);
      ASSERT_EQ(t1.next_state, t2.next_state) << "episode " << episode << ", h " << h;
      ASSERT_EQ(t1.reward, t2.reward) << "episode " << episode << ", h " << h;
      s1 = t1.next_state;
      s2 = t2.next_state;
    }
  }
}

void ExpectSamplesMatchModel(const TabularMdp& mdp, const TabularMdpConformanceOptions& options) {
  const int S = mdp.num_states(), A = mdp.num_actions(), H = mdp.horizon();
  const int64_t num_rows = static_cast<int64_t>(H) * S * A;
  const double chi_square_tail = options.failure_probability / (num_rows + 1);
  const double reward_half_width = HoeffdingHalfWidth(
      options.samples_per_row, options.failure_probability / static_cast<double>(num_rows));
  RandomStream stream = TestStream(options.seed, TestPurpose::kTest, 1);
  std::vector<int64_t> counts(S);
  int failures = 0;
  for (int h = 0; h < H; ++h) {
    for (int s = 0; s < S; ++s) {
      for (int a = 0; a < A; ++a) {
        if (failures >= kMaxReportedFailures) return;
        std::fill(counts.begin(), counts.end(), 0);
        double reward_sum = 0.0;
        bool in_range = true;
        for (int i = 0; i < options.samples_per_row; ++i) {
          const TabularMdp::Transition t = mdp.SampleStep(h, s, a, stream);
          if (t.next_state < 0 || t.next_state >= S || !(t.reward >= 0.0 && t.reward <= 1.0)) {
            ADD_FAILURE() << absl::StrFormat(
                "SampleStep(h=%d, s=%d, a=%d) returned next_state %d, reward %g", h, s, a,
                t.next_state, t.reward);
            in_range = false;
            break;
          }
          ++counts[t.next_state];
          reward_sum += t.reward;
        }
        if (!in_range) {
          ++failures;
          continue;
        }
        const std::string chi_square = ChiSquareGoodnessOfFitFailure(
            mdp.TransitionRow(h, s, a), counts.data(), S, chi_square_tail);
        const double mean_reward = reward_sum / options.samples_per_row;
        const bool reward_ok = std::abs(mean_reward - mdp.MeanReward(h, s, a)) <= reward_half_width;
        EXPECT_TRUE(chi_square.empty())
            << absl::StrFormat("next states of (h=%d, s=%d, a=%d): ", h, s, a) << chi_square;
        EXPECT_TRUE(reward_ok) << absl::StrFormat(
            "mean sampled reward of (h=%d, s=%d, a=%d) is %g, MeanReward %g, allowed deviation "
            "%g (Hoeffding, %d samples)",
            h, s, a, mean_reward, mdp.MeanReward(h, s, a), reward_half_width,
            options.samples_per_row);
        if (!chi_square.empty() || !reward_ok) ++failures;
      }
    }
  }

  RandomStream initial_stream = TestStream(options.seed, TestPurpose::kTest, 2);
  std::fill(counts.begin(), counts.end(), 0);
  for (int i = 0; i < options.initial_state_samples; ++i) {
    const int s = mdp.SampleInitialState(initial_stream);
    ASSERT_TRUE(s >= 0 && s < S) << "SampleInitialState returned " << s;
    ++counts[s];
  }
  const std::string chi_square = ChiSquareGoodnessOfFitFailure(mdp.initial_distribution().data(),
                                                               counts.data(), S, chi_square_tail);
  EXPECT_TRUE(chi_square.empty()) << "initial states: " << chi_square;
}

}  // namespace

void ExpectTabularMdpConforms(const TabularMdp& mdp) {
  ExpectTabularMdpConforms(mdp, TabularMdpConformanceOptions());
}

void ExpectTabularMdpConforms(const TabularMdp& mdp, const TabularMdpConformanceOptions& options) {
  SCOPED_TRACE("TabularMdp conformance of \"" + mdp.name() + "\"");
  ASSERT_GE(options.samples_per_row, 1);
  ASSERT_GE(options.initial_state_samples, 1);
  ASSERT_TRUE(options.failure_probability > 0.0 && options.failure_probability < 1.0);
  ExpectShape(mdp);
  if (::testing::Test::HasFatalFailure()) return;
  ExpectValidModel(mdp);
  ExpectDeterministic(mdp);
  if (::testing::Test::HasFatalFailure()) return;
  ExpectSamplesMatchModel(mdp, options);
}

}  // namespace testing
}  // namespace dprl
