// Environment steps per second of Algorithm 1 (FunctionalNoiseQLearning) on the continuous walk,
// single thread, sigma = 0.4 > 0 (functional noise on), batch size B = 64 and 128. One iteration
// is a whole training run of T = 6400 steps (a multiple of 50, 64 and 128); the reported
// items_per_second is environment steps per second, and gradient_examples_per_second the
// per-example gradients (one per step: Algorithm 1 uses each sample once). For the like-for-like
// comparison with the authors' loop (128 per-example gradients per step) see
// replay_dqn_as_run_benchmark.cc. Run:
//   ./bazelw run //algorithms/qlearning:functional_noise_q_learning_benchmark
#include <benchmark/benchmark.h>

#include <cstdint>

#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "algorithms/qlearning/walk_training.h"
#include "envs/continuous_walk.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr int64_t kSteps = 6400;

void BM_Algorithm1Steps(benchmark::State& state) {
  const ContinuousWalk env = *ContinuousWalk::Create(ContinuousWalkOptions());
  FunctionalNoiseQLearningOptions options;
  options.num_samples = kSteps;
  options.batch_size = static_cast<int>(state.range(0));
  options.num_resets = static_cast<int>(state.range(1));
  options.noise_stddev = 0.4;
  options.discount = 0.9;
  options.optimizer.learning_rate = 1.0;
  uint64_t replicate = 0;
  for (auto _ : state) {
    RandomStream policy = TestStream(440, TestPurpose::kPolicy, replicate);
    RandomStream noise = TestStream(440, TestPurpose::kPrivacyNoise, replicate);
    RandomStream env_stream = TestStream(440, TestPurpose::kEnvironment, replicate);
    ++replicate;
    FunctionalNoiseQLearning agent = *FunctionalNoiseQLearning::Create(options, policy, noise);
    benchmark::DoNotOptimize(TrainOnWalk(env, kSteps, agent, env_stream));
  }
  state.SetItemsProcessed(state.iterations() * kSteps);
  state.counters["gradient_examples_per_second"] = benchmark::Counter(
      static_cast<double>(state.iterations() * kSteps), benchmark::Counter::kIsRate);
}
// (B, J): J = 1 (one sample path for the whole run, up to T stored points) and J = T/B.
BENCHMARK(BM_Algorithm1Steps)->Args({64, 1})->Args({64, 100})->Args({128, 1})->Args({128, 50});

}  // namespace
}  // namespace dprl
