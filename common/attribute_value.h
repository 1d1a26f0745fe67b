// The value of one configuration attribute (= one HDF5 attribute of a results group): an int64, a
// float64 or a string, the three types dprl stores (docs/hdf5_schema.md).
#ifndef DPRL_COMMON_ATTRIBUTE_VALUE_H_
#define DPRL_COMMON_ATTRIBUTE_VALUE_H_

#include <cstdint>
#include <string>
#include <variant>

namespace dprl {

using AttributeValue = std::variant<int64_t, double, std::string>;

}  // namespace dprl

#endif  // DPRL_COMMON_ATTRIBUTE_VALUE_H_
