// PUCB's options (Vietri et al. 2020, Alg. 2-3; the agent is algorithms/tabular/pucb.h, whose
// header states the guarantee and every reading of the paper): the privacy level, the neighbour
// relation it is for, beta, T and how E is computed. Options only, no agent code, so that the
// results schema (schema/tabular_records.h, PucbBinding) binds them once for the grids that write
// them, the task that reads them and the analysis, without linking the agent.
#ifndef DPRL_ALGORITHMS_TABULAR_PUCB_OPTIONS_H_
#define DPRL_ALGORITHMS_TABULAR_PUCB_OPTIONS_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dprl {

// Which neighbouring user sequences privacy_epsilon is the JDP guarantee for (see above).
enum class PucbNeighbourRelation {
  // The t-th user's episode added or removed: eps' = privacy_epsilon / (3H), Alg. 2 as written.
  kAddRemove,
  // The t-th user's episode replaced (the paper's Def. 3): eps' = privacy_epsilon / (6H).
  kReplacement,
};

// "add_remove" | "replacement" (the names used in configurations, HDF5 attributes and CSVs).
std::string PucbNeighbourRelationName(PucbNeighbourRelation relation);
// The inverse of PucbNeighbourRelationName; InvalidArgument naming the bad value otherwise.
absl::StatusOr<PucbNeighbourRelation> ParsePucbNeighbourRelation(const std::string& name);

// How E (the bonus and the 2E threshold of Alg. 3) is computed; see "Error bound" above.
// (Not named PucbErrorBound: that is the function computing E, below.)
enum class PucbErrorBoundMethod {
  // E_eps = (1/eps') ln(#counters/beta) log2(T)^{5/2}, Alg. 3 as written.
  kPaper,
  // The smallest E of the exact node-noise tail with a union bound over t and all counters.
  kExactTail,
};

// "paper" | "exact_tail" (the names used in configurations and HDF5 attributes).
std::string PucbErrorBoundMethodName(PucbErrorBoundMethod method);
// The inverse of PucbErrorBoundMethodName; InvalidArgument naming the bad value otherwise.
absl::StatusOr<PucbErrorBoundMethod> ParsePucbErrorBoundMethod(const std::string& name);

struct PucbOptions {
  // epsilon of the epsilon-JDP guarantee (Thm. 1) under neighbour_relation. Finite, > 0.
  double privacy_epsilon = 1.0;
  // beta: failure probability in E_eps and in phi~. In (0, 1).
  double failure_probability = 0.05;
  // T: number of episodes, the horizon of every private counter and the T in E_eps. >= 1 (with
  // error_bound_method = kPaper, PucbAgent::Create also needs E_eps to be a valid bound: "Edge
  // case").
  int64_t num_episodes = 10000;
  // The neighbour relation privacy_epsilon holds for; sets eps' (above).
  PucbNeighbourRelation neighbour_relation = PucbNeighbourRelation::kAddRemove;
  // E of the bonuses and of the n~ >= 2E threshold: kPaper = Alg. 3's E_eps; kExactTail = the
  // exact-tail E (same privacy, smaller E).
  PucbErrorBoundMethod error_bound_method = PucbErrorBoundMethod::kPaper;

  absl::Status Validate() const;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_PUCB_OPTIONS_H_
