#include "experiments/core/task_streams.h"

#include <gtest/gtest.h>

#include "experiments/core/stream_purpose.h"
#include "experiments/runner/experiment.h"
#include "random/random_stream.h"

namespace dprl {
namespace {

// The first word of the stream (master_seed, config, replicate, purpose).
uint64_t FirstWord(uint64_t master_seed, uint64_t config, uint64_t replicate,
                   StreamPurpose purpose) {
  StreamKey key;
  key.master_seed = master_seed;
  key.config = config;
  key.replicate = replicate;
  key.purpose = static_cast<uint64_t>(purpose);
  RandomStream stream(key);
  return stream.NextU64();
}

uint64_t FirstWord(RandomStream stream) { return stream.NextU64(); }

// Each stream has the key the header documents; the rank and thread play no part.
TEST(TaskStreamsTest, StreamsHaveTheDocumentedKeys) {
  ConfigSpec config;
  config.group_name = "riverswim-pucb-eps=10";
  TaskContext context{/*config_index=*/3, /*seed_index=*/2, /*master_seed=*/77, nullptr};
  const TaskStreams streams(config, context);
  const uint64_t group = StableHash(config.group_name);
  EXPECT_EQ(FirstWord(streams.Environment("riverswim")),
            FirstWord(77, StableHash("riverswim"), 2, StreamPurpose::kEnvironment));
  EXPECT_EQ(FirstWord(streams.Policy()), FirstWord(77, group, 2, StreamPurpose::kPolicy));
  EXPECT_EQ(FirstWord(streams.SharedPolicy("q_network")),
            FirstWord(77, StableHash("q_network"), 2, StreamPurpose::kPolicy));
  EXPECT_EQ(FirstWord(streams.PrivacyNoise()),
            FirstWord(77, group, 2, StreamPurpose::kPrivacyNoise));
  EXPECT_EQ(FirstWord(TaskStreams::Instance(77, "random_mdp")),
            FirstWord(77, StableHash("random_mdp"), 0, StreamPurpose::kEnvGeneration));
  // Another configuration of the same seed shares the environment stream, not the others.
  ConfigSpec other;
  other.group_name = "riverswim-ubev";
  const TaskStreams other_streams(other, context);
  EXPECT_EQ(FirstWord(other_streams.Environment("riverswim")),
            FirstWord(streams.Environment("riverswim")));
  EXPECT_NE(FirstWord(other_streams.Policy()), FirstWord(streams.Policy()));
  EXPECT_NE(FirstWord(other_streams.PrivacyNoise()), FirstWord(streams.PrivacyNoise()));
}

}  // namespace
}  // namespace dprl
