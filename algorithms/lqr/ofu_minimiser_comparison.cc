// The two minimisers of the OFU step (9) (OfuStepOptions::minimiser, ofu_step_options.h) on every
// OFU step of a run: an agent with the default minimiser (Ceres) runs K episodes of a named LQ
// system with private_ofu_fig's default settings (H = 5, K = 65 536, alpha = 0.05, lambda = 1;
// private agents eps = --privacy_epsilon, delta = 1e-5, add/remove, the paper's calibration);
// at every episode whose step calls a minimiser (no zero-dynamics shortcut, C_k cap S found) the
// same problem, with the same warm start (the previous episode's Theta~) and the same random
// starts (one copy of a stream per episode), is solved again with each minimiser, each timed
// alone (steady clock, best of --repeats solves). Streams are this tool's own (not a results
// file's). Per system and agent it prints
//   steps           the episodes whose step ran a minimiser
//   ceres_ms, lbfgspp_ms   median step time; speedup = their ratio
//   as_good         the share of steps where LBFGS++'s optimum J is <= Ceres' (1 + 1e-9) + 1e-12
//   worst_rel_gap   max over steps of (J_lbfgspp - J_ceres) / J_ceres (> 0: LBFGS++ worse)
//   median_distance, max_distance   ||Theta~_lbfgspp - Theta~_ceres||_F
// and writes every step to --out (CSV: system, agent, episode, ceres_seconds, lbfgspp_seconds,
// ceres_cost, lbfgspp_cost, distance, ceres_iterations, lbfgspp_iterations).
//
//   ./bazelw run //algorithms/lqr:ofu_minimiser_comparison -- --out=/tmp/ofu_minimisers.csv
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "algorithms/lqr/ofu_step.h"
#include "common/command_line.h"
#include "envs/lq_system.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 65536;  // master seed of every stream of this tool
constexpr int kHorizon = 5;

struct Step {
  int64_t episode = 0;
  double seconds[2] = {0, 0};
  double cost[2] = {0, 0};
  int iterations[2] = {0, 0};
  double distance = 0;
};

// The fastest of `repeats` solves of `problem` from the same starts; the last solve's result.
OfuStepResult TimedSolve(const OfuProblem& problem, const OfuStepOptions& options,
                         const Eigen::MatrixXd* warm_start, const RandomStream& starts, int repeats,
                         double* seconds) {
  OfuStepResult result;
  *seconds = INFINITY;
  for (int r = 0; r < repeats; ++r) {
    RandomStream stream = starts;
    const auto begin = std::chrono::steady_clock::now();
    result = SolveOfuStep(problem, options, warm_start, stream).value();
    *seconds = std::min(
        *seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
  }
  return result;
}

double Median(std::vector<double> values) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::vector<Step> CompareRun(const LqSystem& system, LqCalibration calibration,
                             int64_t num_episodes, double privacy_epsilon, int repeats) {
  LqAgentOptions options;
  options.calibration = calibration;
  options.planner = LqPlanner::kOfuStep;
  SetLqSystemOptions(system, num_episodes, options);
  options.privacy.privacy_epsilon = privacy_epsilon;
  options.privacy.target_delta = 1e-5;
  LqAgent agent = *LqAgent::Create(options, system.q(), system.r(), system.NoiseCovariance(),
                                   TestStream(kSeed, TestPurpose::kPrivacyNoise),
                                   TestStream(kSeed, TestPurpose::kPolicy));
  RandomStream environment = TestStream(kSeed, TestPurpose::kEnvironment);
  OfuStepOptions ceres, lbfgspp;
  lbfgspp.minimiser = OfuMinimiser::kLbfgspp;
  std::vector<Step> steps;
  std::optional<Eigen::MatrixXd> previous_theta;
  for (int64_t k = 1; k <= num_episodes; ++k) {
    const std::vector<Eigen::MatrixXd> gains = agent.BeginEpisode(system.initial_state());
    const LqEpisodeDiagnostics& d = agent.last_episode();
    if (d.ofu_winning_start >= 0) {  // a minimiser ran
      const OfuProblem problem = LastOfuProblem(agent, system);
      const RandomStream starts = TestStream(kSeed, TestPurpose::kTest, k);
      const Eigen::MatrixXd* warm = previous_theta ? &*previous_theta : nullptr;
      Step step;
      step.episode = k;
      const OfuStepResult a = TimedSolve(problem, ceres, warm, starts, repeats, &step.seconds[0]);
      const OfuStepResult b = TimedSolve(problem, lbfgspp, warm, starts, repeats, &step.seconds[1]);
      step.cost[0] = a.optimal_cost;
      step.cost[1] = b.optimal_cost;
      step.iterations[0] = a.iterations;
      step.iterations[1] = b.iterations;
      step.distance = (a.theta - b.theta).norm();
      steps.push_back(step);
    }
    previous_theta = d.theta_tilde;
    std::vector<Eigen::VectorXd> states{system.initial_state()}, controls;
    for (int h = 0; h < system.horizon(); ++h) {
      controls.push_back(agent.Control(h, states.back()));
      states.push_back(system.Step(states.back(), controls.back(), environment));
    }
    agent.EndEpisode(states, controls);
  }
  return steps;
}

constexpr char kUsage[] =
    "usage: ofu_minimiser_comparison [--systems=chain_n2,rotation_n2,relay_n2]\n"
    "           [--num_episodes=65536] [--privacy_epsilon=100] [--repeats=3] [--out=FILE.csv]\n"
    "Compares the OFU step's two minimisers (Ceres, LBFGS++) on every OFU step of a run of\n"
    "ofu_rl and private_ofu_rl per system (algorithms/lqr/ofu_minimiser_comparison.cc).\n"
    "  --systems          named LQ systems, comma-separated\n"
    "  --num_episodes     episodes K of each run, in [2, 2^40]\n"
    "  --privacy_epsilon  eps of private_ofu_rl, finite and > 0\n"
    "  --repeats          solves per minimiser and step, the fastest timed, in [1, 1000]\n"
    "  --out              CSV of every compared step (default: none)\n";

struct Flags {
  std::vector<std::string> systems = {"chain_n2", "rotation_n2", "relay_n2"};
  int64_t num_episodes = 65536;
  double privacy_epsilon = 100.0;
  int64_t repeats = 3;
  std::string out;
};

absl::Status ParseFlags(int argc, char** argv, Flags& flags, bool& help) {
  const absl::StatusOr<CommandLine> cl = SplitCommandLine(
      argc, argv, {"--systems", "--num_episodes", "--privacy_epsilon", "--repeats", "--out"});
  if (!cl.ok()) return cl.status();
  help = cl->help;
  if (std::optional<std::string> v = cl->Get("--systems")) {
    flags.systems = absl::StrSplit(*v, ',');
  }
  for (auto [name, value, low, high] :
       {std::tuple<const char*, int64_t*, int64_t, int64_t>{"--num_episodes", &flags.num_episodes,
                                                            2, int64_t{1} << 40},
        {"--repeats", &flags.repeats, 1, 1000}}) {
    std::optional<std::string> v = cl->Get(name);
    if (!v) continue;
    uint64_t parsed = 0;
    if (!ParseUnsignedText(*v, &parsed) || parsed < static_cast<uint64_t>(low) ||
        parsed > static_cast<uint64_t>(high)) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": '", *v, "' is not an integer in [", low, ", ", high, "]"));
    }
    *value = static_cast<int64_t>(parsed);
  }
  if (std::optional<std::string> v = cl->Get("--privacy_epsilon")) {
    if (!ParseNumberText(*v, &flags.privacy_epsilon) || !std::isfinite(flags.privacy_epsilon) ||
        !(flags.privacy_epsilon > 0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--privacy_epsilon: '", *v, "' is not a finite number > 0"));
    }
  }
  if (std::optional<std::string> v = cl->Get("--out")) {
    const absl::StatusOr<std::string> path = ResolveUserPath(*v);
    if (!path.ok()) return path.status();
    flags.out = *path;
  }
  return absl::OkStatus();
}

int Main(int argc, char** argv) {
  Flags flags;
  bool help = false;
  if (absl::Status status = ParseFlags(argc, argv, flags, help); !status.ok()) {
    std::fprintf(stderr, "ofu_minimiser_comparison: %s\n", std::string(status.message()).c_str());
    return 2;
  }
  if (help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  std::vector<LqSystem> systems;
  for (const std::string& name : flags.systems) {
    absl::StatusOr<LqSystem> system = MakeNamedLqSystem(name, kHorizon);
    if (!system.ok()) {
      std::fprintf(stderr, "ofu_minimiser_comparison: --systems: %s\n",
                   std::string(system.status().message()).c_str());
      return 2;
    }
    systems.push_back(*std::move(system));
  }
  std::ofstream csv;
  if (!flags.out.empty()) {
    csv.open(flags.out);
    if (!csv) {
      std::fprintf(stderr, "ofu_minimiser_comparison: --out: cannot write '%s'\n",
                   flags.out.c_str());
      return 1;
    }
    csv << "system,agent,episode,ceres_seconds,lbfgspp_seconds,ceres_cost,lbfgspp_cost,distance,"
           "ceres_iterations,lbfgspp_iterations\n";
  }
  std::printf("%-12s %-15s %6s %9s %11s %7s %7s %13s %15s %12s\n", "system", "agent", "steps",
              "ceres_ms", "lbfgspp_ms", "speedup", "as_good", "worst_rel_gap", "median_distance",
              "max_distance");
  for (size_t i = 0; i < systems.size(); ++i) {
    const std::string& name = flags.systems[i];
    for (const auto& [agent, calibration] :
         {std::pair<const char*, LqCalibration>{"ofu_rl", LqCalibration::kNone},
          {"private_ofu_rl", LqCalibration::kPaper}}) {
      const std::vector<Step> steps =
          CompareRun(systems[i], calibration, flags.num_episodes, flags.privacy_epsilon,
                     static_cast<int>(flags.repeats));
      std::vector<double> times[2], distances;
      int as_good = 0;
      double worst = -INFINITY, max_distance = 0;
      for (const Step& s : steps) {
        for (int m = 0; m < 2; ++m) times[m].push_back(s.seconds[m]);
        distances.push_back(s.distance);
        max_distance = std::max(max_distance, s.distance);
        as_good += s.cost[1] <= s.cost[0] * (1 + 1e-9) + 1e-12 ? 1 : 0;
        worst = std::max(worst, (s.cost[1] - s.cost[0]) / s.cost[0]);
        if (csv) {
          csv << absl::StrFormat("%s,%s,%d,%.9g,%.9g,%.17g,%.17g,%.6g,%d,%d\n", name, agent,
                                 s.episode, s.seconds[0], s.seconds[1], s.cost[0], s.cost[1],
                                 s.distance, s.iterations[0], s.iterations[1]);
        }
      }
      const double ceres_ms = 1e3 * Median(times[0]), lbfgspp_ms = 1e3 * Median(times[1]);
      std::printf("%-12s %-15s %6zu %9.4f %11.4f %7.2f %7.4f %13.3g %15.3g %12.3g\n", name.c_str(),
                  agent, steps.size(), ceres_ms, lbfgspp_ms, ceres_ms / lbfgspp_ms,
                  steps.empty() ? NAN : static_cast<double>(as_good) / steps.size(), worst,
                  Median(distances), max_distance);
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) { return dprl::Main(argc, argv); }
