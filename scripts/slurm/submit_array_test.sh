#!/usr/bin/env bash
# scripts/slurm/submit_array.sh with sbatch replaced by a bash stand-in that runs the array's
# tasks side by side (as Slurm would, each with its SLURM_ARRAY_TASK_ID) and then, when every
# one succeeded (afterok), the merge job: 3 shards of vietri_fig at --scale=smoke give a results
# file identical to a single run. A failing array task keeps the merge job from running; the
# failed task resubmitted alone, then the merge, completes the run. reproduce_all --slurm_array
# prints the same submission for every experiment. Bad input to the scripts is one line and exit 2.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
SUBMIT="$RUNFILES/scripts/slurm/submit_array.sh"
SCRIPT="$RUNFILES/scripts/slurm/reproduce_all.sbatch"
FIG="$RUNFILES/experiments/vietri_fig"
[[ -f "$SUBMIT" && -f "$SCRIPT" && -x "$FIG" ]] || fail "scripts or vietri_fig not found under $RUNFILES"
use_clean_scratch_repository

# The stand-in: sbatch [--parsable] [--array=A-B] [--dependency=afterok:J] [other options]
# SCRIPT ARGS...; prints the new job id, runs the job at once with bash (array tasks in the
# background, all waited for) and records its exit status; a job whose afterok dependency failed
# never runs (Slurm keeps it pending: DependencyNeverSatisfied).
STATE="$WORK/sbatch_state"
mkdir -p "$STATE"
cat >"$WORK/fake_sbatch" <<'FAKE'
#!/usr/bin/env bash
array="" dependency=""
while [[ "$1" == -* ]]; do
  case "$1" in
    --array=*) array="${1#--array=}" ;;
    --dependency=*) dependency="${1#--dependency=}" ;;
  esac
  echo "$1" >>"$STATE/options"
  shift
done
script="$1"
shift
job=$(($(cat "$STATE/next" 2>/dev/null || echo 100) + 1))
echo "$job" >"$STATE/next"
echo "$job;testcluster"
if [[ -n "$dependency" ]]; then
  [[ "$(cat "$STATE/${dependency#afterok:}.rc")" == 0 ]] || { echo never >"$STATE/$job.rc"; exit 0; }
fi
if [[ -n "$array" ]]; then
  pids=()
  for id in $(seq "${array%-*}" "${array#*-}"); do
    bin_dir="$DPRL_BIN_DIR"
    [[ "$id" == "${FAIL_TASK:-}" ]] && bin_dir=/nonexistent
    SLURM_JOB_ID="${job}_$id" SLURM_ARRAY_JOB_ID="$job" SLURM_ARRAY_TASK_ID="$id" \
      DPRL_BIN_DIR="$bin_dir" bash "$script" "$@" >"$STATE/${job}_$id.out" 2>&1 &
    pids+=($!)
  done
  rc=0
  for pid in "${pids[@]}"; do wait "$pid" || rc=1; done
else
  SLURM_JOB_ID="$job" bash "$script" "$@" >"$STATE/$job.out" 2>&1
  rc=$?
fi
echo "$rc" >"$STATE/$job.rc"
FAKE
chmod +x "$WORK/fake_sbatch"
export STATE DPRL_SBATCH="$WORK/fake_sbatch" DPRL_BIN_DIR="$RUNFILES/experiments"
export DPRL_ROOT="$WORK/root"
mkdir -p "$DPRL_ROOT" "$WORK/elsewhere"
cd "$WORK/elsewhere" || fail "cd"

# Reference: one single run.
"$FIG" --scale=smoke --threads=1 "--out=$WORK/single" 2>"$WORK/single.err" ||
  { cat "$WORK/single.err"; fail "single run failed"; }

# 1. Three shards side by side, then the merge (each shard on the job's cores, without --threads:
# $SLURM_CPUS_PER_TASK).
SLURM_CPUS_PER_TASK=1 bash "$SUBMIT" 3 vietri_fig --scale=smoke >"$WORK/submit.out" 2>"$WORK/submit.err" ||
  { cat "$WORK/submit.err"; fail "submit failed"; }
grep -qF "submit_array.sh: shards: job array 101 (tasks 0-2); merge: job 102 (after every shard succeeded)" \
  "$WORK/submit.out" || { cat "$WORK/submit.out"; fail "job ids not reported"; }
grep -qx -- "--array=0-2" "$STATE/options" && grep -qx -- "--dependency=afterok:101" "$STATE/options" ||
  { cat "$STATE/options"; fail "sbatch options"; }
for id in 0 1 2; do
  [[ "$(cat "$STATE/101.rc")" == 0 ]] || { cat "$STATE"/101_*.out; fail "array job failed"; }
  grep -qF "array mode, shard $((id + 1))/3 of vietri_fig into $DPRL_ROOT/results" "$STATE/101_$id.out" &&
    grep -q "vietri_fig: shard $((id + 1))/3: .* task(s) are done" "$STATE/101_$id.out" &&
    grep -q "vietri_fig: shard $((id + 1))/3: .* on 1 rank(s) x 1 thread(s)" "$STATE/101_$id.out" ||
    { cat "$STATE/101_$id.out"; fail "array task $id did not run shard $((id + 1))/3"; }
done
[[ "$(cat "$STATE/102.rc")" == 0 ]] || { cat "$STATE/102.out"; fail "merge job failed"; }
grep -qF "array mode, merge of vietri_fig" "$STATE/102.out" || { cat "$STATE/102.out"; fail "merge job"; }
same_results "$WORK/single/vietri_fig.h5" "$DPRL_ROOT/results/vietri_fig/vietri_fig.h5"
[[ -s "$DPRL_ROOT/results/vietri_fig/vietri_fig.png" ]] || fail "the merge job ran no analysis"
[[ -z "$(ls -A "$WORK/elsewhere")" ]] || fail "the jobs wrote into the submission directory"
# Each shard process's own Open MPI session directory (mpi_session.h: singletons starting together
# on one node would otherwise race to create a shared one) is gone once the process has ended.
[[ -z "$(compgen -G "${TMPDIR:-/tmp}/dprl-ompi-*")" ]] || fail "Open MPI session bases left behind"

# 2. A failing array task (the stand-in starts task 1 with a missing binary directory, as a lost
# node would fail it): the merge job never runs, a merge by hand names the missing tasks; the
# failed task resubmitted alone, then the merge, completes the run.
results="$WORK/results2"
FAIL_TASK=1 bash "$SUBMIT" 3 vietri_fig --scale=smoke --threads=1 "--results=$results" \
  >"$WORK/submit2.out" 2>&1 || { cat "$WORK/submit2.out"; fail "second submission failed"; }
[[ "$(cat "$STATE/103.rc")" == 1 && "$(cat "$STATE/104.rc")" == never ]] ||
  { cat "$STATE"/103_*.out; fail "a failed shard must keep the merge job from running"; }
[[ ! -e "$results/vietri_fig/vietri_fig.h5" ]] || fail "results file without shard 2"
if DPRL_EXPERIMENTS=vietri_fig DPRL_MERGE_ONLY=1 bash "$SCRIPT" --scale=smoke "--results=$results" \
  2>"$WORK/early_merge.err"; then
  fail "a merge with shard 2/3 missing succeeded"
fi
grep -qE "vietri_fig: error: --merge_only: [0-9]+ of 24 tasks have no task file: config '" \
  "$WORK/early_merge.err" || { cat "$WORK/early_merge.err"; fail "early merge: missing tasks not named"; }
[[ ! -e "$results/vietri_fig/vietri_fig.h5" ]] || fail "a refused merge wrote a results file"
DPRL_EXPERIMENTS=vietri_fig DPRL_SHARDS=3 "$DPRL_SBATCH" --array=1-1 "$SCRIPT" --scale=smoke \
  --threads=1 "--results=$results" >/dev/null || fail "resubmission of task 1"
grep -q "vietri_fig: shard 2/3: " "$STATE/105_1.out" && [[ "$(cat "$STATE/105.rc")" == 0 ]] ||
  { cat "$STATE/105_1.out"; fail "the resubmitted task did not run shard 2/3"; }
DPRL_EXPERIMENTS=vietri_fig DPRL_MERGE_ONLY=1 "$DPRL_SBATCH" --dependency=afterok:105 "$SCRIPT" \
  --scale=smoke --threads=1 "--results=$results" >/dev/null || fail "merge submission"
[[ "$(cat "$STATE/106.rc")" == 0 ]] || { cat "$STATE/106.out"; fail "the second merge failed"; }
same_results "$WORK/single/vietri_fig.h5" "$results/vietri_fig/vietri_fig.h5"

# 3. reproduce_all --slurm_array=2 prints one submission per registered experiment; the printed
# script, run through the stand-in, leaves every results file complete, so reproduce_all without
# --slurm_array only redoes figures and claims and writes REPORT.md.
REPRODUCE="$RUNFILES/experiments/reproduce_all"
mkdir -p "$DPRL_ROOT/scripts/slurm" && cp "$SUBMIT" "$SCRIPT" "$DPRL_ROOT/scripts/slurm/" ||
  fail "cannot copy the scripts into DPRL_ROOT"
results="$WORK/results3"
"$REPRODUCE" --slurm_array=2 --scale=smoke --threads=1 "--results=$results" >"$WORK/array.sh" \
  2>"$WORK/array.err" || { cat "$WORK/array.err"; fail "reproduce_all --slurm_array=2 failed"; }
mapfile -t names < <(awk '/^"\$DPRL_ROOT\/scripts\/slurm\/submit_array.sh" 2 / {print $3}' "$WORK/array.sh")
[[ " ${names[*]} " == *" vietri_fig "* && "${#names[@]}" == "$(grep -c . <(grep '^"' "$WORK/array.sh"))" ]] ||
  { cat "$WORK/array.sh"; fail "the printed script does not submit every experiment"; }
bash "$WORK/array.sh" >"$WORK/array.out" 2>&1 || { cat "$WORK/array.out"; fail "the printed script failed"; }
for name in "${names[@]}"; do
  [[ -s "$results/$name/$name.h5" ]] || { cat "$STATE"/*.out; fail "no results file of $name"; }
done
"$REPRODUCE" --scale=smoke --threads=1 "--results=$results" 2>"$WORK/after_array.err" ||
  { cat "$WORK/after_array.err"; fail "reproduce_all after the arrays failed"; }
steps=$(grep -cE '^reproduce_all: [a-z0-9_]+$' "$WORK/after_array.err")  # the experiments + claims
[[ "$((steps - 1))" == "${#names[@]}" &&
  "$(grep -c "already holds the results of this run; not merging again" "$WORK/after_array.err")" == \
  "${#names[@]}" && -s "$results/REPORT.md" ]] ||
  { cat "$WORK/after_array.err"; fail "reproduce_all recomputed after the arrays, or wrote no REPORT.md"; }

# 4. Bad input: one line, exit 2.
expect_exit2() {  # EXPECTED_SUBSTRING COMMAND...
  local expected="$1"
  shift
  "$@" >/dev/null 2>"$WORK/bad.err"
  local rc=$?
  [[ "$rc" == 2 && "$(wc -l <"$WORK/bad.err")" == 1 ]] && grep -qF -- "$expected" "$WORK/bad.err" ||
    { cat "$WORK/bad.err"; fail "$* (exit $rc)"; }
}
expect_exit2 "--slurm_array: '0' is not an integer in [1, 1000000]" "$REPRODUCE" --slurm_array=0
expect_exit2 "--slurm_array prints a submission script and runs nothing: drop --dry_run" \
  "$REPRODUCE" --slurm_array=2 --dry_run
expect_exit2 "N must be an integer in [1, 1000000], got '0'" bash "$SUBMIT" 0 vietri_fig
expect_exit2 "N must be an integer in [1, 1000000], got 'x'" bash "$SUBMIT" x vietri_fig
expect_exit2 "usage: submit_array.sh N EXPERIMENT" bash "$SUBMIT" 3
expect_exit2 "set DPRL_SHARDS to the number of shards" \
  env DPRL_EXPERIMENTS=vietri_fig SLURM_ARRAY_TASK_ID=0 bash "$SCRIPT" --scale=smoke
expect_exit2 "SLURM_ARRAY_TASK_ID must be in [0, 2]" \
  env DPRL_EXPERIMENTS=vietri_fig DPRL_SHARDS=3 SLURM_ARRAY_TASK_ID=3 bash "$SCRIPT" --scale=smoke
expect_exit2 "array mode sets --shard and --merge_only itself" \
  env DPRL_EXPERIMENTS=vietri_fig DPRL_SHARDS=3 SLURM_ARRAY_TASK_ID=0 bash "$SCRIPT" --shard=1/2
expect_exit2 "is not built" \
  env DPRL_EXPERIMENTS=no_such_fig DPRL_SHARDS=3 SLURM_ARRAY_TASK_ID=0 bash "$SCRIPT" --scale=smoke
echo PASS
