#include "audit/audit_plot.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "analysis/line_plot.h"
#include "analysis/output_files.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

// The empirical P(T >= t) (upper tail) or P(T <= t) at each distinct value t of `values`.
PlotCurve TailCurve(std::vector<double> values, bool upper_tail, std::string label, int color) {
  std::sort(values.begin(), values.end());
  const double n = static_cast<double>(values.size());
  PlotCurve curve{std::move(label), color, false};
  for (size_t i = 0; i < values.size();) {
    size_t j = i;
    while (j < values.size() && values[j] == values[i]) ++j;
    curve.x.push_back(values[i]);
    // #{T >= values[i]} = n - i; #{T <= values[i]} = j.
    curve.y.push_back((upper_tail ? n - static_cast<double>(i) : static_cast<double>(j)) / n);
    i = j;
  }
  return curve;
}

absl::Status CheckValues(const std::vector<double>& values, const char* name) {
  if (values.empty()) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: no held-out values", name));
  }
  for (double value : values) {
    if (!std::isfinite(value)) {
      return absl::InvalidArgumentError(absl::StrFormat("%s: a value is %g", name, value));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status WriteAuditPlot(const std::string& png_path, const std::vector<double>& heldout_first,
                            const std::vector<double>& heldout_second, const AuditResult& result,
                            double claimed_epsilon) {
  RETURN_IF_ERROR(CheckValues(heldout_first, "heldout_first"));
  RETURN_IF_ERROR(CheckValues(heldout_second, "heldout_second"));
  if (!(std::isfinite(claimed_epsilon) && claimed_epsilon >= 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("claimed_epsilon must be finite and >= 0, got %g", claimed_epsilon));
  }
  RETURN_IF_ERROR(CheckPlplotDevice("pngcairo"));
  ASSIGN_OR_RETURN(OutputFiles outputs, OutputFiles::Reserve({png_path}, "path"));
  const char* first_name = result.swapped ? "second input" : "first input";
  const char* second_name = result.swapped ? "first input" : "second input";
  PlotPanel panel;
  panel.title = absl::StrFormat("%s: ε lower bound %.4f against the claim %g", result.statistic,
                                result.privacy_epsilon_lower, claimed_epsilon);
  panel.x_label = result.statistic;
  panel.y_label = result.upper_tail ? "P(statistic ≥ x), held out" : "P(statistic ≤ x), held out";
  panel.log_x = false;
  panel.log_y = true;
  panel.note = absl::StrFormat(
      "Dashed: the event's threshold %.6g (chosen on the training half). Held-out counts of the "
      "event: %d/%d (%s) vs %d/%d (%s); the bound is ln of the ratio of their exact "
      "Clopper-Pearson bounds.",
      result.threshold, result.count_first, result.heldout_trials, first_name, result.count_second,
      result.heldout_trials, second_name);
  panel.curves.push_back(TailCurve(heldout_first, result.upper_tail, first_name, 0));
  panel.curves.push_back(TailCurve(heldout_second, result.upper_tail, second_name, 1));
  const double smallest =
      1.0 / static_cast<double>(std::max(heldout_first.size(), heldout_second.size()));
  PlotCurve threshold{"event threshold", 7, true};
  threshold.x = {result.threshold, result.threshold};
  threshold.y = {smallest, 1.0};
  panel.curves.push_back(std::move(threshold));
  RETURN_IF_ERROR(RenderPanels({panel}, FigureLayout{}, "pngcairo", outputs.temp_path(0), 2.0));
  return outputs.Commit();
}

}  // namespace dprl
