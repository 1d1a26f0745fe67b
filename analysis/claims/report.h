// Evaluating the claims registry on a results directory and formatting the claims table
// (//analysis:claims).
//
// Results layout: DIR/<experiment>/<experiment>.h5, as the experiment binaries write it under
// `--out=DIR/<experiment>` (their default under `bazel run`: $BUILD_WORKSPACE_DIRECTORY/results).
// A missing file makes every claim of that experiment "not run" (but a directory with no file of
// any experiment is an error: CheckResultsDirectory); a file that exists but is not a
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
  // Root attribute `claims_profile`: the claims profile the run was ("claims" |
  // "claims_reduced"), which the runner records when the run's scale, seeds and resolved grid are
  // those of a profile's registered run; "" when the file has none.
  std::string claims_profile;
  // The --scale/--seeds/--set flags of the root attribute `command_line` (how the run was typed).
  std::string run_flags;
};

// Whether `file` belongs to the confirmation run: present, run from a clean tree, and recorded
// as a run of the `claims` profile ("claims", or "claims or claims_reduced" where both profiles
// give the experiment the same run). The runner records a profile only when the run's seeds equal
// the profile's registered seeds (20 wherever a verdict rests on seeds; the scale's default for a
// result of closed forms), so the seeds need no check of their own.
bool IsConfirmationRunFile(const ResultsFileInfo& file);

struct ClaimResult {
  Claim claim;
  Measurement measurement;
  Verdict verdict = Verdict::kNotRun;
};

struct ClaimsReport {
  std::vector<ResultsFileInfo> files;  // one per experiment, first-use order
  std::vector<ClaimResult> results;    // registry order
};

// "DIR/<experiment>/<experiment>.h5".
std::string ResultsFilePath(const std::string& results_dir, const std::string& experiment);

// OK when `results_dir` holds the results file of at least one experiment the claims read;
// otherwise an error naming the directory and the expected layout (an empty or wrong --results).
absl::Status CheckResultsDirectory(const std::vector<Claim>& claims,
                                   const std::string& results_dir);

// Evaluates every claim. A claim whose groups are absent from its file (a grid without that
// environment or reference, or with a duplicated group) is "undefined" with the reason; a
// malformed file is an error naming the results file and the claim.
absl::StatusOr<ClaimsReport> EvaluateClaims(const std::vector<Claim>& claims,
                                            const std::string& results_dir,
                                            const BootstrapOptions& bootstrap);

// "1.234 [1.1, 1.3]", "1.234" (deterministic), "–" (undefined or not run).
std::string MeasuredText(const Measurement& measurement);

// Columns: id,kind,paper,location,statement,regime,why_evidence,experiment,statistic,shape_check,
// expected,comparison,target,tolerance,value,low,high,systematic,seeds,verdict,regime_missed,
// detail,time_systematic,inconclusive_reason (empty value/low/high/systematic/time_systematic
// when undefined; kind = KindName; verdict = VerdictName; seeds 0 for a deterministic statistic;
// for an explicit bound value = the violation share, high = its 95% upper bound; for an implied
// constant value = the largest C^).
std::string ClaimsCsv(const ClaimsReport& report);

// The Holm family-wise count over the decided claims (explicit bounds and empirical statements;
// claim.h FamilyWiseCounts).
FamilyWiseCount DecidedFamilyWiseCount(const ClaimsReport& report, int min_seeds);

// The counts, one line each: the decided claims per verdict, the family-wise count, then each
// other section's counts (implied constants, observations, lower bounds, the paper's arithmetic,
// consistency checks).
std::string ClaimsCounts(const ClaimsReport& report, int min_seeds);

// The full report, Markdown: the counts first, whether it is the confirmation run (every file
// from a clean `claims` profile run at >= min_seeds seeds), the files read (claims profile or "no
// claims profile", scale, seeds, commit, and the run's --scale/--seeds/--set flags), what a run
// can decide, then one table per section (explicit bounds; empirical statements; implied
// constants; observations; lower bounds: PUCB is not a counterexample; the paper's arithmetic;
// consistency checks): claim | paper, location | regime | measured (95% interval ± window
// systematic ± T-window systematic; an explicit bound's violating seeds) | expected | verdict
// (out of regime: the missed condition; inconclusive: the named reason) | how measured (and,
// for a decided claim, what could refute it).
std::string ClaimsMarkdown(const ClaimsReport& report, int min_seeds = 20);

// The short form for the README: the count lines of ClaimsCounts, one paragraph each (the rows
// are in the full report).
std::string ClaimsSummary(const ClaimsReport& report, int min_seeds = 20);

// A plain-text table for stdout, the counts first.
std::string ClaimsText(const ClaimsReport& report, int min_seeds = 20);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_REPORT_H_
