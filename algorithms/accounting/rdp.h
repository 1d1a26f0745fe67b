// Renyi differential privacy (RDP) curves: the Gaussian mechanism and adaptive composition.
//
// Specification
// -------------
// I. Mironov, "Renyi Differential Privacy", CSF 2017 (Mironov 2017):
//   Def. 4   M is (alpha, rdp)-RDP if D_alpha(M(D) || M(D')) <= rdp for all neighbours D, D', where
//            D_alpha(P || Q) = 1/(alpha - 1) log E_{x~Q}[(P(x)/Q(x))^alpha], renyi_order alpha > 1.
//   Prop. 7  Gaussian mechanism f(D) + N(0, sigma^2 I) with l2-sensitivity Delta:
//              rdp(alpha) = alpha Delta^2 / (2 sigma^2)   for every alpha > 1      (exact, tight).
//            Same statement: Lu et al. 2026, "RLSVI itself is JDP", Lemma 6 (scalar f, so their
//            l1-sensitivity is the l2 one) and Van Erven-Harremoes 2014, Eq. (10).
//   Prop. 1  Adaptive composition: if M1 is (alpha, r1)-RDP and M2(x, .) is (alpha, r2)-RDP for
//            every output x of M1, then (M1, M2) is (alpha, r1 + r2)-RDP (Lu et al. Lemma 7).
//            Hence the RDP curve of a composition is the ORDER-WISE SUM of the curves.
// M. Bun, T. Steinke, "Concentrated Differential Privacy", TCC 2016 (BS16), Def. 1.1:
//   M is rho-zCDP iff it is (alpha, rho alpha)-RDP for every alpha > 1, i.e. its RDP curve is
//   LINEAR with coefficient rho. The Gaussian mechanism is rho-zCDP with rho = Delta^2/(2 sigma^2)
//   (BS16 Prop. 1.6); compositions of linear curves are linear (coefficients add, BS16 Lemma 2.3).
//
// Representation. An RdpCurve is rdp(alpha) = linear_coefficient * alpha + sum_i w_i g_i(alpha - 1)
// where the g_i are arbitrary user-supplied curves (weights w_i count repetitions). Pure-linear
// curves (is_linear()) enable the exact stationary-point search of conversions.h. Orders are passed
// to curves as renyi_order_minus_one = alpha - 1 > 0, so that orders within 1e-16 of 1 (where the
// (eps, delta) conversions are numerically delicate) are representable without cancellation.
// The Gaussian mechanism's parameters are GaussianMechanismOptions (documented at each field).
#ifndef DPRL_ALGORITHMS_ACCOUNTING_RDP_H_
#define DPRL_ALGORITHMS_ACCOUNTING_RDP_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dprl {

struct GaussianMechanismOptions {
  // Delta: l2-sensitivity of the released query, max ||f(D) - f(D')||_2 over neighbours.
  // Finite, > 0.
  double l2_sensitivity = 1.0;
  // sigma: standard deviation of the Gaussian noise added to every coordinate. Finite, > 0.
  double noise_stddev = 1.0;

  absl::Status Validate() const;
  // sigma / Delta.
  double noise_multiplier() const { return noise_stddev / l2_sensitivity; }
};

// rho = Delta^2 / (2 sigma^2): the mechanism is (alpha, rho alpha)-RDP (Mironov 2017 Prop. 7, Lu et
// al. Lemma 6) and rho-zCDP (BS16 Prop. 1.6). Errors: options.Validate().
absl::StatusOr<double> GaussianRdpCoefficient(const GaussianMechanismOptions& options);

// alpha Delta^2 / (2 sigma^2) at renyi_order alpha (finite, > 1). Errors: invalid options/order.
absl::StatusOr<double> GaussianRdp(const GaussianMechanismOptions& options, double renyi_order);

// Checks a Renyi order: finite and > 1. The message names `name` and the value.
absl::Status ValidateRenyiOrder(double renyi_order, const char* name = "renyi_order");
// Checks renyi_order_minus_one: finite and > 0.
absl::Status ValidateRenyiOrderMinusOne(double renyi_order_minus_one);

class RdpCurve {
 public:
  // A general RDP curve g(alpha - 1) >= 0, called with renyi_order_minus_one > 0.
  using Term = std::function<double(double renyi_order_minus_one)>;

  // The zero curve: the empty composition (no data touched, (alpha, 0)-RDP for all alpha).
  RdpCurve() = default;

  // rdp(alpha) = rdp_coefficient * alpha, i.e. rho-zCDP with rho = rdp_coefficient (BS16 Def. 1.1).
  // Errors: rdp_coefficient NaN, infinite or < 0 (the message names rdp_coefficient).
  static absl::StatusOr<RdpCurve> Linear(double rdp_coefficient);
  // The Gaussian mechanism's curve, Linear(GaussianRdpCoefficient(options)).
  static absl::StatusOr<RdpCurve> Gaussian(const GaussianMechanismOptions& options);
  // A general curve. The caller promises term(u) is a valid RDP bound at order 1 + u, u > 0.
  static RdpCurve FromTerm(Term term);

  // Adaptive composition with `other` (Mironov 2017 Prop. 1): curves add order-wise.
  RdpCurve& Compose(const RdpCurve& other);
  // The count-fold adaptive composition of this curve with itself: rdp(alpha) * count.
  // Errors: count < 1 (the message names count).
  absl::StatusOr<RdpCurve> Repeated(int64_t count) const;

  // rdp at order 1 + renyi_order_minus_one. CHECKs renyi_order_minus_one > 0 (callers validate).
  double EvaluateAtOrderMinusOne(double renyi_order_minus_one) const;
  // rdp at renyi_order alpha. Errors: alpha NaN, infinite or <= 1.
  absl::StatusOr<double> Evaluate(double renyi_order) const;

  // rho of the linear part.
  double linear_coefficient() const { return linear_coefficient_; }
  // True iff the curve is rho * alpha (no general terms).
  bool is_linear() const { return terms_.empty(); }

 private:
  struct WeightedTerm {
    Term term;
    double weight;  // number of times the term was composed
  };
  double linear_coefficient_ = 0.0;
  std::vector<WeightedTerm> terms_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_ACCOUNTING_RDP_H_
