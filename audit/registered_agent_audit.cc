#include "audit/registered_agent_audit.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "algorithms/tabular/pucb_options.h"
#include "common/command_line.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/tabular/tabular_registry.h"

namespace dprl {
namespace {

// The streams of the instance (registered_agent_audit.h).
constexpr uint64_t kEnvironmentChild = 0;
constexpr uint64_t kUsersChild = 1;

std::string ValueText(const AttributeValue& value) {
  if (const auto* i = std::get_if<int64_t>(&value)) return absl::StrCat(*i);
  if (const auto* d = std::get_if<double>(&value)) {
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof(buffer), *d);  // shortest
    return std::string(buffer, end);
  }
  return std::get<std::string>(value);
}

std::string ParametersText(const AttributeList& attributes) {
  std::vector<std::string> parts;
  for (const auto& [name, value] : attributes) parts.push_back(name + "=" + ValueText(value));
  return absl::StrJoin(parts, ", ");
}

std::vector<std::string> SpecNames(const std::vector<ParameterSpec>& specs) {
  std::vector<std::string> names;
  for (const ParameterSpec& spec : specs) names.push_back(spec.name);
  return names;
}

// `given` completed with every spec's default that it lacks, in the specs' order, then
// `overrides` for the names `given` lacks. Errors: a given name no spec has.
absl::StatusOr<AttributeList> Completed(const std::string& owner,
                                        const std::vector<ParameterSpec>& specs,
                                        const AttributeList& given,
                                        const AttributeList& overrides) {
  for (const auto& [name, value] : given) {
    bool known = false;
    for (const ParameterSpec& spec : specs) known = known || spec.name == name;
    if (!known) {
      return absl::InvalidArgumentError(
          absl::StrCat(owner, " has no parameter '", name,
                       "' (its parameters: ", absl::StrJoin(SpecNames(specs), ", "), ")"));
    }
  }
  AttributeList completed;
  for (const ParameterSpec& spec : specs) {
    if (const AttributeValue* value = FindAttribute(given, spec.name)) {
      completed.emplace_back(spec.name, *value);
    } else if (const AttributeValue* value = FindAttribute(overrides, spec.name)) {
      completed.emplace_back(spec.name, *value);
    } else {
      completed.emplace_back(spec.name, spec.default_value);
    }
  }
  return completed;
}

absl::StatusOr<double> ClaimOf(const RegisteredAgentAuditOptions& options,
                               const TabularAgentType& type, const AttributeList& parameters,
                               std::string& source) {
  if (options.claimed_epsilon) {
    if (!(std::isfinite(*options.claimed_epsilon) && *options.claimed_epsilon > 0.0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("claimed_epsilon must be finite and > 0, got ", *options.claimed_epsilon));
    }
    source = "claimed_epsilon";
    return *options.claimed_epsilon;
  }
  if (!type.privacy || type.privacy->level_parameter.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "agent '", type.name, "' ",
        type.privacy ? "has no privacy-level parameter (its level follows from the others)"
                     : "has no privacy guarantee",
        ": give claimed_epsilon, the claim to audit"));
  }
  const AttributeValue* level = FindAttribute(parameters, type.privacy->level_parameter);
  if (level == nullptr || !std::holds_alternative<double>(*level)) {
    return absl::InvalidArgumentError(absl::StrCat("agent '", type.name, "': its level parameter '",
                                                   type.privacy->level_parameter,
                                                   "' is not a float: give claimed_epsilon"));
  }
  source = type.privacy->level_parameter;
  return std::get<double>(*level);
}

}  // namespace

absl::StatusOr<AttributeList> ParametersFromText(const std::string& owner,
                                                 const std::vector<ParameterSpec>& specs,
                                                 const std::vector<std::string>& assignments) {
  AttributeList attributes;
  for (const std::string& assignment : assignments) {
    const size_t equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(owner, ": '", assignment, "' is not of the form name=value"));
    }
    const std::string name = assignment.substr(0, equals);
    const std::string text = assignment.substr(equals + 1);
    const ParameterSpec* spec = nullptr;
    for (const ParameterSpec& candidate : specs) {
      if (candidate.name == name) spec = &candidate;
    }
    if (spec == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(owner, " has no parameter '", name,
                       "' (its parameters: ", absl::StrJoin(SpecNames(specs), ", "), ")"));
    }
    if (FindAttribute(attributes, name) != nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(owner, ": parameter '", name, "' is given more than once"));
    }
    AttributeValue value = spec->default_value;
    bool parsed = true;
    if (std::holds_alternative<int64_t>(spec->default_value)) {
      int64_t number = 0;
      parsed = absl::SimpleAtoi(text, &number);
      value = number;
    } else if (std::holds_alternative<double>(spec->default_value)) {
      double number = 0.0;
      parsed = ParseNumberText(text, &number);
      value = number;
    } else {
      value = text;
    }
    if (!parsed) {
      return absl::InvalidArgumentError(
          absl::StrCat(owner, ": parameter '", name, "' must be ",
                       AttributeTypeNameWithArticle(spec->default_value), ", got '", text, "'"));
    }
    attributes.emplace_back(name, std::move(value));
  }
  return attributes;
}

absl::StatusOr<RegisteredAgentAudit> AuditRegisteredTabularAgent(
    const RegisteredAgentAuditOptions& options) {
  RETURN_IF_ERROR(options.audit.Validate());
  const TabularAgentType* agent_type = FindTabularAgent(options.agent);
  if (agent_type == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("agent: unknown '", options.agent,
                     "' (registered: ", absl::StrJoin(TabularAgentNames(), ", "), ")"));
  }
  const TabularEnvironmentType* environment_type = FindTabularEnvironment(options.environment);
  if (environment_type == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("environment: unknown '", options.environment,
                     "' (registered: ", absl::StrJoin(TabularEnvironmentNames(), ", "), ")"));
  }
  if (options.num_users < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_users must be >= 2 (a target and a colluder), got ", options.num_users));
  }
  if (options.target < 0 || options.target >= options.num_users) {
    return absl::InvalidArgumentError(absl::StrCat(
        "target must be in [0, num_users = ", options.num_users, "), got ", options.target));
  }
  RegisteredAgentAudit audit;
  audit.options = options;

  // The instance.
  const RandomStream instance({options.audit.seed, 0, 0, kAuditInstancePurpose});
  ConfigSpec environment_config;
  environment_config.group_name = "environment " + options.environment;
  ASSIGN_OR_RETURN(environment_config.attributes,
                   Completed("environment '" + options.environment + "'",
                             environment_type->parameters, options.environment_parameters, {}));
  RETURN_IF_ERROR(CheckEnvironmentMemory(environment_config.group_name, *environment_type,
                                         environment_config.attributes));
  RandomStream generation = instance.Child(kEnvironmentChild);
  ASSIGN_OR_RETURN(TabularMdp mdp, environment_type->create(environment_config, generation));
  audit.environment_parameters = ParametersText(environment_config.attributes);
  auto shared_mdp = std::make_shared<const TabularMdp>(std::move(mdp));
  audit.shape = {shared_mdp->num_states(), shared_mdp->num_actions(), shared_mdp->horizon()};
  RETURN_IF_ERROR(CheckTabularAgentMemory(audit.shape));

  // The agent's parameters: num_episodes = K and the audited relation unless given.
  AttributeList overrides = {{hdf5_names::kNumEpisodes, options.num_users}};
  const std::string relation_value = PucbNeighbourRelationName(
      options.relation == JdpRelation::kAddRemove ? PucbNeighbourRelation::kAddRemove
                                                  : PucbNeighbourRelation::kReplacement);
  const std::string neighbour_parameter =
      agent_type->privacy ? agent_type->privacy->neighbour_parameter : "";
  if (!neighbour_parameter.empty()) overrides.emplace_back(neighbour_parameter, relation_value);
  ConfigSpec agent_config;
  agent_config.group_name = "agent " + options.agent;
  ASSIGN_OR_RETURN(agent_config.attributes,
                   Completed("agent '" + options.agent + "'", agent_type->parameters,
                             options.agent_parameters, overrides));
  if (!neighbour_parameter.empty() && !options.claimed_epsilon) {
    const AttributeValue* given = FindAttribute(agent_config.attributes, neighbour_parameter);
    if (given != nullptr && ValueText(*given) != relation_value) {
      return absl::InvalidArgumentError(absl::StrCat(
          "agent '", options.agent, "': ", neighbour_parameter, "=", ValueText(*given),
          " but the audited relation is ", relation_value,
          ": its claim is for another relation (give claimed_epsilon to audit it anyway)"));
    }
  }
  audit.agent_parameters = ParametersText(agent_config.attributes);
  ASSIGN_OR_RETURN(audit.claimed_epsilon,
                   ClaimOf(options, *agent_type, agent_config.attributes, audit.claim_source));
  // The agent must build on this shape (its parameters' errors, before any trial).
  RETURN_IF_ERROR(agent_type->create(agent_config, *shared_mdp, instance).status());

  // The view.
  JdpAuditView view;
  view.shape = audit.shape;
  view.make_agent = [agent_type, agent_config, shared_mdp](const RandomStream& noise) {
    return agent_type->create(agent_config, *shared_mdp, noise);
  };
  const RandomStream users = instance.Child(kUsersChild);
  for (int64_t u = 0; u < options.num_users; ++u) {
    view.users.push_back(MdpUser(shared_mdp, users.Child(static_cast<uint64_t>(u))));
  }
  const int start = view.users[options.target].initial_state;
  view.users[options.target] = ConstantUser(start, 1.0, start);
  view.target = options.target;
  view.relation = options.relation;
  view.replacement = ConstantUser(start, 0.0, start);
  view.observation = JdpObservation::kActions;
  ASSIGN_OR_RETURN(NeighbourSamplers samplers, JdpViewSamplers(view));
  ASSIGN_OR_RETURN(std::vector<CandidateStatistic> statistics, ActionCountStatistics(view));
  absl::StatusOr<int64_t> needed = TrialsNeededToRefute(audit.claimed_epsilon, options.audit);
  audit.trials_needed = needed.ok() ? *needed : 0;
  ASSIGN_OR_RETURN(audit.result,
                   AuditFallibleNeighbours(samplers.first, samplers.second, statistics,
                                           options.audit, &audit.heldout));
  audit.verdict = VerdictOf(audit.result, audit.claimed_epsilon);
  return audit;
}

std::function<void(int64_t, int64_t)> StderrAuditProgress(bool always) {
  struct State {
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    double last_printed = -1.0;  // seconds since start; < 0: nothing printed yet
  };
  auto state = std::make_shared<State>();
  return [state, always](int64_t done, int64_t total) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - state->start).count();
    if (!always && elapsed <= 5.0) return;
    if (state->last_printed >= 0.0 && elapsed - state->last_printed < 5.0 && done != total) return;
    const double eta = elapsed / static_cast<double>(done) * static_cast<double>(total - done);
    std::cerr << absl::StrFormat("audit: %d/%d trials, %.0f s, ETA %.0f s\n", done, total, elapsed,
                                 eta);
    state->last_printed = elapsed;
  };
}

std::string RegisteredAgentAudit::Report() const {
  const AuditResult& r = result;
  const int64_t others = options.num_users - 1;
  std::string text;
  absl::StrAppend(&text, "agent: ", options.agent, " (", agent_parameters, ")\n");
  absl::StrAppend(&text, "environment: ", options.environment, " (", environment_parameters,
                  "), S = ", shape.num_states, ", A = ", shape.num_actions, ", H = ", shape.horizon,
                  "\n");
  absl::StrAppend(&text, "view: JDP, user ", options.target, "'s episode ",
                  options.relation == JdpRelation::kAddRemove ? "added/removed" : "replaced", " (",
                  JdpRelationName(options.relation), "); the other ", others,
                  " users collude and observe their own actions\n");
  absl::StrAppend(
      &text, "target: paid 1 at every step, staying in its initial state",
      options.relation == JdpRelation::kReplacement ? "; its replacement: the same, paid 0" : "",
      "; the other users: fixed draws of the environment\n");
  absl::StrAppend(&text, absl::StrFormat("claim: %g-JDP under %s (from %s)\n", claimed_epsilon,
                                         JdpRelationName(options.relation), claim_source));
  absl::StrAppend(
      &text, absl::StrFormat("trials: %d per input (%d train the event, %d test it); "
                             "confidence 1 - %g; seed %d\n",
                             options.audit.num_trials, options.audit.num_trials / 2,
                             r.heldout_trials, options.audit.confidence_beta, options.audit.seed));
  if (trials_needed == 0 || trials_needed > options.audit.num_trials) {
    absl::StrAppend(&text, "note: these trials cannot refute the claim",
                    trials_needed > 0 ? absl::StrCat("; ", trials_needed, " could") : "", "\n");
  }
  absl::StrAppend(&text, absl::StrFormat("event: %s %s %.6g (%s)\n", r.statistic,
                                         r.upper_tail ? ">=" : "<=", r.threshold,
                                         r.swapped ? "D' against D" : "D against D'"));
  absl::StrAppend(&text, absl::StrFormat("held-out counts: %d/%d vs %d/%d\n", r.count_first,
                                         r.heldout_trials, r.count_second, r.heldout_trials));
  absl::StrAppend(&text, absl::StrFormat("epsilon lower bound: %.4f (point estimate %.4f)\n",
                                         r.privacy_epsilon_lower, r.privacy_epsilon_point));
  absl::StrAppend(&text, "verdict: ", VerdictName(verdict), " (on ",
                  ObservationMeaning(JdpObservation::kActions), ")\n");
  return text;
}

}  // namespace dprl
