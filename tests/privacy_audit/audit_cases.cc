#include "tests/privacy_audit/audit_cases.h"

#include <glog/logging.h>

#include <cmath>
#include <memory>

#include "algorithms/accounting/rlsvi_privacy.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/matrix_factorization_counter.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "algorithms/mechanisms/ou_functional_noise.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/pucb_testing.h"
#include "algorithms/tabular/rlsvi.h"
#include "tests/privacy_audit/controls.h"

namespace dprl {
namespace {

// --- Binary counter and its colluding-users view (shared with the Laplace-once control). ---
constexpr int64_t kUsers = 8;
constexpr int64_t kTargetUser = 4;
const int64_t kOtherInputs[kUsers] = {1, 0, 1, 0, 1, 1, 0, 1};

ObservationSampler BinaryCounterTwoSteps(int64_t first_input) {
  return [=](RandomStream& stream) {
    BinaryCounterOptions options;
    options.privacy_epsilon = 1.0;
    options.horizon_steps = 2;
    BinaryCounterBank bank = BinaryCounterBank::Create(1, options, stream).value();
    bank.Add(0, static_cast<double>(first_input));
    bank.EndStep();
    const double first_release = bank.Release(0);
    bank.Add(0, 1.0);
    bank.EndStep();
    return first_release + bank.Release(0);
  };
}

ObservationSampler BinaryCounterView(int64_t target_input) {
  return [=](RandomStream& stream) {
    BinaryCounterOptions options;
    options.privacy_epsilon = 1.0;
    options.horizon_steps = kUsers;
    BinaryCounterBank bank = BinaryCounterBank::Create(1, options, stream).value();
    double before = 0.0;
    for (int64_t t = 1; t <= kTargetUser; ++t) {
      if (t == kTargetUser) before = bank.Release(0);
      bank.Add(0, static_cast<double>(t == kTargetUser ? target_input : kOtherInputs[t - 1]));
      bank.EndStep();
    }
    return bank.Release(0) - before;
  };
}

ObservationSampler LaplaceOnceView(int64_t target_input) {
  return [=](RandomStream& stream) {
    LaplaceOnceCounter counter = LaplaceOnceCounter::Create(1.0, 1, stream).value();
    double before = 0.0;
    for (int64_t t = 1; t <= kTargetUser; ++t) {
      if (t == kTargetUser) before = static_cast<double>(counter.Release());
      counter.AddStep(t == kTargetUser ? target_input : kOtherInputs[t - 1]);
    }
    return static_cast<double>(counter.Release()) - before;
  };
}

// --- PUCB: the whole counter set after one episode (T = 1). ---
// Trajectory kX visits (h, s) = (0, 0) -> 1, (1, 1) -> 0; kY visits (0, 1) -> 0, (1, 0) -> 1;
// all rewards 1 (their randomised rounding is then the bit 1).
struct Step {
  int h, s, next;
};
constexpr Step kX[2] = {{0, 0, 1}, {1, 1, 0}};
constexpr Step kY[2] = {{0, 1, 0}, {1, 0, 1}};
constexpr double kPucbEpsilon = 6.0;

PucbOptions AuditedPucbOptions() {
  PucbOptions options;
  options.privacy_epsilon = kPucbEpsilon;
  options.num_episodes = 1;
  options.neighbour_relation = PucbNeighbourRelation::kAddRemove;
  options.error_bound_method = PucbErrorBoundMethod::kExactTail;
  return options;
}

// Number of the trajectory's 3H counters whose release is >= 1 (`favour_one`) or <= 0.
int CountFavouring(const PucbAgent& agent, const Step (&trajectory)[2], bool favour_one) {
  const TabularShape& shape = agent.shape();
  int count = 0;
  for (const Step& step : trajectory) {
    const int64_t index = shape.Index(step.h, step.s, 0);
    for (double release :
         {PucbAgentPeer::VisitCounters(agent).Release(index),
          PucbAgentPeer::RewardCounters(agent).Release(index),
          PucbAgentPeer::TransitionCounters(agent).Release(index * shape.num_states + step.next)}) {
      if (favour_one ? release >= 1.0 : release <= 0.0) ++count;
    }
  }
  return count;
}

// trajectory: 0 = empty user, 1 = kX, 2 = kY. Observation: #{kX counters >= 1}, plus
// #{kY counters <= 0} when `replacement`.
ObservationSampler PucbView(int trajectory, bool replacement) {
  return [=](RandomStream& stream) {
    const TabularShape shape{2, 1, 2};
    std::unique_ptr<PucbAgent> agent =
        PucbAgent::Create(shape, AuditedPucbOptions(), stream).value();
    agent->BeginEpisode();
    if (trajectory != 0) {
      for (const Step& step : trajectory == 1 ? kX : kY) {
        CHECK(agent->Observe(step.h, step.s, 0, 1.0, step.next).ok());
      }
    }
    agent->EndEpisode();
    int statistic = CountFavouring(*agent, kX, true);
    if (replacement) statistic += CountFavouring(*agent, kY, false);
    return static_cast<double>(statistic);
  };
}

// JDP view of PUCB (T = 3): user 2's episode (kX) added/removed, users 1 and 3 follow kX.
// Users 1 and 3 collude: what reaches them is post-processing of the releases before episode 2
// and before episode 3 (billboard lemma). Observation: #{kX counters whose release grew by >= 1
// from the first to the second}.
ObservationSampler PucbJdpView(bool target_present) {
  return [=](RandomStream& stream) {
    const TabularShape shape{2, 1, 2};
    PucbOptions options = AuditedPucbOptions();
    options.num_episodes = 3;
    std::unique_ptr<PucbAgent> agent = PucbAgent::Create(shape, options, stream).value();
    std::vector<double> before;
    for (int episode = 1; episode <= 2; ++episode) {
      agent->BeginEpisode();
      if (episode == 1 || target_present) {
        for (const Step& step : kX) CHECK(agent->Observe(step.h, step.s, 0, 1.0, step.next).ok());
      }
      agent->EndEpisode();
      std::vector<double> releases;
      for (const Step& step : kX) {
        const int64_t index = shape.Index(step.h, step.s, 0);
        releases.push_back(PucbAgentPeer::VisitCounters(*agent).Release(index));
        releases.push_back(PucbAgentPeer::RewardCounters(*agent).Release(index));
        releases.push_back(PucbAgentPeer::TransitionCounters(*agent).Release(
            index * shape.num_states + step.next));
      }
      if (episode == 1) before = releases;
      if (episode == 2) {
        int statistic = 0;
        for (size_t i = 0; i < releases.size(); ++i) statistic += releases[i] - before[i] >= 1.0;
        return static_cast<double>(statistic);
      }
    }
    LOG(FATAL) << "unreachable";
  };
}

// --- RLSVI: Q~ at episode 2 of the triple episode 1 visited, reward 1 vs 0. ---
constexpr double kRlsviDelta = 1e-3;

ObservationSampler RlsviView(double reward) {
  return [=](RandomStream& stream) {
    const TabularShape shape{2, 1, 1};
    std::unique_ptr<RlsviAgent> agent = RlsviAgent::Create(shape, RlsviOptions(), stream).value();
    agent->BeginEpisode();
    CHECK(agent->Observe(0, 0, 0, reward, 1).ok());
    agent->EndEpisode();
    agent->BeginEpisode();
    return agent->plan().optimistic_q()[shape.Index(0, 0, 0)];
  };
}

double RlsviClaimedEpsilon() {
  RlsviPrivacyOptions options;
  options.num_states = 2;
  options.num_actions = 1;
  options.horizon = 1;
  options.num_episodes = 2;
  return RlsviCorollary14Epsilon(options, kRlsviDelta).value();
}

// --- Matrix tree counter (1x1, T = 1) under rho-zCDP. ---
constexpr double kMatrixRho = 0.5;
constexpr double kMatrixDelta = 1e-3;

ObservationSampler MatrixCounterView(double input) {
  return [=](RandomStream& stream) {
    MatrixTreeCounterOptions options;
    options.zcdp_rho = kMatrixRho;
    MatrixTreeCounter counter = MatrixTreeCounter::Create(options, stream).value();
    counter.AddStep(Eigen::MatrixXd::Constant(1, 1, input));
    return counter.Release()(0, 0);
  };
}

// --- Square-root factorisation counter (1x1, T = 2) under rho-zCDP. Step 1's input is 1 vs 0,
// step 2's is 0; both releases r_1, r_2 are observed through the Neyman-Pearson statistic of the
// Gaussian model: whitening w = C^{-1} r (w_1 = r_1, w_2 = r_2 - r_1 / 2) gives y + (rounding),
// y = C x + z, whose mean moves along C e_1 = (1, 1/2), so the statistic is
// w_1 + w_2 / 2 = 3 r_1 / 4 + r_2 / 2. ---
ObservationSampler FactorizationCounterView(double input) {
  return [=](RandomStream& stream) {
    MatrixTreeCounterOptions options;
    options.horizon_steps = 2;
    options.zcdp_rho = kMatrixRho;
    MatrixFactorizationCounter counter =
        MatrixFactorizationCounter::Create(options, stream).value();
    counter.AddStep(Eigen::MatrixXd::Constant(1, 1, input));
    const double r1 = counter.Release()(0, 0);
    counter.AddStep(Eigen::MatrixXd::Zero(1, 1));
    return 0.75 * r1 + 0.5 * counter.Release()(0, 0);
  };
}

// --- OU functional noise: sigma of the Gaussian process mechanism (the paper's Prop. 4). ---
constexpr double kOuEpsilon = 0.5;
constexpr double kOuDelta = 1e-2;

ObservationSampler OuView(double shift) {
  return [=](RandomStream& stream) {
    OuFunctionalNoiseOptions options;
    options.num_paths = 1;
    options.noise_stddev = std::sqrt(2.0 * std::log(1.25 / kOuDelta)) / kOuEpsilon;
    OuFunctionalNoise noise = OuFunctionalNoise::Create(options).value();
    double value = 0.0;
    noise.Evaluate(0.3, stream, &value);
    return shift + value;
  };
}

// --- Remaining controls. ---
ObservationSampler HalfNoiseView(int64_t input) {
  return [=](RandomStream& stream) {
    BinaryCounterBank bank = CreateHalfNoiseCounter(1.0, 1, stream).value();
    bank.Add(0, static_cast<double>(input));
    bank.EndStep();
    return bank.Release(0);
  };
}

ObservationSampler ClassicGaussianView(double value) {
  return [=](RandomStream& stream) { return ClassicGaussianRelease(value, 8.0, 0.2, 1.0, stream); };
}

const std::vector<double> kResidueFirst = {0.1, 0.2, 0.3, 0.6};
const std::vector<double> kResidueSecond = {0.1, 0.2, 0.7, 0.6};

ObservationSampler ResidueView(const std::vector<double>& inputs) {
  double first_sum = 0.0;
  for (double x : kResidueFirst) first_sum += x;
  return [=](RandomStream& stream) {
    return FloatingLaplaceResidueTest(FloatingLaplaceSum(inputs, 1.0, stream), first_sum, 1.0);
  };
}

}  // namespace

AuditCase ScalarAuditCase(std::string name, std::string relation, double claimed_epsilon,
                          double target_delta, bool is_control, int64_t fast_trials,
                          ObservationSampler first, ObservationSampler second) {
  AuditCase c;
  c.name = std::move(name);
  c.neighbour_relation = std::move(relation);
  c.claimed_epsilon = claimed_epsilon;
  c.target_delta = target_delta;
  c.is_control = is_control;
  c.fast_trials = fast_trials;
  c.SetScalarObservation(std::move(first), std::move(second));
  return c;
}

void AuditCase::SetScalarObservation(ObservationSampler first_sampler,
                                     ObservationSampler second_sampler) {
  auto as_vector = [](ObservationSampler sampler) {
    return [sampler =
                std::move(sampler)](RandomStream& stream) -> absl::StatusOr<std::vector<double>> {
      return std::vector<double>{sampler(stream)};
    };
  };
  first = as_vector(std::move(first_sampler));
  second = as_vector(std::move(second_sampler));
  statistics = {{"observation", [](const std::vector<double>& o) { return o[0]; }}};
}

absl::StatusOr<AuditResult> AuditOf(const AuditCase& audit_case, const AuditOptions& options) {
  return AuditFallibleNeighbours(audit_case.first, audit_case.second, audit_case.statistics,
                                 options);
}

std::vector<AuditCase> AllAuditCases() {
  std::vector<AuditCase> cases;
  cases.push_back(ScalarAuditCase("binary_counter", "add/remove one step's unit input (T = 2)", 1.0,
                                  0.0, false, 40000, BinaryCounterTwoSteps(1),
                                  BinaryCounterTwoSteps(0)));
  cases.push_back(ScalarAuditCase(
      "binary_counter_jdp_view", "add/remove user t's input; users t-1, t+1 collude (T = 8, t = 4)",
      1.0, 0.0, false, 40000, BinaryCounterView(1), BinaryCounterView(0)));
  cases.push_back(
      ScalarAuditCase("pucb_add_remove", "add/remove one user's episode (S=2, A=1, H=2, T=1)",
                      kPucbEpsilon, 0.0, false, 20000, PucbView(1, false), PucbView(0, false)));
  cases.push_back(
      ScalarAuditCase("pucb_replacement", "replace one user's episode (S=2, A=1, H=2, T=1)",
                      PucbEpsilonUnder(AuditedPucbOptions(), PucbNeighbourRelation::kReplacement),
                      0.0, false, 20000, PucbView(1, true), PucbView(2, true)));
  cases.push_back(
      ScalarAuditCase("pucb_jdp_view", "add/remove user 2's episode; users 1 and 3 collude (T = 3)",
                      kPucbEpsilon, 0.0, false, 20000, PucbJdpView(true), PucbJdpView(false)));
  cases.push_back(ScalarAuditCase("rlsvi_rewards", "rewards of one episode (S=2, A=1, H=1, K=2)",
                                  RlsviClaimedEpsilon(), kRlsviDelta, false, 40000, RlsviView(1.0),
                                  RlsviView(0.0)));
  cases.push_back(
      ScalarAuditCase("matrix_tree_counter", "one step's 1x1 input 1 vs 0 (T = 1, rho = 0.5)",
                      kMatrixRho + 2.0 * std::sqrt(kMatrixRho * std::log(1.0 / kMatrixDelta)),
                      kMatrixDelta, false, 40000, MatrixCounterView(1.0), MatrixCounterView(0.0)));
  cases.push_back(ScalarAuditCase(
      "matrix_factorization_counter",
      "step 1's 1x1 input 1 vs 0, both releases seen (T = 2, rho = 0.5)",
      kMatrixRho + 2.0 * std::sqrt(kMatrixRho * std::log(1.0 / kMatrixDelta)), kMatrixDelta, false,
      40000, FactorizationCounterView(1.0), FactorizationCounterView(0.0)));
  cases.push_back(ScalarAuditCase("ou_functional_noise",
                                  "f vs f + K(x0, .) (RKHS distance 1), read at x0", kOuEpsilon,
                                  kOuDelta, false, 40000, OuView(1.0), OuView(0.0)));
  cases.push_back(ScalarAuditCase("control_laplace_once", "as binary_counter_jdp_view", 1.0, 0.0,
                                  true, 2000, LaplaceOnceView(1), LaplaceOnceView(0)));
  cases.push_back(ScalarAuditCase("control_half_noise", "add/remove one step's unit input (T = 1)",
                                  1.0, 0.0, true, 20000, HalfNoiseView(1), HalfNoiseView(0)));
  cases.push_back(ScalarAuditCase("control_classic_gaussian", "value 1 vs 0 (l2 sensitivity 1)",
                                  8.0, 0.2, true, 2000000, ClassicGaussianView(1.0),
                                  ClassicGaussianView(0.0)));
  cases.push_back(ScalarAuditCase("control_floating_residue", "one real input 0.3 vs 0.7 of four",
                                  1.0, 0.0, true, 4000, ResidueView(kResidueFirst),
                                  ResidueView(kResidueSecond)));
  return cases;
}

}  // namespace dprl
