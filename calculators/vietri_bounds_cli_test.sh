#!/usr/bin/env bash
# //calculators:vietri_bounds: the printed E_eps equals an independent python3 computation of
# Alg. 3's formula, the unlabelled O/Omega shapes are labelled, and every bad-input class gives
# exit code 2, nothing on stdout and exactly one stderr line naming the flag and the bad value.
set -uo pipefail
source "${TEST_SRCDIR:-$PWD/..}/dprl/calculators/cli_test_lib.sh" || exit 1
BIN="$(calculator_path vietri_bounds)" || exit 1
PYTHON="$(command -v python3 || true)"
[[ -n "$PYTHON" ]] || fail "no python3"

GOOD=(--states=6 --actions=2 --horizon=20 --privacy_epsilon=1 --alpha=0.1 --beta=0.05
      --episodes=1e6)

# --- Good input. ---
"$BIN" "${GOOD[@]}" >"$WORK/good.out" 2>"$WORK/good.err" || { cat "$WORK/good.err"; fail "good input rejected"; }
[[ ! -s "$WORK/good.err" ]] || { cat "$WORK/good.err"; fail "stderr not empty on success"; }
for label in "E_eps" "single_counter_error" "best_arm_pulls_lemma8" "pac_upper_thm3" \
             "regret_upper_thm4" "pac_lower_thm5" "regret_lower_thm6"; do
  grep -q "^$label " "$WORK/good.out" || { cat "$WORK/good.out"; fail "no line '$label'"; }
done
grep -q "the paper states NO constant" "$WORK/good.out" || fail "shapes not labelled as such"
grep -q "polylog" "$WORK/good.out" || fail "polylog factors not mentioned"
grep -q "constant 1" "$WORK/good.out" || fail "constant 1 not stated"

# E_eps = (3/eps) H ln((2SAH + HAS^2)/beta) log2(T)^{5/2} (Vietri et al. 2020, Alg. 3), and
# Lemma 8 = ln(1/(4 beta)) / (24 eps alpha), computed here independently of the C++ code.
"$PYTHON" - "$WORK/good.out" <<'PY' || fail "printed values differ from the independent computation"
import math, sys
values = {}
for line in open(sys.argv[1]):
    fields = line.split()
    if len(fields) >= 2 and not line.startswith(" "):
        values[fields[0]] = fields[1]
S, A, H, eps, alpha, beta, T = 6, 2, 20, 1.0, 0.1, 0.05, 1e6
expected = {
    "E_eps": 3 / eps * H * math.log((2 * S * A * H + H * A * S**2) / beta) * math.log2(T) ** 2.5,
    "best_arm_pulls_lemma8": math.log(1 / (4 * beta)) / (24 * eps * alpha),
    "pac_upper_thm3": S * A * H**4 / alpha**2 + S**2 * A * H**4 / (eps * alpha),
}
for name, want in expected.items():
    got = float(values[name])
    if abs(got - want) > 1e-5 * want:
        sys.exit(f"{name}: printed {got}, expected {want}")
    print(f"{name}: {got} ok (expected {want:.8g})")
PY

# beta >= 1/4: Lemma 8 is not applicable and says so; beta >= 1/8 flags Thm. 5's assumption.
"$BIN" --states=6 --actions=2 --horizon=20 --privacy_epsilon=1 --alpha=0.1 --beta=0.3 \
  --episodes=1000 >"$WORK/beta.out" 2>&1 || fail "beta = 0.3 rejected"
grep -q "^best_arm_pulls_lemma8 *n/a" "$WORK/beta.out" || fail "Lemma 8 printed for beta >= 1/4"
grep -q "Thm. 5 is stated for beta < 1/8 only" "$WORK/beta.out" || fail "Thm. 5 range not noted"

"$BIN" --help >"$WORK/help.out" 2>&1 || fail "--help exited non-zero"
grep -q -- "--privacy_epsilon=EPS" "$WORK/help.out" || fail "--help lacks --privacy_epsilon"

# --- Bad input: expect_error NAME EXPECTED_TEXT ARGS... ---
# with_flag NAME=VALUE: the good flags with one replaced.
with_flag() {
  local replacement="$1" flag
  for flag in "${GOOD[@]}"; do
    if [[ "${flag%%=*}" == "${replacement%%=*}" ]]; then echo "$replacement"; else echo "$flag"; fi
  done
}
run_with() {  # run_with NAME EXPECTED --flag=value
  local name="$1" expected="$2"
  mapfile -t args < <(with_flag "$3")
  expect_error "$name" "$expected" "${args[@]}"
}

expect_error unknown "unknown flag '--gamma=0.9'" "${GOOD[@]}" --gamma=0.9
expect_error positional "unexpected argument 'extra'" "${GOOD[@]}" extra
expect_error repeated "flag --beta is given more than once" "${GOOD[@]}" --beta=0.1
expect_error no_value "flag --alpha needs a value" --alpha "${GOOD[@]:0:5}"
expect_error missing_one "missing required flag --episodes=VALUE" "${GOOD[@]:0:6}"
expect_error missing_all "missing required flags --states=VALUE --actions=VALUE"
run_with eps_text "--privacy_epsilon: 'abc' is not a number" --privacy_epsilon=abc
run_with eps_empty "--privacy_epsilon: '' is not a number" --privacy_epsilon=
run_with eps_zero "--privacy_epsilon must be finite and > 0, got '0'" --privacy_epsilon=0
run_with eps_negative "--privacy_epsilon must be finite and > 0, got '-1'" --privacy_epsilon=-1
run_with eps_nan "--privacy_epsilon must be finite and > 0, got 'nan'" --privacy_epsilon=nan
run_with eps_inf "--privacy_epsilon must be finite and > 0, got 'inf'" --privacy_epsilon=inf
run_with beta_zero "--beta must be in (0, 1), got '0'" --beta=0
run_with beta_one "--beta must be in (0, 1), got '1'" --beta=1
run_with beta_large "--beta must be in (0, 1), got '1.5'" --beta=1.5
run_with beta_nan "--beta must be in (0, 1), got 'NaN'" --beta=NaN
run_with alpha_zero "--alpha must be in (0, H] = (0, 20], got '0'" --alpha=0
run_with alpha_negative "--alpha must be in (0, H] = (0, 20], got '-0.1'" --alpha=-0.1
run_with alpha_above_h "--alpha must be in (0, H] = (0, 20], got '20.5'" --alpha=20.5
run_with alpha_nan "--alpha must be in (0, H] = (0, 20], got 'nan'" --alpha=nan
run_with alpha_text "--alpha: '0.1x' is not a number" --alpha=0.1x
run_with states_zero "--states must be an integer in [1, 2^53], got '0'" --states=0
run_with states_fraction "--states must be an integer in [1, 2^53], got '2.5'" --states=2.5
run_with states_text "--states: 'six' is not a number" --states=six
run_with actions_negative "--actions must be an integer in [1, 2^53], got '-1'" --actions=-1
run_with horizon_zero "--horizon must be an integer in [1, 2^53], got '0'" --horizon=0
run_with horizon_inf "--horizon must be an integer in [1, 2^53], got 'inf'" --horizon=inf
# 2^53 + 1 in digits: read as a double it rounded to 2^53 and was accepted.
run_with horizon_past_2_53 "--horizon must be an integer in [1, 2^53], got '9007199254740993'" \
  --horizon=9007199254740993
run_with episodes_zero "--episodes must be an integer in [1, 2^53], got '0'" --episodes=0
run_with episodes_negative "--episodes must be an integer in [1, 2^53], got '-1e6'" --episodes=-1e6
run_with episodes_huge "--episodes must be an integer in [1, 2^53], got '1e300'" --episodes=1e300
run_with episodes_one "--episodes = 1, must be >= 2 for Alg. 3's E_eps: log2(T)^{5/2} = 0 at T = 1" --episodes=1
run_with epsilon_underflow "--privacy_epsilon = 4.94066e-324, must be large enough that the counter epsilon eps / (3H) (H = 20) is not 0" --privacy_epsilon=5e-324
run_with epsilon_overflow "E_eps overflows a double (inf) at S=" --privacy_epsilon=1e-310

echo PASS
