// vietri_bounds: prints the bounds of Vietri et al. 2020 for given S, A, H, eps, alpha, beta, T.
//
//   bazel run //calculators:vietri_bounds -- --states=6 --actions=2 --horizon=20
//       --privacy_epsilon=1 --alpha=0.1 --beta=0.05 --episodes=1e6      (one command line)
//
// Prints (stdout, one quantity per line: name, value, formula and source):
//   1. formulas whose constants the paper states, evaluated exactly: E_eps (Alg. 3), the single
//      counter bound (Sec. 2.3), Lemma 8's expected pulls of an alpha-suboptimal arm;
//   2. the O~ / Omega results (Thms. 3-6) as shapes with constant 1, labelled "up to constants"
//      (and "and polylog factors" for the O~ upper bounds), each as total, non-private term and
//      privacy term.
// The formulas and the choices behind them (log bases, discrepancies between the abstract, the
// theorems and the slides) are documented in algorithms/tabular/vietri_bounds.h.
//
// Flags, all required, only in the form --flag=value:
//   --states=S  --actions=A  --horizon=H  --episodes=T   integers in [1, 2^53] (1e6 is accepted);
//                                                        T >= 2 (E_eps = 0 at T = 1)
//   --privacy_epsilon=EPS                                 finite, > 0
//   --alpha=ALPHA                                         in (0, H] (Thm. 3)
//   --beta=BETA                                           in (0, 1)
//   --help                                                usage on stdout, exit 0
// Errors (unknown, missing, repeated or malformed flag, value out of range): exactly one line on
// stderr naming the flag and the bad value, nothing on stdout, exit code 2.
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/build_info.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "common/command_line.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr double kMaxCount = 9007199254740992.0;  // 2^53: every integer up to it is a double

constexpr char kUsage[] =
    "Usage: vietri_bounds --states=S --actions=A --horizon=H --privacy_epsilon=EPS\n"
    "                     --alpha=ALPHA --beta=BETA --episodes=T\n"
    "Prints the bounds of Vietri, Balle, Krishnamurthy & Wu 2020 (ICML), \"Private Reinforcement\n"
    "Learning with PAC and Regret Guarantees\": E_eps (Alg. 3), the single-counter bound\n"
    "(Sec. 2.3) and Lemma 8 with the constants the paper states, and the PAC and regret upper\n"
    "(Thms. 3, 4) and lower (Thms. 5, 6) bounds as shapes with constant 1 (the paper states no\n"
    "constant for them).\n"
    "  S, A, H, T   integers in [1, 2^53] (T may be written 1e6)\n"
    "  EPS          privacy epsilon of eps-JDP, finite and > 0\n"
    "  ALPHA        accuracy, in (0, H]\n"
    "  BETA         failure probability, in (0, 1)\n";

// Flag names in the order they are validated and reported when missing.
const char* const kFlagNames[] = {"--states",          "--actions", "--horizon", "--episodes",
                                  "--privacy_epsilon", "--alpha",   "--beta"};

struct Flags {
  bool help = false;
  VietriBoundsParameters parameters;
};

absl::Status Invalid(const std::string& message) { return absl::InvalidArgumentError(message); }

absl::Status ParseFlags(int argc, char** argv, Flags* flags) {
  const std::vector<std::string> names(std::begin(kFlagNames), std::end(kFlagNames));
  absl::StatusOr<CommandLine> command_line = SplitCommandLine(argc, argv, names);
  if (!command_line.ok()) return command_line.status();
  flags->help = command_line->help;
  if (flags->help) return absl::OkStatus();
  double values[7] = {0, 0, 0, 0, 0, 0, 0};
  std::string texts[7];
  for (int k = 0; k < 7; ++k) {
    const std::optional<std::string> text = command_line->Get(kFlagNames[k]);
    if (!text.has_value()) continue;
    texts[k] = *text;
    if (!ParseNumberText(texts[k], &values[k])) {
      return Invalid(absl::StrCat(kFlagNames[k], ": '", texts[k], "' is not a number"));
    }
  }
  if (absl::Status status = CheckRequiredFlags(*command_line, names); !status.ok()) return status;
  // Counts S, A, H, T: integers in [1, 2^53].
  int64_t counts[4];
  for (int k = 0; k < 4; ++k) {
    const double v = values[k];
    // Plain digits are read exactly: as a double, 2^53 + 1 rounds to 2^53 and was accepted.
    uint64_t exact = 0;
    const bool digits = ParseUnsignedText(texts[k], &exact);
    if (!(v >= 1.0 && v <= kMaxCount && v == std::floor(v)) ||
        (digits && exact > static_cast<uint64_t>(kMaxCount))) {
      return Invalid(
          absl::StrCat(kFlagNames[k], " must be an integer in [1, 2^53], got '", texts[k], "'"));
    }
    counts[k] = digits ? static_cast<int64_t>(exact) : static_cast<int64_t>(v);
  }
  VietriBoundsParameters& p = flags->parameters;
  p.num_states = counts[0];
  p.num_actions = counts[1];
  p.horizon = counts[2];
  p.num_episodes = counts[3];
  p.privacy_epsilon = values[4];
  p.alpha = values[5];
  p.failure_probability = values[6];
  if (!(std::isfinite(p.privacy_epsilon) && p.privacy_epsilon > 0.0)) {
    return Invalid(absl::StrCat("--privacy_epsilon must be finite and > 0, got '", texts[4], "'"));
  }
  if (!(p.alpha > 0.0 && p.alpha <= static_cast<double>(p.horizon))) {
    return Invalid(
        absl::StrCat("--alpha must be in (0, H] = (0, ", p.horizon, "], got '", texts[5], "'"));
  }
  if (!(p.failure_probability > 0.0 && p.failure_probability < 1.0)) {
    return Invalid(absl::StrCat("--beta must be in (0, 1), got '", texts[6], "'"));
  }
  if (absl::Status status = p.Validate(); !status.ok()) {
    // The ranges above are the same; what remains is eps / (3H) underflowing: name the flag.
    std::string message(status.message());
    const std::string field = "VietriBoundsParameters.privacy_epsilon";
    if (message.rfind(field, 0) == 0) message = "--privacy_epsilon" + message.substr(field.size());
    return Invalid(message);
  }
  // E_eps's own requirement (T >= 2), checked by the library's function, named as the flag.
  if (absl::Status status = ValidateVietriErrorBoundEpisodes(p.num_episodes); !status.ok()) {
    std::string message(status.message());
    const std::string field = "num_episodes";
    if (message.rfind(field, 0) == 0) message = "--episodes" + message.substr(field.size());
    return Invalid(message);
  }
  return absl::OkStatus();
}

std::string Line(const std::string& name, const std::string& value, const std::string& note) {
  return absl::StrFormat("%-24s %-13s %s\n", name, value, note);
}

std::string Number(double value) { return absl::StrFormat("%.6g", value); }

std::string ShapeLines(const std::string& name, const BoundShape& shape, const std::string& total,
                       const std::string& non_private, const std::string& privacy) {
  return absl::StrCat(Line(name, Number(shape.total()), total),
                      Line("  non_private_term", Number(shape.non_private_term), non_private),
                      Line("  privacy_term", Number(shape.privacy_term), privacy));
}

std::string Report(const VietriBoundsParameters& p) {
  std::string out = absl::StrFormat(
      "Vietri, Balle, Krishnamurthy & Wu 2020 (ICML), \"Private Reinforcement Learning with PAC "
      "and Regret Guarantees\"\n"
      "S=%d A=%d H=%d privacy_epsilon=%g alpha=%g beta=%g T=%d   (ln: natural log, log2: base 2)\n"
      "privacy_epsilon: eps-JDP for adding/removing one user's episode (Alg. 2, eps' = eps/(3H));\n"
      "the same PUCB is 2 eps-JDP for replacing it (the paper's Def. 3)\n"
      "\n"
      "1. Constants stated by the paper: exact values.\n",
      p.num_states, p.num_actions, p.horizon, p.privacy_epsilon, p.alpha, p.failure_probability,
      p.num_episodes);
  absl::StrAppend(&out, Line("E_eps", Number(VietriErrorBound(p)),
                             "Alg. 3: (3/eps) H ln((2SAH + HAS^2)/beta) log2(T)^{5/2}; error of "
                             "all PUCB counters, w.p. >= 1 - beta"));
  absl::StrAppend(&out, Line("single_counter_error",
                             Number(SingleCounterErrorBound(p.privacy_epsilon, p.num_episodes,
                                                            p.failure_probability)),
                             "Sec. 2.3: (4/eps) ln(1/beta) log2(T)^{5/2}; one eps-DP binary "
                             "counter over T steps, w.p. >= 1 - beta"));
  const std::string lemma8 =
      "Lemma 8: E[n_a] > (1/(24 eps alpha)) ln(1/(4 beta)); pulls of an alpha-suboptimal arm by "
      "an eps-DP best-arm identifier (bandit gap = alpha)";
  if (p.failure_probability >= kBestArmLowerBoundMaxFailureProbability) {
    absl::StrAppend(&out, Line("best_arm_pulls_lemma8", "n/a",
                               absl::StrCat(lemma8, "; not applicable: needs beta < 1/4")));
  } else if (p.alpha > 1.0) {
    absl::StrAppend(&out, Line("best_arm_pulls_lemma8", "n/a",
                               absl::StrCat(lemma8, "; not applicable: a Bernoulli gap is <= 1")));
  } else {
    absl::StrAppend(
        &out,
        Line("best_arm_pulls_lemma8",
             Number(BestArmPullsLowerBound(p.privacy_epsilon, p.alpha, p.failure_probability)),
             lemma8));
  }
  absl::StrAppend(
      &out,
      "\n2. O~ / Omega results: the paper states NO constant. Shapes printed with constant 1:\n"
      "   upper bounds (Thms. 3, 4) up to constants and polylog(T, S, A, H, 1/alpha, 1/beta, "
      "1/eps) factors;\n"
      "   lower bounds (Thms. 5, 6) up to constants.\n");
  absl::StrAppend(&out, ShapeLines("pac_upper_thm3", PucbPacUpperBound(p),
                                   "PUCB episodes not alpha-optimal <= O~(SAH^4/alpha^2 + "
                                   "S^2AH^4/(eps alpha)), w.p. >= 1 - beta; up to constants and "
                                   "polylog factors",
                                   "SAH^4/alpha^2", "S^2AH^4/(eps alpha)"));
  absl::StrAppend(&out, ShapeLines("regret_upper_thm4", PucbRegretUpperBound(p),
                                   "PUCB Regret(T) <= O~(H^2 sqrt(SAT) + S^2AH^4/eps), w.p. >= "
                                   "1 - beta; up to constants and polylog factors",
                                   "H^2 sqrt(SAT)", "S^2AH^4/eps"));
  std::string pac_lower_note =
      "any eps-JDP (alpha, beta)-PAC agent: E[n_M] >= Omega(SAH^2/alpha^2 + SAH/(alpha eps) "
      "ln(1/beta)); up to constants";
  if (p.failure_probability >= kPacLowerBoundMaxFailureProbability) {
    absl::StrAppend(&pac_lower_note, "; NOTE: Thm. 5 is stated for beta < 1/8 only");
  }
  absl::StrAppend(&out, ShapeLines("pac_lower_thm5", JdpPacLowerBound(p), pac_lower_note,
                                   "SAH^2/alpha^2", "SAH/(alpha eps) ln(1/beta)"));
  absl::StrAppend(&out, ShapeLines("regret_lower_thm6", JdpRegretLowerBound(p),
                                   "any eps-JDP agent: E[Regret(T)] = Omega(sqrt(HSAT) + SAH "
                                   "log(T)/eps); up to constants (log read as ln)",
                                   "sqrt(HSAT)", "SAH ln(T)/eps"));
  absl::StrAppend(&out, "\nFor scale: H*T = ",
                  Number(static_cast<double>(p.horizon) * static_cast<double>(p.num_episodes)),
                  " bounds the regret of any agent; T = ", p.num_episodes, " episodes.\n");
  return out;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  if (dprl::HandleVersionFlag(argc, argv, "vietri_bounds")) return 0;
  dprl::Flags flags;
  if (absl::Status status = dprl::ParseFlags(argc, argv, &flags); !status.ok()) {
    std::fprintf(stderr, "vietri_bounds: error: %s\n", std::string(status.message()).c_str());
    return 2;
  }
  if (flags.help) {
    std::fputs(dprl::kUsage, stdout);
    return 0;
  }
  if (absl::Status status = dprl::CheckVietriBoundsFinite(flags.parameters); !status.ok()) {
    std::fprintf(stderr, "vietri_bounds: error: %s\n", std::string(status.message()).c_str());
    return 2;
  }
  std::fputs(dprl::Report(flags.parameters).c_str(), stdout);
  return 0;
}
