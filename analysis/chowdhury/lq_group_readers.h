// The LQ agent's options and the constants of Chowdhury, Zhou, Shroff 2021's Thm. 1 expression of
// one group of a //experiments:private_ofu_fig results file (docs/hdf5_schema.md), read through
// the bindings of schema/lq_agents.h that wrote them. No plotting: the claims
// (lq_claim_measurements.h) and the figure's summary (private_ofu_summary.h) both read them.
#ifndef DPRL_ANALYSIS_CHOWDHURY_LQ_GROUP_READERS_H_
#define DPRL_ANALYSIS_CHOWDHURY_LQ_GROUP_READERS_H_

#include <string>

#include "absl/status/statusor.h"
#include "algorithms/lqr/lq_agent_options.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

// The constants of Chowdhury et al.'s Thm. 1 expression for one group, as the run used them:
// n, d, H, K, alpha, and Assumption 2's lambda_min, lambda_max, nu (ofu_rl: lambda, lambda, 0
// with lambda = regularizer_lambda; private OFU-step agents: Lambda, 3 Lambda, nu from the
// group's calibration record, Thm. 3 proof).
struct LqBoundConstants {
  double state_dim = 0, control_dim = 0, horizon = 0, episodes = 0, confidence_alpha = 0;
  double lambda_min = 0, lambda_max = 0, nu = 0;
  double control_bound = 0;  // gamma of Assumption 1
};

// The agent's options of `group`: its structure (LqRecordedAgentBinding), then its parameters
// through the binding that structure gives (LqAgentParameterBinding), as the grid wrote them.
absl::StatusOr<LqAgentOptions> ReadLqAgentOptions(const Hdf5Reader& reader,
                                                  const std::string& group);

// Reads them from the group's attributes (docs/hdf5_schema.md). Error: a missing attribute.
absl::StatusOr<LqBoundConstants> ReadLqBoundConstants(const Hdf5Reader& reader,
                                                      const std::string& group);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CHOWDHURY_LQ_GROUP_READERS_H_
