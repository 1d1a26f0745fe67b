// Like-for-like speed of the authors' training loop as run (ReplayDqnAsRun, replay_dqn_as_run.h)
// on the continuous walk, single thread: one iteration is a whole training run of T = 5 000 steps
// (100 episodes) with sigma = 0.4 (noise on) or 0. Reported: items_per_second = environment steps
// per second of that loop (each step after the 127th is one 128-sample update: 128 target
// forwards, 128 policy forwards and per-example backwards), and gradient_examples_per_second. The
// authors' PyTorch loop (dpql.py) runs about 440 steps/s at sigma > 0; the target is >= 30 x that,
// 13 200 steps/s. Run:
//   ./bazelw run //algorithms/qlearning:replay_dqn_as_run_benchmark
#include <benchmark/benchmark.h>

#include <cstdint>

#include "algorithms/qlearning/replay_dqn_as_run.h"
#include "algorithms/qlearning/walk_training.h"
#include "envs/continuous_walk.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr int64_t kSteps = 5000;

void BM_AuthorsLoopSteps(benchmark::State& state) {
  const ContinuousWalk env = *ContinuousWalk::Create(ContinuousWalkOptions());
  ReplayDqnOptions options;
  options.noise_stddev = static_cast<double>(state.range(0)) / 10.0;
  uint64_t replicate = 0;
  int64_t examples = 0;
  for (auto _ : state) {
    RandomStream policy = TestStream(440, TestPurpose::kPolicy, replicate);
    RandomStream noise = TestStream(440, TestPurpose::kPrivacyNoise, replicate);
    RandomStream env_stream = TestStream(440, TestPurpose::kEnvironment, replicate);
    ++replicate;
    ReplayDqnAsRun agent = *ReplayDqnAsRun::Create(options, policy, noise);
    benchmark::DoNotOptimize(TrainOnWalk(env, kSteps, agent, env_stream));
    examples += agent.gradient_examples();
  }
  state.SetItemsProcessed(state.iterations() * kSteps);
  state.counters["gradient_examples_per_second"] =
      benchmark::Counter(static_cast<double>(examples), benchmark::Counter::kIsRate);
}
// Argument: 10 sigma (4 = the authors' sigma 0.4; 0 = no noise).
BENCHMARK(BM_AuthorsLoopSteps)->Arg(4)->Arg(0)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dprl
