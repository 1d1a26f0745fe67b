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
  bool git_dirty = false;  // root attribute `git_dirty` = 1: run from uncommitted changes
  // The claims profile whose flags the file's root attribute `command_line` carries
  // (experiments/core/claims_profile.h MatchClaimsProfile); "" when none.
  std::string claims_profile;
  // The --scale/--seeds/--set flags of `command_line` (what the file was run with).
  std::string run_flags;
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

// Columns: id,kind,paper,location,statement,regime,why_evidence,experiment,statistic,shape_check,
// expected,comparison,target,tolerance,value,low,high,systematic,seeds,verdict,regime_missed,
// detail (empty value/low/high/systematic when undefined; kind = evidence | consistency; seeds 0
// for a deterministic statistic).
std::string ClaimsCsv(const ClaimsReport& report);
// A Markdown section: counts per verdict for evidence and for consistency checks separately (the
// headline counts evidence only), the files read (claims profile or "no claims profile", scale,
// seeds, commit, and the run's --scale/--seeds/--set flags), the verdict rule, and
// two tables (Evidence, Consistency checks): claim | paper, location | regime | measured (95%
// interval ± window systematic) | expected | verdict (out of regime: the missed condition) | how
// measured (evidence rows end with why they are evidence).
std::string ClaimsMarkdown(const ClaimsReport& report);
// A plain-text table for stdout.
std::string ClaimsText(const ClaimsReport& report);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_REPORT_H_
