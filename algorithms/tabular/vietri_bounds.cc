#include "algorithms/tabular/vietri_bounds.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dprl {
namespace {

void CheckFailureProbability(double failure_probability, double upper) {
  CHECK(failure_probability > 0.0 && failure_probability < upper)
      << "failure_probability must be in (0, " << upper << "), got " << failure_probability;
}

void CheckPrivacyEpsilon(double privacy_epsilon) {
  CHECK(std::isfinite(privacy_epsilon) && privacy_epsilon > 0.0)
      << "privacy_epsilon must be finite and > 0, got " << privacy_epsilon;
}

void CheckValid(const VietriBoundsParameters& p) {
  const absl::Status status = p.Validate();
  CHECK(status.ok()) << status;
}

// log2(T)^{5/2}: the tree-depth factor of Sec. 2.3 and Alg. 3.
double TreeDepthFactor(int64_t num_steps) {
  return std::pow(std::log2(static_cast<double>(num_steps)), 2.5);
}

}  // namespace

absl::Status VietriBoundsParameters::Validate() const {
  for (const auto& [name, value] : {std::pair<const char*, int64_t>{"num_states", num_states},
                                    {"num_actions", num_actions},
                                    {"horizon", horizon},
                                    {"num_episodes", num_episodes}}) {
    if (value < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("VietriBoundsParameters.", name, " = ", value, ", must be >= 1"));
    }
  }
  if (!(std::isfinite(privacy_epsilon) && privacy_epsilon > 0.0)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "VietriBoundsParameters.privacy_epsilon = ", privacy_epsilon, ", must be finite and > 0"));
  }
  // Each counter's eps' = eps / (3H) (Alg. 2) must not underflow to 0 (e.g. eps = 5e-324).
  if (!(PucbAddRemoveCounterEpsilon(privacy_epsilon, std::max<int64_t>(horizon, 1)) > 0.0)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "VietriBoundsParameters.privacy_epsilon = ", privacy_epsilon,
        ", must be large enough that the counter epsilon eps / (3H) (H = ", horizon, ") is not 0"));
  }
  if (!(failure_probability > 0.0 && failure_probability < 1.0)) {
    return absl::InvalidArgumentError(absl::StrCat("VietriBoundsParameters.failure_probability = ",
                                                   failure_probability, ", must be in (0, 1)"));
  }
  if (!(alpha > 0.0 && alpha <= static_cast<double>(horizon))) {
    return absl::InvalidArgumentError(absl::StrCat("VietriBoundsParameters.alpha = ", alpha,
                                                   ", must be in (0, horizon] = (0, ", horizon,
                                                   "]"));
  }
  return absl::OkStatus();
}

double SingleCounterErrorBound(double counter_epsilon, int64_t num_steps,
                               double failure_probability) {
  CheckPrivacyEpsilon(counter_epsilon);
  CHECK_GE(num_steps, 1) << "num_steps must be >= 1";
  CheckFailureProbability(failure_probability, 1.0);
  // Sec. 2.3: (4/eps) ln(1/beta) log(T)^{5/2}.
  return 4.0 / counter_epsilon * std::log(1.0 / failure_probability) * TreeDepthFactor(num_steps);
}

double PucbNumCounters(int64_t num_states, int64_t num_actions, int64_t horizon) {
  CHECK(num_states >= 1 && num_actions >= 1 && horizon >= 1)
      << "S, A, H must be >= 1, got " << num_states << ", " << num_actions << ", " << horizon;
  const double state_action_steps =
      static_cast<double>(num_states) * static_cast<double>(num_actions) * horizon;
  return (2.0 + static_cast<double>(num_states)) * state_action_steps;  // 2SAH + S^2AH
}

double PucbAddRemoveCounterEpsilon(double privacy_epsilon, int64_t horizon) {
  CheckPrivacyEpsilon(privacy_epsilon);
  CHECK_GE(horizon, 1) << "horizon must be >= 1";
  return privacy_epsilon / (3.0 * static_cast<double>(horizon));  // Alg. 2: eps' = eps/(3H)
}

double PucbCountersErrorBound(int64_t num_states, int64_t num_actions, int64_t horizon,
                              int64_t num_episodes, double counter_epsilon,
                              double failure_probability) {
  CHECK_GE(num_episodes, 1) << "num_episodes must be >= 1";
  CheckPrivacyEpsilon(counter_epsilon);
  CheckFailureProbability(failure_probability, 1.0);
  const double num_counters = PucbNumCounters(num_states, num_actions, horizon);
  // Alg. 3: E = (3/eps) H ln((2SAH + HAS^2)/beta) log(T)^{5/2} = (1/eps') ln(...) log2(T)^{5/2}.
  return std::log(num_counters / failure_probability) * TreeDepthFactor(num_episodes) /
         counter_epsilon;
}

absl::Status ValidateVietriErrorBoundEpisodes(int64_t num_episodes) {
  if (num_episodes >= 2) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "num_episodes = ", num_episodes,
      ", must be >= 2 for Alg. 3's E_eps: log2(T)^{5/2} = 0 at T = 1 makes E_eps = 0, which "
      "bounds no counter's error (PUCB refuses it)"));
}

double VietriErrorBound(const VietriBoundsParameters& p) {
  CheckValid(p);
  const double counter_epsilon = PucbAddRemoveCounterEpsilon(p.privacy_epsilon, p.horizon);
  return PucbCountersErrorBound(p.num_states, p.num_actions, p.horizon, p.num_episodes,
                                counter_epsilon, p.failure_probability);
}

double BestArmPullsLowerBound(double privacy_epsilon, double suboptimality_gap,
                              double failure_probability) {
  CheckPrivacyEpsilon(privacy_epsilon);
  CHECK(suboptimality_gap > 0.0 && suboptimality_gap <= 1.0)
      << "suboptimality_gap must be in (0, 1], got " << suboptimality_gap;
  CheckFailureProbability(failure_probability, kBestArmLowerBoundMaxFailureProbability);
  // Lemma 8: E[n_a] > 1/(24 eps alpha) ln(1/(4 beta)).
  return std::log(1.0 / (4.0 * failure_probability)) / (24.0 * privacy_epsilon * suboptimality_gap);
}

BoundShape PucbPacUpperBound(const VietriBoundsParameters& p) {
  CheckValid(p);
  const double sa = static_cast<double>(p.num_states) * p.num_actions;
  const double h4 = std::pow(static_cast<double>(p.horizon), 4);
  BoundShape shape;
  shape.non_private_term = sa * h4 / (p.alpha * p.alpha);                       // SAH^4/alpha^2
  shape.privacy_term = p.num_states * sa * h4 / (p.privacy_epsilon * p.alpha);  // S^2AH^4/(eps a)
  return shape;
}

BoundShape PucbRegretUpperBound(const VietriBoundsParameters& p) {
  CheckValid(p);
  const double sa = static_cast<double>(p.num_states) * p.num_actions;
  const double h = static_cast<double>(p.horizon);
  BoundShape shape;
  shape.non_private_term = h * h * std::sqrt(sa * p.num_episodes);              // H^2 sqrt(SAT)
  shape.privacy_term = p.num_states * sa * std::pow(h, 4) / p.privacy_epsilon;  // S^2AH^4/eps
  return shape;
}

BoundShape JdpPacLowerBound(const VietriBoundsParameters& p) {
  CheckValid(p);
  const double sah = static_cast<double>(p.num_states) * p.num_actions * p.horizon;
  BoundShape shape;
  shape.non_private_term = sah * p.horizon / (p.alpha * p.alpha);  // SAH^2/alpha^2
  shape.privacy_term =                                             // SAH/(alpha eps) ln(1/beta)
      sah / (p.alpha * p.privacy_epsilon) * std::log(1.0 / p.failure_probability);
  return shape;
}

BoundShape JdpRegretLowerBound(const VietriBoundsParameters& p) {
  CheckValid(p);
  const double sah = static_cast<double>(p.num_states) * p.num_actions * p.horizon;
  BoundShape shape;
  shape.non_private_term = std::sqrt(sah * p.num_episodes);  // sqrt(HSAT)
  shape.privacy_term =                                       // SAH log(T)/eps
      sah * std::log(static_cast<double>(p.num_episodes)) / p.privacy_epsilon;
  return shape;
}

absl::Status CheckVietriBoundsFinite(const VietriBoundsParameters& p) {
  const std::pair<const char*, double> bounds[] = {
      {"E_eps", VietriErrorBound(p)},
      {"single_counter_error",
       SingleCounterErrorBound(p.privacy_epsilon, p.num_episodes, p.failure_probability)},
      // Lemma 8 only where Report prints it (beta < 1/4, alpha <= 1); 0 stands for "n/a".
      {"best_arm_pulls_lemma8",
       p.failure_probability < kBestArmLowerBoundMaxFailureProbability && p.alpha <= 1.0
           ? BestArmPullsLowerBound(p.privacy_epsilon, p.alpha, p.failure_probability)
           : 0.0},
      {"pac_upper_thm3", PucbPacUpperBound(p).total()},
      {"regret_upper_thm4", PucbRegretUpperBound(p).total()},
      {"pac_lower_thm5", JdpPacLowerBound(p).total()},
      {"regret_lower_thm6", JdpRegretLowerBound(p).total()}};
  for (const auto& [name, value] : bounds) {
    if (!std::isfinite(value)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s overflows a double (%g) at S=%d A=%d H=%d privacy_epsilon=%g alpha=%g beta=%g "
          "T=%d; use a larger privacy_epsilon / alpha / beta or smaller S, A, H, T",
          name, value, p.num_states, p.num_actions, p.horizon, p.privacy_epsilon, p.alpha,
          p.failure_probability, p.num_episodes));
    }
  }
  return absl::OkStatus();
}

}  // namespace dprl
