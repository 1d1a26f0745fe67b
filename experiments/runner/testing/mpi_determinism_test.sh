#!/usr/bin/env bash
# The same results on 1 rank (no mpirun at all) with 1 or 3 threads, 2 ranks and 3 ranks
# (mpirun --oversubscribe), bit for bit; and under mpirun, errors are printed once (by rank 0)
# and every rank fails.
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
command -v mpirun >/dev/null || fail "mpirun not found (Debian: openmpi-bin)"

# Task files are kept so that the resume below can delete some of them.
args=(--scale=smoke --seeds=3 --keep_task_files=true)
"$TOY" "${args[@]}" --threads=1 "--out=$WORK/serial" 2>"$WORK/serial.err" ||
  { cat "$WORK/serial.err"; fail "serial run failed"; }
grep -q "on 1 rank(s) x 1 thread(s)" "$WORK/serial.err" || { cat "$WORK/serial.err"; fail "not 1 thread"; }
"$TOY" "${args[@]}" --threads=3 "--out=$WORK/threads" 2>"$WORK/threads.err" ||
  { cat "$WORK/threads.err"; fail "3-thread run failed"; }
grep -q "on 1 rank(s) x 3 thread(s)" "$WORK/threads.err" || { cat "$WORK/threads.err"; fail "not 3 threads"; }
same_results "$WORK/serial/toy.h5" "$WORK/threads/toy.h5"
cmp -s "$WORK/serial/toy_summary.csv" "$WORK/threads/toy_summary.csv" || fail "threads: CSV differs"
for np in 2 3; do
  mpirun -np "$np" --oversubscribe "$TOY" "${args[@]}" "--out=$WORK/np$np" 2>"$WORK/np$np.err" ||
    { cat "$WORK/np$np.err"; fail "mpirun -np $np failed"; }
  grep -q "on $np rank(s)" "$WORK/np$np.err" || { cat "$WORK/np$np.err"; fail "not $np ranks"; }
  [[ "$(count_lines "$WORK/np$np.err" "toy: wrote")" -eq 1 ]] || fail "np $np: merge not once"
  same_results "$WORK/serial/toy.h5" "$WORK/np$np/toy.h5"
  [[ -s "$WORK/np$np/toy.png" && -s "$WORK/np$np/toy_summary.csv" ]] || fail "np $np: no analysis"
  cmp -s "$WORK/serial/toy_summary.csv" "$WORK/np$np/toy_summary.csv" || fail "np $np: CSV differs"
done

# Resume across rank counts: delete half the tasks of the 2-rank run, finish them serially.
rm -f "$WORK"/np2/tasks/*/seed_1.h5 "$WORK/np2/toy.h5"
"$TOY" "${args[@]}" "--out=$WORK/np2" 2>"$WORK/resume.err" || fail "serial resume failed"
same_results "$WORK/serial/toy.h5" "$WORK/np2/toy.h5"

# A bad flag under mpirun: non-zero exit, the message exactly once.
if mpirun -np 2 --oversubscribe "$TOY" --seeds=0 "--out=$WORK/bad" >/dev/null 2>"$WORK/bad.err"; then
  fail "mpirun with --seeds=0 exited 0"
fi
[[ "$(count_lines "$WORK/bad.err" "toy: error: --seeds must be >= 1")" -eq 1 ]] ||
  { cat "$WORK/bad.err"; fail "flag error not printed exactly once"; }
[[ ! -e "$WORK/bad" ]] || fail "bad flag created --out"

# --threads > 1 under mpirun: refused once, nothing created.
if mpirun -np 2 --oversubscribe "$TOY" --threads=2 "--out=$WORK/bad_threads" >/dev/null \
  2>"$WORK/bad_threads.err"; then
  fail "mpirun with --threads=2 exited 0"
fi
[[ "$(count_lines "$WORK/bad_threads.err" "toy: error: --threads=2 is only for runs without mpirun")" -eq 1 ]] ||
  { cat "$WORK/bad_threads.err"; fail "--threads error not printed exactly once"; }
[[ ! -e "$WORK/bad_threads" ]] || fail "bad --threads created --out"

# A task failing on some rank: non-zero exit, reported once, no results file.
if DPRL_TOY_FAIL_GROUP=chain_ucb mpirun -np 2 --oversubscribe "$TOY" "${args[@]}" \
  "--out=$WORK/fail" >/dev/null 2>"$WORK/fail.err"; then
  fail "mpirun with a failing task exited 0"
fi
[[ "$(count_lines "$WORK/fail.err" "toy: error: task (config 'chain_ucb'")" -eq 1 ]] ||
  { cat "$WORK/fail.err"; fail "task error not printed exactly once"; }
[[ ! -e "$WORK/fail/toy.h5" ]] || fail "results file despite a failed task"

echo PASS
