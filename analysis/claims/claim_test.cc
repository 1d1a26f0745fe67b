#include "analysis/claims/claim.h"

#include <optional>
#include <vector>

#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
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

TEST(JudgeTest, UndefinedIsInconclusive) {
  EXPECT_EQ(Judge(UndefinedMeasurement("too few points"), {Comparison::kNear, 0, 1}),
            Verdict::kInconclusive);
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
  }
}

}  // namespace
}  // namespace dprl
