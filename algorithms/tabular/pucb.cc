#include "algorithms/tabular/pucb.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/counter_error_tail.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

namespace {

// The node-noise distribution of counters with the options `counters`, read from an empty bank
// built with them (for the callers that have no agent's counters to read it from).
absl::StatusOr<NodeNoiseDistribution> NodeNoiseFor(const BinaryCounterOptions& counters) {
  ASSIGN_OR_RETURN(BinaryCounterBank bank,
                   BinaryCounterBank::Create(0, counters, RandomStream(StreamKey())));
  return NodeNoiseOf(bank);
}

// kExactTail: CounterErrorTailBound with beta_counter = beta / (2SAH + S^2AH) for the node noise
// `node_noise` of PUCB's counters (all three families share it).
absl::StatusOr<double> ExactTailErrorBound(const TabularShape& shape, const PucbOptions& options,
                                           const NodeNoiseDistribution& node_noise) {
  const double counter_failure_probability =
      options.failure_probability /
      PucbNumCounters(shape.num_states, shape.num_actions, shape.horizon);
  absl::StatusOr<double> e =
      CounterErrorTailBound(options.num_episodes, node_noise, counter_failure_probability);
  if (!e.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the exact-tail error bound: ", e.status().message()));
  }
  return *e;
}

// Alg. 3: E = (3/eps) H ln((2SAH + HAS^2)/beta) log(T)^{5/2} = (1/eps') ln(...) log2(T)^{5/2};
// the formula lives in algorithms/tabular/vietri_bounds.h.
double PaperErrorBound(const TabularShape& shape, const PucbOptions& options) {
  return PucbCountersErrorBound(shape.num_states, shape.num_actions, shape.horizon,
                                options.num_episodes, PucbCounterEpsilon(shape, options),
                                options.failure_probability);
}

// E of validated options by their error_bound_method, for counters whose node noise is
// `node_noise`; Alg. 3's E_eps below the exact-tail bound is refused ("Edge case" in the header:
// E_eps must be at least a certified 1 - beta bound).
absl::StatusOr<double> ValidErrorBound(const TabularShape& shape, const PucbOptions& options,
                                       const NodeNoiseDistribution& node_noise) {
  ASSIGN_OR_RETURN(const double exact_tail, ExactTailErrorBound(shape, options, node_noise));
  if (options.error_bound_method == PucbErrorBoundMethod::kExactTail) return exact_tail;
  const double error_bound = PaperErrorBound(shape, options);
  if (error_bound < exact_tail) {
    return absl::InvalidArgumentError(absl::StrCat(
        "Alg. 3's E_eps (error_bound_method = paper): at num_episodes = ", options.num_episodes,
        " the E_eps of Alg. 3 (", error_bound, ") is below the exact-tail bound (", exact_tail,
        "), so it is not a valid 1 - beta bound on the counters' error (log2(T)^{5/2} is too "
        "small for small T; E_eps = 0 at T = 1); use the exact-tail bound or a larger T"));
  }
  return error_bound;
}

}  // namespace

double PucbCounterEpsilon(const TabularShape& shape, const PucbOptions& options) {
  // Alg. 2: eps' = eps / (3H) for add/remove; replacement doubles the l1 sensitivity (eps / (6H)).
  const double add_remove = PucbAddRemoveCounterEpsilon(options.privacy_epsilon, shape.horizon);
  return options.neighbour_relation == PucbNeighbourRelation::kAddRemove ? add_remove
                                                                         : add_remove / 2.0;
}

BinaryCounterOptions PucbCounterOptions(const TabularShape& shape, const PucbOptions& options) {
  return PrivateTabularCounts::CounterOptions(PucbCounterEpsilon(shape, options),
                                              options.num_episodes);
}

double PucbEpsilonUnder(const PucbOptions& options, PucbNeighbourRelation relation) {
  if (relation == options.neighbour_relation) return options.privacy_epsilon;
  // Replacement changes each family's streams by l1 <= 2H, add/remove by <= H (Claim 1).
  return relation == PucbNeighbourRelation::kReplacement ? 2.0 * options.privacy_epsilon
                                                         : 0.5 * options.privacy_epsilon;
}

double PucbConfidence(double count, double error_bound, double log_confidence_term, int num_states,
                      int horizon) {
  const double n = count, e = error_bound;
  // Sec. 3: phi~ and psi~.
  const double phi =
      std::sqrt((2.0 * std::log(n + e) + log_confidence_term) / std::max(n - e, 1.0));
  const double psi =
      (1.0 + static_cast<double>(num_states) * horizon) * (3.0 * e / n + 2.0 * e * e / (n * n));
  return (horizon + 1.0) * phi + psi;
}

double PucbErrorBound(const TabularShape& shape, const PucbOptions& options) {
  if (options.error_bound_method == PucbErrorBoundMethod::kExactTail) {
    absl::StatusOr<NodeNoiseDistribution> node_noise =
        NodeNoiseFor(PucbCounterOptions(shape, options));
    CHECK(node_noise.ok()) << node_noise.status();
    const absl::StatusOr<double> bound = ExactTailErrorBound(shape, options, *node_noise);
    CHECK(bound.ok()) << bound.status();
    return *bound;
  }
  return PaperErrorBound(shape, options);
}

// The planner's view of PUCB: only private releases.
class PucbAgent::PrivateStatistics {
 public:
  explicit PrivateStatistics(const PucbAgent& agent) : agent_(agent) {}
  bool IsEstimated(int h, int s, int a) const {
    return Count(h, s, a) >= agent_.estimate_threshold_;  // Alg. 3: n~ >= 2E (and >= 1)
  }
  double Count(int h, int s, int a) const {
    return agent_.counts_.released_visits()[agent_.shape_.Index(h, s, a)];
  }
  double RewardSum(int h, int s, int a) const {
    return agent_.counts_.RewardSum(agent_.shape_.Index(h, s, a));
  }
  double Confidence(int h, int s, int a) const {
    return PucbConfidence(Count(h, s, a), agent_.error_bound_, agent_.log_confidence_term_,
                          agent_.shape_.num_states, agent_.shape_.horizon);
  }
  double NextValueSum(int h, int s, int a, const double* next_values) const {
    return agent_.counts_.NextValueSum(agent_.shape_.Index(h, s, a), next_values);
  }

 private:
  const PucbAgent& agent_;
};

absl::StatusOr<double> CheckedPucbErrorBound(const TabularShape& shape,
                                             const PucbOptions& options) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  ASSIGN_OR_RETURN(const NodeNoiseDistribution node_noise,
                   NodeNoiseFor(PucbCounterOptions(shape, options)));
  return ValidErrorBound(shape, options, node_noise);
}

absl::StatusOr<std::unique_ptr<PucbAgent>> PucbAgent::Create(const TabularShape& shape,
                                                             const PucbOptions& options,
                                                             const RandomStream& noise_stream) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  // The counters' options are derived once; E is computed from the node noise of the counters
  // the agent releases with.
  ASSIGN_OR_RETURN(
      PrivateTabularCounts counts,
      PrivateTabularCounts::Create(shape, PucbCounterOptions(shape, options), noise_stream));
  ASSIGN_OR_RETURN(const double error_bound,
                   ValidErrorBound(shape, options, NodeNoiseOf(counts.visit_counters())));
  return std::unique_ptr<PucbAgent>(new PucbAgent(shape, options, error_bound, std::move(counts)));
}

PucbAgent::PucbAgent(const TabularShape& shape, const PucbOptions& options, double error_bound,
                     PrivateTabularCounts counts)
    : shape_(shape),
      options_(options),
      error_bound_(error_bound),
      estimate_threshold_(std::max(2.0 * error_bound, 1.0)),
      log_confidence_term_(2.0 * std::log(static_cast<double>(shape.StateActionSteps()) /
                                          options.failure_probability)),
      counts_(std::move(counts)),
      tracking_estimates_(shape.StateActionSteps(), 0),
      estimated_in_plan_(shape.StateActionSteps(), 0),
      plan_(shape) {
  // n~ is read for every triple every episode: maintain all its noise sums incrementally.
  counts_.TrackAllVisits();
}

void PucbAgent::BeginEpisode() {
  CHECK_LT(counts_.episodes_done(), options_.num_episodes)
      << "PUCB was created for num_episodes = " << options_.num_episodes;
  const double threshold = estimate_threshold_;
  counts_.ReleaseVisits();
  const std::vector<double>& released = counts_.released_visits();
  for (int64_t i = 0; i < shape_.StateActionSteps(); ++i) {
    const bool estimated = released[i] >= threshold;  // PrivateStatistics::IsEstimated
    // Q~+ of a triple that is not estimated is H whatever its statistics: only triples estimated
    // now or at the last plan need their Q recomputed (incremental planning, same bits).
    if (estimated || estimated_in_plan_[i]) plan_.MarkChanged(i);
    estimated_in_plan_[i] = estimated;
    if (estimated && !tracking_estimates_[i]) {
      // First time the triple is usable: from now on r~ and m~ are read every episode.
      tracking_estimates_[i] = 1;
      counts_.TrackEstimates(i);
    }
  }
  plan_.PlanIncremental(PrivateStatistics(*this), shape_.horizon);
}

void PucbAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  // Alg. 2: feed the rounded reward (unbiased randomised rounding of r in [0, 1] to a bit, see
  // the header) to r~(s,a,h), 1 to n~(s,a,h) and m~(s,a,s',h); the rest get 0 at EndEpisode.
  counts_.RecordStep(h, shape_.Index(h, s, a), reward, next_state);
}

void PucbAgent::EndEpisode() { counts_.EndEpisode(); }

int64_t PucbAgent::memory_bytes() const {
  return counts_.memory_bytes() + static_cast<int64_t>(tracking_estimates_.size()) +
         static_cast<int64_t>(estimated_in_plan_.size());
}

}  // namespace dprl
