#include "schema/group_selection_records.h"

#include "schema/attribute_fields.h"

namespace dprl {

const OptionBinding<GroupSelectionRecord>& GroupSelectionBinding() {
  namespace fields = attribute_fields;
  using Record = GroupSelectionRecord;
  static const auto* binding = &(*new OptionBinding<Record>("the group selection"))
                                    .String(fields::kEnv, &Record::env)
                                    .Optional()
                                    .String(fields::kAgent, &Record::agent)
                                    .Optional()
                                    .String(fields::kKind, &Record::kind)
                                    .Optional()
                                    .String(fields::kErrorBoundMethod, &Record::error_bound_method)
                                    .Optional()
                                    .String(fields::kNoiseCalibration, &Record::noise_calibration)
                                    .Optional()
                                    .Float(fields::kGapConstant, &Record::gap_constant)
                                    .Optional()
                                    .Float(fields::kPrivacyEpsilon, &Record::privacy_epsilon)
                                    .Optional()
                                    .Float(fields::kNoiseStddev, &Record::noise_stddev)
                                    .Optional();
  return *binding;
}

}  // namespace dprl
