#include "analysis/claims/report.h"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "analysis/claims/statistics.h"
#include "analysis/csv_cells.h"
#include "analysis/hdf5_reader.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "schema/run_records.h"

namespace dprl {
namespace {

bool FileExists(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0;
}

std::string ComparisonName(Comparison comparison) {
  switch (comparison) {
    case Comparison::kNear:
      return "near";
    case Comparison::kAtLeast:
      return "at_least";
    case Comparison::kAtMost:
      return "at_most";
  }
  return "";
}

std::string Number(double value) { return absl::StrFormat("%.4g", value); }

// The --scale, --seeds and --set flags of a command line, in their order (what the report shows
// a file was run with); tokens are separated by spaces.
std::string RunFlagsOf(absl::string_view command_line) {
  std::vector<absl::string_view> flags;
  for (absl::string_view token : absl::StrSplit(command_line, ' ', absl::SkipEmpty())) {
    if (absl::StartsWith(token, "--scale=") || absl::StartsWith(token, "--seeds=") ||
        absl::StartsWith(token, "--set=")) {
      flags.push_back(token);
    }
  }
  return absl::StrJoin(flags, " ");
}

// An explicit bound's and an implied constant's expectation is not an interval; an observation's
// is a value to read the measurement beside, not a test.
std::string ExpectedText(const Claim& claim) {
  if (claim.kind == ClaimKind::kExplicitBound) return "share <= its probability";
  if (claim.kind == ClaimKind::kImpliedConstant) return "none (constant unstated)";
  if (claim.kind == ClaimKind::kObservation) {
    return absl::StrCat("beside ", ExpectationText(claim.expected));
  }
  return ExpectationText(claim.expected);
}

// Markdown table cells must not hold '|' or newlines.
std::string Cell(const std::string& text) {
  return absl::StrReplaceAll(text, {{"|", "\\|"}, {"\n", " "}});
}

}  // namespace

std::string ResultsFilePath(const std::string& results_dir, const std::string& experiment) {
  return absl::StrCat(results_dir, "/", experiment, "/", experiment, ".h5");
}

absl::Status CheckResultsDirectory(const std::vector<Claim>& claims,
                                   const std::string& results_dir) {
  std::vector<std::string> experiments;
  for (const Claim& claim : claims) {
    if (std::find(experiments.begin(), experiments.end(), claim.experiment) != experiments.end())
      continue;
    if (FileExists(ResultsFilePath(results_dir, claim.experiment))) return absl::OkStatus();
    experiments.push_back(claim.experiment);
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "'", results_dir, "' holds no results file <experiment>/<experiment>.h5 of any of ",
      absl::StrJoin(experiments, ", "), " (pass the directory the experiments wrote under)"));
}

namespace {

// One claim's measurement. A NotFound error of the measure function (a group the claim needs is
// absent or duplicated, e.g. a grid without that environment) makes this claim undefined with
// the reason; any other error is a malformed file and stops the report. Near a boundary a holds
// or fails is measured again with more resamples (RefineToMonteCarloPrecision).
absl::StatusOr<Measurement> MeasureClaim(const Claim& claim, const Hdf5Reader& reader,
                                         const BootstrapOptions& bootstrap) {
  const auto named = [&claim](const absl::Status& status) {
    return absl::Status(status.code(), absl::StrCat("claim ", claim.id, ": ", status.message()));
  };
  absl::StatusOr<Measurement> measurement = claim.measure(reader, bootstrap, claim.id);
  if (!measurement.ok()) {
    if (absl::IsNotFound(measurement.status())) {
      return UndefinedMeasurement(absl::StrCat("not measurable on this file: ",
                                               measurement.status().message()));
    }
    return named(measurement.status());
  }
  // A verdict that is not reported (an observation's, an implied constant's) needs no refining.
  if (claim.kind == ClaimKind::kObservation || claim.kind == ClaimKind::kImpliedConstant) {
    return measurement;
  }
  return RefineToMonteCarloPrecision(
      *std::move(measurement),
      [&](const BootstrapOptions& more) -> absl::StatusOr<Measurement> {
        absl::StatusOr<Measurement> again = claim.measure(reader, more, claim.id);
        if (!again.ok()) return named(again.status());
        return again;
      },
      claim.expected, bootstrap);
}

}  // namespace

absl::StatusOr<ClaimsReport> EvaluateClaims(const std::vector<Claim>& claims,
                                            const std::string& results_dir,
                                            const BootstrapOptions& bootstrap) {
  RETURN_IF_ERROR(bootstrap.Validate());
  ClaimsReport report;
  std::map<std::string, std::unique_ptr<Hdf5Reader>> readers;  // nullptr = not run
  for (const Claim& claim : claims) {
    if (readers.find(claim.experiment) == readers.end()) {
      const std::string path = ResultsFilePath(results_dir, claim.experiment);
      ResultsFileInfo info;
      info.experiment = claim.experiment;
      std::unique_ptr<Hdf5Reader> reader;
      if (FileExists(path)) {
        ASSIGN_OR_RETURN(Hdf5Reader opened, Hdf5Reader::Open(path));
        RETURN_IF_ERROR(CheckDprlSchema(opened, hdf5_names::kResultsSchemaVersion));
        reader = std::make_unique<Hdf5Reader>(std::move(opened));
        info.present = true;
        // The root attributes the runner wrote (schema/run_records.h), through their bindings.
        ASSIGN_OR_RETURN(const ResultsFileRecord run,
                         reader->ReadRecord("/", ResultsFileBinding()));
        info.scale = run.scale;
        info.seeds = run.seeds;
        info.git_commit = run.git_commit;
        info.git_dirty = run.git_dirty;
        info.run_flags = RunFlagsOf(run.command_line);
        // The profile as the run recorded it: the runner decided it from the run's scale, seeds
        // and resolved grid, not from how the command was typed.
        ASSIGN_OR_RETURN(const std::optional<ClaimsProfileRecord> profile,
                         reader->ReadOptionalRecord("/", ClaimsProfileBinding()));
        if (profile.has_value()) info.claims_profile = profile->claims_profile;
      }
      report.files.push_back(info);
      readers[claim.experiment] = std::move(reader);
    }
    ClaimResult result;
    result.claim = claim;
    const Hdf5Reader* reader = readers[claim.experiment].get();
    if (reader == nullptr) {
      result.measurement.detail =
          absl::StrCat("no results file ", claim.experiment, "/", claim.experiment, ".h5");
      result.verdict = Verdict::kNotRun;
    } else {
      ASSIGN_OR_RETURN(result.measurement, MeasureClaim(claim, *reader, bootstrap));
      result.verdict = VerdictOfKind(
          claim.kind, Judge(result.measurement, claim.expected, bootstrap.min_seeds));
    }
    report.results.push_back(std::move(result));
  }
  return report;
}

std::string MeasuredText(const Measurement& measurement) {
  if (!measurement.defined) return "–";
  if (measurement.binomial.has_value()) {
    return absl::StrFormat("%d of %d seeds violate; share < %s (95%%)",
                           measurement.binomial->violations, measurement.binomial->trials,
                           Number(measurement.high));
  }
  std::string text = measurement.low == measurement.high
                         ? Number(measurement.value)
                         : absl::StrCat(Number(measurement.value), " [", Number(measurement.low),
                                        ", ", Number(measurement.high), "]");
  if (measurement.systematic > 0)
    absl::StrAppend(&text, " ± ", Number(measurement.systematic), " (window)");
  if (measurement.time_systematic > 0)
    absl::StrAppend(&text, " ± ", Number(measurement.time_systematic), " (T/3)");
  return text;
}

std::string ClaimsCsv(const ClaimsReport& report) {
  std::string csv =
      "id,kind,paper,location,statement,regime,why_evidence,experiment,statistic,shape_check,"
      "expected,comparison,target,tolerance,value,low,high,systematic,seeds,verdict,"
      "regime_missed,detail,time_systematic,inconclusive_reason\n";
  for (const ClaimResult& r : report.results) {
    const Claim& c = r.claim;
    const Measurement& m = r.measurement;
    absl::StrAppend(
        &csv, CsvField(c.id), ",", KindName(c.kind), ",", CsvField(c.paper), ",",
        CsvField(c.location), ",", CsvField(c.statement), ",", CsvField(c.regime), ",",
        CsvField(c.why_evidence), ",", CsvField(c.experiment), ",", CsvField(c.statistic), ",",
        c.shape_check ? "true" : "false", ",", CsvField(ExpectedText(c)), ",",
        ComparisonName(c.expected.comparison), ",", CsvNumber(c.expected.target), ",",
        CsvNumber(c.expected.tolerance), ",", m.defined ? CsvNumber(m.value) : "", ",",
        m.defined ? CsvNumber(m.low) : "", ",", m.defined ? CsvNumber(m.high) : "", ",",
        m.defined ? CsvNumber(m.systematic) : "", ",", m.seeds, ",", VerdictName(r.verdict), ",",
        CsvField(m.regime_missed), ",", CsvField(m.detail), ",",
        m.defined ? CsvNumber(m.time_systematic) : "", ",", CsvField(m.inconclusive_reason), "\n");
  }
  return csv;
}

namespace {

std::string VerdictCell(const ClaimResult& r) {
  const std::string name = VerdictName(r.verdict);
  if (r.verdict == Verdict::kHolds || r.verdict == Verdict::kFails ||
      r.verdict == Verdict::kRefuted || r.verdict == Verdict::kNotRefuted ||
      r.verdict == Verdict::kReproduced || r.verdict == Verdict::kNotReproduced) {
    return absl::StrCat("**", name, "**");
  }
  if (r.verdict == Verdict::kOutOfRegime) {
    return absl::StrCat(name, ": ", Cell(r.measurement.regime_missed));
  }
  if (r.verdict == Verdict::kInconclusive && !r.measurement.inconclusive_reason.empty()) {
    return absl::StrCat(name, ": ", Cell(r.measurement.inconclusive_reason));
  }
  return name;
}

// "<n>: <count> <verdict>, ..." over `verdicts`, in their order.
std::string CountsOf(const std::vector<const ClaimResult*>& rows,
                     const std::vector<Verdict>& verdicts) {
  std::map<Verdict, int> counts;
  for (const ClaimResult* r : rows) ++counts[r->verdict];
  std::vector<std::string> parts;
  for (Verdict verdict : verdicts) {
    parts.push_back(absl::StrCat(counts[verdict], " ", VerdictName(verdict)));
  }
  return absl::StrCat(rows.size(), ": ", absl::StrJoin(parts, ", "));
}

// The verdicts a section's rows can have, in the order of its count line.
std::vector<Verdict> SectionVerdicts(ClaimKind kind) {
  const std::vector<Verdict> rest = {Verdict::kOutOfRegime, Verdict::kUndefined, Verdict::kNotRun};
  std::vector<Verdict> verdicts;
  switch (kind) {
    case ClaimKind::kExplicitBound:
    case ClaimKind::kEmpirical:  // the decided kinds share one count line (DecidedRows)
      verdicts = {Verdict::kRefuted,       Verdict::kNotRefuted,  Verdict::kReproduced,
                  Verdict::kNotReproduced, Verdict::kInconclusive};
      break;
    case ClaimKind::kImpliedConstant:
      verdicts = {Verdict::kNoVerdict};
      break;
    case ClaimKind::kObservation:
      verdicts = {Verdict::kObserved};
      break;
    default:
      verdicts = {Verdict::kHolds, Verdict::kFails, Verdict::kInconclusive};
      break;
  }
  verdicts.insert(verdicts.end(), rest.begin(), rest.end());
  return verdicts;
}

// The report's sections, in order, with the heading and what the section is.
struct Section {
  ClaimKind kind;
  const char* heading;
  const char* what;
};
constexpr Section kSections[] = {
    {ClaimKind::kExplicitBound, "Explicit bounds, decided at their own probability",
     "an inequality the theorem or its proof states with every constant, holding with "
     "probability >= 1 - alpha: a one-sided binomial test of the seeds that violate it against "
     "alpha (refuted, or not refuted with the violation share's 95% upper bound; never holds)"},
    {ClaimKind::kEmpirical, "The papers' empirical statements",
     "what a paper says its own experiments show, with its premises: reproduced or not "
     "reproduced by the interval rule"},
    {ClaimKind::kImpliedConstant, "O() and O~() upper bounds: implied constants, no verdict",
     "a bound with unstated constants cannot be refuted by a finite run; each row gives the "
     "implied constant C^ (the smallest constant that the binomial test at the run's horizon "
     "does not reject) per run, and where a trivial maximum exists the constants [C^, R_max/f] "
     "at which the bound fits the data and is not vacuous"},
    {ClaimKind::kObservation, "Observations: trends within the run and how tight the bounds are",
     "measured and predicted side by side, no verdict: local exponents and slopes of an O() "
     "bound's ratio over the run's window (not extrapolated), and how fast a cost vanishes"},
    {ClaimKind::kLowerBound, "Lower bounds: PUCB is not a counterexample",
     "a minimax lower bound can be refuted only by an algorithm that beats it; a run of PUCB "
     "above it is consistent, not evidence"},
    {ClaimKind::kArithmetic, "The paper's arithmetic",
     "the paper's own numbers recomputed from its formulas; not a measurement"},
    {ClaimKind::kConsistencyCheck, "Consistency checks",
     "true by construction of the code's own formulas; not evidence"},
};

std::vector<const ClaimResult*> RowsOf(const ClaimsReport& report, ClaimKind kind) {
  std::vector<const ClaimResult*> rows;
  for (const ClaimResult& r : report.results) {
    if (r.claim.kind == kind) rows.push_back(&r);
  }
  return rows;
}

// The rows a finite run decides (explicit bounds, then empirical statements): the headline.
std::vector<const ClaimResult*> DecidedRows(const ClaimsReport& report) {
  std::vector<const ClaimResult*> rows = RowsOf(report, ClaimKind::kExplicitBound);
  for (const ClaimResult* r : RowsOf(report, ClaimKind::kEmpirical)) rows.push_back(r);
  return rows;
}

std::string SectionCounts(const Section& section, const std::vector<const ClaimResult*>& rows) {
  return CountsOf(rows, SectionVerdicts(section.kind));
}

}  // namespace

FamilyWiseCount DecidedFamilyWiseCount(const ClaimsReport& report, int min_seeds) {
  std::vector<std::pair<Measurement, Expectation>> family;
  for (const ClaimResult* r : DecidedRows(report)) {
    family.emplace_back(r->measurement, r->claim.expected);
  }
  return FamilyWiseCounts(family, min_seeds);
}

std::string ClaimsCounts(const ClaimsReport& report, int min_seeds) {
  const FamilyWiseCount fw = DecidedFamilyWiseCount(report, min_seeds);
  std::string text = absl::StrCat(
      "Decided claims (an explicit inequality at its own probability and horizon, or a paper's "
      "empirical statement) ",
      CountsOf(DecidedRows(report), SectionVerdicts(ClaimKind::kExplicitBound)), ".\n");
  absl::StrAppendFormat(&text,
                        "Family-wise (Holm, 5%%) over the %d decided claims the data decide or "
                        "leave inconclusive: %d refuted or not reproduced, %d reproduced.\n",
                        fw.family, fw.refuted, fw.supported);
  for (const Section& section : kSections) {
    if (IsDecidedKind(section.kind)) continue;
    const std::vector<const ClaimResult*> rows = RowsOf(report, section.kind);
    if (rows.empty()) continue;
    absl::StrAppend(&text, section.heading, " (not counted as decided) ",
                    SectionCounts(section, rows), ".\n");
  }
  return text;
}

bool IsConfirmationRunFile(const ResultsFileInfo& file) {
  if (!file.present || file.git_dirty) return false;
  for (absl::string_view profile : absl::StrSplit(file.claims_profile, " or ")) {
    if (profile == "claims") return true;
  }
  return false;
}

std::string ClaimsMarkdown(const ClaimsReport& report, int min_seeds) {
  std::string md;
  for (absl::string_view line : absl::StrSplit(ClaimsCounts(report, min_seeds), '\n')) {
    if (!line.empty()) absl::StrAppend(&md, line, "\n\n");
  }
  bool confirmation = !report.files.empty();
  for (const ResultsFileInfo& file : report.files) {
    confirmation = confirmation && IsConfirmationRunFile(file);
  }
  absl::StrAppend(
      &md, "Confirmation run: ",
      confirmation
          ? "yes: every file comes from a clean run of the `claims` profile (20 seeds wherever a "
            "verdict rests on seeds), run after the choices in docs/claims_preregistration.md "
            "were set."
          : "no: not every file comes from a clean run of the `claims` profile (20 seeds "
            "wherever a verdict rests on seeds), so these verdicts are exploratory; the "
            "confirmation run of the pre-registered choices (docs/claims_preregistration.md) is "
            "the `claims` profile.",
      "\n\n");
  md += "Results files read:";
  for (const ResultsFileInfo& file : report.files) {
    if (file.present) {
      absl::StrAppendFormat(
          &md, " `%s` (%s; %s scale, %d seeds, commit %s%s; run with `%s`);", file.experiment,
          file.claims_profile.empty() ? "no claims profile"
                                      : absl::StrCat("claims profile `", file.claims_profile, "`"),
          file.scale, file.seeds, file.git_commit.substr(0, 7),
          file.git_dirty ? " with uncommitted changes" : "", file.run_flags);
    } else {
      absl::StrAppendFormat(&md, " `%s` (not run);", file.experiment);
    }
  }
  md.back() = '.';
  md +=
      "\n\nWhat a run can decide: an *explicit bound* (every constant stated, probability "
      ">= 1 - alpha) is *refuted* when more seeds violate it than a one-sided binomial test at "
      "5% allows against alpha, else *not refuted* with the 95% upper bound of the violation "
      "share (never *holds*: a refutation refutes theorem, assumptions and implementation "
      "together). An O() or O~() bound with unstated constants gets *no verdict*: its row gives "
      "the implied constant C^, the smallest constant that the same test does not reject at the "
      "run's horizon (at 20 seeds and alpha = 0.05 the 4th-largest R_s/f, f the expression with "
      "every constant 1), and its trends within the run are *observations*. A paper's empirical "
      "statement is *reproduced* if the measured interval widened by its systematics lies inside "
      "the expected region, *not reproduced* if outside, *inconclusive* if it straddles a "
      "boundary, rests on fewer than 20 seeds or a named reason leaves it open. Measured: point "
      "estimate on the seeds as run [95% BCa bootstrap interval over seed indices paired across "
      "configurations; a single number is exact] ± the fit-window systematic ± the T-window "
      "systematic (the same fit at T/3) where they apply. *Out of regime*: the results miss the "
      "regime the statement needs (the condition is named); *undefined*: the statistic cannot be "
      "computed (the reason is in the detail). *(shape)*: the paper states no constant "
      "(docs/claims.md, \"What a run can decide\").\n";
  const std::string header =
      "| claim | paper, location | regime | measured [95% interval] | expected | verdict | how "
      "measured |\n|---|---|---|---|---|---|---|\n";
  for (const Section& section : kSections) {
    const std::vector<const ClaimResult*> rows = RowsOf(report, section.kind);
    if (rows.empty()) continue;
    absl::StrAppend(&md, "\n### ", section.heading, "\n\n", section.what, ": ",
                    SectionCounts(section, rows), ".\n\n", header);
    for (const ClaimResult* r : rows) {
      const Claim& c = r->claim;
      std::string how = r->measurement.detail;
      if (!c.why_evidence.empty()) {
        how = absl::StrCat(how, ". What could refute it: ", c.why_evidence);
      }
      absl::StrAppend(&md, "| ", Cell(c.statement), " <br>`", c.id, "` | ", Cell(c.paper), ", ",
                      Cell(c.location), " | ", c.regime.empty() ? "any" : Cell(c.regime), " | ",
                      MeasuredText(r->measurement), " | ", Cell(ExpectedText(c)),
                      c.shape_check ? " (shape)" : "", " | ", VerdictCell(*r), " | ", Cell(how),
                      " |\n");
    }
  }
  return md;
}

std::string ClaimsSummary(const ClaimsReport& report, int min_seeds) {
  std::string md;
  for (absl::string_view line : absl::StrSplit(ClaimsCounts(report, min_seeds), '\n')) {
    if (!line.empty()) absl::StrAppend(&md, line, "\n\n");
  }
  return md;
}

std::string ClaimsText(const ClaimsReport& report, int min_seeds) {
  std::string text = ClaimsCounts(report, min_seeds);
  for (const ClaimResult& r : report.results) {
    absl::StrAppendFormat(&text, "%-13s %-11s %-48s %-32s expected %s%s\n", VerdictName(r.verdict),
                          KindName(r.claim.kind), r.claim.id,
                          r.measurement.defined ? MeasuredText(r.measurement) : "-",
                          ExpectedText(r.claim), r.claim.shape_check ? " (shape)" : "");
  }
  return text;
}

}  // namespace dprl
