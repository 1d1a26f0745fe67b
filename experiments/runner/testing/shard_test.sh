#!/usr/bin/env bash
# --shard=I/N and --merge_only: three shards run as separate processes side by side into one
# --out (the output lock lets distinct shards share it, but refuses the same shard twice and a
# whole run while shards hold it), then the merge, give a results file identical to a single
# run; a merge with a shard missing names the missing tasks, exits 1 and creates no results
# file; a shard rerun skips its finished tasks; a shard reuses only its own tasks of a results
# file with fewer seeds; bad --shard values are one line naming the flag, exit 2, nothing created.
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
use_clean_scratch_repository

run() { "$TOY" --scale=smoke --seeds=3 --threads=1 "$@"; }
task_files() { find "$1/tasks" -name 'seed_*.h5' 2>/dev/null | wc -l; }
# shard_tasks ERR: the number of tasks the shard's header line says it owns.
shard_tasks() { sed -n 's/.*: shard [0-9]*\/[0-9]*: \([0-9]*\) of .*/\1/p' "$1"; }

# Reference: one single run (6 configs x 3 seeds = 18 tasks).
run "--out=$WORK/single" 2>"$WORK/single.err" || { cat "$WORK/single.err"; fail "single run failed"; }

# 1. Three shards side by side (every task waits for the file $WORK/release, so they are surely
# running during the checks below; the test then creates it).
out="$WORK/sharded"
pids=()
for i in 1 2 3; do
  DPRL_TOY_HOLD_FILE="$WORK/release" "$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$out" "--shard=$i/3" \
    2>"$WORK/shard$i.err" &
  pids+=($!)
done
# While they run: the same shard again, and a whole run or a merge, are refused at once.
for _ in $(seq 1 3000); do
  grep -q "shard 1/3: " "$WORK/shard1.err" 2>/dev/null && break
  sleep 0.02
done
if run "--out=$out" --shard=1/3 2>"$WORK/again1.err"; then fail "shard 1/3 ran twice at once"; fi
grep -qF "toy: error: --out=$out: shard 1/3 is already running there (pid ${pids[0]} holds a lock); wait for it to finish" \
  "$WORK/again1.err" && [[ "$(wc -l <"$WORK/again1.err")" == 1 ]] ||
  { cat "$WORK/again1.err"; fail "second shard 1/3: wrong message"; }
for mode in "" --merge_only; do
  if run "--out=$out" $mode 2>"$WORK/whole.err"; then fail "a whole run '$mode' ran beside shards"; fi
  grep -qF "toy: error: --out=$out is in use by --shard runs (pid " "$WORK/whole.err" &&
    grep -qF "holds a lock); wait for every shard to finish, or use another --out" "$WORK/whole.err" &&
    [[ "$(wc -l <"$WORK/whole.err")" == 1 ]] ||
    { cat "$WORK/whole.err"; fail "whole run '$mode' beside shards: wrong message"; }
done
touch "$WORK/release"
for i in 1 2 3; do
  wait "${pids[$((i - 1))]}" || { cat "$WORK/shard$i.err"; fail "shard $i/3 failed"; }
  grep -q "toy: shard $i/3: its [0-9]* task(s) are done in $out/tasks" "$WORK/shard$i.err" ||
    { cat "$WORK/shard$i.err"; fail "shard $i/3: no closing line"; }
done
owned=$(($(shard_tasks "$WORK/shard1.err") + $(shard_tasks "$WORK/shard2.err") + $(shard_tasks "$WORK/shard3.err")))
[[ "$owned" == 18 ]] || { cat "$WORK"/shard?.err; fail "the shards own $owned tasks, not 18"; }
for i in 1 2 3; do
  [[ "$(shard_tasks "$WORK/shard$i.err")" -ge 1 ]] || fail "shard $i/3 got no task"
done
[[ "$(task_files "$out")" == 18 && ! -e "$out/toy.h5" && ! -e "$out/toy.png" ]] ||
  fail "shards must write 18 task files and neither merge nor analyse"

# 2. The merge: identical to the single run; task files removed, analysis run.
run "--out=$out" --merge_only 2>"$WORK/merge.err" || { cat "$WORK/merge.err"; fail "merge failed"; }
grep -q "; 18 already done" "$WORK/merge.err" || { cat "$WORK/merge.err"; fail "merge computed tasks"; }
same_results "$WORK/single/toy.h5" "$out/toy.h5"
[[ "$(task_files "$out")" == 0 && -s "$out/toy.png" && -s "$out/toy_summary.csv" ]] ||
  fail "merge: task files left or no analysis"
cmp -s "$WORK/single/toy_summary.csv" "$out/toy_summary.csv" || fail "summary CSV differs"
# Merging again, or a shard after the merge, finds the results file complete.
cp "$out/toy.h5" "$WORK/merged.h5"
run "--out=$out" --merge_only 2>"$WORK/merge2.err" || { cat "$WORK/merge2.err"; fail "second merge failed"; }
grep -q "already holds the results of this run; not merging again" "$WORK/merge2.err" ||
  { cat "$WORK/merge2.err"; fail "second merge merged again"; }
run "--out=$out" --shard=2/3 2>"$WORK/late.err" || { cat "$WORK/late.err"; fail "late shard failed"; }
grep -q "shard 2/3: .* already holds the results of this run; nothing to do" "$WORK/late.err" ||
  { cat "$WORK/late.err"; fail "late shard: wrong message"; }
cmp -s "$WORK/merged.h5" "$out/toy.h5" || fail "merging again changed the results file"

# 3. A missing shard: the merge names the missing tasks (exactly shard 3's), exits 1, one line,
# creates no results file and keeps the task files; then shard 3 completes the run.
out="$WORK/partial"
run "--out=$out" --shard=1/3 2>/dev/null && run "--out=$out" --shard=2/3 2>/dev/null ||
  fail "shards 1, 2 failed"
before="$(task_files "$out")"
missing=$((18 - before))
if run "--out=$out" --merge_only 2>"$WORK/missing.err"; then fail "merge with a shard missing ran"; fi
[[ "$(wc -l <"$WORK/missing.err")" == 1 ]] || { cat "$WORK/missing.err"; fail "missing: not one line"; }
grep -qF "toy: error: --merge_only: $missing of 18 tasks have no task file: config '" "$WORK/missing.err" &&
  grep -qF "in $out/tasks; run the shards that compute them" "$WORK/missing.err" ||
  { cat "$WORK/missing.err"; fail "missing: wrong message"; }
# Every missing task is named: config by config, the seeds without a task file.
for dir in "$out"/tasks/*/; do
  group="$(basename "$dir")"
  for k in 0 1 2; do
    if [[ ! -e "$dir/seed_$k.h5" ]]; then
      grep -qE "config '$group' seeds? ([0-9], )*$k[;, ]" "$WORK/missing.err" ||
        { cat "$WORK/missing.err"; fail "missing: task ($group, seed $k) not named"; }
    fi
  done
done
[[ ! -e "$out/toy.h5" && "$(task_files "$out")" == "$before" ]] ||
  fail "a refused merge created a results file or removed task files"
run "--out=$out" --shard=3/3 2>/dev/null || fail "shard 3 failed"
run "--out=$out" --merge_only 2>/dev/null || fail "merge after shard 3 failed"
same_results "$WORK/single/toy.h5" "$out/toy.h5"

# 4. A shard rerun skips its finished tasks (here: all but one deleted task file).
out="$WORK/rerun"
run "--out=$out" --shard=2/3 2>"$WORK/rerun1.err" || fail "shard 2/3 failed"
owned="$(shard_tasks "$WORK/rerun1.err")"
rm "$(find "$out/tasks" -name 'seed_*.h5' | sort | head -1)"
run "--out=$out" --shard=2/3 2>"$WORK/rerun2.err" || { cat "$WORK/rerun2.err"; fail "shard rerun failed"; }
grep -q "shard 2/3: $owned of 18 tasks .*; $((owned - 1)) already done" "$WORK/rerun2.err" ||
  { cat "$WORK/rerun2.err"; fail "the rerun did not skip $((owned - 1)) finished tasks"; }
[[ "$(task_files "$out")" == "$owned" ]] || fail "rerun: not $owned task files"

# 5. More seeds over a merged 3-seed results file: each shard takes back only its own tasks of
# the 3 seeds and computes its part of the 4th; merged, the same as a single 4-seed run.
"$TOY" --scale=smoke --seeds=4 --threads=1 "--out=$WORK/single4" 2>/dev/null || fail "4-seed run failed"
out="$WORK/sharded"
for i in 1 2 3; do
  "$TOY" --scale=smoke --seeds=4 --threads=1 "--out=$out" "--shard=$i/3" 2>"$WORK/grow$i.err" ||
    { cat "$WORK/grow$i.err"; fail "4-seed shard $i failed"; }
  reused="$(sed -n 's/.*reusing \([0-9]*\) task(s) of the 3-seed results.*/\1/p' "$WORK/grow$i.err")"
  [[ -n "$reused" && "$reused" -lt 18 ]] || { cat "$WORK/grow$i.err"; fail "shard $i reused '$reused' tasks"; }
done
"$TOY" --scale=smoke --seeds=4 --threads=1 "--out=$out" --merge_only 2>"$WORK/grow.err" ||
  { cat "$WORK/grow.err"; fail "4-seed merge failed"; }
same_results "$WORK/single4/toy.h5" "$out/toy.h5"

# 6. Bad --shard values: one line naming the flag, exit 2, nothing created.
for spec in 0/3 4/3 1/0 -1/2 junk 2/ 1/2/3; do
  rm -rf "$WORK/never"
  "$TOY" --scale=smoke "--out=$WORK/never" "--shard=$spec" >/dev/null 2>"$WORK/bad.err"
  rc=$?
  [[ "$rc" == 2 && "$(wc -l <"$WORK/bad.err")" == 1 ]] || { cat "$WORK/bad.err"; fail "--shard=$spec: exit $rc"; }
  grep -qF "toy: error: --shard=$spec: " "$WORK/bad.err" || { cat "$WORK/bad.err"; fail "--shard=$spec: message"; }
  [[ ! -e "$WORK/never" ]] || fail "--shard=$spec created --out"
done
"$TOY" --scale=smoke "--out=$WORK/never" --shard=1/2 --merge_only 2>"$WORK/both.err"
[[ $? == 2 ]] && grep -qF "exclude each other" "$WORK/both.err" || { cat "$WORK/both.err"; fail "--shard with --merge_only"; }
# --dry_run with --shard says which part of the task list the shard runs.
"$TOY" --scale=smoke --seeds=3 --dry_run --shard=2/3 >"$WORK/dry.out" 2>&1 || fail "--dry_run --shard failed"
grep -q "^--shard=2/3 runs [0-9]* of these 18 tasks" "$WORK/dry.out" || { cat "$WORK/dry.out"; fail "dry run"; }
echo PASS
