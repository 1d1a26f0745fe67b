// Random streams for tests and benchmarks (testonly).
//
// A test names its streams by a fixed seed and a purpose word. The purpose words below separate
// the streams a test uses for an environment, an agent's policy and privacy noise; their values
// are those the tests' fixed seeds were chosen with (the experiments name their streams with
// experiments/core/stream_purpose.h, which these words do not depend on).
#ifndef DPRL_TESTING_RANDOM_STREAMS_H_
#define DPRL_TESTING_RANDOM_STREAMS_H_

#include <cstdint>

#include "random/random_stream.h"

namespace dprl {

// Purpose words (StreamKey::purpose) of test streams.
struct TestPurpose {
  static constexpr uint64_t kEnvironment = 1;    // transitions, rewards, initial states
  static constexpr uint64_t kPolicy = 2;         // an agent's own randomness
  static constexpr uint64_t kPrivacyNoise = 3;   // noise of differentially private mechanisms
  static constexpr uint64_t kEnvGeneration = 4;  // drawing a random MDP instance
  static constexpr uint64_t kTest = 100;         // everything else in tests
};

// The stream (master_seed = seed, config = 0, replicate, purpose).
inline RandomStream TestStream(uint64_t seed, uint64_t purpose = TestPurpose::kTest,
                               uint64_t replicate = 0) {
  StreamKey key;
  key.master_seed = seed;
  key.replicate = replicate;
  key.purpose = purpose;
  return RandomStream(key);
}

}  // namespace dprl

#endif  // DPRL_TESTING_RANDOM_STREAMS_H_
