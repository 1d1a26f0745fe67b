// From RDP and zCDP to (privacy_epsilon, target_delta)-DP, and the optimisation over the order.
//
// Specification
// -------------
// Two conversions of an (alpha, rdp)-RDP guarantee (alpha > 1, 0 < target_delta < 1) into
// (privacy_epsilon, target_delta)-DP, both valid for every alpha > 1:
//   kBasic     Mironov 2017, Prop. 3; Lu et al. 2026 ("RLSVI itself is JDP"), Lemma 8:
//                privacy_epsilon = rdp + log(1/delta) / (alpha - 1)
//   kImproved  Canonne, Kamath, Steinke 2020 ("The discrete Gaussian for DP"), Prop. 12; the same
//              bound is Balle, Barthe, Gaboardi, Hsu, Sato 2020 (AISTATS), Thm. 21, and Asoodeh et
//              al. 2021. CKS state delta = exp((alpha-1)(rdp-eps)) (1-1/alpha)^alpha / (alpha-1);
//              solved for eps:
//                privacy_epsilon = rdp + log((alpha - 1)/alpha) - (log(delta) + log(alpha))/(alpha
//                - 1)
//              kImproved - kBasic = log(1 - 1/alpha) - log(alpha)/(alpha - 1) < 0 for every alpha,
//              so kImproved is never worse.
//   A negative result is reported as 0: (eps, delta)-DP with eps < 0 implies (0, delta)-DP.
//
// zCDP (BS16 = Bun, Steinke, TCC 2016). rho-zCDP means (alpha, rho alpha)-RDP for all alpha > 1.
//   kBasic     BS16 Prop. 1.3: privacy_epsilon = rho + 2 sqrt(rho log(1/delta)). This is exactly
//              inf_alpha of kBasic on the linear curve (attained at alpha - 1 =
//              sqrt(log(1/delta)/rho)).
//   kImproved  CKS 2020 Cor. 13: privacy_epsilon = inf_alpha of kImproved on the linear curve (no
//              closed form; computed by the exact stationary-point search below).
//   Inverse (DpToZcdpRho): the largest rho whose conversion is <= privacy_epsilon. kBasic has the
//   closed form rho = (sqrt(L + eps) - sqrt(L))^2 = eps^2 / (sqrt(L + eps) + sqrt(L))^2,
//   L = log(1/delta) (the second form has no cancellation); kImproved is found by bisection.
//
// Optimisation over alpha (OptimizeRenyiOrder). With u = alpha - 1 > 0 and L = log(1/delta),
// d eps / d alpha = rdp'(alpha) - L/u^2             (kBasic)
//                 = rdp'(alpha) + (log1p(u) - L)/u^2 (kImproved).
//   Linear curves (rdp = rho alpha): the stationarity condition
//     rho u^2 - L (+ log1p(u) for kImproved) = 0
//   has an increasing left side, so its unique root u* is the global minimiser. It lies in
//   (0, sqrt(L/rho)] and is found by bisection to the last bit, then clamped into the search
//   bounds (the objective is unimodal, so the clamp is the constrained minimiser).
//   General curves: scan a log-spaced grid of u over [min, max], then golden-section search on
//   x = log(u) in the bracket around the best grid point (guards against non-unimodal curves up to
//   the grid resolution; the optimal eps is accurate to ~1e-15 relative, u* to ~1e-8 relative).
// All orders are handled as u = alpha - 1, with log1p(u) for log(alpha), so orders within 1e-300 of
// 1 are representable and the conversions do not cancel there. The search bounds and grid are
// RenyiOrderSearchOptions (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_ACCOUNTING_CONVERSIONS_H_
#define DPRL_ALGORITHMS_ACCOUNTING_CONVERSIONS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "algorithms/accounting/rdp.h"

namespace dprl {

enum class DpConversion {
  kBasic,     // Mironov 2017 Prop. 3 = Lu et al. Lemma 8 (the paper's conversion)
  kImproved,  // Canonne-Kamath-Steinke 2020 Prop. 12 / Balle et al. 2020 Thm. 21
};

// "basic" or "improved".
absl::string_view DpConversionName(DpConversion conversion);

// Checks target_delta: finite and in (0, 1). The message names target_delta and the value.
absl::Status ValidateTargetDelta(double target_delta);

// privacy_epsilon (>= 0) implied by (alpha, rdp_value)-RDP at renyi_order alpha. Errors:
// rdp_value NaN/inf/negative, renyi_order NaN/inf/<= 1, target_delta outside (0, 1).
absl::StatusOr<double> RdpToDpEpsilon(DpConversion conversion, double rdp_value, double renyi_order,
                                      double target_delta);
// The same at order 1 + renyi_order_minus_one (use this for orders very close to 1).
absl::StatusOr<double> RdpToDpEpsilonAtOrderMinusOne(DpConversion conversion, double rdp_value,
                                                     double renyi_order_minus_one,
                                                     double target_delta);

struct RenyiOrderSearchOptions {
  // Smallest alpha - 1 considered. Finite, > 0.
  double min_renyi_order_minus_one = 1e-12;
  // Largest alpha - 1 considered. Finite, > min_renyi_order_minus_one.
  double max_renyi_order_minus_one = 1e12;
  // Points of the log-spaced grid scanned before golden-section search (general curves only).
  // In [3, 100000].
  int grid_points = 241;

  absl::Status Validate() const;
};

struct OptimizedDpGuarantee {
  double privacy_epsilon = 0.0;        // the optimised eps, clamped at >= 0
  double renyi_order = 0.0;            // alpha* (== 1 + renyi_order_minus_one, rounded)
  double renyi_order_minus_one = 0.0;  // alpha* - 1, full precision
  double rdp_value = 0.0;              // the curve at alpha*
  bool at_search_boundary = false;     // alpha* - 1 is (within 1e-9 relative) a search bound
};

// inf over alpha of the conversion of `curve` at target_delta. For the zero curve the infimum 0
// is approached as alpha -> inf: returns privacy_epsilon 0, renyi_order +inf.
// Errors: target_delta outside (0, 1), invalid search options.
absl::StatusOr<OptimizedDpGuarantee> OptimizeRenyiOrder(
    const RdpCurve& curve, DpConversion conversion, double target_delta,
    const RenyiOrderSearchOptions& search = RenyiOrderSearchOptions());

// rho-zCDP => (privacy_epsilon, target_delta)-DP. kBasic is BS16 Prop. 1.3 in closed form;
// kImproved is CKS 2020 Cor. 13 (optimised over alpha). Errors: rho NaN/inf/negative, bad delta.
absl::StatusOr<double> ZcdpToDpEpsilon(DpConversion conversion, double rho, double target_delta);

// The largest rho such that ZcdpToDpEpsilon(conversion, rho, target_delta) <= privacy_epsilon.
// Errors: privacy_epsilon NaN/inf/<= 0, bad delta.
absl::StatusOr<double> DpToZcdpRho(DpConversion conversion, double privacy_epsilon,
                                   double target_delta);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_ACCOUNTING_CONVERSIONS_H_
