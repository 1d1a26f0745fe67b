#!/usr/bin/env bash
# scripts/slurm/reproduce_all.sbatch with sbatch replaced by bash, as a cluster runs it: started
# from another directory with DPRL_ROOT set and the launcher "mpirun -np 1" found on $PATH, at
# --scale=smoke; submitted again, it resumes (nothing recomputed) and ends with the same results.
# Without DPRL_ROOT it exits 2 with one line saying what to set.
export DPRL_NO_TOY=1
source "${TEST_SRCDIR}/dprl/experiments/runner/testing/test_lib.sh"
SCRIPT="$RUNFILES/scripts/slurm/reproduce_all.sbatch"
REPRODUCE="$RUNFILES/experiments/reproduce_all"
[[ -f "$SCRIPT" && -x "$REPRODUCE" ]] || fail "script or reproduce_all not found under $RUNFILES"
command -v mpirun >/dev/null || fail "mpirun not on PATH (Debian: openmpi-bin)"
use_clean_scratch_repository  # the resubmission is the same code even from a dirty build

mkdir -p "$WORK/root" "$WORK/elsewhere"
cd "$WORK/elsewhere" || fail "cd"
submit() {
  DPRL_ROOT="$WORK/root" DPRL_REPRODUCE_ALL="$REPRODUCE" SLURM_NTASKS=1 SLURM_JOB_ID=42 \
    bash "$SCRIPT" --scale=smoke --threads=1 "$@"
}
submit >"$WORK/job1.out" 2>"$WORK/job1.err" || { tail -20 "$WORK/job1.err"; fail "first job failed"; }
grep -qF "launcher 'mpirun -np 1'" "$WORK/job1.err" || fail "launcher not reported"
[[ -s "$WORK/root/results/REPORT.md" && -s "$WORK/root/results/vietri_fig/vietri_fig.h5" ]] ||
  { ls -R "$WORK/root"; fail "no results under DPRL_ROOT/results"; }
[[ -z "$(ls -A "$WORK/elsewhere")" ]] || fail "the job wrote into the submission directory"
cp "$WORK/root/results/vietri_fig/vietri_fig.h5" "$WORK/vietri_before.h5"
submit >"$WORK/job2.out" 2>"$WORK/job2.err" || { tail -20 "$WORK/job2.err"; fail "resubmission failed"; }
grep -qF "vietri_fig.h5 already holds the results of this run; not merging again" "$WORK/job2.err" ||
  { tail -20 "$WORK/job2.err"; fail "resubmission recomputed"; }
cmp -s "$WORK/vietri_before.h5" "$WORK/root/results/vietri_fig/vietri_fig.h5" ||
  fail "resubmission changed the results"

if env -u DPRL_ROOT bash "$SCRIPT" --scale=smoke 2>"$WORK/noroot.err"; then fail "ran without DPRL_ROOT"; fi
[[ "$(wc -l <"$WORK/noroot.err")" == 1 ]] && grep -q "set DPRL_ROOT" "$WORK/noroot.err" ||
  { cat "$WORK/noroot.err"; fail "no DPRL_ROOT: wrong message"; }
echo PASS
