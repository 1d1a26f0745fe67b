#include "schema/group_selection_records.h"

#include "common/hdf5_names.h"

namespace dprl {

const OptionBinding<GroupSelectionRecord>& GroupSelectionBinding() {
  using Record = GroupSelectionRecord;
  static const auto* binding =
      &(*new OptionBinding<Record>("the group selection"))
           .String(hdf5_names::kEnv, &Record::env, "the registered environment")
           .Optional()
           .String(hdf5_names::kAgent, &Record::agent, "the registered agent")
           .Optional()
           .String(hdf5_names::kKind, &Record::kind, "what the configuration computes")
           .Optional()
           .String(hdf5_names::kErrorBoundMethod, &Record::error_bound_method,
                   "how PUCB's E is computed")
           .Optional()
           .Float(hdf5_names::kPrivacyEpsilon, &Record::privacy_epsilon, "a private agent's eps")
           .Optional()
           .Float(hdf5_names::kNoiseStddev, &Record::noise_stddev,
                  "a noisy Q-learning agent's sigma")
           .Optional();
  return *binding;
}

}  // namespace dprl
