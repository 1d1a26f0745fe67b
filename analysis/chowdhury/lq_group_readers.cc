#include "analysis/chowdhury/lq_group_readers.h"

#include "common/status_macros.h"
#include "schema/lq_agents.h"

namespace dprl {

absl::StatusOr<LqAgentOptions> ReadLqAgentOptions(const Hdf5Reader& reader,
                                                  const std::string& group) {
  // The agent's parameters through the binding its structure (planner, calibration, model,
  // dither_scale) gives, the binding the grid wrote them with.
  ASSIGN_OR_RETURN(const LqAgentOptions preset, reader.ReadRecord(group, LqRecordedAgentBinding()));
  return reader.ReadRecord(group, LqAgentParameterBinding(preset, "the LQ agent"), preset);
}

absl::StatusOr<LqBoundConstants> ReadLqBoundConstants(const Hdf5Reader& reader,
                                                      const std::string& group) {
  ASSIGN_OR_RETURN(const LqConfigRecord recorded,
                   reader.ReadRecord(group, LqConfigRecordBinding()));
  ASSIGN_OR_RETURN(const LqAgentOptions options, ReadLqAgentOptions(reader, group));
  ASSIGN_OR_RETURN(const LqSystemSettings system, reader.ReadRecord(group, LqSystemBinding()));
  LqBoundConstants c;
  c.state_dim = recorded.state_dim;
  c.control_dim = recorded.control_dim;
  c.horizon = static_cast<double>(system.horizon);
  c.episodes = static_cast<double>(options.privacy.episodes);
  c.confidence_alpha = options.privacy.confidence_alpha;
  c.control_bound = recorded.control_bound;
  if (!IsPrivate(options)) {  // the non-private agent: H_k = lambda I
    c.lambda_min = c.lambda_max = options.regularizer;
    return c;
  }
  ASSIGN_OR_RETURN(const PrivateOfuParams params,
                   reader.ReadRecord(group, LqCalibrationRecordBinding()));
  c.lambda_min = params.big_lambda;
  c.lambda_max = 3.0 * params.big_lambda;
  c.nu = params.nu;
  return c;
}

}  // namespace dprl
