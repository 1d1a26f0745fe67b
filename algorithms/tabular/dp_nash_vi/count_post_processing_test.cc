#include "algorithms/tabular/dp_nash_vi/count_post_processing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "common/linear_program.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

// The optimum t* of (8) as the LP of Remark 5.7 (min t s.t. |x - N^| <= t, x >= 0,
// |sum x - N^| <= E/4), solved by GLPK's simplex (common/linear_program.h); nullopt when it is
// infeasible.
std::optional<double> LpOptimum(const std::vector<int64_t>& next, int64_t visits, double bound) {
  const int n = static_cast<int>(next.size());
  constexpr double kInf = std::numeric_limits<double>::infinity();
  LinearProgram lp;  // variables x_1..x_n, t
  lp.objective.assign(n + 1, 0.0);
  lp.objective[n] = 1.0;
  lp.column_lower.assign(n + 1, 0.0);
  lp.column_upper.assign(n + 1, kInf);
  for (int i = 0; i < n; ++i) {
    std::vector<double> row(n + 1, 0.0);
    row[i] = 1.0;
    row[n] = -1.0;  // x_i - t <= N^_i
    lp.rows.push_back(row);
    lp.row_lower.push_back(-kInf);
    lp.row_upper.push_back(static_cast<double>(next[i]));
    row[n] = 1.0;  // x_i + t >= N^_i
    lp.rows.push_back(row);
    lp.row_lower.push_back(static_cast<double>(next[i]));
    lp.row_upper.push_back(kInf);
  }
  std::vector<double> sum(n + 1, 1.0);
  sum[n] = 0.0;
  lp.rows.push_back(sum);
  lp.row_lower.push_back(static_cast<double>(visits) - bound / 4.0);
  lp.row_upper.push_back(static_cast<double>(visits) + bound / 4.0);
  absl::StatusOr<LinearProgramSolution> solution = SolveLinearProgram(lp);
  if (!solution.ok()) return std::nullopt;
  return solution->objective;
}

double MaxDeviation(const std::vector<int64_t>& next, const std::vector<double>& x) {
  double worst = 0.0;
  for (size_t i = 0; i < next.size(); ++i) {
    worst = std::max(worst, std::abs(x[i] - static_cast<double>(next[i])));
  }
  return worst;
}

struct Solved {
  PostProcessedCell cell;
  std::vector<double> solution;
};

Solved Solve(const std::vector<int64_t>& next, int64_t visits, double bound) {
  Solved solved;
  solved.solution.assign(next.size(), -1.0);
  std::vector<double> scratch(next.size());
  solved.cell = SolveCountProblem(next.data(), static_cast<int>(next.size()), visits, bound,
                                  solved.solution.data(), scratch.data());
  return solved;
}

TEST(CountPostProcessingTest, HandComputedCases) {
  // Within bounds: x* = max(0, N^), deviation max(0, -min N^) = 3.
  Solved within = Solve({5, -3, 2}, 7, 8.0);
  EXPECT_EQ(within.cell.solved, PostProcessingCase::kWithinBounds);
  EXPECT_EQ(within.solution, (std::vector<double>{5, 0, 2}));
  // Lowered: g(0) = 12 > U = 2 + 1 = 3: lambda = (3 - 10) / 1 = -7 would clip the 2 as well;
  // j = 2: lambda = (3 - 12) / 2 = -4.5, 10 - 4.5 >= 0, 2 - 4.5 <= 0: j = 1 first:
  // (3 - 10) / 1 = -7: 10 - 7 = 3 >= 0 and 2 - 7 <= 0, so lambda = -7, x* = (3, 0).
  Solved lowered = Solve({10, 2}, 2, 4.0);
  EXPECT_EQ(lowered.cell.solved, PostProcessingCase::kLowered);
  EXPECT_DOUBLE_EQ(lowered.cell.shift, -7.0);
  EXPECT_EQ(lowered.solution, (std::vector<double>{3, 0}));
  // Raised: g(0) = 0 < L = 5 - 0 = 5 with N^ = (-10, 0): lambda = 5, x* = (0, 5).
  Solved raised = Solve({-10, 0}, 5, 0.0);
  EXPECT_EQ(raised.cell.solved, PostProcessingCase::kRaised);
  EXPECT_DOUBLE_EQ(raised.cell.shift, 5.0);
  EXPECT_EQ(raised.solution, (std::vector<double>{0, 5}));
  // Infeasible: N^ + E/4 = -3 + 2 < 0.
  Solved infeasible = Solve({4, 1}, -3, 8.0);
  EXPECT_EQ(infeasible.cell.solved, PostProcessingCase::kInfeasible);
  EXPECT_EQ(infeasible.solution, (std::vector<double>{0, 0}));
  // U = 0 exactly: the largest lambda with g(lambda) = 0 is -max N^.
  Solved zero = Solve({6, 2, -1}, -2, 8.0);
  EXPECT_EQ(zero.cell.solved, PostProcessingCase::kLowered);
  EXPECT_DOUBLE_EQ(zero.cell.shift, -6.0);
  EXPECT_EQ(zero.solution, (std::vector<double>{0, 0, 0}));
}

TEST(CountPostProcessingTest, ExactCountsAreKept) {
  // E = 0 and noiseless counts (the non-private reference): x* = N, N~ = N.
  std::vector<double> next(3), scratch(3);
  const std::vector<int64_t> counts{4, 0, 9};
  const PostProcessedCell cell =
      PostProcessCounts(counts.data(), 3, 13, 0.0, next.data(), scratch.data());
  EXPECT_EQ(next, (std::vector<double>{4, 0, 9}));
  EXPECT_EQ(cell.visits, 13.0);
}

TEST(CountPostProcessingTest, ShiftNineAddsTheConstants) {
  // (9): N~(s') = x* + E/(2S), N~ = sum x* + E/2.
  std::vector<double> next(4), scratch(4);
  const std::vector<int64_t> counts{3, -1, 0, 5};
  const PostProcessedCell cell =
      PostProcessCounts(counts.data(), 4, 8, 16.0, next.data(), scratch.data());
  EXPECT_EQ(next, (std::vector<double>{5, 2, 2, 7}));
  EXPECT_EQ(cell.visits, 16.0);
}

// Random instances of every kind (noisy counts around true ones, heavy noise, negative totals)
// against GLPK: the closed form is feasible and attains the LP's optimum; GLPK reports
// infeasibility exactly where the closed form falls back. Deterministic (fixed stream).
TEST(CountPostProcessingTest, AttainsTheLinearProgramsOptimum) {
  RandomStream stream = TestStream(58, TestPurpose::kTest);
  int cases[4] = {0, 0, 0, 0};
  for (int trial = 0; trial < 4000; ++trial) {
    const int num_states = 1 + static_cast<int>(stream.UniformInt(12));
    const int64_t spread = 1 + static_cast<int64_t>(stream.UniformInt(60));
    const double bound = static_cast<double>(stream.UniformInt(4 * spread + 1));
    std::vector<int64_t> next(num_states);
    int64_t total = 0;
    for (int s = 0; s < num_states; ++s) {
      const int64_t truth = static_cast<int64_t>(stream.UniformInt(3 * spread));
      total += truth;
      next[s] = truth + static_cast<int64_t>(stream.UniformInt(2 * spread + 1)) - spread;
    }
    const int64_t visits = total + static_cast<int64_t>(stream.UniformInt(6 * spread + 1)) -
                           3 * spread - (trial % 7 == 0 ? total + 2 * spread : 0);
    const Solved solved = Solve(next, visits, bound);
    ++cases[static_cast<int>(solved.cell.solved)];
    const std::optional<double> optimum = LpOptimum(next, visits, bound);
    if (solved.cell.solved == PostProcessingCase::kInfeasible) {
      EXPECT_FALSE(optimum.has_value()) << "trial " << trial;
      continue;
    }
    ASSERT_TRUE(optimum.has_value()) << "trial " << trial;
    double sum = 0.0;
    for (const double x : solved.solution) {
      EXPECT_GE(x, 0.0);
      sum += x;
    }
    const double tolerance = 1e-9 * (1.0 + std::abs(static_cast<double>(visits)) + bound);
    EXPECT_LE(std::abs(sum - static_cast<double>(visits)), bound / 4.0 + tolerance)
        << "trial " << trial;
    EXPECT_NEAR(MaxDeviation(next, solved.solution), *optimum, 1e-7 * (1.0 + *optimum))
        << "trial " << trial;
  }
  // Every case of the closed form was exercised.
  for (const int count : cases) EXPECT_GT(count, 50);
}

}  // namespace
}  // namespace dprl
