#include "schema/lower_bound_records.h"

#include "schema/attribute_fields.h"

namespace dprl {

namespace fields = attribute_fields;

const OptionBinding<LowerBoundFamilyMember>& LowerBoundBinding() {
  using Member = LowerBoundFamilyMember;
  static const auto* binding =
      &(*new OptionBinding<Member>("the lower-bound family"))
           .String(fields::kEnvFamily, &Member::env_family)
           .Int(fields::kNumInitialStates,
                [](Member& m) -> int& { return m.mdp.num_initial_states; })
           .Int(fields::kNumArms, [](Member& m) -> int& { return m.mdp.num_arms; })
           .Int(fields::kRewardedHorizon, [](Member& m) -> int& { return m.mdp.rewarded_horizon; })
           .Float(fields::kAlphaPrime, [](Member& m) -> double& { return m.mdp.alpha_prime; });
  return *binding;
}

const OptionBinding<PacSettings>& PacSettingsBinding() {
  static const auto* binding = &(*new OptionBinding<PacSettings>("the PAC measurement"))
                                    .String(fields::kAgentVariant, &PacSettings::agent_variant)
                                    .Float(fields::kPacAlpha, &PacSettings::pac_alpha)
                                    .Float(fields::kPacAlphaUnit, &PacSettings::pac_alpha_unit);
  return *binding;
}

}  // namespace dprl
