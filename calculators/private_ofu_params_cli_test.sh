#!/bin/bash
# Command-line behaviour of private_ofu_params: a good run prints every constant; each bad input
# prints one line naming the flag on stderr, nothing on stdout, and exits 2.
set -u
bin="$(dirname "$0")/private_ofu_params"
[[ -x "$bin" ]] || bin="calculators/private_ofu_params"
fail=0
good=(--privacy_epsilon=1 --target_delta=1e-5 --episodes=1000 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1)
out="$("$bin" "${good[@]}")" || { echo "good run failed"; fail=1; }
for key in "sigma_1" "sigma_2" "m " "Lambda" "eta" "lambda_min" "lambda_max" "nu " "beta_K"; do
  grep -q "^$key" <<<"$out" || { echo "missing $key in output"; fail=1; }
done
grep -q "^m                = 10 " <<<"$out" || { echo "m != ceil(log2 1000) = 10"; fail=1; }
expect_error() {  # $1: expected substring; rest: flags
  local want="$1"; shift
  local stdout stderr code
  stdout="$("$bin" "$@" 2>"${TEST_TMPDIR:-/tmp}/private_ofu_params_err.$$")"; code=$?
  stderr="$(cat "${TEST_TMPDIR:-/tmp}/private_ofu_params_err.$$")"; rm -f "${TEST_TMPDIR:-/tmp}/private_ofu_params_err.$$"
  if [[ $code -ne 2 || -n "$stdout" || "$stderr" != *"$want"* || $(wc -l <<<"$stderr") -ne 1 ]]; then
    echo "FAIL for $*: code=$code stdout='$stdout' stderr='$stderr' (wanted '$want')"; fail=1
  fi
}
base=(--target_delta=1e-5 --episodes=1000 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1)
expect_error "--privacy_epsilon must be finite and > 0, got 0" --privacy_epsilon=0 "${base[@]}"
expect_error "--privacy_epsilon must be finite and > 0, got -1" --privacy_epsilon=-1 "${base[@]}"
expect_error "--privacy_epsilon: 'abc' is not a number" --privacy_epsilon=abc "${base[@]}"
nodelta=(--privacy_epsilon=1 --episodes=1000 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1)
expect_error "--target_delta must be in (0, 1], got 0" --target_delta=0 "${nodelta[@]}"
expect_error "--target_delta must be in (0, 1], got 1.5" --target_delta=1.5 "${nodelta[@]}"
expect_error "--gamma must be finite and >= 0, got -1" "${good[@]:0:4}" --gamma=-1 --state_dim=2 --control_dim=1
expect_error "--episodes must be in [2, 2^40], got 1" --privacy_epsilon=1 --target_delta=1e-5 --episodes=1 --horizon=10 --gamma=0.5 --state_dim=2 --control_dim=1
expect_error "missing required flag" --privacy_epsilon=1
expect_error "unknown flag" "${good[@]}" --bogus=1
"$bin" --help | grep -q "usage: private_ofu_params" || { echo "--help"; fail=1; }
[[ $fail -eq 0 ]] && echo "all CLI checks passed"
exit $fail
