// A toy experiment for the runner's tests. Not a paper result: its per-episode "regret" is
// pseudo-random, r_t = c_agent * u_t / sqrt(t) with u_t uniform on (0.5, 1.5) drawn from
// RandomStream(master_seed, config, seed, kTest), so cumulative regret grows like sqrt(T) and the
// output is a deterministic function of (config, seed, master_seed). It is stored as the regret
// experiments store theirs (experiments/core/episode_grid.h, RegretOnGridResult), so
// //analysis:regret_figure reads it.
//
// Configs (ToyGrid's defaults): env in {chain, grid} x agent in {ucb (non-private), pucb
// privacy_epsilon 0.5, pucb privacy_epsilon 2}; episodes = 300 (smoke), 2000 (default), 20000
// (paper). Every field can be overridden (--set / --config), as in a real experiment.
//
// Test knobs (environment variables):
//   DPRL_TOY_SLEEP_MS=N        each task sleeps N ms in 10 steps, reporting progress
//   DPRL_TOY_HOLD_FILE=PATH    each task waits until PATH exists (at most 10 minutes, then it
//                              fails), so a test can make checks while tasks are surely running
//   DPRL_TOY_FAIL_GROUP=G      tasks of config group G fail with an error
//   DPRL_TOY_RAGGED_GROUP=G    seed 1 of group G runs twice the episodes, so its series are
//                              longer (merge must reject)
//   DPRL_TOY_TASK_MEMORY=F     each task claims to need F times this node's memory limit
//                              (CheckMemoryEstimate per config; nothing is allocated)
//   DPRL_TOY_GRID_FAILS_ON_RANK=R  the grid is refused on MPI rank R only (as a rank on a node
//                              with less memory would refuse it; Open MPI's OMPI_COMM_WORLD_RANK)
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <string>
#include <thread>

#include <unistd.h>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/hdf5_names.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "experiments/core/episode_grid.h"
#include "experiments/runner/experiment.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

std::string EnvOr(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value == nullptr ? fallback : value;
}

// The toy's typed grid (exercises every ConfigFields type the runner tests use).
struct ToyGrid {
  int64_t episodes = 300;
  std::vector<std::string> environments = {"chain", "grid"};
  bool include_ucb = true;
  std::vector<double> privacy_epsilons = {0.5, 2.0};

  static ToyGrid ForScale(Scale scale) {
    ToyGrid grid;
    grid.episodes = scale == Scale::kSmoke ? 300 : scale == Scale::kDefault ? 2000 : 20000;
    return grid;
  }
  void BindFields(ConfigFields& fields) {
    fields.Add("episodes", &episodes, "episodes per task, >= 1");
    fields.Add("environments", &environments, "environment names (any distinct names)");
    fields.Add("include_ucb", &include_ucb, "add the non-private ucb config per environment");
    fields.Add("privacy_epsilons", &privacy_epsilons, "privacy_epsilon of each pucb config, > 0");
  }
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const {
    if (episodes < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("field 'episodes' must be >= 1, got ", episodes));
    }
    const std::string failing_rank = EnvOr("DPRL_TOY_GRID_FAILS_ON_RANK", "");
    if (!failing_rank.empty() && failing_rank == EnvOr("OMPI_COMM_WORLD_RANK", "0")) {
      return absl::InvalidArgumentError("the toy grid is refused on this rank");
    }
    const double memory_fraction = std::atof(EnvOr("DPRL_TOY_TASK_MEMORY", "0").c_str());
    std::vector<ConfigSpec> configs;
    for (const std::string& env : environments) {
      std::vector<double> levels = privacy_epsilons;
      if (include_ucb) levels.insert(levels.begin(), 0.0);
      for (double privacy_epsilon : levels) {
        ConfigSpec config;
        config.attributes.emplace_back("env", env);
        config.attributes.emplace_back("episodes", episodes);
        config.stored_values_per_seed = 2 * EpisodeGridSize(episodes) + 3;  // + total, 2 scalars
        if (privacy_epsilon == 0.0) {
          config.group_name = absl::StrCat(env, "_ucb");
          config.attributes.emplace_back("agent", std::string("ucb"));
          config.estimated_core_seconds = 1e-7 * episodes;
        } else {
          config.group_name = absl::StrCat(env, "_pucb_eps=", privacy_epsilon);
          config.attributes.emplace_back("agent", std::string("pucb"));
          config.attributes.emplace_back("privacy_epsilon", privacy_epsilon);
          config.attributes.emplace_back(hdf5_names::kErrorBound, 10.0 / privacy_epsilon);
          config.estimated_core_seconds = 1e-7 * episodes * (1.0 + 1.0 / privacy_epsilon);
        }
        if (memory_fraction > 0) {
          RETURN_IF_ERROR(CheckMemoryEstimate(
              absl::StrCat("config '", config.group_name, "' (DPRL_TOY_TASK_MEMORY)"),
              memory_fraction * GetNodeMemoryLimit().bytes));
        }
        configs.push_back(config);
      }
    }
    return configs;
  }
};

absl::StatusOr<TaskResult> RunTask(const ConfigSpec& config, const TaskContext& context) {
  if (config.group_name == EnvOr("DPRL_TOY_FAIL_GROUP", "")) {
    return absl::InternalError(absl::StrCat("toy failure requested for ", config.group_name));
  }
  if (const std::string hold = EnvOr("DPRL_TOY_HOLD_FILE", ""); !hold.empty()) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
    while (access(hold.c_str(), F_OK) != 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        return absl::DeadlineExceededError(absl::StrCat("DPRL_TOY_HOLD_FILE ", hold, " never came"));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  const int sleep_ms = std::atoi(EnvOr("DPRL_TOY_SLEEP_MS", "0").c_str());
  for (int step = 0; step < 10 && sleep_ms > 0; ++step) {
    std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms / 10));
    context.progress->Update((step + 1) / 10.0);
  }
  int64_t episodes = 0;
  double constant = 1.0;
  for (const auto& [name, value] : config.attributes) {
    if (name == "episodes") episodes = std::get<int64_t>(value);
    if (name == "privacy_epsilon") constant = 1.0 + 2.0 / std::get<double>(value);
  }
  if (config.group_name == EnvOr("DPRL_TOY_RAGGED_GROUP", "") && context.seed_index == 1) {
    episodes *= 2;  // a longer episode grid than seed 0's
  }
  RandomStream stream(StreamKey{context.master_seed, static_cast<uint64_t>(context.config_index),
                                static_cast<uint64_t>(context.seed_index), TestPurpose::kTest});
  CumulativeOnGrid regret(episodes);
  double first_below = -1;
  for (int64_t t = 1; t <= episodes; ++t) {
    const double value =
        constant * (0.5 + stream.NextOpenUniform()) / std::sqrt(static_cast<double>(t));
    regret.Add(value);
    if (first_below < 0 && value < 0.05 * constant) first_below = static_cast<double>(t);
  }
  TaskResult result = RegretOnGridResult(regret, regret.total());
  result.scalars.emplace_back(hdf5_names::kFirstEpisodeBonusBelowHorizon, first_below);
  result.scalars.emplace_back("draw", stream.NextOpenUniform());
  return result;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  dprl::ExperimentDefinition experiment;
  experiment.name = "toy";
  experiment.description = "runner test experiment with pseudo-random regret (not a paper result)";
  experiment.make_grid = dprl::MakeTypedGrid<dprl::ToyGrid>;
  experiment.run_task = dprl::RunTask;
  experiment.analysis_binary = dprl::EnvOr("DPRL_TOY_ANALYSIS", "analysis/regret_figure");
  return dprl::RunExperimentMain(argc, argv, experiment);
}
