#include "experiments/lq/lq_registry.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "glog/logging.h"
#include "common/registry.h"

namespace dprl {
namespace {

// A function-local static: registration may run during static initialisation of other files.
Registry<LqSystemType>& Systems() {
  static auto* registry = new Registry<LqSystemType>("LQ system");
  return *registry;
}

}  // namespace

bool RegisterLqSystem(LqSystemType type) {
  CHECK(type.create) << type.name;
  const std::string name = type.name;
  Systems().Register(name, std::move(type));
  return true;
}

std::vector<std::string> LqSystemNames() { return Systems().Keys(); }

absl::StatusOr<const LqSystemType*> FindLqSystem(const std::string& name) {
  return Systems().Find(name);
}

absl::StatusOr<LqAgentOptions> ReadLqAgentOptions(const LqAgentType& type, const LqSystem& system,
                                                  const ConfigSpec& config) {
  const OptionBinding<LqAgentOptions> binding =
      LqAgentParameterBinding(type.preset, absl::StrCat("agent ", type.name));
  ASSIGN_OR_RETURN(LqAgentOptions options, binding.Read(config, type.preset));
  ASSIGN_OR_RETURN(const LqAgentOptions recorded, LqAgentStructureBinding().Read(config));
  if (recorded.planner != type.preset.planner || recorded.calibration != type.preset.calibration ||
      recorded.model != type.preset.model) {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name, ": agent ", type.name, " is planner ",
        LqPlannerName(type.preset.planner), ", calibration ",
        LqCalibrationName(type.preset.calibration), ", model ", LqModelName(type.preset.model),
        "; the configuration says planner ", LqPlannerName(recorded.planner), ", calibration ",
        LqCalibrationName(recorded.calibration), ", model ", LqModelName(recorded.model)));
  }
  SetLqSystemOptions(system, options.privacy.episodes, options);
  return options;
}

}  // namespace dprl
