// Per-episode time of OFU-RL, Private-OFU-RL and private certainty equivalence (BeginEpisode:
// statistics release, estimate, OFU step, Riccati gains; simulation of the H steps; EndEpisode:
// clipping and counter updates; regret evaluation excluded), and of the OFU step (9) alone, on the
// named LQ systems chain_n2, chain_n4, chain_n8 ((n, d) = (2, 1), (4, 2), (8, 4)), H = 5,
// privacy_epsilon = 1, target_delta = 1e-5, K = 2^20 (so the agent never runs out of episodes).
//
//   bazel run -c opt //algorithms/lqr:private_ofu_benchmark
//
// Each agent benchmark first runs 20 warm-up episodes; the OFU-step benchmark solves the step of
// episode 21 of a warmed-up non-private agent repeatedly (same problem, no warm start, the
// default 3 starts), with the zero-dynamics shortcut off (the iterative solver) and on.
#include <benchmark/benchmark.h>

#include <string>

#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "algorithms/lqr/ofu_step.h"
#include "envs/lq_system.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr int kWarmupEpisodes = 20;

constexpr uint64_t kSeed = 77;  // master seed of every stream of this file

const char* SystemName(int n) { return n == 2 ? "chain_n2" : n == 4 ? "chain_n4" : "chain_n8"; }

LqAgentOptions Options(const LqSystem& s, LqCalibration calibration, LqPlanner planner) {
  LqAgentOptions o;
  o.calibration = calibration;
  o.planner = planner;
  SetLqSystemOptions(s, int64_t{1} << 20, o);
  return o;
}

void Episode(const LqSystem& s, LqAgent& agent, RandomStream& env) {
  const std::vector<Eigen::MatrixXd> gains = agent.BeginEpisode(s.initial_state());
  std::vector<Eigen::VectorXd> states{s.initial_state()}, controls;
  for (int h = 0; h < s.horizon(); ++h) {
    controls.push_back(gains[h] * states.back());
    states.push_back(s.Step(states.back(), controls.back(), env));
  }
  agent.EndEpisode(states, controls);
}

void BM_AgentEpisode(benchmark::State& state, LqCalibration calibration, LqPlanner planner) {
  const LqSystem s = *MakeNamedLqSystem(SystemName(static_cast<int>(state.range(0))), 5);
  LqAgent agent = *LqAgent::Create(
      Options(s, calibration, planner), s.q(), s.r(), s.NoiseCovariance(),
      TestStream(kSeed, TestPurpose::kPrivacyNoise), TestStream(kSeed, TestPurpose::kPolicy));
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment);
  for (int i = 0; i < kWarmupEpisodes; ++i) Episode(s, agent, env);
  double iterations = 0;
  for (auto _ : state) {
    Episode(s, agent, env);
    iterations += agent.last_episode().ofu_iterations;
  }
  state.counters["ceres_iterations_per_episode"] =
      benchmark::Counter(iterations / static_cast<double>(state.iterations()));
}

// state.range(1) = 1: the zero-dynamics shortcut on (the default), 0: the minimiser always runs
// (the solver the step had before the shortcut, on the same problem). state.range(2): the
// minimiser, 0 Ceres (the default), 1 LBFGS++ (OfuStepOptions::minimiser).
void BM_OfuStep(benchmark::State& state) {
  const LqSystem s = *MakeNamedLqSystem(SystemName(static_cast<int>(state.range(0))), 5);
  LqAgent agent = *LqAgent::Create(
      Options(s, LqCalibration::kNone, LqPlanner::kOfuStep), s.q(), s.r(), s.NoiseCovariance(),
      TestStream(kSeed, TestPurpose::kPrivacyNoise), TestStream(kSeed, TestPurpose::kPolicy));
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment);
  for (int i = 0; i < kWarmupEpisodes; ++i) Episode(s, agent, env);
  agent.BeginEpisode(s.initial_state());
  const OfuProblem problem = LastOfuProblem(agent, s);
  RandomStream policy = TestStream(kSeed, TestPurpose::kPolicy);
  OfuStepOptions options;
  options.zero_dynamics_shortcut = state.range(1) == 1;
  options.minimiser = state.range(2) == 1 ? OfuMinimiser::kLbfgspp : OfuMinimiser::kCeres;
  double iterations = 0, optimal_cost = 0;
  for (auto _ : state) {
    const OfuStepResult r = *SolveOfuStep(problem, options, nullptr, policy);
    iterations += r.iterations;
    optimal_cost += r.optimal_cost;
  }
  state.counters["minimiser_iterations"] =
      benchmark::Counter(iterations / static_cast<double>(state.iterations()));
  // The mean J of the end points (each solve draws its own random starts): the two minimisers'
  // optima side by side.
  state.counters["optimal_cost"] =
      benchmark::Counter(optimal_cost / static_cast<double>(state.iterations()));
  state.counters["zero_dynamics_shortcut"] = benchmark::Counter(
      SolveOfuStep(problem, options, nullptr, policy)->zero_dynamics_feasible ? 1 : 0);
}

// The agents ofu_rl, private_ofu_rl and private_ce of schema/lq_agent_presets.cc.
BENCHMARK_CAPTURE(BM_AgentEpisode, ofu_rl, LqCalibration::kNone, LqPlanner::kOfuStep)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AgentEpisode, private_ofu_rl, LqCalibration::kPaper, LqPlanner::kOfuStep)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AgentEpisode, private_ce, LqCalibration::kPaper,
                  LqPlanner::kCertaintyEquivalence)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OfuStep)
    ->ArgsProduct({{2, 4, 8}, {0, 1}, {0, 1}})
    ->ArgNames({"n", "shortcut", "lbfgspp"})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dprl
