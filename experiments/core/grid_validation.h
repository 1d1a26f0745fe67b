// Checks of experiment grid fields (the structs bound by ConfigFields), one message format per
// rule, each naming the field as the user writes it in --set / --config:
//   field 'num_episodes' must be >= 1, got 0
//   field 'privacy_epsilons' value #2 must be finite and > 0, got -1
//   field 'environments': 'gridworld' is not one of random_mdp, riverswim
//   field 'environments' lists 'riverswim' twice
//   field 'privacy_epsilons' lists 10 twice (values #1 and #2)
#ifndef DPRL_EXPERIMENTS_CORE_GRID_VALIDATION_H_
#define DPRL_EXPERIMENTS_CORE_GRID_VALIDATION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace dprl {

// "field 'NAME'": what the validators of //common:validation are given as the parameter name.
std::string GridFieldName(const std::string& field);

// `value` (finite) written for an HDF5 group name (characters [A-Za-z0-9_.=-]): the shortest
// %g form with 6 to 17 significant digits that reads back as exactly `value`, without the '+' of
// an exponent: 0.5 -> "0.5", 1e6 -> "1e06", 1e-300 -> "1e-300", 0.1000000001 -> "0.1000000001".
// Distinct values give distinct texts, so group names built from them never collide.
std::string GroupNameNumber(double value);

// value >= minimum.
absl::Status ValidateFieldAtLeast(const std::string& field, int64_t value, int64_t minimum);
// value <= maximum (e.g. a size the code holds in an int: maximum = INT_MAX).
absl::Status ValidateFieldAtMost(const std::string& field, int64_t value, int64_t maximum);
// Every value finite and > 0, none twice (each value is a configuration of its own; an empty
// list is fine: it adds no configurations).
absl::Status ValidateEachFinitePositive(const std::string& field,
                                        const std::vector<double>& values);
// The smallest failure probability beta of a grid: the tabular agents split beta over their
// counters (up to 2SAH + HAS^2 of them, each at beta / (that count x ...)), and their exact-tail
// bounds take a counter failure probability of at least 1e-100; every grid's beta >= 1e-50 keeps
// the split above it at any size the memory checks allow (below it the refusal named
// privacy_epsilons or counter_failure_probability instead of the field the user set).
inline constexpr double kMinGridFailureProbability = 1e-50;
// kMinGridFailureProbability <= value < 1: "field 'NAME' must be in [1e-50, 1), got V".
absl::Status ValidateGridFailureProbability(const std::string& field, double value);

// At least one value, where an experiment cannot do without one (e.g. the private agents a
// figure compares): "field 'NAME' is empty: <why>".
absl::Status ValidateNotEmpty(const std::string& field, size_t size, const std::string& why);
// Every value one of `allowed`, none twice.
absl::Status ValidateChoices(const std::string& field, const std::vector<std::string>& values,
                             const std::vector<std::string>& allowed);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_GRID_VALIDATION_H_
