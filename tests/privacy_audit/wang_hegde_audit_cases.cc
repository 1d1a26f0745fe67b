#include "tests/privacy_audit/wang_hegde_audit_cases.h"

#include <glog/logging.h>

#include <cstdint>

#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "algorithms/qlearning/walk_training.h"
#include "envs/continuous_walk.h"
#include "random/random_stream.h"

namespace dprl {
namespace {

constexpr double kClaimedEpsilon = 0.9;
constexpr double kClaimedDelta = 1e-4;
constexpr int64_t kNumSamples = 4800;  // App. E.3's T = 5 000 rounded so that B = 64 divides it
constexpr int kBatchSize = 64;
constexpr double kLearningRate = 3e-4;
// The public initialisation: the same policy stream in every trial (it draws the network only,
// since exploration is off).
constexpr uint64_t kPublicInitSeed = 20191208;
constexpr int kOutputGridPoints = 101;
constexpr int kNoisyGridPoints = 20001;

FunctionalNoiseCalibration Theorem5() {
  FunctionalNoiseCalibrationOptions options;  // App. E.3: alpha 3e-4, k 2.3, L^2 16
  options.privacy_epsilon = kClaimedEpsilon;
  options.target_delta = kClaimedDelta;
  options.num_samples = kNumSamples;
  options.batch_size = kBatchSize;
  options.learning_rate = kLearningRate;
  absl::StatusOr<FunctionalNoiseCalibration> c = CalibrateFunctionalNoise(options);
  CHECK(c.ok()) << c.status();
  return *c;
}

// Forwards to Algorithm 1 with every reward raised by `reward_shift` (r' = r + shift).
class RewardShiftedAgent {
 public:
  RewardShiftedAgent(FunctionalNoiseQLearning& agent, double reward_shift)
      : agent_(agent), reward_shift_(reward_shift) {}
  int Act(double state) { return agent_.Act(state); }
  void Observe(double state, int action, double reward, double next_state, bool episode_end) {
    agent_.Observe(state, action, reward + reward_shift_, next_state, episode_end);
  }

 private:
  FunctionalNoiseQLearning& agent_;
  double reward_shift_;
};

// Trains Algorithm 1 on r + reward_shift; returns the observation of the case.
ObservationSampler TrainedView(double reward_shift, bool noisy_release) {
  return [=](RandomStream& stream) {
    static const FunctionalNoiseCalibration calibration = Theorem5();
    FunctionalNoiseQLearningOptions options;
    options.num_samples = kNumSamples;
    options.batch_size = kBatchSize;
    options.num_resets = static_cast<int>(kNumSamples / kBatchSize);
    options.noise_stddev = calibration.noise_stddev;
    options.kernel_rate = calibration.kernel_rate;
    options.exploration_start = 0.0;
    options.exploration_end = 0.0;
    options.optimizer.kind = OptimizerKind::kSgd;
    options.optimizer.learning_rate = kLearningRate;
    RandomStream public_init(StreamKey{kPublicInitSeed, 0, 0, 0});
    absl::StatusOr<FunctionalNoiseQLearning> agent =
        FunctionalNoiseQLearning::Create(options, public_init, stream.Child(0, 0));
    CHECK(agent.ok()) << agent.status();
    const ContinuousWalk env = ContinuousWalk::Create(ContinuousWalkOptions()).value();
    RandomStream env_stream = stream.Child(1, 0);
    RewardShiftedAgent shifted(*agent, reward_shift);
    TrainOnWalk(env, kNumSamples, shifted, env_stream);
    const int points = noisy_release ? kNoisyGridPoints : kOutputGridPoints;
    double sum = 0.0;
    for (int i = 0; i < points; ++i) {
      const double s = static_cast<double>(i) / (points - 1);
      const MlpOutputs q = noisy_release ? agent->NoisyQ(s) : agent->q_network().Forward(s);
      sum += q.sum();
    }
    return sum / (points * kMlpOutputs);
  };
}

}  // namespace

double WangHegdeAuditNoiseStddev() { return Theorem5().noise_stddev; }
double WangHegdeAuditKernelRate() { return Theorem5().kernel_rate; }

std::vector<AuditCase> WangHegdeAuditCases() {
  std::vector<AuditCase> cases;
  for (bool noisy : {false, true}) {
    AuditCase c;
    c.name = noisy ? "refuted_claim_wang_hegde_noisy_q" : "refuted_claim_wang_hegde_output";
    c.neighbour_relation =
        noisy ? "reward function r vs r + 1 (||r - r'||_inf = 1); last noisy Q_J + g_J"
              : "reward function r vs r + 1 (||r - r'||_inf = 1); Alg. 1 line 24 output";
    c.claimed_epsilon = kClaimedEpsilon;
    c.target_delta = kClaimedDelta;
    c.is_control = true;  // the audit must show epsilon_lower > claimed
    c.fast_trials = noisy ? 600 : 200;
    c.SetScalarObservation(TrainedView(1.0, noisy), TrainedView(0.0, noisy));
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace dprl
