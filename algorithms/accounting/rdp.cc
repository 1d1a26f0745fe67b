#include "algorithms/accounting/rdp.h"

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "glog/logging.h"

namespace dprl {

absl::Status GaussianMechanismOptions::Validate() const {
  RETURN_IF_ERROR(ValidateFinitePositive("l2_sensitivity", l2_sensitivity));
  RETURN_IF_ERROR(ValidateFinitePositive("noise_stddev", noise_stddev));
  return absl::OkStatus();
}

absl::StatusOr<double> GaussianRdpCoefficient(const GaussianMechanismOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  // Mironov 2017 Prop. 7 / Lu et al. Lemma 6: rdp(alpha) = alpha Delta^2 / (2 sigma^2).
  // Written as (Delta/sigma)^2 / 2 so that tiny or huge Delta, sigma do not overflow.
  const double ratio = options.l2_sensitivity / options.noise_stddev;
  const double rho = 0.5 * ratio * ratio;
  if (!std::isfinite(rho)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "l2_sensitivity = ", options.l2_sensitivity, " over noise_stddev = ", options.noise_stddev,
        ": the RDP coefficient (Delta / sigma)^2 / 2 overflows a double"));
  }
  return rho;
}

absl::Status ValidateRenyiOrder(double renyi_order, const char* name) {
  if (!(std::isfinite(renyi_order) && renyi_order > 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, " must be finite and > 1, got ", renyi_order));
  }
  return absl::OkStatus();
}

absl::Status ValidateRenyiOrderMinusOne(double renyi_order_minus_one) {
  RETURN_IF_ERROR(ValidateFinitePositive("renyi_order_minus_one", renyi_order_minus_one));
  return absl::OkStatus();
}

absl::StatusOr<double> GaussianRdp(const GaussianMechanismOptions& options, double renyi_order) {
  RETURN_IF_ERROR(ValidateRenyiOrder(renyi_order));
  ASSIGN_OR_RETURN(double rho, GaussianRdpCoefficient(options));
  if (!std::isfinite(rho * renyi_order)) {
    return absl::InvalidArgumentError(
        absl::StrCat("rdp(", renyi_order, ") = ", rho, " * ", renyi_order, " overflows a double"));
  }
  return rho * renyi_order;
}

absl::StatusOr<RdpCurve> RdpCurve::Linear(double rdp_coefficient) {
  RETURN_IF_ERROR(ValidateFiniteNonNegative("rdp_coefficient", rdp_coefficient));
  RdpCurve curve;
  curve.linear_coefficient_ = rdp_coefficient;
  return curve;
}

absl::StatusOr<RdpCurve> RdpCurve::Gaussian(const GaussianMechanismOptions& options) {
  ASSIGN_OR_RETURN(double rho, GaussianRdpCoefficient(options));
  return Linear(rho);
}

RdpCurve RdpCurve::FromTerm(Term term) {
  CHECK(term) << "RdpCurve::FromTerm needs a callable";
  RdpCurve curve;
  curve.terms_.push_back({std::move(term), 1.0});
  return curve;
}

RdpCurve& RdpCurve::Compose(const RdpCurve& other) {
  // Mironov 2017 Prop. 1 (Lu et al. Lemma 7): RDP bounds of adaptively composed mechanisms add.
  linear_coefficient_ += other.linear_coefficient_;
  terms_.insert(terms_.end(), other.terms_.begin(), other.terms_.end());
  return *this;
}

absl::StatusOr<RdpCurve> RdpCurve::Repeated(int64_t count) const {
  if (count < 1) {
    return absl::InvalidArgumentError(absl::StrCat("count must be >= 1, got ", count));
  }
  RdpCurve curve = *this;
  const double weight = static_cast<double>(count);
  curve.linear_coefficient_ *= weight;
  for (WeightedTerm& term : curve.terms_) term.weight *= weight;
  return curve;
}

double RdpCurve::EvaluateAtOrderMinusOne(double renyi_order_minus_one) const {
  CHECK(renyi_order_minus_one > 0.0) << "renyi_order_minus_one = " << renyi_order_minus_one;
  // rho * alpha = rho + rho (alpha - 1): no rounding of alpha itself.
  double rdp = linear_coefficient_ + linear_coefficient_ * renyi_order_minus_one;
  for (const WeightedTerm& term : terms_) rdp += term.weight * term.term(renyi_order_minus_one);
  return rdp;
}

absl::StatusOr<double> RdpCurve::Evaluate(double renyi_order) const {
  RETURN_IF_ERROR(ValidateRenyiOrder(renyi_order));
  return EvaluateAtOrderMinusOne(renyi_order - 1.0);  // exact (Sterbenz) for alpha in (1, 2]
}

}  // namespace dprl
