// The JDP audit of a registered tabular agent by name (experiments/tabular/tabular_registry.h),
// on an instance of a registered environment: what //audit:audit_agent and
// dprl.audit_tabular_agent run.
//
// Specification
// -------------
// Instance: the environment `environment` built from its parameters with the stream
// RandomStream({seed, 0, 0, kAuditInstancePurpose}).Child(0); num_users users, user u a fixed draw
// of it (MdpUser with the stream ...Child(1).Child(u)). The target (user `target`) is replaced
// by a user that starts where user `target` would and stays there, paid 1 at every step: the
// largest change of its rewards, and of its visits to one state. Under replacement its
// replacement starts in the same state and stays there, paid 0.
// View (audit/tabular_views.h): one user added/removed or replaced, the other users colluding and
// observing their own actions (JDP itself); candidate statistics ActionCountStatistics'.
// Agent: the registered agent with its parameters as given and the rest at their registered
// defaults, except num_episodes (where it has one and it is not given): num_users; and its
// neighbour-relation parameter (where it has one and it is not given): the audit's relation, so
// that the claim is the agent's guarantee under the relation audited.
// Claim: claimed_epsilon when given (> 0 finite), else the value of the agent's privacy-level
// parameter (PUCB's privacy_epsilon). A non-private agent, or one whose level follows from other
// parameters (RLSVI), needs claimed_epsilon.
#ifndef DPRL_AUDIT_REGISTERED_AGENT_AUDIT_H_
#define DPRL_AUDIT_REGISTERED_AGENT_AUDIT_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "audit/auditor.h"
#include "audit/tabular_views.h"
#include "schema/option_binding.h"

namespace dprl {

// The purpose word (StreamKey::purpose) of the instance's streams (above): its environment and its
// users, fixed for a given seed and the same in every trial.
inline constexpr uint64_t kAuditInstancePurpose = 101;

struct RegisteredAgentAuditOptions {
  // A registered tabular agent (TabularAgentNames()).
  std::string agent;
  // Its parameters (the others at their registered defaults; see the header for num_episodes
  // and the neighbour relation).
  AttributeList agent_parameters;
  // A registered tabular environment (TabularEnvironmentNames()) and its parameters.
  std::string environment = "riverswim";
  AttributeList environment_parameters;
  // K, the users of D (the target included). >= 2.
  int64_t num_users = 32;
  // The target's index in [0, num_users).
  int64_t target = 0;
  JdpRelation relation = JdpRelation::kAddRemove;
  // The claim audited; nullopt: the agent's privacy level (above).
  std::optional<double> claimed_epsilon;
  // The audit's trials, confidence, delta, seed (also the instance's) and threads.
  AuditOptions audit;
};

struct RegisteredAgentAudit {
  RegisteredAgentAuditOptions options;  // as given
  // The agent's and the environment's parameters as run (given ones and defaults), "k=v, ...".
  std::string agent_parameters;
  std::string environment_parameters;
  TabularShape shape;
  double claimed_epsilon = 0.0;
  std::string claim_source;  // e.g. "privacy_epsilon" or "claimed_epsilon"
  // The fewest trials that could refute the claim (0 when none up to 2^40 could).
  int64_t trials_needed = 0;
  AuditResult result;
  AuditVerdict verdict = AuditVerdict::kNoEvidenceAgainst;
  // The chosen statistic's held-out values (WriteAuditPlot draws them).
  HeldOutValues heldout;

  // The readable report: agent, instance, view, claim, trials, event, counts, bound, verdict and
  // what a refutation refutes.
  std::string Report() const;
};

// Runs the audit. Errors (InvalidArgument, naming the field): an unknown agent or environment
// (listing the registered ones), a parameter it does not have or of the wrong type, a value its
// create refuses, num_users < 2, target outside the users, the audit options', a claimed_epsilon
// that is not finite and > 0, no claim for an agent without a privacy level, a given
// neighbour-relation parameter that differs from the audited relation without claimed_epsilon, or
// a failing trial.
absl::StatusOr<RegisteredAgentAudit> AuditRegisteredTabularAgent(
    const RegisteredAgentAuditOptions& options);

// An AuditOptions::progress that prints "audit: done/total trials, elapsed, ETA" lines on stderr:
// with `always`, from the first report on, else once the audit has run 5 s; then every 5 s and at
// the end.
std::function<void(int64_t done, int64_t total)> StderrAuditProgress(bool always);

// The parameters named by "name=value" texts as attributes of the types of `specs` (int, float or
// string); `owner` names the agent or environment in errors (an unknown name lists the
// parameters; a malformed or mistyped value names the parameter and its type).
absl::StatusOr<AttributeList> ParametersFromText(const std::string& owner,
                                                 const std::vector<ParameterSpec>& specs,
                                                 const std::vector<std::string>& assignments);

}  // namespace dprl

#endif  // DPRL_AUDIT_REGISTERED_AGENT_AUDIT_H_
