#!/usr/bin/env bash
# //analysis:vietri_lower_bound_figure on small generated files: PNG/PDF/CSV are written with the
# expected numbers (slope in 1/eps, bound-shape comparisons); bad inputs give one clear error
# naming the flag, a non-zero exit and no output files.
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR}/dprl"
FIGURE="$RUNFILES/analysis/vietri_lower_bound_figure"
WORK="${TEST_TMPDIR}"
PYTHON=""
for candidate in /usr/bin/python3 python3; do
  if "$candidate" -c "import h5py, numpy" >/dev/null 2>&1; then PYTHON="$candidate"; break; fi
done
[[ -n "$PYTHON" ]] || fail "no python3 with h5py and numpy (Debian: python3-h5py python3-numpy)"
"$PYTHON" "$RUNFILES/analysis/testing/make_lower_bound_files.py" "$WORK" || fail "cannot make inputs"

mkdir -p "$WORK/out"
"$FIGURE" "--in=$WORK/good.h5" "--out_prefix=$WORK/out/fig" 2>"$WORK/err" ||
  { cat "$WORK/err"; fail "good input rejected"; }
[[ "$(head -c 4 "$WORK/out/fig.png" | od -An -c | tr -d ' ')" == '211PNG' ]] || fail "not a PNG"
[[ "$(head -c 5 "$WORK/out/fig.pdf")" == '%PDF-' ]] || fail "not a PDF"
[[ "$(stat -c %s "$WORK/out/fig.png")" -gt 5000 ]] || fail "PNG too small"
[[ -z "$(find "$WORK/out" -name '.*')" ]] || fail "temporary files left behind"
"$PYTHON" - "$WORK/out/fig_summary.csv" <<'PY' || fail "summary CSV wrong"
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["group"] for r in rows] == ["lb-ubev", "lb-pucb-eps=10", "lb-pucb-eps=100",
                                      "lb-pucb-eps=1000"], rows
by = {r["group"]: r for r in rows}
def close(a, b): assert math.isclose(float(a), b, rel_tol=1e-8), (a, b)
S, A, H, beta, alpha = 4, 2, 2, 0.05, 0.15
ubev, p10, p1000 = by["lb-ubev"], by["lb-pucb-eps=10"], by["lb-pucb-eps=1000"]
close(ubev["non_alpha_optimal_mean"], 40)
close(ubev["non_alpha_optimal_ci95"], 4.302652730 / math.sqrt(3))  # sd 1 over 3 seeds
assert ubev["privacy_epsilon"] == "" and ubev["inverse_eps_slope"] == ""
assert ubev["excess_inverse_eps_slope"] == "" and ubev["excess_slope_points"] == ""
close(ubev["pac_lower_shape"], S * A * H**2 / alpha**2)            # non-private term only
close(ubev["pac_upper_shape"], S * A * H**4 / alpha**2)
assert ubev["above_pac_lower_shape"] == "false"                    # 40 < 1422
close(p10["non_alpha_optimal_mean"], 500)
close(p10["pac_lower_shape"], S * A * H**2 / alpha**2 + S * A * H * math.log(1 / beta) / (alpha * 10))
close(p10["pac_upper_shape"], S * A * H**4 / alpha**2 + S**2 * A * H**4 / (10 * alpha))
assert p10["above_pac_lower_shape"] == "false"   # the count at alpha = 0.3 is 1
for r in (p10, by["lb-pucb-eps=100"], p1000):
    close(r["inverse_eps_slope"], 1.0)
    assert r["slope_points"] == "3"
    assert r["excess_slope_points"] == "2"  # 500 - 40, 50 - 40 (5 < 40 excluded)
    close(r["excess_inverse_eps_slope"], math.log(460 / 10) / math.log(10))
close(p1000["final_regret_mean"], 10)
close(p1000["regret_lower_shape"], math.sqrt(H * S * A * 1000) + S * A * H * math.log(1000) / 1000)
assert p1000["above_regret_lower_shape"] == "false"  # 10 < 17.9
assert p10["counts_by_alpha"] == "0.0375:500;0.075:500;0.15:500;0.3:1", p10["counts_by_alpha"]
assert p10["alpha_optimal_from_episode_median"] == "1001"
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
expect_error foreign "--in: " "--in=$WORK/foreign.h5" "$P"
grep -qF "not a dprl results file" "$WORK/foreign.err" || fail "foreign: message"
expect_error no_counts "--in: $WORK/no_counts.h5: group 'lb-ubev' has no dataset 'non_alpha_optimal_episodes'" \
  "--in=$WORK/no_counts.h5" "$P"
expect_error alpha "attribute 'pac_alpha' of 'lb-ubev' is not in pac_alpha_grid" \
  "--in=$WORK/alpha_not_in_grid.h5" "$P"
expect_error ragged "has 3 columns, pac_alpha_grid 4" "--in=$WORK/ragged.h5" "$P"
expect_error no_horizon "rewarded_horizon" "--in=$WORK/no_horizon.h5" "$P"
expect_error no_dir "--out_prefix: cannot create output file next to '$WORK/bad/none/fig.png'" \
  "--in=$WORK/good.h5" "--out_prefix=$WORK/bad/none/fig"
expect_error proc "--out_prefix: cannot create output file" "--in=$WORK/good.h5" \
  "--out_prefix=/proc/dprl_fig"
expect_error no_in "missing required flag --in=VALUE" "$P"
expect_error no_out "missing required flag --out_prefix=VALUE" "--in=$WORK/good.h5"
expect_error unknown "unknown flag '--bogus'" --bogus "$P"
"$FIGURE" --help | grep -q "Usage: vietri_lower_bound_figure" || fail "--help"
echo PASS
