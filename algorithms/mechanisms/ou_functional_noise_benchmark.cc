// Cost of one OuFunctionalNoise query (Proposition 9: O(log n) with n stored points), for a new
// location (draws m = 2 Gaussians and inserts) after n uniformly random points are stored. Run:
//   ./bazelw run //algorithms/mechanisms:ou_functional_noise_benchmark
// ns per query should grow like log n, not like n (the timed queries insert too, so n grows by
// the iteration count during a run).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "algorithms/mechanisms/ou_functional_noise.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

void BM_NewPointAfterNStored(benchmark::State& state) {
  StreamKey key;
  key.master_seed = 9;
  key.purpose = TestPurpose::kTest;
  RandomStream stream(key);
  OuFunctionalNoiseOptions options;
  options.noise_stddev = 0.5;
  OuFunctionalNoise noise = *OuFunctionalNoise::Create(options);
  double values[2];
  const int64_t stored = state.range(0);
  for (int64_t i = 0; i < stored; ++i) noise.Evaluate(stream.NextOpenUniform(), stream, values);
  for (auto _ : state) {
    noise.Evaluate(stream.NextOpenUniform(), stream, values);
    benchmark::DoNotOptimize(values[0]);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NewPointAfterNStored)->Arg(100)->Arg(10000)->Arg(1000000);

}  // namespace
}  // namespace dprl
