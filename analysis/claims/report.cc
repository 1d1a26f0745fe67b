#include "analysis/claims/report.h"

#include <sys/stat.h>

#include <map>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "analysis/csv_cells.h"
#include "analysis/hdf5_reader.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/core/claims_profile.h"

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

std::string KindName(ClaimKind kind) {
  return kind == ClaimKind::kEvidence ? "evidence" : "consistency";
}

std::string Number(double value) { return absl::StrFormat("%.4g", value); }

// Markdown table cells must not hold '|' or newlines.
std::string Cell(const std::string& text) {
  return absl::StrReplaceAll(text, {{"|", "\\|"}, {"\n", " "}});
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
      const std::string path =
          absl::StrCat(results_dir, "/", claim.experiment, "/", claim.experiment, ".h5");
      ResultsFileInfo info;
      info.experiment = claim.experiment;
      std::unique_ptr<Hdf5Reader> reader;
      if (FileExists(path)) {
        ASSIGN_OR_RETURN(Hdf5Reader opened, Hdf5Reader::Open(path));
        RETURN_IF_ERROR(CheckDprlSchema(opened, hdf5_names::kResultsSchemaVersion));
        reader = std::make_unique<Hdf5Reader>(std::move(opened));
        info.present = true;
        ASSIGN_OR_RETURN(std::string scale, reader->ReadStringAttribute("/", hdf5_names::kScale));
        ASSIGN_OR_RETURN(int64_t seeds, reader->ReadIntAttribute("/", hdf5_names::kSeeds));
        ASSIGN_OR_RETURN(std::string commit,
                         reader->ReadStringAttribute("/", hdf5_names::kGitCommit));
        info.scale = scale;
        info.seeds = seeds;
        info.git_commit = commit;
        if (reader->HasAttribute("/", hdf5_names::kGitDirty)) {
          ASSIGN_OR_RETURN(int64_t dirty, reader->ReadIntAttribute("/", hdf5_names::kGitDirty));
          info.git_dirty = dirty != 0;
        }
        ASSIGN_OR_RETURN(std::string command_line,
                         reader->ReadStringAttribute("/", hdf5_names::kCommandLine));
        info.claims_profile = MatchClaimsProfile(claim.experiment, command_line);
        info.run_flags = absl::StrJoin(ProfileFlagsOf(command_line), " ");
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
      absl::StatusOr<Measurement> measurement = claim.measure(*reader, bootstrap, claim.id);
      if (!measurement.ok()) {
        return absl::Status(measurement.status().code(),
                            absl::StrCat("claim ", claim.id, ": ", measurement.status().message()));
      }
      result.measurement = *std::move(measurement);
      result.verdict = Judge(result.measurement, claim.expected, bootstrap.min_seeds);
    }
    report.results.push_back(std::move(result));
  }
  return report;
}

std::string MeasuredText(const Measurement& measurement) {
  if (!measurement.defined) return "–";
  std::string text = measurement.low == measurement.high
                         ? Number(measurement.value)
                         : absl::StrCat(Number(measurement.value), " [", Number(measurement.low),
                                        ", ", Number(measurement.high), "]");
  if (measurement.systematic > 0)
    absl::StrAppend(&text, " ± ", Number(measurement.systematic), " (window)");
  return text;
}

std::string ClaimsCsv(const ClaimsReport& report) {
  std::string csv =
      "id,kind,paper,location,statement,regime,why_evidence,experiment,statistic,shape_check,"
      "expected,comparison,target,tolerance,value,low,high,systematic,seeds,verdict,"
      "regime_missed,detail\n";
  for (const ClaimResult& r : report.results) {
    const Claim& c = r.claim;
    const Measurement& m = r.measurement;
    absl::StrAppend(
        &csv, CsvField(c.id), ",", KindName(c.kind), ",", CsvField(c.paper), ",",
        CsvField(c.location), ",", CsvField(c.statement), ",", CsvField(c.regime), ",",
        CsvField(c.why_evidence), ",", CsvField(c.experiment), ",", CsvField(c.statistic), ",",
        c.shape_check ? "true" : "false", ",", CsvField(ExpectationText(c.expected)), ",",
        ComparisonName(c.expected.comparison), ",", CsvNumber(c.expected.target), ",",
        CsvNumber(c.expected.tolerance), ",", m.defined ? CsvNumber(m.value) : "", ",",
        m.defined ? CsvNumber(m.low) : "", ",", m.defined ? CsvNumber(m.high) : "", ",",
        m.defined ? CsvNumber(m.systematic) : "", ",", m.seeds, ",", VerdictName(r.verdict), ",",
        CsvField(m.regime_missed), ",", CsvField(m.detail), "\n");
  }
  return csv;
}

namespace {

std::string VerdictCell(const ClaimResult& r) {
  const std::string name = VerdictName(r.verdict);
  if (r.verdict == Verdict::kHolds || r.verdict == Verdict::kFails) {
    return absl::StrCat("**", name, "**");
  }
  if (r.verdict == Verdict::kOutOfRegime) {
    return absl::StrCat(name, ": ", Cell(r.measurement.regime_missed));
  }
  return name;
}

std::string Counts(const std::vector<const ClaimResult*>& rows) {
  std::map<Verdict, int> counts;
  for (const ClaimResult* r : rows) ++counts[r->verdict];
  return absl::StrFormat(
      "%d: **%d hold**, **%d fail**, %d inconclusive, %d out of regime, %d undefined, %d not run",
      rows.size(), counts[Verdict::kHolds], counts[Verdict::kFails], counts[Verdict::kInconclusive],
      counts[Verdict::kOutOfRegime], counts[Verdict::kUndefined], counts[Verdict::kNotRun]);
}

}  // namespace

std::string ClaimsMarkdown(const ClaimsReport& report) {
  std::vector<const ClaimResult*> evidence, consistency;
  for (const ClaimResult& r : report.results) {
    (r.claim.kind == ClaimKind::kEvidence ? evidence : consistency).push_back(&r);
  }
  std::string md = absl::StrCat("Evidence claims (could have failed) ", Counts(evidence),
                                ".\n\nConsistency checks (true by construction of the code's own "
                                "formulas; not counted as evidence) ",
                                Counts(consistency), ".\n\n");
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
      "\n\nMeasured: point estimate on the seeds as run [95% BCa bootstrap interval over seed "
      "indices paired across configurations; a single number is exact] ± the fit-window "
      "systematic where one applies. Verdict: *out of regime* when the results miss the regime "
      "the statement needs or the bound is vacuous at the run's scale (the condition is "
      "named), *undefined* when the statistic cannot be computed (the reason is in the "
      "detail), *holds* if the interval widened by the systematic lies inside the expected "
      "region, *fails* if it lies outside, *inconclusive* if it straddles a boundary or rests "
      "on fewer than 20 seeds. *(shape)*: the paper states no constant, so the check is an "
      "exponent or an inequality with constant 1.\n";
  const std::string header =
      "| claim | paper, location | regime | measured [95% interval] | expected | verdict | how "
      "measured |\n|---|---|---|---|---|---|---|\n";
  auto table = [&](const std::vector<const ClaimResult*>& rows, bool with_why) {
    std::string out = header;
    for (const ClaimResult* r : rows) {
      const Claim& c = r->claim;
      std::string how = r->measurement.detail;
      if (with_why && !c.why_evidence.empty())
        how = absl::StrCat(how, ". Why evidence: ", c.why_evidence);
      absl::StrAppend(&out, "| ", Cell(c.statement), " <br>`", c.id, "` | ", Cell(c.paper), ", ",
                      Cell(c.location), " | ", c.regime.empty() ? "any" : Cell(c.regime), " | ",
                      MeasuredText(r->measurement), " | ", Cell(ExpectationText(c.expected)),
                      c.shape_check ? " (shape)" : "", " | ", VerdictCell(*r), " | ", Cell(how),
                      " |\n");
    }
    return out;
  };
  absl::StrAppend(&md, "\n### Evidence\n\n", table(evidence, true));
  if (!consistency.empty()) {
    absl::StrAppend(&md, "\n### Consistency checks\n\n", table(consistency, false));
  }
  return md;
}

std::string ClaimsText(const ClaimsReport& report) {
  std::string text;
  for (const ClaimResult& r : report.results) {
    absl::StrAppendFormat(&text, "%-13s %-11s %-48s %-32s expected %s%s\n", VerdictName(r.verdict),
                          KindName(r.claim.kind), r.claim.id,
                          r.measurement.defined ? MeasuredText(r.measurement) : "-",
                          ExpectationText(r.claim.expected), r.claim.shape_check ? " (shape)" : "");
  }
  return text;
}

}  // namespace dprl
