// Cost of exact planning and evaluation, which every tabular experiment runs once per episode,
// and of one environment step.
//   ./bazelw run //envs:value_iteration_benchmark
#include <benchmark/benchmark.h>
#include <glog/logging.h>

#include <vector>

#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "envs/tabular_mdp.h"
#include "envs/value_iteration.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

// Random Dirichlet MDP with S = range(0), A = range(1), H = range(2).
TabularMdp BenchmarkMdp(const benchmark::State& state) {
  RandomMdpOptions options;
  options.num_states = state.range(0);
  options.num_actions = state.range(1);
  options.horizon = state.range(2);
  RandomStream stream = TestStream(0, TestPurpose::kEnvGeneration);
  absl::StatusOr<TabularMdp> mdp = MakeRandomDirichletMdp(options, stream);
  CHECK(mdp.ok()) << mdp.status();
  return *std::move(mdp);
}

void Sizes(benchmark::internal::Benchmark* b) {
  b->Args({6, 2, 20})->Args({10, 2, 10})->Args({20, 4, 20})->Args({50, 5, 50});
}

void BM_SolveOptimal(benchmark::State& state) {
  const TabularMdp mdp = BenchmarkMdp(state);
  for (auto _ : state) benchmark::DoNotOptimize(SolveOptimal(mdp).initial_value);
}
BENCHMARK(BM_SolveOptimal)->Apply(Sizes);

// Greedy (one-hot) policy: the common case of an optimistic agent's policy.
void BM_EvaluatePolicyDeterministic(benchmark::State& state) {
  const TabularMdp mdp = BenchmarkMdp(state);
  const std::vector<double> policy =
      DeterministicPolicyProbabilities(mdp, SolveOptimal(mdp).greedy_actions);
  for (auto _ : state) benchmark::DoNotOptimize(EvaluatePolicy(mdp, policy));
}
BENCHMARK(BM_EvaluatePolicyDeterministic)->Apply(Sizes);

void BM_EvaluatePolicyUniform(benchmark::State& state) {
  const TabularMdp mdp = BenchmarkMdp(state);
  const std::vector<double> policy(mdp.mean_rewards().size(), 1.0 / mdp.num_actions());
  for (auto _ : state) benchmark::DoNotOptimize(EvaluatePolicy(mdp, policy));
}
BENCHMARK(BM_EvaluatePolicyUniform)->Apply(Sizes);

void BM_RiverSwimSampleStep(benchmark::State& state) {
  absl::StatusOr<TabularMdp> mdp = MakeRiverSwim(RiverSwimOptions());
  CHECK(mdp.ok());
  RandomStream stream = TestStream(0, TestPurpose::kEnvironment);
  int s = 0, h = 0;
  for (auto _ : state) {
    const TabularMdp::Transition t = mdp->SampleStep(h, s, kRiverSwimRight, stream);
    s = t.next_state;
    h = (h + 1) % mdp->horizon();
    benchmark::DoNotOptimize(t.reward);
  }
}
BENCHMARK(BM_RiverSwimSampleStep);

}  // namespace
}  // namespace dprl
