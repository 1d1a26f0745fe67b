// Every attribute the results schema records, declared once (schema/attribute_field.h): its name
// (the common/hdf5_names.h constant where the analysis reads it by name), its HDF5 type and its
// one doc string. The bindings of schema/*_records.h, of the registered agents and of the grids
// bind these fields, so the doc is the same wherever the attribute is written or read;
// AttributeFieldTable lists them all, in this order, for docs/hdf5_schema.md's attribute reference
// (//schema:print_attribute_reference) and for the Python package (dprl.attributes).
//
// A field states what the attribute means in every group that has it. Where one owner means
// something narrower (PUCB's failure_probability is the beta of its bonuses, UBEV's the delta of
// its Alg. 1), its binding adds a short qualifier (AttributeField, QualifiedDoc).
#ifndef DPRL_SCHEMA_ATTRIBUTE_FIELDS_H_
#define DPRL_SCHEMA_ATTRIBUTE_FIELDS_H_

#include <vector>

#include "common/hdf5_names.h"
#include "schema/attribute_field.h"

namespace dprl::attribute_fields {

namespace names = hdf5_names;

// ---- Root attributes of a results file (schema/run_records.h) --------------------------------
inline constexpr StringAttributeField kExperiment{names::kExperiment, "the experiment's name"};
inline constexpr StringAttributeField kGitCommit{names::kGitCommit,
                                                 "the source commit of the build"};
inline constexpr FlagAttributeField kGitDirty{names::kGitDirty, "uncommitted changes in the build"};
inline constexpr StringAttributeField kDprlVersion{names::kDprlVersion,
                                                   "dprl version of the build"};
inline constexpr StringAttributeField kBuildTime{names::kBuildTime, "when the binary was built"};
inline constexpr StringAttributeField kBuildHost{names::kBuildHost, "where the binary was built"};
inline constexpr StringAttributeField kCommandLine{names::kCommandLine,
                                                   "a pasteable command that re-runs the run"};
inline constexpr StringAttributeField kResolvedConfig{names::kResolvedConfig,
                                                      "the run's grid as TOML"};
inline constexpr StringAttributeField kScale{names::kScale, "smoke | default | paper"};
inline constexpr IntAttributeField kSeeds{names::kSeeds, "rows of every per-seed dataset"};
inline constexpr StringAttributeField kClaimsProfile{
    names::kClaimsProfile, "the claims profile the run is (claims | claims_reduced)"};

// ---- What a group is ------------------------------------------------------------------------
inline constexpr StringAttributeField kEnv{names::kEnv,
                                           "a registered environment (or lower-bound instance)"};
inline constexpr StringAttributeField kAgent{names::kAgent, "a registered agent"};
inline constexpr StringAttributeField kKind{names::kKind, "what the configuration computes"};
inline constexpr StringAttributeField kLabel{names::kLabel, "legend text of the group's curve"};
inline constexpr StringAttributeField kPanel{names::kPanel, "the figure panel"};
inline constexpr StringAttributeField kMethod{names::kMethod, "the curve"};

// ---- The MDP and the run --------------------------------------------------------------------
inline constexpr IntAttributeField kNumStates{names::kNumStates, "S, states of the MDP"};
inline constexpr IntAttributeField kNumActions{names::kNumActions, "A, actions of the MDP"};
inline constexpr IntAttributeField kHorizon{names::kHorizon, "H, steps of an episode"};
inline constexpr IntAttributeField kNumEpisodes{names::kNumEpisodes,
                                                "T (or K), episodes of the run"};
inline constexpr IntAttributeField kEpisodeLength{names::kEpisodeLength, "steps per episode"};

// ---- Privacy and confidence -----------------------------------------------------------------
inline constexpr FloatAttributeField kPrivacyEpsilon{names::kPrivacyEpsilon,
                                                     "eps of the agent's privacy guarantee"};
inline constexpr FloatAttributeField kTargetDelta{names::kTargetDelta,
                                                  "delta of the guarantee (0: pure eps)"};
inline constexpr StringAttributeField kNeighbourRelation{names::kNeighbourRelation,
                                                         "what privacy_epsilon is for"};
inline constexpr FloatAttributeField kFailureProbability{
    names::kFailureProbability, "failure probability of the agent's confidence bounds"};
inline constexpr StringAttributeField kPrivacyProtects{names::kPrivacyProtects,
                                                       "what the guarantee protects"};
inline constexpr StringAttributeField kPrivacyNotion{names::kPrivacyNotion,
                                                     "the kind of guarantee"};
inline constexpr StringAttributeField kPrivacyAccounting{"privacy_accounting",
                                                         "where privacy_epsilon comes from"};
inline constexpr FloatAttributeField kPrivacyEpsilonImproved{
    names::kPrivacyEpsilonImproved, "eps at target_delta, improved conversion"};

// ---- PUCB's counters ------------------------------------------------------------------------
inline constexpr StringAttributeField kErrorBoundMethod{names::kErrorBoundMethod,
                                                        "how PUCB's E is computed"};
inline constexpr FloatAttributeField kPrivacyEpsilonReplacement{
    names::kPrivacyEpsilonReplacement, "the epsilon of the same run under replacement"};
inline constexpr FloatAttributeField kErrorBound{names::kErrorBound,
                                                 "E of the bonuses and of the 2E threshold"};
inline constexpr FloatAttributeField kCounterEpsilon{names::kCounterEpsilon,
                                                     "eps' of every counter"};

// ---- DP-Nash-VI (Qiao & Wang 2024) -----------------------------------------------------------
inline constexpr StringAttributeField kNoiseCalibration{
    "noise_calibration", "how the noise follows from privacy_epsilon: stated_epsilon | as_printed"};
inline constexpr FloatAttributeField kDeliveredEpsilon{
    "delivered_epsilon", "the epsilon the noise gives under the guarantee's relation"};
inline constexpr FloatAttributeField kGapConstant{"gap_constant", "C1 of DP-Nash-VI's gamma"};
inline constexpr FloatAttributeField kBonusConstant{"bonus_constant", "C2 of DP-Nash-VI's bonus"};

// ---- dp_nash_vi_game_fig's two-player zero-sum Markov games ----------------------------------
inline constexpr IntAttributeField kNumMaxActions{"num_max_actions",
                                                  "A, actions of the max-player of a game"};
inline constexpr IntAttributeField kNumMinActions{"num_min_actions",
                                                  "B, actions of the min-player of a game"};
inline constexpr FloatAttributeField kDirichletConcentration{
    "dirichlet_concentration", "alpha of a random game's Dirichlet transition rows"};

// ---- rlsvi_privacy_fig's privacy curves -----------------------------------------------------
inline constexpr IntAttributeField kMaxEpisodes{"max_episodes", "the largest K of the curve"};
inline constexpr IntAttributeField kPointsPerDecade{"points_per_decade", "K values per decade"};

// ---- vietri_lower_bound_fig -----------------------------------------------------------------
inline constexpr StringAttributeField kEnvFamily{"env_family", "lower_bound"};
inline constexpr IntAttributeField kNumInitialStates{"num_initial_states",
                                                     "n, initial states; num_states = n + 2"};
inline constexpr IntAttributeField kNumArms{"num_arms", "m, arms; num_actions = m + 1"};
inline constexpr IntAttributeField kRewardedHorizon{
    names::kRewardedHorizon, "the paper's H (return H or 0); horizon = H + 1"};
inline constexpr FloatAttributeField kAlphaPrime{names::kAlphaPrime, "the gap parameter alpha'"};
inline constexpr StringAttributeField kAgentVariant{
    names::kAgentVariant, "the curve: ubev, pucb_noiseless, pucb or pucb_exact_tail"};
inline constexpr FloatAttributeField kPacAlpha{names::kPacAlpha, "the fixed alpha of panel (a)"};
inline constexpr FloatAttributeField kPacAlphaUnit{names::kPacAlphaUnit,
                                                   "g = H alpha'/(2n), the unit of pac_alpha_grid"};

// ---- The Q-learning agents' training setting (Wang & Hegde 2019, Algorithm 1 and its baselines)
inline constexpr IntAttributeField kNumSamples{"num_samples",
                                               "samples T, environment steps of the run"};
inline constexpr IntAttributeField kBatchSize{"batch_size", "batch size B"};
inline constexpr FloatAttributeField kDiscount{"discount", "discount gamma"};
inline constexpr FloatAttributeField kLearningRate{"learning_rate", "step size of the optimizer"};
inline constexpr StringAttributeField kOptimizer{"optimizer", "the optimizer's update"};
inline constexpr FloatAttributeField kExplorationStart{"exploration_start",
                                                       "epsilon-greedy rate at step 0"};
inline constexpr FloatAttributeField kExplorationEnd{"exploration_end",
                                                     "epsilon-greedy rate as t -> infinity"};
inline constexpr FloatAttributeField kExplorationDecaySteps{
    "exploration_decay_steps", "time constant (steps) of the exploration schedule"};
inline constexpr FloatAttributeField kKernelRate{"kernel_rate",
                                                 "beta of the kernel exp(-beta |x - y|)"};

// ---- Noise of the Q-learning agents and Wang & Hegde's calibrations -------------------------
inline constexpr FloatAttributeField kNoiseStddev{names::kNoiseStddev,
                                                  "sigma of the agent's noise"};
inline constexpr IntAttributeField kNumResets{names::kNumResets,
                                              "J, independent noise path sets over training"};
inline constexpr StringAttributeField kCalibration{"calibration",
                                                   "how the agent's noise is calibrated"};
inline constexpr FloatAttributeField kNoiseBound{"noise_bound", "the solved bound k"};
inline constexpr FloatAttributeField kAchievedTotalDelta{"achieved_total_delta",
                                                         "target delta + the corrected delta_g"};
inline constexpr FloatAttributeField kGdpPrivacyEpsilon{
    "gdp_privacy_epsilon", "exact epsilon of the reward noise at target_delta"};
inline constexpr FloatAttributeField kNoiseMultiplier{"noise_multiplier",
                                                      "z of Abadi et al. Thm. 1 (App. E.2)"};
inline constexpr FloatAttributeField kRdpPrivacyEpsilon{"rdp_privacy_epsilon",
                                                        "epsilon the RDP accountant gives that z"};
inline constexpr FloatAttributeField kNoiseMultiplierRdp{
    "noise_multiplier_rdp", "z calibrated exactly by the RDP accountant"};

// Every field above, in this order.
const std::vector<AttributeFieldInfo>& AttributeFieldTable();

}  // namespace dprl::attribute_fields

#endif  // DPRL_SCHEMA_ATTRIBUTE_FIELDS_H_
