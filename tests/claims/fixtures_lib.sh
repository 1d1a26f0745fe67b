# Shared by the claims tests that feed hand-made results files to //analysis:claims (sourced after
# experiments/runner/testing/test_lib.sh, which sets RUNFILES, WORK, PYTHON and fail).
CLAIMS="$RUNFILES/analysis/claims"
[[ -x "$CLAIMS" ]] || fail "claims binary not found under $RUNFILES"
# The fixture writers import make_fixtures.py and lq_bound.py from here.
export PYTHONPATH="$RUNFILES/tests/claims:$PYTHONPATH"

# claims_on_fixtures WRITER KIND...: for each KIND, tests/claims/WRITER writes the results
# directory $WORK/KIND and //analysis:claims reads it (its claims.csv lands there); an error of
# either fails the test.
claims_on_fixtures() {
  local writer="$1"
  shift
  local kind
  for kind in "$@"; do
    "$PYTHON" "$RUNFILES/tests/claims/$writer" "$WORK/$kind" "$kind" || fail "$writer $kind failed"
    "$CLAIMS" "--results=$WORK/$kind" >"$WORK/$kind.out" 2>"$WORK/$kind.err" ||
      { cat "$WORK/$kind.err"; fail "claims on the '$kind' fixtures failed"; }
  done
}
