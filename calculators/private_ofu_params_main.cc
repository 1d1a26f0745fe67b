// private_ofu_params: prints the noise calibration and confidence constants of Private-OFU-RL
// (algorithms/lqr/private_ofu_params.h): sigma_1, sigma_2, m, Lambda, eta, lambda_min, lambda_max,
// nu and beta_k. Errors: one line on stderr naming the flag and the bad value, nothing on stdout,
// exit code 2. --help prints the flags.
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/build_info.h"
#include "absl/strings/str_cat.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "common/command_line.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "usage: private_ofu_params --privacy_epsilon=E --target_delta=D --episodes=K --horizon=H\n"
    "                          --gamma=G --state_dim=N --control_dim=M [--noise_bound=0.1]\n"
    "                          [--confidence_alpha=0.05] [--neighbour=replace|zero_out]\n"
    "                          [--conversion=basic|improved] [--calibration=paper|tight]\n"
    "Noise levels and confidence constants of Private-OFU-RL (Chowdhury, Zhou, Shroff 2021).\n"
    "  --privacy_epsilon   overall eps of the (eps, delta)-JDP guarantee, > 0\n"
    "  --target_delta      overall delta, in (0, 1]\n"
    "  --episodes          K >= 2\n"
    "  --horizon           H >= 1\n"
    "  --gamma             control bound gamma >= 0 (||u|| <= gamma)\n"
    "  --state_dim         n >= 1\n"
    "  --control_dim       d >= 1\n"
    "  --noise_bound       C_w in [0, 1)\n"
    "  --confidence_alpha  alpha in (0, 1]\n"
    "  --neighbour         replace (one episode replaced; default) or zero_out (paper's Delta)\n"
    "  --conversion        basic (Bun-Steinke 2016 Prop. 1.3; default) or improved (CKS 2020)\n"
    "  --calibration       paper (default) or tight (private_ofu_rl_tight: clip-level\n"
    "                      sensitivities, matrix sub-Gaussian spectral bound, improved\n"
    "                      conversion, square-root factorisation counters)\n";

absl::Status ParseDouble(const CommandLine& cl, const std::string& name, double* out) {
  std::optional<std::string> v = cl.Get(name);
  if (!v) return absl::OkStatus();
  if (!ParseNumberText(*v, out)) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": '", *v, "' is not a number"));
  }
  return absl::OkStatus();
}

absl::Status ParseInt(const CommandLine& cl, const std::string& name, int64_t* out) {
  std::optional<std::string> v = cl.Get(name);
  if (!v) return absl::OkStatus();
  uint64_t parsed = 0;
  if (!ParseUnsignedText(*v, &parsed) || parsed > (uint64_t{1} << 53)) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": '", *v, "' is not a non-negative integer <= 2^53"));
  }
  *out = static_cast<int64_t>(parsed);
  return absl::OkStatus();
}

absl::StatusOr<PrivateOfuOptions> ParseFlags(int argc, char** argv, bool* help) {
  ASSIGN_OR_RETURN(
      CommandLine cl,
      SplitCommandLine(argc, argv,
                       {"--privacy_epsilon", "--target_delta", "--episodes", "--horizon", "--gamma",
                        "--state_dim", "--control_dim", "--noise_bound", "--confidence_alpha",
                        "--neighbour", "--conversion", "--calibration"}));
  *help = cl.help;
  if (cl.help) return PrivateOfuOptions();
  if (absl::Status s =
          CheckRequiredFlags(cl, {"--privacy_epsilon", "--target_delta", "--episodes", "--horizon",
                                  "--gamma", "--state_dim", "--control_dim"});
      !s.ok()) {
    return s;
  }
  PrivateOfuOptions o;
  int64_t episodes = 0, horizon = 0, n = 0, d = 0;
  for (absl::Status s :
       {ParseDouble(cl, "--privacy_epsilon", &o.privacy_epsilon),
        ParseDouble(cl, "--target_delta", &o.target_delta), ParseInt(cl, "--episodes", &episodes),
        ParseInt(cl, "--horizon", &horizon), ParseDouble(cl, "--gamma", &o.control_bound),
        ParseInt(cl, "--state_dim", &n), ParseInt(cl, "--control_dim", &d),
        ParseDouble(cl, "--noise_bound", &o.noise_bound),
        ParseDouble(cl, "--confidence_alpha", &o.confidence_alpha)}) {
    if (!s.ok()) return s;
  }
  if (horizon > (1 << 30) || n > (1 << 20) || d > (1 << 20)) {
    return absl::InvalidArgumentError("--horizon, --state_dim, --control_dim: value too large");
  }
  o.episodes = episodes;
  o.horizon = static_cast<int>(horizon);
  o.state_dim = static_cast<int>(n);
  o.control_dim = static_cast<int>(d);
  if (std::optional<std::string> v = cl.Get("--neighbour")) {
    if (*v == "replace") {
      o.neighbour = EpisodeNeighbour::kReplaceEpisode;
    } else if (*v == "zero_out") {
      o.neighbour = EpisodeNeighbour::kZeroOutEpisode;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("--neighbour must be replace or zero_out, got '", *v, "'"));
    }
  }
  if (std::optional<std::string> v = cl.Get("--conversion")) {
    if (*v == "basic") {
      o.conversion = DpConversion::kBasic;
    } else if (*v == "improved") {
      o.conversion = DpConversion::kImproved;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("--conversion must be basic or improved, got '", *v, "'"));
    }
  }
  if (std::optional<std::string> v = cl.Get("--calibration")) {
    if (*v == "tight") {
      o = TightCalibration(o);
    } else if (*v != "paper") {
      return absl::InvalidArgumentError(
          absl::StrCat("--calibration must be paper or tight, got '", *v, "'"));
    }
  }
  if (absl::Status s = o.Validate(); !s.ok()) {
    // Name the flag as the user typed it.
    std::string message(s.message());
    for (const auto& [field, flag] : std::vector<std::pair<std::string, std::string>>{
             {"control_bound (gamma)", "gamma"}, {"noise_bound (C_w)", "noise_bound"}}) {
      if (message.rfind(field, 0) == 0) message = flag + message.substr(field.size());
    }
    return absl::InvalidArgumentError(absl::StrCat("--", message));
  }
  return o;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  if (dprl::HandleVersionFlag(argc, argv, "private_ofu_params")) return 0;
  bool help = false;
  absl::StatusOr<dprl::PrivateOfuOptions> options = dprl::ParseFlags(argc, argv, &help);
  if (!options.ok()) {
    std::fprintf(stderr, "private_ofu_params: %s\n",
                 std::string(options.status().message()).c_str());
    return 2;
  }
  if (help) {
    std::fputs(dprl::kUsage, stdout);
    return 0;
  }
  // The counters are built to read their calibration; their Create refuses, before allocating,
  // dimensions whose counters exceed this machine's memory (CheckMatrixCounterSize).
  absl::StatusOr<dprl::PrivateOfuParams> params = dprl::ComputePrivateOfuParams(*options);
  if (!params.ok()) {
    std::string message(params.status().message());
    // A tiny --privacy_epsilon (e.g. 1e-300) underflows the zCDP budget of the conversion.
    if (message.rfind("zcdp_rho must be finite and > 0", 0) == 0) {
      message = absl::StrCat("--privacy_epsilon=", options->privacy_epsilon, " --target_delta=",
                             options->target_delta,
                             ": the zCDP budget rho they give underflows to 0 (", message,
                             "); use a larger --privacy_epsilon");
    }
    // The counters' size check (CheckMatrixCounterSize) names their rows and cols: n + d.
    if (message.find("released entries") != std::string::npos) {
      message = absl::StrCat("--state_dim=", options->state_dim, " --control_dim=",
                             options->control_dim, ": ", message);
    }
    std::fprintf(stderr, "private_ofu_params: %s\n", message.c_str());
    return 2;
  }
  std::fputs(dprl::FormatPrivateOfuParams(*options, *params).c_str(), stdout);
  return 0;
}
