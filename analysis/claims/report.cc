#include "analysis/claims/report.h"

#include <sys/stat.h>

#include <map>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "analysis/csv_cells.h"
#include "analysis/hdf5_reader.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

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
      result.verdict = Judge(result.measurement, claim.expected);
    }
    report.results.push_back(std::move(result));
  }
  return report;
}

std::string MeasuredText(const Measurement& measurement) {
  if (!measurement.defined) return "–";
  if (measurement.low == measurement.high) return Number(measurement.value);
  return absl::StrCat(Number(measurement.value), " [", Number(measurement.low), ", ",
                      Number(measurement.high), "]");
}

std::string ClaimsCsv(const ClaimsReport& report) {
  std::string csv =
      "id,paper,location,statement,experiment,statistic,shape_check,expected,comparison,target,"
      "tolerance,value,low,high,verdict,detail\n";
  for (const ClaimResult& r : report.results) {
    const Claim& c = r.claim;
    const Measurement& m = r.measurement;
    absl::StrAppend(&csv, CsvField(c.id), ",", CsvField(c.paper), ",", CsvField(c.location), ",",
                    CsvField(c.statement), ",", CsvField(c.experiment), ",", CsvField(c.statistic),
                    ",", c.shape_check ? "true" : "false", ",",
                    CsvField(ExpectationText(c.expected)), ",",
                    ComparisonName(c.expected.comparison), ",", CsvNumber(c.expected.target), ",",
                    CsvNumber(c.expected.tolerance), ",", m.defined ? CsvNumber(m.value) : "", ",",
                    m.defined ? CsvNumber(m.low) : "", ",", m.defined ? CsvNumber(m.high) : "", ",",
                    VerdictName(r.verdict), ",", CsvField(m.detail), "\n");
  }
  return csv;
}

std::string ClaimsMarkdown(const ClaimsReport& report) {
  std::map<Verdict, int> counts;
  for (const ClaimResult& r : report.results) ++counts[r.verdict];
  std::string md =
      absl::StrFormat("%d claims: **%d hold**, **%d fail**, %d inconclusive, %d not run.\n\n",
                      report.results.size(), counts[Verdict::kHolds], counts[Verdict::kFails],
                      counts[Verdict::kInconclusive], counts[Verdict::kNotRun]);
  md += "Results files read:";
  for (const ResultsFileInfo& file : report.files) {
    if (file.present) {
      absl::StrAppendFormat(&md, " `%s` (%s scale, %d seeds, commit %s);", file.experiment,
                            file.scale, file.seeds, file.git_commit.substr(0, 7));
    } else {
      absl::StrAppendFormat(&md, " `%s` (not run);", file.experiment);
    }
  }
  md.back() = '.';
  md +=
      "\n\nMeasured: point estimate on the seeds as run [seeded 95% percentile bootstrap over "
      "seeds; a single number is exact]. Verdict: *holds* if the interval lies inside the "
      "expected region, *fails* if it lies outside, *inconclusive* if it straddles a boundary or "
      "the statistic is undefined at this scale. *(shape)*: the paper states no constant, so the "
      "check is an exponent or an inequality with constant 1.\n\n"
      "| claim | paper, location | measured [95% interval] | expected | verdict | how measured |\n"
      "|---|---|---|---|---|---|\n";
  for (const ClaimResult& r : report.results) {
    const Claim& c = r.claim;
    const std::string verdict = r.verdict == Verdict::kHolds || r.verdict == Verdict::kFails
                                    ? absl::StrCat("**", VerdictName(r.verdict), "**")
                                    : VerdictName(r.verdict);
    absl::StrAppend(&md, "| ", Cell(c.statement), " <br>`", c.id, "` | ", Cell(c.paper), ", ",
                    Cell(c.location), " | ", MeasuredText(r.measurement), " | ",
                    Cell(ExpectationText(c.expected)), c.shape_check ? " (shape)" : "", " | ",
                    verdict, " | ", Cell(r.measurement.detail), " |\n");
  }
  return md;
}

std::string ClaimsText(const ClaimsReport& report) {
  std::string text;
  for (const ClaimResult& r : report.results) {
    absl::StrAppendFormat(&text, "%-13s %-48s %-32s expected %s%s\n", VerdictName(r.verdict),
                          r.claim.id, r.measurement.defined ? MeasuredText(r.measurement) : "-",
                          ExpectationText(r.claim.expected), r.claim.shape_check ? " (shape)" : "");
  }
  return text;
}

}  // namespace dprl
