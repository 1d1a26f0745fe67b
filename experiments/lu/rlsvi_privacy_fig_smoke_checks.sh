# //experiments:rlsvi_privacy_fig's own smoke checks, sourced by
# experiments/experiment_smoke_test.sh after the checks every result gets (FIG, OUT, WORK set):
# the results file checked with h5py (groups, shapes, PUCB's privacy_epsilon = the accountant's
# RLSVI value for that K and delta, the privacy curves against the rlsvi_epsilon calculator); the
# claims profile recorded for a run that is one (claims_reduced: smoke, default seeds) and not for
# a run that is not.
CALCULATOR="$RUNFILES/calculators/rlsvi_epsilon"
CHECK="$RUNFILES/experiments/lu/check_rlsvi_privacy_results.py"
"$PYTHON" "$CHECK" "$OUT.h5" "${OUT}_summary.csv" "$CALCULATOR" || fail "results check failed"

# Another seed count is no claims profile run: its file records none.
"$FIG" --scale=smoke --seeds=1 "--out=$WORK/one_seed" 2>"$WORK/one_seed.err" ||
  { cat "$WORK/one_seed.err"; fail "--seeds=1 run failed"; }
"$PYTHON" -c 'import h5py, sys; sys.exit("claims_profile" in h5py.File(sys.argv[1], "r").attrs)' \
  "$WORK/one_seed/rlsvi_privacy_fig.h5" || fail "a --seeds=1 run records a claims profile"
