// The noisy counts N^ of DP-Nash-VI's Privatizers (Qiao & Wang 2024, Sec. 5.1 and 5.2), before the
// post-processing of Sec. 5.3 (count_post_processing.h). Calibration, E and the neighbour
// relations: dp_nash_vi_options.h.
//
// Specification
// -------------
// Cells (h, s, j) are indexed by `cells.Index(h, s, j)` (a TabularShape with num_actions = J);
// transitions by Index(h, s, j) * S + s'. A trajectory reaches the Privatizer step by step
// (RecordStep) and episode by episode (EndEpisode); after k closed episodes the noisy counts are
// N^_h^{k+1}(s, j) and N^_h^{k+1}(s, j, s'), exact integers (no floating-point value ever carries
// noise: docs/conventions.md, "Exact noise on released values").
//   kCentral: two banks of binary counters (binary_counter.h), visits and transitions, every one
//     fed 0 or 1 each episode; N^ = ExactRelease. Streams: noise_stream.Child(0) (visits),
//     Child(1) (transitions).
//   kLocal: the k-th user's report (LocalRandomizer below, with the stream
//     noise_stream.Child(k - 1)) is summed into exact int64 totals, (6). The agent never sees the
//     trajectory itself: RecordStep only hands it to the user's randomizer.
//   kNone: the exact counts.
// Every count is read every episode, so the central counters are all tracked (cheap releases).
#ifndef DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_NOISY_COUNTS_H_
#define DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_NOISY_COUNTS_H_

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "algorithms/mechanisms/samplers.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"
#include "algorithms/tabular/tabular_shape.h"
#include "random/random_stream.h"

namespace dprl {

// The user's side of the local protocol (Sec. 5.2, (5)): from one trajectory, the report
//   visit_report[c]              = 1{cell c visited} + Z_c,
//   transition_report[c S + s']  = 1{cell c visited and followed by s'} + Z'_{c,s'},
// Z iid exact discrete Laplace of scale b (DpNashViLocalDiscreteScale), drawn from `user_stream`
// in the order visits 0..HSJ-1, then transitions 0..HSJS-1. Only the report leaves the user.
class LocalRandomizer {
 public:
  static absl::StatusOr<LocalRandomizer> Create(const TabularShape& cells, Rational scale);

  // visited_cells[h] = Index(h, s_h, j_h) and next_states[h] = s_{h+1}, h = 0..num_steps-1
  // (num_steps <= H; an episode cut short has fewer). Writes HSJ and HSJS entries; the noise
  // drawn does not depend on the trajectory.
  void Report(const int64_t* visited_cells, const int* next_states, int num_steps,
              RandomStream& user_stream, int64_t* visit_report, int64_t* transition_report) const;

  Rational scale() const { return scale_; }

 private:
  LocalRandomizer(const TabularShape& cells, Rational scale,
                  std::optional<DiscreteLaplaceSampler> sampler);
  int64_t Noise(RandomStream& stream) const;

  TabularShape cells_;
  Rational scale_;
  std::optional<DiscreteLaplaceSampler> sampler_;  // absent above its kMaxScale
};

class NoisyCounts {
 public:
  // noise_stream must be reserved for these counts (purpose kPrivacyNoise). Errors: the options'
  // and the counters' validation, naming the parameter.
  static absl::StatusOr<NoisyCounts> Create(const TabularShape& cells,
                                            const DpNashViOptions& options,
                                            const RandomStream& noise_stream);

  // Step h of the current episode: the cell Index(h, s, j) led to next_state.
  void RecordStep(int h, int64_t cell, int next_state);
  // Closes the episode: one step of every counter (0 for the cells not visited), or the user's
  // report added. An episode may end before step H (its missing steps contribute nothing).
  void EndEpisode();
  int64_t episodes_done() const { return episodes_done_; }

  // N^ of the cell and of its transitions (S entries into `noisy_next`).
  int64_t NoisyVisits(int64_t cell) const;
  void NoisyTransitions(int64_t cell, int64_t* noisy_next) const;

  const TabularShape& cells() const { return cells_; }
  DpNashViPrivatizer privatizer() const { return privatizer_; }
  // kCentral's banks (for tests and the audit); nullptr otherwise.
  const BinaryCounterBank* visit_counters() const;
  const BinaryCounterBank* transition_counters() const;
  // kLocal's randomizer; nullptr otherwise.
  const LocalRandomizer* local_randomizer() const;
  int64_t memory_bytes() const;

 private:
  NoisyCounts(const TabularShape& cells, DpNashViPrivatizer privatizer, RandomStream noise_stream);

  TabularShape cells_;
  DpNashViPrivatizer privatizer_;
  RandomStream noise_stream_;
  std::optional<BinaryCounterBank> visit_counters_;       // kCentral
  std::optional<BinaryCounterBank> transition_counters_;  // kCentral
  std::optional<LocalRandomizer> randomizer_;             // kLocal
  // kLocal: the summed reports; kNone: the exact counts.
  std::vector<int64_t> visit_totals_;
  std::vector<int64_t> transition_totals_;
  // The episode in progress (kLocal, kNone): its cells and next states, step by step.
  std::vector<int64_t> episode_cells_;
  std::vector<int> episode_next_states_;
  std::vector<int64_t> visit_report_, transition_report_;  // kLocal scratch
  int64_t episodes_done_ = 0;
};

// The post-processing (8)-(9) (count_post_processing.h) of every cell of `counts` at the bound
// error_bound: private_visits[c] = N~ and private_next[c S + s'] = N~(s') (resized to fit).
// Returns how many cells were solved in each PostProcessingCase.
std::array<int64_t, 4> PostProcessAllCells(const NoisyCounts& counts, double error_bound,
                                           std::vector<double>& private_visits,
                                           std::vector<double>& private_next);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_NOISY_COUNTS_H_
