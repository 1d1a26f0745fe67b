#!/usr/bin/env bash
# Command-line behaviour of //calculators:rlsvi_epsilon: --help, the printed values
# (table and CSV) for a configuration derived by hand, and one clear error per bad flag class:
# exit code 2, exactly one stderr line naming the flag and the value, nothing on stdout.
set -uo pipefail

source "${TEST_SRCDIR:-$PWD/..}/dprl/calculators/cli_test_lib.sh" || exit 1
BIN="$(calculator_path rlsvi_epsilon)" || exit 1
VALID=(--states=5 --actions=2 --horizon=10 --episodes=1000 --target_delta=1e-5)


# The valid flags with one of them replaced: with_flag --states=0
with_flag() {
  local replacement="$1" name="${1%%=*}" arg
  for arg in "${VALID[@]}"; do
    [[ "${arg%%=*}" == "$name" ]] || printf '%s\n' "$arg"
  done
  printf '%s\n' "$replacement"
}

"$BIN" --help >"$WORK/help.out" 2>"$WORK/help.err" || fail "--help exited non-zero"
grep -q -- "--target_delta=D" "$WORK/help.out" || fail "--help does not list --target_delta"

# Values. By hand (rlsvi_privacy_test.cc): rho = 4000 / (100 log 200) = 7.549566632710193,
# alpha* = 1 + sqrt(log(1e5) / rho) = 2.2349001268404756, eps = rho + 2 sqrt(rho log(1e5))
# = 26.19548821735907 (Cor. 14); the improved conversion gives 24.939561432078847 at 2.1920652.
"$BIN" "${VALID[@]}" >"$WORK/table.out" 2>"$WORK/table.err" || fail "valid flags rejected"
[[ ! -s "$WORK/table.err" ]] || fail "stderr not empty: $(cat "$WORK/table.err")"
grep -q "Cor. 14 closed form .* 2.23490012684 .* 26.1954882174" "$WORK/table.out" ||
  { cat "$WORK/table.out"; fail "Cor. 14 row"; }
grep -q "optimised numerically .* 2.23490012684 .* 26.1954882174" "$WORK/table.out" ||
  { cat "$WORK/table.out"; fail "Thm. 13 optimised row"; }
grep -q "improved (CKS 2020 Prop. 12), optimised .* 2.19206522[0-9]* .* 24.9395614321" \
  "$WORK/table.out" || { cat "$WORK/table.out"; fail "improved row"; }
grep -q "exact Gaussian composition (GDP).* - .* 23.4497128994" "$WORK/table.out" ||
  { cat "$WORK/table.out"; fail "exact Gaussian row"; }

"$BIN" "${VALID[@]}" --format=csv >"$WORK/csv.out" || fail "--format=csv rejected"
[[ "$(wc -l <"$WORK/csv.out")" -eq 2 ]] || fail "CSV is not header + one row"
COLUMNS_HEADER="$(head -1 "$WORK/csv.out" | tr "," "\n" | wc -l)"
COLUMNS_ROW="$(tail -1 "$WORK/csv.out" | tr "," "\n" | wc -l)"
[[ "$COLUMNS_HEADER" -eq "$COLUMNS_ROW" ]] || fail "CSV header and row differ in width"
python3 - "$WORK/csv.out" <<'EOF' || fail "CSV values"
import csv, sys
row = list(csv.DictReader(open(sys.argv[1])))[0]
checks = {
    "corollary14_privacy_epsilon": 26.19548821735907,
    "paper_privacy_epsilon": 26.19548821735907,
    "paper_renyi_order": 2.2349001268404756,
    "improved_privacy_epsilon": 24.939561432078847,
    "gaussian_exact_privacy_epsilon": 23.449712899410048,
}
for key, expected in checks.items():
    assert abs(float(row[key]) - expected) < 1e-9 * expected, (key, row[key], expected)
assert 0.04 < float(row["relative_improvement"]) < 0.05, row["relative_improvement"]
EOF

mapfile -t ARGS < <(with_flag --states=0)
expect_error states_zero "--states must be >= 1, got '0'" "${ARGS[@]}"
mapfile -t ARGS < <(with_flag --actions=-2)
expect_error actions_negative "--actions must be >= 1, got '-2'" "${ARGS[@]}"
mapfile -t ARGS < <(with_flag --horizon=ten)
expect_error horizon_text "--horizon: 'ten' is not an integer" "${ARGS[@]}"
mapfile -t ARGS < <(with_flag --episodes=1.5)
expect_error episodes_fraction "--episodes: '1.5' is not an integer" "${ARGS[@]}"
mapfile -t ARGS < <(with_flag --episodes=nan)
expect_error episodes_nan "--episodes: 'nan' is not an integer" "${ARGS[@]}"
mapfile -t ARGS < <(with_flag --states=99999999999999999999)
expect_error states_huge "--states must be <= 2^53" "${ARGS[@]}"
for delta in 0 1 1.5 -1e-5 nan inf; do
  mapfile -t ARGS < <(with_flag "--target_delta=$delta")
  expect_error "delta_$delta" "--target_delta must be a finite number in (0, 1), got '$delta'" \
    "${ARGS[@]}"
done
mapfile -t ARGS < <(with_flag --target_delta=small)
expect_error delta_text "--target_delta: 'small' is not a number" "${ARGS[@]}"
mapfile -t ARGS < <(with_flag --format=xml)
expect_error format "--format: 'xml' is not one of table, csv" "${ARGS[@]}"
expect_error unknown "unknown flag '--epsilon=1'" "${VALID[@]}" --epsilon=1
expect_error positional "unexpected argument 'extra'" "${VALID[@]}" extra
expect_error repeated "--states is given more than once" "${VALID[@]}" --states=5
expect_error missing "missing required flag --episodes" --states=5 --actions=2 --horizon=10 \
  --target_delta=1e-5
expect_error no_value "flag --horizon needs a value" --horizon

echo PASS
