#include "algorithms/tabular/pucb_options.h"

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status PucbOptions::Validate() const {
  RETURN_IF_ERROR(ValidateFinitePositive("privacy_epsilon", privacy_epsilon));
  RETURN_IF_ERROR(ValidateOpenUnitInterval("failure_probability", failure_probability));
  if (num_episodes < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_episodes must be >= 1, got ", num_episodes));
  }
  if (neighbour_relation != PucbNeighbourRelation::kAddRemove &&
      neighbour_relation != PucbNeighbourRelation::kReplacement) {
    return absl::InvalidArgumentError(
        absl::StrCat("neighbour_relation must be kAddRemove or kReplacement, got ",
                     static_cast<int>(neighbour_relation)));
  }
  if (error_bound_method != PucbErrorBoundMethod::kPaper &&
      error_bound_method != PucbErrorBoundMethod::kExactTail) {
    return absl::InvalidArgumentError(
        absl::StrCat("error_bound_method must be kPaper or kExactTail, got ",
                     static_cast<int>(error_bound_method)));
  }
  return absl::OkStatus();
}

std::string PucbNeighbourRelationName(PucbNeighbourRelation relation) {
  return relation == PucbNeighbourRelation::kReplacement ? "replacement" : "add_remove";
}

absl::StatusOr<PucbNeighbourRelation> ParsePucbNeighbourRelation(const std::string& name) {
  if (name == "add_remove") return PucbNeighbourRelation::kAddRemove;
  if (name == "replacement") return PucbNeighbourRelation::kReplacement;
  return absl::InvalidArgumentError(
      absl::StrCat("neighbour_relation must be one of add_remove, replacement, got '", name, "'"));
}

std::string PucbErrorBoundMethodName(PucbErrorBoundMethod method) {
  return method == PucbErrorBoundMethod::kExactTail ? "exact_tail" : "paper";
}

absl::StatusOr<PucbErrorBoundMethod> ParsePucbErrorBoundMethod(const std::string& name) {
  if (name == "paper") return PucbErrorBoundMethod::kPaper;
  if (name == "exact_tail") return PucbErrorBoundMethod::kExactTail;
  return absl::InvalidArgumentError(
      absl::StrCat("error_bound_method must be one of paper, exact_tail, got '", name, "'"));
}

}  // namespace dprl
