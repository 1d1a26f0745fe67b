#!/usr/bin/env bash
# Command-line behaviour of //calculators:functional_noise_sigma: --help, the App. E.3
# values (table and CSV), a given --noise_stddev, and one clear error per bad flag class: exit
# code 2, exactly one stderr line naming the flag and the value, nothing on stdout.
set -uo pipefail

source "${TEST_SRCDIR:-$PWD/..}/dprl/calculators/cli_test_lib.sh" || exit 1
BIN="$(calculator_path functional_noise_sigma)" || exit 1


"$BIN" --help >"$WORK/help.out" || fail "--help exited non-zero"
grep -q -- "--noise_bound=K" "$WORK/help.out" || fail "--help does not list --noise_bound"

# App. E.3 defaults (values derived in functional_noise_calibration_test.cc).
"$BIN" >"$WORK/table.out" 2>"$WORK/table.err" || fail "defaults rejected"
grep -q "Theorem 5, Algorithm 1 line 5) *1.318697653" "$WORK/table.out" ||
  { cat "$WORK/table.out"; fail "sigma row"; }
grep -q "v = 4 alpha (k + 1) / B *6.1875e-05" "$WORK/table.out" || fail "v row"
grep -q "Theorem 5 as proven (corrected delta_g): (0.9, 1); not a guarantee of Algorithm 1" \
  "$WORK/table.out" || fail "achieved row"
grep -q "guarantee is vacuous" "$WORK/table.out" || fail "vacuous note"

"$BIN" --privacy_epsilon=0.45 >"$WORK/e45.out" || fail "epsilon 0.45 rejected"
grep -q "line 5) *2.535066948" "$WORK/e45.out" || { cat "$WORK/e45.out"; fail "sigma 0.45"; }

"$BIN" --noise_stddev=0.32 >"$WORK/given.out" || fail "--noise_stddev rejected"
grep -q "given sigma = 0.32: Theorem 5 holds for privacy_epsilon = 4.001125821, corrected delta_g = 1" \
  "$WORK/given.out" || { cat "$WORK/given.out"; fail "given sigma"; }

# Solved k at App. E.3 with its delta split 5e-5 + 5e-5 (functional_noise_calibration_test.cc).
"$BIN" --target_delta=5e-5 --target_delta_g=5e-5 >"$WORK/solve.out" || fail "--target_delta_g rejected"
grep -q "k = 1710.53349" "$WORK/solve.out" || { cat "$WORK/solve.out"; fail "solved k"; }
grep -q "line 5) *31.648618" "$WORK/solve.out" || fail "solved sigma"
grep -q "Theorem 5 as proven (corrected delta_g): (0.9, 0.0001)" "$WORK/solve.out" || fail "solved total"

"$BIN" --format=csv --noise_bound=820 >"$WORK/csv.out" || fail "--format=csv rejected"
[[ "$(wc -l <"$WORK/csv.out")" -eq 2 ]] || fail "CSV is not header + one row"
[[ "$(head -1 "$WORK/csv.out" | tr ',' '\n' | wc -l)" -eq \
   "$(tail -1 "$WORK/csv.out" | tr ',' '\n' | wc -l)" ]] || fail "CSV widths differ"

expect_error eps0 "--privacy_epsilon = 0, must be finite and > 0" --privacy_epsilon=0
expect_error epsneg "--privacy_epsilon = -1" --privacy_epsilon=-1
expect_error epsnan "--privacy_epsilon = nan" --privacy_epsilon=nan
expect_error epstext "--privacy_epsilon: 'abc' is not a number" --privacy_epsilon=abc
expect_error delta1 "--target_delta = 1, must be in (0, 1)" --target_delta=1
expect_error batch "--batch_size = 6000, must be in [1, num_samples]" --batch_size=6000
expect_error batch0 "--batch_size = 0" --batch_size=0
expect_error samples "--num_samples: '-5' is not an integer" --num_samples=-5
expect_error resets "--num_resets = 100" --num_resets=100
expect_error sigma "--noise_stddev = -0.1, must be finite and > 0" --noise_stddev=-0.1
expect_error target_g "--target_delta_g = 1, must be in (0, 1)" --target_delta_g=1
expect_error actions "--num_actions = 0, must be >= 1" --num_actions=0
expect_error format "--format: 'xml' is not one of table, csv" --format=xml
expect_error lr_overflow "--learning_rate = 1e+300 with noise_bound = 2.3" --learning_rate=1e300
expect_error lr_overflow_solve "--learning_rate = 1e+300" --learning_rate=1e300 --target_delta_g=0.1
expect_error eps_overflow "--privacy_epsilon = 1e+308 with target_delta = 0.0001: privacy_epsilon / target_delta overflows" --privacy_epsilon=1e308
expect_error delta_underflow "--target_delta = 9.99989e-321 with privacy_epsilon = 0.9: privacy_epsilon / target_delta overflows" --target_delta=1e-320
expect_error unknown "unknown flag '--sigma=1'" --sigma=1
expect_error positional "unexpected argument 'foo'" foo
echo "PASS"
