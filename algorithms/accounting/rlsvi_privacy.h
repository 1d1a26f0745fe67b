// The joint-DP guarantee of tabular RLSVI with no added noise (Lu, Gajane, Bai, Talebi 2026,
// "Randomized Least Squares Value Iteration itself is Joint Differentially Private",
// arXiv:2606.01952; cited below as "Lu et al.").
//
// Specification
// -------------
// Mechanism (Alg. 1, line 10): Q~_h^k(s,a) = R^_h^k(s,a) + <P^_h^k(.|s,a), V~_{h+1}^k> +
// w_h^k(s,a),
//   w_h^k(s,a) ~ N(0, beta_k / (N_h^k(s,a) + 1)),   beta_k = (1/2) S H^3 log(2HSAk)   (Alg. 1
//   input).
// Neighbours (Remark 2): two user sequences differing in some or all REWARDS of one trajectory;
// states and actions are identical. The guarantee is on the policies {pi^k}, and by the billboard
// lemma (Lemma 9) (eps, delta)-JDP for the actions. log is the natural logarithm throughout.
//
// Chain of bounds, L_SHA := log(2HSA) (computed as log 2 + log H + log S + log A, no overflow):
//   Lemma 11 proof: sensitivity of R^ is 1/N (N >= 1); by Lemma 6 each Q~_h^k(s,a) is
//       (alpha, alpha (N+1)/(2 beta_k N^2)) <= (alpha, alpha/(beta_k N)) <= (alpha, 2 alpha/(S H^3
//       L_SHA))-RDP
//     (using (N+1)/N <= 2, N >= 1 and log(2HSAk) >= log(2HSA) for k >= 1). Composing the SA
//     coordinates of step h (Lemma 7):          rdp_step(alpha)    = 2 alpha A / (H^3 L_SHA).
//   Lemma 12: composing H steps and K episodes:  rdp_total(alpha)   = 2 alpha A K / (H^2 L_SHA)
//     i.e. a LINEAR curve: RLSVI is rho-zCDP with rho = rdp_coefficient = 2AK / (H^2 L_SHA).
//   Theorem 13 (Lemma 8 conversion), for every alpha > 1:
//       privacy_epsilon(alpha, delta) = 2 alpha A K / (H^2 L_SHA) + log(1/delta) / (alpha - 1).
//   Corollary 14 (proof in App. A): d eps/d alpha = rho - log(1/delta)/(alpha - 1)^2 = 0 at
//       alpha* = 1 + H sqrt(L_SHA log(1/delta) / (2AK)) = 1 + sqrt(log(1/delta)/rho),
//       privacy_epsilon(delta) = 2AK/(H^2 L_SHA) + 2 sqrt(2AK log(1/delta) / (H^2 L_SHA))
//                              = rho + 2 sqrt(rho log(1/delta))    (= BS16 Prop. 1.3 for rho-zCDP).
//   Improved conversion: the same RDP curve converted with CKS 2020 Prop. 12 (conversions.h,
//   DpConversion::kImproved) and optimised numerically over alpha; never larger than Cor. 14.
//   Exact Gaussian conversion (beyond the paper; gaussian_dp.h): every released Q~_h^k(s,a) is a
//   Gaussian mechanism whose squared sensitivity-to-noise ratio the proof of Lemma 11 bounds by
//   2/(S H^3 L_SHA) given all earlier outputs, so by GDP composition (Dong-Roth-Su 2022 Cor. 3.3)
//   the policy sequence is mu-GDP with mu = sqrt(2 rho), and its exact (eps, delta) curve is
//   DRS Cor. 2.13. It uses the Gaussian structure the paper's lemmas establish, not only the RDP
//   curve, and is the smallest of the three.
//
// Parameters: RlsviPrivacyOptions below (S, A, H, K; each field documents its default and range)
// and target_delta in (0, 1).
#ifndef DPRL_ALGORITHMS_ACCOUNTING_RLSVI_PRIVACY_H_
#define DPRL_ALGORITHMS_ACCOUNTING_RLSVI_PRIVACY_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/accounting/conversions.h"
#include "algorithms/accounting/rdp.h"

namespace dprl {

// The integers are at most 2^53 so that they are exactly representable as doubles.
struct RlsviPrivacyOptions {
  // S: number of states. In [1, 2^53].
  int64_t num_states = 5;
  // A: number of actions. In [1, 2^53].
  int64_t num_actions = 2;
  // H: episode length (horizon). In [1, 2^53].
  int64_t horizon = 10;
  // K: number of episodes. In [1, 2^53].
  int64_t num_episodes = 1000;

  absl::Status Validate() const;
};

// beta_k = (1/2) S H^3 log(2HSAk), the noise scale of episode k (Alg. 1 input). Errors: invalid
// options, episode outside [1, num_episodes].
absl::StatusOr<double> RlsviNoiseScaleBeta(const RlsviPrivacyOptions& options, int64_t episode);

// 2A / (H^3 log(2HSA)): RDP coefficient of one step's SA releases M_h^k (Lemma 11).
absl::StatusOr<double> RlsviStepRdpCoefficient(const RlsviPrivacyOptions& options);

// rho = 2AK / (H^2 log(2HSA)): RDP coefficient of the release of {pi^k} (Lemma 12).
absl::StatusOr<double> RlsviRdpCoefficient(const RlsviPrivacyOptions& options);

// The curve alpha -> rho alpha of Lemma 12.
absl::StatusOr<RdpCurve> RlsviRdpCurve(const RlsviPrivacyOptions& options);

// Theorem 13: privacy_epsilon(alpha, delta) = rho alpha + log(1/delta)/(alpha - 1). Errors:
// invalid options, renyi_order NaN/inf/<= 1, target_delta outside (0, 1).
absl::StatusOr<double> RlsviTheorem13Epsilon(const RlsviPrivacyOptions& options, double renyi_order,
                                             double target_delta);

// Corollary 14 closed forms (proof in App. A): alpha* - 1 = H sqrt(log(2HSA) log(1/delta)/(2AK))
// and privacy_epsilon(delta) = rho + 2 sqrt(rho log(1/delta)).
absl::StatusOr<double> RlsviCorollary14OrderMinusOne(const RlsviPrivacyOptions& options,
                                                     double target_delta);
absl::StatusOr<double> RlsviCorollary14Epsilon(const RlsviPrivacyOptions& options,
                                               double target_delta);

struct RlsviPrivacyReport {
  double rdp_coefficient = 0.0;              // rho of Lemma 12
  double corollary14_renyi_order = 0.0;      // closed-form alpha*
  double corollary14_privacy_epsilon = 0.0;  // closed-form eps(delta)
  OptimizedDpGuarantee paper_conversion;     // Thm. 13 (Lemma 8) optimised numerically
  OptimizedDpGuarantee improved_conversion;  // CKS 2020 Prop. 12, optimised numerically
  // 1 - improved / paper: the fraction by which the improved conversion lowers privacy_epsilon.
  double relative_improvement = 0.0;
  double gdp_mu = 0.0;                          // sqrt(2 rho)
  double gaussian_exact_privacy_epsilon = 0.0;  // exact eps of mu-GDP at target_delta
};

// Everything the rlsvi_epsilon calculator prints. Errors: invalid options or target_delta.
absl::StatusOr<RlsviPrivacyReport> ComputeRlsviPrivacy(const RlsviPrivacyOptions& options,
                                                       double target_delta);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_ACCOUNTING_RLSVI_PRIVACY_H_
