// Evaluating the claims registry on a results directory and formatting the claims table
// (//analysis:claims).
//
// Results layout: DIR/<experiment>/<experiment>.h5, as the experiment binaries write it under
// `--out=DIR/<experiment>` (their default under `bazel run`: $BUILD_WORKSPACE_DIRECTORY/results).
// A missing file makes every claim of that experiment "not run"; a file that exists but is not a
// dprl results file of schema version 1, or lacks a group or dataset its experiment always
// writes, is an error (nothing is reported from a corrupt file).
#ifndef DPRL_ANALYSIS_CLAIMS_REPORT_H_
#define DPRL_ANALYSIS_CLAIMS_REPORT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/claims/claim.h"

namespace dprl {

// Provenance of one results file the report read.
struct ResultsFileInfo {
  std::string experiment;
  bool present = false;
  std::string scale;       // root attribute `scale`
  int64_t seeds = 0;       // root attribute `seeds`
  std::string git_commit;  // root attribute `git_commit`
};

struct ClaimResult {
  Claim claim;
  Measurement measurement;
  Verdict verdict = Verdict::kNotRun;
};

struct ClaimsReport {
  std::vector<ResultsFileInfo> files;  // one per experiment, first-use order
  std::vector<ClaimResult> results;    // registry order
};

// Evaluates every claim. Errors name the results file and the claim.
absl::StatusOr<ClaimsReport> EvaluateClaims(const std::vector<Claim>& claims,
                                            const std::string& results_dir,
                                            const BootstrapOptions& bootstrap);

// "1.234 [1.1, 1.3]", "1.234" (deterministic), "–" (undefined or not run).
std::string MeasuredText(const Measurement& measurement);

// Columns: id,paper,location,statement,experiment,statistic,shape_check,expected,comparison,
// target,tolerance,value,low,high,verdict,detail (empty value/low/high when undefined).
std::string ClaimsCsv(const ClaimsReport& report);
// A Markdown section: counts per verdict, the files read (scale, seeds, commit), the verdict
// rule, and the table claim | paper, location | measured (95% interval) | expected | verdict |
// how measured.
std::string ClaimsMarkdown(const ClaimsReport& report);
// A plain-text table for stdout.
std::string ClaimsText(const ClaimsReport& report);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_REPORT_H_
