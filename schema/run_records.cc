#include "schema/run_records.h"

#include "common/hdf5_names.h"

namespace dprl {

const OptionBinding<ResultsFileRecord>& ExperimentNameBinding() {
  static const auto* binding = &(*new OptionBinding<ResultsFileRecord>("the run"))
                                    .String(hdf5_names::kExperiment, &ResultsFileRecord::experiment,
                                            "the experiment's name");
  return *binding;
}

const OptionBinding<ResultsFileRecord>& ResultsFileBinding() {
  namespace names = hdf5_names;
  static const auto* binding =
      &(*new OptionBinding<ResultsFileRecord>("the run"))
           .String(names::kGitCommit, &ResultsFileRecord::git_commit,
                   "the source commit of the build")
           .Bool(names::kGitDirty, &ResultsFileRecord::git_dirty,
                 "uncommitted changes in the build")
           .Optional()
           .String(names::kDprlVersion, &ResultsFileRecord::dprl_version,
                   "dprl version of the build")
           .Optional()
           .String(names::kBuildTime, &ResultsFileRecord::build_time, "when the binary was built")
           .Optional()
           .String(names::kBuildHost, &ResultsFileRecord::build_host, "where the binary was built")
           .Optional()
           .String(names::kCommandLine, &ResultsFileRecord::command_line,
                   "a pasteable command that re-runs the run")
           .String(names::kResolvedConfig, &ResultsFileRecord::resolved_config,
                   "the run's grid as TOML")
           .Optional()
           .String(names::kScale, &ResultsFileRecord::scale, "smoke | default | paper")
           .Int(names::kSeeds, &ResultsFileRecord::seeds, "rows of every per-seed dataset");
  return *binding;
}

const OptionBinding<ClaimsProfileRecord>& ClaimsProfileBinding() {
  static const auto* binding =
      &(*new OptionBinding<ClaimsProfileRecord>("the run"))
           .String(hdf5_names::kClaimsProfile, &ClaimsProfileRecord::claims_profile,
                   "the claims profile the run is (claims | claims_reduced)");
  return *binding;
}

}  // namespace dprl
