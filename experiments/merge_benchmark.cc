// The merge's cost at paper scale: for each regret experiment, synthetic task files with the
// paper-scale grid's configurations, seeds and stored values per task (ConfigSpec::
// stored_values_per_seed, checked against real task results by the experiments' tests) are
// written once, then MergeTaskFiles is timed. Counters: the merged file's size, the values merged
// and the process's peak resident memory (which also covers writing the task files, one at a
// time). The data is a cumulative sum of uniform draws, as compressible as a cumulative regret.
//
//   ./bazelw run //experiments:merge_benchmark
#include <sys/resource.h>
#include <sys/stat.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "experiments/chowdhury/private_ofu_task.h"
#include "experiments/chowdhury/private_ofu_task_names.h"
#include "experiments/runner/file_util.h"
#include "experiments/runner/merge.h"
#include "experiments/runner/task_store.h"
#include "experiments/vietri/vietri_lower_bound_task.h"
#include "experiments/vietri/vietri_lower_bound_task_names.h"
#include "experiments/vietri/vietri_task.h"
#include "experiments/vietri/vietri_task_names.h"
#include "glog/logging.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr int kPaperSeeds = 20;

TaskResult SyntheticResult(int64_t values, RandomStream& stream) {
  TaskResult result;
  std::vector<double> series(values - 1);
  double sum = 0;
  for (double& value : series) value = (sum += stream.NextOpenUniform());
  result.series.push_back({"series", std::move(series)});
  result.scalars.push_back({"scalar", sum});
  return result;
}

void MergePaperScale(benchmark::State& state, const std::vector<ConfigSpec>& configs,
                     const std::string& name) {
  const std::string out = absl::StrCat(
      std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp", "/merge_benchmark_", name);
  RandomStream stream = TestStream(1, 0);
  double values = 0;
  for (const ConfigSpec& config : configs) {
    CHECK(MakeDirectories(TaskDirectory(out, config.group_name)).ok());
    for (int seed = 0; seed < kPaperSeeds; ++seed) {
      TaskMetadata metadata;
      metadata.experiment = name;
      metadata.group_name = config.group_name;
      metadata.seed_index = seed;
      metadata.scale = "paper";
      metadata.config_attributes = config.attributes;
      CHECK(WriteTaskFile(TaskFilePath(out, config.group_name, seed), metadata,
                          SyntheticResult(config.stored_values_per_seed, stream))
                .ok());
      values += static_cast<double>(config.stored_values_per_seed);
    }
  }
  MergeInfo info{name, "benchmark", "", "", Scale::kPaper, kPaperSeeds, 0};
  const std::string merged = absl::StrCat(out, "/", name, ".h5");
  for (auto _ : state) {
    CHECK(MergeTaskFiles(out, configs, info, merged).ok());
  }
  struct stat file_stat {};
  CHECK(stat(merged.c_str(), &file_stat) == 0);
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["tasks"] = static_cast<double>(configs.size() * kPaperSeeds);
  state.counters["values"] = values;
  state.counters["file_MB"] = static_cast<double>(file_stat.st_size) / 1e6;
  state.counters["peak_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1e3;
  CHECK(RemoveTaskFiles(out, configs, kPaperSeeds).ok());
}

void BM_MergeVietriPaper(benchmark::State& state) {
  MergePaperScale(state, VietriGrid::ForScale(Scale::kPaper).MakeConfigs().value(),
                  experiment_names::kVietriFig);
}
void BM_MergeLowerBoundPaper(benchmark::State& state) {
  MergePaperScale(state, VietriLowerBoundGrid::ForScale(Scale::kPaper).MakeConfigs().value(),
                  experiment_names::kVietriLowerBoundFig);
}
void BM_MergePrivateOfuPaper(benchmark::State& state) {
  MergePaperScale(state, PrivateOfuGrid::ForScale(Scale::kPaper).MakeConfigs().value(),
                  experiment_names::kPrivateOfuFig);
}
BENCHMARK(BM_MergeVietriPaper)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_MergeLowerBoundPaper)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_MergePrivateOfuPaper)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace dprl
