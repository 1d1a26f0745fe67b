#!/usr/bin/env bash
# //experiments:vietri_fig (and vietri_lower_bound_fig, rlsvi_privacy_fig) refuses, before it allocates or creates
# anything, every value that would make a task fail, abort or exhaust memory: exit code 2, one
# line on stderr naming the field (and, for sizes, the estimate and the limit), no --out
# directory; --dry_run refuses the same values. Epsilons whose %g forms would be invalid or equal group names run.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
FIG="$RUNFILES/experiments/vietri_fig"
LOWER="$RUNFILES/experiments/vietri_lower_bound_fig"
RLSVI="$RUNFILES/experiments/rlsvi_privacy_fig"
for fig in "$FIG" "$LOWER" "$RLSVI"; do
  [[ -x "$fig" ]] || fail "experiment binary not found at $fig"
done

expect_refused "$FIG" riverswim.num_states=100000000 "fields 'riverswim.num_states' = 100000000"
expect_refused "$FIG" riverswim.num_states=100000000 "of memory, above this machine's"
expect_refused "$FIG" riverswim.horizon=1000000000 "'riverswim.horizon' = 1000000000"
expect_refused "$FIG" num_episodes=1000000000000000000 "field 'num_episodes' = 1000000000000000000"
expect_refused "$FIG" num_episodes=1000000000000000000 "above the limit of 1e+07 core-seconds"
# Below 1e-50 by the grids' one floor (the counters' split of it stays above 1e-100): it was
# refused naming privacy_epsilons or counter_failure_probability in the other grids.
expect_refused "$FIG" failure_probability=1e-300 "field 'failure_probability' must be in [1e-50, 1), got 1e-300"
# A failure probability the bound cannot take is named, not the eps it was tried with.
expect_refused "$FIG" failure_probability=1e-320 "error: field 'failure_probability' must be in [1e-50, 1), got 9.99989e-321"
expect_refused "$FIG" privacy_epsilons=10,10 "field 'privacy_epsilons' lists 10 twice (values #1 and #2)"
expect_refused "$LOWER" failure_probability=1e-320 "error: field 'failure_probability' must be in [1e-50, 1)"
expect_refused "$RLSVI" failure_probability=1e-300 "error: field 'failure_probability' must be in [1e-50, 1)"
# Past 2^63 the episode grid's counter overflowed and the grid never ended, --dry_run included.
for fig in "$FIG" "$LOWER"; do
  expect_refused "$fig" num_episodes=9200000000000000000 \
    "field 'num_episodes' must be <= 1000000000000000000, got 9200000000000000000"
done
expect_refused "$FIG" privacy_epsilons=1e-300 "field 'privacy_epsilons' value 1e-300"
# An empty list or a value given twice names its field (the runner said "an empty list field?"
# or "config group_name ... is used twice").
expect_refused "$FIG" environments= "the grid has no configurations: field 'environments' is empty"
expect_refused "$LOWER" instances=n2_m1_H2,n2_m1_H2 "field 'instances' lists 'n2_m1_H2' twice"
expect_refused "$RLSVI" curve_shapes=S4_A2_H5,S4_A2_H5 "field 'curve_shapes' lists 'S4_A2_H5' twice"
expect_refused "$FIG" num_episodes=1 "field 'privacy_epsilons' value 10 with num_episodes = 1"
expect_refused "$FIG" num_episodes=1 "list the value in 'exact_tail_privacy_epsilons' instead"
# The lower-bound family: an alpha' whose PAC bound shapes (1/alpha^2) overflow a double.
expect_refused "$LOWER" alpha_primes=0.5,1e-300 \
  "field 'alpha_primes' value 1e-300 on lower_bound_n2_m1_H2: the PAC bound shapes of Thms. 3 and 5"
expect_refused "$LOWER" alpha_primes=0.5,0.6 "field 'alpha_primes' value #2 must be finite and in"
expect_refused "$LOWER" alpha_primes= "field 'alpha_primes' must list at least one value"

# Valid values give valid, distinct group names.
"$FIG" --scale=smoke --dry_run --set=environments=riverswim \
  --set=privacy_epsilons=1000000,0.1000000001,0.1000000002 >"$WORK/dry" 2>"$WORK/stderr" ||
  { cat "$WORK/stderr"; fail "dry run of large and close epsilons failed"; }
for group in riverswim-pucb-eps=1e06 riverswim-pucb-eps=0.1000000001 riverswim-pucb-eps=0.1000000002; do
  grep -qF "$group" "$WORK/dry" || { cat "$WORK/dry"; fail "no group $group"; }
done
# The --config example of --help is the experiment's own fields: written as a file, it runs
# (vietri_fig's names a table, [random_mdp]).
grep -A1 -- "--config=FILE" <("$FIG" --help) | grep -q " / \[random_mdp\] " ||
  fail "vietri_fig's --config example has no table"
for fig in "$FIG" "$LOWER" "$RLSVI"; do expect_config_example_valid "$fig"; done
echo PASS
