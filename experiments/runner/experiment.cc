// Validation helpers declared in experiment.h (RunExperimentMain lives in runner.cc).
#include "experiments/runner/experiment.h"

#include <cmath>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/status_macros.h"

namespace dprl {

int DefaultSeeds(const ExperimentDefinition& experiment, Scale scale) {
  switch (scale) {
    case Scale::kSmoke:
      return experiment.default_seeds_smoke;
    case Scale::kDefault:
      return experiment.default_seeds_default;
    case Scale::kPaper:
      return experiment.default_seeds_paper;
  }
  return experiment.default_seeds_default;
}

std::string ScaleName(Scale scale) {
  switch (scale) {
    case Scale::kSmoke:
      return "smoke";
    case Scale::kDefault:
      return "default";
    case Scale::kPaper:
      return "paper";
  }
  return "unknown";
}

absl::StatusOr<Scale> ParseScale(absl::string_view text) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    if (text == ScaleName(scale)) return scale;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--scale: '", text, "' is not one of smoke, default, paper"));
}

bool IsValidObjectName(absl::string_view name) {
  if (name.empty() || name == "." || name == "..") return false;
  for (char c : name) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '.' || c == '=' || c == '-';
    if (!ok) return false;
  }
  return true;
}

absl::Status ValidateExperimentDefinition(const ExperimentDefinition& experiment) {
  if (!IsValidObjectName(experiment.name)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "experiment name '", experiment.name, "' must be non-empty and use only [A-Za-z0-9_.=-]"));
  }
  if (experiment.default_seeds_smoke <= 0 || experiment.default_seeds_default <= 0 ||
      experiment.default_seeds_paper <= 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "experiment '", experiment.name,
        "': default seeds must be >= 1, got smoke=", experiment.default_seeds_smoke,
        " default=", experiment.default_seeds_default, " paper=", experiment.default_seeds_paper));
  }
  if (!experiment.make_grid || !experiment.run_task) {
    return absl::InvalidArgumentError(absl::StrCat("experiment '", experiment.name,
                                                   "': make_grid and run_task must both be set"));
  }
  return absl::OkStatus();
}

absl::Status CheckTaskTime(const std::string& subject, double estimated_core_seconds) {
  if (estimated_core_seconds <= kMaxTaskCoreSeconds) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrFormat(
      "%s: one task would take an estimated %.2g core-seconds, above the limit of %.2g "
      "core-seconds (%.0f core-days) per task",
      subject, estimated_core_seconds, kMaxTaskCoreSeconds, kMaxTaskCoreSeconds / 86400.0));
}

absl::Status ValidateConfigs(const std::vector<ConfigSpec>& configs) {
  if (configs.empty()) {
    return absl::InvalidArgumentError("the grid has no configurations (an empty list field?)");
  }
  std::set<std::string> groups;
  for (const ConfigSpec& config : configs) {
    if (!IsValidObjectName(config.group_name)) {
      return absl::InvalidArgumentError(
          absl::StrCat("config group_name '", config.group_name,
                       "' must be non-empty and use only [A-Za-z0-9_.=-]"));
    }
    if (!groups.insert(config.group_name).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("config group_name '", config.group_name, "' is used twice"));
    }
    if (!std::isfinite(config.estimated_core_seconds) || config.estimated_core_seconds <= 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "config '", config.group_name, "': estimated_core_seconds must be finite and > 0, got ",
          config.estimated_core_seconds));
    }
    RETURN_IF_ERROR(CheckTaskTime(absl::StrCat("config '", config.group_name, "'"),
                                  config.estimated_core_seconds));
    if (config.stored_values_per_seed < 1) {
      return absl::InvalidArgumentError(absl::StrCat("config '", config.group_name,
                                                     "': stored_values_per_seed must be >= 1, got ",
                                                     config.stored_values_per_seed));
    }
    std::set<std::string> names;
    for (const auto& [name, value] : config.attributes) {
      if (name.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat("config '", config.group_name, "' has an attribute with an empty name"));
      }
      if (!names.insert(name).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("config '", config.group_name, "': attribute '", name, "' given twice"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateTaskResult(const TaskResult& result) {
  std::set<std::string> names;
  for (const auto& [name, values] : result.series) {
    if (!IsValidObjectName(name)) {
      return absl::InvalidArgumentError(
          absl::StrCat("series name '", name, "' must use only [A-Za-z0-9_.=-]"));
    }
    if (!names.insert(name).second) {
      return absl::InvalidArgumentError(absl::StrCat("series '", name, "' given twice"));
    }
    if (values.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("series '", name, "' is empty"));
    }
  }
  if (result.series.empty()) return absl::InvalidArgumentError("task result has no series");
  for (const auto& [name, value] : result.scalars) {
    if (!IsValidObjectName(name)) {
      return absl::InvalidArgumentError(
          absl::StrCat("scalar name '", name, "' must use only [A-Za-z0-9_.=-]"));
    }
    if (!names.insert(name).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("scalar '", name, "' duplicates another series or scalar name"));
    }
  }
  return absl::OkStatus();
}

}  // namespace dprl
