#!/usr/bin/env bash
# The claims machinery end to end:
#  1. //experiments:reproduce_all at --scale=smoke (every experiment, its figures, //analysis:claims,
#     REPORT.md): every registered claim of the four papers is evaluated without error (verdicts
#     may be "inconclusive" at this scale, none may be "not run"), REPORT.md holds the table and
#     every figure;
#  2. hand-made results files (make_fixtures.py) whose verdicts are known: the Lu et al.,
#     Wang & Hegde and Vietri et al. claims they feed must hold on one set and fail on the other;
#     the Vietri et al. ones are "out of regime" (naming the condition) on a third and
#     "undefined" (with the reason) on a fourth; the claims of experiments without a file are
#     "not run"; the headline counts the decided claims only;
#  3. bad input: a NaN in a results file, a missing --results, a --results that is not a
#     directory or holds no results file: non-zero exit, one error line naming the flag, no
#     claims.csv / claims.md; the counts come first and the 'wrote' line never splices; bad
#     reproduce_all flags: exit 2 naming the flag, nothing created.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
REPRODUCE="$RUNFILES/experiments/reproduce_all"
CLAIMS="$RUNFILES/analysis/claims"
FIXTURES="$RUNFILES/tests/claims/make_fixtures.py"
export PYTHONPATH="$RUNFILES/analysis/testing:$RUNFILES/tests/claims${PYTHONPATH:+:$PYTHONPATH}"
[[ -x "$REPRODUCE" && -x "$CLAIMS" ]] || fail "binaries not found under $RUNFILES"

# --- 1. smoke-scale results through reproduce_all ------------------------------------------
"$REPRODUCE" --scale=smoke --threads=1 "--results=$WORK/smoke" >"$WORK/smoke.out" \
  2>"$WORK/smoke.err" || { tail -20 "$WORK/smoke.err"; fail "reproduce_all --scale=smoke failed"; }
"$PYTHON" - "$WORK/smoke" "$WORK/smoke.err" <<'PY' || fail "smoke-scale claims check failed"
import csv, os, re, sys
root = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(root, "claims.csv"))))
assert len(rows) >= 20, len(rows)
ids = [r["id"] for r in rows]
assert len(set(ids)) == len(ids), "duplicate claim ids"
papers = {r["paper"] for r in rows}
for paper in ("Vietri et al. 2020", "Lu et al. 2026", "Wang & Hegde 2019", "Chowdhury et al. 2021"):
    assert paper in papers, (paper, papers)
for r in rows:
    assert r["verdict"] in ("holds", "fails", "inconclusive", "out of regime", "undefined",
                            "observed", "refuted", "not refuted", "reproduced", "not reproduced",
                            "no verdict"), (r["id"], r["verdict"])
    assert r["kind"] in ("explicit_bound", "implied_constant", "empirical", "consistency",
                         "observation", "lower_bound", "arithmetic"), r
    assert (r["verdict"] == "observed") <= (r["kind"] == "observation"), r
    assert (r["verdict"] == "no verdict") <= (r["kind"] == "implied_constant"), r
    assert (r["verdict"] in ("refuted", "not refuted")) <= (r["kind"] == "explicit_bound"), r
    assert r["kind"] != "implied_constant" or r["verdict"] not in ("holds", "fails"), r
    if r["verdict"] == "out of regime":
        assert r["regime_missed"], r["id"]
    assert r["detail"], r["id"]
    if r["value"]:
        assert float(r["low"]) <= float(r["value"]) <= float(r["high"]), r["id"]
# The closed-form claims are exact at any scale.
verdict = {r["id"]: r["verdict"] for r in rows}
assert verdict["lu.cor14_equals_thm13"] == "holds", verdict
# The implementation against the printed formulas, on the experiments' real output.
for claim in ("vietri.error_bound_log_base", "vietri.replacement_eps_is_twice",
              "lu.pucb_comparison_protects_differently"):
    assert verdict[claim] == "holds", (claim, verdict[claim])
report = open(os.path.join(root, "REPORT.md")).read()
for r in rows:
    assert "`%s`" % r["id"] in report, r["id"]
# Every experiment reproduce_all ran (its registrations: one "reproduce_all: <name>" step each).
steps = re.findall(r"^reproduce_all: ([a-z_0-9]+)$", open(sys.argv[2]).read(), re.M)
experiments = [step for step in steps if step != "claims"]
assert len(experiments) >= 6 and "vietri_fig" in experiments, steps
for name in experiments:
    png = "%s/%s.png" % (name, name)
    assert "(%s)" % png in report and os.path.exists(os.path.join(root, png)), png
PY
expect_figure_files "$WORK/smoke/vietri_fig/vietri_fig"
# The implied constants of Thm. 1 and Thm. 3 against the expression (constant 1) evaluated
# independently (lq_bound.py) from the smoke private_ofu_fig file's attributes.
"$PYTHON" - "$WORK/smoke" <<'PY' || fail "chowdhury.implied_constant check failed"
import csv, os, re, sys
import h5py
import lq_bound
root = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(root, "claims.csv"))))
lq = h5py.File(os.path.join(root, "private_ofu_fig", "private_ofu_fig.h5"), "r")
measured = 0
for r in rows:
    m = re.match(r"chowdhury\.implied_constant(\.tight|\.ofu_rl)?\.(\w+)$", r["id"])
    if not m or r["verdict"] != "no verdict":
        continue
    agent = {".tight": "private_ofu_rl_tight", ".ofu_rl": "ofu_rl"}.get(m.group(1), "private_ofu_rl")
    constant = lq_bound.largest_implied_constant(lq, m.group(2), agent)
    assert abs(float(r["value"]) / constant - 1) < 1e-9, (r["id"], r["value"], constant)
    measured += 1
assert measured >= 1, "no chowdhury.implied_constant row measured at smoke scale"
PY

# --- 2. hand-made files with known verdicts ---------------------------------------------------
# expect_verdicts DIR VERDICT: the claims fed by make_fixtures.py have VERDICT, the others of
# the two files' experiments too or as listed, the rest are "not run".
for kind in holds fails regime undefined partial; do
  "$PYTHON" "$FIXTURES" "$WORK/$kind" "$kind" || fail "make_fixtures.py $kind failed"
  "$CLAIMS" "--results=$WORK/$kind" >"$WORK/$kind.out" 2>"$WORK/$kind.err" ||
    { cat "$WORK/$kind.err"; fail "claims on the '$kind' fixtures failed"; }
  "$PYTHON" - "$WORK/$kind" "$kind" <<'PY' || fail "verdicts on the '$kind' fixtures"
import csv, math, os, sys
import h5py
rows = {r["id"]: r for r in csv.DictReader(open(os.path.join(sys.argv[1], "claims.csv")))}
kind = sys.argv[2]
judged = {"holds": "holds", "fails": "fails", "regime": "out of regime",
          "undefined": "undefined", "partial": "holds"}[kind]
# The trends of the O() bounds are observations: measured, never judged.
trend = {"regime": "out of regime", "undefined": "undefined"}.get(kind, "observed")
envs = ["riverswim"] if kind == "partial" else ["riverswim", "random_mdp"]
costs = ["vietri.privacy_cost_vs_eps." + env for env in envs]
decays = ["vietri.privacy_cost_decay_vs_eps." + env for env in envs]
# The privacy-cost trend fits only the eps where the cost dominates: at kind undefined the eps
# whose gap is 0 does not, and the slope is measured on the other three.
trends = costs if kind != "undefined" else []
if kind != "undefined":  # the lower-order trend uses the smallest eps, where the gap is > 0
    trends += ["vietri.privacy_term_lower_order." + env for env in envs]
if kind != "partial":
    trends += ["vietri.pac_excess_vs_eps", "vietri.pac_excess_vs_alpha",
               "vietri.pac_excess_vs_states"]
for claim in trends:
    assert rows[claim]["kind"] == "observation", rows[claim]
    assert rows[claim]["verdict"] == trend, (claim, rows[claim])
    assert rows[claim]["why_evidence"] == "", rows[claim]
if kind in ("holds", "fails"):
    for claim in ("lu.cor14_equals_thm13", "lu.improved_conversion_smaller",
                  "wang_hegde.sigma_eps_0.9", "wang_hegde.sigma_eps_0.45"):
        assert rows[claim]["verdict"] == judged, (claim, rows[claim])
if kind == "undefined":
    for claim in costs:
        assert rows[claim]["verdict"] == "observed", rows[claim]
        assert "(not dominating)" in rows[claim]["detail"], rows[claim]
# Tightness is observed, never judged; where it cannot be measured it says why.
for claim in decays:
    assert rows[claim]["kind"] == "observation" and rows[claim]["verdict"] == trend, rows[claim]
if kind in ("holds", "fails"):
    assert rows["vietri.pac_excess_decay_vs_eps"]["verdict"] == "observed", rows
if kind == "partial":
    # A grid without random_mdp's reference: only the claims that need it are undefined, named.
    for claim in ("vietri.privacy_cost_vs_eps.random_mdp", "vietri.privacy_term_lower_order.random_mdp",
                  "vietri.privacy_cost_decay_vs_eps.random_mdp"):
        r = rows[claim]
        assert r["verdict"] == "undefined", r
        assert "not measurable on this file" in r["detail"] and "pucb_noiseless" in r["detail"], r
    assert rows["vietri.optimism_leaves_h_vs_eps.random_mdp"]["verdict"] == "holds", rows
# Lower bounds and the paper's arithmetic are outside the decided count.
for claim in ("vietri.pac_above_thm5", "vietri.regret_above_thm6"):
    assert rows[claim]["kind"] == "lower_bound", rows[claim]
for claim in ("wang_hegde.sigma_eps_0.9", "wang_hegde.sigma_eps_0.45"):
    assert rows[claim]["kind"] == "arithmetic", rows[claim]
if kind == "holds":  # exponents -1 in eps, -1 in g, 1.5 in S, from the hand-made counts
    for claim, exponent in [("vietri.pac_excess_vs_eps", -1.0), ("vietri.pac_excess_vs_alpha", -1.0),
                            ("vietri.pac_excess_vs_states", 1.5)]:
        assert abs(float(rows[claim]["value"]) - exponent) < 0.02, rows[claim]
if kind == "regime":
    assert "median burn-in never" in rows["vietri.pac_excess_vs_eps"]["detail"], rows
# Vacuity is reported as out of regime, never as a failure.
vacuity = rows["vietri.thm4_shape_below_ht"]
if kind == "partial":
    pass
elif kind == "regime":
    assert vacuity["verdict"] == "out of regime", vacuity
    assert vacuity["regime_missed"] == (  # every vacuous run named, none lost
        "vacuous at this scale (shape > H T): " + ", ".join(
            "%s-pucb-eps=%d" % (env, eps) for env in ("riverswim", "random_mdp")
            for eps in (1, 2, 4, 8))), vacuity
    assert float(vacuity["value"]) > 1, vacuity
else:
    assert vacuity["verdict"] == "holds" and float(vacuity["value"]) <= 1, vacuity
if kind == "undefined":
    assert "of the log-log fit is (1000, 0)" in rows["vietri.pac_excess_vs_eps"]["detail"], rows
# Thm. 4's implied constant, against an independent evaluation: per eps the 4th-largest (20
# seeds, beta = 0.05) of R_s(T) / (H^2 sqrt(SAT) + S^2AH^4/eps); no verdict.
vietri = h5py.File(os.path.join(sys.argv[1], "vietri_fig", "vietri_fig.h5"), "r")
for env in envs:
    row = rows["vietri.implied_constant.thm4." + env]
    assert row["kind"] == "implied_constant" and row["verdict"] == "no verdict", row
    constants = []
    for g in vietri.values():
        if g.attrs["env"] != env or g.attrs["agent"] != "pucb":
            continue
        s, a, h, t = (int(g.attrs[k]) for k in ("num_states", "num_actions", "horizon",
                                                "num_episodes"))
        shape = h * h * math.sqrt(s * a * t) + s * s * a * h ** 4 / g.attrs["privacy_epsilon"]
        constants.append(sorted(g["cumulative_regret"][:, -1] / shape)[-4])
        assert "C^ = %.3g (3 of 20 seeds" % constants[-1] in row["detail"], (row, constants)
    assert abs(float(row["value"]) / max(constants) - 1) < 1e-9, (row, constants)
    assert "useful constants [" in row["detail"], row
    # Thm. 4's shape > H T at the regime kind: the expression with constant 1 says nothing.
    assert ("(constant 1 vacuous)" in row["detail"]) == (kind == "regime"), row
assert rows["vietri.implied_constant.thm3"]["verdict"] == (
    "no verdict" if kind != "partial" else "not run"), rows["vietri.implied_constant.thm3"]
if kind in ("holds", "fails"):
    # The paper's comparisons at its sigma, premise stated: measured like any empirical statement.
    beats, similar = rows["wang_hegde.beats_baselines_eps_0.45"], rows["wang_hegde.bgp16_similar"]
    for row in (beats, similar):
        assert row["kind"] == "empirical" and "no guarantee" in row["statement"], row
    assert beats["verdict"] == ("reproduced" if kind == "holds" else "not reproduced"), beats
    assert similar["verdict"] == "not reproduced", similar
for claim in ("vietri.optimism_leaves_h_vs_eps.riverswim", "lu.cor14_equals_thm13"):
    assert claim not in rows or rows[claim]["kind"] == "consistency", rows.get(claim)
files = {"holds": ("rlsvi_privacy_fig", "wang_hegde_fig2", "vietri_fig", "vietri_lower_bound_fig"),
         "fails": ("rlsvi_privacy_fig", "wang_hegde_fig2", "vietri_fig", "vietri_lower_bound_fig"),
         "partial": ("vietri_fig",)}.get(kind, ("vietri_fig", "vietri_lower_bound_fig"))
for claim, row in rows.items():
    if row["experiment"] not in files:
        assert row["verdict"] == "not run" and row["value"] == "", (claim, row)
# The headline counts the decided claims only; every other kind has its own line and table.
md = open(os.path.join(sys.argv[1], "claims.md")).read()
decided = sum(r["kind"] in ("explicit_bound", "empirical") for r in rows.values())
assert md.startswith("Decided claims (an explicit inequality at its own probability and horizon, "
                     "or a paper's empirical statement) %d:" % decided), md[:200]
assert "Family-wise (Holm, 5%) over the" in md.split("Results files read")[0], md[:600]
assert "Confirmation run: no" in md, md[:1000]
for heading in ("### The papers' empirical statements", "### O() and O~() upper bounds",
                "### Observations", "### Lower bounds: PUCB is not a counterexample",
                "### Consistency checks"):
    assert heading in md, heading
# The README summary: the count lines only.
summary = open(os.path.join(sys.argv[1], "claims_summary.md")).read().splitlines()
assert summary[0].startswith("Decided claims ") and "%d:" % decided in summary[0], summary[:2]
assert not [l for l in summary if l.startswith("- `")], summary
if kind == "fails":
    holm = [l for l in summary if l.startswith("Family-wise")][0]
    assert " 0 refuted" not in holm, holm  # the not-reproduced fixture claims survive Holm
# The header names the claims profile of each file read (none for hand-made files).
assert "`vietri_fig` (no claims profile; smoke scale, 20 seeds" in md, md[:1500]
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
# An empty (or wrong) results directory is an error, not 44 "not run" rows.
mkdir -p "$WORK/empty"
expect_error 2 "--results: '.*empty' holds no results file" "--results=$WORK/empty"
[[ ! -e "$WORK/empty/claims.csv" ]] || fail "output written for an empty results directory"
expect_error 2 "holds no results file" "--results=$WORK/holds/vietri_fig"
# One stream: the counts first, every table row whole, the files named on the last line.
"$CLAIMS" "--results=$WORK/holds" >"$WORK/stream.out" 2>&1 || fail "claims on holds (stream)"
head -1 "$WORK/stream.out" | grep -q "^Decided claims " ||
  { head -3 "$WORK/stream.out"; fail "counts are not printed first"; }
tail -1 "$WORK/stream.out" | grep -q "^claims: wrote .*claims.csv" || fail "no 'claims: wrote' line"
[[ "$(grep -c "claims: wrote" "$WORK/stream.out")" == 1 ]] || fail "'claims: wrote' spliced"
"$PYTHON" - "$WORK/stream.out" <<'PY' || fail "a table row is broken"
import re, sys
verdicts = (r"(holds|fails|inconclusive|out of regime|undefined|not run|observed|not refuted|"
            r"refuted|not reproduced|reproduced|no verdict)")
for line in open(sys.argv[1]).read().splitlines():
    if line.startswith(("Decided claims", "Family-wise", "claims: wrote")) or "(not counted as decided)" in line:
        continue
    assert re.match(verdicts + r" +[a-z_]+ +[a-z_.0-9=/A-Z]+ ", line), line
PY
expect_error 2 "--results: '.*' is not a directory" "--results=$WORK/no_such_dir"
expect_error 2 "--bootstrap_replicates: '5'" "--results=$WORK/holds" --bootstrap_replicates=5
# The claims profiles: --dry_run prints every experiment's estimated cost and creates nothing;
# claims_reduced fits 30 minutes on 2 cores (3600 core-seconds, the experiments' estimate).
for profile in claims claims_reduced; do
  "$REPRODUCE" "--scale=$profile" --dry_run "--results=$WORK/dry_$profile" >"$WORK/dry.out" 2>&1 ||
    { cat "$WORK/dry.out"; fail "reproduce_all --scale=$profile --dry_run failed"; }
  [[ ! -e "$WORK/dry_$profile" ]] || fail "--dry_run created the results directory"
  "$PYTHON" - "$WORK/dry.out" "$profile" <<'PY' || fail "dry-run costs of $profile"
import re, sys
text = open(sys.argv[1]).read()
costs = [float(c) for c in re.findall(r"Estimated cost: ([0-9.e+]+) core-seconds", text)]
experiments = re.findall(r"^reproduce_all: ([a-z_0-9]+)$", text, re.M)  # one per registration
assert len(experiments) >= 6 and len(costs) == len(experiments), text
if sys.argv[2] == "claims_reduced":
    assert sum(costs) <= 3600, costs
PY
done
# reproduce_all refuses bad flags before running anything.
REPRODUCE_ERRORS=(
  "--scale=huge|--scale"
  "--threads=0|--threads: '0'"
  "--master_seed=-1|--master_seed: '-1'"
  "--allow_code_change=yes|--allow_code_change: 'yes'"
  "--launcher= |--launcher: empty command"
  "--unknown=1|unknown flag '--unknown=1'"
  "--dry_run=maybe|--dry_run: 'maybe'"
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
