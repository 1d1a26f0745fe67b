// Claims of Qiao & Wang 2024 ("Differentially Private Reinforcement Learning with Self-Play",
// NeurIPS). For one player (B = 1), measured on //experiments:dp_nash_vi_fig
// (experiments/qiao_wang/dp_nash_vi_task.h; docs/claims.md, "Qiao & Wang 2024"):
//   Thm. 4.1 and its proof's (49)   Regret(K) <= O~( sqrt(H^2 S A T) + H^3 S^2 A + H^2 S^2 A E )
//   Thm. 5.2 (Central, eps-JDP)     E = O~(H / eps):        O~( sqrt(H^2 S A T) + H^3 S^2 A / eps )
//   Thm. 5.5 (Local, eps-LDP)       E = O~(sqrt(H K) / eps): O~( sqrt(H^2 S A T) + S^2 A sqrt(H^5
//   T) / eps )
// (T = K H). All are O~() with unstated constants: no finite run refutes them.
// * implied_constant (per privatizer and environment; the theorem's runs: the stated-eps
//   calibration with the constants of the proof, C1 = 3 and C2 = 10): per eps, R_s(K) / f with
//   f = sqrt(H^2 S A T) iota + H^3 S^2 A iota^2 + H^2 S^2 A E iota, the run's E
//   (error_bound) and iota = ln(30 H S A K / beta) as the algorithm evaluates it (constant 1),
//   failure probability beta, trivial maximum H K.
// Observations of the shapes, on the variants with C1, C2 x scaled_constants (outside Thm. 4.1:
// with the proof's constants the bounds stay at the cap H for the whole run at these K, so no
// privacy cost is visible), each against the scaled non-private Nash-VI:
// * jdp_cost_vs_eps: the exponent in eps of the central form's final privacy cost over the eps of
//   the window, beside the -1 of H^3 S^2 A / eps;
// * ldp_cost_vs_eps: the same for the local form, beside the -1 of S^2 A sqrt(H^5 T) / eps;
// * ldp_cost_vs_k: the late exponent in k of the local form's privacy cost (its cumulative
//   regret minus the reference's on the grid episodes in [K/10, K]) at the smallest eps in the
//   window at every one of those episodes, beside the 1/2 of sqrt(T).
// * bracket (explicit bound, decided; for one player and for the games): Lemma B.7's (24) at h = 1
//   over every episode, V-bar_1 >= V*_1 >= V^{pi_k}_1 >= V-under_1 at every initial state (games:
//   V-bar_1 >= V^{+,nu_k} >= V^{mu_k,+} >= V-under_1 at s_1), on the groups with the proof's
//   constants: per eps the seeds with a violating episode against the 2 beta / 3 of the events
//   of Assumption 3.1 and Lemma B.4.
// The window (WindowExclusion): a run whose late exponent over [K/10, K] is below 0.8 (out of
// its burn-in) and whose seed-paired cost is above 3 standard errors.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "analysis/claims/bound_tests.h"
#include "analysis/claims/group_readers.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/qiao_wang/dp_nash_vi_game_task_names.h"
#include "experiments/qiao_wang/dp_nash_vi_task_names.h"
#include "schema/attribute_fields.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

namespace names = hdf5_names;

constexpr char kPaper[] = "Qiao & Wang 2024";
// C1 of Thm. 4.1's proof (dp_nash_vi_options.h): a group with another gap_constant is a scaled
// variant.
constexpr double kDerivedGapConstant = 3.0;
const char* const kEnvs[] = {"riverswim", "random_mdp"};
const char* const kGames[] = {"matching_pennies", "random_game"};

struct RunRecord {
  double num_states = 0, num_actions = 0, horizon = 0, num_episodes = 0;
  double failure_probability = 0, privacy_epsilon = 0, error_bound = 0;
};

// A game's cells are (S, A B, H): its record's num_actions is A B.
absl::StatusOr<RunRecord> ReadRunRecord(const Hdf5Reader& reader, const std::string& group,
                                        bool game) {
  TabularShape shape;
  if (game) {
    ASSIGN_OR_RETURN(const MarkovGameShape game_shape,
                     reader.ReadRecord(group, MarkovGameShapeBinding()));
    shape =
        TabularShape{game_shape.num_states, game_shape.num_max_actions * game_shape.num_min_actions,
                     game_shape.horizon};
  } else {
    ASSIGN_OR_RETURN(shape, reader.ReadRecord(group, TabularShapeBinding()));
  }
  ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                   reader.ReadRecord(group, TabularRegretSettingsBinding()));
  ASSIGN_OR_RETURN(const TabularAgentParameters agent,
                   reader.ReadRecord(group, TabularAgentParametersBinding()));
  // E: the registered nash_vi reference of dp_nash_vi_fig records none (no Privatizer: E = 0).
  ASSIGN_OR_RETURN(const std::optional<PucbGuarantee> guarantee,
                   reader.ReadOptionalRecord(group, PucbGuaranteeBinding()));
  if (!(agent.failure_probability > 0.0)) {
    return RecordsNo(reader, group, absl::StrCat(names::kFailureProbability, " > 0"));
  }
  RunRecord record;
  record.num_states = shape.num_states;
  record.num_actions = shape.num_actions;
  record.horizon = shape.horizon;
  record.num_episodes = static_cast<double>(settings.num_episodes);
  record.failure_probability = agent.failure_probability;
  record.privacy_epsilon = agent.privacy_epsilon;
  if (!guarantee.has_value() && reader.HasAttribute(group, names::kPrivacyEpsilon)) {
    return RecordsNo(reader, group, names::kErrorBound);
  }
  record.error_bound = guarantee.has_value() ? guarantee->error_bound : 0.0;
  return record;
}

// Shape's expression as the rows print it ("A" -> "AB" for a game).
std::string ShapeText(bool game) {
  const std::string ab = game ? "AB" : "A";
  return absl::StrCat("sqrt(H^2S", ab, "T) iota + H^3S^2", ab, " iota^2 + H^2S^2", ab, " E iota");
}

// (49) with constant 1 (header).
double Shape(const RunRecord& r) {
  const double s = r.num_states, a = r.num_actions, h = r.horizon, k = r.num_episodes;
  const double iota = std::log(30.0 * h * s * a * k / r.failure_probability);
  return std::sqrt(h * h * s * a * k * h) * iota + h * h * h * s * s * a * iota * iota +
         h * h * s * s * a * r.error_bound * iota;
}

struct Privatizer {
  std::string key;    // in claim ids
  std::string agent;  // the `agent` attribute
  std::string name;   // in statements
  std::string theorem;
  std::string bound;       // with B = 1
  std::string game_bound;  // with two players
};

const std::vector<Privatizer>& Privatizers() {
  static const auto* privatizers = new std::vector<Privatizer>{
      {"jdp", "dp_nash_vi_jdp", "DP-Nash-VI (Central Privatizer, eps-JDP)", "Thm. 5.2",
       "sqrt(H^2SAT) + H^3S^2A/eps", "sqrt(H^2SABT) + H^3S^2AB/eps"},
      {"ldp", "dp_nash_vi_ldp", "DP-Nash-VI (Local Privatizer, eps-LDP)", "Thm. 5.5",
       "sqrt(H^2SAT) + S^2A sqrt(H^5T)/eps", "sqrt(H^2SABT) + S^2AB sqrt(H^5T)/eps"},
  };
  return *privatizers;
}

// The groups of `agent` on `env` at the stated-eps calibration whose gap_constant is (scaled =
// false) or is not (scaled = true) the proof's, by ascending eps (nash_vi: eps 0).
absl::StatusOr<std::vector<std::string>> Groups(const Hdf5Reader& reader, const std::string& env,
                                                const std::string& agent, bool scaled) {
  AttributeFilter filter = {{names::kEnv, env}, {names::kAgent, agent}};
  if (agent != "nash_vi") {
    filter.push_back({attribute_fields::kNoiseCalibration.name, "stated_epsilon"});
  }
  ASSIGN_OR_RETURN(std::vector<std::string> all, SelectGroups(reader, filter));
  std::vector<std::string> groups;
  for (const std::string& group : all) {
    ASSIGN_OR_RETURN(const std::optional<double> gap,
                     OptionalNumber(reader, group, attribute_fields::kGapConstant.name));
    if (!gap.has_value()) {
      return RecordsNo(reader, group, attribute_fields::kGapConstant.name);
    }
    if ((*gap != kDerivedGapConstant) == scaled) groups.push_back(group);
  }
  if (agent == "nash_vi") return groups;
  ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, names::kPrivacyEpsilon));
  groups.clear();
  for (const auto& [eps, group] : sorted) groups.push_back(group);
  return groups;
}

absl::StatusOr<std::string> ScaledReference(const Hdf5Reader& reader, const std::string& env) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, Groups(reader, env, "nash_vi", true));
  if (groups.size() != 1) {
    return absl::NotFoundError(
        absl::StrFormat("expected one scaled nash_vi group on %s, found %d", env, groups.size()));
  }
  return groups.front();
}

MeasureFunction ImpliedConstant(const std::string& env, const Privatizer& p, bool game) {
  return [env, p, game](const Hdf5Reader& reader, const BootstrapOptions&,
                        const std::string&) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::vector<std::string> groups, Groups(reader, env, p.agent, false));
    if (groups.empty()) {
      return absl::NotFoundError(absl::StrCat(reader.path(), ": no ", p.agent, " group on ", env,
                                              " with the proof's constants"));
    }
    std::vector<BoundRun> runs;
    for (const std::string& group : groups) {
      ASSIGN_OR_RETURN(const RunRecord record, ReadRunRecord(reader, group, game));
      ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, group));
      BoundRun run;
      run.label = absl::StrFormat("eps = %g (E = %g)", record.privacy_epsilon, record.error_bound);
      run.measured = MeasuredAtColumn(rows.cumulative);
      run.expression = Shape(record);
      run.failure_probability = record.failure_probability;
      run.trivial_maximum = record.horizon * record.num_episodes;
      runs.push_back(std::move(run));
    }
    return ImpliedConstantMeasurement(
        runs, absl::StrCat(p.name, " on ", env, ", f = ", ShapeText(game), " at K"));
  };
}

// The window of the shape rows (docs/claims_preregistration.md, post-hoc corrections): a scaled
// private run is read only where its privacy cost is the bound's privacy term, not its burn-in
// and not noise. Left out: a run whose mean cumulative regret grows nearly linearly over
// [K/10, K] (late exponent >= kLinearExponent: in or just out of its burn-in, the bonuses at the
// cap H for much of the window; the scaled reference's late exponent is 0.1-0.25 on both
// instances), and a cost not above kCostStandardErrors standard errors of its seed-paired mean.
constexpr double kLinearExponent = 0.8;
constexpr double kCostStandardErrors = 3.0;

// Mean and standard error of the seed-paired differences row_s[column] - reference_s[column].
struct PairedCost {
  double mean = 0, standard_error = 0;
};
PairedCost PairedCostAt(const SeedRows& rows, const SeedRows& reference, size_t column) {
  const size_t n = rows.size();
  double sum = 0, sum_squares = 0;
  for (size_t s = 0; s < n; ++s) {
    const double d = rows[s][column] - reference[s][column];
    sum += d;
    sum_squares += d * d;
  }
  PairedCost cost;
  cost.mean = sum / n;
  const double variance =
      n > 1 ? std::max(0.0, (sum_squares - n * cost.mean * cost.mean) / (n - 1)) : 0.0;
  cost.standard_error = std::sqrt(variance / n);
  return cost;
}

// Why the window leaves out `group`'s `rows` (paired by seed with `reference`'s; `columns` the
// columns whose cost must be visible), or "" when it is in. Error: other grid episodes.
absl::StatusOr<std::string> WindowExclusion(const Hdf5Reader& reader, const std::string& group,
                                            const RegretRows& rows, const std::string& reference,
                                            const RegretRows& reference_rows,
                                            const std::vector<size_t>& columns) {
  if (rows.episodes != reference_rows.episodes) {
    return absl::InvalidArgumentError(
        absl::StrCat(reader.path(), ": ", group, " and ", reference, " differ in episodes"));
  }
  if (rows.cumulative.size() != reference_rows.cumulative.size()) {
    return std::string("seed counts differ from the reference's");
  }
  ASSIGN_OR_RETURN(const double exponent, LateEpisodeExponent(rows.episodes, rows.cumulative));
  if (exponent >= kLinearExponent) {
    return absl::StrFormat("late exponent %.3f >= %g (near-linear: burn-in)", exponent,
                           kLinearExponent);
  }
  for (const size_t column : columns) {
    const PairedCost cost = PairedCostAt(rows.cumulative, reference_rows.cumulative, column);
    // mean > 3 se >= 0 (a NaN fails too).
    if (!(cost.mean > kCostStandardErrors * cost.standard_error)) {
      return absl::StrFormat("cost %.4g at k = %g not above %g standard errors (%.3g)", cost.mean,
                             rows.episodes[column], kCostStandardErrors, cost.standard_error);
    }
  }
  return std::string();
}

// Exponent in eps of the final privacy cost of the scaled `p` over the window's eps.
MeasureFunction CostVsEpsilon(const std::string& env, const Privatizer& p) {
  return [env, p](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                  const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(const std::string reference, ScaledReference(reader, env));
    ASSIGN_OR_RETURN(std::vector<std::string> groups, Groups(reader, env, p.agent, true));
    ASSIGN_OR_RETURN(RegretRows reference_rows, ReadRegretRows(reader, reference));
    const double reference_final = ColumnMean(reference_rows.cumulative, -1);
    std::vector<SeedRows> rows = {reference_rows.cumulative};
    std::vector<double> epsilons;
    std::vector<std::string> missed;
    for (const std::string& group : groups) {
      ASSIGN_OR_RETURN(const RunRecord record, ReadRunRecord(reader, group, false));
      ASSIGN_OR_RETURN(RegretRows group_rows, ReadRegretRows(reader, group));
      ASSIGN_OR_RETURN(const std::string exclusion,
                       WindowExclusion(reader, group, group_rows, reference, reference_rows,
                                       {group_rows.episodes.size() - 1}));
      if (!exclusion.empty()) {
        missed.push_back(absl::StrFormat("eps = %g: %s", record.privacy_epsilon, exclusion));
        continue;
      }
      epsilons.push_back(record.privacy_epsilon);
      rows.push_back(group_rows.cumulative);
    }
    const std::string detail =
        absl::StrFormat("cost = final regret - %s's (%.4g) at eps {%s}%s%s", reference,
                        reference_final, absl::StrJoin(epsilons, ", "),
                        missed.empty() ? "" : "; left out: ", absl::StrJoin(missed, "; "));
    if (epsilons.size() < 2) {
      return UndefinedMeasurement(absl::StrCat(detail, ": fewer than 2 eps in the window"));
    }
    auto slope = [epsilons](const std::vector<SeedRows>& g) -> absl::StatusOr<double> {
      return StrictLogLogFit(epsilons, GapsToFirstGroup(g, -1));
    };
    Measurement m = BootstrapMeasurement(rows, slope, bootstrap, id, detail);
    AddSlopeSystematics(
        epsilons, [&rows](int column) { return GapsToFirstGroup(rows, column); },
        reference_rows.episodes, &m);
    MarkFewFitPoints(epsilons.size(), &m);
    return m;
  };
}

// Late exponent in k of the scaled local form's privacy cost at the smallest eps in the window
// at every grid episode of [K/10, K].
MeasureFunction LocalCostVsEpisodes(const std::string& env) {
  return [env](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(const std::string reference, ScaledReference(reader, env));
    ASSIGN_OR_RETURN(std::vector<std::string> groups, Groups(reader, env, "dp_nash_vi_ldp", true));
    ASSIGN_OR_RETURN(RegretRows reference_rows, ReadRegretRows(reader, reference));
    const std::vector<double> reference_means = ColumnMeans(reference_rows.cumulative);
    std::vector<size_t> columns(reference_rows.episodes.size());
    for (size_t j = 0; j < columns.size(); ++j) columns[j] = j;
    std::vector<std::string> missed;
    for (const std::string& group : groups) {
      ASSIGN_OR_RETURN(const RunRecord record, ReadRunRecord(reader, group, false));
      ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, group));
      ASSIGN_OR_RETURN(const std::string exclusion,
                       WindowExclusion(reader, group, rows, reference, reference_rows, columns));
      if (!exclusion.empty()) {
        missed.push_back(absl::StrFormat("eps = %g: %s", record.privacy_epsilon, exclusion));
        continue;
      }
      const std::vector<double> means = ColumnMeans(rows.cumulative);
      const std::vector<double> episodes = rows.episodes;
      auto cost_exponent = [episodes](const std::vector<SeedRows>& g) -> absl::StatusOr<double> {
        const std::vector<double> private_means = ColumnMeans(g[1]);
        const std::vector<double> reference = ColumnMeans(g[0]);
        std::vector<double> cost;
        for (size_t j = 0; j < private_means.size(); ++j) {
          cost.push_back(private_means[j] - reference[j]);
        }
        return StrictLogLogFit(episodes, cost);
      };
      std::vector<double> cost;
      for (size_t j = 0; j < means.size(); ++j) cost.push_back(means[j] - reference_means[j]);
      Measurement m = BootstrapMeasurement(
          {reference_rows.cumulative, rows.cumulative}, cost_exponent, bootstrap, id,
          absl::StrFormat("%s minus %s over k in [%g, %g] (%d grid points), eps = %g, E = %g%s%s",
                          group, reference, episodes.front(), episodes.back(), episodes.size(),
                          record.privacy_epsilon, record.error_bound,
                          missed.empty() ? "" : "; left out: ", absl::StrJoin(missed, "; ")));
      m.systematic = FitWindowSystematic(episodes, cost, StrictLogLogFit);
      absl::StrAppendFormat(&m.detail, "; window systematic %.3f", m.systematic);
      return m;
    }
    return UndefinedMeasurement(
        absl::StrCat("no scaled dp_nash_vi_ldp group on ", env, " in the window over [K/10, K]",
                     missed.empty() ? "" : ": ", absl::StrJoin(missed, "; ")));
  };
}

// Lemma B.7's bracket (24) at h = 1 over every episode, on `where` (a game's s_1, or an
// environment's initial states): per eps, the seeds with bracket_violation_episodes > 0 against
// 2 beta / 3 (the events of Assumption 3.1 and Lemma B.4).
MeasureFunction Bracket(const std::string& where, const std::string& agent, bool game) {
  return [where, agent, game](const Hdf5Reader& reader, const BootstrapOptions&,
                              const std::string&) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::vector<std::string> groups, Groups(reader, where, agent, false));
    if (groups.empty()) {
      return absl::NotFoundError(absl::StrCat(reader.path(), ": no ", agent, " group on ", where,
                                              " with the proof's constants"));
    }
    std::vector<ViolationCount> counts;
    for (const std::string& group : groups) {
      ASSIGN_OR_RETURN(const RunRecord record, ReadRunRecord(reader, group, game));
      ASSIGN_OR_RETURN(const SeedRows violations,
                       ReadSeedRows(reader, group, names::kBracketViolationEpisodes));
      ViolationCount count;
      count.label = agent == "nash_vi"
                        ? group
                        : absl::StrFormat("%s at eps = %g (E = %g)", agent, record.privacy_epsilon,
                                          record.error_bound);
      for (const std::vector<double>& seed : violations) count.violations += seed[0] > 0 ? 1 : 0;
      count.trials = static_cast<int64_t>(violations.size());
      count.allowed_probability = 2.0 * record.failure_probability / 3.0;
      counts.push_back(std::move(count));
    }
    return ExplicitBoundMeasurement(
        counts, absl::StrCat("the bracket [V-under, V-bar] at ", game ? "s_1" : "an initial state",
                             " in some episode, ", agent, " on ", where));
  };
}

// The bracket row of `agent` on `where` (a game of dp_nash_vi_game_fig, or an environment of
// dp_nash_vi_fig, where B = 1: V^{dagger, nu} = V* and V^{mu, dagger} = V^{pi_k}).
Claim BracketClaim(const std::string& agent, const std::string& where, bool game) {
  Claim bracket{
      absl::StrCat("qiao_wang.", game ? "game." : "", "bracket.", agent, ".", where),
      kPaper,
      absl::StrCat("Lemma B.7 (24)", game ? "" : ", B = 1"),
      absl::StrCat("on the events of Assumption 3.1 and Lemma B.4 (probability >= 1 - 2 "
                   "beta / 3), for every episode k: ",
                   game ? "V-bar_1(s_1) >= V^{+,nu_k}(s_1) >= V^{mu_k,+}(s_1) >= V-under_1(s_1)"
                        : "V-bar_1(s) >= V*_1(s) >= V^{pi_k}_1(s) >= V-under_1(s) at every "
                          "initial state s",
                   "; ", agent, " at the stated eps with C1 = 3, C2 = 10 (", where, ")"),
      game ? experiment_names::kDpNashViGameFig : experiment_names::kDpNashViFig,
      "seeds with bracket_violation_episodes > 0 at K, binomial test against 2 beta / 3 "
      "per eps (Bonferroni)",
      {},
      false,
      Bracket(where, agent, game)};
  bracket.kind = ClaimKind::kExplicitBound;
  bracket.why_evidence = absl::StrCat(
      "every episode's exact ",
      game ? "best responses to the plan's marginals" : "optimal values and values of pi_k",
      " against the agent's own upper and lower values at ", game ? "s_1" : "the initial states",
      "; more seeds with an episode outside the bracket than 2 beta / 3 allows would refute "
      "Lemma B.7 with C1 = 3, C2 = 10 (and the lemmas its proof imports) as implemented");
  return bracket;
}

constexpr const char* kBracketAgents[] = {"dp_nash_vi_jdp", "dp_nash_vi_ldp", "nash_vi"};

// The implied-constant row of `p` on `where` (an environment of dp_nash_vi_fig, or a game of
// dp_nash_vi_game_fig: A -> A B).
Claim ImpliedConstantClaim(const Privatizer& p, const std::string& where, bool game) {
  const std::string ab = game ? "AB" : "A";
  Claim claim{
      absl::StrCat("qiao_wang.", game ? "game." : "", "implied_constant.", p.key, ".", where),
      kPaper,
      absl::StrCat(p.theorem, ", Thm. 4.1 and (49)", game ? "" : ", B = 1"),
      absl::StrCat("with probability >= 1 - beta, ", game ? "the self-play regret of " : "", p.name,
                   game ? "" : "'s regret", " is O~(", game ? p.game_bound : p.bound,
                   "); by Thm. 4.1's (49) O~(sqrt(H^2S", ab, "T) + H^3S^2", ab, " + H^2S^2", ab,
                   " E): the implied constant of the latter with iota evaluated and the run's E, "
                   "at K, per eps, the proof's C1 = 3, C2 = 10 (",
                   where, ")"),
      game ? experiment_names::kDpNashViGameFig : experiment_names::kDpNashViFig,
      absl::StrCat("implied constant of R_s(K) / (", ShapeText(game), "), iota = ln(30HS", ab,
                   "K/beta)"),
      {},
      true,
      ImpliedConstant(where, p, game)};
  claim.kind = ClaimKind::kImpliedConstant;
  claim.regime = "any (a regret is at most H K)";
  return claim;
}

std::vector<Claim> QiaoWangClaims() {
  std::vector<Claim> claims;
  for (const char* env : kEnvs) {
    for (const Privatizer& p : Privatizers()) {
      claims.push_back(ImpliedConstantClaim(p, env, /*game=*/false));
      Claim cost{
          absl::StrCat("qiao_wang.", p.key, "_cost_vs_eps.", env),
          kPaper,
          absl::StrCat(p.theorem, " (shape)"),
          absl::StrCat("the slope in eps of the privacy cost of ", p.name,
                       " with C1, C2 x scaled_constants (outside Thm. 4.1), beside the "
                       "slope -1 of the bound's privacy term: an observation of the "
                       "shape, not of the theorem (",
                       env, ")"),
          experiment_names::kDpNashViFig,
          "exponent in eps of (final regret - scaled Nash-VI's) over the eps whose run is "
          "out of its burn-in over [K/10, K] (late exponent < 0.8) and whose cost is above 3 "
          "standard errors",
          {Comparison::kNear, -1.0, 0.0},
          true,
          CostVsEpsilon(env, p)};
      cost.kind = ClaimKind::kObservation;
      claims.push_back(cost);
    }
    Claim growth{
        absl::StrCat("qiao_wang.ldp_cost_vs_k.", env),
        kPaper,
        "Thm. 5.5 (shape)",
        absl::StrCat("the late exponent in k of the local form's privacy cost with C1, "
                     "C2 x scaled_constants (outside Thm. 4.1), beside the 1/2 of "
                     "S^2A sqrt(H^5T)/eps: an observation of the shape (",
                     env, ")"),
        experiment_names::kDpNashViFig,
        "late exponent of (mean cumulative regret - scaled Nash-VI's) over the grid "
        "episodes in [K/10, K], at the smallest eps whose run is out of its burn-in there (late "
        "exponent < 0.8) and whose cost is above 3 standard errors at each of them",
        {Comparison::kNear, 0.5, 0.0},
        true,
        LocalCostVsEpisodes(env)};
    growth.kind = ClaimKind::kObservation;
    claims.push_back(growth);
    for (const char* agent : kBracketAgents) claims.push_back(BracketClaim(agent, env, false));
  }
  for (const char* game : kGames) {
    for (const Privatizer& p : Privatizers()) {
      claims.push_back(ImpliedConstantClaim(p, game, /*game=*/true));
    }
    for (const char* agent : kBracketAgents) claims.push_back(BracketClaim(agent, game, true));
  }
  return claims;
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/60, QiaoWangClaims});

}  // namespace
}  // namespace dprl
