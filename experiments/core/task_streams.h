// The random streams of one task, for every experiment (docs/conventions.md, "Randomness").
//
// A task (config c, seed k) of an experiment with master seed m draws from
//   Environment(key)  (m, StableHash(key), k, kEnvironment): keyed by the environment (the `env`
//                     attribute, or the environment's name), not the agent, so every agent of one
//                     seed faces the same environment randomness (common random numbers);
//   Policy()          (m, StableHash(group name), k, kPolicy): the agent's own randomness;
//   SharedPolicy(key) (m, StableHash(key), k, kPolicy): policy randomness shared on purpose by
//                     every configuration of a seed (Wang & Hegde: the Q-network's initialisation
//                     and exploration, key "q_network", so all methods start from one network);
//   PrivacyNoise()    (m, StableHash(group name), k, kPrivacyNoise);
//   Instance(m, key)  (m, StableHash(key), 0, kEnvGeneration): one random instance per
//                     environment name, shared by all agents and seeds (random_mdp, the
//                     lower-bound family's instance vector I).
// Never the MPI rank or the thread: a task gives the same bits wherever it runs.
#ifndef DPRL_EXPERIMENTS_CORE_TASK_STREAMS_H_
#define DPRL_EXPERIMENTS_CORE_TASK_STREAMS_H_

#include <cstdint>
#include <string>

#include "common/stable_hash.h"
#include "experiments/core/stream_purpose.h"
#include "experiments/runner/experiment.h"
#include "random/random_stream.h"

namespace dprl {

class TaskStreams {
 public:
  TaskStreams(const ConfigSpec& config, const TaskContext& context)
      : master_seed_(context.master_seed),
        seed_(static_cast<uint64_t>(context.seed_index)),
        group_key_(StableHash(config.group_name)) {}

  RandomStream Environment(const std::string& environment_key) const;
  RandomStream Policy() const;
  RandomStream SharedPolicy(const std::string& shared_key) const;
  RandomStream PrivacyNoise() const;
  static RandomStream Instance(uint64_t master_seed, const std::string& environment_key);

 private:
  uint64_t master_seed_;
  uint64_t seed_;
  uint64_t group_key_;
};

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_TASK_STREAMS_H_
