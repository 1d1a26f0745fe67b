// claims: every paper claim the repository checks, as a table of measured numbers and verdicts.
//
//   bazel run //analysis:claims -- --results=DIR [--out_dir=DIR2] [--bootstrap_replicates=N]
//                                  [--bootstrap_seed=N]
//
// Reads DIR/<experiment>/<experiment>.h5 for every experiment the registry
// (analysis/claims/registry.h) uses, evaluates each claim (analysis/claims/claim.h: statistic,
// expectation, verdict rule) and prints the counts and the table on stdout (then one line naming
// the files written, on the same stream), and writes DIR2/claims.csv, DIR2/claims.md (the full
// report) and DIR2/claims_summary.md (the count lines, for the README); DIR2 defaults to DIR.
// Missing results files make their claims "not run"; a claim whose groups are absent from its
// file is "undefined" with the reason.
// A relative DIR is taken relative to the directory `bazel run` was invoked from.
// Errors print one line naming the flag and write no output file: bad flags, or a DIR holding no
// results file of any experiment, exit 2; a corrupt results file exits 1.
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "common/build_info.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/report.h"
#include "analysis/output_files.h"
#include "common/command_line.h"
#include "common/status_macros.h"
#include "common/temp_files.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: claims --results=DIR [--out_dir=DIR2] [--bootstrap_replicates=N] "
    "[--bootstrap_seed=N]\n"
    "Evaluates every paper claim on the results files DIR/<experiment>/<experiment>.h5 and\n"
    "prints the table; writes DIR2/claims.csv and DIR2/claims.md (DIR2 defaults to DIR).\n"
    "  --bootstrap_replicates  resamples of the seeded bootstrap over seeds, >= 100 (default "
    "2000)\n"
    "  --bootstrap_seed        seed of the bootstrap, 0 <= N < 2^64 (default 20201)\n"
    "Claims whose results file is missing are reported as 'not run'; a DIR with no results\n"
    "file of any experiment is an error. Also writes DIR2/claims_summary.md (for the README).\n";

struct Flags {
  bool help = false;
  std::string results_dir, out_dir;
  BootstrapOptions bootstrap;
};

// The path the user typed (common/command_line.h: ~ is $HOME, relative to where `bazel run` was
// invoked); unresolvable paths are left as typed for the directory check to report.
std::string Resolve(const std::string& path) {
  absl::StatusOr<std::string> resolved = ResolveUserPath(path);
  return resolved.ok() ? *resolved : path;
}

bool IsDirectory(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

absl::StatusOr<Flags> ParseFlags(int argc, char** argv) {
  ASSIGN_OR_RETURN(
      CommandLine command_line,
      SplitCommandLine(argc, argv,
                       {"--results", "--out_dir", "--bootstrap_replicates", "--bootstrap_seed"}));
  Flags flags;
  flags.help = command_line.help;
  if (flags.help) return flags;
  RETURN_IF_ERROR(CheckRequiredFlags(command_line, {"--results"}));
  flags.results_dir = Resolve(*command_line.Get("--results"));
  if (!IsDirectory(flags.results_dir)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--results: '", flags.results_dir, "' is not a directory"));
  }
  if (absl::Status status = CheckResultsDirectory(AllClaims(), flags.results_dir); !status.ok())
    return absl::InvalidArgumentError(absl::StrCat("--results: ", status.message()));
  flags.out_dir = Resolve(command_line.Get("--out_dir").value_or(flags.results_dir));
  if (!IsDirectory(flags.out_dir)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--out_dir: '", flags.out_dir, "' is not a directory"));
  }
  if (std::optional<std::string> text = command_line.Get("--bootstrap_replicates")) {
    uint64_t value = 0;
    if (!ParseUnsignedText(*text, &value) || value < 100 || value > 1000000) {
      return absl::InvalidArgumentError(absl::StrCat("--bootstrap_replicates: '", *text,
                                                     "' is not an integer in [100, 1000000]"));
    }
    flags.bootstrap.replicates = static_cast<int>(value);
    // The Monte Carlo refinement near a boundary never uses fewer resamples than asked for.
    flags.bootstrap.max_replicates =
        std::max(flags.bootstrap.max_replicates, flags.bootstrap.replicates);
  }
  if (std::optional<std::string> text = command_line.Get("--bootstrap_seed")) {
    uint64_t value = 0;
    if (!ParseUnsignedText(*text, &value)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--bootstrap_seed: '", *text, "' is not an integer in [0, 2^64)"));
    }
    flags.bootstrap.seed = value;
  }
  return flags;
}

absl::Status Run(const Flags& flags) {
  const std::vector<Claim> claims = AllClaims();
  absl::StatusOr<ClaimsReport> report = EvaluateClaims(claims, flags.results_dir, flags.bootstrap);
  if (!report.ok())
    return absl::InvalidArgumentError(absl::StrCat("--results: ", report.status().message()));
  const int min_seeds = flags.bootstrap.min_seeds;
  const std::string csv_path = flags.out_dir + "/claims.csv";
  const std::string md_path = flags.out_dir + "/claims.md";
  const std::string summary_path = flags.out_dir + "/claims_summary.md";
  ASSIGN_OR_RETURN(OutputFiles outputs,
                   OutputFiles::Reserve({csv_path, md_path, summary_path}, "--out_dir"));
  const std::string contents[] = {ClaimsCsv(*report), ClaimsMarkdown(*report, min_seeds),
                                  ClaimsSummary(*report, min_seeds)};
  for (size_t i = 0; i < 3; ++i) {
    const std::string& shown_as = i == 0 ? csv_path : i == 1 ? md_path : summary_path;
    if (absl::Status status = WriteFileContents(outputs.temp_path(i), contents[i], shown_as);
        !status.ok()) {
      return absl::Status(status.code(), absl::StrCat("--out_dir: ", status.message()));
    }
  }
  RETURN_IF_ERROR(outputs.Commit());
  // One stream: the table and the line naming the files never interleave.
  std::fputs(ClaimsText(*report, min_seeds).c_str(), stdout);
  std::fprintf(stdout, "claims: wrote %s, %s and %s\n", csv_path.c_str(), md_path.c_str(),
               summary_path.c_str());
  std::fflush(stdout);
  return absl::OkStatus();
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  if (dprl::HandleVersionFlag(argc, argv, "claims")) return 0;
  absl::StatusOr<dprl::Flags> flags = dprl::ParseFlags(argc, argv);
  if (!flags.ok()) {
    std::fprintf(stderr, "claims: error: %s\n", std::string(flags.status().message()).c_str());
    return 2;
  }
  if (flags->help) {
    std::fputs(dprl::kUsage, stdout);
    return 0;
  }
  if (absl::Status status = dprl::Run(*flags); !status.ok()) {
    std::fprintf(stderr, "claims: error: %s\n", std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}
