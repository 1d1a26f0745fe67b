#include "analysis/figure_main.h"

#include <cstdio>

#include "common/build_info.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "analysis/figure_flags.h"
#include "analysis/output_files.h"
#include "analysis/results_check.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/temp_files.h"

namespace dprl {
namespace {

absl::Status Prefixed(const std::string& prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, status.message()));
}

absl::Status Run(const FigureFlags& flags, const std::string& name, const MakeFigure& make_figure) {
  absl::StatusOr<Hdf5Reader> reader = Hdf5Reader::Open(flags.in);
  if (!reader.ok()) return Prefixed("--in: ", reader.status());
  if (absl::Status status = CheckResultsFile(*reader); !status.ok()) {
    return Prefixed("--in: ", status);
  }
  if (absl::Status status = CheckFigureDrawsExperiment(*reader, name); !status.ok()) {
    return Prefixed("--in: ", status);
  }
  absl::StatusOr<FigureOutputs> figure = make_figure(*reader);
  if (!figure.ok()) return Prefixed("--in: ", figure.status());
  for (const char* device : {"pngcairo", "pdfcairo"}) {
    RETURN_IF_ERROR(CheckPlplotDevice(device));
  }
  const std::vector<std::string> outputs = {absl::StrCat(flags.out_prefix, ".png"),
                                            absl::StrCat(flags.out_prefix, ".pdf"),
                                            absl::StrCat(flags.out_prefix, "_summary.csv")};
  ASSIGN_OR_RETURN(OutputFiles files, OutputFiles::Reserve(outputs, "--out_prefix"));
  RETURN_IF_ERROR(
      RenderPngAndPdf(figure->panels, files.temp_path(0), files.temp_path(1), figure->layout));
  if (absl::Status status = WriteFileContents(files.temp_path(2), figure->csv, outputs[2]);
      !status.ok()) {
    return Prefixed("--out_prefix: ", status);
  }
  RETURN_IF_ERROR(files.Commit());
  std::fprintf(stderr, "%s: wrote %s, %s, %s\n", name.c_str(), outputs[0].c_str(),
               outputs[1].c_str(), outputs[2].c_str());
  return absl::OkStatus();
}

}  // namespace

int RunFigureMain(int argc, char** argv, const std::string& name, const std::string& usage,
                  const MakeFigure& make_figure) {
  if (HandleVersionFlag(argc, argv, name)) return 0;
  FigureFlags flags;
  if (absl::Status status = ParseFigureFlags(argc, argv, &flags); !status.ok()) {
    std::fprintf(stderr, "%s: error: %s\n", name.c_str(), std::string(status.message()).c_str());
    return 2;
  }
  if (flags.help) {
    std::fputs(usage.c_str(), stdout);
    return 0;
  }
  if (absl::Status status = Run(flags, name, make_figure); !status.ok()) {
    std::fprintf(stderr, "%s: error: %s\n", name.c_str(), std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}

}  // namespace dprl
