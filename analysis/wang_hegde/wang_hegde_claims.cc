// Claims of Wang & Hegde 2019, "Privacy-preserving Q-Learning with Functional Noise in
// Continuous Spaces" (Thm. 5, App. E.3, Sec. 4, Figs. 1-2), measured on
// //experiments:wang_hegde_fig1 and wang_hegde_fig2 (docs/hdf5_schema.md). Returns are the
// per-seed mean of the last 10 training episodes (dataset last10_mean_return).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/accounting/functional_noise_calibration.h"
#include "analysis/claims/group_readers.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/wang_hegde/wang_hegde_task_names.h"
#include "schema/wang_hegde_records.h"

namespace dprl {
namespace {

// The experiments whose results files these claims read.

constexpr char kPaper[] = "Wang & Hegde 2019";
// Relative margins the paper leaves unstated ("limited sub-optimality", "similar performance").
constexpr double kNearNonPrivateMargin = 0.1;
constexpr double kSimilarMargin = 0.2;

absl::StatusOr<SeedRows> Returns(const Hdf5Reader& reader, const std::string& group) {
  if (!reader.HasObject(group)) {
    return absl::NotFoundError(
        absl::StrCat(reader.path(), ": group '", group, "' is missing"));
  }
  return ReadSeedRows(reader, group, hdf5_names::kLast10MeanReturn);
}

// Sigma of Theorem 5 with the corrected delta_g (group eps=<e>-functional-theorem5; its
// attribute calibration names the alpha, B, T it was computed from).
MeasureFunction Theorem5Sigma(const std::string& privacy_epsilon) {
  return [privacy_epsilon](const Hdf5Reader& reader, const BootstrapOptions&,
                           const std::string&) -> absl::StatusOr<Measurement> {
    const std::string group = absl::StrCat("eps=", privacy_epsilon, "-functional-theorem5");
    if (!reader.HasObject(group)) {
      return absl::NotFoundError(
          absl::StrCat(reader.path(), ": group '", group, "' is missing"));
    }
    ASSIGN_OR_RETURN(const QLearningNoiseRecord noise,
                     reader.ReadRecord(group, QLearningNoiseBinding()));
    const double sigma = noise.noise_stddev;
    if (!(sigma > 0)) {
      return RecordsNo(reader, group, hdf5_names::kNoiseStddev);
    }
    return ExactMeasurement(
        sigma, absl::StrCat("Thm. 5's sigma, corrected delta_g (", group,
                            "; its attribute calibration names the alpha, B, T used)"));
  };
}

// Functional-noise groups of fig1 with J = `resets` (0 = the largest J), sorted by sigma.
absl::StatusOr<std::vector<std::pair<double, std::string>>> SigmaGroups(const Hdf5Reader& reader,
                                                                        int64_t resets) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kAgent, "functional_noise"}}));
  std::vector<int64_t> group_resets;
  for (const std::string& group : groups) {
    ASSIGN_OR_RETURN(const QLearningNoiseRecord noise,
                     reader.ReadRecord(group, QLearningNoiseBinding()));
    if (noise.num_resets < 1) {
      return RecordsNo(reader, group, hdf5_names::kNumResets);
    }
    group_resets.push_back(noise.num_resets);
  }
  int64_t wanted = resets;
  if (wanted == 0) {
    for (int64_t j : group_resets) wanted = std::max(wanted, j);
  }
  std::vector<std::string> selected;
  for (size_t i = 0; i < groups.size(); ++i) {
    if (group_resets[i] == wanted) selected.push_back(groups[i]);
  }
  return SortByNumber(reader, selected, hdf5_names::kNoiseStddev);
}

// Least-squares slope of the mean return against sigma.
MeasureFunction ReturnSlopeInSigma(int64_t resets) {
  return [resets](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                  const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(auto sorted, SigmaGroups(reader, resets));
    std::vector<double> sigmas;
    std::vector<SeedRows> rows;
    for (const auto& [sigma, group] : sorted) {
      ASSIGN_OR_RETURN(SeedRows returns, Returns(reader, group));
      sigmas.push_back(sigma);
      rows.push_back(std::move(returns));
    }
    return BootstrapMeasurement(
        rows,
        [sigmas](const std::vector<SeedRows>& g) -> std::optional<double> {
          if (g.size() < 2) return std::nullopt;
          double mean_x = 0, mean_y = 0;
          std::vector<double> y;
          for (size_t i = 0; i < g.size(); ++i) {
            y.push_back(ColumnMean(g[i], 0));
            mean_x += sigmas[i] / g.size();
            mean_y += y.back() / g.size();
          }
          double sxy = 0, sxx = 0;
          for (size_t i = 0; i < g.size(); ++i) {
            sxy += (sigmas[i] - mean_x) * (y[i] - mean_y);
            sxx += (sigmas[i] - mean_x) * (sigmas[i] - mean_x);
          }
          if (sxx <= 0) return std::nullopt;
          return sxy / sxx;
        },
        bootstrap, id,
        absl::StrFormat("least-squares slope of last-10 return vs sigma over %d sigmas",
                        sigmas.size()));
  };
}

// J = T/B: min over sigma in (0, 0.4) of return(sigma) / return(0).
absl::StatusOr<Measurement> SmallSigmaNearNonPrivate(const Hdf5Reader& reader,
                                                     const BootstrapOptions& bootstrap,
                                                     const std::string& id) {
  ASSIGN_OR_RETURN(auto sorted, SigmaGroups(reader, 0));
  std::vector<SeedRows> rows;  // [0] = sigma 0, then 0 < sigma < 0.4
  std::vector<double> sigmas;
  for (const auto& [sigma, group] : sorted) {
    if (!(sigma == 0 || (sigma > 0 && sigma < 0.4))) continue;
    if (sigma == 0 && !rows.empty()) continue;
    ASSIGN_OR_RETURN(SeedRows returns, Returns(reader, group));
    rows.push_back(std::move(returns));
    sigmas.push_back(sigma);
  }
  if (sigmas.empty() || sigmas[0] != 0) {
    return UndefinedMeasurement("no sigma = 0 run at J = T/B");
  }
  return BootstrapMeasurement(
      rows,
      [](const std::vector<SeedRows>& g) -> std::optional<double> {
        if (g.size() < 2) return std::nullopt;
        const double reference = ColumnMean(g[0], 0);
        if (reference <= 0) return std::nullopt;
        double ratio = std::numeric_limits<double>::infinity();
        for (size_t i = 1; i < g.size(); ++i)
          ratio = std::min(ratio, ColumnMean(g[i], 0) / reference);
        return ratio;
      },
      bootstrap, id,
      absl::StrFormat("J = T/B: min over %d sigma in (0, 0.4) of return(sigma) / return(0)",
                      sigmas.size() - 1));
}

// eps = 0.45: return(functional noise, paper sigma) - max(input perturbation, DP-SGD), the
// difference of means (paired bootstrap over seeds). Premise, stated in the claim: the
// functional-noise curve runs at the paper's sigma = 0.74 with beta = 1, which carries no
// (0.45, 1e-4) guarantee (Theorem 5 with the corrected delta_g needs sigma ~ 89 at App. E.3's
// parameters, and even then does not cover Algorithm 1's output: docs/privacy_audit.md), while
// the baselines are calibrated to it; so the row reproduces the paper's comparison as run, at
// unmatched guarantees, as bgp16_similar does.
absl::StatusOr<Measurement> BeatsBaselines(const Hdf5Reader& reader,
                                           const BootstrapOptions& bootstrap,
                                           const std::string& id) {
  std::vector<SeedRows> rows;
  for (const char* method : {"functional-paper-sigma", "input-perturbation", "dp-sgd"}) {
    ASSIGN_OR_RETURN(SeedRows returns, Returns(reader, absl::StrCat("eps=0.45-", method)));
    rows.push_back(std::move(returns));
  }
  return BootstrapMeasurement(
      rows,
      [](const std::vector<SeedRows>& g) -> std::optional<double> {
        return ColumnMean(g[0], 0) - std::max(ColumnMean(g[1], 0), ColumnMean(g[2], 0));
      },
      bootstrap, id,
      "eps = 0.45: mean return of functional noise at the paper's sigma (no guarantee at this "
      "eps) minus the larger of input perturbation's and DP-SGD's (calibrated to (0.45, 1e-4))");
}

// max over eps of |return(output perturbation) - return(functional)| / return(functional).
absl::StatusOr<Measurement> Bgp16Similar(const Hdf5Reader& reader,
                                         const BootstrapOptions& bootstrap, const std::string& id) {
  std::vector<SeedRows> rows;
  for (const char* eps : {"0.9", "0.45"}) {
    for (const char* method : {"functional-paper-sigma", "output-perturbation"}) {
      ASSIGN_OR_RETURN(SeedRows returns, Returns(reader, absl::StrCat("eps=", eps, "-", method)));
      rows.push_back(std::move(returns));
    }
  }
  return BootstrapMeasurement(
      rows,
      [](const std::vector<SeedRows>& g) -> std::optional<double> {
        double worst = 0;
        for (size_t i = 0; i + 1 < g.size(); i += 2) {
          const double functional = ColumnMean(g[i], 0);
          if (functional <= 0) return std::nullopt;
          worst = std::max(worst, std::abs(ColumnMean(g[i + 1], 0) - functional) / functional);
        }
        return worst;
      },
      bootstrap, id,
      "max over eps in {0.9, 0.45} of |return BGP16-style - return functional| / return "
      "functional");
}

std::vector<Claim> WangHegdeClaims() {
  std::vector<Claim> claims = {
      {"wang_hegde.sigma_eps_0.9",
       kPaper,
       "App. E.3 / Thm. 5",
       absl::StrFormat("sigma = %g makes Algorithm 1 (0.9, 1e-4)-DP with App. E.3's parameters",
                       AppendixE3ReportedSigma(0.9)),
       experiment_names::kWangHegdeFig2,
       "Thm. 5's sigma at (0.9, 1e-4), App. E.3's parameters",
       {Comparison::kNear, AppendixE3ReportedSigma(0.9), 0.005},
       false,
       Theorem5Sigma("0.9")},
      {"wang_hegde.sigma_eps_0.45",
       kPaper,
       "App. E.3 / Thm. 5",
       absl::StrFormat("sigma = %g makes Algorithm 1 (0.45, 1e-4)-DP with App. E.3's parameters",
                       AppendixE3ReportedSigma(0.45)),
       experiment_names::kWangHegdeFig2,
       "Thm. 5's sigma at (0.45, 1e-4), App. E.3's parameters",
       {Comparison::kNear, AppendixE3ReportedSigma(0.45), 0.005},
       false,
       Theorem5Sigma("0.45")},
      {"wang_hegde.return_falls_with_sigma.J=1",
       kPaper,
       "Fig. 1 / Sec. 4",
       "the return falls as the noise level sigma grows (privacy-utility trade-off), J = 1",
       experiment_names::kWangHegdeFig1,
       "slope of last-10 return vs sigma, J = 1",
       {Comparison::kAtMost, 0.0, 0.0},
       false,
       ReturnSlopeInSigma(1)},
      {"wang_hegde.return_falls_with_sigma.J=T/B",
       kPaper,
       "Fig. 1 / Sec. 4",
       "the return falls as the noise level sigma grows (privacy-utility trade-off), J = T/B",
       experiment_names::kWangHegdeFig1,
       "slope of last-10 return vs sigma, J = T/B",
       {Comparison::kAtMost, 0.0, 0.0},
       false,
       ReturnSlopeInSigma(0)},
      {"wang_hegde.small_sigma_near_non_private",
       kPaper,
       "Fig. 1 / Sec. 4",
       absl::StrFormat("with J = T/B and sigma < 0.4 the agent converges with limited "
                       "sub-optimality (stated margin: within %g%% of sigma = 0)",
                       100 * kNearNonPrivateMargin),
       experiment_names::kWangHegdeFig1,
       "min over 0 < sigma < 0.4 of return(sigma) / return(0), J = T/B",
       {Comparison::kAtLeast, 1.0 - kNearNonPrivateMargin, 0.0},
       false,
       SmallSigmaNearNonPrivate},
      {"wang_hegde.beats_baselines_eps_0.45",
       kPaper,
       "Fig. 2(b) / Sec. 4",
       "at eps = 0.45 functional noise outperforms input perturbation and DP-SGD (premise: "
       "functional noise at the paper's sigma, which carries no guarantee at this eps: the "
       "paper's comparison as run)",
       experiment_names::kWangHegdeFig2,
       "return(functional, paper sigma) - max(return(input pert.), return(DP-SGD))",
       {Comparison::kAtLeast, 0.0, 0.0},
       false,
       BeatsBaselines},
      {"wang_hegde.bgp16_similar",
       kPaper,
       "Sec. 4 / Fig. 2",
       absl::StrFormat("BGP16's output perturbation performs similarly to functional noise "
                       "(stated margin: within %g%%; premise: functional noise at the paper's "
                       "sigma, which carries no guarantee: the paper's comparison as run)",
                       100 * kSimilarMargin),
       experiment_names::kWangHegdeFig2,
       "max over eps of |return(BGP16) - return(functional)| / return(functional)",
       {Comparison::kAtMost, kSimilarMargin, 0.0},
       false,
       Bgp16Similar},
  };
  // The sigma of App. E.3 recomputed from Thm. 5's formula: the paper's arithmetic, not a
  // measurement of the algorithm; the other rows are the paper's empirical statements (Sec. 4).
  for (Claim& claim : claims) {
    claim.kind = absl::StartsWith(claim.id, "wang_hegde.sigma_eps_") ? ClaimKind::kArithmetic
                                                                     : ClaimKind::kEmpirical;
    if (claim.kind == ClaimKind::kEmpirical) {
      claim.why_evidence =
          "measured returns of the runs the paper's figure compares; the opposite ordering or a "
          "gap beyond the stated margin would not reproduce the statement";
    }
  }
  return claims;
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/30, WangHegdeClaims});

}  // namespace
}  // namespace dprl
