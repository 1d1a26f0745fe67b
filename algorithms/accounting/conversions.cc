#include "algorithms/accounting/conversions.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "glog/logging.h"

namespace dprl {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Search bounds wide enough that the stationary point of every linear curve with rho in
// [1e-280, 1e280] lies inside (used by the zCDP conversions, whose alpha is free).
RenyiOrderSearchOptions WideSearch() {
  RenyiOrderSearchOptions search;
  search.min_renyi_order_minus_one = 1e-300;
  search.max_renyi_order_minus_one = 1e300;
  return search;
}

absl::Status ValidateRdpValue(double rdp_value) {
  RETURN_IF_ERROR(ValidateFiniteNonNegative("rdp_value", rdp_value));
  return absl::OkStatus();
}

// The conversion at order 1 + u, NOT clamped at 0. log_delta = log(target_delta) < 0.
double ConvertUnclamped(DpConversion conversion, double rdp_value, double u, double log_delta) {
  switch (conversion) {
    case DpConversion::kBasic:
      // Mironov 2017 Prop. 3 / Lu et al. Lemma 8: rdp + log(1/delta) / (alpha - 1).
      return rdp_value - log_delta / u;
    case DpConversion::kImproved: {
      // CKS 2020 Prop. 12: rdp + log((alpha-1)/alpha) - (log(delta) + log(alpha)) / (alpha-1),
      // with log(alpha) = log1p(u); log(u/(1+u)) = -log1p(1/u) avoids cancellation for large u.
      const double log_alpha = std::log1p(u);
      const double log_ratio = u > 1.0 ? -std::log1p(1.0 / u) : std::log(u) - log_alpha;
      return rdp_value + log_ratio - (log_delta + log_alpha) / u;
    }
  }
  LOG(FATAL) << "unknown DpConversion " << static_cast<int>(conversion);
  return 0.0;
}

// The unique root in (0, sqrt(L/rho)] of rho u^2 - L (+ log1p(u) for kImproved), by bisection to
// the last bit: the stationary point of the conversion of the linear curve rho * alpha.
double LinearStationaryPoint(DpConversion conversion, double rho, double log_inv_delta) {
  CHECK(rho > 0.0 && log_inv_delta > 0.0) << rho << " " << log_inv_delta;
  auto stationarity = [&](double u) {
    const double value = rho * u * u - log_inv_delta;
    return conversion == DpConversion::kImproved ? value + std::log1p(u) : value;
  };
  double lo = 0.0;                             // stationarity(0) = -L < 0
  double hi = std::sqrt(log_inv_delta / rho);  // stationarity(hi) >= 0
  if (!std::isfinite(hi)) hi = std::numeric_limits<double>::max();
  for (int iteration = 0; iteration < 4000; ++iteration) {
    const double mid = lo + 0.5 * (hi - lo);
    if (mid <= lo || mid >= hi) break;
    (stationarity(mid) < 0.0 ? lo : hi) = mid;
  }
  return lo > 0.0 ? lo : hi;
}

}  // namespace

absl::string_view DpConversionName(DpConversion conversion) {
  return conversion == DpConversion::kBasic ? "basic" : "improved";
}

absl::Status ValidateTargetDelta(double target_delta) {
  if (!(std::isfinite(target_delta) && target_delta > 0.0 && target_delta < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("target_delta must be in (0, 1), got ", target_delta));
  }
  return absl::OkStatus();
}

absl::StatusOr<double> RdpToDpEpsilon(DpConversion conversion, double rdp_value, double renyi_order,
                                      double target_delta) {
  RETURN_IF_ERROR(ValidateRenyiOrder(renyi_order));
  return RdpToDpEpsilonAtOrderMinusOne(conversion, rdp_value, renyi_order - 1.0, target_delta);
}

absl::StatusOr<double> RdpToDpEpsilonAtOrderMinusOne(DpConversion conversion, double rdp_value,
                                                     double renyi_order_minus_one,
                                                     double target_delta) {
  RETURN_IF_ERROR(ValidateRdpValue(rdp_value));
  if (absl::Status status = ValidateRenyiOrderMinusOne(renyi_order_minus_one); !status.ok()) {
    return status;
  }
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  return std::max(
      0.0, ConvertUnclamped(conversion, rdp_value, renyi_order_minus_one, std::log(target_delta)));
}

absl::Status RenyiOrderSearchOptions::Validate() const {
  if (!(std::isfinite(min_renyi_order_minus_one) && min_renyi_order_minus_one > 0.0)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "min_renyi_order_minus_one must be finite and > 0, got ", min_renyi_order_minus_one));
  }
  if (!(std::isfinite(max_renyi_order_minus_one) &&
        max_renyi_order_minus_one > min_renyi_order_minus_one)) {
    return absl::InvalidArgumentError(
        absl::StrCat("max_renyi_order_minus_one must be finite and > min_renyi_order_minus_one = ",
                     min_renyi_order_minus_one, ", got ", max_renyi_order_minus_one));
  }
  if (grid_points < 3 || grid_points > 100000) {
    return absl::InvalidArgumentError(
        absl::StrCat("grid_points must be in [3, 100000], got ", grid_points));
  }
  return absl::OkStatus();
}

absl::StatusOr<OptimizedDpGuarantee> OptimizeRenyiOrder(const RdpCurve& curve,
                                                        DpConversion conversion,
                                                        double target_delta,
                                                        const RenyiOrderSearchOptions& search) {
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  RETURN_IF_ERROR(search.Validate());
  const double log_delta = std::log(target_delta);
  const double u_min = search.min_renyi_order_minus_one;
  const double u_max = search.max_renyi_order_minus_one;

  OptimizedDpGuarantee result;
  if (curve.is_linear() && curve.linear_coefficient() == 0.0) {
    result.renyi_order = result.renyi_order_minus_one = kInfinity;  // eps -> 0 as alpha -> inf
    return result;
  }

  double u_best;
  if (curve.is_linear()) {
    const double rho = curve.linear_coefficient();
    u_best = std::clamp(LinearStationaryPoint(conversion, rho, -log_delta), u_min, u_max);
  } else {
    // Grid scan on x = log(u), then golden-section search in the bracket around the best point.
    auto objective = [&](double x) {
      const double u = std::exp(x);
      const double value =
          ConvertUnclamped(conversion, curve.EvaluateAtOrderMinusOne(u), u, log_delta);
      return std::isnan(value) ? kInfinity : value;
    };
    const double x_lo = std::log(u_min);
    const double x_hi = std::log(u_max);
    const int n = search.grid_points;
    auto grid_x = [&](int i) { return i == n - 1 ? x_hi : x_lo + (x_hi - x_lo) * i / (n - 1); };
    int best = 0;
    double best_value = objective(grid_x(0));
    for (int i = 1; i < n; ++i) {
      const double value = objective(grid_x(i));
      if (value < best_value) {
        best = i;
        best_value = value;
      }
    }
    double best_x = grid_x(best);
    double a = grid_x(std::max(best - 1, 0));
    double b = grid_x(std::min(best + 1, n - 1));
    const double inv_phi = 0.5 * (std::sqrt(5.0) - 1.0);
    double c = b - inv_phi * (b - a);
    double d = a + inv_phi * (b - a);
    double fc = objective(c);
    double fd = objective(d);
    for (int iteration = 0; iteration < 400; ++iteration) {
      if (!(b - a > 1e-15 * std::max(1.0, std::fabs(a) + std::fabs(b)))) break;
      if (fc < fd) {
        b = d;
        d = c;
        fd = fc;
        c = b - inv_phi * (b - a);
        fc = objective(c);
      } else {
        a = c;
        c = d;
        fc = fd;
        d = a + inv_phi * (b - a);
        fd = objective(d);
      }
    }
    if (fc < best_value) {
      best_value = fc;
      best_x = c;
    }
    if (fd < best_value) {
      best_value = fd;
      best_x = d;
    }
    u_best = std::clamp(std::exp(best_x), u_min, u_max);
  }
  result.renyi_order_minus_one = u_best;
  result.renyi_order = 1.0 + u_best;
  result.rdp_value = curve.EvaluateAtOrderMinusOne(u_best);
  result.privacy_epsilon =
      std::max(0.0, ConvertUnclamped(conversion, result.rdp_value, u_best, log_delta));
  result.at_search_boundary = u_best <= u_min * (1.0 + 1e-9) || u_best >= u_max * (1.0 - 1e-9);
  return result;
}

absl::StatusOr<double> ZcdpToDpEpsilon(DpConversion conversion, double rho, double target_delta) {
  RETURN_IF_ERROR(ValidateFiniteNonNegative("rho", rho));
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  if (conversion == DpConversion::kBasic) {
    // BS16 Prop. 1.3.
    return rho + 2.0 * std::sqrt(rho * -std::log(target_delta));
  }
  ASSIGN_OR_RETURN(RdpCurve curve, RdpCurve::Linear(rho));
  ASSIGN_OR_RETURN(OptimizedDpGuarantee optimum,
                   OptimizeRenyiOrder(curve, conversion, target_delta, WideSearch()));
  return optimum.privacy_epsilon;  // CKS 2020 Cor. 13
}

absl::StatusOr<double> DpToZcdpRho(DpConversion conversion, double privacy_epsilon,
                                   double target_delta) {
  RETURN_IF_ERROR(ValidateFinitePositive("privacy_epsilon", privacy_epsilon));
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  // kBasic: solve rho + 2 sqrt(rho L) = eps for sqrt(rho): sqrt(rho) = sqrt(L + eps) - sqrt(L).
  const double log_inv_delta = -std::log(target_delta);
  const double root_rho =
      privacy_epsilon / (std::sqrt(log_inv_delta + privacy_epsilon) + std::sqrt(log_inv_delta));
  const double basic_rho = root_rho * root_rho;
  if (conversion == DpConversion::kBasic) return basic_rho;

  // kImproved <= kBasic pointwise, so basic_rho is feasible; find an infeasible upper end, then
  // bisect. eps(rho) is continuous and nondecreasing in rho.
  auto improved = [&](double rho) {
    absl::StatusOr<double> value = ZcdpToDpEpsilon(DpConversion::kImproved, rho, target_delta);
    CHECK(value.ok()) << value.status();
    return *value;
  };
  double lo = basic_rho;
  double hi = 2.0 * basic_rho;
  for (int doubling = 0; !std::isfinite(hi) || improved(hi) <= privacy_epsilon; ++doubling) {
    // hi = inf (a privacy_epsilon near the largest double) cannot be evaluated: refuse it too.
    if (doubling > 2000 || !std::isfinite(2.0 * hi)) {
      return absl::OutOfRangeError(
          absl::StrCat("no finite rho reaches privacy_epsilon = ", privacy_epsilon,
                       " at target_delta = ", target_delta));
    }
    lo = hi;
    hi *= 2.0;
  }
  for (int iteration = 0; iteration < 2000; ++iteration) {
    const double mid = lo + 0.5 * (hi - lo);
    if (mid <= lo || mid >= hi) break;
    (improved(mid) <= privacy_epsilon ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace dprl
