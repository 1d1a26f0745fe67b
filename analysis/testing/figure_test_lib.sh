# Shared helpers of the figure binaries' shell tests (sourced after setting FIGURE_NAME, e.g.
# FIGURE_NAME=regret_figure). Provides fail, $RUNFILES, $FIGURE, $WORK, $PYTHON (a python3 with
# h5py and numpy) and:
#   make_inputs SCRIPT.py        runs analysis/testing/SCRIPT.py $WORK (writes the test files)
#   expect_outputs PREFIX        PREFIX.png is a PNG (> 5 kB), PREFIX.pdf a PDF, no temp files
#   expect_good_input            $WORK/good.h5 -> $WORK/out/fig.*: exit 0 and expect_outputs
#   expect_error NAME TEXT ARGS  non-zero exit, one stderr line containing TEXT, nothing in $WORK/bad
#   expect_common_errors         the flag, file and output errors every figure binary shares
set -uo pipefail
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
RUNFILES="${TEST_SRCDIR}/dprl"
FIGURE="$RUNFILES/analysis/$FIGURE_NAME"
WORK="${TEST_TMPDIR}"
[[ -x "$FIGURE" ]] || fail "figure binary not found at $FIGURE"
PYTHON=""
for candidate in /usr/bin/python3 python3; do
  if "$candidate" -c "import h5py, numpy" >/dev/null 2>&1; then PYTHON="$candidate"; break; fi
done
[[ -n "$PYTHON" ]] || fail "no python3 with h5py and numpy (Debian: python3-h5py python3-numpy)"
mkdir -p "$WORK/bad"
P="--out_prefix=$WORK/bad/fig"

make_inputs() {
  "$PYTHON" "$RUNFILES/analysis/testing/$1" "$WORK" || fail "cannot make inputs with $1"
}

expect_outputs() {
  local prefix="$1"
  [[ "$(head -c 4 "$prefix.png" | od -An -c | tr -d ' ')" == '211PNG' ]] || fail "not a PNG"
  [[ "$(head -c 5 "$prefix.pdf")" == '%PDF-' ]] || fail "not a PDF"
  [[ "$(stat -c %s "$prefix.png")" -gt 5000 ]] || fail "PNG too small"
  [[ -z "$(find "$(dirname "$prefix")" -name '.*')" ]] || fail "temporary files left behind"
}

expect_good_input() {
  mkdir -p "$WORK/out"
  "$FIGURE" "--in=$WORK/good.h5" "--out_prefix=$WORK/out/fig" 2>"$WORK/err" ||
    { cat "$WORK/err"; fail "good input rejected"; }
  expect_outputs "$WORK/out/fig"
}

expect_error() {
  local name="$1" text="$2"
  shift 2
  if "$FIGURE" "$@" >/dev/null 2>"$WORK/$name.err"; then fail "$name: exit code 0"; fi
  [[ "$(wc -l <"$WORK/$name.err")" -eq 1 ]] || { cat "$WORK/$name.err"; fail "$name: not 1 line"; }
  grep -qF -- "$text" "$WORK/$name.err" || { cat "$WORK/$name.err"; fail "$name: no '$text'"; }
  [[ -z "$(find "$WORK/bad" -mindepth 1)" ]] || { ls -la "$WORK/bad"; fail "$name: left files"; }
}

# Needs $WORK/good.h5 (a valid input), $WORK/not_hdf5.h5 (a text file) and $WORK/foreign.h5 (HDF5
# without dprl_schema_version).
expect_common_errors() {
  expect_error missing "--in: file '$WORK/nope.h5' does not exist" "--in=$WORK/nope.h5" "$P"
  expect_error text "--in: file '$WORK/not_hdf5.h5' is not an HDF5 file" \
    "--in=$WORK/not_hdf5.h5" "$P"
  expect_error foreign "not a dprl results file (no root attribute dprl_schema_version)" \
    "--in=$WORK/foreign.h5" "$P"
  expect_error no_dir "--out_prefix: cannot create output file next to '$WORK/bad/none/fig.png'" \
    "--in=$WORK/good.h5" "--out_prefix=$WORK/bad/none/fig"
  expect_error proc "--out_prefix: cannot create output file" "--in=$WORK/good.h5" \
    "--out_prefix=/proc/dprl_fig"
  expect_error dir_prefix "--out_prefix: '$WORK/bad/' is not a file name prefix" \
    "--in=$WORK/good.h5" "--out_prefix=$WORK/bad/"
  expect_error no_in "missing required flag --in=VALUE" "$P"
  expect_error no_out "missing required flag --out_prefix=VALUE" "--in=$WORK/good.h5"
  expect_error unknown "unknown flag '--bogus'" --bogus "$P"
  expect_error twice "flag --in is given more than once" "--in=$WORK/good.h5" "--in=x" "$P"
  "$FIGURE" --help | grep -q "Usage: $FIGURE_NAME" || fail "--help"
}
