#include "tests/privacy_audit/dp_nash_vi_audit_cases.h"

#include <glog/logging.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"
#include "algorithms/tabular/dp_nash_vi/noisy_counts.h"
#include "random/random_stream.h"

namespace dprl {
namespace {

constexpr TabularShape kCells{2, 1, 2};  // S = 2, J = 1, H = 2

// A trajectory: the state at each step and the next state.
struct Trajectory {
  int states[2];
  int next_states[2];
};
constexpr Trajectory kTarget{{0, 1}, {1, 0}};
constexpr Trajectory kReplacement{{1, 0}, {0, 1}};
constexpr Trajectory kColluder{{0, 0}, {0, 1}};

// The 2H streams of a trajectory: (is_transition, index in its family).
std::vector<std::pair<bool, int64_t>> StreamsOf(const Trajectory& trajectory) {
  std::vector<std::pair<bool, int64_t>> streams;
  for (int h = 0; h < kCells.horizon; ++h) {
    const int64_t cell = kCells.Index(h, trajectory.states[h], 0);
    streams.push_back({false, cell});
    streams.push_back({true, cell * kCells.num_states + trajectory.next_states[h]});
  }
  return streams;
}

// C's contribution to a stream (0 or 1).
int64_t ColluderCount(const std::pair<bool, int64_t>& stream) {
  for (const auto& own : StreamsOf(kColluder)) {
    if (own == stream) return 1;
  }
  return 0;
}

void Feed(NoisyCounts& counts, const Trajectory& trajectory) {
  for (int h = 0; h < kCells.horizon; ++h) {
    counts.RecordStep(h, kCells.Index(h, trajectory.states[h], 0), trajectory.next_states[h]);
  }
}

int64_t Release(const NoisyCounts& counts, const std::pair<bool, int64_t>& stream) {
  if (!stream.first) return counts.NoisyVisits(stream.second);
  std::vector<int64_t> next(kCells.num_states);
  counts.NoisyTransitions(stream.second / kCells.num_states, next.data());
  return next[stream.second % kCells.num_states];
}

// The central view of the header: episode 1 is `first_episode` (nullptr: absent), episode 2 the
// colluder's; the votes over the target's streams (and the replacement's when `replacement`).
ObservationSampler CentralView(DpNashViOptions options, const Trajectory* first_episode,
                               bool replacement) {
  options.privatizer = DpNashViPrivatizer::kCentral;
  options.num_episodes = 2;
  return [options, first_episode, replacement](RandomStream& stream) {
    NoisyCounts counts = NoisyCounts::Create(kCells, options, stream).value();
    std::vector<std::vector<int64_t>> releases;  // per t, per stream of `watched`
    std::vector<std::pair<std::pair<bool, int64_t>, bool>> watched;  // (stream, is target's)
    for (const auto& s : StreamsOf(kTarget)) watched.push_back({s, true});
    if (replacement) {
      for (const auto& s : StreamsOf(kReplacement)) watched.push_back({s, false});
    }
    double votes = 0.0;
    for (int t = 1; t <= 2; ++t) {
      if (t == 1 && first_episode != nullptr) Feed(counts, *first_episode);
      if (t == 2) Feed(counts, kColluder);
      counts.EndEpisode();
      for (const auto& [s, is_target] : watched) {
        const int64_t known = t == 2 ? ColluderCount(s) : 0;
        const int64_t value = Release(counts, s) - known;
        votes += is_target ? (value >= 1) : (value <= 0);
      }
    }
    return votes;
  };
}

// The local view of the header: one report of `trajectory`; votes over T's and R's indicators.
ObservationSampler LocalView(DpNashViOptions options, const Trajectory& trajectory) {
  options.privatizer = DpNashViPrivatizer::kLocal;
  return [options, trajectory](RandomStream& stream) {
    const Rational scale = DpNashViLocalDiscreteScale(kCells.horizon, options).value();
    const LocalRandomizer randomizer = LocalRandomizer::Create(kCells, scale).value();
    int64_t cells[2];
    for (int h = 0; h < 2; ++h) cells[h] = kCells.Index(h, trajectory.states[h], 0);
    std::vector<int64_t> visits(kCells.StateActionSteps());
    std::vector<int64_t> transitions(kCells.StateActionSteps() * kCells.num_states);
    randomizer.Report(cells, trajectory.next_states, kCells.horizon, stream, visits.data(),
                      transitions.data());
    double votes = 0.0;
    for (const auto& [is_transition, index] : StreamsOf(kTarget)) {
      votes += (is_transition ? transitions : visits)[index] >= 1;
    }
    for (const auto& [is_transition, index] : StreamsOf(kReplacement)) {
      votes += (is_transition ? transitions : visits)[index] <= 0;
    }
    return votes;
  };
}

DpNashViOptions Central(double privacy_epsilon, DpNashViCalibration calibration,
                        PucbNeighbourRelation relation) {
  DpNashViOptions options;
  options.privacy_epsilon = privacy_epsilon;
  options.noise_calibration = calibration;
  options.neighbour_relation = relation;
  return options;
}

}  // namespace

std::vector<AuditCase> DpNashViAuditCases() {
  constexpr double kCentralClaim = 4.0;
  constexpr double kLocalClaim = 2.0;
  constexpr char kAddRemove[] =
      "central: the target's episode (S = 2, A = 1, H = 2, K = 2) added/removed; user 2 colludes";
  constexpr char kReplaced[] =
      "central: the target's episode replaced by one visiting the other cells (K = 2); user 2 "
      "colludes";
  constexpr char kLocalRelation[] = "local: one report of two trajectories (H = 2)";
  const DpNashViOptions add_remove = Central(kCentralClaim, DpNashViCalibration::kStatedEpsilon,
                                             PucbNeighbourRelation::kAddRemove);
  const DpNashViOptions replacement = Central(kCentralClaim, DpNashViCalibration::kStatedEpsilon,
                                              PucbNeighbourRelation::kReplacement);
  const DpNashViOptions printed =
      Central(kCentralClaim, DpNashViCalibration::kAsPrinted, PucbNeighbourRelation::kReplacement);
  // The binary mechanism at eps instead of eps/(2H): privacy_epsilon 2H times larger.
  const DpNashViOptions at_epsilon =
      Central(kCentralClaim * 2 * kCells.horizon, DpNashViCalibration::kStatedEpsilon,
              PucbNeighbourRelation::kAddRemove);
  DpNashViOptions local;
  local.privacy_epsilon = kLocalClaim;
  DpNashViOptions local_printed = local;
  local_printed.noise_calibration = DpNashViCalibration::kAsPrinted;

  std::vector<AuditCase> cases;
  cases.push_back(ScalarAuditCase(
      "dp_nash_vi_central_add_remove", kAddRemove, kCentralClaim, /*target_delta=*/0.0, false,
      20000, CentralView(add_remove, &kTarget, false), CentralView(add_remove, nullptr, false)));
  cases.push_back(ScalarAuditCase("dp_nash_vi_central_replacement", kReplaced, kCentralClaim,
                                  /*target_delta=*/0.0, false, 20000,
                                  CentralView(replacement, &kTarget, true),
                                  CentralView(replacement, &kReplacement, true)));
  cases.push_back(ScalarAuditCase("dp_nash_vi_local", kLocalRelation, kLocalClaim,
                                  /*target_delta=*/0.0, false, 40000, LocalView(local, kTarget),
                                  LocalView(local, kReplacement)));
  cases.push_back(ScalarAuditCase("refuted_claim_dp_nash_vi_central_as_printed", kReplaced,
                                  kCentralClaim, /*target_delta=*/0.0, true, 20000,
                                  CentralView(printed, &kTarget, true),
                                  CentralView(printed, &kReplacement, true)));
  cases.push_back(ScalarAuditCase("control_dp_nash_vi_central_at_epsilon", kAddRemove,
                                  kCentralClaim, /*target_delta=*/0.0, true, 20000,
                                  CentralView(at_epsilon, &kTarget, false),
                                  CentralView(at_epsilon, nullptr, false)));
  cases.push_back(ScalarAuditCase("refuted_claim_dp_nash_vi_local_as_printed", kLocalRelation,
                                  kLocalClaim, /*target_delta=*/0.0, true, 40000,
                                  LocalView(local_printed, kTarget),
                                  LocalView(local_printed, kReplacement)));
  return cases;
}

}  // namespace dprl
