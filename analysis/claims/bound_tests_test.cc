#include "analysis/claims/bound_tests.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "analysis/claims/claim.h"
#include "analysis/claims/report.h"
#include "analysis/claims/statistics.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

std::vector<double> OneToTwenty() {
  std::vector<double> ratios;
  for (int i = 1; i <= 20; ++i) ratios.push_back(i);
  return ratios;
}

TEST(MeasuredAtColumnTest, EachSeedsValueInTheColumn) {
  const SeedRows rows = {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}};
  EXPECT_EQ(MeasuredAtColumn(rows), (std::vector<double>{3.0, 6.0}));  // the last: final regret
  EXPECT_EQ(MeasuredAtColumn(rows, -2), (std::vector<double>{2.0, 5.0}));
  EXPECT_EQ(MeasuredAtColumn(rows, 0), (std::vector<double>{1.0, 4.0}));
  EXPECT_TRUE(MeasuredAtColumn(SeedRows{}).empty());
}

TEST(MeasuredAtColumnDeathTest, ARowWithoutTheColumnIsABug) {
  EXPECT_DEATH(MeasuredAtColumn({{1.0, 2.0}}, 2), "column 2 of a row of 2");
  EXPECT_DEATH(MeasuredAtColumn({{}}), "column -1 of a row of 0");
}

TEST(ImpliedConstantTest, TwentySeedsAtFivePercentIsTheFourthLargestRatio) {
  // P(Bin(20, 0.05) >= 3) = 0.0755 >= 0.05 > P(Bin(20, 0.05) >= 4) = 0.0159: 3 seeds may exceed.
  std::vector<double> ratios = OneToTwenty();
  std::reverse(ratios.begin(), ratios.end());  // order does not matter
  const ImpliedConstant c = ImpliedConstantOf(ratios, 0.05);
  EXPECT_EQ(c.allowed_exceedances, 3);
  EXPECT_EQ(c.constant, 17.0);
  EXPECT_EQ(c.largest_ratio, 20.0);
}

TEST(ImpliedConstantTest, FollowsTheFailureProbability) {
  // A smaller alpha allows fewer exceedances: P(Bin(20, 0.001) >= 1) = 0.0198 < 0.05.
  EXPECT_EQ(ImpliedConstantOf(OneToTwenty(), 0.001).constant, 20.0);
  // alpha = 0.5: P(Bin(20, 0.5) >= 14) = 0.0577, P(>= 15) = 0.0207: 14 may exceed.
  const ImpliedConstant half = ImpliedConstantOf(OneToTwenty(), 0.5);
  EXPECT_EQ(half.allowed_exceedances, 14);
  EXPECT_EQ(half.constant, 6.0);
  // One seed at alpha = 0.9: P(Bin(1, 0.9) >= 1) = 0.9 >= 0.05, every seed may exceed: C^ = 0.
  EXPECT_EQ(ImpliedConstantOf({5.0}, 0.9).constant, 0.0);
}

TEST(ImpliedConstantTest, MeasurementNamesEveryRunAndTheVacuity) {
  BoundRun fits, vacuous;
  fits.label = "eps = 10";
  for (double r : OneToTwenty()) fits.measured.push_back(2.0 * r);  // ratios 0.2 .. 4 at f = 10
  fits.expression = 10.0;
  fits.failure_probability = 0.05;
  fits.trivial_maximum = 100.0;
  fits.reference_name = "u = 0 over K episodes";
  fits.reference = 30.0;
  vacuous = fits;
  vacuous.label = "eps = 1";
  vacuous.trivial_maximum = 20.0;  // R_max / f = 2 < C^ = 3.4
  const Measurement m = ImpliedConstantMeasurement({fits, vacuous}, "a test bound");
  ASSERT_TRUE(m.defined);
  EXPECT_DOUBLE_EQ(m.value, 3.4);
  EXPECT_EQ(m.low, m.value);
  EXPECT_EQ(m.seeds, 20);
  EXPECT_THAT(m.detail, HasSubstr("eps = 10: C^ = 3.4 (3 of 20 seeds may exceed"));
  EXPECT_THAT(m.detail, HasSubstr("useful constants [3.4, 10]"));
  EXPECT_THAT(m.detail, HasSubstr("u = 0 over K episodes = 3 f"));
  EXPECT_THAT(m.detail, HasSubstr("eps = 1: C^ = 3.4"));
  EXPECT_THAT(m.detail, HasSubstr("no useful constant: R_max / f = 2 < C^"));
  vacuous.trivial_maximum = 5.0;  // R_max / f = 0.5: constant 1 is vacuous
  vacuous.measured = {0.1, 0.2, 0.3, 0.4, 0.5};
  EXPECT_THAT(ImpliedConstantMeasurement({vacuous}, "a test bound").detail,
              HasSubstr("useful constants [0.04, 0.5] (constant 1 vacuous)"));
  // No verdict, whatever Judge makes of the number.
  EXPECT_EQ(VerdictOfKind(ClaimKind::kImpliedConstant, Judge(m, {})), Verdict::kNoVerdict);
  EXPECT_EQ(MeasuredText(m), "3.4");
}

TEST(ImpliedConstantTest, BadRunsAreUndefinedWithTheReason) {
  EXPECT_FALSE(ImpliedConstantMeasurement({}, "x").defined);
  BoundRun run;
  run.label = "r";
  run.measured = {1.0};
  run.failure_probability = 0.05;
  run.expression = 0.0;
  EXPECT_THAT(ImpliedConstantMeasurement({run}, "x").detail, HasSubstr("not finite and > 0"));
  run.expression = 1.0;
  run.failure_probability = 1.0;
  EXPECT_THAT(ImpliedConstantMeasurement({run}, "x").detail, HasSubstr("not in (0, 1)"));
  run.failure_probability = 0.05;
  run.measured = {NAN};
  EXPECT_THAT(ImpliedConstantMeasurement({run}, "x").detail, HasSubstr("non-finite"));
}

TEST(ExplicitBoundTest, RefutedOnlyBeyondTheBinomialAllowance) {
  // 20 seeds at alpha = 0.05, one run (level 0.05): 3 violations are allowed, 4 refute.
  ViolationCount count{"run", 3, 20, 0.05};
  Measurement m = ExplicitBoundMeasurement({count}, "a bound");
  ASSERT_TRUE(m.binomial.has_value());
  EXPECT_EQ(VerdictOfKind(ClaimKind::kExplicitBound, Judge(m, {})), Verdict::kNotRefuted);
  EXPECT_DOUBLE_EQ(m.value, 0.15);
  EXPECT_THAT(MeasuredText(m), HasSubstr("3 of 20 seeds violate; share < "));
  count.violations = 4;
  m = ExplicitBoundMeasurement({count}, "a bound");
  EXPECT_EQ(VerdictOfKind(ClaimKind::kExplicitBound, Judge(m, {})), Verdict::kRefuted);
  // No violation: the share's bound is the Clopper-Pearson 1 - 0.05^(1/20) = 0.139.
  count.violations = 0;
  m = ExplicitBoundMeasurement({count}, "a bound");
  EXPECT_NEAR(m.high, 1.0 - std::pow(0.05, 1.0 / 20), 1e-9);
  EXPECT_EQ(m.low, 0.0);
}

TEST(ExplicitBoundTest, SeveralRunsAreTestedAtTheBonferroniLevel) {
  // 4 of 20 at alpha = 0.05 has p = 0.0159: refuted alone, not among 7 runs (level 0.05/7).
  std::vector<ViolationCount> runs(7, ViolationCount{"eps", 0, 20, 0.05});
  runs[3].violations = 4;
  Measurement m = ExplicitBoundMeasurement(runs, "a bound");
  ASSERT_TRUE(m.binomial.has_value());
  EXPECT_EQ(m.binomial->violations, 4);  // the run with the smallest p-value decides
  EXPECT_NEAR(m.binomial->level, 0.05 / 7, 1e-15);
  EXPECT_EQ(VerdictOfKind(ClaimKind::kExplicitBound, Judge(m, {})), Verdict::kNotRefuted);
  runs[3].violations = 6;  // p = 2.6e-4 < 0.05/7
  m = ExplicitBoundMeasurement(runs, "a bound");
  EXPECT_EQ(VerdictOfKind(ClaimKind::kExplicitBound, Judge(m, {})), Verdict::kRefuted);
  EXPECT_THAT(m.detail, HasSubstr("eps: 6 of 20"));
}

TEST(ExplicitBoundTest, TooFewSeedsAreInconclusiveAndBadCountsUndefined) {
  Measurement m = ExplicitBoundMeasurement({{"run", 10, 10, 0.05}}, "a bound");
  EXPECT_EQ(Judge(m, {}, /*min_seeds=*/20), Verdict::kInconclusive);
  EXPECT_FALSE(ExplicitBoundMeasurement({{"run", 3, 2, 0.05}}, "a bound").defined);
  EXPECT_FALSE(ExplicitBoundMeasurement({{"run", 0, 20, 0.0}}, "a bound").defined);
  EXPECT_FALSE(ExplicitBoundMeasurement({}, "a bound").defined);
}

TEST(ExplicitBoundTest, EntersTheFamilyWithItsBinomialPValueAndNeverAsSupport) {
  Measurement refuted = ExplicitBoundMeasurement({{"run", 8, 20, 0.05}}, "a bound");
  Measurement passed = ExplicitBoundMeasurement({{"run", 0, 20, 0.05}}, "a bound");
  const FamilyWiseCount count = FamilyWiseCounts({{refuted, {}}, {passed, {}}}, 20);
  EXPECT_EQ(count.family, 2);
  EXPECT_EQ(count.refuted, 1);
  EXPECT_EQ(count.supported, 0);
}

TEST(VerdictOfKindTest, NamesTheOutcomeOfEachKind) {
  EXPECT_EQ(VerdictOfKind(ClaimKind::kEmpirical, Verdict::kHolds), Verdict::kReproduced);
  EXPECT_EQ(VerdictOfKind(ClaimKind::kEmpirical, Verdict::kFails), Verdict::kNotReproduced);
  EXPECT_EQ(VerdictOfKind(ClaimKind::kEmpirical, Verdict::kInconclusive), Verdict::kInconclusive);
  EXPECT_EQ(VerdictOfKind(ClaimKind::kObservation, Verdict::kFails), Verdict::kObserved);
  EXPECT_EQ(VerdictOfKind(ClaimKind::kImpliedConstant, Verdict::kOutOfRegime),
            Verdict::kOutOfRegime);
  EXPECT_EQ(VerdictOfKind(ClaimKind::kImpliedConstant, Verdict::kUndefined), Verdict::kUndefined);
  EXPECT_EQ(VerdictOfKind(ClaimKind::kArithmetic, Verdict::kFails), Verdict::kFails);
  EXPECT_EQ(VerdictName(Verdict::kNotRefuted), "not refuted");
  EXPECT_EQ(VerdictName(Verdict::kNoVerdict), "no verdict");
  EXPECT_EQ(KindName(ClaimKind::kImpliedConstant), "implied_constant");
  EXPECT_TRUE(IsDecidedKind(ClaimKind::kExplicitBound));
  EXPECT_TRUE(IsDecidedKind(ClaimKind::kEmpirical));
  EXPECT_FALSE(IsDecidedKind(ClaimKind::kImpliedConstant));
}

}  // namespace
}  // namespace dprl
