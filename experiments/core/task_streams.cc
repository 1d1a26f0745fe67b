#include "experiments/core/task_streams.h"

namespace dprl {
namespace {

// The stream (master_seed, config_key, seed, purpose).
RandomStream Stream(uint64_t master_seed, uint64_t config_key, uint64_t seed,
                    StreamPurpose purpose) {
  StreamKey key;
  key.master_seed = master_seed;
  key.config = config_key;
  key.replicate = seed;
  key.purpose = static_cast<uint64_t>(purpose);
  return RandomStream(key);
}

}  // namespace

RandomStream TaskStreams::Environment(const std::string& environment_key) const {
  return Stream(master_seed_, StableHash(environment_key), seed_, StreamPurpose::kEnvironment);
}

RandomStream TaskStreams::Policy() const {
  return Stream(master_seed_, group_key_, seed_, StreamPurpose::kPolicy);
}

RandomStream TaskStreams::SharedPolicy(const std::string& shared_key) const {
  return Stream(master_seed_, StableHash(shared_key), seed_, StreamPurpose::kPolicy);
}

RandomStream TaskStreams::PrivacyNoise() const {
  return Stream(master_seed_, group_key_, seed_, StreamPurpose::kPrivacyNoise);
}

RandomStream TaskStreams::Instance(uint64_t master_seed, const std::string& environment_key) {
  return Stream(master_seed, StableHash(environment_key), 0, StreamPurpose::kEnvGeneration);
}

}  // namespace dprl
