#include "algorithms/mechanisms/counter_error_tail.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/dyadic_tree.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {
namespace {

constexpr int64_t kMaxHorizonSteps = int64_t{1} << 50;
// Multiplicative safety factor on every computed tail: far above the floating-point relative
// error of the sums below (< 1e-13), so the rounded value is an upper bound.
constexpr double kRoundingInflation = 1.0 + 1e-9;
// Absolute slack on every tail: covers terms that underflowed to 0 (each < 1e-300).
constexpr double kUnderflowSlack = 1e-250;
constexpr double kSmallestFailureProbability = 1e-100;
// Exact path (2): truncation of each negative binomial (tail mass <= 1e-30, log below) and the
// work budget sum_k (M_k + 1) per evaluation of the union bound (~40 evaluations per call).
constexpr double kLogTruncatedMass = -69.0;  // ln(1e-30) = -69.08
constexpr double kExactPathBudget = 4e5;
// Hoeffding confidence levels r for the coupling shifts c = sqrt(2k ln(1/r)).
constexpr double kCouplingLevels[] = {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6};

double Conservative(double tail) {
  return std::min(1.0, tail * kRoundingInflation + kUnderflowSlack);
}

// Weights w[k][j] = C(k-1+j, j) 2^{-(k-1+j)}, j < k, of the closed form (1); sum_j w[k][j] = 1.
std::vector<std::vector<double>> LaplaceSumWeights(int max_k) {
  std::vector<std::vector<double>> w(max_k + 1);
  for (int k = 1; k <= max_k; ++k) {
    w[k].resize(k);
    for (int j = 0; j < k; ++j) {
      w[k][j] = std::exp(std::lgamma(k + j) - std::lgamma(j + 1.0) - std::lgamma(k) -
                         (k - 1 + j) * std::log(2.0));
    }
  }
  return w;
}

// One-sided P(sum of k iid Laplace(1) > y), closed form (1), NOT inflated. `weights` from
// LaplaceSumWeights(>= k). `poisson` is scratch space.
double LaplaceSumUpperTail(const std::vector<std::vector<double>>& weights, int k, double y,
                           std::vector<double>& poisson) {
  if (y <= 0.0) return 1.0;  // a valid bound (the exact value is >= 1/2)
  // Cumulative Poisson(y) probabilities: cdf[m] = Q(m, y) = sum_{i<m} e^{-y} y^i / i!.
  poisson.assign(k + 1, 0.0);
  double term = 0.0;
  double cumulative = 0.0;
  for (int i = 0; i < k; ++i) {
    // e^{-y} y^i / i! by recurrence, or in log space when e^{-y} underflows.
    term = y < 700.0 ? (i == 0 ? std::exp(-y) : term * y / i)
                     : std::exp(-y + i * std::log(y) - std::lgamma(i + 1.0));
    cumulative += term;
    poisson[i + 1] = cumulative;
  }
  double tail = 0.0;
  for (int j = 0; j < k; ++j) tail += weights[k][j] * poisson[k - j];
  return 0.5 * tail;
}

// ln of the Chernoff bound (4), one-sided, on P(S_n >= x) for n (real, > 0) iid discrete Laplace
// terms of rate 1/b, at the stationary point of -l x + n ln M(l). Written in w = q e^l, which
// stays representable where q = e^-rate underflows (tiny scales): the stationary point solves
// (1 + a) w^2 - a (1 + q^2) w - q^2 (1 - a) = 0 (a = x/n), and
// ln M(l) = 2 ln(1-q) - ln(1 - w) - ln(1 - q^2/w), l = ln(w) + rate.
double LogRunningSumChernoff(double rate, double n, double x) {
  const double q = std::exp(-rate);
  const double q2 = q * q;
  const double a = x / n;
  const double disc = a * a * (1 + q2) * (1 + q2) + 4.0 * q2 * (1.0 + a) * (1.0 - a);
  const double w = (a * (1 + q2) + std::sqrt(std::max(disc, 0.0))) / (2.0 * (1.0 + a));
  const double l = std::log(w) + rate;
  if (!(l > 0.0) || !(w < 1.0)) return 0.0;  // no gain over the trivial bound 1
  const double log_mgf = 2.0 * std::log1p(-q) - std::log1p(-w) - std::log1p(-q2 / w);
  return std::min(0.0, -l * x + n * log_mgf);
}

// Evaluates upper bounds on P(|S_k| >= n) for discrete Laplace node noise, k = 1..max_k.
class DiscreteTail {
 public:
  DiscreteTail(Rational scale, int max_k) : max_k_(max_k), weights_(LaplaceSumWeights(max_k)) {
    CHECK(scale.numerator >= 1 && scale.denominator >= 1)
        << "discrete scale must be positive, got " << scale.numerator << "/" << scale.denominator;
    rate_ = static_cast<double>(scale.denominator) / static_cast<double>(scale.numerator);
    q_ = std::exp(-rate_);
    // Laplace scale b = 1/rate rounded up (coupling (3); the Laplace tail grows with the scale).
    laplace_scale_ = static_cast<double>(scale.numerator) / static_cast<double>(scale.denominator) *
                     (1.0 + 1e-15);
    SetUpExactPath();
  }

  bool exact() const { return !suffix_.empty(); }

  // Upper bound on P(|S_k| >= n), n >= 1 (two-sided).
  double TwoSided(int k, int64_t n) const {
    CHECK(k >= 1 && k <= max_k_);
    if (n <= 0) return 1.0;
    const double dn = static_cast<double>(n);
    if (k == 1) return Conservative(2.0 * std::pow(q_, dn) / (1.0 + q_));  // closed form
    double best = 1.0;
    if (exact()) {
      // P(A - B >= n) <= sum_{j <= M} P(B = j) P(n + j <= A <= M) + P(A > M) + P(B > M).
      const std::vector<double>& pmf = pmf_[k];
      const std::vector<double>& suffix = suffix_[k];  // suffix[i] = sum_{i <= x <= M} pmf[x]
      const int64_t top = static_cast<int64_t>(pmf.size()) - 1;  // M
      double one_sided = 0.0;
      for (int64_t j = 0; j + n <= top; ++j) one_sided += pmf[j] * suffix[j + n];
      best = 2.0 * (one_sided + 2.0 * truncated_mass_[k]);
      // Far in the tail the 4e-30 truncation term dominates; (3)-(4) below then take over (so
      // that the bound still tends to 0 for tiny failure probabilities).
      if (best > 1e-25) return Conservative(best);
    }
    // Coupling (3), minimised over the shift c.
    std::vector<double> scratch;
    auto coupling = [&](double c, double keep) {
      const double y = (dn - c) / laplace_scale_ * (1.0 - 1e-15);
      best = std::min(best, 2.0 * LaplaceSumUpperTail(weights_, k, y, scratch) / keep);
    };
    coupling(static_cast<double>(k), 1.0);
    for (const double r : kCouplingLevels) {
      const double c = std::sqrt(2.0 * k * std::log(1.0 / r));
      if (c < k) coupling(c, 1.0 - r);
    }
    // Chernoff (4) at the stationary point u = e^l of -l n + k ln M(l) (a = n/k):
    // q (1+a) u^2 - a (1+q^2) u - q (1-a) = 0.
    const double a = dn / k;
    const double disc =
        a * a * (1 + q_ * q_) * (1 + q_ * q_) + 4.0 * q_ * q_ * (1.0 + a) * (1.0 - a);
    const double u = (a * (1 + q_ * q_) + std::sqrt(std::max(disc, 0.0))) / (2.0 * q_ * (1.0 + a));
    double l = std::log(u);
    if (!(l > 0.0)) l = 0.0;
    l = std::min(l, rate_ * (1.0 - 1e-12));
    if (l > 0.0) {
      // ln M(l) = 2 ln(1-q) - ln(1 - q e^l) - ln(1 - q e^-l), q = e^-rate.
      const double log_mgf = 2.0 * std::log(-std::expm1(-rate_)) -
                             std::log(-std::expm1(l - rate_)) - std::log(-std::expm1(-l - rate_));
      best = std::min(best, 2.0 * std::exp(-l * dn + k * log_mgf));
    }
    return Conservative(best);
  }

 private:
  // ln of the Chernoff bound on P(NB_k > M) (M = top), NB_k = sum of k geometric variables with
  // P(G = i) = (1-q) q^i: e^{-l(M+1)} ((1-q)/(1-q e^l))^k at q e^l = (M+1)/(M+1+k) (the optimal
  // l; requires M + 1 > k q/(1-q), the mean; returns 0 otherwise).
  double LogNegativeBinomialTail(int k, int64_t top) const {
    const double n1 = static_cast<double>(top) + 1.0;
    const double l = std::log(n1 / (n1 + k)) + rate_;
    if (!(l > 0.0)) return 0.0;
    return -l * n1 + k * std::log(-std::expm1(-rate_) * (n1 + k) / k);
  }

  // Path (2): S_k = A - B with A, B iid NB_k (a discrete Laplace variable is the difference of
  // two geometric ones). Tabulates the pmf of NB_k on [0, M_k], M_k = ceil(mean) + the smallest
  // multiple of ceil(b) with LogNegativeBinomialTail(k, M_k) <= ln(1e-30), if the total size
  // fits the budget (and p^k does not underflow).
  void SetUpExactPath() {
    const double log_p = std::log(-std::expm1(-rate_));  // ln(1 - q)
    if (max_k_ * log_p < -600.0) return;
    const double mean_per_node = q_ / -std::expm1(-rate_);
    const int64_t step = static_cast<int64_t>(std::ceil(1.0 / rate_));
    std::vector<int64_t> tops(max_k_ + 1, 0);
    double total = 0.0;
    for (int k = 1; k <= max_k_; ++k) {
      int64_t top = static_cast<int64_t>(std::ceil(k * mean_per_node));
      while (LogNegativeBinomialTail(k, top) > kLogTruncatedMass) {
        top += step;
        if (total + top > kExactPathBudget) return;
      }
      tops[k] = top;
      total += static_cast<double>(top + 1);
      if (total > kExactPathBudget) return;
    }
    pmf_.assign(max_k_ + 1, {});
    suffix_.assign(max_k_ + 1, {});
    truncated_mass_.assign(max_k_ + 1, 0.0);
    for (int k = 1; k <= max_k_; ++k) {
      // P(NB_k = i) = C(i+k-1, i) (1-q)^k q^i, by the recurrence ratio q (i+k-1)/i.
      std::vector<double>& pmf = pmf_[k];
      pmf.resize(tops[k] + 1);
      pmf[0] = std::exp(k * log_p);
      for (int64_t i = 1; i <= tops[k]; ++i) pmf[i] = pmf[i - 1] * q_ * (i + k - 1.0) / i;
      std::vector<double>& suffix = suffix_[k];
      suffix.assign(tops[k] + 2, 0.0);
      for (int64_t i = tops[k]; i >= 0; --i) suffix[i] = suffix[i + 1] + pmf[i];
      truncated_mass_[k] = std::exp(LogNegativeBinomialTail(k, tops[k]));
    }
  }

  int max_k_;
  std::vector<std::vector<double>> weights_;
  double rate_ = 1.0;
  double q_ = 0.0;
  double laplace_scale_ = 1.0;
  // Exact path: pmf of NB_k on [0, M_k], its suffix sums, and the bound on P(NB_k > M_k).
  std::vector<std::vector<double>> pmf_;
  std::vector<std::vector<double>> suffix_;
  std::vector<double> truncated_mass_;
};

}  // namespace

NodeNoiseDistribution NodeNoiseOf(const BinaryCounterBank& bank) {
  NodeNoiseDistribution d;
  d.noise = NodeNoiseKind::kDiscreteLaplace;
  d.discrete_scale = bank.discrete_node_scale();
  return d;
}

std::vector<int64_t> PopcountCounts(int64_t horizon_steps) {
  CHECK(horizon_steps >= 1 && horizon_steps <= kMaxHorizonSteps)
      << "horizon_steps must be in [1, 2^50], got " << horizon_steps;
  const int levels = DyadicLevels(horizon_steps);
  // Binomial coefficients C(i, j), i <= 50 (C(50, 25) < 2^47).
  std::vector<std::vector<int64_t>> binomial(levels + 1, std::vector<int64_t>(levels + 1, 0));
  for (int i = 0; i <= levels; ++i) {
    binomial[i][0] = 1;
    for (int j = 1; j <= i; ++j) binomial[i][j] = binomial[i - 1][j - 1] + binomial[i - 1][j];
  }
  // Count t in [0, T]: for each set bit i of T (high to low), the t that agree with T above i and
  // have 0 at i are free below i; then t = T itself. Remove t = 0 at the end.
  std::vector<int64_t> counts(levels + 1, 0);
  int ones_above = 0;
  for (int i = levels - 1; i >= 0; --i) {
    if (((horizon_steps >> i) & 1) == 0) continue;
    for (int free_ones = 0; free_ones <= i; ++free_ones) {
      counts[ones_above + free_ones] += binomial[i][free_ones];
    }
    ++ones_above;
  }
  ++counts[ones_above];
  --counts[0];
  return counts;
}

double DiscreteLaplaceSumTail(Rational scale, int k, int64_t threshold) {
  CHECK_GE(k, 1);
  CHECK_GE(threshold, 0);
  return DiscreteTail(scale, k).TwoSided(k, threshold + 1);
}

double LaplaceSumTail(double scale, int k, double threshold) {
  CHECK(std::isfinite(scale) && scale > 0.0) << "scale must be finite and > 0, got " << scale;
  CHECK_GE(k, 1);
  std::vector<double> scratch;
  const double y = threshold / scale * (1.0 - 1e-15);
  return Conservative(2.0 * LaplaceSumUpperTail(LaplaceSumWeights(k), k, y, scratch));
}

absl::StatusOr<double> CounterErrorTailBound(int64_t horizon_steps,
                                             const NodeNoiseDistribution& node_noise,
                                             double counter_failure_probability) {
  if (horizon_steps < 1 || horizon_steps > kMaxHorizonSteps) {
    return absl::InvalidArgumentError(
        absl::StrCat("horizon_steps must be in [1, 2^50], got ", horizon_steps));
  }
  if (!(counter_failure_probability >= kSmallestFailureProbability &&
        counter_failure_probability < 1.0)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "counter_failure_probability must be in [1e-100, 1), got ", counter_failure_probability));
  }
  const std::vector<int64_t> counts = PopcountCounts(horizon_steps);
  const int levels = static_cast<int>(counts.size()) - 1;
  const double beta = counter_failure_probability;

  if (node_noise.noise == NodeNoiseKind::kDiscreteLaplace) {
    const Rational r = node_noise.discrete_scale;
    if (r.numerator < 1 || r.denominator < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("discrete_scale must have numerator and denominator >= 1, got ", r.numerator,
                       "/", r.denominator));
    }
    const DiscreteTail tail(r, levels);
    // F(E) = sum_k N_k P(|S_k| >= E + 1); smallest integer E >= 0 with F(E) <= beta.
    auto union_bound = [&](int64_t e) {
      double sum = 0.0;
      for (int k = 1; k <= levels; ++k) {
        if (counts[k] > 0) sum += static_cast<double>(counts[k]) * tail.TwoSided(k, e + 1);
      }
      return sum * kRoundingInflation;
    };
    int64_t hi = 1;
    for (int doublings = 0; union_bound(hi) > beta; ++doublings) {
      CHECK_LT(doublings, 62) << "no E found for counter_failure_probability " << beta;
      hi *= 2;
    }
    int64_t lo = -1;  // F(lo) > beta (E = -1 is "no error allowed": F >= T)
    while (hi - lo > 1) {
      const int64_t mid = lo + (hi - lo) / 2;
      (union_bound(mid) > beta ? lo : hi) = mid;
    }
    return static_cast<double>(hi);
  }
  if (node_noise.noise != NodeNoiseKind::kLaplace) {
    return absl::InvalidArgumentError(absl::StrCat(
        "noise must be kDiscreteLaplace or kLaplace, got ", static_cast<int>(node_noise.noise)));
  }
  const double b = node_noise.laplace_scale;
  RETURN_IF_ERROR(ValidateFinitePositive("laplace_scale", b));
  const double grid = node_noise.laplace_grid_error;
  RETURN_IF_ERROR(ValidateFiniteNonNegative("laplace_grid_error", grid));
  const std::vector<std::vector<double>> weights = LaplaceSumWeights(levels);
  std::vector<double> scratch;
  auto union_bound = [&](double e) {
    double sum = 0.0;
    for (int k = 1; k <= levels; ++k) {
      if (counts[k] == 0) continue;
      const double y = (e - k * grid) / b * (1.0 - 1e-15);
      sum += static_cast<double>(counts[k]) *
             Conservative(2.0 * LaplaceSumUpperTail(weights, k, y, scratch));
    }
    return sum * kRoundingInflation;
  };
  double hi = b;
  for (int doublings = 0; union_bound(hi) > beta; ++doublings) {
    CHECK_LT(doublings, 2000) << "no E found for counter_failure_probability " << beta;
    hi *= 2.0;
  }
  double lo = 0.0;
  while (hi - lo > 1e-12 * hi) {
    const double mid = 0.5 * (lo + hi);
    (union_bound(mid) > beta ? lo : hi) = mid;
  }
  return hi;
}

absl::StatusOr<double> DiscreteLaplaceRunningSumTailBound(Rational scale, int64_t num_terms,
                                                          double failure_probability) {
  if (num_terms < 1 || num_terms > kMaxHorizonSteps) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_terms must be in [1, 2^50], got ", num_terms));
  }
  if (!(failure_probability >= kSmallestFailureProbability && failure_probability < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("failure_probability must be in [1e-100, 1), got ", failure_probability));
  }
  RETURN_IF_ERROR(ValidateDiscreteLaplaceScale("scale", scale));
  const double rate = static_cast<double>(scale.denominator) / static_cast<double>(scale.numerator);
  const double terms = static_cast<double>(num_terms);
  // P(max_m |S_m| >= e + 1) <= 2 exp(LogRunningSumChernoff(e + 1)); the smallest integer e >= 0
  // with it <= beta.
  auto tail = [&](int64_t e) {
    return Conservative(2.0 *
                        std::exp(LogRunningSumChernoff(rate, terms, static_cast<double>(e) + 1.0)));
  };
  int64_t hi = 1;
  for (int doublings = 0; tail(hi) > failure_probability; ++doublings) {
    if (doublings >= 62) {
      return absl::InvalidArgumentError(
          absl::StrCat("no running-sum error bound below 2^62 for scale ", scale.numerator, "/",
                       scale.denominator, ", num_terms ", num_terms, ", failure_probability ",
                       failure_probability));
    }
    hi *= 2;
  }
  int64_t lo = -1;  // tail(-1) = 1 > beta
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    (tail(mid) > failure_probability ? lo : hi) = mid;
  }
  return static_cast<double>(hi);
}

}  // namespace dprl
