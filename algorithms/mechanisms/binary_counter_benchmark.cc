// Benchmarks of the binary counter bank. Run:
//   ./bazelw run //algorithms/mechanisms:binary_counter_benchmark
// BM_EndStepTracked reports ns per tracked counter per EndStep (items = counters x steps).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "algorithms/mechanisms/binary_counter.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

BinaryCounterBank MakeBank(int64_t num_counters, int64_t horizon) {
  BinaryCounterOptions options;
  options.horizon_steps = horizon;
  options.privacy_epsilon = 1.0;
  absl::StatusOr<BinaryCounterBank> bank = BinaryCounterBank::Create(
      num_counters, options, TestStream(2024, TestPurpose::kPrivacyNoise));
  return *std::move(bank);
}

// 1000 tracked counters; the bank is recreated
// (untimed) whenever the horizon (2^20 steps) runs out.
void BM_EndStepTracked(benchmark::State& state) {
  constexpr int64_t kCounters = 1000;
  constexpr int64_t kHorizon = int64_t{1} << 20;
  BinaryCounterBank bank = MakeBank(kCounters, kHorizon);
  for (int64_t c = 0; c < kCounters; ++c) bank.Track(c);
  for (auto _ : state) {
    if (bank.steps() == kHorizon) {
      state.PauseTiming();
      bank = MakeBank(kCounters, kHorizon);
      for (int64_t c = 0; c < kCounters; ++c) bank.Track(c);
      state.ResumeTiming();
    }
    bank.Add(bank.steps() % kCounters, 1.0);
    bank.EndStep();
  }
  state.SetItemsProcessed(state.iterations() * kCounters);
  state.SetLabel("items = tracked counter-steps");
}
BENCHMARK(BM_EndStepTracked);

// Release of one untracked counter at a step with popcount 10 (t = 1023), i.e. 10 node samples.
void BM_ReleaseUntracked(benchmark::State& state) {
  constexpr int64_t kCounters = 1000;
  BinaryCounterBank bank = MakeBank(kCounters, 1 << 20);
  for (int t = 0; t < 1023; ++t) bank.EndStep();
  int64_t c = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(bank.Release(c));
    c = (c + 1) % kCounters;
  }
}
BENCHMARK(BM_ReleaseUntracked);

}  // namespace
}  // namespace dprl
