// Status propagation macros (after google/differential-privacy's base/status_macros.h).
//
//   RETURN_IF_ERROR(options.Validate());
//       returns the absl::Status of the expression from the enclosing function if it is not OK.
//   ASSIGN_OR_RETURN(TabularMdp mdp, MakeRiverSwim(options));
//   ASSIGN_OR_RETURN(*out, Parse(text));
//       evaluates an absl::StatusOr<T> expression; if it is not OK returns its status, otherwise
//       moves the value into the left-hand side (a declaration or an assignable expression). The
//       left-hand side must not contain unparenthesised commas (use an alias for map types).
//
// The enclosing function returns absl::Status or absl::StatusOr<U> (both are constructible from
// a non-OK absl::Status).
#ifndef DPRL_COMMON_STATUS_MACROS_H_
#define DPRL_COMMON_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define RETURN_IF_ERROR(expr)                                \
  do {                                                       \
    const ::absl::Status dprl_status_macro_status_ = (expr); \
    if (!dprl_status_macro_status_.ok()) {                   \
      return dprl_status_macro_status_;                      \
    }                                                        \
  } while (false)

#define DPRL_STATUS_MACROS_CONCAT_INNER_(a, b) a##b
#define DPRL_STATUS_MACROS_CONCAT_(a, b) DPRL_STATUS_MACROS_CONCAT_INNER_(a, b)

#define ASSIGN_OR_RETURN(lhs, rexpr) \
  DPRL_ASSIGN_OR_RETURN_IMPL_(DPRL_STATUS_MACROS_CONCAT_(dprl_status_or_, __LINE__), lhs, rexpr)

#define DPRL_ASSIGN_OR_RETURN_IMPL_(status_or, lhs, rexpr) \
  auto status_or = (rexpr);                                \
  if (!status_or.ok()) {                                   \
    return std::move(status_or).status();                  \
  }                                                        \
  lhs = std::move(status_or).value()

#endif  // DPRL_COMMON_STATUS_MACROS_H_
