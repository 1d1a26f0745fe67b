#include "audit/registered_agent_audit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "audit/auditor.h"
#include "audit/tabular_views.h"
#include "experiments/tabular/tabular_registry.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

RegisteredAgentAuditOptions Small(const std::string& agent) {
  RegisteredAgentAuditOptions options;
  options.agent = agent;
  options.environment_parameters = {{"num_states", int64_t{3}}, {"horizon", int64_t{3}}};
  options.num_users = 8;
  options.audit.num_trials = 2000;
  options.audit.num_threads = 2;
  return options;
}

// PUCB's claim is its privacy_epsilon under the audited relation; its actions here give no
// evidence against it (a statement that fails with probability <= 1e-6).
TEST(RegisteredAgentAuditTest, PucbIsAuditedAtItsOwnClaimUnderTheAuditedRelation) {
  for (JdpRelation relation : {JdpRelation::kAddRemove, JdpRelation::kReplacement}) {
    RegisteredAgentAuditOptions options = Small("pucb");
    options.relation = relation;
    options.agent_parameters = {{"privacy_epsilon", 2.0}};
    const RegisteredAgentAudit audit = AuditRegisteredTabularAgent(options).value();
    SCOPED_TRACE(audit.Report());
    EXPECT_EQ(audit.claimed_epsilon, 2.0);
    EXPECT_EQ(audit.claim_source, "privacy_epsilon");
    EXPECT_THAT(audit.agent_parameters, HasSubstr("num_episodes=8"));
    EXPECT_THAT(audit.agent_parameters,
                HasSubstr(relation == JdpRelation::kAddRemove ? "neighbour_relation=add_remove"
                                                              : "neighbour_relation=replacement"));
    EXPECT_EQ(audit.verdict, AuditVerdict::kNoEvidenceAgainst);
    EXPECT_THAT(audit.Report(), HasSubstr("verdict: no evidence against the claim"));
    EXPECT_THAT(audit.Report(), HasSubstr("environment: riverswim (num_states=3, horizon=3"));
  }
}

// A non-private reference needs a claim; PSRL's posterior sampling on 8 users moves the other
// users' actions: at a claim of 0.1 it is refuted.
TEST(RegisteredAgentAuditTest, NonPrivateReferenceNeedsAClaimAndIsRefuted) {
  RegisteredAgentAuditOptions options = Small("psrl");
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("has no privacy guarantee: give claimed_epsilon")));
  options.claimed_epsilon = 0.1;
  options.audit.num_trials = 20000;
  const RegisteredAgentAudit audit = AuditRegisteredTabularAgent(options).value();
  SCOPED_TRACE(audit.Report());
  EXPECT_EQ(audit.verdict, AuditVerdict::kRefuted);
  EXPECT_THAT(audit.Report(), HasSubstr("verdict: refuted (on JDP"));
}

TEST(RegisteredAgentAuditTest, BadInputsAreNamed) {
  RegisteredAgentAuditOptions options = Small("no_such_agent");
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("agent: unknown")));
  options = Small("pucb");
  options.environment = "nowhere";
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("environment: unknown")));
  options = Small("pucb");
  options.num_users = 1;
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_users")));
  options = Small("pucb");
  options.target = 8;
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target")));
  options = Small("pucb");
  options.agent_parameters = {{"no_such_parameter", 1.0}};
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("no parameter")));
  options = Small("pucb");
  options.agent_parameters = {{"privacy_epsilon", -1.0}};
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
  options = Small("pucb");
  options.agent_parameters = {{"neighbour_relation", std::string("replacement")}};
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("another relation")));
  options = Small("pucb");
  options.claimed_epsilon = 0.0;
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("claimed_epsilon")));
  options = Small("pucb");
  options.environment_parameters = {{"num_states", int64_t{1} << 30}};
  EXPECT_THAT(AuditRegisteredTabularAgent(options).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
}

TEST(StderrAuditProgressTest, PrintsTheFirstReportAndTheLastWhenAlwaysOn) {
  testing::internal::CaptureStderr();
  auto always = StderrAuditProgress(/*always=*/true);
  always(10, 100);
  always(20, 100);  // within 5 s of the first: not printed
  always(100, 100);
  auto quiet = StderrAuditProgress(/*always=*/false);
  quiet(100, 100);  // within the first 5 s: not printed
  const std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_THAT(printed, HasSubstr("audit: 10/100 trials"));
  EXPECT_THAT(printed, HasSubstr("audit: 100/100 trials"));
  EXPECT_THAT(printed, Not(HasSubstr("20/100")));
  EXPECT_EQ(std::count(printed.begin(), printed.end(), '\n'), 2);
}

TEST(ParametersFromTextTest, TypesByTheSpecs) {
  const std::vector<ParameterSpec> specs = FindTabularAgent("pucb")->parameters;
  const AttributeList parsed = ParametersFromText("pucb", specs,
                                                  {"privacy_epsilon=0.5", "num_episodes=12",
                                                   "neighbour_relation=replacement"})
                                   .value();
  EXPECT_EQ(std::get<double>(*FindAttribute(parsed, "privacy_epsilon")), 0.5);
  EXPECT_EQ(std::get<int64_t>(*FindAttribute(parsed, "num_episodes")), 12);
  EXPECT_THAT(ParametersFromText("pucb", specs, {"num_episodes=1.5"}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'num_episodes' must be an int, got '1.5'")));
  EXPECT_THAT(ParametersFromText("pucb", specs, {"privacy_epsilon"}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("name=value")));
  EXPECT_THAT(ParametersFromText("pucb", specs, {"x=1"}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("its parameters:")));
  EXPECT_THAT(ParametersFromText("pucb", specs, {"num_episodes=1", "num_episodes=2"}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("more than once")));
}

}  // namespace
}  // namespace dprl
