#!/usr/bin/env bash
# A full disk is one clear line: the toy experiment with --out on a tiny tmpfs (mounted in a
# private user + mount namespace: `unshare -rm`) fails with exit code 1, one stderr line saying
# the filesystem is full (no HDF5 diagnostics, no crash at exit), and leaves no temporary or
# partial results file; after space is freed the same command resumes and finishes. The same
# when the disk is already full as a task file or the results file (at merge) is created. Where the
# sandbox does not permit the namespace or the mount, the test says so and skips. Then disks of
# 64 kB, 200 kB, 1 MB and 4 MB (two task threads; vietri_fig's smoke run on 200 kB): success or
# one line, never HDF5 diagnostics, and a results file already there left untouched.
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
FIG="$RUNFILES/experiments/vietri_fig"
[[ -x "$FIG" ]] || fail "vietri_fig not found at $FIG"

if ! command -v unshare >/dev/null ||
  ! unshare -rm sh -c "mount -t tmpfs -o size=64k tmpfs '$WORK'" 2>/dev/null; then
  echo "SKIP: cannot mount a tmpfs here (unshare -rm / mount not permitted in this sandbox)"
  exit 0
fi

# In the namespace: a 1 MB tmpfs as --out's filesystem, the run, then the listing of what it
# left, then (space freed by removing a 900 kB filler) the same command again.
unshare -rm bash -s "$TOY" "$WORK" >"$WORK/inner.out" 2>"$WORK/inner.err" <<'INNER'
TOY="$1"; WORK="$2"
mkdir -p "$WORK/disk" && mount -t tmpfs -o size=1m tmpfs "$WORK/disk" || exit 90
head -c 900000 /dev/zero >"$WORK/disk/filler"
"$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/disk/run" 2>"$WORK/full.err"
echo "rc=$?"
find "$WORK/disk/run" -name '*.tmp.*' -o -name 'toy.h5' | sed 's/^/left: /'
rm -f "$WORK/disk/filler"
"$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/disk/run" 2>"$WORK/resume.err"
echo "resume_rc=$?"
cp "$WORK/disk/run/toy.h5" "$WORK/resumed.h5" 2>/dev/null
rm -rf "$WORK/disk/run"
# A disk that is completely full when a file is created (not only when it is written): first a
# task file (the tasks of every group but grid_ucb are done, then the disk fills up), then the
# results file (every task file there, the results file deleted, the disk filled up).
DPRL_TOY_FAIL_GROUP=grid_ucb "$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/disk/c" \
  2>/dev/null && echo "setup: the failing group did not fail"
head -c 2000000 /dev/zero >"$WORK/disk/fill" 2>/dev/null
"$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/disk/c" 2>"$WORK/create.err"
echo "create_rc=$?"
find "$WORK/disk/c" -name '*.tmp.*' -o -name 'toy.h5' | sed 's/^/left: /'
rm -rf "$WORK/disk/fill" "$WORK/disk/c"
"$TOY" --scale=smoke --seeds=3 --threads=1 --keep_task_files=true "--out=$WORK/disk/m" 2>/dev/null ||
  echo "setup: the merge run failed"
rm -f "$WORK/disk/m/toy."*
head -c 2000000 /dev/zero >"$WORK/disk/fill" 2>/dev/null
"$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/disk/m" 2>"$WORK/merge.err"
echo "merge_rc=$?"
find "$WORK/disk/m" -name '*.tmp.*' -o -name 'toy.h5' | sed 's/^/left: /'
rm -f "$WORK/disk/fill"
"$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/disk/m" 2>/dev/null
echo "merge_resume_rc=$?"
# A disk with no space at all before the run: the lock file cannot be written.
rm -rf "$WORK/disk/m"
head -c 2000000 /dev/zero >"$WORK/disk/fill" 2>/dev/null
"$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/disk/z" 2>"$WORK/lock.err"
echo "lock_rc=$?"
INNER
grep -q "^rc=1$" "$WORK/inner.out" || { cat "$WORK/inner.out" "$WORK/inner.err" "$WORK/full.err"; fail "full disk: exit code not 1"; }
! grep -q "^left: " "$WORK/inner.out" || { cat "$WORK/inner.out"; fail "full disk left partial files"; }
errors="$(grep -c "toy: error: " "$WORK/full.err")"
[[ "$errors" == 1 ]] || { cat "$WORK/full.err"; fail "not one error line"; }
grep -q "no space left on the filesystem of '$WORK/disk/run" "$WORK/full.err" &&
  grep -q "free space and rerun the same command (finished tasks are kept)" "$WORK/full.err" ||
  { cat "$WORK/full.err"; fail "the error does not say the disk is full"; }
! grep -q "HDF5-DIAG\|Segmentation\|signal" "$WORK/full.err" || { cat "$WORK/full.err"; fail "HDF5 noise or crash"; }
grep -q "^resume_rc=0$" "$WORK/inner.out" || { cat "$WORK/resume.err"; fail "resume after freeing space failed"; }
! grep -q "^setup: " "$WORK/inner.out" || { cat "$WORK/inner.out"; fail "set-up of the full-disk cases"; }
for case in create merge; do
  grep -q "^${case}_rc=1$" "$WORK/inner.out" || { cat "$WORK/inner.out" "$WORK/$case.err"; fail "$case: exit code not 1"; }
  [[ "$(grep -c "toy: error: " "$WORK/$case.err")" == 1 ]] && ! grep -q "HDF5-DIAG" "$WORK/$case.err" &&
    grep -q "no space left on the filesystem of '$WORK/disk/" "$WORK/$case.err" ||
    { cat "$WORK/$case.err"; fail "$case on a full disk: not one line saying the disk is full"; }
done
grep -q "^merge_resume_rc=0$" "$WORK/inner.out" || { cat "$WORK/inner.out"; fail "merge after freeing space failed"; }
"$TOY" --scale=smoke --seeds=3 --threads=1 "--out=$WORK/fresh" 2>/dev/null || fail "fresh run failed"
same_results "$WORK/fresh/toy.h5" "$WORK/resumed.h5"

# Disks of several sizes, with task files written by 2 threads (HDF5 keeps its error printing per
# thread) and vietri_fig's smoke run on 200 kB: each run succeeds, or fails with exit code 1 and
# one line (no HDF5-DIAG). A 2-seed results file already there stays untouched when a 3-seed
# rerun (task files or merge) finds the disk full.
unshare -rm bash -s "$TOY" "$WORK" "$FIG" >"$WORK/sizes.out" 2>"$WORK/sizes.err" <<'INNER'
TOY="$1"; WORK="$2"; FIG="$3"
for size in 64k 200k 1m 4m; do
  mkdir -p "$WORK/$size" && mount -t tmpfs -o size=$size tmpfs "$WORK/$size" || exit 90
  "$TOY" --scale=smoke --seeds=3 --threads=2 "--out=$WORK/$size/run" 2>"$WORK/toy_$size.err"
  echo "toy $size rc=$?"
  "$TOY" --scale=smoke --seeds=2 --threads=2 "--out=$WORK/$size/kept" 2>/dev/null && {
    cp "$WORK/$size/kept/toy.h5" "$WORK/kept_$size.h5"
    head -c 8000000 /dev/zero >"$WORK/$size/fill" 2>/dev/null
    "$TOY" --scale=smoke --seeds=3 --threads=2 "--out=$WORK/$size/kept" 2>"$WORK/kept_$size.err"
    echo "kept $size rc=$?"
    cmp -s "$WORK/kept_$size.h5" "$WORK/$size/kept/toy.h5" || echo "changed: $size"
    # The same with every task file of the 3 seeds already there: the merge hits the full disk.
    rm -f "$WORK/$size/fill"
    "$TOY" --scale=smoke --seeds=3 --threads=2 --keep_task_files=true "--out=$WORK/$size/src" \
      2>/dev/null && cp -r "$WORK/$size/src/tasks" "$WORK/$size/kept/" 2>/dev/null && {
      rm -rf "$WORK/$size/src"
      head -c 8000000 /dev/zero >"$WORK/$size/fill" 2>/dev/null
      "$TOY" --scale=smoke --seeds=3 --threads=2 "--out=$WORK/$size/kept" 2>"$WORK/merge_$size.err"
      echo "merge $size rc=$?"
      cmp -s "$WORK/kept_$size.h5" "$WORK/$size/kept/toy.h5" || echo "changed: $size (merge)"
    }
  }
done
mkdir -p "$WORK/fig" && mount -t tmpfs -o size=200k tmpfs "$WORK/fig" || exit 90
"$FIG" --scale=smoke --threads=2 "--out=$WORK/fig/run" 2>"$WORK/fig_200k.err"
echo "fig 200k rc=$?"
INNER
grep -q "^fig 200k rc=" "$WORK/sizes.out" || { cat "$WORK/sizes.out" "$WORK/sizes.err"; fail "the sizes did not run"; }
! grep -q "^changed: " "$WORK/sizes.out" || { cat "$WORK/sizes.out"; fail "a full disk changed an existing results file"; }
grep -q "^kept " "$WORK/sizes.out" || { cat "$WORK/sizes.out"; fail "no size held a 2-seed run"; }
grep -q "^merge .* rc=1$" "$WORK/sizes.out" || { cat "$WORK/sizes.out"; fail "no merge met a full disk"; }
grep -q "cannot write '$WORK/[0-9a-z]*/kept/toy.h5': no space left" "$WORK"/merge_*.err ||
  { cat "$WORK"/merge_*.err; fail "the merge's full disk not reported as such"; }
while read -r what size rc; do
  case "$what" in
    toy | fig) err="$WORK/${what}_$size.err" ;;
    kept | merge) err="$WORK/${what}_$size.err" ;;
    *) continue ;;
  esac
  ! grep -q "HDF5-DIAG\|Segmentation\|signal" "$err" || { head -20 "$err"; fail "$what $size: HDF5 noise or crash"; }
  [[ "$rc" == rc=0 ]] && continue
  [[ "$rc" == rc=1 && "$(grep -c ": error: " "$err")" == 1 ]] &&
    grep -q "no space left on the filesystem of '$WORK/" "$err" ||
    { cat "$err"; fail "$what $size ($rc): not one line saying the disk is full"; }
done <"$WORK/sizes.out"
# Out of space at the lock file says what to do too (it gave the errno text alone).
grep -q "^lock_rc=1$" "$WORK/inner.out" || { cat "$WORK/inner.out" "$WORK/lock.err"; fail "full disk at the lock: exit code not 1"; }
grep -q "No space left on device; free space and rerun the same command" "$WORK/lock.err" ||
  { cat "$WORK/lock.err"; fail "full disk at the lock: no instruction"; }
echo PASS
