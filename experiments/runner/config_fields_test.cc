#include "experiments/runner/config_fields.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "experiments/runner/config_toml.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

struct Grid {
  int64_t num_episodes = 3000;
  double failure_probability = 0.05;
  bool verbose = false;
  std::string planner = "paper";
  std::vector<int64_t> horizons = {5, 10};
  std::vector<double> privacy_epsilons = {0.1, 10};
  std::vector<std::string> environments = {"riverswim", "random_mdp"};
  int64_t riverswim_states = 4;
  double riverswim_reward = 1.0;

  void BindFields(ConfigFields& fields) {
    fields.Add("num_episodes", &num_episodes, "episodes");
    fields.Add("failure_probability", &failure_probability, "beta");
    fields.Add("verbose", &verbose, "a flag");
    fields.Add("planner", &planner, "a name");
    fields.Add("riverswim.num_states", &riverswim_states, "S of RiverSwim");
    fields.Add("horizons", &horizons, "H grid");
    fields.Add("privacy_epsilons", &privacy_epsilons, "eps grid");
    fields.Add("environments", &environments, "env names");
    fields.Add("riverswim.reward", &riverswim_reward, "reward");
  }
};

TEST(ConfigFieldsTest, SetsEveryTypeFromText) {
  Grid grid;
  ConfigFields fields;
  grid.BindFields(fields);
  EXPECT_THAT(fields.SetFromText("num_episodes", "1e6"), IsOk());
  EXPECT_EQ(grid.num_episodes, 1000000);
  EXPECT_THAT(fields.SetFromText("num_episodes", "-7"), IsOk());
  EXPECT_EQ(grid.num_episodes, -7);
  EXPECT_THAT(fields.SetFromText("failure_probability", "1e-3"), IsOk());
  EXPECT_EQ(grid.failure_probability, 1e-3);
  EXPECT_THAT(fields.SetFromText("verbose", "true"), IsOk());
  EXPECT_TRUE(grid.verbose);
  EXPECT_THAT(fields.SetFromText("planner", "exact tail"), IsOk());
  EXPECT_EQ(grid.planner, "exact tail");
  EXPECT_THAT(fields.SetFromText("horizons", "2,3"), IsOk());
  EXPECT_THAT(grid.horizons, ElementsAre(2, 3));
  EXPECT_THAT(fields.SetFromText("privacy_epsilons", "0.5,5"), IsOk());
  EXPECT_THAT(grid.privacy_epsilons, ElementsAre(0.5, 5));
  EXPECT_THAT(fields.SetFromText("environments", "riverswim"), IsOk());
  EXPECT_THAT(grid.environments, ElementsAre("riverswim"));
  EXPECT_THAT(fields.SetFromText("privacy_epsilons", ""), IsOk());
  EXPECT_TRUE(grid.privacy_epsilons.empty());
  EXPECT_THAT(fields.SetFromText("riverswim.num_states", "10"), IsOk());
  EXPECT_EQ(grid.riverswim_states, 10);
}

// What the runner names when a grid has no configurations or two share a group name.
TEST(ConfigFieldsTest, NamesEmptyListsAndRepeatedListValues) {
  Grid grid;
  ConfigFields fields;
  grid.BindFields(fields);
  EXPECT_TRUE(fields.EmptyListFields().empty());
  EXPECT_THAT(fields.FindRepeatedListValue(), IsOk());
  ASSERT_THAT(fields.SetFromText("environments", ""), IsOk());
  ASSERT_THAT(fields.SetFromText("horizons", ""), IsOk());
  EXPECT_THAT(fields.EmptyListFields(), ElementsAre("horizons", "environments"));
  ASSERT_THAT(fields.SetFromText("privacy_epsilons", "0.5,2,0.5"), IsOk());
  EXPECT_THAT(
      fields.FindRepeatedListValue(),
      StatusIs(absl::StatusCode::kInvalidArgument, "field 'privacy_epsilons' lists '0.5' twice"));
  ASSERT_THAT(fields.SetFromText("environments", "riverswim,riverswim"), IsOk());
  EXPECT_THAT(fields.FindRepeatedListValue(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "field 'privacy_epsilons' lists '0.5' twice"));  // the first such field
}

TEST(ConfigFieldsTest, UnknownAndIllTypedValuesNameTheField) {
  Grid grid;
  ConfigFields fields;
  grid.BindFields(fields);
  EXPECT_THAT(fields.SetFromText("num_states", "10"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "unknown field 'num_states' (see --help for the fields of this "
                       "experiment)"));
  EXPECT_THAT(
      fields.SetFromText("num_episodes", "ten"),
      StatusIs(absl::StatusCode::kInvalidArgument, "field 'num_episodes' takes an int, got 'ten'"));
  for (const char* bad : {"1.5", "1e30", "", "nan", "1,2", "0x10", "-0x10"}) {
    EXPECT_THAT(fields.SetFromText("num_episodes", bad),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("takes an int")))
        << bad;
  }
  EXPECT_THAT(
      fields.SetFromText("verbose", "yes"),
      StatusIs(absl::StatusCode::kInvalidArgument, "field 'verbose' takes a bool, got 'yes'"));
  EXPECT_THAT(fields.SetFromText("privacy_epsilons", "0.5,,5"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "field 'privacy_epsilons' takes a list of float, got '0.5,,5'"));
  EXPECT_THAT(
      fields.SetValue("planner", FieldValue(int64_t{3})),
      StatusIs(absl::StatusCode::kInvalidArgument, "field 'planner' takes a string, got an int"));
  // A failed set leaves the field unchanged.
  EXPECT_EQ(grid.num_episodes, 3000);
  EXPECT_THAT(grid.privacy_epsilons, ElementsAre(0.1, 10));
}

TEST(ConfigFieldsTest, FormatsTextThatParsesBack) {
  Grid grid;
  grid.privacy_epsilons = {0.1, 1.0 / 3.0, 1e300, INFINITY};
  ConfigFields fields;
  grid.BindFields(fields);
  const ConfigFields::Field* epsilons = fields.Find("privacy_epsilons");
  ASSERT_NE(epsilons, nullptr);
  EXPECT_EQ(ConfigFields::FormatText(*epsilons), "0.1,0.3333333333333333,1e+300,inf");
  const std::vector<double> before = grid.privacy_epsilons;
  EXPECT_THAT(fields.SetFromText("privacy_epsilons", ConfigFields::FormatText(*epsilons)), IsOk());
  EXPECT_EQ(grid.privacy_epsilons, before);
  EXPECT_EQ(ConfigFields::FormatToml(*fields.Find("environments")),
            "[\"riverswim\", \"random_mdp\"]");
  EXPECT_EQ(ConfigFields::FormatToml(*fields.Find("riverswim.reward")), "1.0");
}

TEST(ConfigFieldsTest, TomlRoundTripReproducesEveryValue) {
  Grid original;
  original.num_episodes = 123456789012;
  original.failure_probability = 0.1 + 0.2;
  original.verbose = true;
  original.planner = "a \"quoted\" \\ name";
  original.horizons = {};
  original.privacy_epsilons = {0.5, 5, 1e-300};
  original.environments = {"riverswim"};
  original.riverswim_states = 10;
  original.riverswim_reward = 2;
  ConfigFields original_fields;
  original.BindFields(original_fields);
  const std::string toml = original_fields.ToToml();
  EXPECT_THAT(toml, HasSubstr("\n[riverswim]\nnum_states = 10\nreward = 2.0\n"));

  Grid copy;
  ConfigFields copy_fields;
  copy.BindFields(copy_fields);
  ASSERT_THAT(ApplyToml(toml, "resolved.toml", &copy_fields), IsOk()) << toml;
  EXPECT_EQ(copy.num_episodes, original.num_episodes);
  EXPECT_EQ(copy.failure_probability, original.failure_probability);
  EXPECT_EQ(copy.verbose, original.verbose);
  EXPECT_EQ(copy.planner, original.planner);
  EXPECT_EQ(copy.horizons, original.horizons);
  EXPECT_EQ(copy.privacy_epsilons, original.privacy_epsilons);
  EXPECT_EQ(copy.environments, original.environments);
  EXPECT_EQ(copy.riverswim_states, original.riverswim_states);
  EXPECT_EQ(copy.riverswim_reward, original.riverswim_reward);
  EXPECT_EQ(copy_fields.ToToml(), toml);
}

TEST(ConfigTomlTest, AcceptsIntegersForFloatsAndDottedKeys) {
  Grid grid;
  ConfigFields fields;
  grid.BindFields(fields);
  ASSERT_THAT(ApplyToml("failure_probability = 1\nprivacy_epsilons = [1, 2.5]\n"
                        "riverswim.num_states = 12\n",
                        "run.toml", &fields),
              IsOk());
  EXPECT_EQ(grid.failure_probability, 1.0);
  EXPECT_THAT(grid.privacy_epsilons, ElementsAre(1.0, 2.5));
  EXPECT_EQ(grid.riverswim_states, 12);
}

TEST(ConfigTomlTest, ErrorsNameTheFileAndTheFieldOrLine) {
  Grid grid;
  ConfigFields fields;
  grid.BindFields(fields);
  EXPECT_THAT(ApplyToml("num_episodes = 10\n[riverswim]\nnum_actions = 3\n", "run.toml", &fields),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "--config=run.toml: unknown field 'riverswim.num_actions' (see --help for "
                       "the fields of this experiment)"));
  EXPECT_THAT(ApplyToml("num_episodes = 2.5\n", "run.toml", &fields),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "--config=run.toml: field 'num_episodes' takes an int, got a float"));
  EXPECT_THAT(ApplyToml("privacy_epsilons = [1, \"a\"]\n", "run.toml", &fields),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'privacy_epsilons' has a TOML value of an unsupported")));
  EXPECT_THAT(
      ApplyToml("num_episodes = 10\nnum_episodes = 11\n", "run.toml", &fields),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("--config=run.toml: line 2: ")));
  EXPECT_THAT(ApplyTomlFile("/nonexistent/run.toml", &fields),
              StatusIs(absl::StatusCode::kNotFound,
                       "--config=/nonexistent/run.toml: cannot read the file: No such file or directory"));
}

TEST(ConfigTomlTest, KeysDeeperThanTheLimitAreRefusedBeforeParsing) {
  Grid grid;
  ConfigFields fields;
  grid.BindFields(fields);
  const std::string too_deep = "line 2: a key nested deeper than 16 levels";
  // 16 levels pass the depth check (and then name the unknown field); 17 do not, whether as a
  // dotted key, a table header, a key inside a table, or inline tables.
  std::string levels_16 = "a";
  for (int i = 1; i < 16; ++i) levels_16 += ".a";
  EXPECT_THAT(ApplyToml("num_episodes = 1\n" + levels_16 + " = 1\n", "run.toml", &fields),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("unknown field")));
  EXPECT_THAT(ApplyToml("num_episodes = 1\n" + levels_16 + ".a = 1\n", "run.toml", &fields),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(too_deep)));
  EXPECT_THAT(ApplyToml("num_episodes = 1\n[" + levels_16 + ".a]\n", "run.toml", &fields),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(too_deep)));
  std::string inline_tables = "num_episodes = 1\nx = ";
  for (int i = 0; i < 20; ++i) inline_tables += "{a = ";
  inline_tables += "1" + std::string(20, '}') + "\n";
  EXPECT_THAT(ApplyToml(inline_tables, "run.toml", &fields),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(too_deep)));
  EXPECT_THAT(
      ApplyToml("num_episodes = 1\nx = {b = 1, " + levels_16 + " = 1}\n", "run.toml", &fields),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(too_deep)));
  // Dots in strings, numbers, comments and multi-line arrays are not levels.
  std::string dots = "environments = [\"" + levels_16 + ".a.a\"]  # " + levels_16 + ".a\n";
  dots += "privacy_epsilons = [\n";
  for (int i = 0; i < 20; ++i) dots += "  1.5,\n";
  dots += "]\nriverswim.num_states = 12\n";
  EXPECT_THAT(ApplyToml(dots, "run.toml", &fields), IsOk());
  EXPECT_EQ(grid.riverswim_states, 12);
}

}  // namespace
}  // namespace dprl
