#include "audit/tabular_views.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/pucb.h"
#include "audit/auditor.h"
#include "envs/riverswim.h"
#include "random/random_stream.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr double kBeta = 1e-6;
constexpr int kNumUsers = 12;

// RiverSwim with S = 3, H = 3 (A = 2): every user a fixed draw of it (MdpUser), the target the
// first; its replacement always swims right and is paid 1.
std::shared_ptr<const TabularMdp> RiverSwim() {
  RiverSwimOptions options;
  options.num_states = 3;
  options.horizon = 3;
  return std::make_shared<const TabularMdp>(MakeRiverSwim(options).value());
}

JdpAuditView RiverSwimView(JdpObservation observation = JdpObservation::kActions) {
  std::shared_ptr<const TabularMdp> mdp = RiverSwim();
  JdpAuditView view;
  view.shape = {mdp->num_states(), mdp->num_actions(), mdp->horizon()};
  const RandomStream users({7, 0, 0, 1});
  for (int u = 0; u < kNumUsers; ++u) view.users.push_back(MdpUser(mdp, users.Child(u)));
  view.target = 0;
  view.replacement = ConstantUser(0, 1.0, 2);
  view.observation = observation;
  return view;
}

// Not differentially private: greedy on the empirical mean reward of each (h, s, a), an unvisited
// triple valued 1 so that each is tried; ties uniform. Its plan after the target's episode is a
// function of that episode, so the other users' actions reveal it. (UCB-VI's and PUCB's bonuses
// stay at the cap H over 12 episodes, so their actions would not depend on the data at all.)
class GreedyAgent : public TabularAgent {
 public:
  explicit GreedyAgent(const TabularShape& shape)
      : shape_(shape),
        plan_(shape),
        visits_(shape.StateActionSteps(), 0.0),
        reward_sums_(shape.StateActionSteps(), 0.0) {}
  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override {
    plan_.PlanGreedy(
        [this](int h, int s, int a, const double*) {
          const int64_t i = shape_.Index(h, s, a);
          return visits_[i] > 0.0 ? reward_sums_[i] / visits_[i] : 1.0;
        },
        shape_.horizon);
  }
  void EndEpisode() override {}
  const OptimisticPlan& plan() const override { return plan_; }

 protected:
  void RecordStep(int h, int s, int a, double reward, int) override {
    visits_[shape_.Index(h, s, a)] += 1.0;
    reward_sums_[shape_.Index(h, s, a)] += reward;
  }

 private:
  TabularShape shape_;
  OptimisticPlan plan_;
  std::vector<double> visits_;
  std::vector<double> reward_sums_;
};

std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(const RandomStream&)> Greedy(
    const TabularShape& shape) {
  return [shape](const RandomStream&) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
    return std::unique_ptr<TabularAgent>(new GreedyAgent(shape));
  };
}

std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(const RandomStream&)> Pucb(
    const TabularShape& shape, double privacy_epsilon) {
  return [shape, privacy_epsilon](
             const RandomStream& noise) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
    PucbOptions options;
    options.privacy_epsilon = privacy_epsilon;
    options.num_episodes = kNumUsers;
    return std::unique_ptr<TabularAgent>(PucbAgent::Create(shape, options, noise).value());
  };
}

AuditOptions Options(int64_t trials) {
  AuditOptions options;
  options.num_trials = trials;
  options.confidence_beta = kBeta;
  return options;
}

TEST(JdpViewTest, ObservesTheOtherUsersActionsInTheirOrder) {
  JdpAuditView view = RiverSwimView();
  view.make_agent = Greedy(view.shape);
  NeighbourSamplers samplers = JdpViewSamplers(view).value();
  RandomStream stream({1, 0, 0, 1});
  const std::vector<double> first = samplers.first(stream).value();
  ASSERT_EQ(first.size(), (kNumUsers - 1) * 3);
  for (double action : first) EXPECT_TRUE(action == 0.0 || action == 1.0);
  // A fixed function of the stream.
  RandomStream again({1, 0, 0, 1});
  EXPECT_EQ(samplers.first(again).value(), first);
  // D' without the target: the same layout.
  EXPECT_EQ(samplers.second(stream).value().size(), first.size());
  EXPECT_EQ(ActionCountStatistics(view).value().size(), (1 + 3) * 2 + 3);
}

TEST(JdpViewTest, ReleasesAreReadBeforeEachOtherUsersEpisode) {
  JdpAuditView view = RiverSwimView(JdpObservation::kReleases);
  view.make_agent = Pucb(view.shape, 1.0);
  view.released = [](const TabularAgent& agent) {
    return std::vector<double>{static_cast<double>(agent.num_below_cap()), 1.0};
  };
  RandomStream stream({1, 0, 0, 1});
  const std::vector<double> observation = JdpViewSamplers(view).value().first(stream).value();
  EXPECT_EQ(observation.size(), (kNumUsers - 1) * 2);
  EXPECT_THAT(ActionCountStatistics(view), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(JdpViewTest, BadViewsAndAnswersAreNamed) {
  JdpAuditView view = RiverSwimView();
  EXPECT_THAT(JdpViewSamplers(view).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("make_agent")));
  view.make_agent = Greedy(view.shape);
  view.target = kNumUsers;
  EXPECT_THAT(JdpViewSamplers(view).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target 12")));
  view.target = 0;
  view.users.resize(1);
  EXPECT_THAT(JdpViewSamplers(view).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("at least one other user")));
  view = RiverSwimView();
  view.make_agent = Greedy(view.shape);
  view.relation = JdpRelation::kReplacement;
  view.replacement = TabularUser{};
  EXPECT_THAT(JdpViewSamplers(view).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("replacement")));
  view.replacement = ConstantUser(5, 0.0, 0);
  EXPECT_THAT(JdpViewSamplers(view).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("initial_state 5")));
  view.relation = JdpRelation::kAddRemove;
  view.observation = JdpObservation::kReleases;
  EXPECT_THAT(JdpViewSamplers(view).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("released")));
  // A user whose reward is outside [0, 1]: the trial fails with Observe's message, the audit
  // with the trial's.
  view = RiverSwimView();
  view.make_agent = Greedy(view.shape);
  view.users[3] = ConstantUser(0, 2.0, 1);
  NeighbourSamplers samplers = JdpViewSamplers(view).value();
  EXPECT_THAT(AuditFallibleNeighbours(samplers.first, samplers.second,
                                      ActionCountStatistics(view).value(), Options(100)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("input first, trial 0: user 3 at step 0: Observe: reward")));
}

// The non-private greedy agent is caught on the other users' actions under both relations; PUCB at
// eps = 1 gives no evidence against its claim (a statement that fails with probability <= beta;
// here PUCB's plan stays at the cap H, so its actions do not depend on the data at all, and the
// statement checks that the view itself raises no false alarm under either relation).
TEST(JdpViewTest, CatchesANonPrivateAgentAndNotPucb) {
  for (JdpRelation relation : {JdpRelation::kAddRemove, JdpRelation::kReplacement}) {
    SCOPED_TRACE(JdpRelationName(relation));
    JdpAuditView view = RiverSwimView();
    view.relation = relation;
    view.make_agent = Greedy(view.shape);
    NeighbourSamplers samplers = JdpViewSamplers(view).value();
    const AuditResult caught =
        AuditFallibleNeighbours(samplers.first, samplers.second,
                                ActionCountStatistics(view).value(), Options(4000))
            .value();
    SCOPED_TRACE(caught.DebugString());
    EXPECT_EQ(VerdictOf(caught, 1.0), AuditVerdict::kRefuted);

    view.make_agent = Pucb(view.shape, 1.0);
    samplers = JdpViewSamplers(view).value();
    const AuditResult pucb =
        AuditFallibleNeighbours(samplers.first, samplers.second,
                                ActionCountStatistics(view).value(), Options(4000))
            .value();
    SCOPED_TRACE(pucb.DebugString());
    EXPECT_EQ(VerdictOf(pucb, 1.0), AuditVerdict::kNoEvidenceAgainst);
  }
}

TEST(JdpViewTest, SameBitsAtAnyThreadCount) {
  JdpAuditView view = RiverSwimView();
  view.make_agent = Pucb(view.shape, 4.0);
  NeighbourSamplers samplers = JdpViewSamplers(view).value();
  AuditOptions options = Options(2000);
  const std::string one = AuditFallibleNeighbours(samplers.first, samplers.second,
                                                  ActionCountStatistics(view).value(), options)
                              .value()
                              .DebugString();
  options.num_threads = 3;
  EXPECT_EQ(AuditFallibleNeighbours(samplers.first, samplers.second,
                                    ActionCountStatistics(view).value(), options)
                .value()
                .DebugString(),
            one);
}

// Randomized response on the first step's action (truth with probability 3/4) is ln 3-LDP for
// any two trajectories: the bound stays below ln 3 and comes close to it.
TEST(LocalViewTest, RandomizedResponseOfOneTrajectoryAgainstAnother) {
  LocalRandomizer response = [](const TabularTrajectory& trajectory,
                                RandomStream& stream) -> absl::StatusOr<std::vector<double>> {
    const int bit = trajectory.front().action;
    return std::vector<double>{static_cast<double>(stream.UniformInt(4) == 0 ? 1 - bit : bit)};
  };
  const TabularTrajectory takes_one = {{0, 0, 1, 0.0, 0}};
  const TabularTrajectory takes_zero = {{0, 0, 0, 1.0, 1}};
  NeighbourSamplers samplers = LocalViewSamplers(response, takes_one, takes_zero).value();
  const AuditResult result =
      AuditFallibleNeighbours(samplers.first, samplers.second,
                              {{"message", [](const std::vector<double>& o) { return o[0]; }}},
                              Options(40000))
          .value();
  SCOPED_TRACE(result.DebugString());
  EXPECT_LE(result.privacy_epsilon_lower, std::log(3.0));
  EXPECT_GT(result.privacy_epsilon_lower, 0.9);
  EXPECT_THAT(LocalViewSamplers(nullptr, takes_one, takes_zero).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("randomizer")));
}

}  // namespace
}  // namespace dprl
