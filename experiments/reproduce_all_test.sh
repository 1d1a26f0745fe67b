#!/usr/bin/env bash
# //experiments:reproduce_all stops cleanly and never shrinks a results file:
#  0. An empty --results is refused naming the flag.
#  1. SIGTERM (what `timeout` and Slurm send) while an experiment runs: reproduce_all forwards it,
#     waits for the experiment, exits 143 with one line naming the signal; the experiment's
#     process is gone and its --out unlocked. SIGINT (Ctrl-C) on the resumed run: the same, 130.
#     The same command then resumes and finishes.
#  2. After a 4-seed vietri_fig in its results directory, reproduce_all (smoke: 2 seeds) keeps
#     the 4-seed results file untouched and redoes only its figures.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
REPRODUCE="$RUNFILES/experiments/reproduce_all"
FIG="$RUNFILES/experiments/vietri_fig"
[[ -x "$REPRODUCE" && -x "$FIG" ]] || fail "binaries not found under $RUNFILES"

# An empty --results is refused, as the experiments refuse an empty --out (it started a default
# run into ./results).
if "$REPRODUCE" --results= --dry_run >"$WORK/empty.out" 2>"$WORK/empty.err"; then
  fail "--results= (empty) accepted"
fi
grep -qF -- "--results: the directory name is empty" "$WORK/empty.err" ||
  { cat "$WORK/empty.err"; fail "--results= (empty): no message naming the flag"; }
# So is a name of blanks (it made a directory " " and ran into it).
if "$REPRODUCE" "--results=  " --dry_run >"$WORK/blank.out" 2>"$WORK/blank.err"; then
  fail "--results='  ' accepted"
fi
grep -qF -- "--results: the directory name is only white space" "$WORK/blank.err" ||
  { cat "$WORK/blank.err"; fail "--results='  ': no message naming the flag"; }
use_clean_scratch_repository
RESULTS="$WORK/results"
LOCK="$RESULTS/vietri_fig/.dprl_lock"
set -m  # background jobs take SIGINT (without job control bash makes them ignore it)

# interrupt SIGNAL EXPECTED_RC: starts reproduce_all, waits until a vietri_fig process other than
# the one recorded in $LOCK before holds the lock, sends SIGNAL to reproduce_all alone, and
# checks its exit code, its message, and that the experiment process has ended.
interrupt() {
  local signal="$1" expected_rc="$2" before child=""
  before="$(cat "$LOCK" 2>/dev/null)"
  "$REPRODUCE" --scale=smoke --threads=1 "--results=$RESULTS" >/dev/null 2>"$WORK/$signal.err" &
  local pid=$!
  for _ in $(seq 1 1500); do
    local now
    now="$(cat "$LOCK" 2>/dev/null)"
    if [[ -n "$now" && "$now" != "$before" ]]; then
      child="$(awk '{print $2}' <<<"$now")"
      break
    fi
    sleep 0.02
  done
  [[ -n "$child" ]] || { kill -9 "$pid"; fail "$signal: vietri_fig never took its lock"; }
  kill "-$signal" "$pid"
  wait "$pid"
  local rc=$?
  [[ "$rc" == "$expected_rc" ]] || { cat "$WORK/$signal.err"; fail "$signal: exit code $rc, expected $expected_rc"; }
  grep -q "reproduce_all: error: stopped by signal .* during step '" "$WORK/$signal.err" ||
    { cat "$WORK/$signal.err"; fail "$signal: no line naming the signal and the step"; }
  ! kill -0 "$child" 2>/dev/null || { kill -9 "$child"; fail "$signal: vietri_fig (pid $child) outlived reproduce_all"; }
}
interrupt TERM 143
interrupt INT 130
"$REPRODUCE" --scale=smoke --threads=1 "--results=$RESULTS" >/dev/null 2>"$WORK/resume.err" ||
  { tail -20 "$WORK/resume.err"; fail "the same command did not resume after the signals"; }
grep -q "in use by another run" "$WORK/resume.err" && fail "a stopped experiment kept its lock"
[[ -f "$RESULTS/REPORT.md" ]] || fail "no REPORT.md after the resumed run"

# --- 2. a larger run is kept ---------------------------------------------------------------
"$FIG" --scale=smoke --seeds=4 --threads=1 "--out=$RESULTS/vietri_fig" 2>"$WORK/four.err" ||
  { cat "$WORK/four.err"; fail "the 4-seed vietri_fig failed"; }
cp "$RESULTS/vietri_fig/vietri_fig.h5" "$WORK/four_seeds.h5"
"$REPRODUCE" --scale=smoke --threads=1 "--results=$RESULTS" >/dev/null 2>"$WORK/again.err" ||
  { tail -20 "$WORK/again.err"; fail "reproduce_all after the 4-seed run failed"; }
grep -q "holds 4 seeds of this run, more than --seeds=2; keeping it with all 4 seeds" \
  "$WORK/again.err" || { cat "$WORK/again.err"; fail "reproduce_all did not say it keeps the 4 seeds"; }
cmp -s "$WORK/four_seeds.h5" "$RESULTS/vietri_fig/vietri_fig.h5" ||
  fail "reproduce_all rewrote the 4-seed results file"
"$PYTHON" - "$RESULTS/vietri_fig/vietri_fig.h5" <<'PY' || fail "the 4-seed file lost seeds"
import sys
import h5py
with h5py.File(sys.argv[1], "r") as f:
    assert f.attrs["seeds"] == 4, f.attrs["seeds"]
    for name, group in f.items():
        for dataset in group.values():
            assert dataset.shape[0] == 4, (name, dataset.name, dataset.shape)
PY
echo PASS
