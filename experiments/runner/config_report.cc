#include "experiments/runner/config_report.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "common/status_macros.h"
#include "experiments/runner/config_toml.h"
#include "experiments/runner/process_util.h"
#include "experiments/runner/progress.h"

namespace dprl {
namespace {

constexpr Scale kScales[] = {Scale::kDefault, Scale::kSmoke, Scale::kPaper};

// `text` cut into lines of at most `width` characters at spaces, each prefixed by `indent`.
std::string Wrap(const std::string& text, const std::string& indent, size_t width) {
  std::string out, line;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      absl::StrAppend(&out, indent, line, "\n");
      line.clear();
    }
    line = line.empty() ? word : absl::StrCat(line, " ", word);
    start = end + 1;
  }
  if (!line.empty()) absl::StrAppend(&out, indent, line, "\n");
  return out;
}

std::string TypeOf(const ConfigFields::Field& field) {
  return std::visit(
      [](auto* target) { return FieldTypeName(FieldValue(std::decay_t<decltype(*target)>{})); },
      field.target);
}

}  // namespace

absl::StatusOr<std::unique_ptr<ExperimentGrid>> ResolveGrid(const ExperimentDefinition& experiment,
                                                            const RunnerFlags& flags) {
  std::unique_ptr<ExperimentGrid> grid = experiment.make_grid(flags.scale);
  if (!flags.config_file.empty()) {
    RETURN_IF_ERROR(ApplyTomlFile(flags.config_file, &grid->fields()));
  }
  for (const std::string& assignment : flags.set_overrides) {
    const size_t eq = assignment.find('=');
    const std::string name = assignment.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : assignment.substr(eq + 1);
    if (absl::Status status = grid->fields().SetFromText(name, value); !status.ok()) {
      return absl::Status(status.code(),
                          absl::StrCat("--set=", assignment, ": ", status.message()));
    }
  }
  return grid;
}

std::string ConfigExample(const ExperimentDefinition& experiment) {
  const std::string toml = experiment.make_grid(Scale::kDefault)->fields().ToToml();
  std::string top, table_line;
  std::string table;
  for (absl::string_view line : absl::StrSplit(toml, '\n')) {
    if (line.empty()) continue;
    if (line.front() == '[') {
      if (table_line.empty()) table = std::string(line);
      continue;
    }
    if (table.empty() && top.empty()) top = std::string(line);
    if (!table.empty() && table_line.empty()) table_line = absl::StrCat(table, " ", line);
  }
  std::vector<std::string> parts;
  for (const std::string& part : {top, table_line}) {
    if (!part.empty()) parts.push_back(part);
  }
  return absl::StrJoin(parts, " / ");
}

std::string FieldsUsage(const ExperimentDefinition& experiment) {
  std::vector<std::unique_ptr<ExperimentGrid>> grids;
  for (Scale scale : kScales) grids.push_back(experiment.make_grid(scale));
  std::string usage =
      "Fields of the grid (--set=FIELD=VALUE or a --config file); defaults per --scale:\n";
  const std::vector<ConfigFields::Field>& fields = grids[0]->fields().fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    absl::StrAppend(&usage, "  ", fields[i].name, " (", TypeOf(fields[i]), ")\n");
    usage += Wrap(fields[i].doc, "      ", 90);
    std::vector<std::string> defaults;
    const std::string default_value = ConfigFields::FormatText(grids[0]->fields().fields()[i]);
    defaults.push_back(absl::StrCat("default ", default_value.empty() ? "(empty)" : default_value));
    for (size_t s = 1; s < grids.size(); ++s) {
      const std::string value = ConfigFields::FormatText(grids[s]->fields().fields()[i]);
      if (value != default_value) {
        defaults.push_back(
            absl::StrCat(ScaleName(kScales[s]), " ", value.empty() ? "(empty)" : value));
      }
    }
    usage += Wrap(absl::StrJoin(defaults, "; "), "      ", 90);
  }
  return usage;
}

std::string ReproduceCommand(const ExperimentDefinition& experiment, const RunnerFlags& flags,
                             const ExperimentGrid& grid) {
  std::vector<std::string> words = {"bazel",
                                    "run",
                                    absl::StrCat("//experiments:", experiment.name),
                                    "--",
                                    absl::StrCat("--scale=", ScaleName(flags.scale)),
                                    absl::StrCat("--seeds=", flags.seeds),
                                    absl::StrCat("--master_seed=", flags.master_seed)};
  const std::unique_ptr<ExperimentGrid> defaults = experiment.make_grid(flags.scale);
  const std::vector<ConfigFields::Field>& fields = grid.fields().fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::string value = ConfigFields::FormatText(fields[i]);
    if (value != ConfigFields::FormatText(defaults->fields().fields()[i])) {
      words.push_back(ShellQuote(absl::StrCat("--set=", fields[i].name, "=", value)));
    }
  }
  return absl::StrJoin(words, " ");
}

std::string FormatBytes(double bytes) {
  if (bytes < 1e3) return absl::StrFormat("%.0f B", bytes);
  if (bytes < 1e6) return absl::StrFormat("%.1f kB", bytes / 1e3);
  if (bytes < 1e9) return absl::StrFormat("%.1f MB", bytes / 1e6);
  return absl::StrFormat("%.2f GB", bytes / 1e9);
}

std::string DryRunReport(const ExperimentDefinition& experiment, const RunnerFlags& flags,
                         const std::vector<ConfigSpec>& configs, int cores) {
  size_t width = 6;
  for (const ConfigSpec& config : configs) width = std::max(width, config.group_name.size());
  std::string report = absl::StrFormat(
      "%s --dry_run: scale %s, %d seeds, master seed %d: %d configs x %d seeds = %d tasks\n",
      experiment.name, ScaleName(flags.scale), flags.seeds, flags.master_seed, configs.size(),
      flags.seeds, configs.size() * flags.seeds);
  absl::StrAppend(&report, absl::StrFormat("  %-*s  %14s  %14s\n", width, "config", "core-s / task",
                                           "values / task"));
  double core_seconds = 0, values = 0, longest_task = 0;
  for (const ConfigSpec& config : configs) {
    absl::StrAppend(&report,
                    absl::StrFormat("  %-*s  %14.3g  %14d\n", width, config.group_name,
                                    config.estimated_core_seconds, config.stored_values_per_seed));
    core_seconds += config.estimated_core_seconds * flags.seeds;
    values += static_cast<double>(config.stored_values_per_seed) * flags.seeds;
    longest_task = std::max(longest_task, config.estimated_core_seconds);
  }
  const double wall = std::max(core_seconds / std::max(1, cores), longest_task);
  absl::StrAppend(
      &report,
      absl::StrFormat("Estimated cost: %.3g core-seconds, about %s on %d core(s) (rough: "
                      "calibrated on a 2-core machine).\n",
                      core_seconds, FormatDuration(wall), cores),
      absl::StrFormat("Estimated output: %s of float64 data in %s/%s.h5 before compression "
                      "(%.4g values); the per-task files hold as much again until the merge "
                      "removes them.\n",
                      FormatBytes(values * 8), "<out>", experiment.name, values));
  return report;
}

}  // namespace dprl
