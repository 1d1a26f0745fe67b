// Exact (privacy_epsilon, target_delta) of Gaussian mechanisms and their adaptive compositions,
// via Gaussian differential privacy (GDP).
//
// Specification
// -------------
// J. Dong, A. Roth, W. Su, "Gaussian Differential Privacy", JRSS-B 2022 (DRS):
//   Thm. 2.7   The Gaussian mechanism with l2-sensitivity Delta and noise N(0, sigma^2 I) is
//              mu-GDP with mu = Delta / sigma.
//   Cor. 3.3   Adaptive composition of mu_i-GDP mechanisms is sqrt(sum_i mu_i^2)-GDP (exactly: the
//              trade-off function of the composition is G_mu).
//   Cor. 2.13  mu-GDP is (eps, delta(eps))-DP for all eps >= 0 with
//                delta(eps) = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2),
//              and this is the exact privacy profile of G_mu (also Balle & Wang 2018, Thm. 8).
// Hence a composition of Gaussian mechanisms with total rho = sum_i Delta_i^2 / (2 sigma_i^2)
// (its zCDP parameter) is mu-GDP with mu = sqrt(2 rho), and GdpEpsilon(sqrt(2 rho), delta) is the
// smallest eps for which it is (eps, delta)-DP. This is NOT a valid conversion for an arbitrary
// rho-zCDP mechanism (only for compositions of Gaussian mechanisms); it is never larger than the
// RDP-based conversions in conversions.h.
//
// Numerics. With s = eps/mu - mu/2 and the Mills ratio R(x) = Phi(-x) / phi(x), the identity
// e^eps phi(eps/mu + mu/2) = phi(s) gives
//   delta(eps) = phi(s) (R(s) - R(s + mu))        (s > 0; no overflow of e^eps, no underflow)
//   delta(eps) = Phi(-s) - phi(s) R(s + mu)       (s <= 0),
// evaluated in log space; R(x) = erfc(x/sqrt 2) / (2 phi(x)) for x < 2 and a 200-term continued
// fraction beyond. The relative error of delta is ~1e-16 / min(mu, 1) (cancellation for tiny mu).
// GdpEpsilon inverts delta(eps) (continuous, decreasing) by bisection to the last bit.
//
// Parameters
//   gdp_mu           mu of mu-GDP                    finite, > 0
//   privacy_epsilon  eps                             finite, >= 0
//   target_delta     delta                           in (0, 1)
#ifndef DPRL_ALGORITHMS_ACCOUNTING_GAUSSIAN_DP_H_
#define DPRL_ALGORITHMS_ACCOUNTING_GAUSSIAN_DP_H_

#include "absl/status/statusor.h"

namespace dprl {

// mu = sqrt(2 rho) of a composition of Gaussian mechanisms with zCDP parameter rho (> 0, finite).
absl::StatusOr<double> GaussianCompositionGdpMu(double rho);

// log delta(eps) of mu-GDP (DRS Cor. 2.13). Errors: gdp_mu or privacy_epsilon invalid.
absl::StatusOr<double> GdpLogDelta(double gdp_mu, double privacy_epsilon);
// delta(eps) of mu-GDP.
absl::StatusOr<double> GdpDelta(double gdp_mu, double privacy_epsilon);

// The smallest eps >= 0 with delta(eps) <= target_delta (0 if delta(0) <= target_delta).
// Errors: gdp_mu invalid, target_delta outside (0, 1).
absl::StatusOr<double> GdpEpsilon(double gdp_mu, double target_delta);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_ACCOUNTING_GAUSSIAN_DP_H_
