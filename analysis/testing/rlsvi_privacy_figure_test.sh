#!/usr/bin/env bash
# //analysis:rlsvi_privacy_figure on small generated files: PNG/PDF/CSV are written with the
# expected numbers and labels; bad inputs give one clear error naming the flag, a non-zero exit and
# no output files.
FIGURE_NAME=rlsvi_privacy_figure
source "${TEST_SRCDIR}/dprl/analysis/testing/figure_test_lib.sh"
make_inputs make_rlsvi_privacy_files.py

expect_good_input  # writes $WORK/out/fig.{png,pdf} and fig_summary.csv
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert list(rows[0].keys()) == ("kind,group,env,agent,num_states,num_actions,horizon,"
    "privacy_protects,privacy_notion,neighbour_relation,target_delta,episodes,privacy_epsilon,privacy_epsilon_paper,"
    "privacy_epsilon_improved,seeds,final_regret_mean,final_regret_ci95").split(","), rows[0]
by = {r["group"]: r for r in rows}
assert [r["group"] for r in rows] == ["privacy-S=4-A=2-H=5-delta=0.001",
    "privacy-S=4-A=2-H=5-delta=1e-05", "chain-rlsvi", "chain-pucb", "chain-ubev"], by.keys()
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-8), (a, b)
c = by["privacy-S=4-A=2-H=5-delta=1e-05"]
assert (c["kind"], c["agent"], c["privacy_protects"], c["privacy_notion"]) == (
    "privacy_curve", "rlsvi", "rewards", "(eps,delta)-JDP"), c
close(c["target_delta"], 1e-5); close(c["episodes"], 1000)
close(c["privacy_epsilon_paper"], 1000); close(c["privacy_epsilon_improved"], 500)
assert c["final_regret_mean"] == "" and c["seeds"] == ""
r, p, u = by["chain-rlsvi"], by["chain-pucb"], by["chain-ubev"]
close(r["privacy_epsilon"], 1000); close(r["privacy_epsilon_paper"], 1000)
close(r["privacy_epsilon_improved"], 500); close(r["target_delta"], 1e-5)
close(p["privacy_epsilon"], 1000); close(p["target_delta"], 0)
assert c["neighbour_relation"] == "replacement" and p["neighbour_relation"] == "replacement"
assert u["neighbour_relation"] == ""
assert p["privacy_epsilon_paper"] == "" and p["privacy_protects"] == "states_and_rewards"
assert u["privacy_epsilon"] == "" and u["target_delta"] == "" and u["privacy_notion"] == "none"
for row in (r, p, u):
    assert row["seeds"] == "2" and row["episodes"] == "1000"
    close(row["final_regret_mean"], 1.5 * math.sqrt(1000))
PY

expect_error no_kind "--in: " "--in=$WORK/no_kind.h5" "$P"
grep -qF "kind" "$WORK/no_kind.err" || fail "no_kind: message"
expect_error bad_kind "parameter 'kind' of an RLSVI privacy group: 'other' is not one of privacy_curve | regret" "--in=$WORK/bad_kind.h5" "$P"
expect_error rows_differ "row 1 differs from row 0" "--in=$WORK/rows_differ.h5" "$P"
expect_error short "differ in length" "--in=$WORK/short.h5" "$P"
expect_error no_protects "privacy_protects" "--in=$WORK/no_protects.h5" "$P"
expect_error inf "--in: $WORK/inf.h5: dataset 'privacy-S=4-A=2-H=5-delta=0.001/privacy_epsilon_improved' holds a non-finite value (inf at row 1, column 6)" \
  "--in=$WORK/inf.h5" "$P"
expect_common_errors
echo PASS
