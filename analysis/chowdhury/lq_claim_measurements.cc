#include "analysis/chowdhury/lq_claim_measurements.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "analysis/chowdhury/lq_group_readers.h"
#include "analysis/chowdhury/lq_onset.h"
#include "analysis/claims/bound_tests.h"
#include "analysis/claims/group_readers.h"
#include "analysis/claims/statistics.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "envs/lq_system.h"

namespace dprl {
namespace {

// The ofu_rl group of `env`: empty when the file has none (a results file of a grid without that
// system: its claims are undefined, not an error); more than one is an error.
absl::StatusOr<std::optional<std::string>> OfuRlGroup(const Hdf5Reader& reader,
                                                      const std::string& env) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, "ofu_rl"}}));
  if (groups.empty()) return std::nullopt;
  if (groups.size() != 1) {
    return absl::NotFoundError(absl::StrFormat(
        "%s: expected one ofu_rl group of env '%s', found %d", reader.path(), env, groups.size()));
  }
  return groups.front();
}

Measurement NoSystem(const std::string& env) {
  return UndefinedMeasurement(absl::StrCat("no ofu_rl run of ", env, " in the file"));
}

// The terms of Thm. 1 that depend on eps (through lambda_min, lambda_max, nu), at k episodes and
// without the common factor H sqrt(k): n(n+d) psi, sqrt(lambda_max) sqrt(n(n+d) psi),
// nu sqrt(n(n+d) psi), with n(n+d) the number of entries of Theta and
// psi = ln(1 + H k / ((n+d) lambda_min)).
std::array<double, 3> EpsilonTerms(const LqBoundConstants& c, double k) {
  const double nd = c.state_dim * (c.state_dim + c.control_dim);
  const double psi = std::log(1.0 + c.horizon * k / ((c.state_dim + c.control_dim) * c.lambda_min));
  return {nd * psi, std::sqrt(c.lambda_max) * std::sqrt(nd * psi), c.nu * std::sqrt(nd * psi)};
}

// Thm. 1's expression term by term (the header's four terms, constant 1) at K' = k episodes, with
// the run's constants.
std::vector<double> Theorem1Terms(const LqBoundConstants& c, double k) {
  const auto [design, regularizer, noise] = EpsilonTerms(c, k);
  const double common = c.horizon * std::sqrt(k);
  return {common * std::sqrt(c.horizon), common * design,
          common * std::log(1.0 / c.confidence_alpha), common * (regularizer + noise)};
}

// Thm. 1's expression in value at k: the sum of Theorem1Terms (every term's constant 1).
double Theorem1Expression(const LqBoundConstants& c, double k) {
  double sum = 0.0;
  for (double term : Theorem1Terms(c, k)) sum += term;
  return sum;
}

// The largest local exponent in k of Thm. 1's terms over `episodes` (a least-squares fit of each
// term over the same grid points as the data).
absl::StatusOr<double> LargestTermExponent(const LqBoundConstants& c,
                                           const std::vector<double>& episodes) {
  double largest = -INFINITY;
  for (size_t term = 0; term < Theorem1Terms(c, 1.0).size(); ++term) {
    std::vector<double> values;
    for (double k : episodes) values.push_back(Theorem1Terms(c, k)[term]);
    ASSIGN_OR_RETURN(double exponent, StrictLogLogFit(episodes, values));
    largest = std::max(largest, exponent);
  }
  return largest;
}

// The private agent's groups of `env` sorted by eps, keeping those whose onset (the first episode
// with no A = 0 model in C_k cap S) is <= K/10 on every seed; the others go to `skipped`.
absl::StatusOr<std::vector<std::pair<double, std::string>>> PastOnsetGroups(
    const Hdf5Reader& reader, const std::string& env, const std::string& private_agent,
    std::vector<std::string>* skipped, std::string* undefined_reason) {
  ASSIGN_OR_RETURN(
      std::vector<std::string> groups,
      SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, private_agent}}));
  ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
  std::vector<std::pair<double, std::string>> past;
  for (const auto& [privacy_epsilon, group] : sorted) {
    ASSIGN_OR_RETURN(const LqAgentOptions options, ReadLqAgentOptions(reader, group));
    const int64_t episodes = options.privacy.episodes;
    const std::string onset_path = absl::StrCat(group, "/", hdf5_names::kOnsetEpisode);
    if (!reader.HasObject(onset_path)) {
      *undefined_reason = absl::StrCat(
          group, " has no ", hdf5_names::kOnsetEpisode,
          " (results file older than the onset diagnostics): rerun private_ofu_fig");
      return past;
    }
    ASSIGN_OR_RETURN(std::vector<double> onsets, reader.ReadVector(onset_path));
    if (!EverySeedPastOnset(onsets, static_cast<double>(episodes))) {
      skipped->push_back(absl::StrFormat("%g", privacy_epsilon));
      continue;
    }
    past.emplace_back(privacy_epsilon, group);
  }
  return past;
}

// The steepest (most negative) least-squares slope in eps, over `epsilons`, of EpsilonTerms at
// k = K.
absl::StatusOr<double> SteepestTermSlopeInEps(const std::vector<LqBoundConstants>& constants,
                                              const std::vector<double>& epsilons) {
  double steepest = INFINITY;
  for (int term = 0; term < 3; ++term) {
    std::vector<double> values;
    for (const LqBoundConstants& c : constants) values.push_back(EpsilonTerms(c, c.episodes)[term]);
    ASSIGN_OR_RETURN(double slope, StrictLogLogFit(epsilons, values));
    steepest = std::min(steepest, slope);
  }
  return steepest;
}

// The regret of playing u = 0 in every episode, per episode, on `env`: read off a private
// agent's exact cumulative regret at a grid episode before every seed's onset (before it the OFU
// step returns the zero gains exactly, lq_onset.h), where it is the same for every seed. nullopt
// when no private run of `env` has such a grid episode.
absl::StatusOr<std::optional<double>> ZeroControlRegretPerEpisode(const Hdf5Reader& reader,
                                                                  const std::string& env) {
  std::optional<double> per_episode;
  double latest = 0.0;
  for (const PrivateAgent& agent : kPrivateAgents) {
    ASSIGN_OR_RETURN(
        std::vector<std::string> groups,
        SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, agent.agent}}));
    for (const std::string& group : groups) {
      const std::string onset_path = absl::StrCat(group, "/", hdf5_names::kOnsetEpisode);
      if (!reader.HasObject(onset_path)) continue;
      ASSIGN_OR_RETURN(std::vector<double> onsets, reader.ReadVector(onset_path));
      ASSIGN_OR_RETURN(SeedRows grid, ReadSeedRows(reader, group, hdf5_names::kEpisodeGrid));
      ASSIGN_OR_RETURN(SeedRows regret, ReadSeedRows(reader, group, hdf5_names::kCumulativeRegret));
      if (grid.empty() || regret.size() != onsets.size()) continue;
      for (size_t j = 0; j < grid[0].size(); ++j) {
        const double episode = grid[0][j];
        const bool before_every_onset = std::all_of(
            onsets.begin(), onsets.end(), [episode](double o) { return o == 0 || episode < o; });
        if (!before_every_onset || episode <= latest) continue;
        const double first = regret[0][j] / episode;
        const bool same = std::all_of(regret.begin(), regret.end(), [&](const auto& row) {
          return std::abs(row[j] / episode - first) <= 1e-9 * std::abs(first);
        });
        if (!same) continue;
        latest = episode;
        per_episode = first;
      }
    }
  }
  return per_episode;
}

// The largest value the regret of an agent with clipped inputs can take over K episodes: under
// Assumption 1 with ||x|| <= 1 and ||u|| <= gamma in every step (and P_{H+1} = 0) each episode
// costs at most H (||Q|| + ||R|| gamma^2), spectral norms of the named system's Q, R.
absl::StatusOr<double> ClippedRegretMaximum(const std::string& env, const LqBoundConstants& c) {
  const double gamma = c.control_bound;
  ASSIGN_OR_RETURN(const LqSystem system,
                   MakeNamedLqSystem(env, static_cast<int>(c.horizon)));
  const double q = system.q().operatorNorm(), r = system.r().operatorNorm();
  return c.episodes * c.horizon * (q + r * gamma * gamma);
}

}  // namespace

MeasureFunction RegretExponent(const std::string& env, const std::string& private_agent,
                               ExponentAt at) {
  return [env, private_agent, at](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                                  const std::string& id) -> absl::StatusOr<Measurement> {
    std::string group;
    std::string what = "OFU-RL";
    if (!private_agent.empty()) {
      std::vector<std::string> skipped;
      std::string undefined_reason;
      std::vector<std::pair<double, std::string>> candidates;
      if (at == ExponentAt::kLargestEps) {
        ASSIGN_OR_RETURN(
            std::vector<std::string> groups,
            SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, private_agent}}));
        ASSIGN_OR_RETURN(candidates, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
        if (!candidates.empty()) candidates = {candidates.back()};
      } else {
        ASSIGN_OR_RETURN(candidates, PastOnsetGroups(reader, env, private_agent, &skipped,
                                                     &undefined_reason));
        if (!undefined_reason.empty()) return UndefinedMeasurement(undefined_reason);
        if (!candidates.empty()) candidates = {candidates.front()};
      }
      if (candidates.empty()) {
        Measurement out = UndefinedMeasurement(
            absl::StrCat("no ", private_agent, " run of ", env, " in the file",
                         skipped.empty() ? "" : " past the onset (onset <= K/10 on every seed)"));
        if (!skipped.empty()) {
          out.regime_missed = absl::StrCat("no eps past the onset; before it: {",
                                           absl::StrJoin(skipped, ", "), "}");
        }
        return out;
      }
      group = candidates.front().second;
      what = absl::StrFormat("%s at eps = %g", private_agent, candidates.front().first);
    } else {
      ASSIGN_OR_RETURN(std::optional<std::string> ofu, OfuRlGroup(reader, env));
      if (!ofu) return NoSystem(env);
      group = *ofu;
    }
    ASSIGN_OR_RETURN(LqBoundConstants constants, ReadLqBoundConstants(reader, group));
    ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, group));
    ASSIGN_OR_RETURN(double expected, LargestTermExponent(constants, rows.episodes));
    const std::vector<double> episodes = rows.episodes;
    Measurement measurement = BootstrapMeasurement(
        {rows.cumulative},
        ExplainedStatistic([episodes, expected](const std::vector<SeedRows>& g)
                               -> absl::StatusOr<double> {
          ASSIGN_OR_RETURN(double exponent, LateEpisodeExponent(episodes, g[0]));
          return exponent - expected;
        }),
        bootstrap, id,
        absl::StrFormat("late-episode exponent in K of %s over [%g, %g] minus %.4g, the largest "
                        "local exponent of Thm. 1's terms there (lambda_min %.4g, lambda_max "
                        "%.4g, nu %.4g)",
                        what, episodes.front(), episodes.back(), expected, constants.lambda_min,
                        constants.lambda_max, constants.nu));
    if (!measurement.defined) return measurement;
    ASSIGN_OR_RETURN(RegretRows third, ReadRegretRows(reader, group, kTimeWindowFraction));
    absl::StatusOr<double> at_third = LateEpisodeExponent(third.episodes, third.cumulative);
    absl::StatusOr<double> expected_third = LargestTermExponent(constants, third.episodes);
    if (at_third.ok() && expected_third.ok()) {
      measurement.time_systematic = TimeSystematic(measurement.value, *at_third - *expected_third);
    }
    absl::StrAppendFormat(&measurement.detail, "; T-window systematic %.3g (the same difference "
                          "over the decade ending at K = %g)",
                          measurement.time_systematic, third.episodes.back());
    return measurement;
  };
}

MeasureFunction PrivacyCostExponent(const std::string& env, const std::string& private_agent,
                                    CostWindow window) {
  return [env, private_agent, window](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                                      const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::optional<std::string> ofu, OfuRlGroup(reader, env));
    if (!ofu) return NoSystem(env);
    ASSIGN_OR_RETURN(RegretRows reference, ReadRegretRows(reader, *ofu));
    const double reference_final = ColumnMean(reference.cumulative, -1);
    std::vector<std::string> skipped;
    std::string undefined_reason;
    ASSIGN_OR_RETURN(auto past,
                     PastOnsetGroups(reader, env, private_agent, &skipped, &undefined_reason));
    if (!undefined_reason.empty()) return UndefinedMeasurement(undefined_reason);
    std::vector<SeedRows> rows = {reference.cumulative};
    std::vector<double> epsilons;
    std::vector<LqBoundConstants> constants;
    std::vector<std::string> not_dominating;
    for (const auto& [privacy_epsilon, group] : past) {
      ASSIGN_OR_RETURN(RegretRows regret, ReadRegretRows(reader, group));
      const double cost = ColumnMean(regret.cumulative, -1) - reference_final;
      if (window == CostWindow::kDominating && cost < reference_final) {
        not_dominating.push_back(absl::StrFormat("%g (cost %.3g)", privacy_epsilon, cost));
        continue;
      }
      ASSIGN_OR_RETURN(LqBoundConstants c, ReadLqBoundConstants(reader, group));
      rows.push_back(regret.cumulative);
      epsilons.push_back(privacy_epsilon);
      constants.push_back(c);
    }
    std::string regime = absl::StrFormat(
        "eps fitted: {%s}; before the onset (onset > K/10 on some seed): {%s}",
        absl::StrJoin(epsilons, ", ",
                      [](std::string* out, double e) { absl::StrAppendFormat(out, "%g", e); }),
        absl::StrJoin(skipped, ", "));
    if (window == CostWindow::kDominating) {
      absl::StrAppendFormat(&regime, "; cost < OFU-RL's regret %.3g (not dominating): {%s}",
                            reference_final, absl::StrJoin(not_dominating, ", "));
    }
    if (epsilons.size() < 2) {
      Measurement out = UndefinedMeasurement(regime);
      out.regime_missed = absl::StrFormat(
          "%d eps past the onset%s, 2 needed", epsilons.size(),
          window == CostWindow::kDominating ? " where the cost dominates" : "");
      return out;
    }
    ASSIGN_OR_RETURN(double term_slope, SteepestTermSlopeInEps(constants, epsilons));
    // Final-regret costs over OFU-RL (rows[0]) of the mean curves; a cost <= 0 makes the fit
    // undefined (StrictLogLogFit names the point), never silently dropped.
    Measurement measurement = BootstrapMeasurement(
        rows,
        ExplainedStatistic([epsilons, term_slope](
                               const std::vector<SeedRows>& g) -> absl::StatusOr<double> {
          ASSIGN_OR_RETURN(double slope, StrictLogLogFit(epsilons, GapsToFirstGroup(g, -1)));
          return slope - term_slope;
        }),
        bootstrap, id,
        absl::StrFormat("slope of log(final regret %s - OFU-RL) vs log eps minus %.4g, the "
                        "steepest local slope in eps of Thm. 1's eps-dependent terms over the "
                        "same eps (the run's Lambda, nu; exact rho(eps)); %s",
                        private_agent, term_slope, regime));
    if (!measurement.defined) return measurement;
    AddSlopeSystematics(
        epsilons, [&rows](int column) { return GapsToFirstGroup(rows, column); },
        reference.episodes, &measurement);
    MarkFewFitPoints(epsilons.size(), &measurement);
    return measurement;
  };
}

MeasureFunction LqImpliedConstant(const std::string& env, const std::string& private_agent) {
  return [env, private_agent](const Hdf5Reader& reader, const BootstrapOptions&,
                              const std::string&) -> absl::StatusOr<Measurement> {
    std::vector<std::pair<double, std::string>> runs;  // (eps, group); eps 0 for ofu_rl
    if (private_agent.empty()) {
      ASSIGN_OR_RETURN(std::optional<std::string> ofu, OfuRlGroup(reader, env));
      if (!ofu) return NoSystem(env);
      runs.emplace_back(0.0, *ofu);
    } else {
      ASSIGN_OR_RETURN(
          std::vector<std::string> groups,
          SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, private_agent}}));
      ASSIGN_OR_RETURN(runs, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
      if (runs.empty()) {
        return UndefinedMeasurement(absl::StrCat("no ", private_agent, " run of ", env,
                                                 " in the file"));
      }
    }
    ASSIGN_OR_RETURN(std::optional<double> zero_control, ZeroControlRegretPerEpisode(reader, env));
    std::vector<BoundRun> bound_runs;
    for (const auto& [privacy_epsilon, group] : runs) {
      ASSIGN_OR_RETURN(LqBoundConstants c, ReadLqBoundConstants(reader, group));
      ASSIGN_OR_RETURN(RegretRows regret, ReadRegretRows(reader, group));
      BoundRun run;
      run.label = private_agent.empty() ? std::string("OFU-RL")
                                        : absl::StrFormat("eps = %g", privacy_epsilon);
      run.measured = MeasuredAtColumn(regret.cumulative);
      run.expression = Theorem1Expression(c, regret.episodes.back());
      run.failure_probability = c.confidence_alpha;
      if (!private_agent.empty()) {
        ASSIGN_OR_RETURN(run.trivial_maximum, ClippedRegretMaximum(env, c));
        const std::string clipped_path =
            absl::StrCat(group, "/", hdf5_names::kCumulativeClippedSteps);
        if (reader.HasObject(clipped_path)) {
          ASSIGN_OR_RETURN(SeedRows clipped,
                           ReadSeedRows(reader, group, hdf5_names::kCumulativeClippedSteps));
          double steps = 0;
          for (const std::vector<double>& row : clipped) steps += row.back();
          absl::StrAppendFormat(&run.label, " (clipped steps %g)", steps);
        }
      }
      if (zero_control) {
        run.reference_name = "u = 0 over K episodes";
        run.reference = *zero_control * regret.episodes.back();
      }
      bound_runs.push_back(std::move(run));
    }
    return ImpliedConstantMeasurement(
        bound_runs,
        absl::StrFormat("%s on %s, f = Thm. 1's expression at K with the group's lambda_min, "
                        "lambda_max, nu (every term's constant 1)",
                        private_agent.empty() ? "ofu_rl" : private_agent, env));
  };
}

MeasureFunction Lemma1Coverage(const std::string& env, const std::string& agent) {
  return [env, agent](const Hdf5Reader& reader, const BootstrapOptions&,
                      const std::string&) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::vector<std::string> groups,
                     SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, agent}}));
    if (groups.empty()) {
      return UndefinedMeasurement(absl::StrCat("no ", agent, " run of ", env, " in the file"));
    }
    const bool is_private = agent != "ofu_rl";
    std::vector<ViolationCount> counts;
    for (const std::string& group : groups) {
      ASSIGN_OR_RETURN(LqBoundConstants c, ReadLqBoundConstants(reader, group));
      if (!reader.HasObject(absl::StrCat(group, "/", hdf5_names::kCumulativeCoverageFailures))) {
        return UndefinedMeasurement(absl::StrCat(group, " records no ",
                                                 hdf5_names::kCumulativeCoverageFailures));
      }
      ASSIGN_OR_RETURN(SeedRows failures,
                       ReadSeedRows(reader, group, hdf5_names::kCumulativeCoverageFailures));
      ViolationCount count;
      count.label = group;
      count.trials = static_cast<int64_t>(failures.size());
      for (const std::vector<double>& row : failures) count.violations += row.back() > 0 ? 1 : 0;
      count.allowed_probability = (is_private ? 2.0 : 1.0) * c.confidence_alpha;
      counts.push_back(count);
    }
    return ExplicitBoundMeasurement(
        counts, absl::StrFormat("Lemma 1 (Theta* outside C_k(alpha) in some episode k <= K)"));
  };
}

}  // namespace dprl
