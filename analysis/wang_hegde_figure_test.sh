#!/usr/bin/env bash
# //analysis:wang_hegde_figure on small generated files: PNG/PDF/CSV are written with the expected
# numbers; bad inputs give one clear error naming the flag, a non-zero exit and no output files.
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR}/dprl"
FIGURE="$RUNFILES/analysis/wang_hegde_figure"
WORK="${TEST_TMPDIR}"
[[ -x "$FIGURE" ]] || fail "figure binary not found at $FIGURE"
PYTHON=""
for candidate in /usr/bin/python3 python3; do
  if "$candidate" -c "import h5py, numpy" >/dev/null 2>&1; then PYTHON="$candidate"; break; fi
done
[[ -n "$PYTHON" ]] || fail "no python3 with h5py and numpy (Debian: python3-h5py python3-numpy)"
mkdir -p "$WORK/bad" "$WORK/out"
P="--out_prefix=$WORK/bad/fig"

# expect_error NAME TEXT ARGS: non-zero exit, one stderr line containing TEXT, nothing written.
expect_error() {
  local name="$1" text="$2"
  shift 2
  if "$FIGURE" "$@" >/dev/null 2>"$WORK/$name.err"; then fail "$name: exit code 0"; fi
  [[ "$(wc -l <"$WORK/$name.err")" -eq 1 ]] || { cat "$WORK/$name.err"; fail "$name: not 1 line"; }
  grep -qF -- "$text" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$text'"; }
  [[ -z "$(find "$WORK/bad" -mindepth 1)" ]] || { ls -la "$WORK/bad"; fail "$name: left files"; }
}
"$PYTHON" "$RUNFILES/analysis/wang_hegde_figure_test_files.py" "$WORK" || fail "cannot make inputs"

"$FIGURE" "--in=$WORK/good.h5" "--out_prefix=$WORK/out/fig" 2>"$WORK/err" ||
  { cat "$WORK/err"; fail "good input rejected"; }
[[ "$(head -c 4 "$WORK/out/fig.png" | od -An -c | tr -d ' ')" == '211PNG' ]] || fail "not a PNG"
[[ "$(head -c 5 "$WORK/out/fig.pdf")" == '%PDF-' ]] || fail "not a PDF"
[[ "$(stat -c %s "$WORK/out/fig.png")" -gt 5000 ]] || fail "PNG too small"
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert list(rows[0].keys()) == ("group,panel,agent,label,seeds,episodes,last10_mean,"
    "last10_ci95_low,last10_ci95_high,overall_mean").split(","), rows[0].keys()
by = {r["group"]: r for r in rows}
assert [r["group"] for r in rows] == ["a", "b", "ref"], by.keys()
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-8), (a, b)
a, b, ref = by["a"], by["b"], by["ref"]
# Per-seed last-10 means 14.5, 15.5, 16.5: mean 15.5, sd 1, t_{0.975,2} = 4.302652730.
close(a["last10_mean"], 15.5)
close(a["last10_ci95_low"], 15.5 - 4.302652730 / math.sqrt(3))
close(a["last10_ci95_high"], 15.5 + 4.302652730 / math.sqrt(3))
close(a["overall_mean"], 10.5)
assert (a["seeds"], a["episodes"], a["panel"]) == ("3", "20", "J = 1")
close(b["last10_mean"], 7)
assert b["last10_ci95_low"] == "" and b["last10_ci95_high"] == ""
close(ref["overall_mean"], 20)
assert ref["panel"] == "all" and ref["agent"] == "scripted"
PY

expect_error empty "--in: '$WORK/empty.h5' contains no config groups" "--in=$WORK/empty.h5" "$P"
expect_error no_returns "group 'a' has no dataset 'episode_return'" \
  "--in=$WORK/no_returns.h5" "$P"
expect_error no_panel "missing attribute 'panel' of 'a'" "--in=$WORK/no_panel.h5" "$P"
expect_error nan "dataset 'a/episode_return' holds a non-finite value" "--in=$WORK/nan.h5" "$P"
expect_error only_ref "no learning-curve group" "--in=$WORK/only_ref.h5" "$P"
expect_error missing "--in: file '$WORK/nope.h5' does not exist" "--in=$WORK/nope.h5" "$P"
expect_error text "--in: file '$WORK/not_hdf5.h5' is not an HDF5 file" "--in=$WORK/not_hdf5.h5" "$P"
expect_error foreign "not a dprl results file" "--in=$WORK/foreign.h5" "$P"
expect_error no_in "missing required flag --in=VALUE" "$P"
expect_error unknown "unknown flag '--bogus'" --bogus "$P"
"$FIGURE" --help | grep -q "Usage: wang_hegde_figure" || fail "--help"
echo PASS
