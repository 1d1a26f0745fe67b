// Episodes per second of RunEpisodes (algorithms/tabular/episode_loop.h: plan, act, observe,
// counter updates AND the exact regret evaluation) called from C++, the reference for
// dprl.TabularAgent.run_episodes called from Python (python/benchmarks/run_episodes_timing.py
// times the same agents on the same MDP with the same batch size).
//
//   bazel run //python:run_episodes_benchmark
//   bazel build //python:dprl
//   PYTHONPATH=bazel-bin/python /usr/bin/python3 python/benchmarks/run_episodes_timing.py
//
// MDP: random Dirichlet MDP (S, A, H) = (6, 2, 20) from stream (master_seed 99, purpose 4).
// Agents: UBEV, PUCB at privacy_epsilon = 1 (T = 2^24, paper E) and RLSVI. Each benchmark
// iteration runs one batch of kBatch episodes on the same agent (the statistics grow as in a
// real run); streams (99, purpose 1) for the environment and (99, purpose 2) for the policy,
// re-created per batch exactly as the Python script passes them.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>

#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/rlsvi.h"
#include "algorithms/tabular/ubev.h"
#include "envs/random_mdp.h"
#include "random/random_stream.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 99;
constexpr int64_t kBatch = 1000;

TabularMdp Mdp() {
  RandomMdpOptions options;
  options.num_states = 6;
  options.num_actions = 2;
  options.horizon = 20;
  RandomStream stream(StreamKey{kSeed, 0, 0, 4});
  return MakeRandomDirichletMdp(options, stream).value();
}

void Measure(benchmark::State& state, TabularAgent& agent) {
  const TabularMdp mdp = Mdp();
  for (auto _ : state) {
    auto result = RunEpisodes(mdp, agent, kBatch, RandomStream(StreamKey{kSeed, 0, 0, 1}),
                              RandomStream(StreamKey{kSeed, 0, 0, 2}), {}, {},
                              [](double regret) { benchmark::DoNotOptimize(regret); });
    benchmark::DoNotOptimize(result);
  }
  state.counters["episodes_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations() * kBatch),
                         benchmark::Counter::kIsRate);
}

const TabularShape kShape{6, 2, 20};

void BM_RunEpisodesUbev(benchmark::State& state) {
  auto agent = UbevAgent::Create(kShape, {}).value();
  Measure(state, *agent);
}

void BM_RunEpisodesPucbEps1(benchmark::State& state) {
  PucbOptions options;
  options.privacy_epsilon = 1.0;
  options.num_episodes = int64_t{1} << 24;
  auto agent = PucbAgent::Create(kShape, options, RandomStream(StreamKey{kSeed, 0, 0, 3})).value();
  Measure(state, *agent);
}

void BM_RunEpisodesRlsvi(benchmark::State& state) {
  auto agent = RlsviAgent::Create(kShape, {}, RandomStream(StreamKey{kSeed, 0, 0, 3})).value();
  Measure(state, *agent);
}

BENCHMARK(BM_RunEpisodesUbev)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_RunEpisodesPucbEps1)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_RunEpisodesRlsvi)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace
}  // namespace dprl
