// Typed parameter specifications of registered environments and agents (after OpenSpiel's
// GameType::parameter_specification), and the typed, checked view of a configuration's
// attributes they give.
//
// A spec names a parameter, its type (int64, float64 or string: the HDF5 attribute types), its
// documentation and, for an optional parameter, its default. Parameters::FromConfig checks a
// configuration against the specs once: every required parameter present, every present one of
// the right type. After that, typed reads cannot fail (a wrong name or type is a bug: CHECK).
#ifndef DPRL_EXPERIMENTS_PARAMETERS_H_
#define DPRL_EXPERIMENTS_PARAMETERS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"

namespace dprl {

struct ParameterSpec {
  std::string name;
  // Its alternative is the parameter's type. Its value is where experiment grids start from
  // (tabular_environments.h) and, for an optional parameter, the value of a configuration that
  // lacks it.
  AttributeValue default_value;
  bool required = true;  // a configuration must carry it
  std::string doc;
};

// A required parameter (grids start from `grid_default`, whose type is the parameter's).
ParameterSpec Required(const std::string& name, AttributeValue grid_default,
                       const std::string& doc);
// An optional parameter with its default.
ParameterSpec Optional(const std::string& name, AttributeValue default_value,
                       const std::string& doc);

class Parameters {
 public:
  // The parameters `specs` read from `config`'s attributes (other attributes are ignored).
  // Errors name the configuration, `owner` (e.g. "environment riverswim") and the parameter:
  //   configuration g: environment riverswim needs int parameter 'num_states'
  //   configuration g: parameter 'num_states' of environment riverswim must be an int, got a float
  static absl::StatusOr<Parameters> FromConfig(const ConfigSpec& config,
                                               const std::vector<ParameterSpec>& specs,
                                               const std::string& owner);

  // The value of a parameter of the specs (CHECKs the name and type).
  int64_t Int(const std::string& name) const;
  double Float(const std::string& name) const;
  const std::string& String(const std::string& name) const;

 private:
  std::map<std::string, AttributeValue> values_;
};

// "int", "float" or "string".
std::string AttributeTypeName(const AttributeValue& value);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_PARAMETERS_H_
