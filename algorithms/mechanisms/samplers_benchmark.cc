// Benchmarks of the noise samplers (ns per sample). Run:
//   ./bazelw run //algorithms/mechanisms:samplers_benchmark
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>

#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/distributions.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

void BM_NextU64(benchmark::State& state) {
  RandomStream stream = TestStream(2024);
  for (auto _ : state) benchmark::DoNotOptimize(stream.NextU64());
}
BENCHMARK(BM_NextU64);

// Discrete Laplace with scale numerator / denominator.
void BM_DiscreteLaplace(benchmark::State& state) {
  RandomStream stream = TestStream(2024);
  const Rational scale{state.range(0), state.range(1)};
  for (auto _ : state) benchmark::DoNotOptimize(SampleDiscreteLaplace(scale, stream));
}
BENCHMARK(BM_DiscreteLaplace)
    ->Args({10, 1})
    ->Args({1000003, 100000})  // ~10 with a non-trivial denominator
    ->Args({10000, 1})
    ->Args({10000000001, 1000000});  // ~1e4 with a non-trivial denominator

// The table-based exact sampler (discrete_laplace_sampler.h): one 32-bit half of a stream word per
// sample (the rest of the word is discarded here; binary counters use both halves).
void BM_DiscreteLaplaceSampler(benchmark::State& state) {
  RandomStream stream = TestStream(2024);
  const DiscreteLaplaceSampler sampler =
      DiscreteLaplaceSampler::Create({state.range(0), state.range(1)}).value();
  for (auto _ : state) benchmark::DoNotOptimize(sampler.Sample(stream));
}
BENCHMARK(BM_DiscreteLaplaceSampler)
    ->Args({9, 25})  // ~0.36: PUCB's node scale at epsilon = 1000, H = 5 (RiverSwim claims task)
    ->Args({3, 1})
    ->Args({10, 1})
    ->Args({30, 1})
    ->Args({100, 1})
    ->Args({300, 1})
    ->Args({1500, 1})  // PUCB's node scale at epsilon = 1, H = 20, T = 2^24
    ->Args({1000003, 100000})
    ->Args({10000, 1})
    ->Args({10000000001, 1000000});

// DiscreteLaplaceSampler::Create: the first call per scale builds the tables (0.03 ms at scale
// 10, 0.5 ms at 1e4, 12 ms at 2^22, measured before the cache), later calls copy them.
void BM_DiscreteLaplaceSamplerCreate(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(DiscreteLaplaceSampler::Create({state.range(0), state.range(1)}));
  }
}
BENCHMARK(BM_DiscreteLaplaceSamplerCreate)->Args({10, 1})->Args({10000, 1})->Args({4194304, 1});

void BM_Laplace(benchmark::State& state) {
  RandomStream stream = TestStream(2024);
  for (auto _ : state) benchmark::DoNotOptimize(SampleLaplace(10.0, stream));
}
BENCHMARK(BM_Laplace);

void BM_Gaussian(benchmark::State& state) {
  RandomStream stream = TestStream(2024);
  for (auto _ : state) benchmark::DoNotOptimize(SampleGaussian(10.0, stream));
}
BENCHMARK(BM_Gaussian);

void BM_BernoulliExp(benchmark::State& state) {
  RandomStream stream = TestStream(2024);
  const Rational gamma{state.range(0), state.range(1)};
  for (auto _ : state) benchmark::DoNotOptimize(SampleBernoulliExp(gamma, stream));
}
BENCHMARK(BM_BernoulliExp)->Args({1, 1})->Args({7, 3});

// Discrete Gaussian with sigma^2 = numerator / denominator.
void BM_DiscreteGaussian(benchmark::State& state) {
  RandomStream stream = TestStream(2024);
  const Rational sigma_squared{state.range(0), state.range(1)};
  for (auto _ : state) benchmark::DoNotOptimize(SampleDiscreteGaussian(sigma_squared, stream));
}
BENCHMARK(BM_DiscreteGaussian)->Args({100, 1})->Args({100000000, 1});

// Child-stream derivation plus one draw: the per-node overhead of the binary counter.
void BM_PairChildFirstWord(benchmark::State& state) {
  const RandomStream parent = TestStream(2024);
  uint64_t i = 0;
  for (auto _ : state) {
    RandomStream child = parent.Child(17, ++i);
    benchmark::DoNotOptimize(child.NextU64());
  }
}
BENCHMARK(BM_PairChildFirstWord);

// The same derivation for a batch of 40 children (PairChildFirstWords, as a binary counter's
// EndStep does for the groups of its tracked counters): ns per child (items = children).
void BM_PairChildFirstWordsBatch(benchmark::State& state) {
  constexpr int kBatch = 40;
  const RandomStream parent = TestStream(2024);
  std::array<uint64_t, kBatch> groups;
  for (int i = 0; i < kBatch; ++i) groups[i] = static_cast<uint64_t>(i);
  std::array<std::array<uint64_t, 3>, kBatch> words;
  uint64_t node = 0;
  for (auto _ : state) {
    parent.PairChildFirstWords(groups.data(), ++node, kBatch, words.data());
    benchmark::DoNotOptimize(words.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_PairChildFirstWordsBatch);

}  // namespace
}  // namespace dprl
