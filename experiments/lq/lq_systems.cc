// Registers the LQ systems (lq_registry.h): the named systems of envs/lq_system.h (its table gives
// A, B, Q, R, x_1 and the bounds of each).
#include <limits>

#include "absl/strings/str_cat.h"
#include "envs/lq_system.h"
#include "experiments/lq/lq_registry.h"

namespace dprl {
namespace {

// An entry building the named system `name` of envs/lq_system.h.
LqSystemType Named(const char* name, const char* description) {
  return LqSystemType{
      name, description, [name](const LqSystemSettings& settings) -> absl::StatusOr<LqSystem> {
        if (settings.horizon > std::numeric_limits<int>::max()) {
          return absl::InvalidArgumentError(
              absl::StrCat("LQ system ", name, ": horizon must be < 2^31, got ", settings.horizon));
        }
        return MakeNamedLqSystem(name, static_cast<int>(settings.horizon));
      }};
}

const bool kChainN2 = RegisterLqSystem(Named("chain_n2", "upper bidiagonal chain, n = 2, d = 1"));
const bool kChainN4 = RegisterLqSystem(Named("chain_n4", "upper bidiagonal chain, n = 4, d = 2"));
const bool kChainN8 = RegisterLqSystem(Named("chain_n8", "upper bidiagonal chain, n = 8, d = 4"));
const bool kRotationN2 =
    RegisterLqSystem(Named("rotation_n2", "damped rotation of the state pair, n = 2, d = 1"));
const bool kRotationN4 =
    RegisterLqSystem(Named("rotation_n4", "damped rotations of 2 state pairs, n = 4, d = 2"));
const bool kRotationN8 =
    RegisterLqSystem(Named("rotation_n8", "damped rotations of 4 state pairs, n = 8, d = 4"));
const bool kRelayN2 = RegisterLqSystem(Named(
    "relay_n2", "an unactuated state feeds the weighted, actuated one; u = 0 costs 43% above J*"));

}  // namespace
}  // namespace dprl
