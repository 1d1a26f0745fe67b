#include "analysis/claims/bound_tests.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "analysis/claims/statistics.h"
#include "common/binomial_bounds.h"

namespace dprl {

ImpliedConstant ImpliedConstantOf(std::vector<double> ratios, double failure_probability,
                                  double level) {
  CHECK(!ratios.empty());
  CHECK(failure_probability > 0.0 && failure_probability < 1.0) << failure_probability;
  const int64_t n = static_cast<int64_t>(ratios.size());
  int64_t allowed = 0;
  while (allowed < n && BinomialUpperTail(n, failure_probability, allowed + 1) >= level) {
    ++allowed;
  }
  std::sort(ratios.begin(), ratios.end(), std::greater<double>());
  ImpliedConstant out;
  out.allowed_exceedances = allowed;
  out.largest_ratio = ratios.front();
  out.constant = allowed >= n ? 0.0 : ratios[allowed];
  return out;
}

namespace {

bool FinitePositive(double x) { return std::isfinite(x) && x > 0.0; }

}  // namespace

std::vector<double> MeasuredAtColumn(const SeedRows& rows, int column) {
  std::vector<double> measured;
  measured.reserve(rows.size());
  for (const std::vector<double>& row : rows) {
    const int size = static_cast<int>(row.size());
    const int at = column >= 0 ? column : size + column;
    CHECK(at >= 0 && at < size) << "column " << column << " of a row of " << size;
    measured.push_back(row[at]);
  }
  return measured;
}

Measurement ImpliedConstantMeasurement(const std::vector<BoundRun>& runs, const std::string& what) {
  if (runs.empty()) return UndefinedMeasurement(absl::StrCat("no run of ", what, " in the file"));
  double largest = 0.0;
  int fewest_seeds = 0;
  std::vector<std::string> parts;
  for (const BoundRun& run : runs) {
    if (run.measured.empty()) return UndefinedMeasurement(absl::StrCat(run.label, ": no seeds"));
    if (!FinitePositive(run.expression)) {
      return UndefinedMeasurement(
          absl::StrFormat("%s: the expression is %g, not finite and > 0", run.label,
                          run.expression));
    }
    if (!(run.failure_probability > 0.0 && run.failure_probability < 1.0)) {
      return UndefinedMeasurement(absl::StrFormat(
          "%s: failure probability %g is not in (0, 1)", run.label, run.failure_probability));
    }
    std::vector<double> ratios;
    for (double value : run.measured) {
      if (!std::isfinite(value)) {
        return UndefinedMeasurement(absl::StrFormat("%s: a non-finite value %g", run.label, value));
      }
      ratios.push_back(value / run.expression);
    }
    const ImpliedConstant c = ImpliedConstantOf(ratios, run.failure_probability);
    largest = std::max(largest, c.constant);
    const int seeds = static_cast<int>(ratios.size());
    fewest_seeds = fewest_seeds == 0 ? seeds : std::min(fewest_seeds, seeds);
    std::string part = absl::StrFormat(
        "%s: C^ = %.3g (%d of %d seeds may exceed at failure probability %g; largest ratio "
        "%.3g; f = %.4g)",
        run.label, c.constant, c.allowed_exceedances, seeds, run.failure_probability,
        c.largest_ratio, run.expression);
    if (run.trivial_maximum.has_value()) {
      const double useful = *run.trivial_maximum / run.expression;
      absl::StrAppend(
          &part,
          useful < c.constant
              ? absl::StrFormat(", no useful constant: R_max / f = %.3g < C^ (the data exceed "
                                "the trivial maximum)",
                                useful)
              : absl::StrFormat(", useful constants [%.3g, %.3g]%s", c.constant, useful,
                                useful < 1.0 ? " (constant 1 vacuous)" : ""));
    }
    if (!run.reference_name.empty()) {
      absl::StrAppendFormat(&part, ", %s = %.3g f", run.reference_name,
                            run.reference / run.expression);
    }
    parts.push_back(part);
  }
  Measurement out = ExactMeasurement(
      largest,
      absl::StrFormat("largest implied constant over %d run(s) of %s (the smallest C that a "
                      "one-sided binomial test at level %g does not reject for R_s <= C f at the "
                      "run's horizon); %s",
                      runs.size(), what, kImpliedConstantLevel, absl::StrJoin(parts, "; ")));
  out.seeds = fewest_seeds;
  return out;
}

Measurement ExplicitBoundMeasurement(const std::vector<ViolationCount>& runs,
                                     const std::string& what) {
  if (runs.empty()) return UndefinedMeasurement(absl::StrCat("no run of ", what, " in the file"));
  const double level = kImpliedConstantLevel / static_cast<double>(runs.size());
  Measurement out;
  out.defined = true;
  double smallest_p = 2.0, largest_upper = 0.0;
  std::vector<std::string> parts;
  for (const ViolationCount& run : runs) {
    if (run.trials < 1 || run.violations < 0 || run.violations > run.trials) {
      return UndefinedMeasurement(absl::StrFormat("%s: %d violations of %d trials", run.label,
                                                  run.violations, run.trials));
    }
    if (!(run.allowed_probability > 0.0 && run.allowed_probability < 1.0)) {
      return UndefinedMeasurement(absl::StrFormat(
          "%s: probability %g is not in (0, 1)", run.label, run.allowed_probability));
    }
    BinomialTest test{run.violations, run.trials, run.allowed_probability, level};
    const double p = BinomialPValue(test);
    largest_upper = std::max(largest_upper, ClopperPearsonUpper(run.violations, run.trials, level));
    if (p < smallest_p) {
      smallest_p = p;
      out.binomial = test;
      out.value = static_cast<double>(run.violations) / static_cast<double>(run.trials);
    }
    out.seeds = out.seeds == 0 ? static_cast<int>(run.trials)
                               : std::min(out.seeds, static_cast<int>(run.trials));
    parts.push_back(absl::StrFormat("%s: %d of %d (P(Bin(%d, %g) >= %d) = %.3g)", run.label,
                                    run.violations, run.trials, run.trials,
                                    run.allowed_probability, run.violations, p));
  }
  out.low = 0.0;
  out.high = largest_upper;
  out.interval_method = absl::StrFormat(
      "one-sided binomial test per run at level %g (%g / %d runs, Bonferroni); upper end: the "
      "largest one-sided Clopper-Pearson bound of a run's violation share at that level",
      level, kImpliedConstantLevel, runs.size());
  out.detail = absl::StrFormat("seeds violating %s, per run: %s", what, absl::StrJoin(parts, "; "));
  return out;
}

}  // namespace dprl
