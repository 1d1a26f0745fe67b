#include "experiments/tabular_task.h"

#include <utility>

#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/noiseless_pucb.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/rlsvi.h"
#include "algorithms/tabular/ubev.h"
#include "common/hdf5_names.h"
#include "envs/lower_bound_mdp.h"
#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "experiments/episode_grid.h"

namespace dprl {

namespace {

// Parses the optional string attribute `name` of `config` with `parse` into *value; *value is
// left unchanged when the attribute is absent. Errors name the configuration.
template <typename T, typename Parser>
absl::Status ParseOptionalAttribute(const ConfigSpec& config, const std::string& name, Parser parse,
                                    T* value) {
  absl::StatusOr<std::string> text = Attribute<std::string>(config, name);
  if (!text.ok()) return absl::OkStatus();
  absl::StatusOr<T> parsed = parse(*text);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": ", parsed.status().message()));
  }
  *value = *parsed;
  return absl::OkStatus();
}

}  // namespace

uint64_t StableHash(const std::string& text) {
  uint64_t hash = 1469598103934665603ULL;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
  return hash;
}

RandomStream TaskStream(uint64_t master_seed, uint64_t config_key, uint64_t seed,
                        StreamPurpose purpose) {
  StreamKey key;
  key.master_seed = master_seed;
  key.config = config_key;
  key.replicate = seed;
  key.purpose = static_cast<uint64_t>(purpose);
  return RandomStream(key);
}

absl::StatusOr<TabularMdp> MakeTabularEnvironment(const std::string& env, int num_states,
                                                  int num_actions, int horizon,
                                                  uint64_t master_seed,
                                                  RewardModel riverswim_reward_model) {
  if (env == "riverswim") {
    RiverSwimOptions options;
    options.num_states = num_states;
    options.horizon = horizon;
    options.reward_model = riverswim_reward_model;
    return MakeRiverSwim(options);
  }
  if (env == "random_mdp") {
    RandomMdpOptions options;
    options.num_states = num_states;
    options.num_actions = num_actions;
    options.horizon = horizon;
    RandomStream generation =
        TaskStream(master_seed, StableHash(env), 0, StreamPurpose::kEnvGeneration);
    return MakeRandomDirichletMdp(options, generation);
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown environment ", env));
}

absl::StatusOr<LowerBoundEnvironment> MakeLowerBoundEnvironment(const ConfigSpec& config,
                                                                uint64_t master_seed) {
  absl::StatusOr<std::string> env = Attribute<std::string>(config, "env");
  absl::StatusOr<std::string> family = Attribute<std::string>(config, "env_family");
  absl::StatusOr<double> alpha_prime = Attribute<double>(config, "alpha_prime");
  if (!env.ok()) return env.status();
  if (!family.ok()) return family.status();
  if (!alpha_prime.ok()) return alpha_prime.status();
  if (*family != "lower_bound") {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name, ": env_family '", *family, "' is not lower_bound"));
  }
  int64_t values[6];
  const char* names[6] = {"num_initial_states", "num_arms",    "rewarded_horizon",
                          "num_states",         "num_actions", "horizon"};
  for (int i = 0; i < 6; ++i) {
    absl::StatusOr<int64_t> value = Attribute<int64_t>(config, names[i]);
    if (!value.ok()) return value.status();
    values[i] = *value;
  }
  if (values[3] != values[0] + 2 || values[4] != values[1] + 1 || values[5] != values[2] + 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name,
        ": num_states, num_actions, horizon must be num_initial_states + 2, num_arms + 1, "
        "rewarded_horizon + 1"));
  }
  LowerBoundMdpOptions options;
  options.num_initial_states = static_cast<int>(values[0]);
  options.num_arms = static_cast<int>(values[1]);
  options.horizon = static_cast<int>(values[2]);
  options.alpha_prime = *alpha_prime;
  RandomStream generation =
      TaskStream(master_seed, StableHash(*env), 0, StreamPurpose::kEnvGeneration);
  absl::StatusOr<std::vector<int>> instance =
      SampleLowerBoundInstance(options.num_initial_states, options.num_arms, generation);
  if (!instance.ok()) return instance.status();
  options.instance = *instance;
  absl::StatusOr<TabularMdp> mdp = MakeLowerBoundMdp(options);
  if (!mdp.ok()) return mdp.status();
  return LowerBoundEnvironment{*std::move(mdp), *std::move(instance)};
}

absl::StatusOr<PucbOptions> PucbOptionsFromConfig(const ConfigSpec& config) {
  absl::StatusOr<double> privacy_epsilon = Attribute<double>(config, "privacy_epsilon");
  if (!privacy_epsilon.ok()) return privacy_epsilon.status();
  absl::StatusOr<double> beta = Attribute<double>(config, "failure_probability");
  if (!beta.ok()) return beta.status();
  absl::StatusOr<int64_t> episodes = Attribute<int64_t>(config, "num_episodes");
  if (!episodes.ok()) return episodes.status();
  PucbOptions options;
  options.privacy_epsilon = *privacy_epsilon;
  options.failure_probability = *beta;
  options.num_episodes = *episodes;
  // Optional: the neighbour relation privacy_epsilon is meant for (absent = add/remove, Alg. 2),
  // and how E is computed (absent = the paper's Alg. 3).
  for (const absl::Status& status :
       {ParseOptionalAttribute(config, "neighbour_relation", ParsePucbNeighbourRelation,
                               &options.neighbour_relation),
        ParseOptionalAttribute(config, hdf5_names::kErrorBoundMethod, ParsePucbErrorBoundMethod,
                               &options.error_bound_method)}) {
    if (!status.ok()) return status;
  }
  if (absl::Status status = options.Validate(); !status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": ", status.message()));
  }
  return options;
}

std::vector<std::pair<std::string, AttributeValue>> PucbGuaranteeAttributes(
    const TabularShape& shape, const PucbOptions& options) {
  return {{hdf5_names::kNeighbourRelation, PucbNeighbourRelationName(options.neighbour_relation)},
          {hdf5_names::kPrivacyEpsilonReplacement,
           PucbEpsilonUnder(options, PucbNeighbourRelation::kReplacement)},
          {hdf5_names::kErrorBound, PucbErrorBound(shape, options)},
          {hdf5_names::kCounterEpsilon, PucbCounterEpsilon(shape, options)}};
}

absl::StatusOr<std::unique_ptr<TabularAgent>> MakeTabularAgent(const ConfigSpec& config,
                                                               const TabularShape& shape,
                                                               const TaskContext& context) {
  absl::StatusOr<std::string> agent = Attribute<std::string>(config, "agent");
  if (!agent.ok()) return agent.status();
  const RandomStream noise_stream = TaskStream(context.master_seed, StableHash(config.group_name),
                                               context.seed_index, StreamPurpose::kPrivacyNoise);
  if (*agent == "rlsvi") {
    absl::StatusOr<std::unique_ptr<RlsviAgent>> rlsvi =
        RlsviAgent::Create(shape, RlsviOptions{}, noise_stream);
    if (!rlsvi.ok()) return rlsvi.status();
    return std::unique_ptr<TabularAgent>(*std::move(rlsvi));
  }
  absl::StatusOr<double> beta = Attribute<double>(config, "failure_probability");
  if (!beta.ok()) return beta.status();
  if (*agent == "ubev") {
    UbevOptions options;
    options.failure_probability = *beta;
    absl::StatusOr<std::unique_ptr<UbevAgent>> ubev = UbevAgent::Create(shape, options);
    if (!ubev.ok()) return ubev.status();
    return std::unique_ptr<TabularAgent>(*std::move(ubev));
  }
  if (*agent == "pucb_noiseless") {
    NoiselessPucbOptions options;
    options.failure_probability = *beta;
    absl::StatusOr<std::unique_ptr<NoiselessPucbAgent>> noiseless =
        NoiselessPucbAgent::Create(shape, options);
    if (!noiseless.ok()) return noiseless.status();
    return std::unique_ptr<TabularAgent>(*std::move(noiseless));
  }
  if (*agent == "pucb") {
    absl::StatusOr<PucbOptions> options = PucbOptionsFromConfig(config);
    if (!options.ok()) return options.status();
    absl::StatusOr<std::unique_ptr<PucbAgent>> pucb =
        PucbAgent::Create(shape, *options, noise_stream);
    if (!pucb.ok()) return pucb.status();
    return std::unique_ptr<TabularAgent>(*std::move(pucb));
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown agent ", *agent));
}

absl::StatusOr<TaskResult> RunTabularRegretTask(const ConfigSpec& config,
                                                const TaskContext& context) {
  absl::StatusOr<std::string> env = Attribute<std::string>(config, "env");
  absl::StatusOr<int64_t> S = Attribute<int64_t>(config, "num_states");
  absl::StatusOr<int64_t> A = Attribute<int64_t>(config, "num_actions");
  absl::StatusOr<int64_t> H = Attribute<int64_t>(config, "horizon");
  absl::StatusOr<int64_t> episodes = Attribute<int64_t>(config, "num_episodes");
  for (const absl::Status& status :
       {env.status(), S.status(), A.status(), H.status(), episodes.status()}) {
    if (!status.ok()) return status;
  }
  // Optional: RiverSwim's reward model (absent = its default, deterministic).
  RewardModel reward_model = RiverSwimOptions().reward_model;
  if (absl::Status status =
          ParseOptionalAttribute(config, "reward_model", ParseRewardModel, &reward_model);
      !status.ok()) {
    return status;
  }
  absl::StatusOr<TabularMdp> mdp =
      MakeTabularEnvironment(*env, *S, *A, *H, context.master_seed, reward_model);
  if (!mdp.ok()) return mdp.status();
  const TabularShape shape{static_cast<int>(*S), static_cast<int>(*A), static_cast<int>(*H)};
  absl::StatusOr<std::unique_ptr<TabularAgent>> agent = MakeTabularAgent(config, shape, context);
  if (!agent.ok()) return agent.status();

  CumulativeOnGrid regret(*episodes);
  absl::StatusOr<EpisodeLoopResult> run = RunEpisodes(
      *mdp, **agent, *episodes,
      TaskStream(context.master_seed, StableHash(*env), context.seed_index,
                 StreamPurpose::kEnvironment),
      TaskStream(context.master_seed, StableHash(config.group_name), context.seed_index,
                 StreamPurpose::kPolicy),
      [&](double fraction) { context.progress->Update(fraction); }, {},
      [&](double value) { regret.Add(value); });
  if (!run.ok()) return run.status();
  TaskResult result = RegretOnGridResult(regret, run->total_regret);
  result.scalars.push_back({hdf5_names::kFirstEpisodeBonusBelowHorizon,
                            static_cast<double>(run->first_episode_below_cap)});
  return result;
}

}  // namespace dprl
