// The privacy audit report: every case of tests/privacy_audit/audit_cases.h audited with more
// trials than the fast test, printed as a table and written as CSV and figure.
//
//   bazel run //tests/privacy_audit:privacy_audit_report -- --out_prefix=$PWD/privacy_audit
//       [--trials_scale=10] [--suite_beta=1e-6]
//
// Outputs PATH.csv, PATH.png, PATH.pdf. Per case: the claimed epsilon (at its target_delta), the
// audit's epsilon_lower (audit/auditor.h: held-out threshold event, exact Clopper-Pearson bounds at
// confidence_beta = suite_beta / number of cases, so that all lower bounds hold together with
// probability >= 1 - suite_beta), and the two-sided interval [epsilon_lower, epsilon_upper] of
// the chosen event's privacy loss ln((P1(E) - delta) / P2(E)), epsilon_upper from the opposite
// Clopper-Pearson bounds (inf when the event never occurred under the second input). Trials per
// input = trials_scale x the fast test's. Exit code 1 when a target exceeds its claim or a
// control is not caught.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "analysis/line_plot.h"
#include "analysis/output_files.h"
#include "audit/auditor.h"
#include "common/command_line.h"
#include "tests/privacy_audit/audit_cases.h"
#include "tests/privacy_audit/dp_nash_vi_audit_cases.h"
#include "tests/privacy_audit/ucbvi_audit_cases.h"
#include "tests/privacy_audit/wang_hegde_audit_cases.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "usage: privacy_audit_report --out_prefix=PATH [--trials_scale=10] [--suite_beta=1e-6]\n";

struct Row {
  AuditCase audit_case;
  AuditResult result;
  int64_t trials = 0;
  double epsilon_upper = 0.0;
  double seconds = 0.0;
  bool ok = false;
};

// Short label of a case in the figure's note (the full names are in the CSV and the table).
std::string ShortName(const std::string& name) {
  const std::vector<std::pair<std::string, std::string>> kShort = {
      {"binary_counter", "counter"},
      {"binary_counter_jdp_view", "JDP view"},
      {"pucb_add_remove", "PUCB +/-"},
      {"pucb_replacement", "PUCB repl."},
      {"pucb_jdp_view", "PUCB JDP"},
      {"rlsvi_rewards", "RLSVI"},
      {"matrix_tree_counter", "matrix"},
      {"matrix_factorization_counter", "sqrt fact."},
      {"ou_functional_noise", "OU"},
      {"control_laplace_once", "Laplace once"},
      {"control_half_noise", "half noise"},
      {"control_classic_gaussian", "classic Gauss."},
      {"control_floating_residue", "float residue"},
      {"refuted_claim_wang_hegde_output", "W&H output"},
      {"refuted_claim_wang_hegde_noisy_q", "W&H noisy Q"},
      {"private_ucbvi_jdp_view", "Priv-UCB-VI JDP"},
      {"private_ucbvi_add_remove", "Priv-UCB-VI +/-"},
      {"refuted_claim_ucbvi_jdp_as_run", "UCBVI-JDP code"},
      {"private_ucbvi_jdp_actions", "Priv-UCB-VI actions"},
      {"refuted_claim_ucbvi_jdp_as_run_actions", "UCBVI-JDP code, actions"},
      {"dp_nash_vi_central_add_remove", "DP-Nash-VI JDP +/-"},
      {"dp_nash_vi_central_replacement", "DP-Nash-VI JDP repl."},
      {"dp_nash_vi_local", "DP-Nash-VI LDP"},
      {"refuted_claim_dp_nash_vi_central_as_printed", "DP-Nash-VI JDP printed"},
      {"control_dp_nash_vi_central_at_epsilon", "DP-Nash-VI JDP at eps"},
      {"refuted_claim_dp_nash_vi_local_as_printed", "DP-Nash-VI LDP printed"}};
  for (const auto& [full, abbreviation] : kShort) {
    if (full == name) return abbreviation;
  }
  return name;
}

double EventEpsilonUpper(const AuditResult& result, double level, double target_delta) {
  const int64_t n = result.heldout_trials;
  const double p1 = ClopperPearsonUpper(result.count_first, n, level) - target_delta;
  const double p2 = ClopperPearsonLower(result.count_second, n, level);
  if (p2 <= 0.0) return std::numeric_limits<double>::infinity();
  return p1 <= 0.0 ? 0.0 : std::log(p1 / p2);
}

int Run(int argc, char** argv) {
  absl::StatusOr<CommandLine> command_line =
      SplitCommandLine(argc, argv, {"--out_prefix", "--trials_scale", "--suite_beta"});
  if (!command_line.ok()) {
    std::cerr << command_line.status().message() << "\n" << kUsage;
    return 2;
  }
  if (command_line->help) {
    std::cout << kUsage;
    return 0;
  }
  if (absl::Status status = CheckRequiredFlags(*command_line, {"--out_prefix"}); !status.ok()) {
    std::cerr << status.message() << "\n" << kUsage;
    return 2;
  }
  const std::string out_prefix = *command_line->Get("--out_prefix");
  double trials_scale = 10.0;
  if (auto text = command_line->Get("--trials_scale")) {
    if (!ParseNumberText(*text, &trials_scale) || !(trials_scale > 0.0) ||
        !std::isfinite(trials_scale)) {
      std::cerr << "--trials_scale must be a finite number > 0, got '" << *text << "'\n";
      return 2;
    }
  }
  double suite_beta = 1e-6;
  if (auto text = command_line->Get("--suite_beta")) {
    if (!ParseNumberText(*text, &suite_beta) || !(suite_beta > 0.0 && suite_beta < 1.0)) {
      std::cerr << "--suite_beta must be in (0, 1), got '" << *text << "'\n";
      return 2;
    }
  }
  absl::StatusOr<OutputFiles> outputs = OutputFiles::Reserve(
      {out_prefix + ".csv", out_prefix + ".png", out_prefix + ".pdf"}, "--out_prefix");
  if (!outputs.ok()) {
    std::cerr << outputs.status().message() << "\n";
    return 2;
  }

  std::vector<AuditCase> cases = AllAuditCases();
  // Refuted claims (Wang & Hegde 2019, Theorem 5) are audited like controls: they must be caught.
  for (AuditCase& refuted : WangHegdeAuditCases()) cases.push_back(std::move(refuted));
  // Private-UCB-VI below its claim; the published code's fresh per-episode noise refuted.
  cases.push_back(PrivateUcbviAuditCase());
  cases.push_back(PrivateUcbviOneEpisodeAuditCase());
  cases.push_back(UcbviJdpAsRunAuditCase());
  // The same two on the actions the colluders receive (JDP itself).
  cases.push_back(PrivateUcbviActionsAuditCase());
  cases.push_back(UcbviJdpAsRunActionsAuditCase());
  // DP-Nash-VI's Privatizers: the stated calibrations below their claims, the printed ones
  // refuted, the binary mechanism at eps instead of eps/(2H) caught.
  for (AuditCase& dp_nash_vi : DpNashViAuditCases()) cases.push_back(std::move(dp_nash_vi));
  const double confidence_beta = suite_beta / cases.size();
  std::vector<Row> rows;
  bool all_ok = true;
  const auto start = std::chrono::steady_clock::now();
  for (const AuditCase& audit_case : cases) {
    AuditOptions options;
    options.num_trials = std::max<int64_t>(
        2, static_cast<int64_t>(std::llround(trials_scale * audit_case.fast_trials)));
    options.confidence_beta = confidence_beta;
    options.target_delta = audit_case.target_delta;
    options.seed = 2;  // not the fast test's seed
    const auto case_start = std::chrono::steady_clock::now();
    absl::StatusOr<AuditResult> result =
        AuditOf(audit_case, options);
    if (!result.ok()) {
      std::cerr << audit_case.name << ": " << result.status().message() << "\n";
      return 1;
    }
    Row row{audit_case, *result, options.num_trials};
    row.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - case_start).count();
    row.epsilon_upper = EventEpsilonUpper(*result, confidence_beta / 2.0, audit_case.target_delta);
    row.ok = audit_case.is_control ? result->privacy_epsilon_lower > audit_case.claimed_epsilon
                                   : result->privacy_epsilon_lower <= audit_case.claimed_epsilon;
    all_ok = all_ok && row.ok;
    std::cerr << absl::StrFormat("%-26s done in %.1f s\n", audit_case.name, row.seconds);
    rows.push_back(std::move(row));
  }
  const double total_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // Table (stdout) and CSV.
  std::ofstream csv(outputs->temp_path(0));
  csv << "case,kind,neighbour_relation,claimed_epsilon,target_delta,epsilon_lower,"
         "event_epsilon_upper,point_estimate,trials_per_input,heldout_per_input,confidence_beta,"
         "verdict,seconds\n";
  std::cout << absl::StrFormat("%-26s %-7s %9s %7s %9s %-22s %10s %s\n", "case", "kind", "claimed",
                               "delta", "eps_lower", "interval", "trials", "verdict");
  for (const Row& row : rows) {
    const AuditCase& c = row.audit_case;
    const bool refuted_claim = c.name.rfind("refuted_claim", 0) == 0;
    const std::string verdict =
        refuted_claim ? (row.ok ? "refuted" : "NOT REFUTED")
        : c.is_control ? (row.ok ? "caught" : "MISSED")
                       : (row.ok ? "pass" : "VIOLATION");
    const char* kind = refuted_claim ? "refuted" : c.is_control ? "control" : "target";
    const std::string interval =
        absl::StrFormat("[%.3f, %.3f]", row.result.privacy_epsilon_lower, row.epsilon_upper);
    std::cout << absl::StrFormat("%-26s %-7s %9.4g %7.2g %9.4f %-22s %10d %s\n", c.name, kind,
                                 c.claimed_epsilon, c.target_delta,
                                 row.result.privacy_epsilon_lower, interval, row.trials, verdict);
    csv << absl::StrFormat("%s,%s,\"%s\",%.17g,%.17g,%.17g,%.17g,%.17g,%d,%d,%.17g,%s,%.3f\n",
                           c.name, kind, c.neighbour_relation,
                           c.claimed_epsilon, c.target_delta, row.result.privacy_epsilon_lower,
                           row.epsilon_upper, row.result.privacy_epsilon_point, row.trials,
                           row.result.heldout_trials, confidence_beta, verdict, row.seconds);
  }
  csv.close();
  std::cout << absl::StrFormat(
      "total audit time %.1f s; all lower bounds hold jointly with "
      "probability >= 1 - %g\n",
      total_seconds, suite_beta);

  // Figure: per case, a short dashed segment at the claimed epsilon and a solid segment at
  // epsilon_lower with its interval as a band (cases are categories: nothing joins them); one
  // panel for the targets and one for the controls, cases numbered along x.
  constexpr double kHalfWidth = 0.3;
  std::vector<PlotPanel> panels;
  for (bool controls : {false, true}) {
    PlotPanel panel;
    panel.title = controls ? "negative controls and refuted claims (must be caught)"
                           : "audited mechanisms";
    panel.x_label = "case";
    panel.y_label = "#ge";
    panel.log_x = false;
    panel.log_y = false;
    panel.x_tick = 1;  // one label per case
    std::string note;
    double cap = 0.0;  // infinite upper ends are drawn at 1.5 x the largest claim of the panel
    for (const Row& row : rows) {
      if (row.audit_case.is_control == controls)
        cap = std::max(cap, 1.5 * row.audit_case.claimed_epsilon);
    }
    int index = 0;
    for (const Row& row : rows) {
      if (row.audit_case.is_control != controls) continue;
      ++index;
      const bool first = index == 1;  // one legend entry per kind
      PlotCurve claimed{first ? "claimed #ge" : "", 0, true};
      PlotCurve lower{first ? "#ge#dlower#u (band: interval of the event's loss)" : "", 1, false};
      for (double x : {index - kHalfWidth, index + kHalfWidth}) {
        claimed.x.push_back(x);
        claimed.y.push_back(row.audit_case.claimed_epsilon);
        lower.x.push_back(x);
        lower.y.push_back(row.result.privacy_epsilon_lower);
        lower.lower.push_back(row.result.privacy_epsilon_lower);
        lower.upper.push_back(std::min(row.epsilon_upper, cap));
      }
      panel.curves.push_back(std::move(claimed));
      panel.curves.push_back(std::move(lower));
      note += absl::StrFormat("%s%d %s", note.empty() ? "" : ", ", index,
                              ShortName(row.audit_case.name));
    }
    panel.note = note;
    panels.push_back(panel);
  }
  if (absl::Status status = RenderPngAndPdf(panels, outputs->temp_path(1), outputs->temp_path(2),
                                            {1, LegendLayout::kBelowEachColumn});
      !status.ok()) {
    std::cerr << status.message() << "\n";
    return 1;
  }
  if (absl::Status status = outputs->Commit(); !status.ok()) {
    std::cerr << status.message() << "\n";
    return 1;
  }
  std::cout << "wrote " << out_prefix << ".{csv,png,pdf}\n";
  return all_ok ? 0 : 1;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) { return dprl::Run(argc, argv); }
