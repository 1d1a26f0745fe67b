#include "common/linear_program.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(LinearProgramTest, SolvesAHandComputedProgram) {
  // max 3x + 2y s.t. x + y <= 4, x + 3y <= 6, x <= 3, x, y >= 0: optimum (3, 1), value 11.
  LinearProgram lp;
  lp.maximize = true;
  lp.objective = {3, 2};
  lp.rows = {{1, 1}, {1, 3}};
  lp.row_lower = {-kInf, -kInf};
  lp.row_upper = {4, 6};
  lp.column_lower = {0, 0};
  lp.column_upper = {3, kInf};
  const LinearProgramSolution solution = SolveLinearProgram(lp).value();
  EXPECT_NEAR(solution.objective, 11.0, 1e-12);
  EXPECT_NEAR(solution.x[0], 3.0, 1e-12);
  EXPECT_NEAR(solution.x[1], 1.0, 1e-12);
  // Deterministic: the same program, the same bits.
  const LinearProgramSolution again = SolveLinearProgram(lp).value();
  EXPECT_EQ(again.x, solution.x);
}

TEST(LinearProgramTest, ReportsInfeasibleUnboundedAndBadInput) {
  LinearProgram lp;
  lp.objective = {1};
  lp.rows = {{1}};
  lp.row_lower = {2};
  lp.row_upper = {1};  // 2 <= x <= 1
  lp.column_lower = {-kInf};
  lp.column_upper = {kInf};
  EXPECT_THAT(SolveLinearProgram(lp),
              StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("infeasible")));
  lp.row_lower = {-kInf};
  lp.row_upper = {kInf};  // min x, x free
  EXPECT_THAT(SolveLinearProgram(lp),
              StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("unbounded")));
  lp.rows = {{1, 2}};
  EXPECT_THAT(SolveLinearProgram(lp),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("row 0")));
  EXPECT_THAT(SolveLinearProgram(LinearProgram()),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("variable")));
}

}  // namespace
}  // namespace dprl
