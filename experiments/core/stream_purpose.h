// What an experiment's random stream is used for: the purpose word of its StreamKey
// (random/random_stream.h), so that the environment, the agent's policy, privacy noise and the
// drawing of a random MDP instance never share bits (docs/conventions.md, "Randomness").
#ifndef DPRL_EXPERIMENTS_CORE_STREAM_PURPOSE_H_
#define DPRL_EXPERIMENTS_CORE_STREAM_PURPOSE_H_

#include <cstdint>

namespace dprl {

enum class StreamPurpose : uint64_t {
  kEnvironment = 1,    // transitions, rewards, initial states
  kPolicy = 2,         // an agent's own randomness (tie-breaking, exploration)
  kPrivacyNoise = 3,   // noise of differentially private mechanisms
  kEnvGeneration = 4,  // drawing a random MDP instance
};

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_STREAM_PURPOSE_H_
