// The claim of //experiments:ubev_rules_fig: UBEV as its authors' code ran it (transition bonus
// scaled by max V - min V) has a smaller bonus than Alg. 1 as printed, so on the same seeds its
// final cumulative regret is at most the printed one's (an observation, not a verdict).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/claims/claim.h"
#include "analysis/claims/registry.h"
#include "analysis/regret_group.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

absl::StatusOr<double> MeanFinalRegret(const Hdf5Reader& reader, const std::string& group) {
  ASSIGN_OR_RETURN(const RegretGroupData data, ReadRegretGroup(reader, group));
  const Hdf5Matrix& regret = data.cumulative_regret;
  double sum = 0.0;
  for (int64_t seed = 0; seed < regret.rows; ++seed) sum += regret.at(seed, regret.cols - 1);
  return sum / static_cast<double>(regret.rows);
}

std::vector<Claim> UbevRulesClaims() {
  Claim claim;
  claim.id = "ubev.as_run_vs_printed.riverswim";
  claim.paper = "Dann et al. 2017";
  claim.location = "Alg. 1";
  claim.statement = "the authors' smaller transition bonus explores less than the printed one";
  claim.experiment = "ubev_rules_fig";
  claim.statistic = "mean final cumulative regret of ubev_as_run / that of ubev, RiverSwim";
  claim.expected = {Comparison::kAtMost, 1.0, 0.0};
  claim.kind = ClaimKind::kObservation;
  claim.measure = [](const Hdf5Reader& reader, const BootstrapOptions&,
                     const std::string&) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(const double as_run, MeanFinalRegret(reader, "riverswim-ubev_as_run"));
    ASSIGN_OR_RETURN(const double printed, MeanFinalRegret(reader, "riverswim-ubev"));
    Measurement measurement;
    measurement.defined = printed > 0;
    measurement.value = measurement.low = measurement.high = as_run / printed;
    measurement.detail = absl::StrCat("as run ", as_run, ", as printed ", printed);
    return measurement;
  };
  return {claim};
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/60, UbevRulesClaims});

}  // namespace
}  // namespace dprl
