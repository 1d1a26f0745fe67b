#!/usr/bin/env bash
# Atomic commit and resume: a run killed with SIGKILL mid-way, or with task files deleted and a
# stale partial temp file left behind, ends (after rerunning the same command) with results
# bit-identical to an uninterrupted run; a rerun with more seeds reuses the finished ones.
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"

run() { "$TOY" --scale=smoke --seeds=3 "$@"; }
task_files() { find "$1/tasks" -name 'seed_*.h5' 2>/dev/null | wc -l; }

# Reference: one uninterrupted run (6 configs x 3 seeds = 18 tasks).
run "--out=$WORK/fresh" 2>"$WORK/fresh.err" || { cat "$WORK/fresh.err"; fail "fresh run failed"; }
[[ "$(task_files "$WORK/fresh")" -eq 18 ]] || fail "expected 18 task files"
for f in toy.h5 toy.png toy.pdf toy_summary.csv; do
  [[ -s "$WORK/fresh/$f" ]] || fail "fresh run did not write $f"
done

# 1. Kill -9 after at least 3 tasks were committed (each task sleeps 150 ms).
DPRL_TOY_SLEEP_MS=150 "$TOY" --scale=smoke --seeds=3 "--out=$WORK/killed" 2>"$WORK/killed1.err" &
pid=$!
for _ in $(seq 1 400); do
  [[ "$(task_files "$WORK/killed")" -ge 3 ]] && break
  sleep 0.05
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
done_before="$(task_files "$WORK/killed")"
[[ "$done_before" -ge 3 && "$done_before" -lt 18 ]] ||
  fail "kill came at the wrong time ($done_before task files)"
[[ ! -e "$WORK/killed/toy.h5" ]] || fail "killed run left a results file"
run "--out=$WORK/killed" 2>"$WORK/killed2.err" || { cat "$WORK/killed2.err"; fail "resume failed"; }
grep -q "18 tasks (6 configs x 3 seeds, scale smoke) on 1 rank(s) x [0-9]* thread(s); $done_before already done" \
  "$WORK/killed2.err" || { cat "$WORK/killed2.err"; fail "resume did not skip $done_before tasks"; }
same_results "$WORK/fresh/toy.h5" "$WORK/killed/toy.h5"

# 2. Delete some task files and leave a partial temp file, as a crash during a write would.
run "--out=$WORK/deleted" 2>/dev/null || fail "second fresh run failed"
rm "$WORK/deleted/tasks/chain_ucb/seed_0.h5" "$WORK/deleted/tasks/grid_pucb_eps=2/seed_2.h5" \
  "$WORK/deleted/tasks/grid_pucb_eps=2/seed_1.h5" "$WORK/deleted/toy.h5"
printf 'partial' >"$WORK/deleted/tasks/chain_ucb/.seed_0.h5.tmp.4242"
run "--out=$WORK/deleted" 2>"$WORK/deleted.err" || { cat "$WORK/deleted.err"; fail "rerun failed"; }
grep -q "; 15 already done" "$WORK/deleted.err" || { cat "$WORK/deleted.err"; fail "not 15 skipped"; }
[[ ! -e "$WORK/deleted/tasks/chain_ucb/.seed_0.h5.tmp.4242" ]] || fail "stale temp file kept"
same_results "$WORK/fresh/toy.h5" "$WORK/deleted/toy.h5"

# 3. Rerunning a finished run recomputes nothing and rewrites the same bytes.
cp "$WORK/deleted/toy.h5" "$WORK/before.h5"
run "--out=$WORK/deleted" 2>"$WORK/again.err" || fail "rerun of a finished run failed"
grep -q "; 18 already done" "$WORK/again.err" || { cat "$WORK/again.err"; fail "tasks recomputed"; }
cmp -s "$WORK/before.h5" "$WORK/deleted/toy.h5" || fail "same run, different bytes"

# 4. More seeds later: the first seeds are reused, the result equals a direct 3-seed run.
"$TOY" --scale=smoke --seeds=2 "--out=$WORK/grow" 2>/dev/null || fail "2-seed run failed"
run "--out=$WORK/grow" 2>"$WORK/grow.err" || fail "3-seed rerun failed"
grep -q "; 12 already done" "$WORK/grow.err" || { cat "$WORK/grow.err"; fail "seeds not reused"; }
same_results "$WORK/fresh/toy.h5" "$WORK/grow/toy.h5"

# 5. A different master seed really changes the data (the comparison can fail).
"$TOY" --scale=smoke --seeds=3 --master_seed=1 "--out=$WORK/other" 2>/dev/null || fail "run failed"
if "$PYTHON" "$COMPARE" "$WORK/fresh/toy.h5" "$WORK/other/toy.h5" 2>/dev/null; then
  fail "different master seeds gave identical results"
fi

echo PASS
