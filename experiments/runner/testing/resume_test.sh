#!/usr/bin/env bash
# Atomic commit and resume: a run killed with SIGKILL mid-way, or with task files deleted and a
# stale partial temp file left behind, ends (after rerunning the same command) with results
# bit-identical to an uninterrupted run; a rerun with more seeds reuses the finished ones. Task
# files record the code version (git commit, uncommitted changes), and resuming from a task file
# of another code version is refused unless --allow_code_change=true. Sections 1-6 keep the task
# files (--keep_task_files=true); section 7 checks the default, which removes them after the merge.

source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
use_clean_scratch_repository

run() { "$TOY" --scale=smoke --seeds=3 --keep_task_files=true "$@"; }
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
"$TOY" --scale=smoke --seeds=2 --keep_task_files=true "--out=$WORK/grow" 2>/dev/null ||
  fail "2-seed run failed"
run "--out=$WORK/grow" 2>"$WORK/grow.err" || fail "3-seed rerun failed"
grep -q "; 12 already done" "$WORK/grow.err" || { cat "$WORK/grow.err"; fail "seeds not reused"; }
same_results "$WORK/fresh/toy.h5" "$WORK/grow/toy.h5"

# 4a. One output directory, one run: a second run into the --out of a running one exits at
# once with one line naming the holder's pid and host; the first run is unharmed.
DPRL_TOY_SLEEP_MS=300 "$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/locked" \
  2>"$WORK/locked1.err" &
holder=$!
for _ in $(seq 1 500); do
  grep -q "^pid $holder host " "$WORK/locked/.dprl_lock" 2>/dev/null && break
  sleep 0.02
done
if "$TOY" --scale=smoke --seeds=3 "--out=$WORK/locked" 2>"$WORK/locked2.err"; then
  fail "a second run into a locked --out ran"
fi
grep -qF "toy: error: --out=$WORK/locked is in use by another run (pid $holder on host $(hostname)); wait for it to finish or use another --out" \
  "$WORK/locked2.err" && [[ "$(wc -l <"$WORK/locked2.err")" == 1 ]] ||
  { cat "$WORK/locked2.err"; fail "second run: wrong message"; }
wait "$holder" || { cat "$WORK/locked1.err"; fail "the first run failed"; }
same_results "$WORK/fresh/toy.h5" "$WORK/locked/toy.h5"

# 5. A different master seed really changes the data (the comparison can fail).
"$TOY" --scale=smoke --seeds=3 --master_seed=1 "--out=$WORK/other" 2>/dev/null || fail "run failed"
if "$PYTHON" "$COMPARE" "$WORK/fresh/toy.h5" "$WORK/other/toy.h5" 2>/dev/null; then
  fail "different master seeds gave identical results"
fi

# 6. Code version. The runner asks git in $BUILD_WORKSPACE_DIRECTORY: a scratch repository makes
# the commit and the uncommitted-changes flag known inside the test sandbox.
command -v git >/dev/null || fail "git not found"
repo="$WORK/repo"
git init -q "$repo" && echo a >"$repo/file" && git -C "$repo" add file &&
  git -C "$repo" -c user.name=t -c user.email=t@t commit -qm one || fail "cannot make a git repo"
commit1="$(git -C "$repo" rev-parse HEAD)"
in_repo() { BUILD_WORKSPACE_DIRECTORY="$repo" "$TOY" --scale=smoke --seeds=3 --keep_task_files=true "$@"; }
in_repo "--out=$WORK/code" 2>/dev/null || fail "run in the scratch repository failed"
"$PYTHON" - "$WORK/code" "$commit1" <<'PY' || fail "task files do not record the code version"
import glob, sys, h5py
out, commit = sys.argv[1:]
files = glob.glob(out + "/tasks/*/seed_*.h5")
assert len(files) == 18, files
for path in files:
    with h5py.File(path, "r") as f:
        assert f.attrs["git_commit"] == commit, (path, f.attrs["git_commit"])
        assert f.attrs["git_dirty"] == 0, path
with h5py.File(out + "/toy.h5", "r") as f:
    assert f.attrs["git_commit"] == commit
PY
cp "$WORK/code/toy.h5" "$WORK/code_reference.h5"
task="$WORK/code/tasks/chain_ucb/seed_1.h5"
rm "$WORK/code/tasks/grid_ucb/seed_0.h5" "$WORK/code/toy.h5"
# 6a. A new commit: refused, naming the task file and both commits; nothing is written.
echo b >"$repo/file"
git -C "$repo" -c user.name=t -c user.email=t@t commit -qam two || fail "second commit failed"
commit2="$(git -C "$repo" rev-parse HEAD)"
if in_repo "--out=$WORK/code" 2>"$WORK/code.err"; then fail "code change accepted"; fi
[[ "$(wc -l <"$WORK/code.err")" -eq 1 ]] || { cat "$WORK/code.err"; fail "not one error line"; }
grep -qF "toy: error: existing task file '$WORK/code/tasks/" "$WORK/code.err" &&
  grep -qF "was written by code at commit $commit1 but this run is at commit $commit2;" \
    "$WORK/code.err" && grep -qF "or pass --allow_code_change=true" "$WORK/code.err" ||
  { cat "$WORK/code.err"; fail "code change: wrong message"; }
[[ ! -e "$WORK/code/toy.h5" && ! -e "$WORK/code/tasks/grid_ucb/seed_0.h5" ]] ||
  fail "refused run wrote files"
# 6b. Back at the first commit with uncommitted changes: refused too.
git -C "$repo" checkout -q "$commit1" && echo c >"$repo/file" || fail "cannot dirty the repo"
if in_repo "--out=$WORK/code" 2>"$WORK/dirty.err"; then fail "dirty tree accepted"; fi
grep -qF "at commit $commit1 but this run is at commit $commit1 with uncommitted changes;" \
  "$WORK/dirty.err" || { cat "$WORK/dirty.err"; fail "dirty tree: wrong message"; }
# 6c. --allow_code_change=true reuses the 17 task files; the new one records the dirty tree.
in_repo "--out=$WORK/code" --allow_code_change=true 2>"$WORK/allow.err" ||
  { cat "$WORK/allow.err"; fail "--allow_code_change=true refused"; }
grep -q "; 17 already done" "$WORK/allow.err" || { cat "$WORK/allow.err"; fail "not 17 reused"; }
grep -qF "toy: warning: reusing 17 task file(s) written by another code version" \
  "$WORK/allow.err" || { cat "$WORK/allow.err"; fail "no warning"; }
same_results "$WORK/code_reference.h5" "$WORK/code/toy.h5"
"$PYTHON" - "$WORK/code/tasks/grid_ucb/seed_0.h5" "$task" <<'PY' || fail "new task file's version"
import sys, h5py
new, old = (h5py.File(p, "r") for p in sys.argv[1:])
assert new.attrs["git_dirty"] == 1 and old.attrs["git_dirty"] == 0
assert new.attrs["git_commit"] == old.attrs["git_commit"]
PY

# 7. Default: task files are removed after the merge. Rerunning the same run finds the results
# file complete (nothing recomputed, not merged again, same bytes, the analysis rerun); a run with
# other settings recomputes every task and replaces the results file.
"$TOY" --scale=smoke --seeds=3 "--out=$WORK/clean" 2>"$WORK/clean.err" ||
  { cat "$WORK/clean.err"; fail "default run failed"; }
[[ ! -e "$WORK/clean/tasks" ]] || { find "$WORK/clean/tasks"; fail "task files not removed"; }
same_results "$WORK/fresh/toy.h5" "$WORK/clean/toy.h5"
cp "$WORK/clean/toy.h5" "$WORK/clean_before.h5"
rm "$WORK/clean/toy.png"
"$TOY" --scale=smoke --seeds=3 "--out=$WORK/clean" 2>"$WORK/clean2.err" ||
  { cat "$WORK/clean2.err"; fail "rerun after the merge failed"; }
grep -q "; 18 already done" "$WORK/clean2.err" &&
  grep -qF "toy.h5 already holds the results of this run; not merging again" "$WORK/clean2.err" ||
  { cat "$WORK/clean2.err"; fail "rerun after the merge recomputed"; }
cmp -s "$WORK/clean_before.h5" "$WORK/clean/toy.h5" || fail "rerun after the merge changed bytes"
[[ -s "$WORK/clean/toy.png" && ! -e "$WORK/clean/tasks" ]] || fail "rerun: no analysis, or tasks"
# Fewer seeds: a rerun never shrinks a results file; the 3-seed file is kept as it is.
"$TOY" --scale=smoke --seeds=2 "--out=$WORK/clean" 2>"$WORK/clean3.err" ||
  { cat "$WORK/clean3.err"; fail "2-seed run after the merge failed"; }
grep -q "holds 3 seeds of this run, more than --seeds=2; keeping it with all 3 seeds" \
  "$WORK/clean3.err" && grep -q "; 18 already done" "$WORK/clean3.err" ||
  { cat "$WORK/clean3.err"; fail "the 3-seed results not kept whole"; }
cmp -s "$WORK/clean_before.h5" "$WORK/clean/toy.h5" || fail "a 2-seed rerun changed the 3-seed file"
# More seeds (--seeds=3 after 2): the 2 finished seeds are reused, only the third is computed.
"$TOY" --scale=smoke --seeds=2 "--out=$WORK/two" 2>/dev/null || fail "direct 2-seed run failed"
cp "$WORK/two/toy.h5" "$WORK/clean/toy.h5"
"$TOY" --scale=smoke --seeds=3 "--out=$WORK/clean" 2>"$WORK/clean4.err" ||
  { cat "$WORK/clean4.err"; fail "3-seed run after the 2-seed merge failed"; }
grep -q "reusing 12 task(s) of the 2-seed results" "$WORK/clean4.err" &&
  grep -q "; 12 already done" "$WORK/clean4.err" ||
  { cat "$WORK/clean4.err"; fail "finished seeds not reused"; }
same_results "$WORK/fresh/toy.h5" "$WORK/clean/toy.h5"
# Other settings: refused with the differing fields, nothing changed; --overwrite=true replaces.
cp "$WORK/clean/toy.h5" "$WORK/clean_before.h5"
if "$TOY" --scale=smoke --seeds=3 --master_seed=5 --set=episodes=7 "--out=$WORK/clean" \
  2>"$WORK/clean5.err"; then
  fail "a run with other settings replaced the results silently"
fi
grep -qF "existing results file '$WORK/clean/toy.h5' holds a run with other settings (master_seed 20201 -> 5; episodes " \
  "$WORK/clean5.err" && grep -qF -- "pass --overwrite=true to replace it" "$WORK/clean5.err" &&
  [[ "$(wc -l <"$WORK/clean5.err")" == 1 ]] || { cat "$WORK/clean5.err"; fail "other settings: message"; }
cmp -s "$WORK/clean_before.h5" "$WORK/clean/toy.h5" || fail "refused run changed the results"
"$TOY" --scale=smoke --seeds=3 --master_seed=5 --set=episodes=7 --overwrite=true \
  "--out=$WORK/clean" 2>"$WORK/clean6.err" || { cat "$WORK/clean6.err"; fail "--overwrite=true"; }
"$TOY" --scale=smoke --seeds=3 --master_seed=5 --set=episodes=7 "--out=$WORK/other7" 2>/dev/null ||
  fail "direct run with other settings failed"
same_results "$WORK/other7/toy.h5" "$WORK/clean/toy.h5"
# 7a. The results file of another commit: refused (no task files to compare), unless
# --allow_code_change=true, which keeps it and only reruns the analysis.
in_repo_clean() { BUILD_WORKSPACE_DIRECTORY="$repo" "$TOY" --scale=smoke --seeds=3 "$@"; }
git -C "$repo" checkout -q -- file && git -C "$repo" checkout -q "$commit2" || fail "checkout"
in_repo_clean "--out=$WORK/code_clean" 2>/dev/null || fail "run at the second commit failed"
cp "$WORK/code_clean/toy.h5" "$WORK/code_clean_before.h5"
git -C "$repo" checkout -q "$commit1" || fail "checkout of the first commit failed"
if in_repo_clean "--out=$WORK/code_clean" 2>"$WORK/code_clean.err"; then
  fail "results file of another commit accepted"
fi
grep -qF "existing results file '$WORK/code_clean/toy.h5' holds this run's results, written by code at commit $commit2, but this run is at commit $commit1;" \
  "$WORK/code_clean.err" || { cat "$WORK/code_clean.err"; fail "results file: wrong message"; }
in_repo_clean "--out=$WORK/code_clean" --allow_code_change=true 2>"$WORK/code_clean2.err" ||
  { cat "$WORK/code_clean2.err"; fail "--allow_code_change=true refused"; }
grep -qF "toy: warning: reusing 1 results file written by another code version" \
  "$WORK/code_clean2.err" || { cat "$WORK/code_clean2.err"; fail "no warning"; }
cmp -s "$WORK/code_clean_before.h5" "$WORK/code_clean/toy.h5" || fail "kept file changed"
# 7b. More seeds than the results file of another commit holds: refused before anything is
# written (no task file taken out of it is left behind) unless --allow_code_change=true; the file
# merged then records each task's code version (root attribute task_code_versions: the 3 seeds
# of the second commit, the fourth of the first), and a later top-up keeps each task's own.
in_repo_seeds() { BUILD_WORKSPACE_DIRECTORY="$repo" "$TOY" --scale=smoke "$@"; }
if in_repo_seeds --seeds=4 "--out=$WORK/code_clean" 2>"$WORK/code_more.err"; then
  fail "more seeds of a results file of another commit accepted"
fi
grep -qF "toy: error: existing results file '$WORK/code_clean/toy.h5' holds 3 seeds of this run, computed by code at commit $commit2, but this run is at commit $commit1;" \
  "$WORK/code_more.err" && [[ "$(wc -l <"$WORK/code_more.err")" == 1 ]] ||
  { cat "$WORK/code_more.err"; fail "more seeds, other commit: wrong message"; }
[[ ! -e "$WORK/code_clean/tasks" ]] || { find "$WORK/code_clean/tasks"; fail "refused run left task files"; }
cmp -s "$WORK/code_clean_before.h5" "$WORK/code_clean/toy.h5" || fail "refused run changed the file"
# A refusal after the seeds were taken out (here a task file of seed 0 planted as seed 3) removes
# the task files it took out, and only those.
mkdir -p "$WORK/code_clean/tasks/chain_ucb"
cp "$WORK/fresh/tasks/chain_ucb/seed_0.h5" "$WORK/code_clean/tasks/chain_ucb/seed_3.h5"
if in_repo_seeds --seeds=4 "--out=$WORK/code_clean" --allow_code_change=true \
  2>"$WORK/code_planted.err"; then
  fail "a planted task file of another seed accepted"
fi
grep -qF "was written with seed_index=0 but this run has seed_index=3" "$WORK/code_planted.err" ||
  { cat "$WORK/code_planted.err"; fail "planted task file: wrong message"; }
[[ "$(find "$WORK/code_clean/tasks" -type f)" == "$WORK/code_clean/tasks/chain_ucb/seed_3.h5" ]] ||
  { find "$WORK/code_clean/tasks"; fail "the refused run left the task files it took out"; }
rm -r "$WORK/code_clean/tasks"
in_repo_seeds --seeds=4 "--out=$WORK/code_clean" --allow_code_change=true 2>"$WORK/code_more2.err" ||
  { cat "$WORK/code_more2.err"; fail "--allow_code_change=true with more seeds refused"; }
grep -qF "toy: warning: reusing 18 task file(s) written by another code version" \
  "$WORK/code_more2.err" || { cat "$WORK/code_more2.err"; fail "no warning"; }
expect_code_versions() {  # FILE: the expected task_code_versions lines, or none
  "$PYTHON" - "$@" <<'PY' || fail "task_code_versions of $1"
import sys, h5py
path, expected = sys.argv[1], "".join(line + "\n" for line in sys.argv[2:])
with h5py.File(path, "r") as f:
    found = f.attrs.get("task_code_versions")
    assert (found or "") == expected, (path, found, expected)
PY
}
groups=(chain_ucb chain_pucb_eps=0.5 chain_pucb_eps=2 grid_ucb grid_pucb_eps=0.5 grid_pucb_eps=2)
lines=()
for g in "${groups[@]}"; do lines+=("$commit2	0	$g	0-2"); done
for g in "${groups[@]}"; do lines+=("$commit1	0	$g	3"); done
expect_code_versions "$WORK/code_clean/toy.h5" "${lines[@]}"
expect_code_versions "$WORK/fresh/toy.h5"  # one code version: no such attribute
# The mixed file at its own root commit still holds tasks of another: a rerun needs the flag.
if in_repo_seeds --seeds=4 "--out=$WORK/code_clean" 2>"$WORK/code_mixed.err"; then
  fail "a results file holding tasks of another commit accepted"
fi
grep -qF "written by code at commits $commit1 and $commit2, but this run is at commit $commit1;" \
  "$WORK/code_mixed.err" || { cat "$WORK/code_mixed.err"; fail "mixed file: wrong message"; }
in_repo_seeds --seeds=5 "--out=$WORK/code_clean" --allow_code_change=true 2>"$WORK/code_more3.err" ||
  { cat "$WORK/code_more3.err"; fail "a fifth seed refused"; }
lines=()
for g in "${groups[@]}"; do lines+=("$commit2	0	$g	0-2"); done
for g in "${groups[@]}"; do lines+=("$commit1	0	$g	3-4"); done
expect_code_versions "$WORK/code_clean/toy.h5" "${lines[@]}"

echo PASS
