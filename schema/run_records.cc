#include "schema/run_records.h"

#include "schema/attribute_fields.h"

namespace dprl {

namespace fields = attribute_fields;

const OptionBinding<ResultsFileRecord>& ExperimentNameBinding() {
  static const auto* binding = &(*new OptionBinding<ResultsFileRecord>("the run"))
                                    .String(fields::kExperiment, &ResultsFileRecord::experiment);
  return *binding;
}

const OptionBinding<ResultsFileRecord>& ResultsFileBinding() {
  using Record = ResultsFileRecord;
  static const auto* binding = &(*new OptionBinding<Record>("the run"))
                                    .String(fields::kGitCommit, &Record::git_commit)
                                    .Bool(fields::kGitDirty, &Record::git_dirty)
                                    .Optional()
                                    .String(fields::kDprlVersion, &Record::dprl_version)
                                    .Optional()
                                    .String(fields::kBuildTime, &Record::build_time)
                                    .Optional()
                                    .String(fields::kBuildHost, &Record::build_host)
                                    .Optional()
                                    .String(fields::kCommandLine, &Record::command_line)
                                    .String(fields::kResolvedConfig, &Record::resolved_config)
                                    .Optional()
                                    .String(fields::kScale, &Record::scale)
                                    .Int(fields::kSeeds, &Record::seeds);
  return *binding;
}

const OptionBinding<ClaimsProfileRecord>& ClaimsProfileBinding() {
  static const auto* binding =
      &(*new OptionBinding<ClaimsProfileRecord>("the run"))
           .String(fields::kClaimsProfile, &ClaimsProfileRecord::claims_profile);
  return *binding;
}

}  // namespace dprl
