#include "analysis/claims/claim.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/report.h"
#include "analysis/claims/statistics.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

Measurement Interval(double low, double value, double high) {
  Measurement m;
  m.defined = true;
  m.low = low;
  m.value = value;
  m.high = high;
  return m;
}

TEST(JudgeTest, NearHoldsInsideFailsOutsideInconclusiveAcross) {
  const Expectation near{Comparison::kNear, -1.0, 0.25};
  EXPECT_EQ(Judge(Interval(-1.2, -1.0, -0.8), near), Verdict::kHolds);
  EXPECT_EQ(Judge(Interval(-1.25, -1.0, -0.75), near), Verdict::kHolds);  // closed region
  EXPECT_EQ(Judge(Interval(-0.5, -0.4, -0.3), near), Verdict::kFails);
  EXPECT_EQ(Judge(Interval(-1.6, -1.5, -1.3), near), Verdict::kFails);
  EXPECT_EQ(Judge(Interval(-0.9, -0.8, -0.7), near), Verdict::kInconclusive);
  EXPECT_EQ(Judge(Interval(-2.0, -1.0, 0.0), near), Verdict::kInconclusive);
}

TEST(JudgeTest, OneSidedExpectations) {
  const Expectation at_least{Comparison::kAtLeast, 1.0, 0.0};
  EXPECT_EQ(Judge(Interval(1.0, 2.0, 3.0), at_least), Verdict::kHolds);
  EXPECT_EQ(Judge(Interval(0.2, 0.3, 0.9), at_least), Verdict::kFails);
  EXPECT_EQ(Judge(Interval(0.9, 1.1, 1.2), at_least), Verdict::kInconclusive);
  const Expectation at_most{Comparison::kAtMost, 0.0, 1e-9};
  EXPECT_EQ(Judge(Interval(0, 0, 0), at_most), Verdict::kHolds);
  EXPECT_EQ(Judge(Interval(0.01, 0.01, 0.01), at_most), Verdict::kFails);
}

TEST(JudgeTest, UndefinedIsUndefined) {
  EXPECT_EQ(Judge(UndefinedMeasurement("too few points"), {Comparison::kNear, 0, 1}),
            Verdict::kUndefined);
}

TEST(JudgeTest, OutOfRegimeWinsOverEveryNumber) {
  Measurement m = Interval(5.0, 6.0, 7.0);  // would fail
  m.regime_missed = "T < 10 E(eps, T) at eps = 0.1";
  EXPECT_EQ(Judge(m, {Comparison::kNear, -1.0, 0.25}), Verdict::kOutOfRegime);
  EXPECT_EQ(VerdictName(Verdict::kOutOfRegime), "out of regime");
}

TEST(JudgeTest, SystematicWidensTheInterval) {
  const Expectation near{Comparison::kNear, -1.0, 0.25};
  Measurement m = Interval(-1.1, -1.0, -0.9);
  EXPECT_EQ(Judge(m, near), Verdict::kHolds);
  m.systematic = 0.2;  // [-1.3, -0.7] straddles -1.25
  EXPECT_EQ(Judge(m, near), Verdict::kInconclusive);
  Measurement far = Interval(-0.5, -0.4, -0.3);
  far.systematic = 0.1;  // [-0.6, -0.2] still outside
  EXPECT_EQ(Judge(far, near), Verdict::kFails);
}

TEST(JudgeTest, TooFewSeedsIsInconclusive) {
  const Expectation near{Comparison::kNear, -1.0, 0.25};
  Measurement m = Interval(-0.5, -0.4, -0.3);
  m.seeds = 4;
  EXPECT_EQ(Judge(m, near, 20), Verdict::kInconclusive);
  m.seeds = 20;
  EXPECT_EQ(Judge(m, near, 20), Verdict::kFails);
}

TEST(JudgeTest, NamedReasonIsInconclusive) {
  Measurement m = Interval(-0.5, -0.4, -0.3);  // would fail
  m.inconclusive_reason = "a slope through 2 points";
  EXPECT_EQ(Judge(m, {Comparison::kNear, -1.0, 0.25}), Verdict::kInconclusive);
  Measurement two_points = Interval(-1.1, -1.0, -0.9);
  MarkFewFitPoints(2, &two_points);
  EXPECT_EQ(Judge(two_points, {Comparison::kNear, -1.0, 0.25}), Verdict::kInconclusive);
  Measurement three_points = Interval(-1.1, -1.0, -0.9);
  MarkFewFitPoints(3, &three_points);
  EXPECT_EQ(Judge(three_points, {Comparison::kNear, -1.0, 0.25}), Verdict::kHolds);
}

TEST(JudgeTest, TimeSystematicAddsToTheWindowSystematic) {
  const Expectation at_least{Comparison::kAtLeast, -1.0, 0.25};
  Measurement m = Interval(-1.1, -1.0, -0.9);
  m.systematic = 0.1;
  EXPECT_EQ(Judge(m, at_least), Verdict::kHolds);  // low end -1.2
  m.time_systematic = 0.1;                         // low end -1.3 < -1.25
  EXPECT_EQ(Judge(m, at_least), Verdict::kInconclusive);
  EXPECT_DOUBLE_EQ(TimeSystematic(absl::StatusOr<double>(-0.66), absl::StatusOr<double>(-0.8)),
                   0.14);
  EXPECT_EQ(TimeSystematic(absl::StatusOr<double>(-0.66), absl::InternalError("x")), 0.0);
}

TEST(TimeWindowTest, LastGridEpisodeAtMostAThird) {
  EXPECT_EQ(TimeWindowColumn({10, 20, 33, 34, 100}), 2);
  EXPECT_EQ(TimeWindowColumn({10, 20, 33.4, 100}), 1);
  EXPECT_FALSE(TimeWindowColumn({50, 100}).has_value());
}

TEST(MonteCarloTest, ErrorShrinksWithResamplesAndMarginIsToTheNearestBoundary) {
  Measurement m = Interval(0.9, 1.0, 1.1);
  EXPECT_EQ(MonteCarloError(m), 0.0);  // deterministic
  EXPECT_TRUE(std::isinf(BoundaryMargin(m, {Comparison::kAtMost, 2.0, 0.0})));
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal(1.0, 0.1);
  for (int i = 0; i < 400; ++i) m.resamples.push_back(normal(rng));
  const double error_400 = MonteCarloError(m);
  // s sqrt(0.025 * 0.975 / R) / phi(1.96) with s ~ 0.1, R = 400: ~0.0134.
  EXPECT_NEAR(error_400, 0.0134, 0.002);
  for (int i = 0; i < 3200; ++i) m.resamples.push_back(normal(rng));
  EXPECT_NEAR(MonteCarloError(m) / error_400, 1.0 / 3.0, 0.03);
  m.systematic = 0.05;  // widened [0.85, 1.15]
  EXPECT_NEAR(BoundaryMargin(m, {Comparison::kAtMost, 2.0, 0.0}), 0.85, 1e-12);
  EXPECT_NEAR(BoundaryMargin(m, {Comparison::kNear, 1.0, 0.2}), 0.05, 1e-12);
}

// A bootstrap measurement of a statistic centred on 0 with bootstrap standard deviation 0.1:
// its interval is fixed at [-0.2, 0.2], its resamples are `replicates` normal draws (seeded by
// the count, so a re-measurement with more resamples has a smaller Monte Carlo error).
Measurement MeasuredWith(int replicates) {
  Measurement m = Interval(-0.2, 0.0, 0.2);
  m.seeds = 20;
  std::mt19937_64 rng(replicates);
  std::normal_distribution<double> normal(0.0, 0.1);
  for (int i = 0; i < replicates; ++i) m.resamples.push_back(normal(rng));
  std::sort(m.resamples.begin(), m.resamples.end());
  return m;
}

// RefineToMonteCarloPrecision with MeasuredWith as the re-measurement, recording the resample
// counts it asks for.
struct RecordingRefinement {
  std::vector<int> asked;
  absl::StatusOr<Measurement> Refine(Measurement first, const Expectation& expected,
                                     const BootstrapOptions& options) {
    return RefineToMonteCarloPrecision(
        std::move(first),
        [this](const BootstrapOptions& more) -> absl::StatusOr<Measurement> {
          asked.push_back(more.replicates);
          return MeasuredWith(more.replicates);
        },
        expected, options);
  }
};

// Monte Carlo error at 2000 resamples: 0.1 * sqrt(0.025 * 0.975 / 2000) / phi(1.96) ~ 0.0060.
TEST(RefineToMonteCarloPrecisionTest, NearTheBoundaryMeasuresAgainToAThirdOfTheMargin) {
  BootstrapOptions options;  // 2000 resamples, up to 64000
  // Holds with a margin of 0.012: 2000 resamples leave an error of ~0.006 > 0.004.
  const Expectation at_most{Comparison::kAtMost, 0.212, 0.0};
  RecordingRefinement refinement;
  const absl::StatusOr<Measurement> result =
      refinement.Refine(MeasuredWith(options.replicates), at_most, options);
  ASSERT_THAT(result, IsOk());
  const Measurement& refined = *result;
  ASSERT_FALSE(refinement.asked.empty());
  // The first request is at least double, and the requests grow.
  EXPECT_GE(refinement.asked.front(), 2 * options.replicates);
  EXPECT_TRUE(std::is_sorted(refinement.asked.begin(), refinement.asked.end()));
  EXPECT_EQ(refined.resamples.size(), static_cast<size_t>(refinement.asked.back()));
  EXPECT_LE(MonteCarloError(refined), BoundaryMargin(refined, at_most) / 3.0);
  EXPECT_EQ(Judge(refined, at_most), Verdict::kHolds);
  EXPECT_EQ(refined.inconclusive_reason, "");
}

TEST(RefineToMonteCarloPrecisionTest, StillWithinTheErrorAtTheCapIsInconclusive) {
  BootstrapOptions options;
  options.max_replicates = 8000;  // error ~0.003 there; the margin 0.002 needs ~0.00067
  const Expectation at_most{Comparison::kAtMost, 0.202, 0.0};
  RecordingRefinement refinement;
  const absl::StatusOr<Measurement> capped =
      refinement.Refine(MeasuredWith(options.replicates), at_most, options);
  ASSERT_THAT(capped, IsOk());
  // 2000 * (3 * 0.006 / 0.002)^2 = 162000 resamples would be needed: one step, to the cap.
  EXPECT_THAT(refinement.asked, testing::ElementsAre(8000));
  EXPECT_THAT(capped->inconclusive_reason, testing::HasSubstr("within 3 Monte Carlo errors"));
  EXPECT_THAT(capped->inconclusive_reason, testing::HasSubstr("at 8000 resamples"));
  EXPECT_EQ(Judge(*capped, at_most), Verdict::kInconclusive);
}

TEST(RefineToMonteCarloPrecisionTest, FarFromTheBoundaryOrUndecidedIsNotMeasuredAgain) {
  BootstrapOptions options;
  RecordingRefinement refinement;
  // Holds by a margin of 0.8, far above 3 errors.
  const absl::StatusOr<Measurement> far =
      refinement.Refine(MeasuredWith(options.replicates), {Comparison::kAtMost, 1.0, 0.0}, options);
  ASSERT_THAT(far, IsOk());
  EXPECT_EQ(far->resamples.size(), 2000u);
  // Straddles the boundary: inconclusive whatever the resamples, so none are added.
  const absl::StatusOr<Measurement> straddling =
      refinement.Refine(MeasuredWith(options.replicates), {Comparison::kAtMost, 0.1, 0.0}, options);
  ASSERT_THAT(straddling, IsOk());
  EXPECT_EQ(straddling->inconclusive_reason, "");
  // Too few seeds: inconclusive as well.
  Measurement few_seeds = MeasuredWith(options.replicates);
  few_seeds.seeds = 4;
  EXPECT_THAT(refinement.Refine(few_seeds, {Comparison::kAtMost, 0.212, 0.0}, options), IsOk());
  EXPECT_TRUE(refinement.asked.empty());
}

TEST(RefineToMonteCarloPrecisionTest, AnErrorOfTheRemeasurementIsReturned) {
  BootstrapOptions options;
  const absl::StatusOr<Measurement> refined = RefineToMonteCarloPrecision(
      MeasuredWith(options.replicates),
      [](const BootstrapOptions&) -> absl::StatusOr<Measurement> {
        return absl::DataLossError("claim x: truncated dataset");
      },
      {Comparison::kAtMost, 0.212, 0.0}, options);
  EXPECT_THAT(refined.status(),
              StatusIs(absl::StatusCode::kDataLoss, "claim x: truncated dataset"));
}

Measurement Resampled(double center, double spread, int seeds) {
  Measurement m = Interval(center - 2 * spread, center, center + 2 * spread);
  m.seeds = seeds;
  for (int i = 0; i < 999; ++i) m.resamples.push_back(center + spread * (i - 499) / 250.0);
  return m;
}

TEST(FamilyWiseTest, PValuesFollowTheResamples) {
  const Expectation at_most{Comparison::kAtMost, 0.0, 0.0};
  const ClaimPValues far_outside = BootstrapPValues(Resampled(5.0, 0.1, 20), at_most);
  EXPECT_NEAR(far_outside.refuted, 1.0 / 1000.0, 1e-12);
  EXPECT_NEAR(far_outside.supported, 1.0, 1e-12);
  const ClaimPValues far_inside = BootstrapPValues(Resampled(-5.0, 0.1, 20), at_most);
  EXPECT_NEAR(far_inside.refuted, 1.0, 1e-12);
  EXPECT_NEAR(far_inside.supported, 1.0 / 1000.0, 1e-12);
  const ClaimPValues straddles = BootstrapPValues(Resampled(0.0, 0.1, 20), at_most);
  EXPECT_NEAR(straddles.refuted, 0.5, 0.01);
  EXPECT_NEAR(straddles.supported, 0.5, 0.01);
}

TEST(FamilyWiseTest, HolmStepsDown) {
  const Expectation at_most{Comparison::kAtMost, 0.0, 0.0};
  std::vector<std::pair<Measurement, Expectation>> family;
  // p = 0.001 each for three clear failures: Holm rejects all (0.001 <= 0.05/3, 0.05/2, 0.05).
  for (int i = 0; i < 3; ++i) family.emplace_back(Resampled(5.0, 0.1, 20), at_most);
  // p ~ 0.04 for a marginal one: 0.04 <= 0.05/1 would pass alone, but comes 4th of 5 -> 0.05/2.
  Measurement marginal = Resampled(0.0, 0.1, 20);
  marginal.resamples.clear();
  for (int i = 0; i < 999; ++i) marginal.resamples.push_back(i < 39 ? -1.0 : 1.0);
  family.emplace_back(marginal, at_most);
  family.emplace_back(Resampled(-5.0, 0.1, 20), at_most);  // clearly holds
  FamilyWiseCount count = FamilyWiseCounts(family, 20);
  EXPECT_EQ(count.family, 5);
  EXPECT_EQ(count.refuted, 3);
  EXPECT_EQ(count.supported, 1);
  // Out of the family: undefined, out of regime; too few seeds never reject.
  family.emplace_back(UndefinedMeasurement("x"), at_most);
  Measurement out = Resampled(5.0, 0.1, 20);
  out.regime_missed = "T too small";
  family.emplace_back(out, at_most);
  family.emplace_back(Resampled(5.0, 0.1, 4), at_most);
  count = FamilyWiseCounts(family, 20);
  EXPECT_EQ(count.family, 6);
  EXPECT_EQ(count.refuted, 3);
  // A deterministic decided claim counts with p = 0.
  family.emplace_back(Interval(1.0, 1.0, 1.0), at_most);
  count = FamilyWiseCounts(family, 20);
  EXPECT_EQ(count.refuted, 4);
}

TEST(NormalTest, QuantileInvertsCdf) {
  EXPECT_NEAR(NormalQuantile(0.975), 1.959963984540054, 1e-9);
  EXPECT_NEAR(NormalCdf(-1.959963984540054), 0.025, 1e-12);
  EXPECT_NEAR(NormalQuantile(0.5), 0.0, 1e-9);
}

TEST(StrictLogLogFitTest, NeverDropsAPoint) {
  EXPECT_NEAR(*StrictLogLogFit({1, 10, 100}, {3, 30, 300}), 1.0, 1e-12);
  const absl::StatusOr<double> with_zero = StrictLogLogFit({1, 4, 16, 5}, {2, 4, 8, 0});
  ASSERT_FALSE(with_zero.ok());
  EXPECT_THAT(std::string(with_zero.status().message()), testing::HasSubstr("point 3"));
  EXPECT_FALSE(StrictLogLogFit({1, 2}, {1, -1}).ok());
  EXPECT_FALSE(StrictLogLogFit({2, 2}, {1, 3}).ok());
  EXPECT_FALSE(StrictLogLogFit({1}, {1}).ok());
}

TEST(FitWindowSystematicTest, ZeroOnAPowerLawPositiveOnAKink) {
  const CurveFit fit = StrictLogLogFit;
  EXPECT_NEAR(FitWindowSystematic({1, 2, 4, 8}, {1, 0.5, 0.25, 0.125}, fit), 0.0, 1e-12);
  // Slope -1 then flat: dropping the last point moves the slope.
  EXPECT_GT(FitWindowSystematic({1, 2, 4, 8}, {1, 0.5, 0.25, 0.25}, fit), 0.1);
  EXPECT_EQ(FitWindowSystematic({1, 2}, {1, 0.5}, fit), 0.0);
}

TEST(ExpectationTextTest, Forms) {
  EXPECT_EQ(ExpectationText({Comparison::kNear, -1, 0.25}), "-1 ± 0.25");
  EXPECT_EQ(ExpectationText({Comparison::kAtLeast, 1, 0}), ">= 1");
  EXPECT_EQ(ExpectationText({Comparison::kAtMost, 0, 1e-9}), "<= 1e-09");
}

TEST(BootstrapTest, DeterministicAndContainsThePoint) {
  const SeedRows rows = {{1.0}, {2.0}, {4.0}, {8.0}};
  const GroupStatistic mean = [](const std::vector<SeedRows>& g) -> std::optional<double> {
    return ColumnMean(g[0], 0);
  };
  BootstrapOptions options;
  const Measurement a = BootstrapMeasurement({rows}, mean, options, "claim.a", "mean");
  const Measurement b = BootstrapMeasurement({rows}, mean, options, "claim.a", "mean");
  EXPECT_TRUE(a.defined);
  EXPECT_DOUBLE_EQ(a.value, 3.75);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  // Resamples of 4 values lie in [1, 8]; the 95% interval is inside and contains the point.
  EXPECT_GE(a.low, 1.0);
  EXPECT_LE(a.high, 8.0);
  EXPECT_LE(a.low, a.value);
  EXPECT_GE(a.high, a.value);
  EXPECT_LT(a.low, a.high);
}

// Common random numbers: two groups whose seeds share a large per-seed offset. Pairing the seed
// indices cancels the offset in the difference of means; independent resampling would not.
TEST(BootstrapTest, PairsSeedIndicesAcrossGroups) {
  SeedRows a, b;
  for (int seed = 0; seed < 20; ++seed) {
    const double shared = 100.0 * seed;
    a.push_back({shared + 1.0 + 0.01 * (seed % 3)});
    b.push_back({shared});
  }
  const ExplainedStatistic difference =
      [](const std::vector<SeedRows>& g) -> absl::StatusOr<double> {
    return ColumnMean(g[0], 0) - ColumnMean(g[1], 0);
  };
  const Measurement m = BootstrapMeasurement({a, b}, difference, BootstrapOptions(), "pair", "d");
  ASSERT_TRUE(m.defined);
  EXPECT_EQ(m.seeds, 20);
  EXPECT_GT(m.low, 0.99);
  EXPECT_LT(m.high, 1.03);
  EXPECT_THAT(m.interval_method, testing::HasSubstr("BCa"));
}

TEST(BootstrapTest, UnequalSeedCountsAreUndefined) {
  const Measurement m = BootstrapMeasurement(
      {{{1.0}, {2.0}}, {{1.0}}},
      [](const std::vector<SeedRows>&) { return std::optional<double>(1.0); }, BootstrapOptions(),
      "claim.c", "x");
  EXPECT_FALSE(m.defined);
  EXPECT_THAT(m.detail, testing::HasSubstr("cannot be paired"));
}

// BCa coverage of the mean of 20 N(0, 1) seeds: over 400 data sets the 95% interval must cover
// 0 at least 355 times. At true coverage 0.95 the count is Binomial(400, 0.95) and
// P(count < 355) < 1e-4 (normal approximation: mean 380, sd 4.36, 355 is 5.7 sd below); the
// statistic is deterministic (fixed seeds), so the test cannot flake.
TEST(BootstrapTest, BcaCoversTheMeanOfNormalSeeds) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  BootstrapOptions options;
  options.replicates = 400;
  int covered = 0;
  for (int set = 0; set < 400; ++set) {
    SeedRows rows;
    for (int seed = 0; seed < 20; ++seed) rows.push_back({normal(rng)});
    const Measurement m = BootstrapMeasurement(
        {rows},
        [](const std::vector<SeedRows>& g) { return std::optional<double>(ColumnMean(g[0], 0)); },
        options, absl::StrCat("coverage.", set), "mean");
    covered += m.low <= 0.0 && 0.0 <= m.high;
  }
  EXPECT_GE(covered, 355);
}

TEST(BootstrapTest, UndefinedStatisticGivesUndefinedMeasurement) {
  const Measurement m = BootstrapMeasurement(
      {{{1.0}}}, [](const std::vector<SeedRows>&) { return std::optional<double>(); },
      BootstrapOptions(), "claim.b", "nothing");
  EXPECT_FALSE(m.defined);
}

TEST(BootstrapOptionsTest, DefaultsValidTooFewReplicatesRejected) {
  EXPECT_THAT(BootstrapOptions().Validate(), IsOk());
  BootstrapOptions options;
  options.replicates = 10;
  EXPECT_FALSE(options.Validate().ok());
  options = BootstrapOptions();
  options.min_seeds = 1;
  EXPECT_FALSE(options.Validate().ok());
}

TEST(RegistryTest, EveryClaimIsComplete) {
  const std::vector<Claim> claims = AllClaims();  // CHECKs unique ids
  EXPECT_GE(claims.size(), 20u);
  for (const Claim& claim : claims) {
    EXPECT_FALSE(claim.paper.empty()) << claim.id;
    EXPECT_FALSE(claim.location.empty()) << claim.id;
    EXPECT_FALSE(claim.statement.empty()) << claim.id;
    EXPECT_FALSE(claim.experiment.empty()) << claim.id;
    EXPECT_FALSE(claim.statistic.empty()) << claim.id;
    EXPECT_GE(claim.expected.tolerance, 0.0) << claim.id;
    EXPECT_TRUE(static_cast<bool>(claim.measure)) << claim.id;
    if (IsDecidedKind(claim.kind)) {
      EXPECT_FALSE(claim.why_evidence.empty()) << claim.id << ": say what could refute it";
    }
  }
}

// What a finite run can decide (claim.h): Chowdhury et al.'s Lemma 1 and Qiao & Wang's Lemma B.7
// bracket are the only explicit bounds of the upper-bound papers;
// every O() upper bound of Vietri et al., Chowdhury et al., Chowdhury & Zhou and Qiao & Wang has
// its implied constant and no verdict; Wang & Hegde's Sec. 4 statements are empirical; lower bounds
// and the paper's arithmetic are outside the decided count; every privacy-cost trend has its
// tightness observation beside it.
TEST(RegistryTest, KindsFollowTheRule) {
  std::map<std::string, ClaimKind> kinds;
  for (const Claim& claim : AllClaims()) kinds[claim.id] = claim.kind;
  EXPECT_EQ(kinds.at("vietri.pac_above_thm5"), ClaimKind::kLowerBound);
  EXPECT_EQ(kinds.at("vietri.regret_above_thm6"), ClaimKind::kLowerBound);
  EXPECT_EQ(kinds.at("wang_hegde.sigma_eps_0.9"), ClaimKind::kArithmetic);
  EXPECT_EQ(kinds.at("wang_hegde.sigma_eps_0.45"), ClaimKind::kArithmetic);
  EXPECT_EQ(kinds.at("wang_hegde.bgp16_similar"), ClaimKind::kEmpirical);
  EXPECT_EQ(kinds.at("wang_hegde.beats_baselines_eps_0.45"), ClaimKind::kEmpirical);
  for (const char* id :
       {"vietri.implied_constant.thm4.riverswim", "vietri.implied_constant.thm4.random_mdp",
        "vietri.implied_constant.thm3", "chowdhury.implied_constant.ofu_rl.chain_n2",
        "chowdhury.implied_constant.relay_n2", "chowdhury.implied_constant.tight.rotation_n2",
        "chowdhury_zhou.implied_constant.private_ucbvi.riverswim",
        "chowdhury_zhou.implied_constant.pucb.random_mdp",
        "qiao_wang.implied_constant.jdp.riverswim", "qiao_wang.implied_constant.ldp.random_mdp"}) {
    EXPECT_EQ(kinds.at(id), ClaimKind::kImpliedConstant) << id;
  }
  for (const auto& [id, kind] : kinds) {
    const bool upper_bound_paper = id.rfind("vietri.", 0) == 0 || id.rfind("chowdhury.", 0) == 0 ||
                                   id.rfind("chowdhury_zhou.", 0) == 0 ||
                                   id.rfind("qiao_wang.", 0) == 0;
    if (upper_bound_paper && kind == ClaimKind::kExplicitBound) {
      // The explicit inequalities: Lemma 1's coverage and Lemma B.7's bracket (two players and
      // one).
      EXPECT_TRUE(id.rfind("chowdhury.lemma1_coverage.", 0) == 0 ||
                  id.rfind("qiao_wang.game.bracket.", 0) == 0 ||
                  id.rfind("qiao_wang.bracket.", 0) == 0)
          << id << ": an O() bound decided";
    }
    if (upper_bound_paper) {
      EXPECT_NE(kind, ClaimKind::kEmpirical) << id;
    }
    const size_t at = id.find(".privacy_cost_vs_eps");
    if (at == std::string::npos) continue;
    EXPECT_EQ(kind, ClaimKind::kObservation) << id;
    const std::string decay = id.substr(0, at) + ".privacy_cost_decay_vs_eps" +
                              id.substr(at + std::string(".privacy_cost_vs_eps").size());
    ASSERT_TRUE(kinds.count(decay)) << decay;
    EXPECT_EQ(kinds.at(decay), ClaimKind::kObservation) << decay;
  }
  for (const char* system : {"chain_n2", "rotation_n2", "relay_n2"}) {
    for (const char* agent : {"ofu_rl", "private_ofu_rl", "private_ofu_rl_tight"}) {
      const std::string id = absl::StrCat("chowdhury.lemma1_coverage.", agent, ".", system);
      EXPECT_EQ(kinds.at(id), ClaimKind::kExplicitBound) << id;
    }
  }
  for (const char* game : {"matching_pennies", "random_game"}) {
    for (const char* agent : {"dp_nash_vi_jdp", "dp_nash_vi_ldp", "nash_vi"}) {
      const std::string id = absl::StrCat("qiao_wang.game.bracket.", agent, ".", game);
      EXPECT_EQ(kinds.at(id), ClaimKind::kExplicitBound) << id;
    }
  }
  EXPECT_EQ(KindName(ClaimKind::kLowerBound), "lower_bound");
  EXPECT_EQ(VerdictName(Verdict::kObserved), "observed");
}

// The papers register their claims themselves; the report's rows follow the registrations'
// order: Vietri et al. (its regret, lower-bound, then bound claims), Lu et al., Wang & Hegde,
// Chowdhury et al., Chowdhury & Zhou, each paper's rows together.
TEST(RegistryTest, RowsFollowTheRegistrationOrder) {
  // The papers registered here, in the order of their blocks of rows (a paper registered later
  // may fall between them: it is left out of this list).
  const std::vector<std::string> registered = {"Vietri et al. 2020", "Lu et al. 2026",
                                               "Wang & Hegde 2019", "Chowdhury et al. 2021",
                                               "Chowdhury & Zhou 2022"};
  std::vector<std::string> papers;
  for (const Claim& claim : AllClaims()) {
    if (std::find(registered.begin(), registered.end(), claim.paper) == registered.end()) continue;
    if (papers.empty() || papers.back() != claim.paper) papers.push_back(claim.paper);
  }
  EXPECT_THAT(papers, testing::ElementsAre("Vietri et al. 2020", "Lu et al. 2026",
                                           "Wang & Hegde 2019", "Chowdhury et al. 2021",
                                           "Chowdhury & Zhou 2022"));
  const std::vector<Claim> claims = AllClaims();
  std::vector<std::string> vietri_sections;  // the first id of each Vietri et al. file
  for (const Claim& claim : claims) {
    if (claim.id == "vietri.privacy_cost_vs_eps.riverswim" || claim.id == "vietri.pac_above_thm5" ||
        claim.id == "vietri.pac_excess_vs_eps") {
      vietri_sections.push_back(claim.id);
    }
  }
  EXPECT_THAT(vietri_sections,
              testing::ElementsAre("vietri.privacy_cost_vs_eps.riverswim", "vietri.pac_above_thm5",
                                   "vietri.pac_excess_vs_eps"));
}

TEST(RegistryDeathTest, ASecondRegistrationAtTheSameOrderIsABug) {
  EXPECT_DEATH(RegisterClaims(RegisteredClaims{/*order=*/20, [] { return std::vector<Claim>(); }}),
               "claims registration at order '20' registered twice");
}

TEST(ConfirmationRunTest, AFileBelongsWhenItIsACleanRunOfTheClaimsProfile) {
  ResultsFileInfo file;
  file.present = true;
  file.seeds = 4;  // the profile fixes the seeds (a result of closed forms keeps its default)
  file.claims_profile = "claims";
  EXPECT_TRUE(IsConfirmationRunFile(file));
  file.claims_profile = "claims or claims_reduced";  // both profiles give the same run
  EXPECT_TRUE(IsConfirmationRunFile(file));
  file.claims_profile = "claims_reduced";
  EXPECT_FALSE(IsConfirmationRunFile(file));
  file.claims_profile = "";
  EXPECT_FALSE(IsConfirmationRunFile(file));
  file.claims_profile = "claims";
  file.git_dirty = true;
  EXPECT_FALSE(IsConfirmationRunFile(file));
  file.git_dirty = false;
  file.present = false;
  EXPECT_FALSE(IsConfirmationRunFile(file));
}

}  // namespace
}  // namespace dprl
