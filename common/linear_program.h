// A small dense linear program solved by GLPK's primal simplex (the GNU Linear Programming Kit,
// Debian's libglpk-dev; glp_simplex with presolve, messages off): dprl's one LP entry point, so
// that no algorithm writes its own simplex.
//
//   maximize (or minimize)  c . x
//   subject to              row_lower[i] <= rows[i] . x <= row_upper[i]     i = 0..m-1
//                           column_lower[j] <= x[j] <= column_upper[j]      j = 0..n-1
// An infinite bound is no bound on that side. Deterministic: the same program gives the same
// solution bit for bit (GLPK's simplex has no randomness). Calls are serialised by a mutex
// (GLPK keeps per-process state), so they are safe from any thread.
#ifndef DPRL_COMMON_LINEAR_PROGRAM_H_
#define DPRL_COMMON_LINEAR_PROGRAM_H_

#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

struct LinearProgram {
  bool maximize = false;
  std::vector<double> objective;          // c, n values
  std::vector<std::vector<double>> rows;  // m rows of n coefficients
  std::vector<double> row_lower, row_upper;
  std::vector<double> column_lower, column_upper;
};

struct LinearProgramSolution {
  double objective = 0.0;
  std::vector<double> x;
};

// The optimum. InvalidArgument for inconsistent sizes or NaN coefficients; FailedPrecondition
// when GLPK finds the program infeasible or unbounded (the message says which).
absl::StatusOr<LinearProgramSolution> SolveLinearProgram(const LinearProgram& program);

}  // namespace dprl

#endif  // DPRL_COMMON_LINEAR_PROGRAM_H_
