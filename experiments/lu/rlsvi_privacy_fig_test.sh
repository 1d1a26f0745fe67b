#!/usr/bin/env bash
# //experiments:rlsvi_privacy_fig end to end at --scale=smoke: the results file checked with h5py
# (groups, shapes, PUCB's privacy_epsilon = the accountant's RLSVI value for that K and delta, the
# privacy curves against the rlsvi_epsilon calculator), the analysis outputs, and the same results
# on 1 rank and on 2 ranks (mpirun --oversubscribe), bit for bit; the claims profile recorded for
# a run that is one (claims_reduced: smoke, default seeds) and not for a run that is not.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
FIG="$RUNFILES/experiments/rlsvi_privacy_fig"
CALCULATOR="$RUNFILES/calculators/rlsvi_epsilon"
CHECK="$RUNFILES/experiments/lu/check_rlsvi_privacy_results.py"
[[ -x "$FIG" ]] || fail "experiment binary not found at $FIG"

"$FIG" --scale=smoke --threads=2 "--out=$WORK/serial" 2>"$WORK/serial.err" ||
  { cat "$WORK/serial.err"; fail "smoke run failed"; }
OUT="$WORK/serial/rlsvi_privacy_fig"
"$PYTHON" "$CHECK" "$OUT.h5" "${OUT}_summary.csv" "$CALCULATOR" || fail "results check failed"
[[ "$(head -c 4 "$OUT.png" | od -An -c | tr -d ' ')" == '211PNG' ]] || fail "no PNG"
[[ "$(head -c 5 "$OUT.pdf")" == '%PDF-' ]] || fail "no PDF"

command -v mpirun >/dev/null || fail "mpirun not found (Debian: openmpi-bin)"
mpirun -np 2 --oversubscribe "$FIG" --scale=smoke "--out=$WORK/np2" 2>"$WORK/np2.err" ||
  { cat "$WORK/np2.err"; fail "mpirun -np 2 failed"; }
grep -q "on 2 rank(s)" "$WORK/np2.err" || { cat "$WORK/np2.err"; fail "not 2 ranks"; }
same_results "$OUT.h5" "$WORK/np2/rlsvi_privacy_fig.h5"
cmp -s "${OUT}_summary.csv" "$WORK/np2/rlsvi_privacy_fig_summary.csv" || fail "np 2: CSV differs"

# Another seed count is no claims profile run: its file records none.
"$FIG" --scale=smoke --seeds=1 "--out=$WORK/one_seed" 2>"$WORK/one_seed.err" ||
  { cat "$WORK/one_seed.err"; fail "--seeds=1 run failed"; }
"$PYTHON" -c 'import h5py, sys; sys.exit("claims_profile" in h5py.File(sys.argv[1], "r").attrs)' \
  "$WORK/one_seed/rlsvi_privacy_fig.h5" || fail "a --seeds=1 run records a claims profile"
echo PASS
