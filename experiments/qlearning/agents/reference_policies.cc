// The reference policies drawn beside the Wang & Hegde learners: scripted (move towards 0.5),
// uniform (uniform random actions) and frozen (greedy with respect to the initial network every
// learner of the seed starts from). None learns or has privacy noise.
#include <array>

#include "algorithms/qlearning/mlp.h"
#include "common/validation.h"
#include "envs/continuous_walk.h"
#include "experiments/qlearning/qlearning_agent_bindings.h"
#include "experiments/qlearning/qlearning_registry.h"
#include "schema/attribute_fields.h"

namespace dprl {

absl::Status WalkReferenceOptions::Validate() const {
  return ValidateAtLeastOne("num_samples", num_samples);
}

const OptionBinding<WalkReferenceOptions>& WalkReferenceBinding() {
  static const auto* binding =
      &(*new OptionBinding<WalkReferenceOptions>("reference policy"))
           .Int(attribute_fields::kNumSamples, &WalkReferenceOptions::num_samples,
                "steps the policy is run for");
  return *binding;
}

namespace {

// The scripted reference: move towards 0.5 (right below it, left otherwise).
struct ScriptedMiddle {
  int Act(double state) const { return state < 0.5 ? kWalkRight : kWalkLeft; }
  void Observe(double, int, double, double, bool) {}
};

// The uniform-random reference (one policy word per step).
struct UniformRandom {
  RandomStream* stream;
  int Act(double) { return static_cast<int>(stream->UniformInt(2)); }
  void Observe(double, int, double, double, bool) {}
};

// The frozen-initial-network reference: greedy with respect to the network every learner of the
// seed starts from (same policy stream), never updated. A greedy, noise-dominated network walks
// into a wall and stays there; the baselines whose updates are pure noise end near this line.
class FrozenInitialGreedy {
 public:
  explicit FrozenInitialGreedy(RandomStream& policy_stream) { network_.Initialize(policy_stream); }
  int Act(double state) const {
    const MlpOutputs q = network_.Forward(state);
    return q[1] > q[0] ? 1 : 0;  // ties: the lower action, as Algorithm 1's line 12
  }
  void Observe(double, int, double, double, bool) {}
  const Mlp& network() const { return network_; }

 private:
  Mlp network_;
};

template <typename Policy>
QLearningAgentDefinition<WalkReferenceOptions, Policy> ReferenceDefinition(
    const std::string& name, const std::string& description, const std::string& legend) {
  QLearningAgentDefinition<WalkReferenceOptions, Policy> d;
  d.name = name;
  d.description = description;
  d.legend = legend;
  d.binding = &WalkReferenceBinding();
  d.validate = [](const WalkReferenceOptions& o) { return o.Validate(); };
  d.num_samples = [](const WalkReferenceOptions& o) { return o.num_samples; };
  return d;
}

QLearningAgentType ScriptedType() {
  auto d = ReferenceDefinition<ScriptedMiddle>(
      "scripted", "reference: moves right below 0.5 and left otherwise (no learning)",
      "scripted: move to 0.5");
  d.create = [](const WalkReferenceOptions&, const ContinuousWalk&, RandomStream&,
                const RandomStream&) -> absl::StatusOr<ScriptedMiddle> { return ScriptedMiddle(); };
  return MakeQLearningAgentType(d);
}

QLearningAgentType UniformType() {
  auto d = ReferenceDefinition<UniformRandom>(
      "uniform", "reference: uniform random actions from the policy stream", "uniform random");
  d.create = [](const WalkReferenceOptions&, const ContinuousWalk&, RandomStream& policy_stream,
                const RandomStream&) -> absl::StatusOr<UniformRandom> {
    return UniformRandom{&policy_stream};
  };
  return MakeQLearningAgentType(d);
}

QLearningAgentType FrozenType() {
  auto d = ReferenceDefinition<FrozenInitialGreedy>(
      "frozen",
      "reference: greedy with respect to the initial network every learner of the seed starts "
      "from, never updated",
      "frozen initial network (greedy)");
  d.create = [](const WalkReferenceOptions&, const ContinuousWalk&, RandomStream& policy_stream,
                const RandomStream&) -> absl::StatusOr<FrozenInitialGreedy> {
    return FrozenInitialGreedy(policy_stream);
  };
  d.q_values = [](const FrozenInitialGreedy& policy, double state) {
    return MlpQValues(policy.network(), state);
  };
  return MakeQLearningAgentType(d);
}

const bool kRegistered = RegisterQLearningAgent(ScriptedType()) &&
                         RegisterQLearningAgent(UniformType()) &&
                         RegisterQLearningAgent(FrozenType());

}  // namespace
}  // namespace dprl
