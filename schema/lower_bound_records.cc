#include "schema/lower_bound_records.h"

#include "common/hdf5_names.h"

namespace dprl {

const OptionBinding<LowerBoundFamilyMember>& LowerBoundBinding() {
  using Member = LowerBoundFamilyMember;
  static const auto* binding =
      &(*new OptionBinding<Member>("the lower-bound family"))
           .String("env_family", &Member::env_family, "lower_bound")
           .Int(
               "num_initial_states", [](Member& m) -> int& { return m.mdp.num_initial_states; },
               "n, initial states; num_states = n + 2")
           .Int(
               "num_arms", [](Member& m) -> int& { return m.mdp.num_arms; },
               "m, arms; num_actions = m + 1")
           .Int(
               hdf5_names::kRewardedHorizon,
               [](Member& m) -> int& { return m.mdp.rewarded_horizon; },
               "the paper's H (return H or 0); horizon = H + 1")
           .Float(
               hdf5_names::kAlphaPrime, [](Member& m) -> double& { return m.mdp.alpha_prime; },
               "the gap parameter alpha'");
  return *binding;
}

const OptionBinding<PacSettings>& PacSettingsBinding() {
  static const auto* binding =
      &(*new OptionBinding<PacSettings>("the PAC measurement"))
           .String(hdf5_names::kAgentVariant, &PacSettings::agent_variant,
                   "the curve: ubev, pucb_noiseless, pucb or pucb_exact_tail")
           .Float(hdf5_names::kPacAlpha, &PacSettings::pac_alpha, "the fixed alpha of panel (a)")
           .Float(hdf5_names::kPacAlphaUnit, &PacSettings::pac_alpha_unit,
                  "g = H alpha'/(2n), the unit of pac_alpha_grid");
  return *binding;
}

}  // namespace dprl
