#!/usr/bin/env bash
# //experiments:cost_model_calibration: every registered row of the cost model
# (experiments/core/task_cost_model.h) names a probe configuration that its experiment's grid
# builds (--dry_run), one row is timed and its measured constant printed, and bad flag values give
# one line naming the flag and exit 1. (No timing is asserted.)
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
CALIBRATION="$RUNFILES/experiments/cost_model_calibration"
[[ -x "$CALIBRATION" ]] || fail "binary not found at $CALIBRATION"

out=$("$CALIBRATION" --dry_run 2>&1) || fail "--dry_run failed: $out"
for kind in ubev pucb_noiseless pucb pucb_burn_in rlsvi psrl ucbvi private_ucbvi ofu_rl private_ofu_rl private_ofu_rl_tight \
  private_ce walk_algorithm1 walk_reference walk_as_run privacy_curve; do
  grep -q "^$kind " <<<"$out" || fail "--dry_run lists no probe of '$kind': $out"
done

out=$("$CALIBRATION" --kinds=privacy_curve --repeats=1 2>&1) || fail "timing one row failed: $out"
grep -Eq "^  privacy_curve +[0-9.e+-]+ +\(curve point\)$" <<<"$out" ||
  fail "no measured constant of privacy_curve: $out"
[[ $(grep -c "^ubev " <<<"$out") == 0 ]] || fail "--kinds=privacy_curve timed ubev: $out"

expect_error() {  # flag, message
  local err
  err=$("$CALIBRATION" "$1" 2>&1 >/dev/null) && fail "$1 was accepted"
  grep -qF -- "$2" <<<"$err" || fail "$1: expected '$2', got '$err'"
}
expect_error --kinds=nope "--kinds: unknown cost-model row 'nope' (one of "
expect_error --repeats=0 "--repeats=0: must be an integer in [1, 100]"
expect_error --repeats=x "--repeats=x: must be an integer in [1, 100]"
expect_error --dry_run=yes "--dry_run: 'yes' is not true or false"
expect_error --scale=default "unknown flag"
echo PASS
