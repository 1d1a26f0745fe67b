#include "common/linear_program.h"

#include <glpk.h>

#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"

namespace dprl {
namespace {

ABSL_CONST_INIT absl::Mutex glpk_mutex(absl::kConstInit);

// GLPK's bound type of [lower, upper].
int BoundType(double lower, double upper) {
  const bool has_lower = std::isfinite(lower), has_upper = std::isfinite(upper);
  if (has_lower && has_upper) return lower == upper ? GLP_FX : GLP_DB;
  if (has_lower) return GLP_LO;
  if (has_upper) return GLP_UP;
  return GLP_FR;
}

double Finite(double bound) { return std::isfinite(bound) ? bound : 0.0; }

}  // namespace

absl::StatusOr<LinearProgramSolution> SolveLinearProgram(const LinearProgram& program) {
  const size_t n = program.objective.size(), m = program.rows.size();
  if (n == 0) return absl::InvalidArgumentError("a linear program needs >= 1 variable");
  if (program.column_lower.size() != n || program.column_upper.size() != n ||
      program.row_lower.size() != m || program.row_upper.size() != m) {
    return absl::InvalidArgumentError("linear program: bound vectors of the wrong size");
  }
  std::vector<int> row_index{0}, column_index{0};
  std::vector<double> values{0.0};
  for (size_t i = 0; i < m; ++i) {
    if (program.rows[i].size() != n) {
      return absl::InvalidArgumentError(absl::StrCat(
          "linear program: row ", i, " has ", program.rows[i].size(), " coefficients, not ", n));
    }
    for (size_t j = 0; j < n; ++j) {
      const double value = program.rows[i][j];
      if (std::isnan(value)) {
        return absl::InvalidArgumentError(absl::StrCat("linear program: NaN at row ", i));
      }
      if (value == 0.0) continue;
      row_index.push_back(static_cast<int>(i) + 1);
      column_index.push_back(static_cast<int>(j) + 1);
      values.push_back(value);
    }
  }
  // GLPK refuses crossed bounds as invalid input; they are an infeasible program.
  for (size_t i = 0; i < m; ++i) {
    if (program.row_lower[i] > program.row_upper[i]) {
      return absl::FailedPreconditionError(absl::StrCat("linear program is infeasible: row ", i,
                                                        " has lower bound ", program.row_lower[i],
                                                        " > upper bound ", program.row_upper[i]));
    }
  }
  for (size_t j = 0; j < n; ++j) {
    if (program.column_lower[j] > program.column_upper[j]) {
      return absl::FailedPreconditionError(
          absl::StrCat("linear program is infeasible: column ", j, " has lower bound ",
                       program.column_lower[j], " > upper bound ", program.column_upper[j]));
    }
  }
  for (const double c : program.objective) {
    if (!std::isfinite(c))
      return absl::InvalidArgumentError("linear program: objective not finite");
  }
  absl::MutexLock lock(&glpk_mutex);
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, program.maximize ? GLP_MAX : GLP_MIN);
  if (m > 0) glp_add_rows(lp, static_cast<int>(m));
  glp_add_cols(lp, static_cast<int>(n));
  for (size_t i = 0; i < m; ++i) {
    glp_set_row_bnds(lp, static_cast<int>(i) + 1,
                     BoundType(program.row_lower[i], program.row_upper[i]),
                     Finite(program.row_lower[i]), Finite(program.row_upper[i]));
  }
  for (size_t j = 0; j < n; ++j) {
    glp_set_col_bnds(lp, static_cast<int>(j) + 1,
                     BoundType(program.column_lower[j], program.column_upper[j]),
                     Finite(program.column_lower[j]), Finite(program.column_upper[j]));
    glp_set_obj_coef(lp, static_cast<int>(j) + 1, program.objective[j]);
  }
  glp_load_matrix(lp, static_cast<int>(values.size()) - 1, row_index.data(), column_index.data(),
                  values.data());
  glp_smcp parameters;
  glp_init_smcp(&parameters);
  parameters.msg_lev = GLP_MSG_OFF;
  parameters.presolve = GLP_ON;
  const int code = glp_simplex(lp, &parameters);
  const int status = code == 0 ? glp_get_status(lp) : GLP_UNDEF;
  absl::StatusOr<LinearProgramSolution> result;
  if (status == GLP_OPT) {
    LinearProgramSolution solution;
    solution.objective = glp_get_obj_val(lp);
    solution.x.resize(n);
    for (size_t j = 0; j < n; ++j) solution.x[j] = glp_get_col_prim(lp, static_cast<int>(j) + 1);
    result = std::move(solution);
  } else if (code == GLP_ENOPFS || status == GLP_NOFEAS) {
    result = absl::FailedPreconditionError("linear program is infeasible");
  } else if (code == GLP_ENODFS || status == GLP_UNBND) {
    result = absl::FailedPreconditionError("linear program is unbounded");
  } else {
    result = absl::FailedPreconditionError(absl::StrCat(
        "GLPK's simplex did not reach an optimum (code ", code, ", status ", status, ")"));
  }
  glp_delete_prob(lp);
  return result;
}

}  // namespace dprl
