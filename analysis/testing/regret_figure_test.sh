#!/usr/bin/env bash
# //analysis:regret_figure on small generated files: PNG/PDF/CSV are written with the expected
# numbers; bad inputs give one clear error naming the flag, a non-zero exit and no output files.
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR}/dprl"
FIGURE="$RUNFILES/analysis/regret_figure"
WORK="${TEST_TMPDIR}"
PYTHON=""
for candidate in /usr/bin/python3 python3; do
  if "$candidate" -c "import h5py, numpy" >/dev/null 2>&1; then PYTHON="$candidate"; break; fi
done
[[ -n "$PYTHON" ]] || fail "no python3 with h5py and numpy (Debian: python3-h5py python3-numpy)"
"$PYTHON" "$RUNFILES/analysis/testing/make_regret_files.py" "$WORK" || fail "cannot make inputs"

# Good input.
"$FIGURE" "--in=$WORK/good.h5" "--out_prefix=$WORK/out/fig" 2>"$WORK/err" && fail "missing dir ok"
mkdir -p "$WORK/out"
"$FIGURE" "--in=$WORK/good.h5" "--out_prefix=$WORK/out/fig" 2>"$WORK/err" ||
  { cat "$WORK/err"; fail "good input rejected"; }
[[ "$(head -c 4 "$WORK/out/fig.png" | od -An -c | tr -d ' ')" == '211PNG' ]] || fail "not a PNG"
[[ "$(head -c 5 "$WORK/out/fig.pdf")" == '%PDF-' ]] || fail "not a PDF"
[[ "$(stat -c %s "$WORK/out/fig.png")" -gt 5000 ]] || fail "PNG too small"
[[ "$(stat -c %s "$WORK/out/fig.pdf")" -gt 2000 ]] || fail "PDF too small"
[[ -z "$(find "$WORK/out" -name '.*')" ]] || fail "temporary files left behind"
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert list(rows[0].keys()) == ("group,env,agent,privacy_epsilon,error_bound_E,e_eps_bound,seeds,episodes,"
    "final_regret_mean,final_regret_ci95,loglog_slope_last_decade,"
    "first_episode_bonus_below_horizon").split(","), rows[0].keys()
by = {r["group"]: r for r in rows}
assert [r["group"] for r in rows] == ["chain_ucb", "chain_pucb", "grid_single"], by.keys()
T = 1000
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-8), (a, b)
ucb, pucb, single = by["chain_ucb"], by["chain_pucb"], by["grid_single"]
assert (ucb["env"], ucb["agent"], ucb["seeds"], ucb["episodes"]) == ("chain", "ucb", "3", "1000")
assert ucb["privacy_epsilon"] == "" and ucb["error_bound_E"] == ""
close(ucb["final_regret_mean"], 2 * math.sqrt(T))
close(ucb["final_regret_ci95"], 4.302652730 * math.sqrt(T) / math.sqrt(3))  # sd = sqrt(T)
close(ucb["loglog_slope_last_decade"], 0.5)
assert ucb["first_episode_bonus_below_horizon"] == "-1"
close(pucb["privacy_epsilon"], 0.5); close(pucb["error_bound_E"], 20)
assert pucb["agent"] == "pucb" and pucb["first_episode_bonus_below_horizon"] == "7"
assert pucb["e_eps_bound"] == "exact_tail" and ucb["e_eps_bound"] == ""
close(single["final_regret_mean"], math.sqrt(T))
assert single["seeds"] == "1" and single["final_regret_ci95"] == ""
PY

# expect_error NAME TEXT ARGS...: non-zero exit, one stderr line containing TEXT, no outputs.
expect_error() {
  local name="$1" text="$2"
  shift 2
  if "$FIGURE" "$@" >/dev/null 2>"$WORK/$name.err"; then fail "$name: exit code 0"; fi
  [[ "$(wc -l <"$WORK/$name.err")" -eq 1 ]] || { cat "$WORK/$name.err"; fail "$name: not 1 line"; }
  grep -qF -- "$text" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$text'"; }
  [[ -z "$(find "$WORK/bad" -mindepth 1)" ]] || { ls -la "$WORK/bad"; fail "$name: left files"; }
}
mkdir -p "$WORK/bad"
P="--out_prefix=$WORK/bad/fig"
expect_error missing "--in: file '$WORK/nope.h5' does not exist" "--in=$WORK/nope.h5" "$P"
expect_error text "--in: file '$WORK/not_hdf5.h5' is not an HDF5 file" "--in=$WORK/not_hdf5.h5" "$P"
expect_error foreign "not a dprl results file (no root attribute dprl_schema_version)" \
  "--in=$WORK/foreign.h5" "$P"
expect_error empty "--in: '$WORK/empty.h5' contains no config groups" "--in=$WORK/empty.h5" "$P"
expect_error no_regret "group 'empty_config' has no dataset 'per_episode_regret'" \
  "--in=$WORK/no_regret.h5" "$P"
expect_error no_env "missing attribute 'env' of 'chain_ucb'" "--in=$WORK/no_env.h5" "$P"
expect_error one_d "must be [seeds x episodes]" "--in=$WORK/one_d.h5" "$P"
expect_error no_dir "--out_prefix: cannot create output file next to '$WORK/bad/none/fig.png'" \
  "--in=$WORK/good.h5" "--out_prefix=$WORK/bad/none/fig"
expect_error proc "--out_prefix: cannot create output file" "--in=$WORK/good.h5" \
  "--out_prefix=/proc/dprl_fig"
expect_error no_in "missing required flag --in=VALUE" "$P"
expect_error no_out "missing required flag --out_prefix=VALUE" "--in=$WORK/good.h5"
expect_error dir_prefix "--out_prefix: '$WORK/bad/' is not a file name prefix" \
  "--in=$WORK/good.h5" "--out_prefix=$WORK/bad/"
expect_error unknown "unknown flag '--bogus'" --bogus "$P"
expect_error twice "flag --in is given more than once" "--in=$WORK/good.h5" "--in=x" "$P"
"$FIGURE" --help | grep -q "Usage: regret_figure" || fail "--help"
echo PASS
