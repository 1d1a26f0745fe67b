#!/usr/bin/env bash
# The smoke test of every experiment (dprl_result, experiments/experiment.bzl):
#   experiment_smoke_test.sh BINARY [CHECKS]
# runs the experiment binary BINARY (runfiles-relative, e.g. experiments/vietri_fig; its file name
# is the experiment's NAME) at --scale=smoke with 1 thread and checks what every result must have:
# the results file NAME.h5 (schema version 2, scale smoke, experiment NAME, at least one group),
# a summary CSV with a header and a row, the figure's PNG and PDF, and bit-identical results (and
# summary) from a 2-thread run and a 2-rank run (mpirun). Then the result's own checks, CHECKS
# (runfiles-relative): a .py file is run with the results file and the summary CSV; a .sh file is
# sourced, with FIG (the binary), NAME, OUT (the 1-thread run's path without .h5), WORK and the
# helpers of test_lib.sh.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
BINARY="${1:?usage: experiment_smoke_test.sh BINARY [CHECKS]}"
CHECKS="${2:-}"
NAME="$(basename "$BINARY")"
FIG="$RUNFILES/$BINARY"
[[ -x "$FIG" ]] || fail "experiment binary not found at $FIG"

run_smoke_serial "$FIG" "$NAME"
"$PYTHON" - "$OUT.h5" "${OUT}_summary.csv" "$NAME" <<'PY' || fail "results file or summary wrong"
import csv, sys
import h5py
path, summary, name = sys.argv[1:4]
with h5py.File(path, "r") as f:
    assert f.attrs["dprl_schema_version"] == 2 and f.attrs["scale"] == "smoke", dict(f.attrs)
    assert f.attrs["experiment"] == name, f.attrs["experiment"]
    assert len(f) > 0, "no group"
with open(summary) as s:
    assert len(list(csv.DictReader(s))) > 0, "no summary row"
PY
expect_figure_files "$OUT"
expect_same_on_threads_and_ranks "$FIG" "$NAME"

case "$CHECKS" in
  "") ;;
  *.py) "$PYTHON" "$RUNFILES/$CHECKS" "$OUT.h5" "${OUT}_summary.csv" || fail "$CHECKS failed" ;;
  *.sh) source "$RUNFILES/$CHECKS" ;;
  *) fail "checks file $CHECKS is neither .py nor .sh" ;;
esac
echo PASS
