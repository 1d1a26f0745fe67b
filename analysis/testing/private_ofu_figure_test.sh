#!/usr/bin/env bash
# //analysis:private_ofu_figure on small generated files: PNG/PDF/CSV with the expected numbers
# (regret exponent 1/2 in K, privacy cost 40 eps^{-1/2} -> exponent -1/2 over the eps past the
# onset, the eps whose run never left u = 0 out of the fit); bad inputs (a group
# without its agent's label and options) give one line naming the flag, a non-zero exit and no output files; a file without the
# ofu_rl group (any subset of agents) gives a figure with empty privacy-cost cells.
FIGURE_NAME=private_ofu_figure
source "${TEST_SRCDIR}/dprl/analysis/testing/figure_test_lib.sh"
make_inputs make_private_ofu_files.py

expect_good_input  # writes $WORK/out/fig.{png,pdf} and fig_summary.csv
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = {r["group"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert len(rows) == 8, rows.keys()
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-6, abs_tol=1e-9), (a, b)
ofu = rows["sys-ofu_rl"]
close(ofu["final_regret_mean"], math.sqrt(1000)); close(ofu["regret_exponent"], 0.5)
assert ofu["privacy_cost"] == "" and ofu["privacy_cost_exponent_vs_eps"] == ""
p = rows["sys-private_ofu_rl-eps=4"]
close(p["privacy_cost"], 20.0); close(p["privacy_cost_exponent_vs_eps"], -0.5)
assert p["in_privacy_cost_fit"] == "1", p
before = rows["sys-private_ofu_rl-eps=0.25"]
close(before["privacy_cost"], 10.0); assert before["in_privacy_cost_fit"] == "0", before
close(before["privacy_cost_exponent_vs_eps"], -0.5)  # the agent's fit, without this eps
close(before["clipped_steps"], 8.0); close(before["realized_regret_mean"], 42.0)
assert p["clipped_steps"] == "" and p["realized_regret_mean"] == ""  # not in the file: empty
assert rows["sys-private_ce-eps=16"]["in_privacy_cost_fit"] == "1"  # no onset: every eps
close(rows["sys-private_ce-eps=16"]["privacy_cost_exponent_vs_eps"], -1.0)
PY
expect_error unknown_agent "--in: group sys-ucb: no display label (string attribute 'label')" \
  "--in=$WORK/unknown_agent.h5" "$P"
# Any subset of the agents: without ofu_rl the figure is made, with empty privacy-cost cells.
"$FIGURE" "--in=$WORK/no_ofu.h5" "--out_prefix=$WORK/out/no_ofu" 2>"$WORK/no_ofu.err" ||
  { cat "$WORK/no_ofu.err"; fail "input without ofu_rl rejected"; }
expect_outputs "$WORK/out/no_ofu"
"$PYTHON" - "$WORK/out/no_ofu_summary.csv" <<'PY' || fail "summary CSV without ofu_rl wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 1 and rows[0]["privacy_cost"] == "", rows
PY
expect_common_errors
echo PASS
