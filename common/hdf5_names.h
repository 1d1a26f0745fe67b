// The names of the HDF5 objects that the experiments write and the analysis binaries read
// (docs/hdf5_schema.md): one definition of every dataset and attribute name both sides use, so a
// writer and its readers cannot drift apart. Writers (//experiments/...) and readers
// (//analysis/..., including the claims registry) use these constants instead of string literals.
//
// Schema version 2 (kResultsSchemaVersion) stores regret on a log-spaced episode grid
// (kEpisodeGrid, kCumulativeRegret) plus the exact final value (kTotalRegret) instead of the
// per-episode series of version 1; docs/hdf5_schema.md, "Per-episode values vs a log-spaced grid".
#ifndef DPRL_COMMON_HDF5_NAMES_H_
#define DPRL_COMMON_HDF5_NAMES_H_

#include <cstdint>

namespace dprl::hdf5_names {

// ---- Results file version --------------------------------------------------------------------
// Root attribute kSchemaVersion of a results file; readers refuse any other value.
inline constexpr int64_t kResultsSchemaVersion = 2;

// ---- Root attributes of a results file -------------------------------------------------------
inline constexpr char kSchemaVersion[] = "dprl_schema_version";
inline constexpr char kExperiment[] = "experiment";
inline constexpr char kGitCommit[] = "git_commit";
inline constexpr char kGitDirty[] = "git_dirty";
inline constexpr char kDprlVersion[] = "dprl_version";
inline constexpr char kBuildTime[] = "build_time";
inline constexpr char kBuildHost[] = "build_host";
inline constexpr char kCommandLine[] = "command_line";
inline constexpr char kResolvedConfig[] = "resolved_config";
// The claims profile the run is ("claims" | "claims_reduced"), present only on such a run's file.
inline constexpr char kClaimsProfile[] = "claims_profile";
inline constexpr char kScale[] = "scale";
inline constexpr char kSeeds[] = "seeds";
inline constexpr char kMasterSeed[] = "master_seed";
// The code version of every task, present only where some task's differs from git_commit and
// git_dirty (a merge with --allow_code_change=true; experiments/runner/code_versions.h).
inline constexpr char kTaskCodeVersions[] = "task_code_versions";

// ---- Regret datasets (every regret group, schema version 2) ---------------------------------
// [seeds x n] float64: the 1-based episodes t_1 < ... < t_n = T at which the cumulative series
// are sampled; identical rows (experiments/core/episode_grid.h, RegretEpisodeGrid).
inline constexpr char kEpisodeGrid[] = "episode_grid";
// [seeds x n] float64: sum of the exact regret of episodes 1..t_j, summed in episode order.
inline constexpr char kCumulativeRegret[] = "cumulative_regret";
// [seeds] float64: the exact total regret over all T episodes (= last column of the above).
inline constexpr char kTotalRegret[] = "total_regret";
// [seeds]: first episode whose optimistic value fell below the horizon, -1 = never.
inline constexpr char kFirstEpisodeBonusBelowHorizon[] = "first_episode_bonus_below_horizon";
// [seeds] float64, dp_nash_vi_game_fig and dp_nash_vi_fig's DP-Nash-VI groups: sum over the
// episodes of the agent's bound gap (V-bar_0 - V-under_0)(s_1) (one player: its mean under the
// initial distribution), which bounds the regret on the paper's events ((49)).
inline constexpr char kTotalValueGap[] = "total_value_gap";
// [seeds] float64, the same groups: the number of episodes whose plan breaks Lemma B.7's bracket
// V-bar_0 >= V^{dagger, nu_k} >= V^{mu_k, dagger} >= V-under_0 at s_1 (one player:
// V-bar_0 >= V* >= V^{pi_k} >= V-under_0 at some initial state), beyond 1e-9 H.
inline constexpr char kBracketViolationEpisodes[] = "bracket_violation_episodes";
// The version-1 per-episode dataset; named only to refuse old files with a clear message.
inline constexpr char kLegacyPerEpisodeRegret[] = "per_episode_regret";

// ---- vietri_lower_bound_fig datasets ---------------------------------------------------------
inline constexpr char kPacAlphaGrid[] = "pac_alpha_grid";
inline constexpr char kNonAlphaOptimalEpisodes[] = "non_alpha_optimal_episodes";
inline constexpr char kAlphaOptimalFromEpisode[] = "alpha_optimal_from_episode";
inline constexpr char kInstance[] = "instance";
inline constexpr char kOptimalValue[] = "optimal_value";

// ---- private_ofu_fig datasets ----------------------------------------------------------------
// [seeds x n] on kEpisodeGrid: Ceres iterations of the OFU step summed over episodes 1..t_j.
inline constexpr char kCumulativeOfuIterations[] = "cumulative_ofu_iterations";
inline constexpr char kEmptyIntersections[] = "empty_intersections";
inline constexpr char kVRepairs[] = "v_repairs";
// [seeds x n] on kEpisodeGrid: the per-episode diagnostic of episode t_j (docs/hdf5_schema.md).
inline constexpr char kLqBeta[] = "beta";
inline constexpr char kLqVLambdaMin[] = "v_lambda_min";
inline constexpr char kLqVLambdaMax[] = "v_lambda_max";
inline constexpr char kLqVLogDet[] = "v_log_det";
inline constexpr char kLqModelError[] = "model_error";
inline constexpr char kLqFirstGainNorm[] = "first_gain_norm";
inline constexpr char kLqCoverageRatio[] = "coverage_ratio";
// [seeds x n] on kEpisodeGrid: counts summed over episodes 1..t_j.
inline constexpr char kCumulativeZeroDynamicsEpisodes[] = "cumulative_zero_dynamics_episodes";
inline constexpr char kCumulativeCoverageFailures[] = "cumulative_coverage_failures";
inline constexpr char kCumulativeClippedSteps[] = "cumulative_clipped_steps";
// [seeds x n] on kEpisodeGrid: the realized regret (sampled cost of the applied states and
// controls minus J_1*) summed over episodes 1..t_j (algorithms/lqr/lq_episode_loop.h).
inline constexpr char kCumulativeRealizedRegret[] = "cumulative_realized_regret";
// [seeds]: first episode with no A = 0 model in C_k cap S (0: none), OFU steps won by a random
// start.
inline constexpr char kOnsetEpisode[] = "onset_episode";
inline constexpr char kRandomStartWins[] = "random_start_wins";

// ---- rlsvi_privacy_fig privacy-curve datasets ------------------------------------------------
inline constexpr char kEpisodes[] = "episodes";
inline constexpr char kPrivacyEpsilonPaper[] = "privacy_epsilon_paper";
inline constexpr char kPrivacyEpsilonImproved[] = "privacy_epsilon_improved";

// ---- wang_hegde_fig1/2 datasets --------------------------------------------------------------
inline constexpr char kEpisodeReturn[] = "episode_return";
inline constexpr char kLast10MeanReturn[] = "last10_mean_return";

// ---- Group attributes read by the analysis ---------------------------------------------------
inline constexpr char kEnv[] = "env";
inline constexpr char kAgent[] = "agent";
inline constexpr char kKind[] = "kind";
inline constexpr char kNumStates[] = "num_states";
inline constexpr char kNumActions[] = "num_actions";
inline constexpr char kHorizon[] = "horizon";
inline constexpr char kNumEpisodes[] = "num_episodes";
inline constexpr char kFailureProbability[] = "failure_probability";
inline constexpr char kPrivacyEpsilon[] = "privacy_epsilon";
inline constexpr char kTargetDelta[] = "target_delta";
inline constexpr char kNeighbourRelation[] = "neighbour_relation";
// PUCB: the error bound E of its private counters (Vietri et al. 2020, Alg. 3's E_eps or the
// exact-tail E), and how it was computed (kErrorBoundMethod: "paper" | "exact_tail").
inline constexpr char kErrorBound[] = "error_bound";
inline constexpr char kErrorBoundMethod[] = "error_bound_method";
inline constexpr char kPrivacyEpsilonReplacement[] = "privacy_epsilon_replacement";
inline constexpr char kCounterEpsilon[] = "counter_epsilon";
// vietri_lower_bound_fig.
inline constexpr char kAgentVariant[] = "agent_variant";
inline constexpr char kRewardedHorizon[] = "rewarded_horizon";
inline constexpr char kAlphaPrime[] = "alpha_prime";  // the lower-bound family's alpha'
inline constexpr char kPacAlpha[] = "pac_alpha";
inline constexpr char kPacAlphaUnit[] = "pac_alpha_unit";
// rlsvi_privacy_fig.
inline constexpr char kPrivacyProtects[] = "privacy_protects";
inline constexpr char kPrivacyNotion[] = "privacy_notion";
// wang_hegde_fig1/2.
inline constexpr char kMethod[] = "method";
inline constexpr char kPanel[] = "panel";
inline constexpr char kLabel[] = "label";
inline constexpr char kEpisodeLength[] = "episode_length";
inline constexpr char kNoiseStddev[] = "noise_stddev";
inline constexpr char kNumResets[] = "num_resets";

}  // namespace dprl::hdf5_names

#endif  // DPRL_COMMON_HDF5_NAMES_H_
