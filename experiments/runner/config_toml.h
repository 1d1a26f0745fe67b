// Reading ConfigFields overrides from a TOML file (--config=FILE.toml; TOML 1.0 via toml++).
//
// Every key of the file must name a field (config_fields.h); a dotted field such as
// "riverswim.num_states" is written as a table entry or a dotted key:
//   num_episodes = 1000000
//   privacy_epsilons = [0.5, 5.0]
//   [riverswim]
//   num_states = 10
// Types: TOML integers for int fields (and float fields), floats or integers for float fields,
// booleans, strings, and arrays of one such type for list fields ([] for an empty list).
// Errors name the file and, where it applies, the line or the field:
//   --config=run.toml: line 3: <the TOML syntax error>
//   --config=run.toml: unknown field 'x' (see --help for the fields of this experiment)
//   --config=run.toml: field 'num_episodes' takes an int, got a string
// Limits (checked before the TOML parser sees the text, whose recursion a deeply nested key
// would overflow): the file must be a regular file (not a directory, device or pipe) of at most
// kMaxConfigFileBytes, and no key may be nested deeper than kMaxConfigKeyDepth levels (dotted
// keys, table headers and inline tables together; the grids' fields are 1 or 2 levels deep).
#ifndef DPRL_EXPERIMENTS_RUNNER_CONFIG_TOML_H_
#define DPRL_EXPERIMENTS_RUNNER_CONFIG_TOML_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "experiments/runner/config_fields.h"

namespace dprl {

// The largest --config file accepted: 1 MiB (a resolved grid is a few kB).
inline constexpr int64_t kMaxConfigFileBytes = 1 << 20;
// The deepest key accepted, in levels (a.b.c is 3).
inline constexpr int kMaxConfigKeyDepth = 16;

// Applies every key of the TOML document `text` to `fields`; `source` names it in errors (the
// file path). On error, fields may be partly updated (the run stops anyway).
absl::Status ApplyToml(absl::string_view text, const std::string& source, ConfigFields* fields);

// Reads the file at `path` and applies it; a missing or unreadable file, a directory or other
// file that is not a regular file, or one over kMaxConfigFileBytes is an error naming it.
absl::Status ApplyTomlFile(const std::string& path, ConfigFields* fields);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_CONFIG_TOML_H_
