// Per-episode time of UBEV (Dann et al. 2017), PUCB, PUCB's noiseless planner, RLSVI, UCB-VI
// (Azar et al. 2017), Private-UCB-VI (Chowdhury & Zhou 2022) and DP-Nash-VI (Qiao & Wang 2024,
// B = 1) (plan + act
// + observe + counter updates / noise draws; regret evaluation excluded), on random Dirichlet MDPs
// of size (S, A, H) in {(6,2,20), (20,4,20), (50,4,20)}.
//
//   bazel run //algorithms/tabular:agents_benchmark
//
// PUCB is measured in two regimes:
//   pucb_eps1:     privacy_epsilon = 1, T = 2^24 — the realistic regime: E_eps is large, the
//                  private visit counts stay below 2E_eps, only the SAH visit counters are read.
//   pucb_all_active: privacy_epsilon = 1e9 — E_eps < 1, every visited triple is past 2E_eps, so
//                  all S^2AH transition counters are read and updated every episode (worst case).
//   pucb_riverswim_eps1000: the shape of a claims-profile task of vietri_fig: RiverSwim (N = 4,
//                  H = 5, A = 2), privacy_epsilon = 1000, T = 10^7 (args: S, H).
// pucb_noiseless is PUCB's planner on exact counts (PUCB at eps = infinity): the reference that
// PUCB's cost is compared to (the price of the private counters).
// RLSVI (Lu et al. 2026, Alg. 1, beta_scale = 1) draws S A H Gaussians per episode on top of the
// same O(S^2 A H) planning pass as UBEV.
// psrl (Osband et al. 2013, pooled posteriors, the registry's defaults) draws S A Dirichlet rows
// (S log-Gamma variates each) and S A Gaussian rewards per episode, then plans greedily.
// Each benchmark first runs 200 warm-up episodes so the statistics are non-trivial.
//
// The ideal loops (ideal_episodes.h): pucb_eps1_ideal (PUCB's episode at eps = 1 without its
// bookkeeping: the environment, uniform actions, the node noise of its SAH visit counters and
// their releases, in one loop), ubev_ideal (UBEV's incremental backward induction and bonus
// terms as tight loops) and private_ucbvi_eps1_floor (the node noise of Private-UCB-VI's
// 2SAH + S^2AH counters and nothing else), on the same MDPs and streams. After the usual table
// the binary prints each agent's CPU time over its ideal loop's at every size where both ran:
//
//   bazel run //algorithms/tabular:agents_benchmark --
//       --benchmark_filter='BM_(PucbEps1|Ubev|PrivateUcbviEps1)(Ideal|Floor)?/'
//       --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
// (one command line)
//
// (--benchmark_format=json or csv gives Google Benchmark's own reporter, without the ratios.)
#include <benchmark/benchmark.h>
#include <glog/logging.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_agent.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h"
#include "algorithms/tabular/ideal_episodes.h"
#include "algorithms/tabular/noiseless_pucb.h"
#include "algorithms/tabular/private_ucbvi.h"
#include "algorithms/tabular/psrl.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/rlsvi.h"
#include "algorithms/tabular/ubev.h"
#include "algorithms/tabular/ucbvi.h"
#include "envs/markov_game.h"
#include "envs/riverswim.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr int kWarmupEpisodes = 200;

constexpr uint64_t kSeed = 99;  // master seed of every stream of this file

TabularMdp Mdp(int S, int A, int H) { return RandomTestMdp(S, A, H, kSeed); }

void Measure(benchmark::State& state, const TabularMdp& mdp, TabularAgent& agent) {
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment);
  RandomStream policy = TestStream(kSeed, TestPurpose::kPolicy);
  for (int i = 0; i < kWarmupEpisodes; ++i) RunAgentEpisode(mdp, agent, env, policy);
  for (auto _ : state) RunAgentEpisode(mdp, agent, env, policy);
  state.counters["episodes_per_second"] =
      benchmark::Counter(state.iterations(), benchmark::Counter::kIsRate);
}

void BM_Ubev(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  auto agent = UbevAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()}, {}).value();
  Measure(state, mdp, *agent);
}

void BM_PucbNoiseless(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  auto agent =
      NoiselessPucbAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()}, {}).value();
  Measure(state, mdp, *agent);
}

void MeasurePucb(benchmark::State& state, const TabularMdp& mdp, double privacy_epsilon,
                 int64_t num_episodes) {
  PucbOptions options;
  options.privacy_epsilon = privacy_epsilon;
  options.num_episodes = num_episodes;
  auto agent = PucbAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()}, options,
                                 TestStream(kSeed, TestPurpose::kPrivacyNoise))
                   .value();
  Measure(state, mdp, *agent);
  state.counters["counter_bytes"] = static_cast<double>(agent->memory_bytes());
}

void BenchmarkPucb(benchmark::State& state, double privacy_epsilon) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  MeasurePucb(state, mdp, privacy_epsilon, int64_t{1} << 24);  // T: more than any benchmark run
}

void BM_PucbEps1(benchmark::State& state) { BenchmarkPucb(state, 1.0); }
void BM_PucbAllActive(benchmark::State& state) { BenchmarkPucb(state, 1e9); }

void BM_PucbRiverSwimEps1000(benchmark::State& state) {
  RiverSwimOptions options;
  options.num_states = state.range(0);
  options.horizon = state.range(1);
  const TabularMdp mdp = MakeRiverSwim(options).value();
  MeasurePucb(state, mdp, 1000.0, 10000000);
}

void BM_Rlsvi(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  auto agent = RlsviAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()}, {},
                                  TestStream(kSeed, TestPurpose::kPrivacyNoise))
                   .value();
  Measure(state, mdp, *agent);
}

void BM_Ucbvi(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  UcbviOptions options;
  options.num_episodes = int64_t{1} << 24;
  auto agent =
      UcbviAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()}, options).value();
  Measure(state, mdp, *agent);
}

// Private-UCB-VI reads every counter (N~, R~ and all S^2AH N~(s,a,s')) every episode: no 2E
// threshold, so its cost is PUCB's all-active worst case at every privacy_epsilon.
void BM_PrivateUcbviEps1(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  PrivateUcbviOptions options;
  options.num_episodes = int64_t{1} << 24;
  auto agent = PrivateUcbviAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()},
                                         options, TestStream(kSeed, TestPurpose::kPrivacyNoise))
                   .value();
  Measure(state, mdp, *agent);
}

void BM_Psrl(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  auto agent = PsrlAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()}, {},
                                 TestStream(kSeed, TestPurpose::kPrivacyNoise))
                   .value();
  Measure(state, mdp, *agent);
}

// DP-Nash-VI (Qiao & Wang 2024, B = 1) post-processes and backs up all S^2 A H (cell, next state)
// pairs every episode, with each of its Privatizers at eps = 1 (the local one also draws the
// user's S A H (S + 1) noise values per episode).
void MeasureDpNashVi(benchmark::State& state, DpNashViPrivatizer privatizer) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  DpNashViOptions options;
  options.privatizer = privatizer;
  options.num_episodes = int64_t{1} << 24;
  auto agent =
      DpNashViAgent::Create({mdp.num_states(), mdp.num_actions(), mdp.horizon()}, options,
                            mdp.mean_rewards(), TestStream(kSeed, TestPurpose::kPrivacyNoise))
          .value();
  Measure(state, mdp, *agent);
}

void BM_DpNashViJdpEps1(benchmark::State& state) {
  MeasureDpNashVi(state, DpNashViPrivatizer::kCentral);
}
void BM_DpNashViLdpEps1(benchmark::State& state) {
  MeasureDpNashVi(state, DpNashViPrivatizer::kLocal);
}
void BM_NashVi(benchmark::State& state) { MeasureDpNashVi(state, DpNashViPrivatizer::kNone); }

// DP-Nash-VI for two-player games: the same per-cell work over the A B joint actions, plus one
// CCE linear program (GLPK) per (h, s) per episode. Args: S, A, B, H; random Dirichlet games.
void MeasureDpNashViGame(benchmark::State& state, DpNashViPrivatizer privatizer) {
  RandomMarkovGameOptions game_options;
  game_options.num_states = state.range(0);
  game_options.num_max_actions = state.range(1);
  game_options.num_min_actions = state.range(2);
  game_options.horizon = state.range(3);
  RandomStream generation = TestStream(kSeed, TestPurpose::kEnvGeneration);
  const MarkovGame game = MakeRandomMarkovGame(game_options, generation).value();
  DpNashViOptions options;
  options.privatizer = privatizer;
  options.num_episodes = int64_t{1} << 24;
  auto agent =
      DpNashViGameAgent::Create(game, options, TestStream(kSeed, TestPurpose::kPrivacyNoise))
          .value();
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment);
  RandomStream policy = TestStream(kSeed, TestPurpose::kPolicy);
  auto episode = [&] {
    CHECK(agent->BeginEpisode().ok());
    int s = game.joint().SampleInitialState(env);
    for (int h = 0; h < game.horizon(); ++h) {
      const auto [a, b] = agent->Act(h, s, policy);
      const TabularMdp::Transition step =
          game.joint().SampleStep(h, s, game.JointAction(a, b), env);
      CHECK(agent->Observe(h, s, a, b, step.next_state).ok());
      s = step.next_state;
    }
    agent->EndEpisode();
  };
  for (int i = 0; i < kWarmupEpisodes; ++i) episode();
  for (auto _ : state) episode();
  state.counters["episodes_per_second"] =
      benchmark::Counter(state.iterations(), benchmark::Counter::kIsRate);
}

void BM_DpNashViGameJdpEps1(benchmark::State& state) {
  MeasureDpNashViGame(state, DpNashViPrivatizer::kCentral);
}
void BM_DpNashViGameLdpEps1(benchmark::State& state) {
  MeasureDpNashViGame(state, DpNashViPrivatizer::kLocal);
}
void BM_NashViGame(benchmark::State& state) {
  MeasureDpNashViGame(state, DpNashViPrivatizer::kNone);
}

// The ideal loops (ideal_episodes.h) of PUCB at eps = 1, UBEV and Private-UCB-VI at eps = 1, on
// the same MDPs, streams and options as BM_PucbEps1, BM_Ubev and BM_PrivateUcbviEps1.
template <typename Ideal>
void MeasureIdeal(benchmark::State& state, Ideal& ideal) {
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment);
  RandomStream policy = TestStream(kSeed, TestPurpose::kPolicy);
  for (int i = 0; i < kWarmupEpisodes; ++i) ideal.RunEpisode(env, policy);
  for (auto _ : state) ideal.RunEpisode(env, policy);
  state.counters["episodes_per_second"] =
      benchmark::Counter(state.iterations(), benchmark::Counter::kIsRate);
}

void BM_PucbEps1Ideal(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  PucbOptions options;
  options.privacy_epsilon = 1.0;
  options.num_episodes = int64_t{1} << 24;
  auto ideal =
      PucbIdealEpisodes::Create(mdp, options, TestStream(kSeed, TestPurpose::kPrivacyNoise))
          .value();
  MeasureIdeal(state, ideal);
  if (ideal.any_estimated())
    state.SkipWithError("a triple became estimated: not the ideal's regime");
}

void BM_UbevIdeal(benchmark::State& state) {
  const TabularMdp mdp = Mdp(state.range(0), state.range(1), state.range(2));
  auto ideal = UbevIdealEpisodes::Create(mdp, {}).value();
  MeasureIdeal(state, ideal);
}

void BM_PrivateUcbviEps1Floor(benchmark::State& state) {
  const TabularShape shape{static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
                           static_cast<int>(state.range(2))};
  PrivateUcbviOptions options;
  options.num_episodes = int64_t{1} << 24;
  auto floor =
      PrivateUcbviNoiseFloor::Create(shape, options, TestStream(kSeed, TestPurpose::kPrivacyNoise))
          .value();
  for (int i = 0; i < kWarmupEpisodes; ++i) floor.Step();
  for (auto _ : state) floor.Step();
  state.counters["episodes_per_second"] =
      benchmark::Counter(state.iterations(), benchmark::Counter::kIsRate);
}

#define DPRL_SIZES Args({6, 2, 20})->Args({20, 4, 20})->Args({50, 4, 20})
#define DPRL_GAME_SIZES Args({3, 2, 2, 5})->Args({10, 3, 3, 5})
BENCHMARK(BM_Ubev)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PucbNoiseless)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PucbEps1)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PucbAllActive)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Rlsvi)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Ucbvi)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PrivateUcbviEps1)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Psrl)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DpNashViJdpEps1)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DpNashViLdpEps1)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_NashVi)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DpNashViGameJdpEps1)->DPRL_GAME_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DpNashViGameLdpEps1)->DPRL_GAME_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_NashViGame)->DPRL_GAME_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PucbRiverSwimEps1000)->Args({4, 5})->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PucbEps1Ideal)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_UbevIdeal)->DPRL_SIZES->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PrivateUcbviEps1Floor)->DPRL_SIZES->Unit(benchmark::kMicrosecond);

// Google Benchmark's console table, then each agent's CPU time over its ideal loop's at every size
// where both ran (the median of the repetitions when --benchmark_repetitions > 1).
class RatioToIdealReporter : public benchmark::ConsoleReporter {
 public:
  // Colours only on a terminal (Google Benchmark's default reporter reads --benchmark_color).
  RatioToIdealReporter() : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (single || median) cpu_time_[run.run_name.str()] = run.GetAdjustedCPUTime();
    }
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    static const std::pair<const char*, const char*> kPairs[] = {
        {"BM_PucbEps1", "BM_PucbEps1Ideal"},
        {"BM_Ubev", "BM_UbevIdeal"},
        {"BM_PrivateUcbviEps1", "BM_PrivateUcbviEps1Floor"}};
    bool header = false;
    for (const auto& [agent, ideal] : kPairs) {
      for (const char* size : {"/6/2/20", "/20/4/20", "/50/4/20"}) {
        const auto a = cpu_time_.find(std::string(agent) + size);
        const auto b = cpu_time_.find(std::string(ideal) + size);
        if (a == cpu_time_.end() || b == cpu_time_.end()) continue;
        if (!header)
          std::printf("\n%-34s %12s %12s %8s\n", "agent / ideal loop (CPU us)", "agent", "ideal",
                      "ratio");
        header = true;
        std::printf("%-34s %12.3f %12.3f %8.2f\n", (std::string(agent) + size).c_str(), a->second,
                    b->second, a->second / b->second);
      }
    }
  }

 private:
  std::map<std::string, double> cpu_time_;
};

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  // A machine-readable format asked for: Google Benchmark's own reporter for it.
  bool console = true;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--benchmark_format=", 0) == 0 && arg != "--benchmark_format=console") {
      console = false;
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (console) {
    dprl::RatioToIdealReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
  } else {
    benchmark::RunSpecifiedBenchmarks();
  }
  benchmark::Shutdown();
  return 0;
}
