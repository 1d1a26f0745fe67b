#include "audit/auditor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/random_stream.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// Every audit below runs at confidence_beta = 1e-6: a statement "eps_lower <= true eps" fails
// with probability <= 1e-6 by construction. Statements "eps_lower > x" are power statements whose
// margins are checked against the exact expected counts in the comments.
constexpr double kBeta = 1e-6;

TEST(AuditOptionsTest, DefaultsValidAndBadValuesNamed) {
  EXPECT_THAT(AuditOptions().Validate(), IsOk());
  AuditOptions options;
  options.num_trials = 1;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_trials")));
  options = AuditOptions();
  options.confidence_beta = 0.0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("confidence_beta")));
  options.confidence_beta = std::nan("");
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("confidence_beta")));
  // A subnormal beta: beta / 2 rounds to 0, where the Clopper-Pearson bounds CHECK-failed.
  options.confidence_beta = 5e-324;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "confidence_beta must be in [1e-300, 1), got 4.94066e-324"));
  options.confidence_beta = kMinConfidenceBeta;
  EXPECT_THAT(options.Validate(), IsOk());
  EXPECT_GT(MaxReportableEpsilon(options), 0.0);
  options = AuditOptions();
  options.target_delta = 1.0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")));
  options = AuditOptions();
  options.max_thresholds = 0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("max_thresholds")));
}

// Randomized response with P(truth) = 3/4 is exactly ln 3-DP.
TEST(AuditNeighboursTest, RandomizedResponseIsBoundedByLnThreeAndDetected) {
  auto response = [](int bit) {
    return [bit](RandomStream& stream) {
      return static_cast<double>(stream.UniformInt(4) == 0 ? 1 - bit : bit);
    };
  };
  AuditOptions options;
  options.num_trials = 40000;
  options.confidence_beta = kBeta;
  const AuditResult result = AuditNeighbours(response(1), response(0), options).value();
  SCOPED_TRACE(result.DebugString());
  EXPECT_LE(result.privacy_epsilon_lower, std::log(3.0));
  // Expected counts 15000 vs 5000 of 20000: the bound is ln 3 minus ~0.09 for beta = 1e-6.
  EXPECT_GT(result.privacy_epsilon_lower, 0.9);
}

// Discrete Laplace of scale 1 on a count changed by 1: exactly 1-DP; with scale 2, 0.5-DP.
TEST(AuditNeighboursTest, DiscreteLaplaceBoundedByItsEpsilon) {
  for (int64_t scale : {1, 2}) {
    auto count = [scale](int64_t value) {
      return [scale, value](RandomStream& stream) {
        return static_cast<double>(value + SampleDiscreteLaplace({scale, 1}, stream));
      };
    };
    AuditOptions options;
    options.num_trials = 40000;
    options.confidence_beta = kBeta;
    const AuditResult result = AuditNeighbours(count(0), count(1), options).value();
    SCOPED_TRACE(result.DebugString());
    const double privacy_epsilon = 1.0 / scale;
    EXPECT_LE(result.privacy_epsilon_lower, privacy_epsilon);
    EXPECT_GT(result.privacy_epsilon_lower, 0.6 * privacy_epsilon);
  }
}

// (eps, delta) form: a mechanism that reveals its input with probability 0.2 and is otherwise
// constant is (0, 0.2)-DP and not (eps, delta)-DP for any eps with delta < 0.2.
TEST(AuditNeighboursTest, DeltaFormOfAnOccasionalLeak) {
  auto leak = [](int bit) {
    return [bit](RandomStream& stream) {
      return stream.UniformInt(5) == 0 ? static_cast<double>(bit) : 0.5;
    };
  };
  AuditOptions options;
  options.num_trials = 40000;
  options.confidence_beta = kBeta;
  options.target_delta = 0.2;
  EXPECT_EQ(AuditNeighbours(leak(1), leak(0), options).value().privacy_epsilon_lower, 0.0);
  options.target_delta = 0.1;
  const AuditResult result = AuditNeighbours(leak(1), leak(0), options).value();
  SCOPED_TRACE(result.DebugString());
  // Perfectly separating event of probability 0.2 vs 0: the bound is ln((~0.19 - 0.1) / 7e-4).
  EXPECT_GT(result.privacy_epsilon_lower, 4.0);
  EXPECT_LE(result.privacy_epsilon_lower, MaxReportableEpsilon(options));
}

// Randomized response's bit, as a vector observation (noise, bit) with the bit drawn exactly as in
// RandomizedResponseIsBoundedByLnThreeAndDetected.
ObservationVectorSampler ResponseWithNoise(int bit) {
  return [bit](RandomStream& stream) {
    const double truth = static_cast<double>(stream.UniformInt(4) == 0 ? 1 - bit : bit);
    return std::vector<double>{static_cast<double>(stream.UniformInt(1000)), truth};
  };
}

double Entry(const std::vector<double>& observation, size_t index) { return observation[index]; }

// One statistic that returns the observation's only entry is AuditNeighbours, bit for bit.
TEST(AuditNeighboursOverTest, OneIdentityStatisticIsTheScalarAudit) {
  auto response = [](int bit) {
    return [bit](RandomStream& stream) {
      return static_cast<double>(stream.UniformInt(4) == 0 ? 1 - bit : bit);
    };
  };
  auto as_vector = [&](int bit) {
    return [bit, sampler = response(bit)](RandomStream& stream) {
      return std::vector<double>{sampler(stream)};
    };
  };
  AuditOptions options;
  options.num_trials = 4000;
  const AuditResult scalar = AuditNeighbours(response(1), response(0), options).value();
  const AuditResult vector =
      AuditNeighboursOver(as_vector(1), as_vector(0),
                          {{"observation", [](const std::vector<double>& o) { return o[0]; }}},
                          options)
          .value();
  EXPECT_EQ(vector.DebugString(), scalar.DebugString());
  EXPECT_EQ(vector.privacy_epsilon_lower, scalar.privacy_epsilon_lower);
  EXPECT_EQ(scalar.statistic, "observation");
}

// The search over candidate statistics picks the one that carries the input (the bit, not the
// independent noise), and the bound stays below ln 3.
TEST(AuditNeighboursOverTest, ChoosesTheInformativeStatistic) {
  AuditOptions options;
  options.num_trials = 40000;
  options.confidence_beta = kBeta;
  const std::vector<CandidateStatistic> statistics = {
      {"noise", [](const std::vector<double>& o) { return Entry(o, 0); }},
      {"bit", [](const std::vector<double>& o) { return Entry(o, 1); }},
      {"noise + bit", [](const std::vector<double>& o) { return Entry(o, 0) + Entry(o, 1); }}};
  const AuditResult result =
      AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0), statistics, options).value();
  SCOPED_TRACE(result.DebugString());
  EXPECT_EQ(result.statistic, "bit");
  EXPECT_LE(result.privacy_epsilon_lower, std::log(3.0));
  EXPECT_GT(result.privacy_epsilon_lower, 0.9);
}

// An A/A audit (one input against itself, the control of an audit): the true privacy loss is 0,
// so the bound exceeds 0 with probability <= beta, and the verdict on any claim >= 0 is "no
// evidence against the claim".
TEST(AuditNeighboursOverTest, AnAToAAuditFindsNoEvidence) {
  AuditOptions options;
  options.num_trials = 20000;
  options.confidence_beta = kBeta;
  const AuditResult result =
      AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(1),
                          {{"bit", [](const std::vector<double>& o) { return o[1]; }},
                           {"noise", [](const std::vector<double>& o) { return o[0]; }}},
                          options)
          .value();
  SCOPED_TRACE(result.DebugString());
  EXPECT_EQ(result.privacy_epsilon_lower, 0.0);
  EXPECT_EQ(VerdictOf(result, 0.0), AuditVerdict::kNoEvidenceAgainst);
}

TEST(AuditNeighboursOverTest, BadStatisticsAndObservationsAreNamed) {
  AuditOptions options;
  options.num_trials = 100;
  auto bit = [](const std::vector<double>& o) { return o[1]; };
  EXPECT_THAT(AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0), {}, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("statistics")));
  EXPECT_THAT(AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0),
                                  {{"bit", bit}, {"bit", bit}}, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("two candidate statistics")));
  EXPECT_THAT(AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0), {{"", bit}}, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("statistics[0]")));
  ObservationVectorSampler ragged = [](RandomStream& stream) {
    return std::vector<double>(1 + stream.UniformInt(2), 0.0);
  };
  EXPECT_THAT(
      AuditNeighboursOver(ragged, ragged,
                          {{"first", [](const std::vector<double>& o) { return o[0]; }}}, options),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("entries")));
  ObservationSampler not_a_number = [](RandomStream&) { return std::nan(""); };
  EXPECT_THAT(AuditNeighbours(not_a_number, not_a_number, options),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("statistic 'observation' of trial 0 of input first is nan")));
}

// Threads change who draws a trial, never its stream: the result is the same bits, and an error
// is the first failing trial's, as with one thread.
TEST(AuditNeighboursOverTest, ThreadsGiveTheSameResultAndTheSameFirstError) {
  AuditOptions options;
  options.num_trials = 4000;
  const std::vector<CandidateStatistic> statistics = {
      {"noise", [](const std::vector<double>& o) { return Entry(o, 0); }},
      {"bit", [](const std::vector<double>& o) { return Entry(o, 1); }}};
  const AuditResult one =
      AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0), statistics, options).value();
  for (int threads : {2, 3, 7}) {
    options.num_threads = threads;
    const AuditResult many =
        AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0), statistics, options)
            .value();
    EXPECT_EQ(many.DebugString(), one.DebugString());
    EXPECT_EQ(many.privacy_epsilon_lower, one.privacy_epsilon_lower);
  }
  // A statistic that fails on about one trial in 1000 (several of the 4000 of the second input):
  // the error names the first of them at any thread count.
  ObservationVectorSampler word = [](RandomStream& stream) {
    return std::vector<double>{static_cast<double>(stream.NextU64() % 1000)};
  };
  const std::vector<CandidateStatistic> failing = {
      {"bad", [](const std::vector<double>& o) { return o[0] == 0.0 ? std::nan("") : o[0]; }}};
  int64_t first_bad = -1;
  int64_t num_bad = 0;
  for (int64_t i = options.num_trials - 1; i >= 0; --i) {
    if (AuditTrialStream(options.seed, 1, i).NextU64() % 1000 == 0) {
      first_bad = i;
      ++num_bad;
    }
  }
  ASSERT_GE(num_bad, 2);
  ObservationVectorSampler good = [](RandomStream&) { return std::vector<double>{1.0}; };
  for (int threads : {1, 4}) {
    options.num_threads = threads;
    EXPECT_THAT(AuditNeighboursOver(good, word, failing, options),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr(absl::StrCat("statistic 'bad' of trial ", first_bad,
                                                " of input second"))));
  }
  options.num_threads = 0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_threads")));
}

// Progress reports: increasing, about 100 of them, the last one the total, at any thread count.
TEST(AuditNeighboursOverTest, ProgressIsReportedInOrderUpToTheTotal) {
  for (int threads : {1, 3}) {
    AuditOptions options;
    options.num_trials = 1000;
    options.num_threads = threads;
    std::vector<int64_t> reports;
    options.progress = [&reports](int64_t done, int64_t total) {
      EXPECT_EQ(total, 2000);
      reports.push_back(done);
    };
    ASSERT_TRUE(AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0),
                                    {{"bit", [](const std::vector<double>& o) { return o[1]; }}},
                                    options)
                    .ok());
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.back(), 2000);
    EXPECT_GE(reports.size(), 99u);
    EXPECT_LE(reports.size(), 101u);
    if (threads == 1) EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
  }
}

// AuditSampled on the statistics an audit drew is that audit, bit for bit; malformed rows are
// named.
TEST(AuditSampledTest, IsTheAuditOfTheSameValuesAndNamesBadRows) {
  AuditOptions options;
  options.num_trials = 4000;
  SampledStatistics sampled{{"bit"}, {std::vector<double>(4000)}, {std::vector<double>(4000)}};
  for (int j = 0; j < 2; ++j) {
    for (int64_t i = 0; i < 4000; ++i) {
      RandomStream stream = AuditTrialStream(options.seed, j, i);
      (j == 0 ? sampled.first : sampled.second)[0][i] = ResponseWithNoise(1 - j)(stream)[1];
    }
  }
  const AuditResult drawn =
      AuditNeighboursOver(ResponseWithNoise(1), ResponseWithNoise(0),
                          {{"bit", [](const std::vector<double>& o) { return o[1]; }}}, options)
          .value();
  HeldOutValues heldout;
  const AuditResult audited = AuditSampled(sampled, options, &heldout).value();
  EXPECT_EQ(audited.DebugString(), drawn.DebugString());
  // The held-out values, in the bound's order: the event's counts are theirs.
  ASSERT_EQ(heldout.first.size(), 2000u);
  ASSERT_EQ(heldout.second.size(), 2000u);
  auto in_event = [&](double v) {
    return audited.upper_tail ? v >= audited.threshold : v <= audited.threshold;
  };
  EXPECT_EQ(std::count_if(heldout.first.begin(), heldout.first.end(), in_event),
            audited.count_first);
  EXPECT_EQ(std::count_if(heldout.second.begin(), heldout.second.end(), in_event),
            audited.count_second);

  SampledStatistics short_row = sampled;
  short_row.second[0].pop_back();
  EXPECT_THAT(AuditSampled(short_row, options),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("statistic 'bit' of input second has 3999 trials")));
  SampledStatistics missing_row = sampled;
  missing_row.names.push_back("sum");
  EXPECT_THAT(AuditSampled(missing_row, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("1 rows for 2")));
  SampledStatistics infinite = sampled;
  infinite.first[0][7] = std::numeric_limits<double>::infinity();
  EXPECT_THAT(AuditSampled(infinite, options),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("statistic 'bit' of trial 7 of input first is inf")));
  EXPECT_THAT(AuditSampled(SampledStatistics{}, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("at least one")));
}

// The trials needed: the smallest num_trials whose perfectly separating event reports more than
// the claim (MaxReportableEpsilon), about 2 e^eps ln(2/beta) at target_delta = 0.
TEST(TrialsNeededToRefuteTest, IsTheSmallestRefutingTrialCount) {
  AuditOptions options;
  options.confidence_beta = kBeta;
  for (double claimed : {0.0, 0.5, 1.0, 3.0}) {
    SCOPED_TRACE(claimed);
    const int64_t needed = TrialsNeededToRefute(claimed, options).value();
    options.num_trials = needed;
    EXPECT_GT(MaxReportableEpsilon(options), claimed);
    options.num_trials = needed - 1;
    if (needed > 2) {
      EXPECT_LE(MaxReportableEpsilon(options), claimed);
    }
    const double rule_of_thumb = 2.0 * std::exp(claimed) * std::log(2.0 / kBeta);
    EXPECT_GT(needed, 0.5 * rule_of_thumb);
    EXPECT_LT(needed, 2.0 * rule_of_thumb);
  }
  EXPECT_THAT(TrialsNeededToRefute(-1.0, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("claimed_epsilon")));
  EXPECT_THAT(TrialsNeededToRefute(std::numeric_limits<double>::infinity(), options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("claimed_epsilon")));
  EXPECT_THAT(TrialsNeededToRefute(40.0, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("2^40 trials")));
}

TEST(AuditVerdictTest, RefutedOnlyAboveTheClaim) {
  AuditResult result;
  result.privacy_epsilon_lower = 1.5;
  EXPECT_EQ(VerdictOf(result, 1.0), AuditVerdict::kRefuted);
  EXPECT_EQ(VerdictOf(result, 1.5), AuditVerdict::kNoEvidenceAgainst);
  EXPECT_EQ(VerdictName(AuditVerdict::kRefuted), "refuted");
  EXPECT_EQ(VerdictName(AuditVerdict::kNoEvidenceAgainst), "no evidence against the claim");
  EXPECT_DOUBLE_EQ(SuiteConfidenceBeta(1e-6, 4), 2.5e-7);
}

}  // namespace
}  // namespace dprl
