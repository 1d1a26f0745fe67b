// audit_agent: the JDP audit of a registered tabular agent, by name (registered_agent_audit.h).
// --help prints the flags; a bad flag or value prints one line naming it and exits 2 (as does an
// audit that fails); a finished audit prints its report and exits 0 whatever its verdict.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "audit/audit_plot.h"
#include "audit/auditor.h"
#include "audit/registered_agent_audit.h"
#include "audit/tabular_views.h"
#include "common/command_line.h"
#include "experiments/tabular/tabular_registry.h"

namespace dprl {
namespace {

std::string Usage() {
  return absl::StrCat(
      "Usage: audit_agent --agent=NAME [flags]\n"
      "Audits the joint-DP claim of a registered tabular agent: one user's episode added/removed\n"
      "or replaced, the other users colluding and observing their own actions; prints the\n"
      "epsilon lower bound, the event, the held-out counts and the verdict (\"refuted\" or \"no\n"
      "evidence against the claim\", never \"private\"). docs/privacy_audit.md explains it.\n\n"
      "  --agent=NAME            registered agent: ",
      absl::StrJoin(TabularAgentNames(), ", "),
      "\n"
      "  --set=NAME=VALUE        one agent parameter (repeatable), e.g. --set=privacy_epsilon=1;\n"
      "                          num_episodes defaults to --users, the neighbour relation to\n"
      "                          --relation\n"
      "  --env=NAME              registered environment (riverswim): ",
      absl::StrJoin(TabularEnvironmentNames(), ", "),
      "\n"
      "  --env_set=NAME=VALUE    one environment parameter (repeatable), e.g. --env_set=horizon=4\n"
      "  --users=K               users in D, the target included (32)\n"
      "  --target=K              the target's index in [0, K) (0)\n"
      "  --relation=R            add_remove | replacement (add_remove)\n"
      "  --claimed_epsilon=X     the claim; default: the agent's privacy level (needed for a\n"
      "                          non-private agent or RLSVI)\n"
      "  --trials=N              trials per input, half train the event, half test it (20000)\n"
      "  --confidence_beta=B     P(bound > true loss) <= B (1e-6)\n"
      "  --target_delta=D        delta of the (eps, delta) bound (0)\n"
      "  --seed=N                seed of the trials and of the instance (1)\n"
      "  --threads=N             threads drawing trials; the result does not depend on it\n"
      "                          (this machine's cores)\n"
      "  --plot=PATH.png         also draw the two held-out distributions of the chosen\n"
      "                          statistic and the event (audit/audit_plot.h)\n"
      "Progress lines go to stderr once an audit has run 5 s.\n");
}

int Fail(const std::string& message) {
  std::cerr << "audit_agent: " << message << "\n";
  return 2;
}

int Main(int argc, char** argv) {
  absl::StatusOr<CommandLine> command_line =
      SplitCommandLine(argc, argv,
                       {"--agent", "--set", "--env", "--env_set", "--users", "--target",
                        "--relation", "--claimed_epsilon", "--trials", "--confidence_beta",
                        "--target_delta", "--seed", "--threads", "--plot"},
                       {"--set", "--env_set"});
  if (!command_line.ok()) return Fail(std::string(command_line.status().message()));
  if (command_line->help) {
    std::cout << Usage();
    return 0;
  }
  if (absl::Status status = CheckRequiredFlags(*command_line, {"--agent"}); !status.ok()) {
    return Fail(std::string(status.message()));
  }
  RegisteredAgentAuditOptions options;
  options.agent = *command_line->Get("--agent");
  options.environment = command_line->Get("--env").value_or("riverswim");
  options.audit.num_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto integer = [&](const char* flag, int64_t& value, int64_t minimum) -> bool {
    const std::optional<std::string> text = command_line->Get(flag);
    if (!text) return true;
    uint64_t parsed = 0;
    if (!ParseUnsignedText(*text, &parsed) || parsed < static_cast<uint64_t>(minimum) ||
        parsed > (uint64_t{1} << 40)) {
      std::cerr << "audit_agent: " << flag << " must be an integer in [" << minimum
                << ", 2^40], got '" << *text << "'\n";
      return false;
    }
    value = static_cast<int64_t>(parsed);
    return true;
  };
  auto number = [&](const char* flag, double& value) -> bool {
    const std::optional<std::string> text = command_line->Get(flag);
    if (!text) return true;
    if (!ParseNumberText(*text, &value)) {
      std::cerr << "audit_agent: " << flag << " must be a number, got '" << *text << "'\n";
      return false;
    }
    return true;
  };
  int64_t seed = 1;
  int64_t threads = options.audit.num_threads;
  double claimed = 0.0;
  if (!integer("--users", options.num_users, 2) || !integer("--target", options.target, 0) ||
      !integer("--trials", options.audit.num_trials, 2) || !integer("--seed", seed, 0) ||
      !integer("--threads", threads, 1) ||
      !number("--confidence_beta", options.audit.confidence_beta) ||
      !number("--target_delta", options.audit.target_delta) ||
      !number("--claimed_epsilon", claimed)) {
    return 2;
  }
  if (threads > 1024) return Fail(absl::StrCat("--threads must be <= 1024, got ", threads));
  options.audit.seed = static_cast<uint64_t>(seed);
  options.audit.num_threads = static_cast<int>(threads);
  if (command_line->Get("--claimed_epsilon")) options.claimed_epsilon = claimed;
  const std::string relation = command_line->Get("--relation").value_or("add_remove");
  if (relation == "add_remove") {
    options.relation = JdpRelation::kAddRemove;
  } else if (relation == "replacement") {
    options.relation = JdpRelation::kReplacement;
  } else {
    return Fail("--relation must be add_remove or replacement, got '" + relation + "'");
  }
  // Parameters, typed by the registered types' specs (an unknown type is the audit's error).
  if (const TabularAgentType* type = FindTabularAgent(options.agent)) {
    absl::StatusOr<AttributeList> parameters = ParametersFromText(
        "--set: agent '" + options.agent + "'", type->parameters, command_line->GetAll("--set"));
    if (!parameters.ok()) return Fail(std::string(parameters.status().message()));
    options.agent_parameters = *parameters;
  }
  if (const TabularEnvironmentType* type = FindTabularEnvironment(options.environment)) {
    absl::StatusOr<AttributeList> parameters =
        ParametersFromText("--env_set: environment '" + options.environment + "'", type->parameters,
                           command_line->GetAll("--env_set"));
    if (!parameters.ok()) return Fail(std::string(parameters.status().message()));
    options.environment_parameters = *parameters;
  }
  std::optional<std::string> plot_path;
  if (const std::optional<std::string> text = command_line->Get("--plot")) {
    absl::StatusOr<std::string> resolved = ResolveUserPath(*text);
    if (!resolved.ok()) return Fail("--plot: " + std::string(resolved.status().message()));
    if (!absl::EndsWith(*resolved, ".png")) {
      return Fail("--plot must name a .png file, got '" + *text + "'");
    }
    plot_path = *resolved;
  }
  options.audit.progress = StderrAuditProgress(/*always=*/false);
  absl::StatusOr<RegisteredAgentAudit> audit = AuditRegisteredTabularAgent(options);
  if (!audit.ok()) return Fail(std::string(audit.status().message()));
  std::cout << audit->Report();
  if (plot_path) {
    if (absl::Status status =
            WriteAuditPlot(*plot_path, audit->heldout.first, audit->heldout.second, audit->result,
                           audit->claimed_epsilon);
        !status.ok()) {
      return Fail("--plot: " + std::string(status.message()));
    }
    std::cout << "wrote " << *plot_path << "\n";
  }
  return 0;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) { return dprl::Main(argc, argv); }
