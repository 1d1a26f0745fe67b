#include "experiments/vietri/vietri_lower_bound_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/hdf5_names.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/tabular/agents/pucb.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

std::string EnvOf(const ConfigSpec& config) {
  return TabularEnvironmentNameBinding().Read(config).value().env;
}

TEST(VietriLowerBoundConfigsTest, EveryScaleHasValidDeterministicConfigs) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs =
        VietriLowerBoundGrid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    EXPECT_THAT(ValidateConfigs(*configs), IsOk());
    absl::StatusOr<std::vector<ConfigSpec>> again =
        VietriLowerBoundGrid::ForScale(scale).MakeConfigs();
    ASSERT_EQ(again->size(), configs->size());
    std::set<std::string> envs, agents;
    for (size_t i = 0; i < configs->size(); ++i) {
      const ConfigSpec& config = (*configs)[i];
      EXPECT_EQ(config.group_name, (*again)[i].group_name);
      EXPECT_EQ(config.attributes, (*again)[i].attributes);
      envs.insert(EnvOf(config));
      const std::string agent = TabularAgentNameBinding().Read(config).value().agent;
      agents.insert(agent);
      // Every config describes a valid lower-bound environment and (for PUCB) valid options.
      EXPECT_THAT(MakeLowerBoundEnvironment(config, 7), IsOk()) << config.group_name;
      const double alpha = ConfigAttribute<double>(config, hdf5_names::kPacAlpha);
      const double unit = ConfigAttribute<double>(config, hdf5_names::kPacAlphaUnit);
      EXPECT_DOUBLE_EQ(alpha, unit * kPacAlphaMultipliers[kPacAlphaFixedIndex]);
      if (agent == "pucb") {
        const absl::StatusOr<PucbOptions> options = PucbBinding().Read(config);
        ASSERT_THAT(options, IsOk());
        EXPECT_THAT(options->Validate(), IsOk());
        // The exact-tail E is 0 where the node noise is almost surely 0 (eps = 1e5).
        EXPECT_GE(PucbGuaranteeBinding().Read(config).value().error_bound, 0.0);
      } else {
        EXPECT_FALSE(HasConfigAttribute(config, hdf5_names::kPrivacyEpsilon));
      }
    }
    EXPECT_EQ(agents, (std::set<std::string>{"ubev", "pucb_noiseless", "pucb"}));
    EXPECT_GE(envs.size(), 1u);
  }
}

TEST(VietriLowerBoundConfigsTest, PrivacyGridHasAtLeastThreeEpsOutsideSmoke) {
  for (Scale scale : {Scale::kDefault, Scale::kPaper}) {
    std::set<std::pair<std::string, double>> eps_per_env;
    const std::vector<ConfigSpec> configs =
        VietriLowerBoundGrid::ForScale(scale).MakeConfigs().value();
    for (const ConfigSpec& config : configs) {
      if (HasConfigAttribute(config, hdf5_names::kPrivacyEpsilon)) {
        eps_per_env.insert(
            {EnvOf(config), ConfigAttribute<double>(config, hdf5_names::kPrivacyEpsilon)});
      }
    }
    EXPECT_GE(eps_per_env.size(), 6u);  // slope fit over >= 3 eps per env, >= 2 envs
  }
}

TEST(VietriLowerBoundTaskTest, TaskIsDeterministicAndPacCountsBoundTheRegret) {
  const std::vector<ConfigSpec> configs =
      VietriLowerBoundGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  NullProgressReporter progress;
  for (size_t c = 0; c < configs.size(); ++c) {
    TaskContext context{static_cast<int>(c), 1, 20201, &progress};
    TaskResult first = RunVietriLowerBoundTask(configs[c], context).value();
    TaskResult second = RunVietriLowerBoundTask(configs[c], context).value();
    ASSERT_THAT(ValidateTaskResult(first), IsOk());
    EXPECT_EQ(first.series, second.series);
    EXPECT_EQ(first.scalars, second.scalars);
    const int64_t T = TabularRegretSettingsBinding().Read(configs[c]).value().num_episodes;
    ExpectRegretOnGrid(first, T);
    const double total = ScalarOf(first, hdf5_names::kTotalRegret);
    const double optimal_value = ScalarOf(first, hdf5_names::kOptimalValue);
    const std::vector<double>& alphas = SeriesOf(first, hdf5_names::kPacAlphaGrid);
    const std::vector<double>& counts = SeriesOf(first, hdf5_names::kNonAlphaOptimalEpisodes);
    const std::vector<double>& settled = SeriesOf(first, hdf5_names::kAlphaOptimalFromEpisode);
    const std::vector<double>& instance = SeriesOf(first, hdf5_names::kInstance);
    ASSERT_EQ(alphas.size(), std::size(kPacAlphaMultipliers));
    ASSERT_EQ(counts.size(), alphas.size());
    ASSERT_EQ(settled.size(), alphas.size());
    EXPECT_DOUBLE_EQ(alphas[kPacAlphaFixedIndex],
                     ConfigAttribute<double>(configs[c], hdf5_names::kPacAlpha));
    for (size_t k = 0; k < alphas.size(); ++k) {
      // The counts are MeasurePac of the regret series (episode_loop_test checks that); here:
      // count episodes have regret in (alpha, rho*], the other T - count in [0, alpha], so
      // count * alpha <= total regret <= count * rho* + (T - count) * alpha.
      const double slack = 1e-9 * (1.0 + total);
      EXPECT_LE(counts[k] * alphas[k], total + slack) << k;
      EXPECT_LE(total, counts[k] * optimal_value + (T - counts[k]) * alphas[k] + slack) << k;
      EXPECT_GE(settled[k], counts[k] + 1);
      EXPECT_LE(settled[k], T + 1);
      if (k > 0) {
        EXPECT_LE(counts[k], counts[k - 1]);  // alphas ascend
      }
    }
    EXPECT_EQ(
        instance.size(),
        static_cast<size_t>(LowerBoundBinding().Read(configs[c]).value().mdp.num_initial_states));
  }
}

TEST(VietriLowerBoundTaskTest, AllAgentsFaceTheSameInstance) {
  const std::vector<ConfigSpec> configs =
      VietriLowerBoundGrid::ForScale(Scale::kDefault).MakeConfigs().value();
  std::map<std::string, std::vector<int>> instance_of_env;
  for (const ConfigSpec& config : configs) {
    const std::vector<int> instance = MakeLowerBoundEnvironment(config, 99).value().instance;
    auto [it, inserted] = instance_of_env.emplace(EnvOf(config), instance);
    if (!inserted) {
      EXPECT_EQ(it->second, instance) << config.group_name;
    }
  }
}

TEST(VietriLowerBoundTaskTest, InstancesDependOnTheMasterSeed) {
  const std::vector<ConfigSpec> configs =
      VietriLowerBoundGrid::ForScale(Scale::kDefault).MakeConfigs().value();
  const ConfigSpec& last = configs.back();  // the largest instance of the scale
  std::set<std::vector<int>> instances;
  for (uint64_t master_seed = 1; master_seed <= 20; ++master_seed) {
    instances.insert(MakeLowerBoundEnvironment(last, master_seed).value().instance);
  }
  EXPECT_GE(instances.size(), 5u);  // (m+1)^n >= 9 equally likely instances
}

TEST(VietriLowerBoundGridTest, InstanceNamesRoundTripAndBadOnesAreNamed) {
  const LowerBoundInstance instance = ParseLowerBoundInstance("n3_m2_H4").value();
  EXPECT_EQ(instance.num_initial_states, 3);
  EXPECT_EQ(instance.num_arms, 2);
  EXPECT_EQ(instance.rewarded_horizon, 4);
  EXPECT_EQ(LowerBoundInstanceName(instance), "n3_m2_H4");
  for (const char* bad : {"n3_m2", "n3_m2_H4x", "3_2_4", "n03_m2_H4", ""}) {
    EXPECT_THAT(ParseLowerBoundInstance(bad),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("n<N>_m<M>_H<H>")))
        << bad;
  }
  EXPECT_THAT(ParseLowerBoundInstance("n2147483647_m1_H2"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("n, m and H must all be <= 1073741824")));
  TypedGrid<VietriLowerBoundGrid> grid(Scale::kSmoke);
  ASSERT_THAT(grid.fields().SetFromText("instances", "n2_m1_H2,n2_m1"), IsOk());
  EXPECT_THAT(grid.MakeConfigs(), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("field 'instances' value #2: 'n2_m1'")));
  ASSERT_THAT(grid.fields().SetFromText("instances", "n0_m1_H2"), IsOk());
  EXPECT_THAT(grid.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "field 'instances' value #1: 'n0_m1_H2': n, m and H must all be >= 1"));
  TypedGrid<VietriLowerBoundGrid> variants(Scale::kSmoke);
  ASSERT_THAT(variants.fields().SetFromText("agent_variants", "ubev,pucb"), IsOk());
  std::set<std::string> groups;
  const std::vector<ConfigSpec> configs = variants.MakeConfigs().value();
  for (const ConfigSpec& config : configs) groups.insert(config.group_name);
  EXPECT_EQ(groups, (std::set<std::string>{"lower_bound_n2_m1_H2-ubev",
                                           "lower_bound_n2_m1_H2-pucb-eps=1000",
                                           "lower_bound_n2_m1_H2-pucb-eps=10000"}));
}

TEST(VietriLowerBoundGridTest, EveryConfigIsMadeAtEachAlphaPrime) {
  const std::vector<ConfigSpec> one =
      VietriLowerBoundGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  TypedGrid<VietriLowerBoundGrid> grid(Scale::kSmoke);
  ASSERT_THAT(grid.fields().SetFromText("alpha_primes", "0.5,0.25"), IsOk());
  const std::vector<ConfigSpec> two = grid.MakeConfigs().value();
  EXPECT_THAT(ValidateConfigs(two), IsOk());
  ASSERT_EQ(two.size(), 2 * one.size());
  // The first half is the one-alpha' grid (alpha' = 0.5) with -ap=0.5 appended to every name; the
  // second half the same configurations at alpha' = 0.25, whose gap g = H alpha'/(2n) is half.
  for (size_t i = 0; i < one.size(); ++i) {
    const ConfigSpec& at_half = two[i];
    const ConfigSpec& at_quarter = two[one.size() + i];
    EXPECT_EQ(at_half.group_name, one[i].group_name + "-ap=0.5");
    EXPECT_EQ(at_quarter.group_name, one[i].group_name + "-ap=0.25");
    EXPECT_EQ(at_half.attributes, one[i].attributes) << at_half.group_name;
    EXPECT_EQ(ConfigAttribute<double>(at_quarter, "alpha_prime"), 0.25);
    EXPECT_EQ(ConfigAttribute<double>(at_half, "alpha_prime"), 0.5);
    EXPECT_DOUBLE_EQ(ConfigAttribute<double>(at_quarter, hdf5_names::kPacAlphaUnit),
                     0.5 * ConfigAttribute<double>(at_half, hdf5_names::kPacAlphaUnit));
    EXPECT_EQ(EnvOf(at_quarter), EnvOf(at_half));
    EXPECT_EQ(at_quarter.estimated_core_seconds, at_half.estimated_core_seconds);
    // Same env name: the same instance vector I at both alpha', only the gap differs.
    EXPECT_EQ(MakeLowerBoundEnvironment(at_quarter, 5).value().instance,
              MakeLowerBoundEnvironment(at_half, 5).value().instance);
  }
}

TEST(VietriLowerBoundGridTest, AlphaPrimesAreValidatedByValue) {
  for (const auto& [values, message] : std::vector<std::pair<std::vector<double>, std::string>>{
           {{0.5, 0.0}, "field 'alpha_primes' value #2 must be finite and > 0, got 0"},
           {{0.6}, "field 'alpha_primes' value #1"},
           {{0.25, std::nan("")}, "field 'alpha_primes' value #2"},
           {{}, "field 'alpha_primes' must list at least one value in (0, 0.5]"},
           {{0.25, 0.25}, "field 'alpha_primes' lists 0.25 twice"},
           {{0.5, 1e-300},
            "field 'alpha_primes' value 1e-300 on lower_bound_n2_m1_H2: the PAC bound shapes"}}) {
    VietriLowerBoundGrid grid = VietriLowerBoundGrid::ForScale(Scale::kSmoke);
    grid.alpha_primes = values;
    EXPECT_THAT(grid.MakeConfigs(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(message)))
        << message;
  }
  VietriLowerBoundGrid above = VietriLowerBoundGrid::ForScale(Scale::kSmoke);
  above.alpha_primes = {0.6};
  EXPECT_THAT(above.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("got 0.6")));
}

TEST(VietriLowerBoundTaskTest, StoredValuesEstimateMatchesTheResult) {
  const std::vector<ConfigSpec> configs =
      VietriLowerBoundGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  NullProgressReporter progress;
  for (int c : {0, 2}) {
    const TaskResult result = RunVietriLowerBoundTask(configs[c], {c, 0, 20201, &progress}).value();
    int64_t values = static_cast<int64_t>(result.scalars.size());
    for (const auto& [name, series] : result.series) values += static_cast<int64_t>(series.size());
    EXPECT_EQ(values, configs[c].stored_values_per_seed) << configs[c].group_name;
  }
}

TEST(VietriLowerBoundTaskTest, RejectsConfigWithoutAttributes) {
  ConfigSpec broken;
  broken.group_name = "broken";
  NullProgressReporter progress;
  absl::StatusOr<TaskResult> result = RunVietriLowerBoundTask(broken, {0, 0, 1, &progress});
  EXPECT_THAT(result, StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("env")));
  ConfigSpec wrong_shape = VietriLowerBoundGrid::ForScale(Scale::kSmoke).MakeConfigs().value()[0];
  for (auto& [name, value] : wrong_shape.attributes) {
    if (name == hdf5_names::kHorizon) value = int64_t{2};
  }
  EXPECT_THAT(MakeLowerBoundEnvironment(wrong_shape, 1),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rewarded_horizon + 1")));
}

}  // namespace
}  // namespace dprl
