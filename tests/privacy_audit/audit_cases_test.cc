// Fast fixed-seed audit of every case (audit_cases.h). Targets must give
// epsilon_lower <= claimed epsilon, controls epsilon_lower > claimed epsilon.
//
// False alarm: each audit runs at confidence_beta = 1e-6 / (number of cases), so by the union
// bound the probability that ANY target is reported above its true privacy loss (and hence,
// if the claim holds, above its claim) is <= 1e-6. Misses of the controls: their expected
// held-out counts put the bound far above the claim (margins in docs/privacy_audit.md); the
// seeds are fixed, so a passing run passes every time.
#include "tests/privacy_audit/audit_cases.h"

#include <gtest/gtest.h>

#include <iostream>

#include "tests/privacy_audit/auditor.h"

namespace dprl {
namespace {

constexpr double kSuiteFalseAlarm = 1e-6;

TEST(AuditCasesTest, TargetsPassAndControlsAreCaught) {
  const std::vector<AuditCase> cases = AllAuditCases();
  ASSERT_EQ(cases.size(), 11u);
  for (const AuditCase& audit_case : cases) {
    AuditOptions options;
    options.num_trials = audit_case.fast_trials;
    options.confidence_beta = kSuiteFalseAlarm / cases.size();
    options.target_delta = audit_case.target_delta;
    const AuditResult result =
        AuditNeighbours(audit_case.first, audit_case.second, options).value();
    std::cout << audit_case.name << " claimed " << audit_case.claimed_epsilon << ": "
              << result.DebugString() << "\n";
    SCOPED_TRACE(audit_case.name + ": " + result.DebugString());
    if (audit_case.is_control) {
      EXPECT_GT(result.privacy_epsilon_lower, audit_case.claimed_epsilon);
    } else {
      EXPECT_LE(result.privacy_epsilon_lower, audit_case.claimed_epsilon);
    }
  }
}

}  // namespace
}  // namespace dprl
