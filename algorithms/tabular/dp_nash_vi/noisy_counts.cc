#include "algorithms/tabular/dp_nash_vi/noisy_counts.h"

#include <glog/logging.h>

#include <algorithm>
#include <utility>

#include "algorithms/tabular/dp_nash_vi/count_post_processing.h"
#include "common/status_macros.h"

namespace dprl {

absl::StatusOr<LocalRandomizer> LocalRandomizer::Create(const TabularShape& cells, Rational scale) {
  RETURN_IF_ERROR(ValidateDiscreteLaplaceScale("local noise scale", scale));
  std::optional<DiscreteLaplaceSampler> sampler;
  if (RationalToDouble(scale) <= DiscreteLaplaceSampler::kMaxScale) {
    ASSIGN_OR_RETURN(DiscreteLaplaceSampler built, DiscreteLaplaceSampler::Create(scale));
    sampler = std::move(built);
  }
  return LocalRandomizer(cells, scale, std::move(sampler));
}

LocalRandomizer::LocalRandomizer(const TabularShape& cells, Rational scale,
                                 std::optional<DiscreteLaplaceSampler> sampler)
    : cells_(cells), scale_(scale), sampler_(std::move(sampler)) {}

int64_t LocalRandomizer::Noise(RandomStream& stream) const {
  return sampler_.has_value() ? sampler_->Sample(stream) : SampleDiscreteLaplace(scale_, stream);
}

void LocalRandomizer::Report(const int64_t* visited_cells, const int* next_states, int num_steps,
                             RandomStream& user_stream, int64_t* visit_report,
                             int64_t* transition_report) const {
  CHECK(num_steps >= 0 && num_steps <= cells_.horizon) << "num_steps " << num_steps;
  const int64_t num_cells = cells_.StateActionSteps();
  const int64_t num_transitions = num_cells * cells_.num_states;
  for (int64_t c = 0; c < num_cells; ++c) visit_report[c] = Noise(user_stream);
  for (int64_t c = 0; c < num_transitions; ++c) transition_report[c] = Noise(user_stream);
  for (int h = 0; h < num_steps; ++h) {
    visit_report[visited_cells[h]] += 1;
    transition_report[visited_cells[h] * cells_.num_states + next_states[h]] += 1;
  }
}

absl::StatusOr<NoisyCounts> NoisyCounts::Create(const TabularShape& cells,
                                                const DpNashViOptions& options,
                                                const RandomStream& noise_stream) {
  RETURN_IF_ERROR(options.Validate());
  NoisyCounts counts(cells, options.privatizer, noise_stream);
  const int64_t num_cells = cells.StateActionSteps();
  const int64_t num_transitions = num_cells * cells.num_states;
  switch (options.privatizer) {
    case DpNashViPrivatizer::kCentral: {
      BinaryCounterOptions counter;
      counter.privacy_epsilon = DpNashViCounterEpsilon(cells.horizon, options);
      counter.horizon_steps = options.num_episodes;
      counter.input_bound = 1.0;
      ASSIGN_OR_RETURN(BinaryCounterBank visits,
                       BinaryCounterBank::Create(num_cells, counter, noise_stream.Child(0)));
      ASSIGN_OR_RETURN(BinaryCounterBank transitions,
                       BinaryCounterBank::Create(num_transitions, counter, noise_stream.Child(1)));
      for (int64_t c = 0; c < num_cells; ++c) visits.Track(c);
      for (int64_t c = 0; c < num_transitions; ++c) transitions.Track(c);
      counts.visit_counters_ = std::move(visits);
      counts.transition_counters_ = std::move(transitions);
      return counts;
    }
    case DpNashViPrivatizer::kLocal: {
      ASSIGN_OR_RETURN(const Rational scale, DpNashViLocalDiscreteScale(cells.horizon, options));
      ASSIGN_OR_RETURN(LocalRandomizer randomizer, LocalRandomizer::Create(cells, scale));
      counts.randomizer_ = std::move(randomizer);
      counts.visit_report_.assign(num_cells, 0);
      counts.transition_report_.assign(num_transitions, 0);
      break;
    }
    case DpNashViPrivatizer::kNone:
      break;
  }
  counts.visit_totals_.assign(num_cells, 0);
  counts.transition_totals_.assign(num_transitions, 0);
  return counts;
}

NoisyCounts::NoisyCounts(const TabularShape& cells, DpNashViPrivatizer privatizer,
                         RandomStream noise_stream)
    : cells_(cells), privatizer_(privatizer), noise_stream_(std::move(noise_stream)) {
  episode_cells_.reserve(cells.horizon);
  episode_next_states_.reserve(cells.horizon);
}

void NoisyCounts::RecordStep(int h, int64_t cell, int next_state) {
  CHECK_EQ(static_cast<size_t>(h), episode_cells_.size()) << "steps must be recorded in order";
  episode_cells_.push_back(cell);
  episode_next_states_.push_back(next_state);
  if (privatizer_ == DpNashViPrivatizer::kCentral) {
    visit_counters_->Add(cell, 1.0);
    transition_counters_->Add(cell * cells_.num_states + next_state, 1.0);
  }
}

void NoisyCounts::EndEpisode() {
  switch (privatizer_) {
    case DpNashViPrivatizer::kCentral:
      visit_counters_->EndStep();
      transition_counters_->EndStep();
      break;
    case DpNashViPrivatizer::kLocal: {
      RandomStream user_stream = noise_stream_.Child(static_cast<uint64_t>(episodes_done_));
      randomizer_->Report(episode_cells_.data(), episode_next_states_.data(),
                          static_cast<int>(episode_cells_.size()), user_stream,
                          visit_report_.data(), transition_report_.data());
      for (size_t c = 0; c < visit_totals_.size(); ++c) visit_totals_[c] += visit_report_[c];
      for (size_t c = 0; c < transition_totals_.size(); ++c) {
        transition_totals_[c] += transition_report_[c];
      }
      break;
    }
    case DpNashViPrivatizer::kNone:
      for (size_t h = 0; h < episode_cells_.size(); ++h) {
        visit_totals_[episode_cells_[h]] += 1;
        transition_totals_[episode_cells_[h] * cells_.num_states + episode_next_states_[h]] += 1;
      }
      break;
  }
  episode_cells_.clear();
  episode_next_states_.clear();
  ++episodes_done_;
}

int64_t NoisyCounts::NoisyVisits(int64_t cell) const {
  return privatizer_ == DpNashViPrivatizer::kCentral ? visit_counters_->ExactRelease(cell)
                                                     : visit_totals_[cell];
}

void NoisyCounts::NoisyTransitions(int64_t cell, int64_t* noisy_next) const {
  const int64_t base = cell * cells_.num_states;
  for (int next = 0; next < cells_.num_states; ++next) {
    noisy_next[next] = privatizer_ == DpNashViPrivatizer::kCentral
                           ? transition_counters_->ExactRelease(base + next)
                           : transition_totals_[base + next];
  }
}

const BinaryCounterBank* NoisyCounts::visit_counters() const {
  return visit_counters_.has_value() ? &*visit_counters_ : nullptr;
}
const BinaryCounterBank* NoisyCounts::transition_counters() const {
  return transition_counters_.has_value() ? &*transition_counters_ : nullptr;
}
const LocalRandomizer* NoisyCounts::local_randomizer() const {
  return randomizer_.has_value() ? &*randomizer_ : nullptr;
}

int64_t NoisyCounts::memory_bytes() const {
  int64_t bytes = static_cast<int64_t>((visit_totals_.capacity() + transition_totals_.capacity() +
                                        visit_report_.capacity() + transition_report_.capacity()) *
                                       sizeof(int64_t));
  if (visit_counters_.has_value()) {
    bytes += visit_counters_->memory_bytes() + transition_counters_->memory_bytes();
  }
  return bytes;
}

std::array<int64_t, 4> PostProcessAllCells(const NoisyCounts& counts, double error_bound,
                                           std::vector<double>& private_visits,
                                           std::vector<double>& private_next) {
  const TabularShape& cells = counts.cells();
  const int S = cells.num_states;
  private_visits.resize(cells.StateActionSteps());
  private_next.resize(cells.StateActionSteps() * S);
  std::vector<int64_t> noisy_next(S);
  std::vector<double> scratch(S);
  std::array<int64_t, 4> cases{};
  for (int64_t cell = 0; cell < cells.StateActionSteps(); ++cell) {
    counts.NoisyTransitions(cell, noisy_next.data());
    const PostProcessedCell solved =
        PostProcessCounts(noisy_next.data(), S, counts.NoisyVisits(cell), error_bound,
                          private_next.data() + cell * S, scratch.data());
    private_visits[cell] = solved.visits;
    ++cases[static_cast<int>(solved.solved)];
  }
  return cases;
}

}  // namespace dprl
