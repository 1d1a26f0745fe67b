// The Wang & Hegde task (wang_hegde_task.h): the registered agent a group names
// (qlearning_registry.h) trained on the continuous walk; its parameters are read through the
// agent's binding, so what runs is what the grid stored.
#include "experiments/wang_hegde/wang_hegde_task.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "envs/continuous_walk.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/task_streams.h"
#include "experiments/qlearning/qlearning_registry.h"
#include "experiments/wang_hegde/wang_hegde_option_bindings.h"
#include "experiments/wang_hegde/wang_hegde_task_names.h"

namespace dprl {

absl::StatusOr<TaskResult> RunWangHegdeTask(const ConfigSpec& config, const TaskContext& context) {
  ASSIGN_OR_RETURN(const WalkGroupRecord group, WalkGroupBinding().Read(config));
  ASSIGN_OR_RETURN(const QLearningAgentType* agent,
                   FindQLearningAgentOrError(group.agent,
                                             absl::StrCat("configuration ", config.group_name)));
  ASSIGN_OR_RETURN(const WalkEnvironmentRecord recorded, WalkEnvironmentBinding().Read(config));
  ContinuousWalkOptions walk;
  walk.episode_length = recorded.episode_length;
  absl::StatusOr<ContinuousWalk> env = ContinuousWalk::Create(walk);
  if (!env.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": ", env.status().message()));
  }
  const TaskStreams streams(config, context);
  RandomStream env_stream = streams.Environment("continuous_walk");
  // Shared by every method of a seed: all start from the same network and exploration draws.
  RandomStream policy_stream = streams.SharedPolicy("q_network");
  const RandomStream noise_stream = streams.PrivacyNoise();
  ASSIGN_OR_RETURN(WalkTrainingRun run,
                   agent->train(config, *env, env_stream, policy_stream, noise_stream));
  std::vector<double>& returns = run.episode_returns;
  context.progress->Update(1.0);
  const size_t last = std::min<size_t>(10, returns.size());
  TaskResult result;
  result.scalars.push_back(
      {hdf5_names::kLast10MeanReturn,
       std::accumulate(returns.end() - last, returns.end(), 0.0) / static_cast<double>(last)});
  result.series.push_back({hdf5_names::kEpisodeReturn, std::move(returns)});
  return result;
}

namespace {

// //experiments:wang_hegde_fig1 — Figure 1 of Wang & Hegde 2019.
//   bazel run //experiments:wang_hegde_fig1 -- --scale=default
//   mpirun -np 8 bazel-bin/experiments/wang_hegde_fig1 --scale=paper --out=/shared/wang_hegde
const bool kFig1Registered = RegisterExperiment(
    {/*order=*/50,
     /*paper_result=*/"Wang & Hegde 2019, Fig. 1: functional-noise Q-learning vs sigma and J",
     /*definition=*/
     {experiment_names::kWangHegdeFig1,
      "Wang & Hegde 2019 Fig. 1: return vs samples of Q-learning with functional noise (Alg. 1) "
      "for sigma in {0, ..., 1} and J in {1, T/B} on the continuous walk",
      /*default seeds at smoke, default, paper=*/2, 10, 10, MakeTypedGrid<WangHegdeFig1Grid>,
      RunWangHegdeTask},
     /*claims_profiles=*/
     {/*claims=*/{Scale::kDefault, /*seeds=*/20},
      /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20}}});

// //experiments:wang_hegde_fig2 — Figure 2 of Wang & Hegde 2019.
//   bazel run //experiments:wang_hegde_fig2 -- --scale=default
const bool kFig2Registered = RegisterExperiment(
    {/*order=*/60,
     /*paper_result=*/"Wang & Hegde 2019, Fig. 2: functional noise against three baselines",
     /*definition=*/
     {experiment_names::kWangHegdeFig2,
      "Wang & Hegde 2019 Fig. 2: functional noise (Alg. 1) vs input perturbation and DP-SGD at "
      "(0.9, 1e-4) and (0.45, 1e-4) on the continuous walk",
      /*default seeds at smoke, default, paper=*/2, 10, 10, MakeTypedGrid<WangHegdeFig2Grid>,
      RunWangHegdeTask},
     /*claims_profiles=*/
     {/*claims=*/{Scale::kDefault, /*seeds=*/20},
      /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20}}});

}  // namespace

}  // namespace dprl
