// Claims of Chowdhury, Zhou, Shroff 2021, "Adaptive Control of Differentially Private Linear
// Quadratic Systems" (Private-OFU-RL, Lemma 1, Thms. 1 and 3), measured on
// //experiments:private_ofu_fig (docs/hdf5_schema.md). Regret is the exact expected regret of
// each episode (Riccati).
//   * Lemma 1 is an explicit inequality (P[exists k: ||Theta* - Theta^_k||_{V_k} >= beta_k(alpha)]
//     <= alpha, every constant stated): decided per system and agent from the recorded coverage
//     failures (chowdhury.lemma1_coverage.*).
//   * Thms. 1 and 3 are O() bounds with unstated constants: no verdict; their implied constants
//     (chowdhury.implied_constant.*, bound_tests.h) at the run's K, and as observations the trends
//     of the regret within the run (late exponents in K, slopes in eps, each minus the local
//     exponent of Thm. 1's own expression over the same window).
// The measure functions are lq_claim_measurements.h.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/chowdhury/lq_claim_measurements.h"
#include "analysis/claims/claim.h"
#include "analysis/claims/registry.h"
#include "experiments/chowdhury/private_ofu_task_names.h"

namespace dprl {
namespace {

// The experiment whose results files these claims read.

constexpr char kPaper[] = "Chowdhury et al. 2021";
// The LQ systems of private_ofu_fig's default grid (experiments/chowdhury/private_ofu_task.h);
// a system absent from a results file makes its claims undefined, with the reason.
const char* const kLqSystems[] = {"chain_n2", "rotation_n2", "relay_n2"};

std::vector<Claim> ChowdhuryClaims() {
  std::vector<Claim> claims;
  const std::string exponent_statistic =
      "late-episode regret exponent in K minus the largest local exponent of Thm. 1's terms over "
      "the same episodes";
  const std::string trend =
      "the trend within the run, not a test: an O() bound with free constants does not limit a "
      "local exponent over a finite window";
  for (const char* env : kLqSystems) {
    const std::string lemma1 =
        "Lemma 1: with probability >= 1 - alpha, ||Theta* - Theta^_k||_{V_k} < beta_k(alpha) for "
        "every k (Assumptions 1, 2); per seed, an episode k <= K with Theta* outside C_k "
        "violates it";
    const std::string lemma1_premises =
        "premises checked in the run: Assumption 1 (validated when the system is built); "
        "dprl's beta_k bounds the paper's log det term from above (data-independent), so its C_k "
        "contains the paper's: a refutation here refutes the paper's C_k too, a pass is weaker";
    Claim ofu_coverage{absl::StrCat("chowdhury.lemma1_coverage.ofu_rl.", env),
                       kPaper,
                       "Lemma 1",
                       absl::StrCat(lemma1,
                                    "; OFU-RL, H_k = lambda I (Assumption 2 holds "
                                    "surely), probability alpha (",
                                    env, ")"),
                       experiment_names::kPrivateOfuFig,
                       "seeds with cumulative_coverage_failures > 0 at K, binomial test against "
                       "alpha",
                       {},
                       false,
                       Lemma1Coverage(env, "ofu_rl")};
    ofu_coverage.kind = ClaimKind::kExplicitBound;
    ofu_coverage.why_evidence = absl::StrCat(
        "the confidence set's coverage of the true system on every seed; more seeds with Theta* "
        "outside C_k than alpha allows would refute Lemma 1 as implemented; ",
        lemma1_premises);
    claims.push_back(ofu_coverage);
    Claim ofu_constant{absl::StrCat("chowdhury.implied_constant.ofu_rl.", env),
                       kPaper,
                       "Thm. 1",
                       absl::StrCat("with probability >= 1 - alpha, OFU-RL's regret is O(H sqrt(K) "
                                    "(sqrt(H) + n(n+d) psi + ln(1/alpha)) + H sqrt(K) (sqrt(lambda)"
                                    " + 0) sqrt(n(n+d) psi)): the implied constant at K (",
                                    env, ")"),
                       experiment_names::kPrivateOfuFig,
                       "implied constant of R_s(K) / (Thm. 1's expression at K, constant 1)",
                       {},
                       true,
                       LqImpliedConstant(env, /*private_agent=*/"")};
    ofu_constant.kind = ClaimKind::kImpliedConstant;
    ofu_constant.regime = "OFU-RL is unclipped: no trivial maximum";
    claims.push_back(ofu_constant);
    Claim ofu{absl::StrCat("chowdhury.ofu_rl_exponent.", env),
              kPaper,
              "Thm. 1 (trend)",
              absl::StrCat("OFU-RL's late exponent in K beside that of Thm. 1's expression's "
                           "largest term over the same window; ",
                           trend, " (", env, ")"),
              experiment_names::kPrivateOfuFig,
              exponent_statistic,
              {Comparison::kAtMost, 0.0, 0.0},
              true,
              RegretExponent(env, /*private_agent=*/"", ExponentAt::kLargestEps)};
    claims.push_back(ofu);
    for (const PrivateAgent& agent : kPrivateAgents) {
      Claim coverage{absl::StrCat("chowdhury.lemma1_coverage.", agent.agent, ".", env),
                     kPaper,
                     "Lemma 1 (Thm. 3 proof)",
                     absl::StrCat(lemma1, "; ", agent.what,
                                  " at each eps, with lambda_min = "
                                  "Lambda, lambda_max = 3 Lambda, nu (Assumption 2 holds with "
                                  "probability >= 1 - alpha by the Thm. 3 proof's union bound): "
                                  "probability 2 alpha (",
                                  env, ")"),
                     experiment_names::kPrivateOfuFig,
                     "seeds with cumulative_coverage_failures > 0 at K, per eps, binomial test "
                     "against 2 alpha (Bonferroni over the eps)",
                     {},
                     false,
                     Lemma1Coverage(env, agent.agent)};
      coverage.kind = ClaimKind::kExplicitBound;
      coverage.why_evidence = absl::StrCat(
          "the private confidence set's coverage of the true system on every seed; more seeds "
          "with Theta* outside C_k than 2 alpha allows would refute Lemma 1 under the privatized "
          "regularizers, or their calibration; ",
          lemma1_premises);
      claims.push_back(coverage);
      Claim constant{absl::StrCat("chowdhury.implied_constant", agent.id_infix, ".", env),
                     kPaper,
                     "Thm. 3",
                     absl::StrCat("with probability >= 1 - alpha, ", agent.what,
                                  "'s regret is Thm. 1's O() with lambda_min = Lambda, "
                                  "lambda_max = 3 Lambda, nu: the implied constant at K, per eps (",
                                  env, ")"),
                     experiment_names::kPrivateOfuFig,
                     "implied constant of R_s(K) / (Thm. 1's expression at K with the group's "
                     "Lambda, nu, constant 1), per eps",
                     {},
                     true,
                     LqImpliedConstant(env, agent.agent)};
      constant.kind = ClaimKind::kImpliedConstant;
      constant.regime =
          "clipped inputs: R_max = K H (||Q|| + ||R|| gamma^2) where no step was clipped";
      claims.push_back(constant);
      for (ExponentAt at : {ExponentAt::kLargestEps, ExponentAt::kSmallestEpsPastOnset}) {
        const bool largest = at == ExponentAt::kLargestEps;
        Claim private_exponent{
            absl::StrCat("chowdhury.private_exponent", largest ? "" : "_small_eps", agent.id_infix,
                         ".", env),
            kPaper,
            "Thm. 3 (trend)",
            absl::StrCat(agent.what,
                         "'s late exponent in K beside that of the largest term of Thm. 1's "
                         "expression with the private lambda_min = Lambda, lambda_max = 3 Lambda, "
                         "nu, at ",
                         largest ? "the largest eps" : "the smallest eps past the onset", "; ",
                         trend, " (", env, ")"),
            experiment_names::kPrivateOfuFig,
            absl::StrCat(exponent_statistic, ", ", agent.agent,
                         largest ? " at its largest eps" : " at its smallest eps past the onset"),
            {Comparison::kAtMost, 0.0, 0.0},
            true,
            RegretExponent(env, agent.agent, at)};
        if (!largest) {
          private_exponent.regime =
              "an eps past the onset (first episode with no A = 0 model in C_k cap S <= K/10 on "
              "every seed)";
        }
        claims.push_back(private_exponent);
      }
      Claim cost{absl::StrCat("chowdhury.privacy_cost_vs_eps", agent.id_infix, ".", env),
                 kPaper,
                 "Thm. 3 (Sec. IV, trend)",
                 absl::StrCat("the slope in eps of ", agent.what,
                              "'s cost of privacy where it dominates, beside the steepest slope "
                              "of Thm. 1's eps-dependent terms (exact rho(eps), the run's Lambda "
                              "and nu); ",
                              trend, " (", env, ")"),
                 experiment_names::kPrivateOfuFig,
                 absl::StrCat("slope in eps of (final regret ", agent.agent,
                              " - OFU-RL) minus the steepest slope of Thm. 1's eps-dependent "
                              "terms, over the eps past the onset where the cost dominates"),
                 {Comparison::kAtLeast, 0.0, 0.0},
                 true,
                 PrivacyCostExponent(env, agent.agent, CostWindow::kDominating)};
      cost.regime =
          "every eps in the fit past the onset (first episode with no A = 0 model in C_k cap S "
          "<= K/10 on every seed: before it the policy is u = 0, saturated) and with cost >= "
          "OFU-RL's regret (dominating); >= 2 such eps";
      claims.push_back(cost);
      Claim decay{absl::StrCat("chowdhury.privacy_cost_decay_vs_eps", agent.id_infix, ".", env),
                  kPaper,
                  "Thm. 3 (tightness)",
                  absl::StrCat("how fast the cost of privacy of ", agent.what,
                               " vanishes at large eps, against the steepest slope of Thm. 1's "
                               "eps-dependent terms (the paper's headline: eps^(-1/2), its "
                               "small-eps form) (",
                               env, ")"),
                  experiment_names::kPrivateOfuFig,
                  absl::StrCat("slope in eps of (final regret ", agent.agent,
                               " - OFU-RL) minus the terms' steepest slope, every eps past the "
                               "onset"),
                  {Comparison::kNear, 0.0, 0.0},
                  true,
                  PrivacyCostExponent(env, agent.agent, CostWindow::kPastOnset)};
      decay.kind = ClaimKind::kObservation;
      decay.regime = "every eps in the fit past the onset; >= 2 such eps";
      claims.push_back(decay);
    }
  }
  return claims;
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/40, ChowdhuryClaims});

}  // namespace
}  // namespace dprl
