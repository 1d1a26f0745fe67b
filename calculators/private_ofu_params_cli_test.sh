#!/bin/bash
# Command-line behaviour of private_ofu_params: a good run prints every constant; each bad input
# prints one line naming the flag on stderr, nothing on stdout, and exits 2.
set -uo pipefail
source "${TEST_SRCDIR:-$PWD/..}/dprl/calculators/cli_test_lib.sh" || exit 1
BIN="$(calculator_path private_ofu_params)" || exit 1
good=(--privacy_epsilon=1 --target_delta=1e-5 --episodes=1000 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1)
out="$("$BIN" "${good[@]}")" || fail "good run failed"
for key in "sigma_1" "sigma_2" "m " "Lambda" "eta" "lambda_min" "lambda_max" "nu " "beta_K"; do
  grep -q "^$key" <<<"$out" || fail "missing $key in output"
done
grep -q "^m                = 10 " <<<"$out" || fail "m != ceil(log2 1000) = 10"
base=(--target_delta=1e-5 --episodes=1000 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1)
expect_error case1 "--privacy_epsilon must be finite and > 0, got 0" --privacy_epsilon=0 "${base[@]}"
expect_error case2 "--privacy_epsilon must be finite and > 0, got -1" --privacy_epsilon=-1 "${base[@]}"
expect_error case3 "--privacy_epsilon: 'abc' is not a number" --privacy_epsilon=abc "${base[@]}"
nodelta=(--privacy_epsilon=1 --episodes=1000 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1)
expect_error case4 "--target_delta must be in (0, 1], got 0" --target_delta=0 "${nodelta[@]}"
expect_error case5 "--target_delta must be in (0, 1], got 1.5" --target_delta=1.5 "${nodelta[@]}"
expect_error case6 "--gamma must be finite and >= 0, got -1" "${good[@]:0:4}" --gamma=-1 --state_dim=2 --control_dim=1
expect_error case7 "--episodes must be in [2, 2^40], got 1" --privacy_epsilon=1 --target_delta=1e-5 --episodes=1 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1
expect_error case8 "missing required flag" --privacy_epsilon=1
expect_error case9 "unknown flag" "${good[@]}" --bogus=1
# Dimensions whose counter matrices exceed the machine's memory are refused before allocating.
expect_error case10 "--state_dim=100000 --control_dim=100000: MatrixTreeCounter with rows = 200000, cols = 200000" "${good[@]:0:5}" --state_dim=100000 --control_dim=100000
# (n+d)^2 / 2 entries fit an int but not memory: refused with the bytes needed (it took 12.5 GB,
# then aborted on bad_alloc, behind a check that counted 2 of the counters' 2 m + 1 matrices).
expect_error case10b "--state_dim=20000 --control_dim=20000: MatrixTreeCounter with rows = 40000, cols = 40000" "${good[@]:0:5}" --state_dim=20000 --control_dim=20000
expect_error case10c "bytes" "${good[@]:0:5}" --state_dim=20000 --control_dim=20000
expect_error case11 "--privacy_epsilon=1e-300 --target_delta=1e-05: the zCDP budget rho they give underflows to 0" --privacy_epsilon=1e-300 "${base[@]}"
# Values whose constants leave double range are refused naming the flag the user typed.
expect_error case12 "--confidence_alpha must be large enough that 4 (state_dim + control_dim) episodes / confidence_alpha is finite, got 9.99989e-321" "${good[@]}" --confidence_alpha=1e-320
expect_error case13 "--gamma must be small enough that the counters' sensitivity sqrt(2) H (1 + gamma)^2 is finite, got 1e+308" "${good[@]:0:4}" --gamma=1e308 --state_dim=2 --control_dim=1
"$BIN" --help >"$WORK/help.out" || fail "--help exited non-zero"
grep -q "usage: private_ofu_params" "$WORK/help.out" || fail "--help"
echo "all CLI checks passed"
