// The root attributes of a results file (docs/hdf5_schema.md, "Root attributes"): what run made
// it. The runner's merge (experiments/runner/merge.cc) writes them through these bindings and the
// analysis binaries (the claims report, the results check) read them back through the same ones.
//
//   record                attributes
//   ResultsFileRecord     experiment (ExperimentNameBinding); git_commit, git_dirty, dprl_version,
//                         build_time, build_host, command_line, resolved_config, scale, seeds
//                         (ResultsFileBinding)
//   ClaimsProfileRecord   claims_profile (only on a claims-profile run's file)
//
// dprl_schema_version (checked by the reader before anything else) and master_seed (an unsigned
// 64-bit value, which an OptionBinding does not hold) are written and read beside these records.
#ifndef DPRL_SCHEMA_RUN_RECORDS_H_
#define DPRL_SCHEMA_RUN_RECORDS_H_

#include <cstdint>
#include <string>

#include "schema/option_binding.h"

namespace dprl {

struct ResultsFileRecord {
  std::string experiment;    // the registered experiment's name
  std::string git_commit;    // the source commit of the build
  bool git_dirty = false;    // the build had uncommitted changes
  std::string dprl_version;  // build provenance of the binary that merged
  std::string build_time;
  std::string build_host;
  std::string command_line;     // a pasteable command that re-runs the run
  std::string resolved_config;  // the run's grid as TOML
  std::string scale;            // smoke | default | paper
  int64_t seeds = 0;            // rows of every per-seed dataset
};
// `experiment` alone: what a figure binary checks before drawing a file.
const OptionBinding<ResultsFileRecord>& ExperimentNameBinding();
// The rest. git_dirty and the build provenance (dprl_version, build_time, build_host,
// resolved_config) are optional when read: files made by hand (test fixtures) may lack them.
const OptionBinding<ResultsFileRecord>& ResultsFileBinding();

// The claims profile the run is ("claims" | "claims_reduced"); absent on other runs' files.
struct ClaimsProfileRecord {
  std::string claims_profile;
};
const OptionBinding<ClaimsProfileRecord>& ClaimsProfileBinding();

}  // namespace dprl

#endif  // DPRL_SCHEMA_RUN_RECORDS_H_
