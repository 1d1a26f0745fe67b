#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/counter_error_tail.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

DpNashViOptions Central(DpNashViCalibration calibration, PucbNeighbourRelation relation) {
  DpNashViOptions options;
  options.privacy_epsilon = 2.0;
  options.noise_calibration = calibration;
  options.neighbour_relation = relation;
  options.num_episodes = 1024;
  return options;
}

TEST(DpNashViOptionsTest, DefaultsAreValidAndNamesRoundTrip) {
  EXPECT_THAT(DpNashViOptions().Validate(), IsOk());
  for (const auto privatizer :
       {DpNashViPrivatizer::kCentral, DpNashViPrivatizer::kLocal, DpNashViPrivatizer::kNone}) {
    EXPECT_THAT(ParseDpNashViPrivatizer(DpNashViPrivatizerName(privatizer)),
                IsOkAndHolds(privatizer));
  }
  for (const auto calibration :
       {DpNashViCalibration::kStatedEpsilon, DpNashViCalibration::kAsPrinted}) {
    EXPECT_THAT(ParseDpNashViCalibration(DpNashViCalibrationName(calibration)),
                IsOkAndHolds(calibration));
  }
  EXPECT_THAT(ParseDpNashViPrivatizer("jdp"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privatizer")));
  EXPECT_THAT(ParseDpNashViCalibration("paper"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("noise_calibration")));
}

TEST(DpNashViOptionsTest, RejectsBadValuesByName) {
  auto expect_refused = [](DpNashViOptions options, const char* name) {
    EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(name)))
        << name;
  };
  for (const double eps : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    DpNashViOptions options;
    options.privacy_epsilon = eps;
    expect_refused(options, "privacy_epsilon");
    options.privatizer = DpNashViPrivatizer::kNone;  // not read without a Privatizer
    EXPECT_THAT(options.Validate(), IsOk());
  }
  for (const double beta : {0.0, 1.0, std::nan("")}) {
    DpNashViOptions options;
    options.failure_probability = beta;
    expect_refused(options, "failure_probability");
  }
  DpNashViOptions options;
  options.num_episodes = 0;
  expect_refused(options, "num_episodes");
  options = DpNashViOptions();
  options.noise_calibration = DpNashViCalibration::kAsPrinted;
  options.num_episodes = 1;  // log K = 0
  expect_refused(options, "num_episodes");
  options.privatizer = DpNashViPrivatizer::kLocal;  // the local calibration has no log K
  EXPECT_THAT(options.Validate(), IsOk());
  options = DpNashViOptions();
  options.gap_constant = -1.0;
  expect_refused(options, "gap_constant");
  options = DpNashViOptions();
  options.bonus_constant = std::nan("");
  expect_refused(options, "bonus_constant");
  options = DpNashViOptions();
  options.privatizer = static_cast<DpNashViPrivatizer>(9);
  expect_refused(options, "privatizer");
  options = DpNashViOptions();
  options.neighbour_relation = static_cast<PucbNeighbourRelation>(9);
  expect_refused(options, "neighbour_relation");
}

// The calibrations of dp_nash_vi_options.h, by hand: H = 5, eps = 2, K = 1024 (L = 11 levels,
// log2 K = 10).
TEST(DpNashViOptionsTest, CentralCalibrations) {
  const int H = 5;
  EXPECT_EQ(DpNashViTreeLevels(1024), 11);
  EXPECT_EQ(DpNashViTreeLevels(1023), 10);
  EXPECT_EQ(DpNashViTreeLevels(1), 1);
  const auto add_remove =
      Central(DpNashViCalibration::kStatedEpsilon, PucbNeighbourRelation::kAddRemove);
  const auto replacement =
      Central(DpNashViCalibration::kStatedEpsilon, PucbNeighbourRelation::kReplacement);
  const auto printed = Central(DpNashViCalibration::kAsPrinted, PucbNeighbourRelation::kAddRemove);
  EXPECT_DOUBLE_EQ(DpNashViCounterEpsilon(H, add_remove), 2.0 / 10.0);
  EXPECT_DOUBLE_EQ(DpNashViCounterEpsilon(H, replacement), 2.0 / 20.0);
  // Node scale 2 H log2 K / eps = 50 = L / eps_c.
  EXPECT_DOUBLE_EQ(11.0 / DpNashViCounterEpsilon(H, printed), 50.0);
  // Delivered: the stated calibrations give eps under their relation (and 2 eps under the other
  // for add/remove); the printed one eps L / log2 K = 2.2 and twice that under replacement.
  EXPECT_DOUBLE_EQ(DpNashViDeliveredEpsilon(H, add_remove, PucbNeighbourRelation::kAddRemove), 2.0);
  EXPECT_DOUBLE_EQ(DpNashViDeliveredEpsilon(H, add_remove, PucbNeighbourRelation::kReplacement),
                   4.0);
  EXPECT_DOUBLE_EQ(DpNashViDeliveredEpsilon(H, replacement, PucbNeighbourRelation::kReplacement),
                   2.0);
  EXPECT_DOUBLE_EQ(DpNashViDeliveredEpsilon(H, printed, PucbNeighbourRelation::kAddRemove), 2.2);
  EXPECT_DOUBLE_EQ(DpNashViDeliveredEpsilon(H, printed, PucbNeighbourRelation::kReplacement), 4.4);
}

TEST(DpNashViOptionsTest, LocalCalibrations) {
  DpNashViOptions options;
  options.privatizer = DpNashViPrivatizer::kLocal;
  options.privacy_epsilon = 0.5;
  EXPECT_DOUBLE_EQ(DpNashViLocalNoiseScale(5, options), 40.0);  // 4H / eps
  EXPECT_DOUBLE_EQ(DpNashViDeliveredEpsilon(5, options, PucbNeighbourRelation::kAddRemove), 0.5);
  options.noise_calibration = DpNashViCalibration::kAsPrinted;
  EXPECT_DOUBLE_EQ(DpNashViLocalNoiseScale(5, options), 20.0);  // 2H / eps, (5)
  EXPECT_DOUBLE_EQ(DpNashViDeliveredEpsilon(5, options, PucbNeighbourRelation::kAddRemove), 1.0);
  EXPECT_THAT(DpNashViLocalDiscreteScale(5, options), IsOkAndHolds(::testing::FieldsAre(20, 1)));
  options.privacy_epsilon = 1e-20;  // b = 1e21 > 2^52
  EXPECT_THAT(DpNashViLocalDiscreteScale(5, options),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
  DpNashViOptions none;
  none.privatizer = DpNashViPrivatizer::kNone;
  EXPECT_EQ(DpNashViDeliveredEpsilon(5, none, PucbNeighbourRelation::kAddRemove),
            std::numeric_limits<double>::infinity());
}

TEST(DpNashViOptionsTest, LogTermAsPrinted) {
  DpNashViOptions options;
  options.num_episodes = 100;
  options.failure_probability = 0.1;
  EXPECT_DOUBLE_EQ(DpNashViLogTerm({3, 2, 4}, options), std::log(30.0 * 24 * 100 / 0.1));
}

// E = 4 E0, E0 each family's tail bound at beta / (3 H S J (S + 1)).
TEST(DpNashViOptionsTest, ErrorBoundIsFourTimesTheTailBound) {
  const TabularShape cells{3, 2, 4};
  const double stream_beta = 0.05 / (3.0 * 24 * 4);
  DpNashViOptions central;
  central.num_episodes = 500;
  BinaryCounterOptions counter;
  counter.privacy_epsilon = DpNashViCounterEpsilon(4, central);
  counter.horizon_steps = 500;
  const BinaryCounterBank bank =
      BinaryCounterBank::Create(0, counter, RandomStream(StreamKey())).value();
  EXPECT_THAT(
      DpNashViErrorBound(cells, central),
      IsOkAndHolds(4.0 * CounterErrorTailBound(500, NodeNoiseOf(bank), stream_beta).value()));
  DpNashViOptions local = central;
  local.privatizer = DpNashViPrivatizer::kLocal;
  EXPECT_THAT(
      DpNashViErrorBound(cells, local),
      IsOkAndHolds(4.0 * DiscreteLaplaceRunningSumTailBound({16, 1}, 500, stream_beta).value()));
  DpNashViOptions none = central;
  none.privatizer = DpNashViPrivatizer::kNone;
  EXPECT_THAT(DpNashViErrorBound(cells, none), IsOkAndHolds(0.0));
  EXPECT_THAT(DpNashViErrorBound({0, 2, 4}, central),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
  central.privacy_epsilon = -1.0;
  EXPECT_THAT(DpNashViErrorBound(cells, central),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
}

}  // namespace
}  // namespace dprl
