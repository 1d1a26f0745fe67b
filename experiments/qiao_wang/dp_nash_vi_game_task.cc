#include "experiments/qiao_wang/dp_nash_vi_game_task.h"

#include <climits>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/core/task_streams.h"
#include "experiments/qiao_wang/dp_nash_vi_game_task_names.h"
#include "experiments/qiao_wang/dp_nash_vi_variants.h"
#include "experiments/tabular/agents/dp_nash_vi.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "schema/attribute_fields.h"
#include "schema/option_binding.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

constexpr char kMatchingPennies[] = "matching_pennies";
constexpr char kRandomGame[] = "random_game";

// Per episode: the H S CCE linear programs over A B joint actions (GLPK), the post-processing
// and backup of the S^2 A B H (cell, next state) pairs, the exact best responses; measured on the
// default grid's random game (S = 3, A = B = 2, H = 3) by //experiments:cost_model_calibration.
const CostModel& kGameCost = RegisterCostModel(
    {"dp_nash_vi_game",
     "episode x S A B H",
     4.3e-6,
     {{experiment_names::kDpNashViGameFig,
       "default",
       {"games=random_game", "reference_agents=nash_vi", "private_agents=", "num_episodes=2000"},
       "random_game-nash_vi"},
      {experiment_names::kDpNashViGameFig,
       "default",
       {"games=random_game", "reference_agents=", "private_agents=dp_nash_vi_jdp",
        "privacy_epsilons=1000", "num_episodes=2000"},
       "random_game-dp_nash_vi_jdp-eps=1000"},
      {experiment_names::kDpNashViGameFig,
       "default",
       {"games=random_game", "reference_agents=", "private_agents=dp_nash_vi_ldp",
        "privacy_epsilons=1000", "num_episodes=2000"},
       "random_game-dp_nash_vi_ldp-eps=1000"}}});

// The attributes of a configuration's game: its shape (MarkovGameShapeBinding,
// schema/tabular_records.h) and, for random_game, the Dirichlet concentration.
const OptionBinding<RandomMarkovGameOptions>& ConcentrationBinding() {
  static const auto* binding = &(*new OptionBinding<RandomMarkovGameOptions>("game random_game"))
                                    .Float(attribute_fields::kDirichletConcentration,
                                           &RandomMarkovGameOptions::dirichlet_concentration,
                                           "alpha of the Dirichlet transition rows");
  return *binding;
}

MarkovGameShape ShapeOf(const RandomMarkovGameOptions& options) {
  return MarkovGameShape{options.num_states, options.num_max_actions, options.num_min_actions,
                         options.horizon};
}

absl::StatusOr<MarkovGame> MakeGame(const std::string& game, const RandomMarkovGameOptions& options,
                                    uint64_t master_seed) {
  if (game == kMatchingPennies) return MakeMatchingPennies(options.horizon);
  RandomStream generation = TaskStreams::Instance(master_seed, kRandomGame);
  return MakeRandomMarkovGame(options, generation);
}

// The joint-action cells (S, A B, H) on which the agent's counts and E live.
TabularShape JointCells(const RandomMarkovGameOptions& options) {
  return TabularShape{options.num_states, options.num_max_actions * options.num_min_actions,
                      options.horizon};
}

double GameTaskCoreSeconds(const TabularShape& cells, int64_t num_episodes) {
  return kGameCost.core_seconds_per_unit * static_cast<double>(cells.StateActionSteps()) *
         static_cast<double>(num_episodes);
}

std::vector<std::string> PrivateVariants() {
  std::vector<std::string> variants;
  for (const char* agent : {kDpNashViJdp, kDpNashViLdp}) {
    variants.push_back(agent);
    variants.push_back(absl::StrCat(agent, kAsPrintedSuffix));
    variants.push_back(absl::StrCat(agent, kScaledSuffix));
  }
  return variants;
}

std::vector<std::string> ReferenceVariants() {
  return {kNashVi, absl::StrCat(kNashVi, kScaledSuffix)};
}

}  // namespace

DpNashViGameGrid DpNashViGameGrid::ForScale(Scale scale) {
  DpNashViGameGrid grid;
  grid.games = {kMatchingPennies, kRandomGame};
  grid.matching_pennies_horizon = 3;
  grid.random_game_num_states = 3;
  grid.random_game_num_max_actions = 2;
  grid.random_game_num_min_actions = 2;
  grid.random_game_horizon = 3;
  grid.random_game_dirichlet_concentration = 1.0;
  grid.reference_agents = ReferenceVariants();
  grid.private_agents = {kDpNashViJdp, kDpNashViLdp, absl::StrCat(kDpNashViJdp, kScaledSuffix),
                         absl::StrCat(kDpNashViLdp, kScaledSuffix)};
  grid.failure_probability = 0.05;
  grid.scaled_constants = 0.01;
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 300;
      grid.privacy_epsilons = {10, 1000};
      break;
    case Scale::kDefault:
      grid.num_episodes = 20000;
      grid.privacy_epsilons = {10, 1000, 100000};
      break;
    case Scale::kPaper:
      grid.num_episodes = 1000000;
      grid.privacy_epsilons = {1, 10, 100, 1000, 10000, 100000, 1000000};
      break;
  }
  return grid;
}

void DpNashViGameGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes,
             "episodes K of every run (1 to 1e18; the as-printed central calibration needs 2)");
  fields.Add("games", &games,
             "games, each run with every agent: matching_pennies (S = 1, A = B = 2, Nash value "
             "(H - h)/2), random_game (Dirichlet transitions, Uniform(0, 1) rewards, drawn once "
             "from --master_seed; envs/markov_game.h)");
  fields.Add("matching_pennies.horizon", &matching_pennies_horizon, "H of matching_pennies (>= 1)");
  fields.Add("random_game.num_states", &random_game_num_states, "S of random_game (>= 1)");
  fields.Add("random_game.num_max_actions", &random_game_num_max_actions,
             "A, the max-player's actions of random_game (>= 1)");
  fields.Add("random_game.num_min_actions", &random_game_num_min_actions,
             "B, the min-player's actions of random_game (>= 1)");
  fields.Add("random_game.horizon", &random_game_horizon, "H of random_game (>= 1)");
  fields.Add("random_game.dirichlet_concentration", &random_game_dirichlet_concentration,
             "alpha of random_game's Dirichlet transition rows (finite, > 0)");
  fields.Add("reference_agents", &reference_agents,
             "non-private references: nash_vi (DP-Nash-VI without a Privatizer, E = 0; Liu et "
             "al. 2021), nash_vi_scaled (the same with C1, C2 x scaled_constants)");
  fields.Add("private_agents", &private_agents,
             "private variants, each run at every privacy_epsilons value: dp_nash_vi_jdp "
             "(Central Privatizer, eps-JDP), dp_nash_vi_ldp (Local Privatizer, eps-LDP), each "
             "also _as_printed (the paper's printed noise) and _scaled (C1, C2 x "
             "scaled_constants, outside Thm. 4.1)");
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "eps of every private agent (> 0; the user is an episode's pair of players; JDP: "
             "add/remove one pair's episode; LDP: any two trajectories)");
  fields.Add("failure_probability", &failure_probability, "beta of DP-Nash-VI, in [1e-50, 1)");
  fields.Add("scaled_constants", &scaled_constants,
             "the factor of C1 = 3 and C2 = 10 in the _scaled variants (> 0)");
}

absl::StatusOr<std::vector<ConfigSpec>> DpNashViGameGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  RETURN_IF_ERROR(ValidateChoices("games", games, {kMatchingPennies, kRandomGame}));
  struct SizeField {
    const char* name;
    int64_t value;
  };
  for (const SizeField& field :
       {SizeField{"matching_pennies.horizon", matching_pennies_horizon},
        SizeField{"random_game.num_states", random_game_num_states},
        SizeField{"random_game.num_max_actions", random_game_num_max_actions},
        SizeField{"random_game.num_min_actions", random_game_num_min_actions},
        SizeField{"random_game.horizon", random_game_horizon}}) {
    RETURN_IF_ERROR(ValidateFieldAtLeast(field.name, field.value, 1));
    RETURN_IF_ERROR(ValidateFieldAtMost(field.name, field.value, INT_MAX));
  }
  RETURN_IF_ERROR(ValidateScale(GridFieldName("random_game.dirichlet_concentration"),
                                random_game_dirichlet_concentration));
  RETURN_IF_ERROR(ValidateChoices("reference_agents", reference_agents, ReferenceVariants()));
  ASSIGN_OR_RETURN(
      const TabularAgentSettings settings,
      ValidateDpNashViGridFields(num_episodes, private_agents, PrivateVariants(), privacy_epsilons,
                                 failure_probability, scaled_constants));

  std::vector<ConfigSpec> configs;
  for (const std::string& game : games) {
    RandomMarkovGameOptions options;
    if (game == kMatchingPennies) {
      options.num_states = 1;
      options.num_max_actions = 2;
      options.num_min_actions = 2;
      options.horizon = static_cast<int>(matching_pennies_horizon);
    } else {
      options.num_states = static_cast<int>(random_game_num_states);
      options.num_max_actions = static_cast<int>(random_game_num_max_actions);
      options.num_min_actions = static_cast<int>(random_game_num_min_actions);
      options.horizon = static_cast<int>(random_game_horizon);
      options.dirichlet_concentration = random_game_dirichlet_concentration;
      if (const absl::Status valid = options.Validate(); !valid.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("fields 'random_game.*': ", valid.message()));
      }
    }
    const TabularShape cells = JointCells(options);
    const std::string fields =
        game == kMatchingPennies ? "matching_pennies.horizon" : "random_game.*";
    RETURN_IF_ERROR(CheckMdpMemory(absl::StrCat("fields '", fields, "'"), cells.num_states,
                                   cells.num_actions, cells.horizon));
    RETURN_IF_ERROR(CheckTabularAgentMemory(cells));
    AttributeList game_attributes =
        TabularEnvironmentNameBinding().Attributes(TabularTypeNames{game, ""});
    MergeAttributes(MarkovGameShapeBinding().Attributes(ShapeOf(options)), game_attributes);
    if (game == kRandomGame) {
      MergeAttributes(ConcentrationBinding().Attributes(options), game_attributes);
    }

    auto add = [&](const std::string& group, const DpNashViVariantConfig& variant,
                   const std::string& label) -> absl::Status {
      ConfigSpec config;
      config.group_name = absl::StrCat(game, "-", group);
      config.attributes = game_attributes;
      TabularAgentNameBinding().Write(TabularTypeNames{"", variant.agent}, config.attributes);
      DisplayLabelBinding().Write(DisplayLabel{label}, config.attributes);
      TabularRegretSettingsBinding().Write(TabularRegretSettings{num_episodes}, config.attributes);
      MergeAttributes(variant.attributes, config.attributes);
      const std::string subject =
          absl::StrCat("field 'num_episodes' = ", num_episodes, " on ", game,
                       " (S A B H = ", cells.StateActionSteps(), ", agent ", group, ")");
      RETURN_IF_ERROR(TabularAgentParametersBinding().Read(config.attributes, subject).status());
      config.estimated_core_seconds = GameTaskCoreSeconds(cells, num_episodes);
      // The grid and the cumulative regret on it, total_regret, total_value_gap and
      // bracket_violation_episodes.
      config.stored_values_per_seed = 2 * EpisodeGridSize(num_episodes) + 3;
      RETURN_IF_ERROR(CheckTaskTime(subject, config.estimated_core_seconds));
      configs.push_back(std::move(config));
      return absl::OkStatus();
    };
    for (const std::string& name : reference_agents) {
      const DpNashViVariant variant = ParseDpNashViVariant(name);
      ASSIGN_OR_RETURN(const DpNashViVariantConfig config,
                       MakeDpNashViVariantConfig(variant, 0.0, cells, settings, scaled_constants));
      RETURN_IF_ERROR(add(name, config, DpNashViVariantLabel(config, 0.0)));
    }
    for (const std::string& name : private_agents) {
      const DpNashViVariant variant = ParseDpNashViVariant(name);
      for (const double privacy_epsilon : privacy_epsilons) {
        absl::StatusOr<DpNashViVariantConfig> config =
            MakeDpNashViVariantConfig(variant, privacy_epsilon, cells, settings, scaled_constants);
        if (!config.ok()) {
          return PrivacyEpsilonRefused(privacy_epsilon, name, num_episodes, game, config.status());
        }
        RETURN_IF_ERROR(add(DpNashViPrivateGroup(name, privacy_epsilon), *config,
                            DpNashViVariantLabel(*config, privacy_epsilon)));
      }
    }
  }
  return configs;
}

absl::StatusOr<MarkovGame> MakeConfiguredGame(const ConfigSpec& config, uint64_t master_seed) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  if (names.env != kMatchingPennies && names.env != kRandomGame) {
    return absl::InvalidArgumentError(absl::StrCat("configuration ", config.group_name, ": env '",
                                                   names.env, "' is not one of ", kMatchingPennies,
                                                   ", ", kRandomGame));
  }
  ASSIGN_OR_RETURN(const MarkovGameShape shape, MarkovGameShapeBinding().Read(config));
  RandomMarkovGameOptions options;
  options.num_states = shape.num_states;
  options.num_max_actions = shape.num_max_actions;
  options.num_min_actions = shape.num_min_actions;
  options.horizon = shape.horizon;
  if (names.env == kRandomGame) {
    ASSIGN_OR_RETURN(options, ConcentrationBinding().Read(config, options));
  }
  absl::StatusOr<MarkovGame> game = MakeGame(names.env, options, master_seed);
  if (!game.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": ", game.status().message()));
  }
  if (names.env == kMatchingPennies &&
      (options.num_states != 1 || options.num_max_actions != 2 || options.num_min_actions != 2)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name,
        ": matching_pennies has num_states = 1, num_max_actions = num_min_actions = 2"));
  }
  return game;
}

absl::StatusOr<TaskResult> RunDpNashViGameTask(const ConfigSpec& config,
                                               const TaskContext& context) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                   TabularRegretSettingsBinding().Read(config));
  ASSIGN_OR_RETURN(const MarkovGame game, MakeConfiguredGame(config, context.master_seed));
  ASSIGN_OR_RETURN(const DpNashViOptions options, ReadDpNashViOptions(config));
  const TaskStreams streams(config, context);
  absl::StatusOr<std::unique_ptr<DpNashViGameAgent>> agent =
      DpNashViGameAgent::Create(game, options, streams.PrivacyNoise());
  if (!agent.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": ", agent.status().message()));
  }
  CumulativeOnGrid regret(settings.num_episodes);
  double total_value_gap = 0.0;
  int64_t violation_episodes = 0;
  const double tolerance = kBracketTolerancePerStep * game.horizon();
  RETURN_IF_ERROR(RunGameEpisodes(
      game, **agent, settings.num_episodes, streams.Environment(names.env), streams.Policy(),
      [&](const GameEpisode& episode) {
        regret.Add(episode.regret());
        total_value_gap += episode.value_gap();
        violation_episodes += episode.BracketViolated(tolerance) ? 1 : 0;
      },
      [&context](double fraction) { context.progress->Update(fraction); }));
  TaskResult result = RegretOnGridResult(regret, regret.total());
  result.scalars.push_back({hdf5_names::kTotalValueGap, total_value_gap});
  result.scalars.push_back(
      {hdf5_names::kBracketViolationEpisodes, static_cast<double>(violation_episodes)});
  return result;
}

namespace {

// //experiments:dp_nash_vi_game_fig — DP-Nash-VI in self-play on two-player zero-sum Markov
// games under JDP and LDP beside Nash-VI (Qiao & Wang 2024, Thm. 5.2 and 5.5, B = 2).
//   bazel run //experiments:dp_nash_vi_game_fig -- --scale=default
const bool kRegistered = RegisterExperiment(
    {/*order=*/85,
     /*paper_result=*/
     "Qiao & Wang 2024, Thm. 5.2 and 5.5: DP-Nash-VI's self-play regret on two-player zero-sum "
     "Markov games under eps-JDP and eps-LDP",
     /*definition=*/
     {experiment_names::kDpNashViGameFig,
      "Qiao & Wang 2024, Alg. 1 in self-play: the regret sum_k [V^{+,nu_k} - V^{mu_k,+}](s1) "
      "of DP-Nash-VI under eps-JDP (Central Privatizer) and eps-LDP (Local Privatizer) beside "
      "the non-private Nash-VI, on matching pennies and a random zero-sum Markov game",
      /*default seeds at smoke, default, paper=*/2, 4, 20, MakeTypedGrid<DpNashViGameGrid>,
      RunDpNashViGameTask},
     // The game claims of analysis/qiao_wang/qiao_wang_claims.cc
     // (docs/claims_preregistration.md): the default grid at 20 seeds; claims_reduced the smoke
     // grid at 20 seeds.
     /*claims_profiles=*/
     {/*claims=*/{Scale::kDefault, /*seeds=*/20, {}},
      /*claims_reduced=*/{Scale::kSmoke, /*seeds=*/20, {}}}});

}  // namespace

}  // namespace dprl
