// Prints, as one JSON object, values computed by the C++ library directly (no Python) for fixed
// stream keys and inputs: random stream words, exact sampler draws, binary and matrix counter
// releases, OU functional noise values, the per-episode regret of RunEpisodes for every tabular
// agent, and calculator outputs. python/tests/cpp_equivalence_test.py repeats the same calls
// through `import dprl` and requires identical bits. Doubles are printed as C99 hex floats (%a),
// so the comparison is exact.
//
//   bazel run //python:cpp_reference
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "algorithms/accounting/conversions.h"
#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/accounting/rlsvi_privacy.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "algorithms/mechanisms/ou_functional_noise.h"
#include "algorithms/mechanisms/samplers.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_agent.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/noiseless_pucb.h"
#include "algorithms/tabular/psrl.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/rlsvi.h"
#include "algorithms/tabular/ubev.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "envs/continuous_walk.h"
#include "envs/lower_bound_mdp.h"
#include "envs/markov_game.h"
#include "envs/lq_system.h"
#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "experiments/lq/lq_registry.h"
#include "random/random_stream.h"

namespace dprl {
namespace {

std::string Hex(double x) { return absl::StrFormat("\"%a\"", x); }

std::string HexList(const std::vector<double>& xs) {
  std::vector<std::string> parts;
  for (double x : xs) parts.push_back(Hex(x));
  return absl::StrCat("[", absl::StrJoin(parts, ","), "]");
}

template <typename Int>
std::string IntList(const std::vector<Int>& xs) {
  return absl::StrCat("[", absl::StrJoin(xs, ","), "]");
}

std::vector<std::string> fields;

void Field(const std::string& name, const std::string& json) {
  fields.push_back(absl::StrCat("\"", name, "\":", json));
}

void Streams() {
  RandomStream s(StreamKey{7, 1, 2, 3});
  std::vector<uint64_t> words;
  for (int i = 0; i < 4; ++i) words.push_back(s.NextU64());
  RandomStream child = s.Child(5);
  words.push_back(child.NextU64());
  RandomStream pair = s.Child(2, 9);
  words.push_back(pair.NextU64());
  words.push_back(s.UniformInt(10));
  // JSON numbers are doubles: 64-bit words are written as strings.
  std::vector<std::string> quoted;
  for (uint64_t w : words) quoted.push_back(absl::StrCat("\"", w, "\""));
  Field("stream_words", absl::StrCat("[", absl::StrJoin(quoted, ","), "]"));
  Field("stream_open_uniform", Hex(s.NextOpenUniform()));
}

void Samplers() {
  RandomStream s(StreamKey{11, 0, 0, 100});
  std::vector<int64_t> laplace, gaussian, fast, bernoulli;
  for (int i = 0; i < 20; ++i) laplace.push_back(SampleDiscreteLaplace({7, 2}, s));
  for (int i = 0; i < 20; ++i) gaussian.push_back(SampleDiscreteGaussian({9, 4}, s));
  const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create({10, 1}).value();
  for (int i = 0; i < 20; ++i) fast.push_back(sampler.Sample(s));
  for (int i = 0; i < 20; ++i) bernoulli.push_back(SampleBernoulliExp({3, 2}, s) ? 1 : 0);
  Field("discrete_laplace_7_2", IntList(laplace));
  Field("discrete_gaussian_9_4", IntList(gaussian));
  Field("fast_discrete_laplace_10", IntList(fast));
  Field("bernoulli_exp_3_2", IntList(bernoulli));
}

void Counters() {
  BinaryCounterOptions options;
  options.privacy_epsilon = 0.5;
  options.horizon_steps = 16;
  options.input_bound = 1.0;
  BinaryCounterBank bank =
      BinaryCounterBank::Create(4, options, RandomStream(StreamKey{13, 0, 0, 3})).value();
  std::vector<int64_t> releases;
  for (int t = 1; t <= 16; ++t) {
    for (int c = 0; c < 4; ++c) bank.Add(c, (t * 3 + c) % 2);
    bank.EndStep();
    if (t == 5) bank.Track(1);
    for (int c = 0; c < 4; ++c) releases.push_back(static_cast<int64_t>(bank.Release(c)));
  }
  Field("binary_counter_releases", IntList(releases));

  MatrixTreeCounterOptions m;
  m.rows = 2;
  m.cols = 2;
  m.symmetric = true;
  m.horizon_steps = 8;
  m.l2_sensitivity = 1.0;
  m.input_frobenius_bound = 1.0;
  m.zcdp_rho = 0.5;
  MatrixTreeCounter counter = MatrixTreeCounter::Create(m, RandomStream(StreamKey{17, 0, 0, 3})).value();
  std::vector<double> matrix_releases;
  for (int t = 1; t <= 8; ++t) {
    Eigen::MatrixXd input(2, 2);
    input << 0.1 * t, 0.05, 0.05, 0.2;
    counter.AddStep(input);
    const Eigen::MatrixXd release = counter.Release();
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) matrix_releases.push_back(release(i, j));
    }
  }
  Field("matrix_counter_releases", HexList(matrix_releases));
}

void OuNoise() {
  OuFunctionalNoise noise = OuFunctionalNoise::Create({2, 1.5, 0.7}).value();
  RandomStream s(StreamKey{19, 0, 0, 3});
  std::vector<double> values;
  for (double x : {0.3, -1.2, 0.3, 2.5, 0.9}) {
    double v[2];
    noise.Evaluate(x, s, v);
    values.push_back(v[0]);
    values.push_back(v[1]);
  }
  Field("ou_values", HexList(values));
}

void Regret(const std::string& name, const TabularMdp& mdp, TabularAgent& agent, int64_t episodes) {
  std::vector<double> regret;
  RunEpisodes(mdp, agent, episodes, RandomStream(StreamKey{23, 0, 0, 1}),
              RandomStream(StreamKey{23, 0, 0, 2}), {}, {},
              [&regret](double r) { regret.push_back(r); })
      .value();
  Field(absl::StrCat("regret_", name), HexList(regret));
}

void Agents() {
  const TabularMdp river = MakeRiverSwim(RiverSwimOptions()).value();
  const TabularShape shape{6, 2, 20};
  const RandomStream noise(StreamKey{23, 0, 0, 3});
  PucbOptions pucb;
  pucb.privacy_epsilon = 1000;
  pucb.num_episodes = 300;
  pucb.error_bound_method = PucbErrorBoundMethod::kExactTail;
  Regret("pucb_exact_tail_riverswim", river, *PucbAgent::Create(shape, pucb, noise).value(), 300);
  pucb.error_bound_method = PucbErrorBoundMethod::kPaper;
  pucb.neighbour_relation = PucbNeighbourRelation::kReplacement;
  pucb.privacy_epsilon = 1e6;
  Regret("pucb_paper_riverswim", river, *PucbAgent::Create(shape, pucb, noise).value(), 300);
  Regret("ubev_riverswim", river, *UbevAgent::Create(shape, {}).value(), 200);
  Regret("noiseless_pucb_riverswim", river, *NoiselessPucbAgent::Create(shape, {}).value(), 200);
  Regret("rlsvi_riverswim", river, *RlsviAgent::Create(shape, {}, noise).value(), 200);

  RandomStream generation(StreamKey{23, 0, 0, 4});
  RandomMdpOptions random_options;
  random_options.num_states = 6;
  random_options.num_actions = 2;
  random_options.horizon = 20;
  const TabularMdp random_mdp = MakeRandomDirichletMdp(random_options, generation).value();
  Regret("ubev_random_mdp", random_mdp, *UbevAgent::Create(shape, {}).value(), 200);
  Regret("psrl_random_mdp", random_mdp, *PsrlAgent::Create(shape, {}, noise).value(), 200);
  PsrlOptions per_step;
  per_step.pool_over_steps = false;
  per_step.dirichlet_prior = 0.5;
  Regret("psrl_per_step_random_mdp", random_mdp, *PsrlAgent::Create(shape, per_step, noise).value(),
         200);
  UbevOptions as_run;
  as_run.transition_bonus = UbevTransitionBonus::kObservedValueRange;
  as_run.failure_probability = 0.1;
  Regret("ubev_as_run_random_mdp", random_mdp, *UbevAgent::Create(shape, as_run).value(), 200);
  // DP-Nash-VI (known rewards: created from the MDP's mean rewards), its three Privatizers, with
  // scaled constants so that the plans leave the cap within 200 episodes.
  for (const auto& [name, privatizer] :
       {std::pair<const char*, DpNashViPrivatizer>{"dp_nash_vi_jdp", DpNashViPrivatizer::kCentral},
        {"dp_nash_vi_ldp", DpNashViPrivatizer::kLocal},
        {"nash_vi", DpNashViPrivatizer::kNone}}) {
    DpNashViOptions options;
    options.privatizer = privatizer;
    options.privacy_epsilon = 1e4;
    options.num_episodes = 200;
    options.gap_constant = 0.03;
    options.bonus_constant = 0.1;
    Regret(absl::StrCat(name, "_random_mdp"), random_mdp,
           *DpNashViAgent::Create(shape, options, random_mdp.mean_rewards(), noise).value(), 200);
  }

  LowerBoundMdpOptions lower;
  const TabularMdp hard = MakeLowerBoundMdp(lower).value();
  const TabularShape hard_shape{hard.num_states(), hard.num_actions(), hard.horizon()};
  Regret("ubev_lower_bound", hard, *UbevAgent::Create(hard_shape, {}).value(), 200);
}

// DP-Nash-VI's self-play on a random zero-sum game, each Privatizer (scaled constants).
void Games() {
  RandomMarkovGameOptions options;
  options.num_states = 3;
  options.num_max_actions = 2;
  options.num_min_actions = 2;
  options.horizon = 3;
  RandomStream generation(StreamKey{23, 0, 0, 4});
  const MarkovGame game = MakeRandomMarkovGame(options, generation).value();
  for (const DpNashViPrivatizer privatizer :
       {DpNashViPrivatizer::kCentral, DpNashViPrivatizer::kLocal, DpNashViPrivatizer::kNone}) {
    DpNashViOptions agent_options;
    agent_options.privatizer = privatizer;
    agent_options.privacy_epsilon = 1e4;
    agent_options.num_episodes = 100;
    agent_options.gap_constant = 0.03;
    agent_options.bonus_constant = 0.1;
    auto agent =
        DpNashViGameAgent::Create(game, agent_options, RandomStream(StreamKey{23, 0, 0, 3}))
            .value();
    const std::vector<double> regret =
        RunGameEpisodes(game, *agent, 100, RandomStream(StreamKey{23, 0, 0, 1}),
                        RandomStream(StreamKey{23, 0, 0, 2}))
            .value();
    Field(absl::StrCat("game_regret_", DpNashViPrivatizerName(privatizer)), HexList(regret));
  }
}

void LinearQuadratic() {
  const LqSystem system = MakeNamedLqSystem("chain_n2", 5).value();
  for (const char* agent_name : {"ofu_rl", "private_ofu_rl"}) {
    LqAgentOptions options = FindLqAgent(agent_name).value()->preset;
    options.privacy.episodes = 12;
    options.privacy.horizon = 5;
    options.privacy.state_dim = 2;
    options.privacy.control_dim = 1;
    options.privacy.control_bound = system.control_bound();
    options.privacy.noise_bound = system.noise_bound();
    options.privacy.privacy_epsilon = 10.0;
    LqAgent agent = LqAgent::Create(options, system.q(), system.r(), system.NoiseCovariance(),
                                    RandomStream(StreamKey{29, 0, 0, 3}),
                                    RandomStream(StreamKey{29, 0, 0, 2}))
                        .value();
    const LqRunResult result = RunLqEpisodes(system, agent, RandomStream(StreamKey{29, 0, 0, 1}));
    Field(absl::StrCat("lq_regret_", agent_name), HexList(result.per_episode_regret));
  }
  const ContinuousWalk walk = ContinuousWalk::Create({}).value();
  RandomStream s(StreamKey{31, 0, 0, 1});
  std::vector<double> walk_values;
  double state = walk.SampleInitialState(s);
  for (int i = 0; i < 10; ++i) {
    const ContinuousWalk::Transition t = walk.SampleStep(state, i % 3 == 0 ? 0 : 1, s);
    walk_values.push_back(t.next_state);
    walk_values.push_back(t.reward);
    state = t.next_state;
  }
  Field("walk_values", HexList(walk_values));
}

void Calculators() {
  RlsviPrivacyOptions rlsvi{6, 2, 20, 10000};
  const RlsviPrivacyReport report = ComputeRlsviPrivacy(rlsvi, 1e-5).value();
  Field("rlsvi_corollary14_epsilon", Hex(report.corollary14_privacy_epsilon));
  Field("rlsvi_improved_epsilon", Hex(report.improved_conversion.privacy_epsilon));
  Field("zcdp_to_dp_improved", Hex(ZcdpToDpEpsilon(DpConversion::kImproved, 0.3, 1e-6).value()));
  Field("functional_noise_sigma",
        Hex(CalibrateFunctionalNoise(FunctionalNoiseCalibrationOptions()).value().noise_stddev));
  Field("private_ofu_sigma1", Hex(ComputePrivateOfuParams(PrivateOfuOptions()).value().sigma1));
  Field("vietri_error_bound", Hex(VietriErrorBound(VietriBoundsParameters())));
  PucbOptions exact;
  exact.privacy_epsilon = 1000;
  exact.error_bound_method = PucbErrorBoundMethod::kExactTail;
  Field("pucb_exact_tail_e", Hex(PucbErrorBound({6, 2, 20}, exact)));
  Field("pucb_paper_e", Hex(PucbErrorBound({6, 2, 20}, PucbOptions())));
}

}  // namespace
}  // namespace dprl

int main() {
  dprl::Streams();
  dprl::Samplers();
  dprl::Counters();
  dprl::OuNoise();
  dprl::Agents();
  dprl::Games();
  dprl::LinearQuadratic();
  dprl::Calculators();
  std::cout << "{" << absl::StrJoin(dprl::fields, ",\n") << "}" << std::endl;
  return 0;
}
