#!/usr/bin/env bash
# //experiments:private_ofu_fig, wang_hegde_fig1 and wang_hegde_fig2 refuse, before they allocate
# or create anything, sizes that would overflow the learners' ints or exhaust memory, and
# calibrations that fail, with exit code 2 and one line on stderr naming the field (and, for
# memory, the estimate and the limit), no --out directory; --dry_run refuses the same values.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
LQ="$RUNFILES/experiments/private_ofu_fig"
FIG1="$RUNFILES/experiments/wang_hegde_fig1"
FIG2="$RUNFILES/experiments/wang_hegde_fig2"
for fig in "$LQ" "$FIG1" "$FIG2"; do
  [[ -x "$fig" ]] || fail "experiment binary not found at $fig"
done

# LQ: the horizon is an int; its Riccati tables (1.75 TB for chain_n8 at H = 2^31 - 1) are
# bounded by the machine's memory; calibration errors name the fields.
expect_refused "$LQ" horizon=3000000000 "field 'horizon' must be <= 2147483647, got 3000000000"
expect_refused "$LQ" horizon=2147483647 "field 'horizon' = 2147483647 (system 'chain_n8'" \
  systems=chain_n8
expect_refused "$LQ" horizon=2147483647 "of memory, above this machine's" systems=chain_n8
expect_refused "$LQ" num_episodes=1 "fields 'num_episodes' = 1, 'horizon' = 5"
expect_refused "$LQ" num_episodes=1000000000000000000 "episodes must be in [2, 2^40], got 1e+18"
# Past 2^63 the episode grid's counter overflowed and the grid never ended, --dry_run included.
expect_refused "$LQ" num_episodes=9200000000000000000 \
  "field 'num_episodes' must be <= 1000000000000000000, got 9200000000000000000"
expect_refused "$LQ" privacy_epsilons=1e-300 "'privacy_epsilons' value 1e-300"

# Wang & Hegde: B and J are ints; one noise path's stored points (about T / J, 64 TB here) are
# bounded by the machine's memory.
expect_refused "$FIG1" num_resets=10000000000 "num_resets = 10000000000 must be <= 2147483647"
expect_refused "$FIG1" batch_size=10000000000 "batch_size = 10000000000 must be <= 2147483647" \
  num_samples=10000000000
expect_refused "$FIG1" num_samples=1000000000000 "fields 'num_samples' = 1000000000000 over num_resets = 1" \
  num_resets=1 as_run_noise_stddevs=
expect_refused "$FIG1" num_samples=1000000000000 "of memory, above this machine's" \
  num_resets=1 as_run_noise_stddevs=
expect_refused "$FIG2" num_samples=3000000000 \
  "fields 'num_samples' / 'batch_size' = 3000000000 noise resets (one per batch) must be <= 2147483647" \
  batch_size=1
# Wang & Hegde fig. 2: a learning rate whose Theorem 5 calibration (sensitivity scale, sigma)
# overflows a double is refused naming the fields (it aborted on a zero kernel rate).
expect_refused "$FIG2" learning_rate=1e300 "fields 'learning_rate' = 1e+300, 'batch_size' = 50"

# Scales (rates, ridges, regularizers) outside [1e-100, 1e100]: a subnormal 5e-324 passed "> 0"
# and then aborted the run (an infinite confidence radius, a non-finite counter input, a NaN
# conditional noise deviation).
expect_refused "$LQ" regularizer_lambda=5e-324 \
  "field 'regularizer_lambda' must be finite and in [1e-100, 1e+100], got 4.94066e-324"
expect_refused "$LQ" ce_ridge=5e-324 "field 'ce_ridge' must be finite and in [1e-100, 1e+100]"
expect_refused "$FIG1" kernel_rate=5e-324 "field 'kernel_rate' must be finite and in [1e-100"
expect_refused "$FIG2" kernel_rate=1e101 "field 'kernel_rate' must be finite and in [1e-100"
# Nothing to compare: refused before the tasks run (the figure failed after all of them).
expect_refused "$FIG2" privacy_epsilons= "field 'privacy_epsilons' is empty"
expect_refused "$FIG1" noise_stddevs=10,10 "field 'noise_stddevs' lists '10' twice"
expect_refused "$LQ" systems= "the grid has no configurations: field 'systems' is empty"

# The --config example of each --help is a valid --config.
for fig in "$LQ" "$FIG1" "$FIG2"; do expect_config_example_valid "$fig"; done
echo PASS
