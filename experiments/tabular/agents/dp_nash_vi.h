// The tabular agents dp_nash_vi_jdp, dp_nash_vi_ldp and nash_vi (DP-Nash-VI, Qiao & Wang 2024,
// Alg. 1; algorithms/tabular/dp_nash_vi/), registered by dp_nash_vi.cc, and the reading of their
// options for a task that runs the algorithm outside the TabularAgent interface (the Markov-game
// task of //experiments:dp_nash_vi_game_fig, B > 1).
#ifndef DPRL_EXPERIMENTS_TABULAR_AGENTS_DP_NASH_VI_H_
#define DPRL_EXPERIMENTS_TABULAR_AGENTS_DP_NASH_VI_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// The registered names: the Central Privatizer (eps-JDP), the Local Privatizer (eps-LDP) and no
// Privatizer (E = 0, the non-private Nash-VI).
inline constexpr char kDpNashViJdp[] = "dp_nash_vi_jdp";
inline constexpr char kDpNashViLdp[] = "dp_nash_vi_ldp";
inline constexpr char kNashVi[] = "nash_vi";

// The Privatizer of the agent named `agent` (kNone for nash_vi); nullopt for any other name.
std::optional<DpNashViPrivatizer> DpNashViPrivatizerOf(const std::string& agent);

// The DpNashViOptions of a configuration whose `agent` attribute is one of the three names, read
// through that agent's registered binding (the same attributes, defaults and checks as the
// registry's create), with its privatizer. InvalidArgument naming the configuration for another
// agent or a malformed attribute.
absl::StatusOr<DpNashViOptions> ReadDpNashViOptions(const ConfigSpec& config);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_AGENTS_DP_NASH_VI_H_
