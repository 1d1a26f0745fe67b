#!/usr/bin/env bash
# The claims machinery end to end:
#  1. //experiments:reproduce_all at --scale=smoke (every experiment, its figures, //analysis:claims,
#     REPORT.md): every registered claim of the four papers is evaluated without error (verdicts
#     may be "inconclusive" at this scale, none may be "not run"), REPORT.md holds the table and
#     every figure;
#  2. hand-made results files (make_fixtures.py) whose verdicts are known: the Lu et al. and
#     Wang & Hegde claims they feed must hold on one set and fail on the other, the claims of
#     experiments without a file are "not run";
#  3. bad input: a NaN in a results file, a missing --results, a --results that is not a
#     directory: non-zero exit, one error line naming the flag, no claims.csv / claims.md; bad
#     reproduce_all flags: exit 2 naming the flag, nothing created.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
REPRODUCE="$RUNFILES/experiments/reproduce_all"
CLAIMS="$RUNFILES/analysis/claims"
FIXTURES="$RUNFILES/tests/claims/make_fixtures.py"
[[ -x "$REPRODUCE" && -x "$CLAIMS" ]] || fail "binaries not found under $RUNFILES"

# --- 1. smoke-scale results through reproduce_all ------------------------------------------
"$REPRODUCE" --scale=smoke --threads=1 "--results=$WORK/smoke" >"$WORK/smoke.out" \
  2>"$WORK/smoke.err" || { tail -20 "$WORK/smoke.err"; fail "reproduce_all --scale=smoke failed"; }
"$PYTHON" - "$WORK/smoke" <<'PY' || fail "smoke-scale claims check failed"
import csv, os, sys
root = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(root, "claims.csv"))))
assert len(rows) >= 20, len(rows)
ids = [r["id"] for r in rows]
assert len(set(ids)) == len(ids), "duplicate claim ids"
papers = {r["paper"] for r in rows}
for paper in ("Vietri et al. 2020", "Lu et al. 2026", "Wang & Hegde 2019", "Chowdhury et al. 2021"):
    assert paper in papers, (paper, papers)
for r in rows:
    assert r["verdict"] in ("holds", "fails", "inconclusive"), (r["id"], r["verdict"])
    assert r["detail"], r["id"]
    if r["value"]:
        assert float(r["low"]) <= float(r["value"]) <= float(r["high"]), r["id"]
# The closed-form claims are exact at any scale.
verdict = {r["id"]: r["verdict"] for r in rows}
assert verdict["lu.cor14_equals_thm13"] == "holds", verdict
report = open(os.path.join(root, "REPORT.md")).read()
for r in rows:
    assert "`%s`" % r["id"] in report, r["id"]
for name in ("vietri_fig", "vietri_lower_bound_fig", "rlsvi_privacy_fig", "private_ofu_fig",
             "wang_hegde_fig1", "wang_hegde_fig2"):
    png = "%s/%s.png" % (name, name)
    assert "(%s)" % png in report and os.path.exists(os.path.join(root, png)), png
PY
expect_figure_files "$WORK/smoke/vietri_fig/vietri_fig"

# --- 2. hand-made files with known verdicts ---------------------------------------------------
# expect_verdicts DIR VERDICT: the claims fed by make_fixtures.py have VERDICT, the others of
# the two files' experiments too or as listed, the rest are "not run".
for kind in holds fails; do
  "$PYTHON" "$FIXTURES" "$WORK/$kind" "$kind" || fail "make_fixtures.py $kind failed"
  "$CLAIMS" "--results=$WORK/$kind" >"$WORK/$kind.out" 2>"$WORK/$kind.err" ||
    { cat "$WORK/$kind.err"; fail "claims on the '$kind' fixtures failed"; }
  "$PYTHON" - "$WORK/$kind/claims.csv" "$kind" <<'PY' || fail "verdicts on the '$kind' fixtures"
import csv, sys
rows = {r["id"]: r for r in csv.DictReader(open(sys.argv[1]))}
kind = sys.argv[2]
known = ["lu.cor14_equals_thm13", "lu.improved_conversion_smaller", "wang_hegde.sigma_eps_0.9",
         "wang_hegde.sigma_eps_0.45"]
for claim in known:
    assert rows[claim]["verdict"] == kind, (claim, rows[claim])
# Reported as not comparable (unmatched guarantees), whatever the returns.
assert rows["wang_hegde.beats_baselines_eps_0.45"]["verdict"] == "inconclusive", rows
assert "not comparable" in rows["wang_hegde.beats_baselines_eps_0.45"]["detail"], rows
for claim, row in rows.items():
    if row["experiment"] not in ("rlsvi_privacy_fig", "wang_hegde_fig2"):
        assert row["verdict"] == "not run" and row["value"] == "", (claim, row)
PY
done

# --- 3. bad input -------------------------------------------------------------------------------
"$PYTHON" "$FIXTURES" "$WORK/corrupt" corrupt || fail "make_fixtures.py corrupt failed"
expect_error() {  # expect_error CODE PATTERN ARGS...: exit CODE, stderr matching PATTERN
  local code="$1" pattern="$2"
  shift 2
  "$CLAIMS" "$@" >/dev/null 2>"$WORK/error.err"
  local actual=$?
  [[ "$actual" == "$code" ]] || { cat "$WORK/error.err"; fail "claims $*: exit $actual, not $code"; }
  grep -q -- "$pattern" "$WORK/error.err" || { cat "$WORK/error.err"; fail "no '$pattern'"; }
}
expect_error 1 "--results: .*non-finite value" "--results=$WORK/corrupt"
[[ ! -e "$WORK/corrupt/claims.csv" && ! -e "$WORK/corrupt/claims.md" ]] ||
  fail "output written for a corrupt results file"
expect_error 2 "missing required flag --results" --out_dir=/tmp
expect_error 2 "--results: '.*' is not a directory" "--results=$WORK/no_such_dir"
expect_error 2 "--bootstrap_replicates: '5'" "--results=$WORK/holds" --bootstrap_replicates=5
# reproduce_all refuses bad flags before running anything.
REPRODUCE_ERRORS=(
  "--scale=huge|--scale"
  "--threads=0|--threads: '0'"
  "--master_seed=-1|--master_seed: '-1'"
  "--allow_code_change=yes|--allow_code_change: 'yes'"
  "--launcher= |--launcher: empty command"
  "--unknown=1|unknown flag '--unknown=1'"
)
for case in "${REPRODUCE_ERRORS[@]}"; do
  flag="${case%%|*}" pattern="${case#*|}"
  "$REPRODUCE" "$flag" "--results=$WORK/refused" >/dev/null 2>"$WORK/error.err"
  actual=$?
  [[ "$actual" == 2 ]] || { cat "$WORK/error.err"; fail "reproduce_all $flag: exit $actual, not 2"; }
  grep -q -- "$pattern" "$WORK/error.err" || { cat "$WORK/error.err"; fail "no '$pattern'"; }
  [[ ! -e "$WORK/refused" ]] || fail "reproduce_all $flag created the results directory"
done
echo PASS
