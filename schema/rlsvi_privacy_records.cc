#include "schema/rlsvi_privacy_records.h"

#include "common/hdf5_names.h"

namespace dprl {

const OptionBinding<RlsviPrivacyKindSetting>& RlsviPrivacyKindBinding() {
  static const auto* binding =
      &(*new OptionBinding<RlsviPrivacyKindSetting>("rlsvi_privacy_fig"))
           .Choice(hdf5_names::kKind, &RlsviPrivacyKindSetting::kind,
                   {{RlsviPrivacyKind::kPrivacyCurve, "privacy_curve"}, {RlsviPrivacyKind::kRegret, "regret"}},
                   "what the configuration computes");
  return *binding;
}

const OptionBinding<PrivacyCurveSettings>& PrivacyCurveBinding() {
  using Curve = PrivacyCurveSettings;
  static const auto* binding =
      &(*new OptionBinding<Curve>("the privacy curve"))
           .Int(
               hdf5_names::kNumStates, [](Curve& c) -> int& { return c.shape.num_states; }, "S")
           .Int(
               hdf5_names::kNumActions, [](Curve& c) -> int& { return c.shape.num_actions; }, "A")
           .Int(
               hdf5_names::kHorizon, [](Curve& c) -> int& { return c.shape.horizon; }, "H")
           .Float(hdf5_names::kTargetDelta, &Curve::target_delta, "delta of the curve")
           .Int("max_episodes", &Curve::max_episodes, "the largest K of the curve")
           .Int("points_per_decade", &Curve::points_per_decade, "K values per decade");
  return *binding;
}

const OptionBinding<PrivacyRecord>& PrivacyClaimBinding() {
  static const auto* binding =
      &(*new OptionBinding<PrivacyRecord>("the privacy claim"))
           .String(hdf5_names::kPrivacyProtects, &PrivacyRecord::privacy_protects,
                   "what the guarantee protects")
           .String(hdf5_names::kPrivacyNotion, &PrivacyRecord::privacy_notion,
                   "the kind of guarantee");
  return *binding;
}

const OptionBinding<PrivacyRecord>& PrivacyAccountingBinding() {
  static const auto* binding =
      &(*new OptionBinding<PrivacyRecord>("the privacy accounting"))
           .Float(hdf5_names::kTargetDelta, &PrivacyRecord::target_delta,
                  "delta of the guarantee (0: pure eps)")
           .String("privacy_accounting", &PrivacyRecord::privacy_accounting,
                   "where privacy_epsilon comes from")
           .Optional();
  return *binding;
}

const OptionBinding<PrivacyRecord>& RlsviGuaranteeBinding() {
  static const auto* binding =
      &(*new OptionBinding<PrivacyRecord>("RLSVI's guarantee"))
           .Float(hdf5_names::kPrivacyEpsilon, &PrivacyRecord::privacy_epsilon,
                  "eps at target_delta, paper conversion (Cor. 14)")
           .Float(hdf5_names::kPrivacyEpsilonImproved, &PrivacyRecord::privacy_epsilon_improved,
                  "eps at target_delta, improved conversion")
           .Optional()
           .String(hdf5_names::kNeighbourRelation, &PrivacyRecord::neighbour_relation,
                   "neighbours replace one episode's rewards");
  return *binding;
}

}  // namespace dprl
