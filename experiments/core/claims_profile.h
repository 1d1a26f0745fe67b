// The claims profiles of //experiments:reproduce_all (docs/claims.md, "Claims scale"): for each
// experiment, the scale, seeds and grid values that run exactly the regimes its claims
// (analysis/<paper>/<paper>_claims.cc) need, with >= 20 seeds wherever a verdict rests on seeds.
// Each result registers its own profile runs, as typed values of its grid, with its experiment
// (experiment_registry.h, ExperimentSpec::claims_profiles, e.g. in
// experiments/vietri/vietri_task.cc); this file holds their types, turns a profile run into the
// flags reproduce_all passes and the values its results file records, and names the profile a
// run is by comparing those values (the runner records it in the file: claims_profile).
//
//   claims          the full profile, sized for one 16-64-core node under mpirun;
//   claims_reduced  the same claims at smaller T (and the closed-form experiments at smoke
//                   scale): about 30 minutes on 2 cores (dry-run estimate; docs/claims.md).
//
// Regimes the registered profiles are built for (analysis/vietri/vietri_claims.cc):
//   vietri_fig  PUCB's privacy cost is fitted over the eps whose burn-in (the first episode
//               whose optimistic value leaves H; measured ~50-70 E(eps, T) episodes on both
//               envs) is <= T/10, so the eps grid starts where T/10 reaches it: eps >= 1000 at
//               T = 3e5 (claims_reduced), eps >= 100 at T = 1e7 (claims) (E ~ 1.1e5/eps at
//               T = 3e4, growing like log2(T)^(5/2)); >= 3 such eps are needed, the grids
//               have 4 and 6. The upper-bound claim in eps fits the eps where the privacy cost
//               dominates (small eps), so claims also runs eps = 10, 30 (E ~ 3.4e4, 1.1e4 at
//               T = 1e7: burn-in well below T; docs/claims_preregistration.md).
//   vietri_lower_bound_fig  the default grid (eps >= 1000, where E_eps is reachable), 20 seeds,
//               at two alpha' (alpha_primes) so that vietri.pac_excess_vs_alpha (the excess's
//               order in the gap g = H alpha'/(2n)) has >= 2 gaps at equal (S, A, H, eps), every
//               run in regime (median burn-in <= T/10, mean count <= T/2). Chosen by a 3-seed
//               pilot (docs/claims.md, "Claims profiles"): claims alpha' = 0.5, 0.25 at T = 2e5
//               (in regime on both instances at eps 1e4..1e5, n2 also at 3000; n3 at eps 3000 and
//               alpha' 0.25 saturates), claims_reduced alpha' = 0.5, 0.35 at T = 5e4 (n2 at
//               eps 1e4..1e5, n3 at 3e4 and 1e5; alpha' 0.25 leaves n3 only eps 1e5). claims
//               also runs n4_m1_H2: at alpha' = 0.5 its gap H alpha'/(2n) = 0.125 equals
//               n2_m1_H2's at alpha' = 0.25, so vietri.pac_excess_vs_states (the order in S at
//               equal m, H, g, eps) has two instances (3-seed pilot: every n4 count at eps
//               3e3..1e5 <= 0.36 T). A 2-point fit is inconclusive, so claims adds n3_m1_H2
//               and alpha' = 0.375 (g = 0.125 at n = 3): three S at one gap, three gaps per
//               instance (no pilot of these two; docs/claims_preregistration.md).
//   private_ofu_fig  claims adds eps = 30, 300 to the default grid so that the eps past the
//               onset where the privacy cost dominates number >= 3 on every system.
// Dry-run estimates (reproduce_all --dry_run; 2-core calibration): claims before its grids
// gained the eps and instances above ~4.8e4 core-seconds (13.4 core-hours; vietri_fig 2.5e4,
// private_ofu_fig 2.0e4 at its default K = 65536, vietri_lower_bound_fig 2.4e3 of them); with
// them ~6.6e4 (18 core-hours: vietri_fig 3.1e4, private_ofu_fig 2.75e4, vietri_lower_bound_fig
// 7.2e3), claims_reduced ~1.3e3 core-seconds
// (vietri_lower_bound_fig 603). With the cost model recalibrated per agent kind from measured
// tasks (experiments/core/task_cost_model.h, 2026-11-26): claims ~1.10e5 core-seconds (30.6
// core-hours: vietri_fig 5.25e4, private_ofu_fig 5.1e4, vietri_lower_bound_fig 6.6e3),
// claims_reduced ~1.55e3 (vietri_fig 896, vietri_lower_bound_fig 558).
#ifndef DPRL_EXPERIMENTS_CORE_CLAIMS_PROFILE_H_
#define DPRL_EXPERIMENTS_CORE_CLAIMS_PROFILE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "experiments/runner/config_fields.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// What one claims profile runs of one experiment, as typed values of its grid.
struct ClaimsProfileRun {
  // The scale whose grid defaults the run starts from (--scale).
  Scale scale = Scale::kDefault;
  // Seeds (--seeds); 0: the experiment's default seed count at `scale` (no --seeds flag).
  int64_t seeds = 0;
  // Grid fields set after the scale's defaults, in this order (one --set=NAME=VALUE each), by the
  // names and types the grid binds (config_fields.h; an int is accepted for a float field).
  std::vector<std::pair<std::string, FieldValue>> grid;
};

// An experiment's runs under the two profiles.
struct ClaimsProfiles {
  ClaimsProfileRun claims;          // the full profile (one 16-64-core node)
  ClaimsProfileRun claims_reduced;  // the same claims at smaller T (~30 minutes on 2 cores)
};

// True for "claims" and "claims_reduced".
bool IsClaimsProfile(absl::string_view scale);

// A profile run resolved against its experiment: the flags that run it and the typed values its
// results file then records (root attributes scale, seeds and resolved_config).
struct ResolvedProfileRun {
  // --scale=S, then --seeds=N (when the run sets seeds), then --set=NAME=VALUE in the run's order;
  // numbers in shortest round-trip form, integral floats below 2^53 in plain digits.
  std::vector<std::string> flags;
  std::string scale;
  int64_t seeds = 0;
  std::string resolved_config;  // the grid as TOML (ConfigFields::ToToml)
};

// Errors name the experiment: an unknown field or a value of the wrong type, a negative seed
// count, or a grid that does not make its configurations.
absl::StatusOr<ResolvedProfileRun> ResolveProfileRun(const ExperimentDefinition& experiment,
                                                     const ClaimsProfileRun& run);

// The run of profile `name` ("claims" | "claims_reduced"; CHECKed).
const ClaimsProfileRun& ProfileRun(const ClaimsProfiles& profiles, absl::string_view name);

// What a results file records of its run: its root attributes scale, seeds and resolved_config.
struct RecordedRun {
  std::string scale;
  int64_t seeds = 0;
  std::string resolved_config;
};

// Which claims profile of `experiment` produced a file that records `recorded`: the profile whose
// resolved run has the same scale, seeds and resolved grid (other settings, e.g. --out, --threads,
// --master_seed, are not part of a profile); "" when none does (the file was made with other
// values). Both profiles may give an experiment the same run; then the answer is "claims or
// claims_reduced". A profile run that does not resolve matches nothing.
std::string MatchClaimsProfile(const ExperimentDefinition& experiment,
                               const ClaimsProfiles& profiles, const RecordedRun& recorded);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_CLAIMS_PROFILE_H_
