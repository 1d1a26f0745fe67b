// DP-Nash-VI's options and the calibration of its two Privatizers (Qiao & Wang 2024,
// "Differentially Private Reinforcement Learning with Self-Play", Alg. 1, Sec. 5.1-5.2; the agent
// is dp_nash_vi_agent.h). Pure arithmetic: no agent code.
//
// Specification
// -------------
// Cells. The counts are kept per cell (h, s, j), j a joint action (j = a for one player, B = 1;
// j = a B + b for two): `cells` is a TabularShape whose num_actions is the number of joint
// actions J = A B. A user's trajectory puts, at each step h, a 1 in the visit stream of its cell
// (h, s_h, j_h) and in the transition stream of (h, s_h, j_h, s_{h+1}): H ones per family.
//
// Privatizers and their calibrations (docs/dp_nash_vi.md, "Privacy", re-derives each line):
//   kCentral (eps-JDP; Sec. 5.1). One binary counter (binary_counter.h; exact discrete Laplace
//     node noise, exact integer releases) per stream N_h(s,j) and N_h(s,j,s'), horizon K, inputs
//     in {0, 1}. A counter of per-stream epsilon eps_c has node scale L / eps_c, L =
//     floor(log2 K) + 1 levels. Changing one user changes L node sums per stream it touches.
//     kStatedEpsilon, add_remove (a user's episode added or removed; H streams per family change
//       by 1): eps_c = eps / (2H), eps/2 per family, eps-JDP.
//     kStatedEpsilon, replacement (Def. 2.2's relation, "different on the k-th pair of users":
//       up to 2H streams per family change by 1): eps_c = eps / (4H), eps-JDP.
//     kAsPrinted: "Binary Mechanism with input parameter eps' = eps / (2 H log K)" read as Chan et
//       al.'s Alg. 2 parameter (node noise Lap(1/eps'), log = log2, the depth of its tree): node
//       scale 2 H log2(K) / eps, i.e. eps_c = L eps / (2 H log2 K). It delivers
//       eps L / log2 K under add/remove and 2 eps L / log2 K under replacement (more than eps at
//       every K, about 2 eps under the paper's own relation); K = 1 divides by log K = 0 and is
//       refused.
//   kLocal (eps-LDP; Sec. 5.2). Each user adds, before sending, independent noise to each of
//     its HSJ visit indicators and HSJS transition indicators, as exact discrete Laplace
//     P(x) ~ exp(-|x| / b) (the continuous Lap(b) of (5) made exact; on integer indicators it
//     gives the same epsilon); the agent sums the reports (6). Two trajectories (Def. 2.3's
//     relation, any two) differ by l1 <= 2H in each family, 4H in all:
//     kStatedEpsilon: b = 4H / eps, eps-LDP.
//     kAsPrinted: b = 2H / eps as in (5), which is 2 eps-LDP (Sec. 5.2 counts the l1 sensitivity
//       of one trajectory's indicators, H, not the distance between two trajectories').
//   kNone: exact counts and E = 0: the non-private Nash-VI (Liu et al. 2021); with B = 1 a
//     Bernstein-bonus UCB-VI. No privacy.
//
// E = E_{eps,beta} (Assumption 3.1, Lemma 5.8). Lemma 5.8 needs every noisy count within E/4 of
// its true count for all cells and episodes w.p. >= 1 - beta/3. E = 4 E0 with E0 the smallest
// integer such that, with the union over the HSJ(S+1) streams at beta / (3 HSJ(S+1)) each,
//   kCentral: CounterErrorTailBound (counter_error_tail.h: the counter's exact node-noise tail,
//             union over the K releases),
//   kLocal:   DiscreteLaplaceRunningSumTailBound over K reports (Doob's maximal inequality with
//             the Chernoff bound, uniform over the episodes),
//   kNone:    E = 0.
// iota = ln(30 H S J K / beta) (Alg. 1, line 2, with J = AB).
#ifndef DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_OPTIONS_H_
#define DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_OPTIONS_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/mechanisms/samplers.h"
#include "algorithms/tabular/pucb_options.h"
#include "algorithms/tabular/tabular_shape.h"

namespace dprl {

// Which Privatizer computes the noisy counts (above).
enum class DpNashViPrivatizer { kCentral, kLocal, kNone };
// "central" | "local" | "none".
std::string DpNashViPrivatizerName(DpNashViPrivatizer privatizer);
absl::StatusOr<DpNashViPrivatizer> ParseDpNashViPrivatizer(const std::string& name);

// How the Privatizer's noise is calibrated to privacy_epsilon (above).
enum class DpNashViCalibration { kStatedEpsilon, kAsPrinted };
// "stated_epsilon" | "as_printed".
std::string DpNashViCalibrationName(DpNashViCalibration calibration);
absl::StatusOr<DpNashViCalibration> ParseDpNashViCalibration(const std::string& name);

// The name of the local model's neighbour relation (Def. 2.3): any two trajectories.
inline constexpr char kAnyTwoTrajectories[] = "any_two_trajectories";

struct DpNashViOptions {
  DpNashViPrivatizer privatizer = DpNashViPrivatizer::kCentral;
  // epsilon of eps-JDP (kCentral, under neighbour_relation) or eps-LDP (kLocal), with
  // noise_calibration = kStatedEpsilon. Finite, > 0; not read by kNone.
  double privacy_epsilon = 1.0;
  DpNashViCalibration noise_calibration = DpNashViCalibration::kStatedEpsilon;
  // kCentral: the relation privacy_epsilon holds for (PUCB's names: add_remove | replacement).
  // The local model's relation is always any two trajectories.
  PucbNeighbourRelation neighbour_relation = PucbNeighbourRelation::kAddRemove;
  // beta of Thm. 4.1: beta/3 for E, the rest for the concentration events. In (0, 1).
  double failure_probability = 0.05;
  // K: number of episodes (the counters' horizon, and K in iota and E). >= 1; >= 2 for kCentral
  // with kAsPrinted (log K = 0 at K = 1).
  int64_t num_episodes = 10000;
  // C1 of gamma (line 8). Thm. 4.1's proof fixes it through (23) and (32): C1 = 3
  // (docs/dp_nash_vi.md, "The constants"). Finite, >= 0.
  double gap_constant = 3.0;
  // C2 of Gamma (line 9): C2 = 10 by the same derivation. Finite, >= 0.
  double bonus_constant = 10.0;

  absl::Status Validate() const;
};

// L = floor(log2 K) + 1 (binary_counter.h's tree levels).
int DpNashViTreeLevels(int64_t num_episodes);
// kCentral: eps_c, the per-stream epsilon of every binary counter (above).
double DpNashViCounterEpsilon(int horizon, const DpNashViOptions& options);
// kLocal: b, the scale of every indicator's discrete Laplace noise (above).
double DpNashViLocalNoiseScale(int horizon, const DpNashViOptions& options);
// b rounded UP to a rational with denominator <= 2^20 (the exact scale of the sampler; rounding up
// only lowers the delivered epsilon). InvalidArgument naming privacy_epsilon when b is above
// kMaxDiscreteLaplaceScale (samplers.h).
absl::StatusOr<Rational> DpNashViLocalDiscreteScale(int horizon, const DpNashViOptions& options);
// The epsilon the noise delivers: kCentral under `relation` (eps_c times the l1 change of the
// streams: 2H eps_c under add/remove, 4H eps_c under replacement);
// kLocal under any two trajectories, 4H / b (relation not read); kNone: infinity. Before the
// rounding of the discrete scale up to a rational, which only lowers it.
double DpNashViDeliveredEpsilon(int horizon, const DpNashViOptions& options,
                                PucbNeighbourRelation relation);
// iota = ln(30 H S J K / beta).
double DpNashViLogTerm(const TabularShape& cells, const DpNashViOptions& options);
// E (above), with the checks of Validate and of the cells' shape.
absl::StatusOr<double> DpNashViErrorBound(const TabularShape& cells,
                                          const DpNashViOptions& options);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_OPTIONS_H_
